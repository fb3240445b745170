"""The portal's outputs in one language each (the check of tests/cli/test_messages.py), German by default."""

from __future__ import annotations

import re

import pytest

from tests.cli.test_messages import _data_words, _foreign
from tests.portal import recorded as rec
from tests.portal.conftest import run
from tests.portal.fake_portal import FakePortal

BUNDLE = "docs/beispiele/gegenpruefung-abweichung.json"
# words of the recorded tournament's own data (its label and the opponents' names), which the output repeats as they are
DATA = set(re.findall(r"\w+", rec.LABEL)) | {"Gegner", "Runde", "SK", "Beispielstadt", "SV", "Beispiel"}
DATA |= {"Not", "Found"}  # the portal's own (English) error text, quoted as it came: „HTTP 404 Not Found“


@pytest.mark.parametrize("args", [
    ["portal", "gegenpruefung", "--datei", BUNDLE, "--rechenweg"],
    ["portal", "karte", "NU4338664"],
    ["portal", "historie", "NU4338664"],
    ["portal", "suche", "Müller"],
    ["portal", "turniere"],
    ["portal", "liste"],
    ["portal", "status"],
    ["portal", "gegenpruefung", "00000000-0000-4000-8000-000000000000"],
], ids=lambda a: " ".join(a[1:3]))
def test_portal_output_in_one_language(args: list[str], fake: FakePortal, env: dict[str, str]) -> None:
    from tests.conftest import ROOT

    data = _data_words() | DATA
    for lang in ("de", "en"):
        r = run({**env, "DWZ_LANG": lang}, *[str(ROOT / a) if a == BUNDLE else a for a in args])
        assert r.returncode in (0, 1, 3) and "Traceback" not in r.stderr, r.stderr
        text = (r.stdout + r.stderr).replace(fake.base, "http://host").replace(str(ROOT), "")
        foreign = _foreign(text, lang, data)
        assert not foreign, (lang, foreign[:10])
