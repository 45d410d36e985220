"""The audit: the printed tables against their regenerated tables
(tables.py, with the evidence for each table's universe in evidence.py and
correction candidates in candidates.py), the worked examples against their
arithmetic (examples.py), the curated errata against both (errata.py), the
typed findings and the report that decides the exit code (findings.py), and
the run that does it all (run.py)."""
