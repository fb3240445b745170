"""What an edition is called and why it applies, from the registry's timeline (:mod:`dwz.rules`):
its label with the tournaments it rates ("WO 2026 (Turnierende ab …)") and the Rechenweg's
first step ("Turnierende 14.09.2026 → WO 2026 (gilt für Turniere ab …)").  The dates come from
the registry, the words from the catalogs' generic texts; an edition's name is its catalog
term ("dwz-2026" → "WO 2026")."""

from __future__ import annotations

from datetime import date
from functools import lru_cache

from dwz.basics.steps import Step
from dwz.rules import DWZ_EDITIONS, Edition, We, in_force_rule, span, transition

__all__ = ["coefficient_editions", "label", "rules_step", "switch_date"]


def switch_date() -> date:
    """The day the DWZ scale changed (the Umstufung 2026: the registry's transition from the old scale
    to the new one) — for the texts that tell a user which of his values are old ("{switch!d}")."""
    return transition("old", "new").at


def coefficient_editions() -> dict[str, str]:
    """The edition a coefficient's name points to, for the texts that say which rules have an E or a K
    ("{rules_E!t}", "{rules_K!t}"): per coefficient the first registered edition that rates with it
    (E: WO Anhang 1.2, K: WO 2026 Anhang 1.3)."""
    first: dict[str, str] = {}
    for name, ed in DWZ_EDITIONS.items():
        first.setdefault(f"rules_{ed.COEFFICIENT}", name)
    return first


# The dates an edition rates, as the catalogs say it: (Rechenweg step, label), by which ends are known.
_SPAN_KEYS = {(True, False): ("core.rules_from", "rules.from"), (False, True): ("core.rules_until", "rules.until"),
              (True, True): ("core.rules_between", "rules.between")}


def rules_step(ed: Edition[We], end: date, forced: bool) -> Step:
    """The Rechenweg's step that names the edition: chosen by the user, or the one the end date
    falls in, with the first and last end it rates (WO 2026 in force from its date)."""
    name = ed.NAME
    key, rule, fixed = _step_parts(name, forced, *span(name))
    return Step(key, rule, {"end": end.isoformat(), "result": name, **fixed})


@lru_cache(maxsize=64)  # per edition and span: the registry's answer changes only when an edition is registered
def _step_parts(name: str, forced: bool, start: date | None, until: date | None) -> tuple[str, str, dict[str, str]]:
    keys = _SPAN_KEYS.get((start is not None, until is not None))
    if forced or keys is None:  # chosen by the user (an edition chosen by name only cannot be chosen by a date)
        return "core.rules_forced", in_force_rule(name), {}
    fixed = {k: d.isoformat() for k, d in (("start", start), ("until", until)) if d is not None}
    return keys[0], in_force_rule(name), fixed


def label(name: str, lang: str = "de") -> str:
    """An edition's name with the tournaments it rates — "WO 2026 (Turnierende ab …)", "klassische WO
    (Turnierende bis …)", the dates from :func:`dwz.rules.span` — or, for any other ``rules`` (a FIDE
    era), its term."""
    from dwz.i18n import term, text

    if name not in DWZ_EDITIONS:
        return term(name, lang)
    start, until = span(name)
    keys = _SPAN_KEYS.get((start is not None, until is not None))
    if keys is None:
        return term(name, lang)
    return text(keys[1], lang, label=term(name, lang), start=start.isoformat() if start else "",
                until=until.isoformat() if until else "")
