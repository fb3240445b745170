"""The options several commands share, with their words in both languages.

``--lang`` (default: the one given to ``dwz`` itself, else ``DWZ_LANG``, else German),
``--json``/``--explain``, ``--rules``, ``--format``, the scale options (``--alt``,
``--stand``, ``--scale``) and the person's (``--born``, ``--age-group``, ``--end``).
Their help texts are catalog keys (:mod:`dwz.cli.lang`); the fields a help text fills
from the registry (``{editions}``, ``{formats}``, ``{format_labels}``, ``{switch}``) are
read when the help is shown, so that ``dwz rate …`` loads no reader of tournament files.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any, TypeVar

import click

from dwz.cli.arguments import check_args
from dwz.cli.lang import HELP_FIELDS, EditionWords, LazyChoice, Words, option

F = TypeVar("F", bound=Callable[..., Any])


def _default_lang() -> str:
    """A command's language when it has no ``--lang``: the one given to ``dwz`` itself
    (``dwz --lang en rate …``), else ``DWZ_LANG``, else German."""
    ctx = click.get_current_context(silent=True)
    parent = ctx.parent if ctx is not None else None
    while parent is not None:
        if parent.params.get("lang") in ("de", "en"):
            return str(parent.params["lang"])
        parent = parent.parent
    return os.environ.get("DWZ_LANG", "de")


def lang_option(f: F) -> F:
    return option("--lang", type=click.Choice(["de", "en"]), default=_default_lang,
                  show_default=False, metavar="metavar.lang", help="opt.lang")(f)


def output_options(f: F) -> F:
    f = option("--json", "as_json", is_flag=True, help="opt.json")(f)
    f = option("--explain", is_flag=True, help="opt.explain")(f)
    return lang_option(f)


# The words an option takes, in both languages (dwz.cli.lang.Words); the engine gets the English one.
# --rules takes the registry's words (dwz.rules.words), read when the option is used.
AGE_WORDS = {"de": {"jugend": "youth", "junior": "junior", "erwachsene": "adult"},
             "en": {"youth": "youth", "junior": "junior", "adult": "adult"}}
AGE_ALIASES = {"jugendliche": "youth", "junioren": "junior", "erwachsener": "adult"}
SCALE_WORDS = {"de": {"alt": "old", "neu": "new"}, "en": {"old": "old", "new": "new"}}
ALT_WORDS = {"de": {"eigene": "own", "gegner": "opponents", "alle": "all"}, "en": {"own": "own", "opponents": "opponents", "all": "all"}}
# dwz first: a first DWZ has no own DWZ, so the help offers only the opponents' words; "eigene" is still
# read (not shown), to be refused with the reason (dwz.core.player.evaluate), not as an unknown word
FIRST_ALT_WORDS = {lang: {w: v for w, v in words.items() if v != "own"} for lang, words in ALT_WORDS.items()}
FIRST_ALT_ALIASES = {w: v for words in ALT_WORDS.values() for w, v in words.items() if v == "own"}
MODE_WORDS = {"de": {"periode": "period", "partie": "game"}, "en": {"period": "period", "game": "game"}}


def rules_option(f: F, help_key: str = "opt.rules") -> F:
    """--rules: an edition of the registry, by one of its words (the help lists them, read when shown)."""
    return option("--rules", type=EditionWords(), default=None, help=help_key)(f)


def format_option(f: F, help_key: str = "opt.format", **which: bool) -> F:
    """--format: one of the table's tournament formats (``check=True``/``history=True``: those the command
    takes), read when the option is used."""

    def names() -> tuple[str, ...]:
        from dwz.formats import format_names

        return format_names(**which)

    return option("--format", "fmt", type=LazyChoice(names), default=None, help=help_key)(f)


def _editions_help(lang: str) -> str:
    """"{editions}" of a help text: each edition's words and what it is, from the registry."""
    from dwz.core.editions import label
    from dwz.rules import words

    by_name: dict[str, list[str]] = {}
    for word, name in words(lang).items():
        by_name.setdefault(name, []).append(word)
    by_name = {name: [w for w in ws if w != name] or ws for name, ws in by_name.items()}  # the name itself: in the list above
    parts = []
    for name, ws in by_name.items():
        others = f" ({', '.join(ws[1:])})" if ws[1:] else ""
        parts.append(f"{ws[0]}{others}: {label(name, lang)}")
    return "; ".join(parts)


def _formats_help(lang: str) -> str:
    """"{formats}" of a help text: the table's tournament formats, as lists name them."""
    from dwz.formats import short_labels

    return short_labels()


def _format_labels_help(lang: str) -> str:
    """"{format_labels}" of a help text: each tournament format described (catalog terms ``format.<name>``)."""
    from dwz.formats import TOURNAMENT_FORMATS
    from dwz.i18n import term

    return ", ".join(term(f.label, lang) for f in TOURNAMENT_FORMATS)


def _switch_help(lang: str) -> str:
    """"{switch}" of a help text: the day of the Umstufung 2026, from the registry."""
    from dwz.core.editions import switch_date
    from dwz.i18n import fmt_date

    return fmt_date(switch_date(), lang)


HELP_FIELDS.update(editions=_editions_help, formats=_formats_help, format_labels=_format_labels_help, switch=_switch_help)


def alt_options(f: F, help_key: str = "opt.alt", dated: bool = True) -> F:
    """--alt eigene|gegner|alle: which DWZ are from before the Umstufung 2026; --stand: the own DWZ's
    date, which says it by itself; --scale alt|neu: the old spelling of --alt alle (hidden).
    Without ``dated`` (dwz first, no own DWZ): no --stand, and --alt offers gegner|alle only."""
    f = option("--scale", type=Words(SCALE_WORDS), default=None, hidden=True, help="opt.scale")(f)
    if dated:
        f = option("--stand", "--rating-date", "stand", type=str, default=None, metavar="metavar.date", help="opt.stand")(f)
    words = Words(ALT_WORDS) if dated else Words(FIRST_ALT_WORDS, FIRST_ALT_ALIASES)
    return option("--alt", "--old", "alt", type=words, default=None, help=help_key)(f)


def scales(alt: str | None, scale: str | None, stand: str | None = None) -> dict[str, Any]:
    """The engine's keywords for --alt, --scale and --stand: each value's scale said on its own."""
    check_args([("rating_date", stand)])
    return {"scale": scale, "own_scale": "old" if alt in ("own", "all") else None,
            "opponents_scale": "old" if alt in ("opponents", "all") else None, "rating_date": stand}


def first_alt_options(f: F) -> F:
    return alt_options(f, "opt.alt_first", dated=False)


def person_options(f: F) -> F:
    f = rules_option(f)
    f = option("--age-group", type=Words(AGE_WORDS, AGE_ALIASES), default=None, help="opt.age_group")(f)
    f = option("--born", "--birth-year", "born", type=str, default=None, metavar="metavar.year", help="opt.born")(f)
    f = option("--end", type=str, default=None, metavar="metavar.date", help="opt.end")(f)
    return f
