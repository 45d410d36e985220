"""The packages of the wheel (every directory of rithmocheck/, its data
directories too), and the design card's layout mapped into it:
the transcriptions as printed (sources/) become rithmocheck/editions/, the
curated errata (corrections/) rithmocheck/corrections/, the same layout one
level down, so that an installed rithmocheck carries its edition
(rithmocheck/witness/edition.py finds it in either place). The rest of the
configuration is pyproject.toml's."""

from setuptools import find_namespace_packages, setup

# Every directory of the package is a package, its data directories (schema/, the templates, the conformance
# cases and runs, the readings) included: setuptools installs the data of the packages it is told of, and
# warns that it will one day ignore a directory Python could import but the configuration omits.
setup(packages=[*find_namespace_packages(include=["rithmocheck", "rithmocheck.*"], exclude=["*.__pycache__"]),
                "rithmocheck.editions", "rithmocheck.corrections"],
      package_dir={"rithmocheck.editions": "sources", "rithmocheck.corrections": "corrections"})
