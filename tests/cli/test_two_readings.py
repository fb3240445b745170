"""An own DWZ whose scale is unsaid gets both numbers up front (issue 22 §3) on the command line:
the headline states the new DWZ for a value from after the Umstufung and for one from an old card,
with the options that settle it; ``--json`` carries both, labelled; said (``--alt eigene``, ``--stand``)
or not in doubt (the classic rules, below 1100: refused), one headline.  Inputs:
``tests/data/cases/issue22.toml``; expected numbers: the engine's ``rate`` with the scale said each way."""

from __future__ import annotations

import json
import tomllib
from datetime import date
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner

import dwz
from dwz.cli import main as cli_main
from dwz.core.scale import own_doubtful
from dwz.rules import edition_at, transition

CASES = tomllib.loads((Path(__file__).resolve().parents[1] / "data" / "cases" / "issue22.toml").read_text("utf-8"))["scale"]
SAID = CASES["said"]


def _cli() -> click.Group:
    cli_main._register_optional()
    return cli_main.cli


def run(*args: str, lang: str = "de") -> Any:
    return CliRunner(env={"DWZ_LANG": lang, "COLUMNS": "200"}).invoke(_cli(), list(args), catch_exceptions=False)


def args(case: dict[str, Any], *more: str) -> list[str]:
    return ["rate", case["rating"], "--end", case["end"], *case["games"], *more]


def readings(case: dict[str, Any]) -> tuple[dwz.RatingResult, dwz.RatingResult]:
    """The two readings by the engine: the own DWZ said to be from after the Umstufung, and from an old card."""
    new, old = (dwz.rate(case["rating"], case["games"], end=case["end"], own_scale=s) for s in ("new", "old"))
    return new, old


def shown(r: dwz.RatingResult) -> str:
    sign = "±" if r.change == 0 else ("+" if r.change > 0 else "−")
    return f"{r.new_rating}-{r.new_index} ({sign}{abs(r.change)})"


@pytest.mark.parametrize("name", ["doubtful", "high"])
def test_the_headline_states_both(name: str) -> None:
    case = CASES[name]
    new, old = readings(case)
    assert (new.new_rating, new.new_index) != (old.new_rating, old.new_index)  # the readings differ: the case matters
    lines = run(*args(case)).output.splitlines()
    assert lines[0] == f"Neue DWZ: {shown(new)} oder {shown(old)} – je nach Skala Ihrer DWZ {case['rating']}"
    conv = old.conversions[0]
    assert f"umgestuft: {case['rating']} → {conv.new}-{conv.new_index}" in lines[2]
    assert "--stand DATUM oder --alt eigene" in lines[3]  # the options that settle it
    assert not any(line.startswith("Neue DWZ: ") for line in lines[1:])  # no single number as a headline below
    en = run(*args(case), lang="en").output.splitlines()
    assert en[0] == f"New DWZ: {shown(new)} or {shown(old)} – depending on the scale of your DWZ {case['rating']}"
    assert "--stand DATE or --alt own" in en[3]


def test_json_carries_both_labelled() -> None:
    case = CASES["doubtful"]
    new, old = readings(case)
    d = json.loads(run(*args(case, "--json")).output)
    assert d["scale_doubtful"] is True
    r = d["readings"]
    assert (r["new"]["own_scale"], r["new"]["new_rating"], r["new"]["new_index"], r["new"]["change"]) == (
        "new", new.new_rating, new.new_index, new.change)
    assert (r["old"]["own_scale"], r["old"]["old_rating"], r["old"]["new_rating"], r["old"]["new_index"], r["old"]["change"]) == (
        "old", old.old_rating, old.new_rating, old.new_index, old.change)
    assert r["old"]["rating"] == r["new"]["rating"] == int(case["rating"].split("-")[0])
    assert "--stand" in r["texts"]["settle"] and "--alt eigene" in r["texts"]["settle"]  # worded for the command line
    assert d["new_rating"] == new.new_rating  # the result's keys: the reading after the Umstufung, as before


@pytest.mark.parametrize("said, reading", [("old", "old"), ("old_en", "old"), ("dated_old", "old"), ("dated_new", "new")])
def test_said_one_headline(said: str, reading: str) -> None:
    case = CASES["doubtful"]
    new, old = readings(case)
    r = old if reading == "old" else new
    out = run(*args(case, *SAID[said])).output.splitlines()
    assert " oder " not in out[0] and f"{r.new_rating}-{r.new_index}" in out[0]
    d = json.loads(run(*args(case, *SAID[said], "--json")).output)
    assert d["scale_doubtful"] is False and d["readings"] is None and d["new_rating"] == r.new_rating


def test_no_doubt_under_the_classic_rules() -> None:
    case = CASES["classic"]
    out = run(*args(case)).output.splitlines()
    r = dwz.rate(case["rating"], case["games"], end=case["end"])
    assert out[0] == f"Neue DWZ: {shown(r)}"


def test_which_values_are_in_doubt() -> None:
    """The decision (dwz.core.scale.own_doubtful): under the 2026 rules every value the Umstufung can
    produce — from its floor on —, nothing below it (refused instead), nothing once said or dated."""
    change = transition("old", "new")
    ed = edition_at(change.at)
    assert not own_doubtful(ed, change.floor - 1, None, None)
    assert all(own_doubtful(ed, v, None, None) == bool(change.inverse(v)) for v in range(change.floor, 3001))
    assert not own_doubtful(ed, 1500, "old", None) and not own_doubtful(ed, 1500, None, date(2026, 7, 1))
    assert not own_doubtful(edition_at(date(2026, 5, 31)), 1500, None, None)
