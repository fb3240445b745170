"""The public portal pages (issue 25): the DWZ card and the scoresheet read offline, each row
recomputed with the rules of its date, the implausible values, the complaint, the command.

Real values: tests/data/portal_pages (the DWZ card NU4241593 and two of its scoresheets, saved
15.09.2026; provenance in tests/data/README.md); the pages around them are written here in the
public structure (tests/portal/pages_build.py)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dwz.basics.errors import InputError
from dwz.portal.complaint import complaint_html, complaint_text
from dwz.portal.pagecheck import check_page
from dwz.portal.pages import PAGE_MAX, Card, Scoresheet, read_page
from dwz.rules import edition_for
from tests.portal.pages_build import REAL_BEZIRKSLIGA, REAL_CARD, REAL_RYCK, card_cells, card_html, real_sheet_html


def _card(rows: list[list[str]] | None = None, **kw: object) -> Card:
    page = read_page(card_html(rows if rows is not None else card_cells(), **kw).encode("utf-8"), "karte.html")  # type: ignore[arg-type]
    assert isinstance(page, Card)
    return page


def _row(pc: object, label: str) -> object:
    return next(r for r in pc.rows if r.label == label)  # type: ignore[attr-defined]


# --- the real card, row by row ------------------------------------------------------------------


@pytest.mark.parametrize("source", ["tsv", "html"])
def test_real_card_checks_out_row_by_row(source: str) -> None:
    page = read_page(REAL_CARD) if source == "tsv" else _card()
    assert isinstance(page, Card) and len(page.rows) == 12  # Nr. 1 … 11 and AKT
    pc = check_page(page)
    by = {r.label: r for r in pc.rows}
    # every row from 2063-8 on follows from the row before it with the rules of its date
    for label in ("Nr. 3", "Nr. 4", "Nr. 5", "Nr. 6", "Nr. 7", "Nr. 8", "Nr. 9", "Nr. 10", "Nr. 11", "AKT"):
        r = by[label]
        assert r.status == "agree", (label, r.values)
        rating = next(v for v in r.values if v.name == "rating")
        index = next(v for v in r.values if v.name == "index")
        assert rating.ours == rating.published and index.ours == index.published
    # the first two have no DWZ before them (the Alkmaar Open gave none): not recomputed, said why
    assert by["Nr. 1"].status == by["Nr. 2"].status == "not_compared"
    assert by["Nr. 2"].reason == "portal.pc.why.no_predecessor"
    # the edition by the registry for the row's date: the year before the Umstufung row is classic, after it 2026
    assert by["Nr. 10"].rules == edition_for(page.rows[9].day or __import__("datetime").date(2026, 6, 7)) == "dwz-classic"
    assert by["AKT"].rules == "dwz-2026" and by["Nr. 11"].rules == "umstufung-2026"
    assert [s.key for s in by["Nr. 11"].steps] == ["umst.middle", "core.index"]
    assert {s.key for s in by["AKT"].steps} >= {"core.aggregate", "k26.Rn", "core.index"}
    assert {s.key for s in by["Nr. 4"].steps} >= {"classic.Rn"}
    # no birth year shown: E/K taken as the card shows them, and said so
    assert "portal.pc.assume.coefficient_shown" in by["AKT"].assumptions
    assert pc.all_findings == () and pc.exit_code == 0


def test_birth_year_shown_recomputes_e_and_k() -> None:
    """With a birth year the card's E/K is recomputed too (WO Anhang 1.2/1.3): an adult of this card
    gets exactly the E 30 and K 25 shown; as a youth (J = 5) E would be 23 at 2063 — a difference."""
    adult = check_page(_card(birth="1985"))
    assert adult.exit_code == 0
    k = next(v for v in _row(adult, "AKT").values if v.name == "coefficient")  # type: ignore[attr-defined]
    assert (k.published, k.ours) == (25.0, 25.0)
    youth = check_page(_card(birth="2008"))
    e = next(v for v in _row(youth, "Nr. 4").values if v.name == "coefficient")  # type: ignore[attr-defined]
    assert e.published == 30 and e.ours == 23 and not e.agree
    assert _row(youth, "Nr. 4").status == "differ"  # type: ignore[attr-defined]


def test_a_wrong_published_dwz_is_a_difference_with_its_rechenweg() -> None:
    rows = card_cells()
    rows[0][9] = "2125 - 17"  # AKT: 2080 + 25·(6 − 4,344) = 2121,4 → 2121, not 2125
    pc = check_page(_card(rows))
    r = _row(pc, "AKT")
    assert r.status == "differ" and pc.exit_code == 1  # type: ignore[attr-defined]
    (d,) = r.differences  # type: ignore[attr-defined]
    assert (d.name, d.published, d.ours, d.rule) == ("rating", 2125, 2121, "WO 3.5.2")
    text = complaint_text(pc)
    assert "Ryck-Open 2026" in text and "Max Muster" in text
    assert "AKT: DWZ veröffentlicht 2125, nachgerechnet 2121 (WO 3.5.2)" in text
    assert "2080 + 25,0 · (6,0 − 4,3440) = 2121,40 → 2121" in text
    assert text.startswith("Bitte um Überprüfung der DWZ-Auswertung: Ryck-Open 2026")
    page = complaint_html(pc)
    assert "@media print" in page and "@page" in page and "http" not in page.replace("http-equiv", "")  # offline: nothing loaded
    assert "&lt;" not in text and "2125" in page


def test_scoresheet_we_in_sum_by_the_rule_of_its_end() -> None:
    for page in (read_page(REAL_RYCK), read_page(real_sheet_html().encode("utf-8"), "bogen.html")):
        assert isinstance(page, Scoresheet) and page.rating == 2080 and len(page.games) == 7
        pc = check_page(page)
        total = _row(pc, "Σ")
        assert total.status == "agree" and total.rules == "dwz-2026"  # type: ignore[attr-defined]
        we = next(v for v in total.values if v.name == "We")  # type: ignore[attr-defined]
        assert we.published == 4.344 and round(float(we.ours), 3) == 4.344
        # the per-game values are the site's estimate ("Geschätzter Erwartungswert"): shown beside P(D), not compared
        games = [r for r in pc.rows if r.label.startswith("Runde")]
        assert all(r.status == "not_compared" and r.reason == "portal.pc.why.estimate" for r in games)
        assert pc.exit_code == 0
    classic = check_page(read_page(REAL_BEZIRKSLIGA))  # ends 26.04.2026: the classic table, P(56) = 0.578
    assert _row(classic, "Σ").rules == "dwz-classic" and classic.exit_code == 0  # type: ignore[attr-defined]


def test_the_pages_per_game_values_are_no_wo_expectation() -> None:
    """Why the per-game values are not compared: they follow 1/(1 + 10^(−D/400)) (the website's own
    estimate), not Φ(D/(200·√2)) (WO 3.3.1); the sum row ("Realer Erwartungswert") is the portal's We."""
    page = read_page(REAL_RYCK)
    assert isinstance(page, Scoresheet) and page.rating is not None
    for g in page.games:
        assert g.opponent_rating is not None and g.we_shown is not None
        assert round(1 / (1 + 10 ** (-(page.rating - g.opponent_rating) / 400)), 3) == g.we_shown
    p1 = next(v for v in check_page(page).rows[0].values if v.name == "P")
    assert p1.published == 0.829 and round(float(p1.ours), 3) == 0.834  # type: ignore[arg-type]


