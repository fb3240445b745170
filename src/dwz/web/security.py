"""Security headers for every response (pure ASGI: no per-request task overhead)."""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

# No inline script anywhere (script-src 'self'); no inline styles on our pages either.
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
# Swagger UI sets style attributes from React and uses data: images; it gets only that much more.
CSP_DOCS = CSP.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")

_COMMON: list[tuple[bytes, bytes]] = [
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=(), interest-cohort=()"),
]


class SecurityHeaders:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope.get("path", "")
        csp = (CSP_DOCS if path == "/docs" else CSP).encode()
        no_store = path.startswith("/api/")

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers.append((b"content-security-policy", csp))
                headers.extend(_COMMON)
                if no_store:
                    # results are personal data of the moment; no cache should keep them
                    headers.append((b"cache-control", b"no-store"))
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with_headers)


UPLOAD_PATHS = ("/turnier", "/api/turnier")


class BodyLimit:
    """Bounds request bodies before any parser sees them.

    JSON requests are small; uploads are at most ``LIMITS["body_bytes"]``, which
    keeps Starlette's spooled upload files in memory.  An API request over the
    limit gets 413 at once; the upload page gets an empty body and a scope flag,
    so it can answer with its own page and message.
    """

    def __init__(self, app: ASGIApp, json_limit: int = 256 * 1024, upload_limit: int = 1024 * 1024 - 1) -> None:
        self.app = app
        self.json_limit = json_limit
        self.upload_limit = upload_limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        path: str = scope.get("path", "")
        limit = self.upload_limit if path in UPLOAD_PATHS else self.json_limit
        declared = next((v for k, v in scope.get("headers", []) if k == b"content-length"), None)
        size: int | None = None
        if declared is not None:
            try:
                size = int(declared)
            except ValueError:
                size = None
        if size is not None and size <= limit:
            await self.app(scope, receive, send)  # the server never delivers more than declared
            return
        # Too large, or no length given (chunked): read at most limit + 1 bytes into memory.
        chunks: list[bytes] = []
        total = 0
        more = True
        while more and total <= limit and (size is None or size <= limit):
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            body = message.get("body", b"")
            chunks.append(body)
            total += len(body)
            more = message.get("more_body", False)
        too_large = (size is not None and size > limit) or total > limit
        if too_large and path.startswith("/api/"):
            await _reject(send)
            return
        body = b"" if too_large else b"".join(chunks)
        if too_large:
            scope = {**scope, "dwz.body_too_large": size or total}
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if sent:
                return {"type": "http.disconnect"}
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)


async def _reject(send: Send) -> None:
    import json

    payload = json.dumps({"detail": [{"loc": ["body"], "msg": "Request body too large / Anfrage zu groß",
                                      "type": "too_large"}]}).encode()
    await send({"type": "http.response.start", "status": 413,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(payload)).encode()),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": payload})
