"""`python -m hermes` is the `hermes` command."""

from hermes.cli.main import run

run()
