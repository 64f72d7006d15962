"""Slash commands: one table for every surface that takes them (the REPL, chat platforms)."""
