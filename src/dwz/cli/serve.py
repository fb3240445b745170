"""``dwz serve``: the web calculator and JSON API on a local port.

Registered by :func:`dwz.cli.main._register_optional`; FastAPI and uvicorn are
imported only when the command runs, so ``dwz rate …`` stays fast.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import click

from dwz.cli.arguments import Decimal
from dwz.cli.layout import echo
from dwz.cli.options import lang_option
from dwz.cli.output import fail


def _serve_command() -> Any:
    from dwz.cli.lang import Command

    return Command


def _options(f: Any) -> Any:
    from dwz.cli.lang import Path as CPath
    from dwz.cli.lang import option as opt

    for decorator in reversed((
        opt("--host", default="127.0.0.1", metavar="metavar.host", help="opt.host"),
        opt("--port", default=8000, type=click.IntRange(0, 65535), metavar="metavar.number", help="opt.port"),
        opt("--workers", default=1, type=click.IntRange(1, 64), metavar="metavar.number", help="opt.workers"),
        opt("--db", "db", type=CPath(exists=True, dir_okay=False, path_type=Path), default=None, metavar="metavar.file",
            help="opt.serve_db"),
        opt("--allowed-host", "allowed", multiple=True, metavar="metavar.name", help="opt.allowed_host"),
        opt("--embed-from", "embed_from", multiple=True, metavar="ORIGIN", help="opt.embed_from"),
        opt("--header-timeout", default=10.0, type=Decimal(0.1, 300), metavar="metavar.seconds", help="opt.header_timeout"),
        opt("--limit-concurrency", default=200, type=click.IntRange(1, 100_000), metavar="metavar.number",
            help="opt.limit_concurrency"),
        opt("--log-level", default="warning", type=click.Choice(["critical", "error", "warning", "info", "debug"]),
            help="opt.log_level"),
        lang_option,
    )):
        f = decorator(f)
    return f


@click.command("serve", cls=_serve_command(), help="cmd.serve.help", short_help="cmd.serve.short", epilog="cmd.serve.epilog")
@_options
def serve(host: str, port: int, workers: int, log_level: str, db: Path | None, allowed: tuple[str, ...],
          embed_from: tuple[str, ...], header_timeout: float, limit_concurrency: int, lang: str) -> None:
    from dwz.basics.errors import InputError

    try:
        embedders = _embedders(embed_from)
        _check_bind(host, port)
    except InputError as e:
        fail(e, lang)
        return
    import uvicorn

    from dwz.web.security import allowed_hosts
    from dwz.web.server import settings

    if db is not None:  # fixed at start-up, never taken from a request; workers inherit it
        from dwz.cli.history import _db_words
        from dwz.history.store import open_store

        try:  # a file that is no dwz history database is said now, not at the first card asked for
            open_store(db, readonly=True).close()
        except InputError as e:
            fail(_db_words(e), lang)
            return
        os.environ["DWZ_HISTORY_DB"] = str(db.resolve())
    hosts = allowed_hosts(host, allowed)
    os.environ["DWZ_ALLOWED_HOSTS"] = ",".join(hosts)  # read by create_app() in every worker
    os.environ["DWZ_EMBED_FROM"] = " ".join(embedders)  # likewise: the pages that may frame ours (none: DENY)
    _raise_fd_limit()
    echo(f"dwz: http://{_url_host(host)}:{port}/  (API: http://{_url_host(host)}:{port}/docs)", err=True)
    from dwz.i18n import text

    echo(text("cli.allowed_hosts", lang, hosts=", ".join(hosts)), err=True)
    if embedders:
        echo(text("cli.embed_from", lang, origins=", ".join(embedders)), err=True)
    # access logs off by default: they would record what users look up
    uvicorn.run("dwz.web.app:create_app", factory=True, host=host, port=port, workers=workers,
                log_level=log_level, access_log=log_level in ("info", "debug"), server_header=False,
                **settings(header_timeout=header_timeout, limit_concurrency=limit_concurrency))


def _embedders(values: tuple[str, ...]) -> list[str]:
    """``--embed-from``: each origin checked (every wrong one named at once), at most MAX_EMBEDDERS."""
    from dwz.basics.errors import InputError, Problem
    from dwz.web.security import MAX_EMBEDDERS, embed_origin

    problems: list[Problem] = []
    out: list[str] = []
    for v in values:
        try:
            out.append(embed_origin(v))
        except InputError as e:
            problems.extend(e.problems)
    if len(values) > MAX_EMBEDDERS:
        problems.append(Problem("embed_from", "too_many", len(values), {"max": MAX_EMBEDDERS}))
    if problems:
        raise InputError(problems)
    return list(dict.fromkeys(out))


def _url_host(host: str) -> str:
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


def _check_bind(host: str, port: int) -> None:
    """A host that does not resolve, an address not on this machine or a port in use: a message, exit 2."""
    import socket  # only when the server starts: `dwz rate` imports this module to register the command

    from dwz.basics.errors import InputError

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError, ValueError):
        raise InputError.single("host", "serve_host_invalid", host, reason="net.unresolvable") from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(address)
        except OSError as e:
            from dwz.formats._common import reason_of

            raise InputError.single("port" if e.errno == 98 else "host", "serve_bind_failed", f"{host}:{port}",
                                    reason=reason_of(e)) from None


def _raise_fd_limit() -> None:
    # Each connection is a file descriptor: use the hard limit, not the (often 1024) soft one.
    try:
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        if soft < hard:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    except (ImportError, ValueError, OSError):  # not on every platform (or unlimited): the limit stays
        pass


def register(cli: click.Group) -> None:
    cli.add_command(serve)
