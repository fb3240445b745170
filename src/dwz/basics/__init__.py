"""The bottom floor: plain values and the records everything else is built from.

* :mod:`~dwz.basics.errors`       problems with a place, ``InputError``
* :mod:`~dwz.basics.values`       the bounds; ``Rating``, ``Result``, ``AgeGroup``, each with its reader
* :mod:`~dwz.basics.parsing`      plain numbers, dates and birth years as typed; ASCII digits; strict JSON
* :mod:`~dwz.basics.games`        ``Game`` and the one reader of games (text, pairs, mappings, a paste)
* :mod:`~dwz.basics.wo`           which games count (WO 3.3.2) and the age groups (WO 3.2)
* :mod:`~dwz.basics.plausibility` the warnings on implausible input and results
* :mod:`~dwz.basics.model`        ``Player``, ``Pairing``, ``StoredGame``, ``Tournament``
* :mod:`~dwz.basics.rounding`     the two rounding rules, named once
* :mod:`~dwz.basics.probability`  P(D) and D(P) tables (classic, FIDE), the exact normal distribution
* :mod:`~dwz.basics.steps`        the Rechenweg as data (``Step``)
* :mod:`~dwz.basics.outcomes`     what a rule edition hands back (``FolgeOutcome`` …)
* :mod:`~dwz.basics.strength`     reference 000's strength classes

Nothing here knows a rule edition: the editions (:mod:`dwz.rules`) sit on top of these
modules, the procedures (:mod:`dwz.core`) on top of the editions, adapters on top of all.
A test (``tests/engine/test_layers.py``) parses every import and keeps it that way.
"""
