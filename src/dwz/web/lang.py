"""Which language a request wants: ``?lang=`` first, then Accept-Language (API only), else German."""

from __future__ import annotations

from dwz.i18n import LANGS

DEFAULT = "de"


def pick(query: str | None, accept_language: str | None = None) -> str:
    """``?lang=`` wins; otherwise the best of de/en by Accept-Language q-values; otherwise German.

    >>> pick("en"), pick(None, "en-US,en;q=0.9,de;q=0.8"), pick(None, "fr, de;q=0.5"), pick(None, None)
    ('en', 'en', 'de', 'de')
    """
    if query:
        q = query.strip().lower()[:2]
        if q in LANGS:
            return q
    if accept_language:
        best: tuple[float, str] | None = None
        for part in accept_language.split(",")[:20]:
            tag, _, params = part.strip().partition(";")
            base = tag.strip().lower()[:2]
            if base not in LANGS:
                continue
            weight = 1.0
            params = params.strip()
            if params.startswith("q="):
                try:
                    weight = float(params[2:])
                except ValueError:
                    weight = 0.0
            if best is None or weight > best[0]:
                best = (weight, base)
        if best is not None and best[0] > 0:
            return best[1]
    return DEFAULT