# --- plausibility ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("row", "col", "value", "code", "rule"), [
    (0, 8, "-12", "performance_negative", "WO 3.6.1"),
    (1, 9, "1050 - 16", "rating_below_scale", "Umstufung 2026, WO 3.5.2"),
    (3, 9, "2065 - 15", "index_not_next", "WO 2.2.4"),
    (5, 6, "45", "coefficient_outside", "WO Anhang 1.2"),
    (0, 6, "90", "coefficient_outside", "WO Anhang 1.3"),
    (4, 5, "1,447", "we_impossible", "WO 3.3.1"),
])
def test_implausible_values_are_named_with_their_rule(row: int, col: int, value: str, code: str, rule: str) -> None:
    rows = card_cells()
    rows[row][col] = value
    pc = check_page(_card(rows))
    found = [(f.code, f.rule) for f in pc.all_findings]
    assert (code, rule) in found, found
    assert pc.exit_code == 1
    assert f"({rule})" in complaint_text(pc)


def test_a_first_dwz_on_a_card_without_club_is_implausible() -> None:
    rows = card_cells()
    pc = check_page(_card(rows, club=None, zps="-"))
    assert [(f.where, f.code, f.rule) for f in pc.all_findings] == [("Nr. 2", "non_member_rating", "WO 3.4.3")]
    assert check_page(read_page(REAL_CARD)).all_findings == ()  # a copy without the header: membership unknown, nothing said


