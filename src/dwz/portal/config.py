"""Where the portal is and who may use it: the two addresses, the credentials, the cache.

* The addresses default to the production instance; ``DWZ_PORTAL_API`` (the base ending in
  ``/rs``) and ``DWZ_PORTAL_TOKEN_URL`` set others (the demo instance, a test server), and the
  commands' ``--api``/``--token-url`` options win over both.
* The credentials (client id and secret, issued by the DSB on request, "API-Freischaltung
  beantragen") come from ``DWZ_PORTAL_CLIENT_ID`` and ``DWZ_PORTAL_CLIENT_SECRET``, else from the
  config file ``$XDG_CONFIG_HOME/dwz/portal.toml`` (``~/.config/dwz/portal.toml``) that
  ``dwz portal login`` writes — created with owner-only permissions (0600), never chmod'ed after;
  a file others can read is refused.
* The cache (tokens, the DWZ lists) is ``$XDG_CACHE_HOME/dwz`` (``~/.cache/dwz``).

The secret is a field that is never shown: not in ``repr``, not in any message or output.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from dwz.portal.errors import PortalError

__all__ = ["DEMO_API", "DEMO_TOKEN_URL", "PRODUCTION_API", "PRODUCTION_TOKEN_URL", "Settings", "cache_dir", "config_dir",
           "config_file", "load_settings", "remove_credentials", "write_config", "write_private"]

PRODUCTION_API = "https://schachde-apps.liga.nu/dsbwertungsportal/rs"
PRODUCTION_TOKEN_URL = "https://schachde-portal.liga.nu/rs/auth/token"
DEMO_API = "https://schachde-appsdemo.liga.nu/dsbwertungsportal/rs"
DEMO_TOKEN_URL = "https://schachde-portaldemo.liga.nu/rs/auth/token"

DEFAULT_TIMEOUT = 30.0  # seconds; the bundle saw nu answer within 30 s or not at all
CONFIG_NAME = "portal.toml"
MAX_CONFIG_BYTES = 64 * 1024
_LOOPBACK = ("localhost", "127.0.0.1", "::1")


def _base(env: Mapping[str, str], var: str, fallback: str) -> Path:
    value = env.get(var, "")
    return Path(value) if value and os.path.isabs(value) else Path.home() / fallback  # XDG: a relative value is ignored


def config_dir(env: Mapping[str, str] | None = None) -> Path:
    """``$XDG_CONFIG_HOME/dwz`` or ``~/.config/dwz``."""
    return _base(os.environ if env is None else env, "XDG_CONFIG_HOME", ".config") / "dwz"


def cache_dir(env: Mapping[str, str] | None = None) -> Path:
    """``$XDG_CACHE_HOME/dwz`` or ``~/.cache/dwz``."""
    return _base(os.environ if env is None else env, "XDG_CACHE_HOME", ".cache") / "dwz"


def config_file(env: Mapping[str, str] | None = None) -> Path:
    return config_dir(env) / CONFIG_NAME


@dataclass(frozen=True, slots=True)
class Settings:
    """The portal's addresses, the credentials (if any) and where they came from, the cache."""

    api: str = PRODUCTION_API
    token_url: str = PRODUCTION_TOKEN_URL
    client_id: str | None = None
    client_secret: str | None = field(default=None, repr=False)
    credentials_from: str | None = None  # "env" or the config file's path
    cache: Path = field(default_factory=cache_dir)
    timeout: float = DEFAULT_TIMEOUT

    @property
    def has_credentials(self) -> bool:
        return bool(self.client_id and self.client_secret)


def check_url(value: str, what: str) -> str:
    """An address the client may send credentials to: http(s) with a host; plain http only to this
    machine (a test server) — a secret never travels unencrypted over a network."""
    v = value.strip()
    try:
        parts = urlsplit(v)
        host = parts.hostname or ""
    except ValueError:
        raise PortalError("bad_url", config=True, what=what, value=v[:200]) from None
    if parts.scheme not in ("http", "https") or not host or any(c.isspace() for c in v):
        raise PortalError("bad_url", config=True, what=what, value=v[:200])
    if parts.scheme == "http" and host not in _LOOPBACK:
        raise PortalError("http_not_local", config=True, what=what, value=v[:200])
    return v.rstrip("/")


