"""``read_hands(site=)`` (issue 40): the sites read and those recognised but refused are two
lists; a refused site is refused up front, naming both."""

from __future__ import annotations

from pathlib import Path

import pytest

import pyeval
from pyeval.history.sites.registry import refused_sites, sites

FIXTURES = Path(__file__).parent / "data" / "site_hands"


def test_the_sites_read_and_the_sites_refused_are_apart():
    assert "pokerstars" in sites() and "merge" not in sites()
    assert "merge" in refused_sites() and "pokerstars" not in refused_sites()
    assert not set(sites()) & set(refused_sites())
    for site in sites():  # each site listed as read reads hands (no refusing reader among them)
        from pyeval.history.sites.registry import readers

        module = next(m for m in readers() if m.SITE == site)
        with pytest.raises(ValueError) as e:
            module.parse("not a hand", "<text>", 1)
        assert "hand not read: pyeval has no reader" not in str(e.value)


@pytest.mark.parametrize("site", ["merge", "microgaming"])
def test_a_refused_site_is_refused_up_front_naming_the_sites_read(site):
    with pytest.raises(ValueError, match=f"site '{site}': its format is recognised but pyeval does not read it") as e:
        pyeval.read_hands(str(FIXTURES / "side_pot.txt"), site=site)
    assert "pokerstars" in str(e.value)
    with pytest.raises(ValueError, match="recognised but pyeval does not read"):
        pyeval.read_hands((FIXTURES / "side_pot.txt").read_text(), site=site)


def test_an_unknown_site_names_both_lists_and_a_site_of_the_wrong_kind_is_a_type_error():
    with pytest.raises(ValueError, match="unknown site 'nowhere'; sites read: pokerstars.*not read: .*merge"):
        pyeval.read_hands(str(FIXTURES / "side_pot.txt"), site="nowhere")
    with pytest.raises(TypeError, match="site must be"):
        pyeval.read_hands(str(FIXTURES / "side_pot.txt"), site=3)


def test_a_site_read_still_reads():
    assert len(pyeval.read_hands(str(FIXTURES / "side_pot.txt"), site="pokerstars").hands) == 1


def test_the_command_line_refuses_a_refused_site_without_a_traceback():
    from cli_run import pyeval_cli

    done = pyeval_cli("hands", str(FIXTURES / "side_pot.txt"), "--site", "merge")
    assert done.returncode == 2 and "recognised but pyeval does not read it" in done.stderr
    assert "Traceback" not in done.stderr
