"""What can go wrong with the portal, as values: :class:`PortalError` (the portal, the network or the
access) and :class:`ShapeError` (an answer that is not shaped as expected).

A :class:`PortalError` carries a catalog key (``portal.error.<code>``) and its values; its message
says what happened and what to do, in the user's language.  ``config`` marks the errors whose fix is
the user's (no credentials, refused credentials, a scope not granted, a bad address): the command line
exits with 2 for them, as for any bad input, and with :data:`EXIT_PORTAL` (3) when the portal or the
network failed.  No message ever holds a client secret or a token.
"""

from __future__ import annotations

from typing import Any

__all__ = ["EXIT_PORTAL", "PortalError", "ShapeError", "found_term"]

EXIT_PORTAL = 3  # the portal or the network failed (2 stays bad input or configuration, 1 an internal error)


class PortalError(Exception):
    """The portal could not be used: ``code`` names the catalog text ``portal.error.<code>``."""

    def __init__(self, code: str, *, config: bool = False, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.config = config
        self.params = params

    def message(self, lang: str = "de") -> str:
        from dwz.i18n import text

        return text(f"portal.error.{self.code}", lang, **self.params)

    @property
    def exit_code(self) -> int:
        return 2 if self.config else EXIT_PORTAL

    def __str__(self) -> str:
        return self.message("en")


class ShapeError(Exception):
    """An answer (or a saved file) without the shape the client knows: ``where`` is the place in the
    JSON (``players[3].playerUuid``), ``expected`` what should be there (a catalog term
    ``portal.kind.<expected>``), ``found`` what is there (``missing`` or a JSON type)."""

    def __init__(self, where: str, expected: str, found: str) -> None:
        super().__init__(where)
        self.where, self.expected, self.found = where, expected, found

    def __str__(self) -> str:
        return f"{self.where}: expected {self.expected}, found {self.found}"


_FOUND = ("missing", "empty", "null", "boolean", "number", "string", "array", "object")


def found_term(found: str) -> str:
    """What a :class:`ShapeError` found, as a catalog term (``portal.found.missing``) or as it is (a value)."""
    return f"portal.found.{found}" if found in _FOUND else found
