"""``dwz portal`` — the DSB rating portal (nu Wertungsportal): access, the DWZ list, players, tournaments,
and the cross-check ("Gegenprüfung") of a published evaluation.

Registered by :func:`dwz.cli.main._register_optional`; only click and the shared options are imported here, httpx and the
engine when a command runs.  Commands have German names with English aliases (``liste``/``list``,
``suche``/``search``, ``karte``/``card``, ``historie``/``history``, ``turniere``/``tournaments``,
``gegenpruefung``/``crosscheck``).  Exit codes: 0 done, 1 the cross-check found a difference,
2 bad input or configuration (missing credentials included, with the fix), 3 the portal or the
network failed (:data:`dwz.portal.errors.EXIT_PORTAL`).  No credential or token is ever printed.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import date
from pathlib import Path
from typing import Any

import click

from dwz.cli.arguments import Decimal, check_args
from dwz.cli.layout import echo
from dwz.cli.options import lang_option
from dwz.cli.output import check_writable, dumps, fail, os_reason, write_text, written

ALIASES = {"list": "liste", "search": "suche", "card": "karte", "history": "historie", "tournaments": "turniere",
           "crosscheck": "gegenpruefung", "gegenprüfung": "gegenpruefung", "anmelden": "login", "abmelden": "logout"}
STATE_WORDS = {"de": {"gewertet": "RATED", "ungewertet": "UNRATED", "offen": "PENDING"},
               "en": {"rated": "RATED", "unrated": "UNRATED", "pending": "PENDING"}}


def _group_class() -> Any:
    from dwz.cli.lang import Group

    class PortalGroup(Group):
        """``dwz portal``: the German command names, and their English ones as hidden aliases."""

        def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
            return super().get_command(ctx, ALIASES.get(cmd_name.lower(), cmd_name))

        def resolve_command(self, ctx: click.Context, args: list[str]) -> tuple[str | None, click.Command | None, list[str]]:
            name, cmd, rest = super().resolve_command(ctx, args)
            return (cmd.name if cmd is not None else name), cmd, rest

    return PortalGroup


@click.group(cls=_group_class(), help="cmd.portal.help", short_help="cmd.portal.short", epilog="cmd.portal.epilog")
@lang_option
def portal(lang: str) -> None:
    """The portal's commands (texts in the catalogs, ``cli_help`` section)."""


def _cmd(name: str) -> Callable[[Callable[..., Any]], Any]:
    from dwz.cli.lang import Command

    decorator: Callable[[Callable[..., Any]], Any] = portal.command(name, cls=Command, help=f"cmd.portal.{name}.help",
                                                                    short_help=f"cmd.portal.{name}.short")
    return decorator


def _net(f: Callable[..., Any]) -> Callable[..., Any]:
    """--api, --token-url, --timeout: the portal's addresses (defaults: environment, config file, production)."""
    from dwz.cli.lang import option as opt

    f = opt("--timeout", type=Decimal(0.1, 600), default=None, metavar="metavar.seconds", help="opt.portal_timeout")(f)
    f = opt("--token-url", default=None, metavar="URL", help="opt.portal_token_url")(f)
    f = opt("--api", default=None, metavar="URL", help="opt.portal_api")(f)
    return f


def _say(key: str, lang: str, err: bool = False, **values: Any) -> None:
    from dwz.cli.layout import width as _width
    from dwz.cli.layout import wrap
    from dwz.i18n import text

    for line in wrap(text(key, lang, **values), _width(sys.stderr if err else None), hang=2):
        echo(line, err=err)


@contextmanager
def _errors(lang: str) -> Iterator[None]:
    """A portal or network failure, bad input: the message and its exit code (:func:`dwz.cli.output.fail`:
    3 the portal or the network, 2 input and configuration); Ctrl-C: 130."""
    from dwz.basics.errors import InputError
    from dwz.portal.errors import PortalError

    try:
        yield
    except KeyboardInterrupt:
        echo("", err=True)
        sys.exit(130)
    except (PortalError, InputError) as e:
        fail(e, lang)


def _client(api: str | None, token_url: str | None, timeout: float | None) -> Any:
    from dwz.portal.client import PortalClient
    from dwz.portal.config import load_settings

    return PortalClient(load_settings(api=api, token_url=token_url, timeout=timeout))


