"""Server-rendered pages (the no-JavaScript path), security headers, escaping, the serve command."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.conftest import SAMPLES
from tests.web import _official as official

from dwz.i18n import CATALOGS

STATIC = Path(__file__).resolve().parents[2] / "src" / "dwz" / "web" / "static"
TEMPLATES = STATIC.parent / "templates"
EXAMPLE_QUERY = ("/?rating=1650-12&birth_year=1985&end=2026-09-14&opp=1580&res=1&opp=1720&res=%C2%BD&opp=1810&res=0"
                 "&opp=1600&res=1&opp=1690&res=%C2%BD")


def test_dwz_page_without_javascript(client: Any) -> None:
    html = client.get(EXAMPLE_QUERY).text
    new, change, k = official.reference_example()  # vectors: reference 001's example
    assert f'id="new-dwz">{new}<' in html
    assert f"Neue DWZ: {new} (+{change})" in html
    assert f"K = {k:.1f}".replace(".", ",") in html and "2,300" in html and "+0,700" in html  # German numbers
    assert "Erwachsene (über 25)" in html and "WO 2026" in html
    assert all(f'<svg class="chart chart-{w}"' in html for w in (360, 480, 640)) and "Was die Prognose nicht wissen kann" in html
    assert 'role="status"' in html and "<details" in html


def test_dwz_page_english(client: Any) -> None:
    html = client.get(EXAMPLE_QUERY + "&lang=en").text
    new, change, k = official.reference_example()
    assert '<html lang="en"' in html and f"New DWZ: {new} (+{change})" in html and f"K = {k:.1f}" in html
    assert 'name="lang" value="en"' in html


def test_row_actions_and_paste(client: Any) -> None:
    html = client.get("/?rating=1650-12&end=2026-09-14&paste=1580:1+1720:%3D&action=add_game").text
    assert html.count('name="opp"') == 3
    assert 'value="½" selected' in html  # "=" shown as the engine's code
    html = client.get("/?rating=1650-12&end=2026-09-14&opp=1580&res=1&opp=1720&res=0&action=remove_game-0").text
    assert html.count('name="opp"') == 1 and 'value="1720"' in html


def test_first_dwz_and_rest_rows(client: Any) -> None:
    html = client.get("/?rating=0&end=2014-08-01&opp=894&res=1&opp=1087&res=0&opp=905&res=1&opp=1255&res=0"
                      "&rest_opp=1177&rest_res=0&birth_year=2000").text
    assert 'id="rest-fs" hidden' not in html
    assert "Erst-DWZ" in html and "Restpartie" in html


def test_errors_next_to_rows(client: Any) -> None:
    html = client.get("/?rating=1650-12&end=2026-09-14&opp=1580&res=1&opp=15x0&res=1&opp=1600&res=").text
    assert re.search(r'id="game-msg-1"><span class="error">Gegner-DWZ &#39;15x0&#39; ist keine ganze Zahl', html)
    assert "Ergebnis fehlt" in html  # the row without a result is flagged, not sent


def test_umstufung_and_age(client: Any) -> None:
    html = client.get("/?u_rating=2110-16&u_dir=inverse&birth_year=2004&end=2026-09-14&action=age").text
    assert "2109, 2110" in html and "nicht eindeutig" in html
    assert "A = 2026 − 2004 = 22" in html


def test_elo_page_without_javascript(client: Any) -> None:
    html = client.get("/elo?rating=1500&k_mode=20&period=2026-09-01&games=1600%3A1%0D%0A2000%3A0%2C5&mode=period").text
    assert 'id="new-elo">' in html and "400-Regel" in html and "%" in html
    html = client.get("/elo?rating=1500&k_mode=custom&k_custom=abc&games=1600%3A1").text
    assert "K muss eine ganze Zahl" in html
    html = client.get("/elo?rating=1500&games=1600%3A1%0Axx").text
    assert "Zeile 2" in html
    html = client.get("/elo?i_games=1500:1%0A1600:0,5%0A1700:0%0A1650:0,5%0A1550:0,5&i_period=2026-01-01").text
    assert f'id="initial-value">{official.initial((1500, 1600, 1700, 1650, 1550))[0]}<' in html


def test_security_headers(client: Any) -> None:
    for path in ("/", "/elo", "/turnier", "/docs", "/api/dwz/context", "/static/app.css"):
        h = client.get(path).headers
        csp = h["content-security-policy"]
        assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp and "unsafe-eval" not in csp
        assert h["x-content-type-options"] == "nosniff"
        assert h["referrer-policy"] == "no-referrer"
    assert "style-src 'self';" in client.get("/").headers["content-security-policy"]


def test_no_inline_script_style_or_handlers() -> None:
    for f in TEMPLATES.glob("*.html"):
        src = f.read_text(encoding="utf-8")
        for tag in re.findall(r"<script\b[^>]*>", src):
            assert "src=" in tag or 'type="application/json"' in tag, (f.name, tag)
        assert not re.search(r"\son[a-z]+=", src), f.name
        assert "style=" not in src and "<style" not in src, f.name
    for f in STATIC.glob("*.js"):
        src = f.read_text(encoding="utf-8")
        assert "innerHTML" not in src and "eval(" not in src and "setAttribute('style'" not in src, f.name


def test_everything_is_local() -> None:
    for f in list(TEMPLATES.glob("*.html")) + list(STATIC.glob("*.js")) + list(STATIC.glob("*.css")):
        src = f.read_text(encoding="utf-8")
        assert not re.search(r"""(src|href)=["']?(https?:)?//""", src), f.name
        assert "@import" not in src and "url(http" not in src, f.name
    assert (STATIC / "swagger-ui" / "swagger-ui-bundle.js").exists() and (STATIC / "swagger-ui" / "LICENSE").exists()


