"""Importers that bring another system's home into Hermes (today: the reference system)."""

from hermes.importer.report import Context, Item, Report
from hermes.importer.source import ImportRefused

__all__ = ["Context", "ImportRefused", "Item", "Report"]
