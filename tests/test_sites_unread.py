"""The smaller sites' formats pyeval recognises but does not read (``pyeval.history.sites.unread``):
every hand of their shared files is one skipped row naming the site, none lost, none a crash."""

from __future__ import annotations

import pytest
import site_checks as sc

import pyeval

UNREAD = {"bossmedia": "Boss Media", "entraction": "Entraction", "igt": "IGT",
          "merge": "Merge Network", "microgaming": "Microgaming"}


@sc.needs_shared
@pytest.mark.parametrize("folder", sorted(UNREAD))
def test_each_hand_is_skipped_naming_the_site(folder):
    result = sc.read_folder(folder)
    assert result.hands == []
    assert {s.site for s in result.skipped} == {folder}
    assert all(UNREAD[folder] in s.reason and "not read" in s.reason for s in result.skipped)
    counts = sc.index_counts(folder)
    got = {p: sum(1 for s in result.skipped if s.source == p) for p in counts}
    assert got == counts


def test_an_unread_hand_among_read_ones_is_a_row_with_its_line(tmp_path):
    text = (sc.FIXTURES / "winamax_allin.txt").read_text(encoding="utf-8")
    (tmp_path / "a.txt").write_text(text, encoding="utf-8")
    (tmp_path / "b.txt").write_text("Hand 1 of no site: Alice wins\nBob loses\n", encoding="utf-8")
    r = pyeval.read_hands(str(tmp_path))
    assert len(r.hands) == 1 and len(r.skipped) == 1
    assert r.skipped[0].site == "" and r.skipped[0].line == 1 and "not a hand history" in r.skipped[0].reason