def register(cli: click.Group) -> None:
    """``dwz portal`` and its subcommands, each registered by its own function."""
    for fn in (_register_login, _register_logout, _register_status, _register_list, _register_search, _register_card,
               _register_history, _register_tournaments, _register_crosscheck):
        fn()
    cli.add_command(portal)


# --- access ------------------------------------------------------------------------------------------


def _register_login() -> None:
    from dwz.cli.lang import option as opt

    @_cmd("login")
    @opt("--client-id", default=None, metavar="ID", help="opt.portal_client_id")
    @opt("--secret-stdin", is_flag=True, help="opt.portal_secret_stdin")
    @opt("--demo", is_flag=True, help="opt.portal_demo")
    @opt("--api", default=None, metavar="URL", help="opt.portal_api")
    @opt("--token-url", default=None, metavar="URL", help="opt.portal_token_url")
    @lang_option
    def login(client_id: str | None, secret_stdin: bool, demo: bool, api: str | None, token_url: str | None, lang: str) -> None:
        from dwz.i18n import text
        from dwz.portal import config

        with _errors(lang):
            if demo:
                api, token_url = api or config.DEMO_API, token_url or config.DEMO_TOKEN_URL
            api_v = config.check_url(api, "api") if api else None
            token_v = config.check_url(token_url, "token_url") if token_url else None
            cid = client_id if client_id is not None else click.prompt(text("portal.prompt_id", lang), err=True)
            if secret_stdin:
                secret = sys.stdin.readline().rstrip("\r\n")
            else:
                secret = click.prompt(text("portal.prompt_secret", lang), hide_input=True, err=True)
            _check_credential("client_id", cid)
            _check_credential("client_secret", secret)
            path = config.config_file()
            try:
                config.write_config(path, client_id=cid.strip(), client_secret=secret, api=api_v, token_url=token_v)
            except OSError as e:
                from dwz.basics.errors import InputError

                raise InputError.single("config", "output_unwritable", str(path), reason=os_reason(e)) from None
            _say("portal.saved", lang, path=str(path))
            if os.environ.get("DWZ_PORTAL_CLIENT_ID"):
                _say("portal.env_wins", lang, err=True)


def _check_credential(field: str, value: str) -> None:
    from dwz.basics.errors import InputError

    if not value.strip() or len(value) > 1024 or any(not c.isprintable() for c in value):
        raise InputError.single(field, "portal_credential_invalid", None)


def _register_logout() -> None:
    @_cmd("logout")
    @lang_option
    def logout(lang: str) -> None:
        from dwz.portal.config import remove_credentials

        with _errors(lang):
            gone = remove_credentials()
            if gone:
                for p in gone:
                    _say("portal.removed", lang, path=str(p))
            else:
                _say("portal.nothing_removed", lang)


def _mask(value: str | None) -> str:
    if not value:
        return "–"
    return value[:2] + "…" + value[-2:] if len(value) > 8 else "…"


