"""The pipeline: the runs that judge an edition, above the audit
(rithmocheck.audit) and the collation (rithmocheck.witness.collate), and the
one Outcome they return, which alone decides the exit code (as black's
Report does).

`run.py` runs them: `audit` (the printed tables, the worked examples and the
curated errata), `collate` (the transcriptions against the second witness)
and `build` (both, for the main job, with the errata held). `outcome.py` is
the Outcome: what stands after a run (findings no erratum covers,
disagreements no reading explains, failures of the other checks, an input
refused), and so the exit code. `rithmocheck.export` renders an outcome and
never decides one; the command line exits with `outcome.exit_code`.
"""