def test_user_input_is_escaped(client: Any) -> None:
    evil = "<script>alert(1)</script>"
    html = client.get("/", params={"rating": evil, "opp": evil, "res": evil, "birth_year": evil, "u_rating": evil}).text
    assert evil not in html and "&lt;script&gt;" in html
    html = client.get("/elo", params={"rating": evil, "games": evil}).text
    assert evil not in html


def test_i18n_data_block_cannot_close_its_script(client: Any) -> None:
    html = client.get("/").text
    block = html.split('id="i18n-data">', 1)[1].split("</script>", 1)[0]
    assert "</" not in block


def test_catalogs_have_the_same_ui_keys() -> None:
    assert set(CATALOGS["de"]["ui"]) == set(CATALOGS["en"]["ui"])
    assert set(CATALOGS["de"]["problems"]) == set(CATALOGS["en"]["problems"])


def test_turnier_page_limits_and_upload_errors(client: Any) -> None:
    from dwz.web.tournament import LIMITS

    html = client.get("/turnier").text
    mib = LIMITS["file_bytes"] // (1 << 20)
    assert 'enctype="multipart/form-data"' in html and f"höchstens {mib} MB" in html
    assert f"höchstens {LIMITS['list_bytes'] // (1 << 20)} MB" in html  # a Landesverband's DSB list fits
    r = client.post("/turnier", files={"file": ("big.trf", b"x" * (LIMITS["file_bytes"] + 1))})
    assert r.status_code == 413 and "zu groß" in r.text
    r = client.post("/turnier", files={"file": ("empty.trf", b"")})
    assert r.status_code == 400 and "Bitte eine Turnierdatei" in r.text
    r = client.post("/api/turnier", files={"file": ("big.trf", b"x" * (LIMITS["body_bytes"] + 1))})
    assert r.status_code == 413


def test_uploaded_names_never_become_paths() -> None:
    from dwz.web.tournament import safe_name

    assert safe_name("../../etc/passwd") == "passwd"
    assert safe_name("/etc/shadow") == "shadow"
    assert safe_name("..") == "upload"


def test_serve_command_is_registered_and_lazy() -> None:
    out = subprocess.run([sys.executable, "-m", "dwz", "serve", "--help"], capture_output=True, text=True, check=True).stdout
    assert "--port" in out and "--host" in out
    code = "import sys, dwz.cli.serve, dwz.cli.main; dwz.cli.main._register_optional(); print('fastapi' in sys.modules, 'uvicorn' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip() == "False False"


SWI = SAMPLES / "swi" / "stadtmeisterschaft_le_2011.cp850.swi"


def test_turnier_upload_evaluates_every_player(client: Any) -> None:
    from dwz.web import tournament

    if not tournament.available():
        return
    data = SWI.read_bytes()
    r = client.post("/api/turnier", files={"file": (SWI.name, data)})
    assert r.status_code == 200 and len(r.json()["players"]) == 12
    html = client.post("/turnier", files={"file": ("../../etc/" + SWI.name, data)}).text
    assert html.count('<th scope="row" translate="no"><a href="#rw-') == 12
    r = client.post("/turnier", files={"file": ("bad.trf", b"012 x\n001 garbage\n")})
    assert r.status_code == 422 and 'class="line">Zeile 2<' in r.text
    r = client.post("/api/turnier", files={"file": ("bad.trf", b"012 x\n001 garbage\n")})
    assert r.status_code == 422 and r.json()["detail"][0]["loc"][:2] == ["body", "file"]