def _register_status() -> None:
    from dwz.cli.lang import option as opt

    @_cmd("status")
    @opt("--api", default=None, metavar="URL", help="opt.portal_api")
    @opt("--token-url", default=None, metavar="URL", help="opt.portal_token_url")
    @opt("--json", "as_json", is_flag=True, help="opt.portal_json")
    @lang_option
    def status(api: str | None, token_url: str | None, as_json: bool, lang: str) -> None:
        import time

        from dwz.cli import layout
        from dwz.i18n import fmt_date, fmt_num, text
        from dwz.portal import auth
        from dwz.portal.config import config_file, load_settings
        from dwz.portal.dwzlist import all_cached

        with _errors(lang):
            s = load_settings(api=api, token_url=token_url)
            now = time.time()
            state = auth.TokenStore(s.cache / "portal-tokens.json").snapshot()
            tokens = {}
            for scope in ("dsb_tournament", "dwz_liste"):
                entry = state["tokens"].get(auth.token_key(s, scope)) if s.has_credentials else None
                if isinstance(entry, dict) and isinstance(entry.get("expires"), (int, float)):
                    tokens[scope] = {"valid_until": time.strftime("%H:%M", time.localtime(entry["expires"])),
                                     "valid": entry["expires"] - auth.SKEW > now, "refresh": bool(entry.get("refresh"))}
            issued = len(auth.recent(state["issued"].get(auth.client_key(s)), now)) if s.has_credentials else 0
            lists = all_cached(s.cache)
            if as_json:
                echo(dumps({"api": s.api, "token_url": s.token_url, "credentials": s.credentials_from,
                                  "client_id": _mask(s.client_id), "config_file": str(config_file()), "tokens": tokens,
                                  "new_tokens_30min": issued, "limit": auth.LIMIT, "lists": [c.to_dict() for c in lists]}))
                return
            w = layout.width()
            rows = [(text("portal.st.api", lang), s.api), (text("portal.st.token_url", lang), s.token_url)]
            if s.credentials_from == "env":
                cred = text("portal.st.cred_env", lang, id=_mask(s.client_id))
            elif s.credentials_from:
                cred = text("portal.st.cred_file", lang, id=_mask(s.client_id), path=s.credentials_from)
            else:
                cred = text("portal.st.cred_none", lang, path=str(config_file()))
            rows.append((text("portal.st.credentials", lang), cred))
            for scope, tk in tokens.items():
                key = "portal.st.token_valid" if tk["valid"] else ("portal.st.token_refresh" if tk["refresh"] else "portal.st.token_old")
                rows.append((text("portal.st.token", lang, scope=scope), text(key, lang, until=tk["valid_until"])))
            if s.has_credentials:
                rows.append((text("portal.st.issued", lang), text("portal.st.issued_value", lang, n=issued, limit=auth.LIMIT)))
            for c in lists:
                rows.append((c.path.name, text("portal.st.list", lang, stand=fmt_date(c.stand, lang) if c.stand else "–",
                                               players=fmt_num(c.players, ",d", lang).replace(",", ".") if lang == "de" else f"{c.players:,}",
                                               loaded=fmt_date(c.downloaded[:10], lang), path=str(c.path))))
            if not lists:
                rows.append((text("portal.st.lists", lang), text("portal.st.no_lists", lang)))
            for line in layout.pairs(rows, w):
                echo(line)


# --- the DWZ list ------------------------------------------------------------------------------------


def _register_list() -> None:
    from dwz.cli.lang import argument
    from dwz.cli.lang import option as opt

    @_cmd("liste")
    @argument("federation", required=False, default="0", metavar="metavar.federation")
    @opt("--force", is_flag=True, help="opt.portal_force")
    @opt("--progress/--no-progress", default=None, help="opt.portal_progress")
    @_net
    @opt("--json", "as_json", is_flag=True, help="opt.portal_json")
    @lang_option
    def liste(federation: str, force: bool, progress: bool | None, api: str | None, token_url: str | None, timeout: float | None,
              as_json: bool, lang: str) -> None:
        from dwz.i18n import fmt_date, fmt_num, text
        from dwz.portal.dwzlist import check_federation, download

        with _errors(lang):
            fed = check_federation(federation)
            show = sys.stderr.isatty() if progress is None else progress
            with _client(api, token_url, timeout) as client, _bar(show, lang) as cb:
                got = download(client, fed, force=force, progress=cb)
            c = got.list
            if as_json:
                echo(dumps({"status": got.status, "retried": got.retried, "bytes": got.bytes, **c.to_dict()}))
                return
            stand = fmt_date(c.stand, lang) if c.stand else "–"
            how = text(f"portal.stand_from.{c.stand_from}", lang)
            if got.retried:
                _say("portal.list_retried", lang, err=True)
            if got.status == "unchanged":
                _say("portal.list_unchanged", lang, name=c.path.name, loaded=fmt_date(c.downloaded[:10], lang), stand=stand, how=how)
            else:
                size = fmt_num(got.bytes / (1 << 20), ".1f", lang) + " MB" if got.bytes >= 1 << 20 else f"{max(1, got.bytes // 1024)} KB"
                _say(f"portal.list_{got.status}", lang, name=c.path.name, size=size, players=c.players, stand=stand, how=how)
            _say("portal.list_path", lang, path=str(c.path))
            _say("portal.list_use", lang, err=True, fed=c.federation)


