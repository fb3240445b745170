"""Issue 24, formats: what the third adversarial test of the readers found (§4 nested FIDE XML, §5 the
ZIP central directory, §8 a flood of games). §3 (named files: regular files only) is in
tests/cli/test_paths.py, §2 in tests/portal/test_faults.py, §6 in tests/cli/test_bad_arguments.py,
§7 in tests/web/test_server.py."""

from __future__ import annotations

import pytest

from dwz.formats.fide_list import iter_fide_list
from tests.formats.test_limits import peak_bytes


def fide_xml(players: int, depth: int) -> bytes:
    """A FIDE XML list of ``players`` players, each ``depth`` elements deeper than in FIDE's own file."""
    body = "".join(f"<player><fideid>{100000 + i}</fideid><name>Spieler, Nummer{i}</name><country>GER</country><sex>M</sex>"
                   f"<rating>{1500 + i % 900}</rating><games>0</games><k>20</k><birthday>1980</birthday><flag></flag></player>"
                   for i in range(players))
    return f"<playerslist>{'<g>' * depth}{body}{'</g>' * depth}</playerslist>".encode()


@pytest.mark.parametrize("depth", [1, 3])
def test_4_nested_fide_xml_streams_in_the_memory_of_the_flat_one(depth: int) -> None:
    """§4: the reader let go of the root's children only — one element deeper it kept every player
    (150,000 players: 228 MB nested, 20 MB flat). Now both take the same bounded memory."""
    n = 8_000
    flat, nested = fide_xml(n, 0), fide_xml(n, depth)
    counted: list[int] = []
    flat_peak, err = peak_bytes(lambda: counted.append(sum(1 for _ in iter_fide_list(flat))))
    assert err is None
    nested_peak, err = peak_bytes(lambda: counted.append(sum(1 for _ in iter_fide_list(nested))))
    assert err is None and counted == [n, n]
    assert nested_peak < 2 * flat_peak + (256 << 10), (nested_peak, flat_peak)  # before: 10 MiB vs 1 MiB
