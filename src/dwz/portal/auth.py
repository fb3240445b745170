"""OAuth2 tokens for the portal, kept between calls — and never more new ones than the portal allows.

nu's rules (spec portal.md, "Authentication"): an access token lives 5 minutes; at most **5 new
tokens per client id in 30 minutes** (a 6th is refused with HTTP 403 "Too much access tokens");
only the newest refresh token is valid (a used one: HTTP 400 "Refresh Token already used or
invalid").  So a token is got in this order:

1. the cached access token, until 30 s before it expires;
2. else the cached refresh token (the answer's new refresh token replaces it);
3. only then a new client-credentials token — after counting the new tokens this machine got in
   the last 30 minutes: a 6th is refused here, with the time it will be allowed, before the portal
   refuses it.  (Refreshed tokens are not counted: nu's manual offers the refresh exactly to stay
   within the limit.)

The cache is one JSON file in the user's cache directory, written 0600 and atomically, guarded by
a lock file so that two commands at the same time neither lose a rotated refresh token nor both
get a new token.  Entries are keyed by a hash of the token address, the client id and the scope.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dwz.portal.config import Settings, write_private
from dwz.portal.errors import PortalError

__all__ = ["LIMIT", "WINDOW", "TokenManager", "TokenStore", "TokenAnswer"]

LIMIT = 5  # new tokens per client id …
WINDOW = 30 * 60  # … in this many seconds
SKEW = 30  # seconds before its expiry a token counts as expired (the request takes time)
DEFAULT_EXPIRES = 300  # nu's manual: 5 minutes (its example omits expires_in)
MAX_TIMES = 50  # issue times kept per client


@dataclass(frozen=True, slots=True)
class TokenAnswer:
    """What the token endpoint said: HTTP status and the decoded JSON (None if it was none)."""

    status: int
    data: Any


Poster = Callable[[dict[str, str]], TokenAnswer]


class TokenStore:
    """The token cache file: ``{"tokens": {key: {...}}, "issued": {client: [times]}, "blocked": {client: until}}``."""

    def __init__(self, path: Path) -> None:
        self.path = path

    @contextmanager
    def locked(self) -> Iterator[dict[str, Any]]:
        """The cache's state under an exclusive lock; written back (0600, atomically) if changed."""
        self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        lock_path = self.path.with_name(self.path.name + ".lock")
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            try:
                import fcntl

                fcntl.flock(fd, fcntl.LOCK_EX)
            except ImportError:  # not POSIX: no lock between processes
                pass
            state = self._load()
            before = json.dumps(state, sort_keys=True)
            try:
                yield state
            finally:  # also when a refusal is raised: a dropped refresh token, a block of 30 minutes are kept
                if json.dumps(state, sort_keys=True) != before:
                    write_private(self.path, json.dumps(state, indent=1, sort_keys=True).encode("utf-8"))
        finally:
            os.close(fd)  # closing releases the lock

    def _load(self) -> dict[str, Any]:
        try:
            raw = self.path.read_bytes()[: 1 << 20]
            state = json.loads(raw)
        except (OSError, ValueError):  # no cache yet, or a broken one: start afresh (only costs a token)
            state = {}
        if not isinstance(state, dict):
            state = {}
        for k in ("tokens", "issued", "blocked"):
            if not isinstance(state.get(k), dict):
                state[k] = {}
        return state

    def snapshot(self) -> dict[str, Any]:
        """The state without lock, for ``dwz portal status`` (read only)."""
        return self._load()


def _key(*parts: str) -> str:
    return hashlib.sha256("\0".join(parts).encode("utf-8")).hexdigest()[:24]


def client_key(settings: Settings) -> str:
    return _key(settings.token_url, settings.client_id or "")


def token_key(settings: Settings, scope: str) -> str:
    return _key(settings.token_url, settings.client_id or "", scope)


def recent(times: Any, now: float) -> list[float]:
    """The issue times within the window (a broken entry counts as none)."""
    if not isinstance(times, list):
        return []
    return sorted(t for t in times if isinstance(t, (int, float)) and now - WINDOW < t <= now + 60)


