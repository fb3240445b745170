"""Every message key of the readers exists in both catalogs and renders with the parameters given."""

from __future__ import annotations

from pathlib import Path

import pytest

from dwz.formats import read_tournament
from dwz.formats._common import MESSAGE_KEYS
from dwz.i18n import CATALOGS
from tests.conftest import SAMPLES


@pytest.mark.parametrize("lang", ["de", "en"])
def test_keys_in_catalog(lang: str) -> None:
    missing = [k for k in MESSAGE_KEYS if k not in CATALOGS[lang]["problems"]]
    assert missing == []


def test_catalogs_have_the_same_problem_keys() -> None:
    assert set(CATALOGS["de"]["problems"]) == set(CATALOGS["en"]["problems"])


@pytest.mark.parametrize("path", sorted((SAMPLES / "trf").glob("*.trf")) + sorted((SAMPLES / "swi").glob("*.sw*")))
def test_sample_notes_render(path: Path) -> None:
    for note in read_tournament(path).notes:
        assert note.code in MESSAGE_KEYS
        for lang in ("de", "en"):
            text = note.message(lang)
            assert "{" not in text and note.code not in text
