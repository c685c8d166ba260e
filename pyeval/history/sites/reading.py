"""Site files -> hands (``read_site_file``, ``read_site_text``) and -> the all-in EV's records
(``site_records``): decoding, the reader the text's start names, one ``Skipped`` row for every
piece not read."""

from __future__ import annotations

from pyeval.history.reader import HandRecord
from pyeval.history.sites.model import Hand, Skipped
from pyeval.history.sites.records import record_of
from pyeval.history.sites.registry import decode, detect, read_text

__all__ = ["SITE_SUFFIXES", "read_site_file", "read_site_text", "site_records", "site_file_records", "is_site_text"]

SITE_SUFFIXES = (".txt", ".xml", ".hh", ".log")
"""The file names a folder's site hand histories have (a file named outright is read whatever its
name)."""


def read_site_file(path: str, site: str | None = None) -> tuple[list[Hand], list[Skipped]]:
    """The hands of one file, and the pieces not read (a file that cannot be read: one row)."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        return [], [Skipped(path, 0, f"cannot read the file: {e.strerror or e}")]
    return read_site_text(decode(data), path, site)


def read_site_text(text: str, source: str = "<text>", site: str | None = None) -> tuple[list[Hand], list[Skipped]]:
    """The hands of one file's text (see ``registry.read_text``)."""
    return read_text(text, source, site)


def site_file_records(text: str, source: str) -> list[HandRecord] | None:
    """The all-in EV's records of a file's text when a site reader knows its format or it is not
    PHH (no ``variant``: one skipped row says so), else None (the caller reads it as PHH); the
    format detected once."""
    module = detect(text)
    if module is None and "variant" in text:
        return None
    return site_records(*read_text(text, source, module=module))


def is_site_text(text: str) -> bool:
    """Whether a site reader knows the text's format."""
    return detect(text) is not None


def site_records(hands: list[Hand], skipped: list[Skipped]) -> list[HandRecord]:
    """The all-in EV's records of a file's hands, then a skipped record for each piece not read."""
    records = [record_of(h, i) for i, h in enumerate(hands)]
    records += [HandRecord(s.source, len(hands) + k, s.id or None, "", None, [], [], [], line=s.line, skipped=s.reason,
                           site=s.site) for k, s in enumerate(skipped)]
    return records