def _read_config(path: Path) -> dict[str, str]:
    """The config file's keys (strings only); none if there is no file.  A file others may read or
    that is no TOML is refused with the fix."""
    import tomllib

    try:
        st = path.stat()
    except FileNotFoundError:
        return {}
    except OSError as e:
        raise PortalError("config_unreadable", config=True, path=str(path), reason=e.strerror or str(e)) from None
    if not stat.S_ISREG(st.st_mode) or st.st_size > MAX_CONFIG_BYTES:
        raise PortalError("config_unreadable", config=True, path=str(path), reason="?")
    if os.name == "posix" and st.st_mode & 0o077:
        raise PortalError("config_open", config=True, path=str(path), mode=f"{stat.S_IMODE(st.st_mode):04o}")
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        raise PortalError("config_unreadable", config=True, path=str(path), reason=str(e)[:200]) from None
    return {k: v for k, v in data.items() if isinstance(v, str)}


def load_settings(*, api: str | None = None, token_url: str | None = None, timeout: float | None = None,
                  env: Mapping[str, str] | None = None) -> Settings:
    """The settings in force: options first, then the environment, then the config file, then the
    production instance.  Credentials: both environment variables, else the config file's."""
    e = os.environ if env is None else env
    path = config_file(e)
    conf = _read_config(path)
    env_id, env_secret = e.get("DWZ_PORTAL_CLIENT_ID", "").strip(), e.get("DWZ_PORTAL_CLIENT_SECRET", "")
    if bool(env_id) != bool(env_secret):  # one of the two: a typo, said before anything is sent
        missing = "DWZ_PORTAL_CLIENT_SECRET" if env_id else "DWZ_PORTAL_CLIENT_ID"
        raise PortalError("env_half", config=True, missing=missing)
    if env_id:
        cid, secret, source = env_id, env_secret, "env"
    elif conf.get("client_id") and conf.get("client_secret"):
        cid, secret, source = conf["client_id"].strip(), conf["client_secret"], str(path)
    else:
        cid, secret, source = None, None, None
    api_v = check_url(api or e.get("DWZ_PORTAL_API") or conf.get("api") or PRODUCTION_API, "api")
    token_v = check_url(token_url or e.get("DWZ_PORTAL_TOKEN_URL") or conf.get("token_url") or PRODUCTION_TOKEN_URL, "token_url")
    return Settings(api=api_v, token_url=token_v, client_id=cid, client_secret=secret, credentials_from=source,
                    cache=cache_dir(e), timeout=timeout if timeout is not None else DEFAULT_TIMEOUT)


def write_private(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically and readable by the owner only: a new file created 0600
    in the same directory (the directory 0700 if it is new), then renamed over ``path`` — nobody ever
    sees a half-written or briefly world-readable file."""
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)  # mkstemp creates it 0600
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _toml_string(value: str) -> str:
    # a JSON string is a TOML basic string (the same escapes; control characters as \\uXXXX)
    return json.dumps(value, ensure_ascii=False)


def write_config(path: Path, *, client_id: str, client_secret: str, api: str | None = None, token_url: str | None = None) -> None:
    """Write the config file (0600, atomically): the credentials and, if given, the addresses."""
    lines = ["# dwz: Zugang zum DSB-Wertungsportal (nur für Sie lesbar) / access to the DSB rating portal (owner only)",
             f"client_id = {_toml_string(client_id)}", f"client_secret = {_toml_string(client_secret)}"]
    if api:
        lines.append(f"api = {_toml_string(api)}")
    if token_url:
        lines.append(f"token_url = {_toml_string(token_url)}")
    write_private(path, ("\n".join(lines) + "\n").encode("utf-8"))


def remove_credentials(env: Mapping[str, str] | None = None) -> list[Path]:
    """Delete the config file and the token cache; the paths removed."""
    e = os.environ if env is None else env
    gone = []
    for p in (config_file(e), cache_dir(e) / "portal-tokens.json"):
        try:
            p.unlink()
            gone.append(p)
        except FileNotFoundError:
            pass
    return gone