# --- the parser ------------------------------------------------------------------------------------


def test_a_copied_card_with_trailing_tabs_dropped_reads_the_same() -> None:
    text = "\n".join(line.rstrip("\t") for line in REAL_CARD.read_text(encoding="utf-8").splitlines())
    a, b = read_page(text, "kopie.txt"), read_page(REAL_CARD)
    assert isinstance(a, Card) and isinstance(b, Card)
    assert [(r.no, r.rating, r.index, r.we, r.coefficient) for r in a.rows] == [(r.no, r.rating, r.index, r.we, r.coefficient) for r in b.rows]
    assert a.rows[0].w_halves == 5 and a.rows[-1].w_halves == 12  # oldest first: 2½ in Alkmaar, 6 in the Ryck-Open


def test_not_a_page_says_what_is_expected_and_how_to_save_it() -> None:
    with pytest.raises(InputError) as e:
        read_page(b"<html><table><tr><td>Hallo</td></tr></table></html>", "falsch.html")
    (msg,) = e.value.messages("de")
    assert msg.startswith("falsch.html: Keine Seite des DSB-Wertungsportals") and "Seite speichern unter" in msg and "Strg+A" in msg
    (en,) = e.value.messages("en")
    assert "Save page as" in en


def test_a_bad_cell_names_line_and_column() -> None:
    rows = card_cells()
    rows[2][3] = "5x"
    with pytest.raises(InputError) as e:
        read_page("\t".join(["Nr.", "Jahr", "Turnier", "Pkt.", "Par.", "We", "E", "Gegn.", "Lstg.", "Akt. DWZ"]) + "\n"
                  + "\n".join("\t".join(r) for r in rows), "kopie.txt")
    assert e.value.messages("de", "cli") == ["kopie.txt, Zeile 4: Spalte „Pkt.“: '5x' – erwartet Punkte wie 5½, ½ oder 6"]


def test_input_is_bounded() -> None:
    with pytest.raises(InputError) as e:
        read_page(b" " * (PAGE_MAX + 1), "gross.html")
    assert e.value.problems[0].code == "file_too_large"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.binary(max_size=600), st.text(max_size=600),
                 st.lists(st.sampled_from(["<table>", "<tr>", "<td>", "</td>", "</tr>", "</table>", "Nr.\t", "Jahr\t", "Turnier\t",
                                           "Pkt.\t", "Par.\t", "We\t", "E\t", "Gegn.\t", "Lstg.\t", "Akt. DWZ", "\n", "AKT\t", "2026\t",
                                           "5½\t", "4,344\t", "2121 - 17", "Σ\t", "Runde\tGegner\tScoresheet\tDWZ\tErgebnis\tWe\n",
                                           "1\tA\tSC\t1806\t1\t0.829\n", "<a href='x'>", "&nbsp;", "<script>", "-7\t"]),
                          max_size=60).map("".join)))
def test_fuzz_the_parser_reads_or_refuses(data: bytes | str) -> None:
    """Any input: a page, or an InputError — never another exception; a page read is checked without one too."""
    try:
        page = read_page(data, "fuzz")
    except InputError as e:
        assert e.problems and all(p.message("de") for p in e.problems)
        return
    pc = check_page(page)
    assert pc.exit_code in (0, 1)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(1200, 2600), st.integers(1, 40), st.integers(0, 18), st.integers(1, 9)), min_size=1, max_size=8))
def test_property_html_and_copy_read_alike(rows: list[tuple[int, int, int, int]]) -> None:
    """A card's HTML and its text copy give the same rows (the same translation of the same table)."""
    cells = []
    for k, (rating, index, halves, n) in enumerate(rows):
        w = min(halves, 2 * n)
        pts = f"{w // 2}{'½' if w % 2 else ''}" if w else "0"
        cells.append([str(len(rows) - k), "2025", f"Turnier {k}", pts, str(n), f"{n / 2:.3f}".replace(".", ","), "30", "1900", "",
                      f"{rating} - {index}"])
    a = _card(cells)
    b = read_page("\t".join(["Nr.", "Jahr", "Turnier", "Pkt.", "Par.", "We", "E", "Gegn.", "Lstg.", "Akt. DWZ"]) + "\n"
                  + "\n".join("\t".join(c) for c in cells), "kopie.txt")
    assert isinstance(b, Card)
    assert [(r.w_halves, r.games, r.we, r.rating, r.index) for r in a.rows] == [(r.w_halves, r.games, r.we, r.rating, r.index) for r in b.rows]


