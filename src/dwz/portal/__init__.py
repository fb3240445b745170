"""The DSB rating portal (nu Wertungsportal, since 2026): an adapter that fetches and reads its data.

* :mod:`dwz.portal.config` — the addresses, the credentials (environment or config file, 0600), the cache;
* :mod:`dwz.portal.auth` — OAuth2 tokens, cached and renewed within nu's limit of 5 new tokens in 30 minutes;
* :mod:`dwz.portal.client` — the HTTP client (httpx): bounded answers, retries, clear errors;
* :mod:`dwz.portal.models` — the JSON as typed, immutable values;
* :mod:`dwz.portal.dwzlist` — the DWZ list ``LV-X-dwzliste.zip`` in the cache (conditional, checked, atomic);
* :mod:`dwz.portal.players` — a player's own values from his card or the cached list;
* :mod:`dwz.portal.crosscheck` — the cross-check of a published evaluation with the engine.

The layer computes no rating: it builds a :class:`~dwz.basics.model.Tournament` from the portal's
data and calls :func:`dwz.core.tournament.evaluate_tournament`.  It was built and tested against a
local fake server replaying the values recorded in public client code
(``samples/portal/nu_recorded_values.json``), not against the live portal.

A saved answer cross-checked without network::

    from pathlib import Path
    from dwz.portal import crosscheck, read_bundle

    cc = crosscheck(read_bundle(Path("docs/beispiele/gegenpruefung.json")))
    print(cc.count("agree"), cc.count("differ"))
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

_LAZY = {"Bundle": "dwz.portal.crosscheck", "CrossCheck": "dwz.portal.crosscheck", "crosscheck": "dwz.portal.crosscheck",
         "fetch_bundle": "dwz.portal.crosscheck", "read_bundle": "dwz.portal.crosscheck", "EXIT_PORTAL": "dwz.portal.errors",
         "PortalError": "dwz.portal.errors"}

__all__ = ["EXIT_PORTAL", "Bundle", "CrossCheck", "PortalError", "crosscheck", "fetch_bundle", "read_bundle"]


def __getattr__(name: str) -> Any:  # PEP 562: loaded on first use (``dwz.portal.errors`` alone stays light)
    if name in _LAZY:
        return getattr(import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'dwz.portal' has no attribute {name!r}")


if TYPE_CHECKING:
    from dwz.portal.crosscheck import Bundle, CrossCheck, crosscheck, fetch_bundle, read_bundle
    from dwz.portal.errors import EXIT_PORTAL, PortalError
