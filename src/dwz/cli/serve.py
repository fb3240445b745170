"""``dwz serve``: the web calculator and JSON API on a local port.

Registered by :func:`dwz.cli.main._register_optional`; FastAPI and uvicorn are
imported only when the command runs, so ``dwz rate …`` stays fast.
"""

from __future__ import annotations

import os
import socket
from pathlib import Path

import click


@click.command(epilog="""\b
Beispiele / examples:
  dwz serve                        → http://127.0.0.1:8000/  (API docs: /docs)
  dwz serve --port 8080 --workers 2
  dwz serve --db dwz.sqlite        → also the rating cards /karte/<Nr>
  dwz serve --host 127.0.0.1 --port 8001 --workers 4 --allowed-host dwz.example.org   (behind a reverse proxy)
""")
@click.option("--host", default="127.0.0.1", show_default=True, help="Adresse / address to bind.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535), help="Port.")
@click.option("--workers", default=1, show_default=True, type=click.IntRange(1, 64),
              help="Prozesse / worker processes (the app keeps no state, so any number works).")
@click.option("--db", "db", type=click.Path(exists=True, dir_okay=False, path_type=Path), default=None,
              help="Wertungshistorie (SQLite von `dwz history`) für die Karteikarten unter /karte/… (nur lesend).")
@click.option("--allowed-host", "allowed", multiple=True, metavar="NAME",
              help="weiterer Hostname, unter dem der Server erreichbar ist (Host-Header; mehrfach; '*.example.org'; "
                   "'*' schaltet die Prüfung ab) / another host name clients use.")
@click.option("--header-timeout", default=10.0, show_default=True, type=click.FloatRange(0.1, 300),
              help="Sekunden für Anfragezeile und Header / seconds for a request's head (slow clients are closed).")
@click.option("--limit-concurrency", default=200, show_default=True, type=click.IntRange(1, 100_000),
              help="Anfragen in Bearbeitung je Prozess, darüber 503 / requests in progress per worker before 503.")
@click.option("--log-level", default="warning", show_default=True,
              type=click.Choice(["critical", "error", "warning", "info", "debug"]), help="uvicorn log level.")
@click.option("--lang", type=click.Choice(["de", "en"]), default=lambda: os.environ.get("DWZ_LANG", "de"), show_default="de",
              help="Sprache der Meldungen / language of messages.")
def serve(host: str, port: int, workers: int, log_level: str, db: Path | None, allowed: tuple[str, ...],
          header_timeout: float, limit_concurrency: int, lang: str) -> None:
    """Web-Rechner und JSON-API starten / start the web calculator and JSON API.

    Nichts wird gespeichert; alles läuft offline. Nothing is stored; fully offline.
    Der Server antwortet nur auf die Hostnamen, an die er gebunden ist (Schutz gegen
    DNS-Rebinding), und auf die mit --allowed-host genannten.
    """
    from dwz.basics.errors import InputError
    from dwz.cli.main import _fail

    try:
        _check_bind(host, port)
    except InputError as e:
        _fail(e, lang)
        return
    import uvicorn

    from dwz.web.security import allowed_hosts
    from dwz.web.server import settings

    if db is not None:  # fixed at start-up, never taken from a request; workers inherit it
        os.environ["DWZ_HISTORY_DB"] = str(db.resolve())
    hosts = allowed_hosts(host, allowed)
    os.environ["DWZ_ALLOWED_HOSTS"] = ",".join(hosts)  # read by create_app() in every worker
    _raise_fd_limit()
    click.echo(f"dwz: http://{_url_host(host)}:{port}/  (API: http://{_url_host(host)}:{port}/docs)", err=True)
    click.echo(("Erlaubte Hostnamen: " if lang == "de" else "Allowed host names: ") + ", ".join(hosts), err=True)
    # access logs off by default: they would record what users look up
    uvicorn.run("dwz.web.app:create_app", factory=True, host=host, port=port, workers=workers,
                log_level=log_level, access_log=log_level in ("info", "debug"), server_header=False,
                **settings(header_timeout=header_timeout, limit_concurrency=limit_concurrency))


def _url_host(host: str) -> str:
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


def _check_bind(host: str, port: int) -> None:
    """A host that does not resolve, an address not on this machine or a port in use: a message, exit 2."""
    from dwz.basics.errors import InputError

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError, ValueError) as e:
        raise InputError.single("host", "serve_host_invalid", host, reason=str(e)) from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(address)
        except OSError as e:
            raise InputError.single("port" if e.errno == 98 else "host", "serve_bind_failed", f"{host}:{port}",
                                    reason=e.strerror or str(e)) from None


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
