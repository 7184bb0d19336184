"""Prolog Arena's terminal front end: the interactive shell and the CLI."""