@contextmanager
def _bar(show: bool, lang: str) -> Iterator[Callable[[int, int | None], None] | None]:
    """A progress bar on stderr (rich), only on a terminal."""
    if not show:
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, DownloadColumn, Progress, TextColumn, TransferSpeedColumn

    from dwz.i18n import text

    with Progress(TextColumn(text("portal.downloading", lang)), BarColumn(), DownloadColumn(), TransferSpeedColumn(),
                  console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("", total=None)

        def update(done: int, total: int | None) -> None:
            bar.update(task, completed=done, total=total)

        yield update


class CachedListPath(os.PathLike[str]):
    """``--list portal``: the DWZ list cached by ``dwz portal liste``, with its date (Stand)."""

    def __init__(self, path: Path, stand: date | None, federation: str, downloaded: str) -> None:
        self.path, self.stand, self.federation, self.downloaded = path, stand, federation, downloaded

    def __fspath__(self) -> str:
        return str(self.path)

    def __str__(self) -> str:
        return str(self.path)


LIST_WORDS = ("portal", "cache")


def cached_list(word: str) -> CachedListPath:
    """``portal`` (the list downloaded last) or ``portal:C`` (that federation's)."""
    from dwz.portal.config import cache_dir
    from dwz.portal.dwzlist import resolve

    found = resolve(word, cache_dir())
    return CachedListPath(found.path, found.stand_date, found.federation, found.downloaded)


def list_type() -> Any:
    """The type of ``--list``: a file, or ``portal`` / ``portal:X`` for the cached DWZ list."""
    from dwz.cli.lang import Path as CPath

    class ListPath(CPath):
        def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
            if isinstance(value, str) and value.lower().partition(":")[0] in LIST_WORDS and not Path(value).exists():
                from dwz.basics.errors import InputError
                from dwz.cli.lang import current

                try:
                    return cached_list(value.lower())
                except InputError as e:
                    self.fail(e.problems[0].message(current(), "cli"), param, ctx)
            return super().convert(value, param, ctx)

    return ListPath(exists=True, dir_okay=False, path_type=Path)


def say_cached_list(value: Any, lang: str) -> date | None:
    """If ``--list`` named the cached list: say which and its date (stderr); its Stand for ``--list-date``."""
    if not isinstance(value, CachedListPath):
        return None
    from dwz.i18n import fmt_date

    _say("portal.list_from_cache", lang, err=True, name=value.path.name, stand=fmt_date(value.stand, lang) if value.stand else "–",
         loaded=fmt_date(value.downloaded[:10], lang))
    return value.stand


# --- players -----------------------------------------------------------------------------------------


def _register_search() -> None:
    from dwz.cli.lang import argument
    from dwz.cli.lang import option as opt

    @_cmd("suche")
    @argument("lastname", metavar="metavar.lastname")
    @argument("firstname", required=False, default=None, metavar="metavar.firstname")
    @opt("--vkz", default=None, metavar="VKZ", help="opt.portal_vkz")
    @opt("--limit", type=click.IntRange(1, 1000), default=50, metavar="metavar.number", help="opt.portal_limit")
    @opt("--liste", "--list", "offline", is_flag=True, help="opt.portal_search_list")
    @_net
    @opt("--json", "as_json", is_flag=True, help="opt.portal_json")
    @lang_option
    def suche(lastname: str, firstname: str | None, vkz: str | None, limit: int, offline: bool, api: str | None,
              token_url: str | None, timeout: float | None, as_json: bool, lang: str) -> None:
        with _errors(lang):
            check_args([("lastname", lastname), ("firstname", firstname), ("vkz", vkz)])
            if offline:
                rows, total, where = _search_list("portal", lastname, firstname, vkz, limit)
            else:
                with _client(api, token_url, timeout) as client:
                    people, total = client.search_persons(lastname=lastname, firstname=firstname, vkz=vkz, limit=limit)
                rows = [_person_row(p) for p in people]
                where = "portal"
            if as_json:
                echo(dumps({"source": where, "total": total, "players": rows}))
                return
            _print_people(rows, total, where, lang, not offline)


def _search_list(word: str, lastname: str, firstname: str | None, vkz: str | None, limit: int) -> tuple[list[dict[str, Any]], int, str]:
    from dwz.formats.dsb_list import read_dsb_list
    from dwz.portal.players import search_entries

    c = cached_list(word)
    entries = read_dsb_list(c.path, name=c.path.name)
    hits = search_entries(entries, f"{lastname} {firstname or ''}", vkz=vkz, limit=limit)
    return [{"nu_id": e.id, "name": e.name, "birth_year": e.birth_year, "rating": e.dwz, "index": e.index,
             "clubs": [{"vkz": e.zps, "member_no": e.member_no}], "fide_id": e.fide_id} for e in hits], len(hits), str(c.path)


def _person_row(p: Any) -> dict[str, Any]:
    return {"nu_id": p.nu_id, "name": p.name, "birth_year": p.birth_year, "rating": p.rating, "index": p.index,
            "clubs": [{"vkz": m.vkz, "member_no": m.member_no, "club": m.club_name} for m in p.memberships], "fide_id": p.fide_id}


def _print_people(rows: list[dict[str, Any]], total: int | None, where: str, lang: str, live: bool) -> None:
    from dwz.cli import layout
    from dwz.i18n import text
    from dwz.portal.models import rating_text

    if not rows:
        _say("portal.search_none_live" if live else "portal.search_none", lang)
        return
    cols = [layout.Column("NU-ID", "left"), layout.Column(text("portal.col.name", lang), "left", flex=True),
            layout.Column(text("portal.col.born", lang)), layout.Column("DWZ"),
            layout.Column(text("portal.col.club", lang), "left", priority=2, below=True), layout.Column("FIDE-ID", priority=3)]
    cells = [[r["nu_id"] or "", r["name"], str(r["birth_year"] or ""), rating_text(r["rating"], r["index"]),
              ", ".join(" ".join(x for x in (c.get("vkz"), c.get("club")) if x) for c in r["clubs"]), r["fide_id"] or ""] for r in rows]
    t = layout.table(cols, cells, layout.width())
    for line in t.lines:
        echo(line)
    _say("portal.search_count", lang, shown=len(rows), total=total if total is not None else len(rows))
    if not live:
        _say("portal.search_from_list", lang, path=where)


def _register_card() -> None:
    from dwz.cli.lang import argument
    from dwz.cli.lang import option as opt

    @_cmd("karte")
    @argument("player", metavar="metavar.nu_id")
    @_net
    @opt("--json", "as_json", is_flag=True, help="opt.portal_json")
    @lang_option
    def karte(player: str, api: str | None, token_url: str | None, timeout: float | None, as_json: bool, lang: str) -> None:
        from dwz.cli import layout
        from dwz.i18n import fmt_date, text
        from dwz.portal.models import rating_text
        from dwz.portal.players import parse_player_key

        with _errors(lang):
            kind, nu_id = parse_player_key(player, "player")
            if kind != "nu":
                from dwz.basics.errors import InputError

                raise InputError.single("player", "portal_player_key", player)
            with _client(api, token_url, timeout) as client:
                p = client.person(nu_id)
                source = client.settings.api
            today = date.today()
            if as_json:
                echo(dumps({**p.to_dict(), "retrieved": today.isoformat(), "source": source}))
                return
            w = layout.width()
            echo(f"{p.name} ({p.nu_id})", bold=True)
            week = p.evaluation_monday()
            rows = [("DWZ", rating_text(p.rating, p.index) + (f"  ({text('portal.last_evaluation', lang, date=fmt_date(week, lang))})"
                                                              if week else ""))]
            if p.rating is None:
                rows[0] = ("DWZ", text("portal.no_dwz", lang))
            if p.birth_year:
                rows.append((text("portal.col.born", lang), str(p.birth_year)))
            if p.fide_id:
                rows.append(("FIDE-ID", p.fide_id))
            for m in p.memberships:
                state = text(f"portal.licence.{m.licence_state}", lang) if m.licence_state in ("ACTIVE", "PASSIVE") else (m.licence_state or "")
                rows.append((text("portal.col.club", lang), " ".join(x for x in (m.vkz, m.club_name) if x)
                             + (f" ({text('portal.member_no', lang, no=m.member_no)}{', ' + state if state else ''})" if m.member_no else "")))
            for line in layout.pairs(rows, w, indent=2):
                echo(line)
            _say("portal.card_stand", lang, date=fmt_date(today, lang), source=source)


def _register_history() -> None:
    from dwz.cli.lang import argument
    from dwz.cli.lang import option as opt

    @_cmd("historie")
    @argument("player", metavar="metavar.nu_id")
    @_net
    @opt("--json", "as_json", is_flag=True, help="opt.portal_json")
    @lang_option
    def historie(player: str, api: str | None, token_url: str | None, timeout: float | None, as_json: bool, lang: str) -> None:
        from dwz.portal.players import parse_player_key

        with _errors(lang):
            kind, nu_id = parse_player_key(player, "player")
            if kind != "nu":
                from dwz.basics.errors import InputError

                raise InputError.single("player", "portal_player_key", player)
            with _client(api, token_url, timeout) as client:
                h = client.history(nu_id)
            rows = history_rows(h)
            if as_json:
                echo(dumps({"person": h.person.to_dict() if h.person else None, "rows": rows}))
                return
            _print_history(h, rows, lang)


def history_rows(h: Any) -> list[dict[str, Any]]:
    """The history's tournaments and upgrades as rows, newest first (an upgrade without numbers keeps them empty)."""
    rows: list[dict[str, Any]] = []
    for e in h.entries:
        p = e.player
        rows.append({"kind": "tournament", "date": e.tournament.end.isoformat() if e.tournament.end else None,
                     "name": e.tournament.label, "uuid": e.tournament.uuid, "old_rating": p.rating_old, "old_index": p.index_old,
                     "W": p.wins, "n": p.games, "We": p.wins_expected, "K": p.factor_k, "Rc": p.average_opponents,
                     "performance": p.performance, "new_rating": p.rating_new, "new_index": p.index_new})
    for u in h.upgrades:
        rows.append({"kind": "upgrade", "date": u.reference_date.isoformat() if u.reference_date else None, "name": u.name,
                     "uuid": None, "old_rating": u.rating_old, "old_index": u.index_old, "W": None, "n": None, "We": None, "K": None,
                     "Rc": None, "performance": None, "new_rating": u.rating_new, "new_index": u.index_new})
    rows.sort(key=lambda r: (r["date"] or "", r["kind"] == "tournament"), reverse=True)
    return rows


def _print_history(h: Any, rows: list[dict[str, Any]], lang: str) -> None:
    from dwz.cli import layout
    from dwz.i18n import fmt_date, fmt_num, text
    from dwz.portal.models import rating_text

    w = layout.width()
    if h.person is not None:
        echo(f"{h.person.name} ({h.person.nu_id})", bold=True)
    if not rows:
        _say("portal.history_empty", lang)
        return
    cols = [layout.Column(text("portal.col.date", lang), "left"), layout.Column(text("portal.col.event", lang), "left", flex=True),
            layout.Column(text("portal.col.old", lang)), layout.Column("W/n", priority=1), layout.Column("We", priority=2),
            layout.Column("E/K", priority=2), layout.Column(text("portal.col.perf", lang), priority=3),
            layout.Column(text("portal.col.new", lang))]
    cells = []
    for r in rows:
        empty = r["kind"] == "upgrade" and r["old_rating"] is None and r["new_rating"] is None
        wn = f"{fmt_num(r['W'], '.1f', lang)}/{r['n']}" if r["W"] is not None and r["n"] is not None else ""
        name = (r["name"] or "") + (f" ({text('portal.upgrade_no_values', lang)})" if empty else "")
        cells.append([fmt_date(r["date"], lang) if r["date"] else "", name,
                      "" if empty else rating_text(r["old_rating"], r["old_index"]), wn,
                      "" if r["We"] is None else fmt_num(r["We"], ".3f", lang), "" if r["K"] is None else fmt_num(r["K"], ".1f", lang),
                      "" if r["performance"] is None else str(r["performance"]),
                      "" if empty else rating_text(r["new_rating"], r["new_index"])])
    t = layout.table(cols, cells, w)
    for line in t.lines:
        echo(line)
    if t.hidden:
        _say("cli.columns_hidden", lang, columns=", ".join(t.hidden))


# --- tournaments and the cross-check -----------------------------------------------------------------


def _register_tournaments() -> None:
    from dwz.cli.lang import Words
    from dwz.cli.lang import option as opt

    @_cmd("turniere")
    @opt("--name", "label", default=None, metavar="metavar.text", help="opt.portal_label")
    @opt("--von", "--from", "from_date", default=None, metavar="metavar.date", help="opt.portal_from")
    @opt("--bis", "--to", "to_date", default=None, metavar="metavar.date", help="opt.portal_to")
    @opt("--vkz", default=None, metavar="VKZ", help="opt.portal_t_vkz")
    @opt("--status", "state", type=Words(STATE_WORDS), default=None, help="opt.portal_state")
    @opt("--limit", type=click.IntRange(1, 1000), default=50, metavar="metavar.number", help="opt.portal_limit")
    @_net
    @opt("--json", "as_json", is_flag=True, help="opt.portal_json")
    @lang_option
    def turniere(label: str | None, from_date: str | None, to_date: str | None, vkz: str | None, state: str | None, limit: int,
                 api: str | None, token_url: str | None, timeout: float | None, as_json: bool, lang: str) -> None:
        from dwz.basics.parsing import parse_date

        with _errors(lang):
            check_args([("label", label), ("vkz", vkz)])
            fd = parse_date(from_date, "--von").isoformat() if from_date else None
            td = parse_date(to_date, "--bis").isoformat() if to_date else None
            with _client(api, token_url, timeout) as client:
                found, total = client.tournaments(label=label, from_date=fd, to_date=td, vkz=vkz, rating_state=state, limit=limit)
            if as_json:
                echo(dumps({"total": total, "tournaments": [t.to_dict() for t in found]}))
                return
            _print_tournaments(found, total, lang)


def _print_tournaments(found: list[Any], total: int | None, lang: str) -> None:
    from dwz.cli import layout
    from dwz.i18n import fmt_date, text

    if not found:
        _say("portal.tournaments_none", lang)
        return
    cols = [layout.Column(text("portal.col.end", lang), "left"), layout.Column(text("portal.col.event", lang), "left", flex=True),
            layout.Column("VKZ", "left", priority=2), layout.Column(text("portal.col.state", lang), "left", priority=1),
            layout.Column(text("portal.col.players", lang), priority=3), layout.Column("UUID", "left", below=True)]
    cells = [[fmt_date(t.end, lang) if t.end else "", t.label or "", t.vkz or "",
              text(f"portal.state.{t.rating_state}", lang) if t.rating_state in ("RATED", "UNRATED", "PENDING", "NOT_RATED")
              else (t.rating_state or ""), "" if t.player_count is None else str(t.player_count), t.uuid or ""] for t in found]
    t = layout.table(cols, cells, layout.width())
    for line in t.lines:
        echo(line)
    _say("portal.search_count", lang, shown=len(found), total=total if total is not None else len(found))
    _say("portal.tournaments_next", lang)


def _register_crosscheck() -> None:
    from dwz.cli.lang import Path as CPath
    from dwz.cli.lang import argument
    from dwz.cli.lang import option as opt

    @_cmd("gegenpruefung")
    @argument("uuid", required=False, default=None, metavar="metavar.uuid")
    @opt("--datei", "--file", "bundle_in", type=CPath(dir_okay=False, path_type=Path), default=None, metavar="metavar.file",
         help="opt.portal_bundle_in")
    @opt("--seite", "--page", "page_in", type=CPath(dir_okay=False, path_type=Path), default=None, metavar="metavar.file",
         help="opt.portal_page_in")
    @opt("--speichern", "--save", "bundle_out", type=CPath(dir_okay=False, path_type=Path), default=None, metavar="metavar.file",
         help="opt.portal_bundle_out")
    @opt("-o", "--output", type=CPath(dir_okay=False, path_type=Path), default=None, metavar="metavar.file", help="opt.portal_output")
    @opt("--rechenweg", "--explain", "explain", is_flag=True, help="opt.portal_explain")
    @_net
    @opt("--json", "as_json", is_flag=True, help="opt.portal_json")
    @lang_option
    def gegenpruefung(uuid: str | None, bundle_in: Path | None, page_in: Path | None, bundle_out: Path | None, output: Path | None,
                      explain: bool, api: str | None, token_url: str | None, timeout: float | None, as_json: bool, lang: str) -> None:
        from pathlib import PurePath

        from dwz.basics.errors import InputError, Problem
        from dwz.portal.crosscheck import bundle_bytes, check_uuid, crosscheck, fetch_bundle, read_bundle, to_csv

        if page_in is not None:
            _page_check(page_in, uuid, bundle_in, bundle_out, output, explain, as_json, lang)
        with _errors(lang):
            if (uuid is None) == (bundle_in is None):
                raise InputError([Problem("uuid", "portal_uuid_or_file", None)])
            check_writable(bundle_out, "bundle_out")
            check_writable(output, "output")
            if output is not None and output.suffix.lower() not in (".csv", ".json", ".txt", ".html", ".htm"):
                raise InputError.single("output", "portal_output_suffix", output.suffix or PurePath(output))
            if bundle_in is not None:
                if not bundle_in.exists():
                    raise InputError([Problem("", "file_missing", PurePath(bundle_in))])
                bundle = read_bundle(bundle_in, str(bundle_in))
            else:
                assert uuid is not None
                u = check_uuid(uuid)
                with _client(api, token_url, timeout) as client:
                    bundle = fetch_bundle(client, u)
            if bundle_out is not None:  # the answers first: kept even if the check itself then refuses
                _write_bytes(bundle_out, bundle_bytes(bundle), "bundle_out")
            cc = crosscheck(bundle)
            complaint = output is not None and output.suffix.lower() in (".txt", ".html", ".htm")
            if output is not None:
                if output.suffix.lower() == ".csv":
                    write_text(output, to_csv(cc, lang), "output", encoding="utf-8-sig")
                elif complaint:
                    from dwz.portal.complaint import complaint_html, complaint_text, has_complaint

                    if has_complaint(cc):  # German, for the rating officer (issue 25 §4)
                        write_text(output, complaint_text(cc) if output.suffix.lower() == ".txt" else complaint_html(cc), "output")
                    else:
                        complaint = False
                        output = None
                        _say("portal.pc.nothing", lang, err=True)
                else:
                    write_text(output, dumps(cc.to_dict(lang)), "output")
            if as_json:
                echo(dumps(cc.to_dict(lang)))
            else:
                from dwz.cli.render_portal import print_crosscheck

                print_crosscheck(cc, lang, explain)
            if bundle_out is not None:
                written(bundle_out, "portal_bundle", lang)
            if output is not None:
                written(output, "portal_complaint" if complaint else ("csv" if output.suffix.lower() == ".csv" else "portal_json"), lang)
        sys.exit(cc.exit_code)


def _page_check(page_in: Path, uuid: str | None, bundle_in: Path | None, bundle_out: Path | None, output: Path | None, explain: bool,
                as_json: bool, lang: str) -> None:
    """``--seite FILE``: a saved public page (card or scoresheet), checked offline; ``-o`` a complaint
    (.txt, .html — German, for the Wertungsreferent) or the check as .json.  Exit 0 all equal, 1 a
    difference or an implausible value, 2 not such a page."""
    from pathlib import PurePath

    from dwz.basics.errors import InputError, Problem
    from dwz.portal.complaint import complaint_html, complaint_text, has_complaint
    from dwz.portal.pagecheck import check_page
    from dwz.portal.pages import read_page

    with _errors(lang):
        if uuid is not None or bundle_in is not None or bundle_out is not None:
            raise InputError([Problem("page_in", "portal_page_alone", None)])
        check_writable(output, "output")
        suffix = output.suffix.lower() if output is not None else ""
        if output is not None and suffix not in (".txt", ".html", ".htm", ".json"):
            raise InputError.single("output", "portal_page_output_suffix", output.suffix or PurePath(output))
        if not page_in.exists():
            raise InputError([Problem("", "file_missing", PurePath(page_in))])
        pc = check_page(read_page(page_in, str(page_in)))
        if as_json:
            echo(dumps(pc.to_dict(lang)))
        else:
            from dwz.cli.render_portal import print_pagecheck

            print_pagecheck(pc, lang, explain)
        if output is not None:
            if suffix == ".json":
                write_text(output, dumps(pc.to_dict(lang)), "output")
                written(output, "portal_json", lang)
            elif not has_complaint(pc):
                _say("portal.pc.nothing", lang, err=True)
            else:
                # the complaint is for the DSB's rating officer: German (WO terms), whatever --lang says
                write_text(output, complaint_html(pc) if suffix in (".html", ".htm") else complaint_text(pc), "output")
                written(output, "portal_complaint", lang)
    sys.exit(pc.exit_code)


def _write_bytes(path: Path, data: bytes, field: str) -> None:
    from pathlib import PurePath

    from dwz.basics.errors import InputError

    try:
        path.write_bytes(data)
    except OSError as e:
        raise InputError.single(field, "output_unwritable", PurePath(path), reason=os_reason(e)) from None
