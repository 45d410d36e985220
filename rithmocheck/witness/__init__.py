"""The witness: the edition (the primary witness, its transcribed tables and
worked examples; edition.py), the layout of a transcription and its proof of
fidelity (layout.py), the printed entries with their positions (entries.py)
and the worked examples (examples.py)."""
