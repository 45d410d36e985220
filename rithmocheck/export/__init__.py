"""Exports: the shared output formats (render.py, through tabulate, csv,
json and PyYAML), the tables as printed and corrected (printed.py), the
audit report (report.py), the errata (errata.py: md, csv, json, TEI), the
files of output/ (build.py) and how they are written without ever losing a
user's file (outfiles.py)."""
