"""The packages of the wheel, and the design card's layout mapped into it:
the transcriptions as printed (sources/) become rithmocheck/editions/, the
curated errata (corrections/) rithmocheck/corrections/, the same layout one
level down, so that an installed rithmocheck carries its edition
(rithmocheck/witness/edition.py finds it in either place). The rest of the
configuration is pyproject.toml's."""

from setuptools import find_packages, setup

setup(packages=[*find_packages(include=["rithmocheck", "rithmocheck.*"]), "rithmocheck.editions",
                "rithmocheck.corrections"],
      package_dir={"rithmocheck.editions": "sources", "rithmocheck.corrections": "corrections"})
