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
