"""The tournament director's page in real Chromium (issue 9 §5): the Swiss-Chess SWT sample with
a DSB list built here from the sample's header, the match report read off the page, the
pre-upload check in the page's words, the DSB XML 2.5 downloaded and parsed; a file without an
end date asks for it in the form; the rule options and list uploads take effect."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path
from typing import Any

import pytest
from tests.conftest import SAMPLES

from dwz.formats import read_tournament

expect = pytest.importorskip("playwright.sync_api").expect
pytestmark = pytest.mark.browser

SWT = SAMPLES / "swt" / "SwissIndividual.SWT"
TRF = SAMPLES / "trf" / "lichess_swiss_2021_03.trf"


def dsb_list(tmp: Path) -> tuple[Path, Any]:
    """A Landesverband's list in the DSB's csv_v2 form (the sample's header): the SWT's first two
    players (the second with another DWZ than the file) and a near-miss of the third's name."""
    t = read_tournament(SWT)
    header = (SAMPLES / "dsb" / "spieler_v2_example.csv").read_text(encoding="latin-1").splitlines()[0]
    p1, p2, p3 = t.players[:3]
    last, first = p3.name.split(",")
    rows = [f'10000001,{p1.zps},{int(p1.member_no or 0)},A,"{p1.name}",M,D,{p1.birth_year},201320,{p1.rating},{p1.index},,,,',
            f'10000002,{p2.zps},{int(p2.member_no or 0)},A,"{p2.name}",M,D,{p2.birth_year},201320,{(p2.rating or 0) + 15},{p2.index},,,,',
            f'10000003,99999,1,A,"{last.replace("a", "e", 1)},{first}",W,D,{p3.birth_year},201320,{p3.rating},{p3.index},,,,']
    path = tmp / "LV-0-dwzliste.zip"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("spieler.csv", "\r\n".join([header, *rows]) + "\r\n")
    return path, t


@pytest.fixture()
def page(browser: Any, server: str) -> Any:
    context = browser.new_context(base_url=server, locale="de-DE", viewport={"width": 1280, "height": 900}, accept_downloads=True)
    p = context.new_page()
    p.set_default_timeout(15000)
    errors: list[str] = []
    p.on("pageerror", lambda e: errors.append(str(e)))
    yield p
    context.close()
    assert errors == []


def test_swt_with_a_dsb_list_match_report_check_and_xml(page: Any, tmp_path: Path, screenshot: Any) -> None:
    listed, t = dsb_list(tmp_path)
    page.goto("/turnier")
    accept = page.get_attribute("#file", "accept") or ""
    assert all(ext in accept for ext in (".swt", ".pgn", ".xml", ".trf", ".swi"))
    page.set_input_files("#file", str(SWT))
    page.set_input_files("#rating_list", str(listed))
    page.click("#upload")
    page.wait_for_selector("#eval-table")
    assert page.locator("#eval-table tbody tr").count() == len(t.players)
    status = page.locator("#result-status").inner_text()
    assert t.name in status and "26.05.2013" in status  # the SWT's end date, German
    # the match report: who was found and how, who not (with the closest entry), what differs
    match = page.locator("#match")
    found = match.locator("details.match-found")
    found.locator("summary").click()
    assert found.locator("tbody tr").count() == 2 and "ZPS und Mitgliedsnummer" in found.inner_text()
    missing = match.locator("table.match-missing tbody tr")
    assert missing.count() == len(t.players) - 2
    assert "Dorsey" in missing.first.inner_text() and t.players[2].name in missing.first.inner_text()
    conflict = match.locator("table.match-conflicts tbody tr")
    assert conflict.count() == 1
    cells = conflict.first.locator("td").all_inner_texts()
    assert cells[-3:] == [str(t.players[1].rating), str(t.players[1].rating + 15), str(t.players[1].rating)]  # the file's value stays
    # the pre-upload check, its fixes in the page's words (no command-line option anywhere)
    check = page.locator("#check")
    assert "Nicht in der DWZ-Liste gefunden" in check.inner_text()
    page.evaluate("document.querySelectorAll('#check details').forEach(d => d.open = true)")
    assert not re.search(r"--[a-z]", page.locator("#result").inner_text())
    # the DSB upload file, downloaded with the files still selected, parsed; its remarks on the page
    with page.expect_download() as dl:
        page.click("#downloads button[data-output='dsb-xml']")
    assert dl.value.suggested_filename.endswith(".xml")
    root = ET.parse(dl.value.path()).getroot()
    ns = {"d": root.tag[1:].split("}")[0]} if root.tag.startswith("{") else {"d": ""}
    assert root.tag.endswith("DSB_DWZ_TournamentReport") and root.get("version") == "2.5"
    assert len(root.findall("d:players/d:player", ns)) == len(t.players)
    assert root.find("d:tournament/d:endDate", ns) is not None and root.find("d:tournament/d:endDate", ns).text == "2013-05-26"  # type: ignore[union-attr]
    assert "DSB-XML 2.5" in page.locator("#xml-dsb-xml summary").inner_text()
    with page.expect_download() as dl:
        page.click("#downloads button[data-output='dewis-xml']")
    assert ET.parse(dl.value.path()).getroot().tag.endswith("dewis")
    screenshot(page, "turnier_swt_list")


def test_end_date_asked_for_in_the_form(page: Any, tmp_path: Path) -> None:
    lines = [line for line in TRF.read_bytes().split(b"\n") if not line.startswith((b"042", b"052", b"132"))]
    no_end = tmp_path / "ohne_ende.trf"
    no_end.write_bytes(b"\n".join(lines))
    assert read_tournament(no_end).end is None
    page.goto("/turnier")
    page.set_input_files("#file", str(no_end))
    page.click("#upload")
    page.wait_for_selector("#upload-errors")
    box = page.locator("#upload-errors").inner_text()
    assert "Turnierende" in box and "--end" not in box
    expect(page.locator("#end")).to_have_attribute("aria-invalid", "true")
    assert page.evaluate("document.activeElement.id") == "end"
    page.fill("#end", "2021-03-20")
    page.click("#upload")
    page.wait_for_selector("#eval-table")
    assert "20.03.2021" in page.locator("#result-status").inner_text()
    assert page.locator("#upload-errors").count() == 0


def test_rule_options_take_effect(page: Any) -> None:
    page.goto("/turnier")
    page.set_input_files("#file", str(SWT))
    page.click("#upload")
    page.wait_for_selector("#eval-table")
    default = page.locator("#eval-table tbody").inner_text()
    page.click("details.options summary >> nth=0")
    page.select_option("#rules", "dwz-2026")
    page.click("#upload")
    # the 2026 rules on the sample of 2013: its DWZ 763 is no value of the new scale — refused until said
    expect(page.locator("#upload-errors")).to_contain_text("„DWZ der Datei von vor der Umstufung“")
    page.check("#opt-old_scale")
    page.click("#upload")
    expect(page.locator("#result-status")).to_contain_text("WO 2026")
    assert page.locator("#eval-table tbody").inner_text() != default  # the 2026 rules give other numbers
    with page.expect_download() as dl:
        page.click("#downloads button[data-output='json']")
    doc = Path(dl.value.path()).read_text(encoding="utf-8")
    assert '"rules": "dwz-2026"' in doc and '"check"' in doc
