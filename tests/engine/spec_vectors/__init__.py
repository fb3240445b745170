"""Parsers for the test vectors written inside the spec markdown (tests/data/spec/*.md, copied from the project's spec),
one module per spec file: :mod:`.classic` (dwz-classic.md), :mod:`.dwz2026` (dwz-2026.md), :mod:`.fide` (fide.md);
:mod:`.text` finds a section, a table or a number in the spec's text.

Every number a test compares against is read from the spec files at test time;
nothing here is typed in by hand.  Each parser raises :class:`.text.SpecParseError`
when it finds no rows (or fewer than the section obviously holds), so a renamed
heading or a reformatted table fails the test run instead of silently producing
an empty parametrisation.

Conventions of the spec text handled here: "−" (U+2212) is a minus sign, "½"
is a half point, "→" separates input and output, "**x**" marks the published
value, decimals may start with a dot (".04").
"""
