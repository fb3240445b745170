"""The command line in one language: its own texts, click's, and the words it accepts.

* The language is known before click parses anything (``--help`` is eager and runs
  before ``--lang`` would be read): :func:`detect` finds ``--lang de|en`` anywhere on
  the command line, else ``DWZ_LANG``, else German.
* Click's own messages ("Missing argument", "No such option", "Usage:", "Show this
  message and exit.", …) go through ``gettext``; :func:`install` gives click's modules a
  ``gettext`` and ``ngettext`` that answer from the catalogs' ``click`` section (its keys
  are click's message ids; a test checks they are still click's).
* Help texts, argument names and option metavars are catalog keys (section
  ``cli_help``), rendered when the help is shown: :class:`Command`, :class:`Group`,
  :class:`Option`, :class:`Argument`.  ``dwz --help`` lists every command's whole summary.
* :class:`Words`: an option's values in both languages (``--age-group jugend`` or
  ``youth``), converted to the one the engine takes; the help shows the words of the
  language in use.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, TypeVar

import click

F = TypeVar("F", bound=Callable[..., Any])

__all__ = ["Argument", "Command", "Group", "Option", "Path", "Words", "current", "detect", "help_text", "install", "language"]

LANGS = ("de", "en")
_LANG: ContextVar[str] = ContextVar("dwz_cli_lang", default="de")


def detect(args: Sequence[str] | None) -> str:
    """The language of a command line: its ``--lang`` (the last one wins, as click does),
    else ``DWZ_LANG``, else German; an unknown value counts as German (click then says
    that it is unknown, in German)."""
    found: str | None = None
    argv = list(args or ())
    for i, a in enumerate(argv):
        if a == "--":
            break
        if a == "--lang" and i + 1 < len(argv):
            found = argv[i + 1]
        elif a.startswith("--lang="):
            found = a.partition("=")[2]
    if found is None:
        found = os.environ.get("DWZ_LANG", "de")
    return found if found in LANGS else "de"


def current() -> str:
    """The language of the command line being run (German outside of one)."""
    return _LANG.get()


@contextmanager
def language(lang: str) -> Iterator[None]:
    """Run a command line in ``lang`` (its texts and click's)."""
    token = _LANG.set(lang if lang in LANGS else "de")
    try:
        yield
    finally:
        _LANG.reset(token)


def _click_catalog() -> Mapping[str, str]:
    from dwz.i18n import CATALOGS

    return CATALOGS[current()]["click"]


def _gettext(message: str) -> str:
    return str(_click_catalog().get(message, message))


def _ngettext(singular: str, plural: str, n: int) -> str:
    return _gettext(singular if n == 1 else plural)


# The click modules that translate their messages (``from gettext import gettext as _``).
CLICK_MODULES = ("core", "exceptions", "decorators", "types", "formatting", "parser", "termui")


def install() -> None:
    """Give click's modules our ``gettext``: their messages in the language of the command line."""
    import importlib

    for name in CLICK_MODULES:
        module = importlib.import_module(f"click.{name}")
        if hasattr(module, "_"):
            module._ = _gettext  # type: ignore[attr-defined]
        if hasattr(module, "ngettext"):
            module.ngettext = _ngettext  # type: ignore[attr-defined]


# Fields a help text may hold, each filled when the help is shown, in its language: what the
# registry of editions or the table of formats holds then ("{editions}", "{formats}").
HELP_FIELDS: dict[str, Callable[[str], str]] = {}


def help_text(key: str | None, lang: str | None = None, **values: Any) -> str:
    """A help text, argument name or metavar of the ``cli_help`` section; text that is no key
    is returned as it is (``--log-level``'s uvicorn words).  A field of :data:`HELP_FIELDS`
    in it is filled."""
    if key is None:
        return ""
    from dwz.i18n import CATALOGS

    lg = lang or current()
    cat = CATALOGS[lg]
    found = cat["cli_help"].get(key)
    if found is None:  # click's own texts stored by its decorators (``--version``'s help)
        return str(cat["click"].get(key, key))
    if values:
        return str(found).format(**values)
    text = str(found)
    if "{" in text:
        for name, make in HELP_FIELDS.items():
            token = "{" + name + "}"
            if token in text:
                text = text.replace(token, make(lg))
    return text


@contextmanager
def _swapped(obj: Any, **attrs: Any) -> Iterator[None]:
    saved = {k: getattr(obj, k) for k in attrs}
    for k, v in attrs.items():
        setattr(obj, k, v)
    try:
        yield
    finally:
        for k, v in saved.items():
            setattr(obj, k, v)


class Option(click.Option):
    """An option whose help text and metavar are catalog keys."""

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        with _swapped(self, help=help_text(self.help)):
            return super().get_help_record(ctx)

    def make_metavar(self, ctx: click.Context) -> str:
        if self.metavar is not None:
            return help_text(self.metavar)
        return super().make_metavar(ctx)


class Argument(click.Argument):
    """An argument whose name in the usage line and in messages is a catalog key."""

    @property
    def human_readable_name(self) -> str:
        return help_text(self.metavar) if self.metavar is not None else (self.name or "").upper()

    def make_metavar(self, ctx: click.Context) -> str:
        if self.metavar is None:
            return super().make_metavar(ctx)
        var = help_text(self.metavar)  # click takes a metavar as it is: the brackets and "..." are added here
        if not self.required:
            var = f"[{var}]"
        return var + ("..." if self.nargs != 1 else "")


def _help_option(cmd: click.Command, ctx: click.Context) -> click.Option | None:
    # click builds the --help option once per command, with its text translated then; ours
    # keeps click's message id and translates it each time the help is shown.
    opt = click.Command.get_help_option(cmd, ctx)
    if opt is not None and type(opt) is click.Option:
        opt.__class__ = Option
        opt.help = "Show this message and exit."
    return opt


class _Texts(click.Command):
    """Help, summary, epilog and usage line from the catalogs (mixed into Command and Group)."""

    get_help_option = _help_option

    def collect_usage_pieces(self, ctx: click.Context) -> list[str]:
        extra: dict[str, Any] = {}
        if isinstance(self, click.Group):
            extra["subcommand_metavar"] = help_text("metavar.subcommand")
        with _swapped(self, options_metavar=help_text("metavar.options"), **extra):
            return super().collect_usage_pieces(ctx)

    def get_short_help_str(self, limit: int = 45) -> str:
        # The whole summary: ``dwz --help`` shows it wrapped, never cut off with "…".
        return help_text(self.short_help) if self.short_help else ""

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        with _swapped(self, help=help_text(self.help)):
            super().format_help_text(ctx, formatter)

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        with _swapped(self, epilog=help_text(self.epilog) if self.epilog else None):
            super().format_epilog(ctx, formatter)


class Command(_Texts, click.Command):
    """A command whose help, summary and epilog are catalog keys."""


def check_arguments(args: Sequence[str], lang: str) -> None:
    """Every argument must be text: bytes the system could not decode arrive as lone surrogates
    (``$'\\xff'`` → ``'\\udcff'``), which every later step would trip over (issue 24 §6: a
    UnicodeEncodeError in ``history card``). Checked once, before click parses the command line
    (:meth:`Group.main`), for every command and option: a message naming the argument, exit 2."""
    import sys

    from dwz.basics.errors import InputError  # (not dwz.formats: `dwz rate` loads no reader)
    from dwz.cli.layout import echo
    from dwz.i18n import text

    for i, a in enumerate(args, 1):
        try:
            a.encode("utf-8")
        except UnicodeEncodeError:
            shown = os.fsencode(a).decode("utf-8", "backslashreplace")  # the bytes as \\xff, whatever they were
            err = InputError.single("", "argument_not_text", shown if len(shown) <= 80 else shown[:79] + "…", position=i)
            for line in err.messages(lang, "cli"):
                echo(text("cli.error_prefix", lang) + line, err=True)
            sys.exit(2)


class Group(_Texts, click.Group):
    """The ``dwz`` group (and ``dwz history``): its commands are :class:`Command`, and the
    language is set before click parses the command line."""

    command_class = Command

    def main(self, args: Sequence[str] | None = None, *a: Any, **kw: Any) -> Any:
        import sys

        from dwz.i18n import wording

        install()
        argv = sys.argv[1:] if args is None else list(args)
        with language(detect(argv)), wording("cli"):  # fixes name the options
            check_arguments(argv, current())
            return super().main(args, *a, **kw)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = []
        for name in self.list_commands(ctx):
            cmd = self.get_command(ctx, name)
            if cmd is not None and not cmd.hidden:
                rows.append((name, cmd.get_short_help_str()))
        if rows:
            with formatter.section(help_text("section.commands")):
                formatter.write_dl(rows)


Group.group_class = Group  # subgroups of a Group are Groups


class Path(click.Path):
    """``click.Path`` whose messages name the file in the language of the command line
    (click names it "file" once, when the option is declared)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        kind = "file" if self.file_okay and not self.dir_okay else ("directory" if self.dir_okay and not self.file_okay else "path")
        self.name = _gettext(kind)
        if self.exists and isinstance(value, str):  # click would call a name too long for the system "missing"
            import errno
            import os

            try:
                os.stat(value)
            except OSError as e:
                if e.errno in (errno.ENAMETOOLONG, errno.ELOOP):
                    from dwz.basics.errors import Problem
                    from dwz.formats._common import short

                    reason = f"os.{errno.errorcode[e.errno]}"
                    self.fail(Problem("", "path_unusable", short(value, 80), {"reason": reason}).message(current(), "cli"),
                              param, ctx)
        return super().convert(value, param, ctx)


class Words(click.ParamType):  # type: ignore[type-arg]
    """A choice of words in both languages, each mapped to the value the engine takes;
    the help and the message for a wrong value show the words of the language in use.

    ``words``: language → {word: value}; ``aliases``: further words taken but not shown
    ("junioren").  A word is matched case-insensitively."""

    name = "choice"

    def __init__(self, words: Mapping[str, Mapping[str, str]], aliases: Mapping[str, str] | None = None) -> None:
        self.words = {lang: dict(w) for lang, w in words.items()}
        self._all = {k.lower(): v for w in self.words.values() for k, v in w.items()}
        self._all.update({k.lower(): v for k, v in (aliases or {}).items()})

    def shown(self) -> list[str]:
        return list(self.words.get(current(), self.words["en"]))

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return "[" + "|".join(self.shown()) + "]"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        if not isinstance(value, str):
            return str(value)
        found = self._all.get(value.strip().lower())
        if found is None:
            from dwz.i18n import text

            self.fail(text("cli.choice_invalid", current(), value=value, choices=", ".join(self.shown())), param, ctx)
        return found

    def shell_complete(self, ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
        from click.shell_completion import CompletionItem

        return [CompletionItem(w) for w in self.shown() if w.startswith(incomplete)]


class EditionWords(Words):
    """``--rules``: the words of the registry's editions (:func:`dwz.rules.words`), each mapped to the
    edition's name — read whenever they are used, so an edition registered after the command line
    was built is offered too."""

    def __init__(self) -> None:
        super().__init__({lang: {} for lang in LANGS})

    def _load(self) -> None:
        from dwz.rules import accepted, name_of, words

        self.words = {lang: words(lang) for lang in LANGS}
        self._all = {w: name_of(w) for w in accepted()}

    def shown(self) -> list[str]:
        self._load()
        return super().shown()

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        self._load()
        return super().convert(value, param, ctx)


class LazyChoice(click.Choice[str]):
    """A ``click.Choice`` whose choices are read when first used: ``--format`` offers the formats of
    :data:`dwz.formats.TOURNAMENT_FORMATS` without importing the readers for every command line."""

    def __init__(self, load: Callable[[], Sequence[str]]) -> None:
        self._load = load
        self._choices: tuple[str, ...] | None = None
        self.case_sensitive = True

    @property
    def choices(self) -> tuple[str, ...]:
        if self._choices is None:
            self._choices = tuple(self._load())
        return self._choices

    @choices.setter
    def choices(self, value: Sequence[str]) -> None:
        self._choices = tuple(value)


def option(*decls: str, **attrs: Any) -> Callable[[F], F]:
    """``click.option`` with our :class:`Option` (help and metavar as catalog keys)."""
    decorator: Callable[[F], F] = click.option(*decls, cls=Option, **attrs)
    return decorator


def argument(*decls: str, **attrs: Any) -> Callable[[F], F]:
    """``click.argument`` with our :class:`Argument`."""
    decorator: Callable[[F], F] = click.argument(*decls, cls=Argument, **attrs)
    return decorator
