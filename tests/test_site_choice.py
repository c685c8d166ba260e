"""``read_hands(site=)`` (issue 40): the sites read; an unknown site is refused up front, naming
them; a text in no format pyeval knows is a skipped row with its line."""

from __future__ import annotations

from pathlib import Path

import pytest
import site_checks as sc

import pyeval
from pyeval.history.sites.registry import readers, sites

FIXTURES = Path(__file__).parent / "data" / "site_hands"


def test_every_site_listed_has_a_reader_that_reads_hands():
    assert len(sites()) == len(set(sites())) >= 16
    for site in sites():
        module = next(m for m in readers() if m.SITE == site)
        with pytest.raises(ValueError):
            module.parse("not a hand", "<text>", 1)


def test_an_unknown_site_names_the_sites_read_and_a_site_of_the_wrong_kind_is_a_type_error():
    with pytest.raises(ValueError, match="unknown site 'nowhere'; sites read: pokerstars, ggpoker"):
        pyeval.read_hands(str(FIXTURES / "side_pot.txt"), site="nowhere")
    with pytest.raises(TypeError, match="site must be"):
        pyeval.read_hands(str(FIXTURES / "side_pot.txt"), site=3)


def test_a_site_read_still_reads():
    assert len(pyeval.read_hands(str(FIXTURES / "side_pot.txt"), site="pokerstars").hands) == 1


def test_the_command_line_refuses_an_unknown_site_without_a_traceback():
    from cli_run import pyeval_cli

    done = pyeval_cli("hands", str(FIXTURES / "side_pot.txt"), "--site", "nowhere")
    assert done.returncode == 2 and "unknown site 'nowhere'" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_file_in_no_known_format_among_read_ones_is_a_row_with_its_line(tmp_path):
    text = (sc.FIXTURES / "winamax_allin.txt").read_text(encoding="utf-8")
    (tmp_path / "a.txt").write_text(text, encoding="utf-8")
    (tmp_path / "b.txt").write_text("Hand 1 of no site: Alice wins\nBob loses\n", encoding="utf-8")
    r = pyeval.read_hands(str(tmp_path))
    assert len(r.hands) == 1 and len(r.skipped) == 1
    assert r.skipped[0].site == "" and r.skipped[0].line == 1 and "not a hand history" in r.skipped[0].reason


@sc.needs_shared
@pytest.mark.parametrize("module_name", ["ongame", "entraction", "bossmedia", "microgaming", "merge"])
def test_a_hand_cut_short_is_skipped_with_its_id(module_name):
    """The formats whose ids are not written ``#<id>`` declare where the id is (``HAND_ID``): a
    hand cut short is a row naming the same id the hand has when read whole (IGT writes its id at
    the end of the hand: a hand cut short has none to name)."""
    from pyeval.history.sites.registry import decode, read_text, reader

    module = reader(module_name)
    checked = 0
    for path in sorted((sc.SHARED / module_name).rglob("*")):
        if not path.is_file():
            continue
        text = decode(path.read_bytes())
        for _line, piece in module.split(text):
            whole, _ = read_text(piece, str(path), module=module)
            if len(whole) != 1:
                continue
            cut, skipped = read_text(piece[: len(piece) * 3 // 5], str(path), module=module)
            assert cut == [] and len(skipped) == 1, (path, whole[0].id)
            assert skipped[0].id == whole[0].id, (path, skipped[0])
            checked += 1
    assert checked >= 3