class TokenManager:
    """Gets access tokens per scope by the rules above; ``post`` sends a form to the token endpoint."""

    def __init__(self, settings: Settings, post: Poster, *, store: TokenStore | None = None,
                 clock: Callable[[], float] = time.time) -> None:
        self.settings = settings
        self.post = post
        self.store = store or TokenStore(settings.cache / "portal-tokens.json")
        self.clock = clock

    def token(self, scope: str, *, renew: bool = False) -> str:
        """An access token for ``scope``; ``renew``: the cached access token was refused (HTTP 401)."""
        s = self.settings
        if not s.has_credentials:
            raise PortalError("no_credentials", config=True)
        assert s.client_id is not None and s.client_secret is not None
        key, ckey = token_key(s, scope), client_key(s)
        with self.store.locked() as state:
            now = self.clock()
            entry = state["tokens"].get(key)
            if not isinstance(entry, dict):
                entry = None
            if entry and not renew and isinstance(entry.get("access"), str) and float(entry.get("expires", 0)) - SKEW > now:
                return str(entry["access"])
            if entry and isinstance(entry.get("refresh"), str):
                answer = self.post({"grant_type": "refresh_token", "refresh_token": entry["refresh"], "client_id": s.client_id,
                                    "client_secret": s.client_secret, "scope": scope})
                if answer.status == 200:
                    return self._keep(state, key, scope, answer, now)
                state["tokens"].pop(key, None)  # used or invalid (400 invalid_grant): only a new token helps
                if answer.status not in (400, 401):
                    raise self._refused(answer, scope, state, ckey, now)
            blocked = state["blocked"].get(ckey)
            if isinstance(blocked, (int, float)) and blocked > now:
                raise PortalError("token_blocked", until=_clock_text(blocked))
            times = recent(state["issued"].get(ckey), now)
            if len(times) >= LIMIT:
                raise PortalError("token_limit", limit=LIMIT, minutes=WINDOW // 60, until=_clock_text(times[0] + WINDOW))
            answer = self.post({"grant_type": "client_credentials", "client_id": s.client_id, "client_secret": s.client_secret,
                                "scope": scope})
            if answer.status != 200:
                raise self._refused(answer, scope, state, ckey, now)
            state["issued"][ckey] = [*times, now][-MAX_TIMES:]
            return self._keep(state, key, scope, answer, now)

    def forget(self, scope: str) -> None:
        """Drop the cached token of ``scope`` (its refresh token was refused elsewhere)."""
        with self.store.locked() as state:
            state["tokens"].pop(token_key(self.settings, scope), None)

    def _keep(self, state: dict[str, Any], key: str, scope: str, answer: TokenAnswer, now: float) -> str:
        d = answer.data
        access = d.get("access_token") if isinstance(d, dict) else None
        if not isinstance(access, str) or not access:
            raise PortalError("shape", endpoint="auth/token", field="access_token", expected="portal.kind.text", found="portal.found.missing")
        refresh = d.get("refresh_token")
        expires = d.get("expires_in")
        life = float(expires) if isinstance(expires, (int, float)) and not isinstance(expires, bool) and 0 < expires < 86400 \
            else DEFAULT_EXPIRES
        state["tokens"][key] = {"access": access, "refresh": refresh if isinstance(refresh, str) and refresh else None,
                                "expires": now + life, "scope": scope}
        return access

    def _refused(self, answer: TokenAnswer, scope: str, state: dict[str, Any], ckey: str, now: float) -> PortalError:
        """The token endpoint's refusal as a message that says what to do (nu's texts, spec portal.md)."""
        d = answer.data if isinstance(answer.data, dict) else {}
        desc = str(d.get("error_description") or d.get("message") or d.get("error") or "")[:200]
        low = desc.lower()
        many, scope_wrong, no_access = "too much access" in low or "too many" in low, "scope" in low, "no accesses" in low
        if answer.status == 401 or d.get("error") == "invalid_client":
            return PortalError("bad_credentials", config=True)
        if answer.status == 403:
            if many and not scope_wrong and not no_access:
                state["blocked"][ckey] = now + WINDOW  # the portal counts too: wait before asking again
                return PortalError("too_many_tokens", limit=LIMIT, minutes=WINDOW // 60, until=_clock_text(now + WINDOW))
            if scope_wrong and not many and not no_access:
                return PortalError("wrong_scope", config=True, scope=scope)
            if no_access and not many and not scope_wrong:
                return PortalError("no_access", config=True)
            n = len(recent(state["issued"].get(ckey), now))
            return PortalError("token_forbidden", scope=scope, n=n, limit=LIMIT, minutes=WINDOW // 60)
        if answer.status >= 500:
            return PortalError("server", endpoint="auth/token", status=answer.status)
        return PortalError("token_refused", status=answer.status, text=desc or "–")


def _clock_text(when: float) -> str:
    """A time of day in local time ("14:35") for "try again at"."""
    return time.strftime("%H:%M", time.localtime(when))
