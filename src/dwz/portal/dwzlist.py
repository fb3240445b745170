"""The DWZ list of the portal (``LV-X-dwzliste.zip``) in the user's cache.

:func:`download` fetches one federation's list (``0`` = all of Germany) into
``<cache>/lists/LV-X-dwzliste.zip`` with its description beside it (``….json``: ETag,
Last-Modified, when downloaded, the list's date, players).  The portal regenerates the lists
once a day, so the download is conditional (``If-None-Match``/``If-Modified-Since``): a second
one the same day is answered 304 and costs one empty answer.  A new file is written under a
temporary name, checked — a ZIP whose members pass their CRC (``testzip``), with ``spieler.csv``
inside, that the DSB list reader reads — and only then renamed over the old one
(``os.replace``): the cache never holds half a file.  A broken ZIP (nu has served truncated
ones) is fetched once more; if that fails too, the old list stays and the message says so.

>>> FEDERATIONS[:3], list_name("c")
(('0', '1', '2'), 'LV-C-dwzliste.zip')
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
import zipfile
from dataclasses import asdict, dataclass, replace
from datetime import UTC, date, datetime
from email.utils import parsedate_to_datetime
from pathlib import Path
from typing import Any

from dwz.basics.errors import InputError
from dwz.formats._common import MAX_LIST_BYTES
from dwz.portal.client import PortalClient, Progress
from dwz.portal.config import write_private
from dwz.portal.errors import PortalError

__all__ = ["FEDERATIONS", "CachedList", "Downloaded", "all_cached", "cached", "check_federation", "download", "list_name", "lists_dir",
           "readme_of", "resolve", "verify"]

FEDERATIONS = ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "A", "B", "C", "D", "E", "F", "G", "H", "L", "M")
ZIP_MAX = MAX_LIST_BYTES  # the same cap as the list reader's (64 MiB; the national list is ~5 MB zipped)
EXPECTED_MEMBERS = ("spieler.csv",)  # required; vereine.csv, verbaende.csv and README.txt are read if present
_STAND = re.compile(r"vom\s+(\d{1,2})\.(\d{1,2})\.(\d{4})")


def list_name(federation: str) -> str:
    return f"LV-{federation.upper()}-dwzliste.zip"


def lists_dir(cache: Path) -> Path:
    return cache / "lists"


def check_federation(value: str) -> str:
    """A federation code as the portal names its files (0 = all, 1 … 9, A … H, L, M)."""
    v = value.strip().upper()
    if v not in FEDERATIONS:
        raise InputError.single("federation", "portal_federation", value, allowed=", ".join(FEDERATIONS))
    return v


@dataclass(frozen=True, slots=True)
class CachedList:
    """A list in the cache and what is known of it."""

    federation: str
    path: Path
    etag: str | None
    last_modified: str | None
    downloaded: str  # ISO time (UTC) of the download
    checked: str  # ISO time (UTC) the portal last confirmed it (200 or 304)
    stand: str | None  # the list's date (ISO): its README's "DWZ-Datenbank vom …", else Last-Modified, else the download day
    stand_from: str  # "readme", "last_modified", "download"
    players: int
    size: int
    sha256: str
    source: str  # the address it came from

    @property
    def stand_date(self) -> date | None:
        return date.fromisoformat(self.stand) if self.stand else None

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["path"] = str(self.path)
        return d


@dataclass(frozen=True, slots=True)
class Downloaded:
    """What :func:`download` did: ``status`` "new" (first time), "updated", "unchanged" (304); ``retried``: a broken ZIP was fetched again."""

    list: CachedList
    status: str
    bytes: int
    retried: bool


def _meta_path(path: Path) -> Path:
    return path.with_suffix(".json")


def cached(cache: Path, federation: str) -> CachedList | None:
    """The cached list of ``federation``, if its file and description agree (size)."""
    path = lists_dir(cache) / list_name(federation)
    try:
        d = json.loads(_meta_path(path).read_text(encoding="utf-8"))
        size = path.stat().st_size
    except (OSError, ValueError):
        return None
    if not isinstance(d, dict) or d.get("size") != size:
        return None
    return _from_dict(d, path)


def _from_dict(d: dict[str, Any], path: Path) -> CachedList | None:
    def s(key: str) -> str | None:
        v = d.get(key)
        return v if isinstance(v, str) else None

    fed, players = s("federation"), d.get("players")
    if fed is None or not isinstance(players, int) or not isinstance(d.get("size"), int):
        return None
    return CachedList(federation=fed, path=path, etag=s("etag"), last_modified=s("last_modified"), downloaded=s("downloaded") or "",
                      checked=s("checked") or "", stand=s("stand"), stand_from=s("stand_from") or "download", players=players,
                      size=int(d["size"]), sha256=s("sha256") or "", source=s("source") or "")


def resolve(word: str, cache: Path) -> CachedList:
    """``portal`` (the list downloaded last) or ``portal:C`` (that federation's) in the cache, else an
    :class:`InputError` that says to download it first."""
    _, _, fed = word.partition(":")
    found = cached(cache, check_federation(fed)) if fed else next(iter(all_cached(cache)), None)
    if found is None:
        raise InputError.single("list", "portal_no_cached_list", word, fed=fed.upper() or "0")
    return found


def all_cached(cache: Path) -> list[CachedList]:
    """Every cached list, the most recently downloaded first."""
    found = [c for f in FEDERATIONS if (c := cached(cache, f)) is not None]
    return sorted(found, key=lambda c: c.downloaded, reverse=True)


class _BrokenError(Exception):
    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def verify(path: Path) -> tuple[int, date | None]:
    """Check a downloaded list: a ZIP (not an HTML page), every member's CRC, ``spieler.csv`` inside,
    readable by the DSB list reader.  Returns (entries, the date its README names)."""
    from dwz.formats._common import open_member, open_zip
    from dwz.formats.dsb_list import read_dsb_list

    with path.open("rb") as f:
        head = f.read(64)
    if not head.startswith(b"PK"):
        raise _BrokenError("html" if head.lstrip()[:1] == b"<" else "not_zip")
    try:
        with path.open("rb") as f, open_zip(f, path.name) as z:
            names = {n.rsplit("/", 1)[-1].lower(): n for n in z.namelist()}
            missing = [m for m in EXPECTED_MEMBERS if m not in names]
            if missing:
                raise _BrokenError("members")
            for n in z.namelist():  # the declared sizes and ratios first: testzip would inflate a bomb
                open_member(z, n, n, ZIP_MAX).close()
            if z.testzip() is not None:
                raise _BrokenError("crc")
            stand = None
            if "readme.txt" in names:
                with open_member(z, names["readme.txt"], "README.txt", 1 << 20) as r:
                    m = _STAND.search(r.read(1 << 20).decode("cp1252", "replace"))
                if m:
                    try:
                        stand = date(int(m.group(3)), int(m.group(2)), int(m.group(1)))
                    except ValueError:
                        stand = None
    except _BrokenError:
        raise
    except InputError:
        raise _BrokenError("too_large") from None
    except (zipfile.BadZipFile, EOFError, OSError, ValueError, NotImplementedError):
        raise _BrokenError("truncated") from None
    except Exception:  # zlib.error and whatever else a damaged archive raises
        raise _BrokenError("truncated") from None
    try:
        entries = read_dsb_list(path, name=path.name)
    except InputError as e:
        raise _BrokenError("unreadable:" + (e.problems[0].code if e.problems else "?")) from None
    return len(entries), stand


def _now() -> datetime:
    return datetime.now(UTC).replace(microsecond=0)


def download(client: PortalClient, federation: str, *, force: bool = False, progress: Progress | None = None) -> Downloaded:
    """Fetch ``LV-<federation>-dwzliste.zip`` into the cache (see the module's description)."""
    fed = check_federation(federation)
    name = list_name(fed)
    folder = lists_dir(client.settings.cache)
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    final = folder / name
    old = cached(client.settings.cache, fed)
    path = f"/dwz/dwzliste/download/{name}"
    headers: dict[str, str] = {}
    if old is not None and not force:
        if old.etag:
            headers["If-None-Match"] = old.etag
        if old.last_modified:
            headers["If-Modified-Since"] = old.last_modified
    retried = False
    for attempt in range(2):
        fd, tmp_name = tempfile.mkstemp(prefix=f".{name}.", suffix=".part", dir=folder)
        tmp = Path(tmp_name)
        try:
            with os.fdopen(fd, "w+b") as sink:
                answer = client.request(path, cap=ZIP_MAX, headers=headers, sink=sink, progress=progress)
                sink.flush()
                os.fsync(sink.fileno())
            if answer.status == 304 and old is not None:
                tmp.unlink()
                kept = replace(old, checked=_now().isoformat())
                _write_meta(kept)
                return Downloaded(kept, "unchanged", 0, retried)
            try:
                players, stand = verify(tmp)
            except _BrokenError as b:
                tmp.unlink()
                if attempt == 0:
                    retried, headers = True, {}  # nu sometimes serves a truncated ZIP: once more, unconditionally
                    continue
                raise PortalError("zip_broken", file=name, reason=f"portal.zip.{b.reason.split(':')[0]}",
                                  kept=str(final) if old is not None else "") from None
            size = tmp.stat().st_size
            digest = _sha256(tmp)
            os.replace(tmp, final)
        except BaseException:
            if tmp.exists():
                tmp.unlink()
            raise
        when = _now()
        lm = answer.headers.get("last-modified")
        stand_from, stand_d = ("readme", stand) if stand else (("last_modified", _http_date(lm)) if _http_date(lm) else
                                                                ("download", when.date()))
        entry = CachedList(federation=fed, path=final, etag=answer.headers.get("etag"), last_modified=lm, downloaded=when.isoformat(),
                           checked=when.isoformat(), stand=stand_d.isoformat() if stand_d else None, stand_from=stand_from,
                           players=players, size=size, sha256=digest, source=client.url(path))
        _write_meta(entry)
        return Downloaded(entry, "new" if old is None else "updated", size, retried)
    raise AssertionError("unreachable")


def _write_meta(entry: CachedList) -> None:
    write_private(_meta_path(entry.path), json.dumps(entry.to_dict(), indent=1, ensure_ascii=False).encode("utf-8"))


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def _http_date(value: str | None) -> date | None:
    if not value:
        return None
    try:
        return parsedate_to_datetime(value).date()
    except (TypeError, ValueError, IndexError):
        return None


def readme_of(path: Path) -> str:
    """The README of a cached list (for ``dwz portal status``), at most 4 KiB."""
    from dwz.formats._common import open_zip

    try:
        with path.open("rb") as f, open_zip(f, path.name) as z:
            names = {n.rsplit("/", 1)[-1].lower(): n for n in z.namelist()}
            if "readme.txt" not in names:
                return ""
            with z.open(names["readme.txt"]) as r:
                return r.read(4096).decode("cp1252", "replace")
    except (OSError, zipfile.BadZipFile, KeyError, InputError):
        return ""

