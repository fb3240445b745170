"""The web calculator and JSON API (FastAPI).

``dwz.web.app.create_app()`` builds the application; ``dwz serve`` runs it.
Adapters only: every number comes from the engine (:mod:`dwz.core`), this
package parses requests, maps errors to HTTP 422 and renders HTML/JSON.
Importing ``dwz.web`` itself stays cheap; FastAPI is imported by the submodules.
"""

from __future__ import annotations

__all__: list[str] = []
