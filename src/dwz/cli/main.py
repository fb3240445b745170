"""``dwz`` — DWZ and FIDE Elo on the command line: the command group, the registration of
its commands and the entry point.

The single-player commands live in :mod:`dwz.cli.player`; the tournament, check, serve,
history and portal commands register themselves when the command line runs
(:func:`_register_optional`).  What the commands share: the options in
:mod:`dwz.cli.options`, the reading of typed values in :mod:`dwz.cli.arguments`, the JSON,
the files written and the error messages in :mod:`dwz.cli.output`.  No command module
imports this one (tests/cli/test_modules.py).
"""

from __future__ import annotations

import os
import sys

import click

from dwz.cli.lang import Group, Option, detect
from dwz.cli.options import lang_option
from dwz.cli.output import fail
from dwz.cli.player import COMMANDS


@click.group(cls=Group, help="cmd.dwz.help", epilog="cmd.dwz.epilog",
             context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 110})
@click.version_option(package_name="dwz", message="%(prog)s %(version)s", cls=Option, help="opt.version")
@lang_option
def cli(lang: str) -> None:
    """DWZ and FIDE Elo: the commands below (texts in the catalogs, ``cli_help`` section);
    ``dwz --lang en …`` is read before click parses (:func:`dwz.cli.lang.detect`)."""


for command in COMMANDS:
    cli.add_command(command)


def _register_optional() -> None:
    """Subcommands of later layers register themselves here (lazy: only names and options)."""
    for module in ("dwz.cli.tournament", "dwz.cli.check", "dwz.cli.serve", "dwz.cli.history", "dwz.cli.portal"):
        if module.rsplit(".", 1)[1] in cli.commands:
            continue
        try:
            mod = __import__(module, fromlist=["register"])
        except ModuleNotFoundError as e:
            if e.name == module:
                continue
            raise
        mod.register(cli)


PIPE_CLOSED = 128 + 13  # 128 + SIGPIPE: what the shell reports for any program whose reader went away


def main() -> None:
    """The ``dwz`` command.  A reader that stops reading (``dwz rate … | head -1``) is a normal
    end: no message, exit :data:`PIPE_CLOSED` as for ``cat`` or ``grep``.  Click catches the
    EPIPE of any write itself (its help too), swaps the standard output for a quiet one and exits
    1; that swap is how it is recognised here."""
    _register_optional()
    out = sys.stdout
    try:
        cli(prog_name="dwz")
    except SystemExit:
        if sys.stdout is not out:
            _reader_gone()
        raise
    except BrokenPipeError:  # a write outside click's reach (a last flush)
        _reader_gone()
    except Exception as e:
        fail(e, detect(sys.argv[1:]))


def _reader_gone() -> None:
    """Nothing more is written (the interpreter's last flush goes to /dev/null instead of raising
    again at exit), nothing is said."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.__stdout__.fileno() if sys.__stdout__ is not None else 1)
    except (OSError, ValueError):  # no file descriptor to replace: nothing left to flush either
        pass
    sys.exit(PIPE_CLOSED)


if __name__ == "__main__":
    main()
