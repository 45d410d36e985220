from .cli import cli, quick_collector

quick_collector()
cli(prog_name="rithmocheck")
