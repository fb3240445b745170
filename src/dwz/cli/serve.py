"""``dwz serve``: the web calculator and JSON API on a local port.

Registered by :func:`dwz.cli.main._register_optional`; FastAPI and uvicorn are
imported only when the command runs, so ``dwz rate …`` stays fast.
"""

from __future__ import annotations

import os
from pathlib import Path

import click


@click.command(epilog="""\b
Beispiele / examples:
  dwz serve                        → http://127.0.0.1:8000/  (API docs: /docs)
  dwz serve --port 8080 --workers 2
  dwz serve --db dwz.sqlite        → also the rating cards /karte/<Nr>
""")
@click.option("--host", default="127.0.0.1", show_default=True, help="Adresse / address to bind.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535), help="Port.")
@click.option("--workers", default=1, show_default=True, type=click.IntRange(1, 64),
              help="Prozesse / worker processes (the app keeps no state, so any number works).")
@click.option("--db", "db", type=click.Path(exists=True, dir_okay=False, path_type=Path), default=None,
              help="Wertungshistorie (SQLite von `dwz history`) für die Karteikarten unter /karte/… (nur lesend).")
@click.option("--log-level", default="warning", show_default=True,
              type=click.Choice(["critical", "error", "warning", "info", "debug"]), help="uvicorn log level.")
def serve(host: str, port: int, workers: int, log_level: str, db: Path | None) -> None:
    """Web-Rechner und JSON-API starten / start the web calculator and JSON API.

    Nichts wird gespeichert; alles läuft offline. Nothing is stored; fully offline.
    """
    import uvicorn

    if db is not None:  # fixed at start-up, never taken from a request; workers inherit it
        os.environ["DWZ_HISTORY_DB"] = str(db.resolve())

    click.echo(f"dwz: http://{host}:{port}/  (API: http://{host}:{port}/docs)", err=True)
    # access logs off by default: they would record what users look up
    uvicorn.run("dwz.web.app:create_app", factory=True, host=host, port=port, workers=workers,
                log_level=log_level, access_log=log_level in ("info", "debug"), server_header=False)


def register(cli: click.Group) -> None:
    cli.add_command(serve)
