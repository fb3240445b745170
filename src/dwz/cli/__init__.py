"""The ``dwz`` command (click). Imports only what a subcommand uses."""
