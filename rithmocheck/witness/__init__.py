"""The witness: the edition (the primary witness, its transcribed tables and
worked examples; edition.py), the layout of a transcription and its proof of
fidelity (layout.py), the printed entries with their positions (entries.py),
the worked examples (examples.py); and the second witness, the EEBO-TCP
keying (tcp.py), its alignment with the primary witness (align.py) and the
page map of the primary witness derived from it (pages.py, page.py), and
the collation of the transcription with it (collate.py: the report and its
cache; compare.py: the comparison)."""
