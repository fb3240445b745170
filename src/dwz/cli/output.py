"""What a command writes and how it ends: its JSON, the files it writes, its error messages.

:func:`fail` turns an exception into the command's end: an
:class:`~dwz.basics.errors.InputError` is its messages and exit 2, a portal failure its
exit code, anything else one line "internal error" (exit 1; ``DWZ_DEBUG=1`` shows the
traceback).  Files to write are checked before the work is done (:func:`check_writable`).
"""

from __future__ import annotations

import errno
import os
import re
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from dwz.basics.errors import MAX_PROBLEMS, PROBLEMS_MORE, InputError, Problem, capped
from dwz.cli.layout import echo


def fail(err: BaseException, lang: str) -> None:
    """An InputError: its messages, exit 2.  Anything else is a bug: one line, exit 1."""
    from dwz.i18n import text

    prefix = text("cli.error_prefix", lang)
    from dwz.portal.errors import PortalError

    if isinstance(err, PortalError):  # dwz.portal: exit 3 (the portal or the network), 2 (the configuration)
        from dwz.cli.layout import width, wrap

        for line in wrap(prefix + err.message(lang), width(sys.stderr), hang=2):
            echo(line, err=True)
        if not err.config:
            echo(text("portal.exit_hint", lang, code=err.exit_code), err=True)
        sys.exit(err.exit_code)
    if isinstance(err, OSError) and err.errno in _PATH_ERRORS and err.filename is not None:
        # a path no file can have (longer than the system allows, a loop of links), whichever option
        # or argument named it (-o, --dsb-xml, --db, a list, the input): the user's to fix, exit 2
        from dwz.formats._common import short

        err = InputError.single("", "path_unusable", short(os.fsdecode(err.filename), 80), reason=os_reason(err))
    if isinstance(err, InputError):
        problems = capped(ordered(err.problems), MAX_MESSAGES)  # 100,000 bad lines: the first ones and a count
        for line in InputError(problems).messages(lang, "cli"):
            echo(prefix + line, err=True)
        sys.exit(2)
    if os.environ.get("DWZ_DEBUG"):
        raise err
    what = f"{type(err).__name__}: {err}"[:200]
    echo(prefix + Problem("", "internal_error", what).message(lang), err=True)
    sys.exit(1)


_PLACE = re.compile(r"^(.+):(\d+)$")


def ordered(problems: Iterable[Any]) -> list[Any]:
    """Every problem of a file together, by line: the problems of the arguments first (as
    they came), then each file's (in the order the files first appear) sorted by line —
    a reader that checks structure, values and pairings in turn reports line 3 before 14."""
    args: list[Any] = []
    files: dict[str, list[tuple[int, int, Any]]] = {}
    more: list[Any] = []  # the count of those not kept stays last
    for i, p in enumerate(problems):
        if p.code == PROBLEMS_MORE:
            more.append(p)
            continue
        m = _PLACE.match(p.field or "")
        if m is None:
            args.append(p)
        else:
            files.setdefault(m.group(1), []).append((int(m.group(2)), i, p))
    return args + [p for group in files.values() for _, _, p in sorted(group, key=lambda x: (x[0], x[1]))] + more


MAX_MESSAGES = MAX_PROBLEMS  # problems printed for one command
_PATH_ERRORS = frozenset({errno.ENAMETOOLONG, errno.ELOOP})


def os_reason(e: OSError) -> str:
    """An OS error as a catalog term ("os.ENOSPC" → "der Datenträger ist voll"): the
    message stays in the user's language, whatever the system's locale."""
    name = errno.errorcode.get(e.errno or 0)
    return f"os.{name}" if name else "os.unknown"


def check_writable(path: Path | None, field: str) -> None:
    """A file the command will write: its directory must exist and be writable — said before
    the work is done, not as a traceback after it.  The path is shown as typed, whole."""
    from pathlib import PurePath

    if path is None:
        return
    parent = path.parent if str(path.parent) else Path(".")
    if path.is_dir():
        raise InputError.single(field, "output_is_directory", PurePath(path))
    if not parent.is_dir():
        raise InputError.single(field, "output_no_directory", PurePath(path), dir=PurePath(parent))
    if not os.access(parent, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise InputError.single(field, "output_no_permission", PurePath(path))


def write_text(path: Path, text: str, field: str, encoding: str = "utf-8") -> None:
    """Write ``text``; an OS error (disk full, read-only medium) is an InputError naming the file."""
    from pathlib import PurePath

    try:
        path.write_text(text, encoding=encoding)
    except OSError as e:
        raise InputError.single(field, "output_unwritable", PurePath(path), reason=os_reason(e)) from None


def written(path: Path, what: str, lang: str) -> None:
    """Say which file was written (on stderr: the standard output may be JSON)."""
    from dwz.i18n import text

    echo(text("cli.written", lang, what=text(f"cli.file.{what}", lang), path=str(path)), err=True)


def dumps(obj: Any) -> str:
    """The JSON the commands print: valid whatever the values (no NaN, no Infinity)."""
    from dwz.basics.parsing import json_dumps

    out = json_dumps(obj, ensure_ascii=False, indent=2)
    if out.replace("\n", "").isprintable():
        return out
    # json escapes C0 itself; C1, DEL and the bidi controls it leaves raw: \u escapes, the same
    # value for a JSON reader, and nothing for the terminal to act on (layout.echo would write \x9b,
    # which is no JSON)
    return "".join(c if c.isprintable() or c == "\n" else json_dumps(c)[1:-1] for c in out)