# --- the command ------------------------------------------------------------------------------------


def _dwz(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    from tests.conftest import dwz_command

    env = {k: v for k, v in os.environ.items() if not k.startswith(("DWZ_", "XDG_"))}  # no credentials anywhere
    env.update(HOME=str(cwd), XDG_CONFIG_HOME=str(cwd / "config"), COLUMNS="120", PYTHONIOENCODING="utf-8")
    return subprocess.run([*dwz_command(), *args], capture_output=True, text=True, encoding="utf-8", env=env, cwd=cwd, timeout=60)


def test_cli_exit_codes_and_complaint(tmp_path: Path) -> None:
    good = tmp_path / "karte.html"
    good.write_text(card_html(card_cells()), encoding="utf-8")
    r = _dwz("portal", "gegenpruefung", "--seite", str(good), cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "Ergebnis: 12 Zeilen – 10 gleich, 0 abweichend, 2 nicht nachgerechnet; 0 auffällige Werte." in r.stdout
    r = _dwz("portal", "gegenpruefung", "--seite", str(good), "-o", str(tmp_path / "reklamation.txt"), cwd=tmp_path)
    assert r.returncode == 0 and not (tmp_path / "reklamation.txt").exists()
    assert "Nichts zu beanstanden" in r.stderr

    rows = card_cells()
    rows[0][9] = "2125 - 17"
    bad = tmp_path / "falsch.html"
    bad.write_text(card_html(rows), encoding="utf-8")
    for out in ("reklamation.txt", "reklamation.html"):
        r = _dwz("portal", "gegenpruefung", "--seite", str(bad), "-o", str(tmp_path / out), "--lang", "en", cwd=tmp_path)
        assert r.returncode == 1, r.stderr
        assert "DWZ: page 2125 · dwz 2121  (WO 3.5.2)" in r.stdout  # English on the terminal …
        assert "nachgerechnet 2121" in (tmp_path / out).read_text(encoding="utf-8")  # … the complaint in German for the officer

    other = tmp_path / "etwas.html"
    other.write_text("<html><body><table><tr><td>1</td></tr></table></body></html>", encoding="utf-8")
    r = _dwz("portal", "gegenpruefung", "--seite", str(other), cwd=tmp_path)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert "Keine Seite des DSB-Wertungsportals" in r.stderr and "Seite speichern unter" in r.stderr
    r = _dwz("portal", "gegenpruefung", "--seite", str(good), "-o", str(tmp_path / "x.pdf"), cwd=tmp_path)
    assert r.returncode == 2 and "Ausgabe '.pdf'" in r.stderr


def test_the_guides_examples_are_the_real_values_and_the_real_complaint() -> None:
    """docs/beispiele/karteikarte.html is the real card's values in the public structure; the complaint
    the guide shows is the one dwz writes for karteikarte-abweichung.html (one DWZ changed)."""
    from tests.conftest import ROOT

    docs = ROOT / "docs"
    assert (docs / "beispiele" / "karteikarte.html").read_text(encoding="utf-8") == card_html(card_cells())
    rows = card_cells()
    rows[0][9] = "2125 - 17"
    assert (docs / "beispiele" / "karteikarte-abweichung.html").read_text(encoding="utf-8") == card_html(rows)
    guide = (docs / "anleitung.md").read_text(encoding="utf-8")
    shown = guide.split("Die Datei `reklamation.txt`", 1)[1].split("```text\n", 1)[1].split("```", 1)[0]
    page = read_page(docs / "beispiele" / "karteikarte-abweichung.html", "docs/beispiele/karteikarte-abweichung.html")
    assert shown == complaint_text(check_page(page))


@pytest.mark.parametrize("birth", ["2030", "1700"])
def test_an_impossible_birth_year_is_not_used(birth: str) -> None:
    """A birth year after the row's year or outside any life (1850–2100): E/K as shown, no error."""
    pc = check_page(_card(birth=birth))
    assert pc.exit_code == 0 and "portal.pc.assume.coefficient_shown" in _row(pc, "AKT").assumptions  # type: ignore[attr-defined]
