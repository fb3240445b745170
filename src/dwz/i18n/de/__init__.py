"""Deutsch — the default language: the catalog by surface, one module each, the same modules as
:mod:`dwz.i18n.en` with the same keys (a test checks it).  :mod:`dwz.i18n` assembles them
(no key in two modules)."""
