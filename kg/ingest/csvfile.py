"""Reader of CSV and TSV files of paper records (a header row names the fields).

Columns are read by :func:`kg.ingest.fields.paper_from_fields` (``title``,
``abstract``, ``authors`` — "A and B", "A; B" or "A, B" —, ``date`` or
``year``, ``url``, ``arXiv id``, ``doi``...). A header split by ";" or tabs
instead of the expected delimiter sets the delimiter. A file without an abstract
column is an :class:`~kg.errors.InputError`.
"""

from __future__ import annotations

import csv
import io
from itertools import islice

from ..errors import InputError
from .fields import ABSTRACT_FIELDS, KNOWN_FIELDS, SkipRecord, Skips, key, paper_from_fields

__all__ = ["parse_csv", "looks_like_csv"]

_ABSTRACT_COLUMNS = {*ABSTRACT_FIELDS, "abstractinvertedindex"}


_DELIMITER_NAMES = {",": "comma", ";": "semicolon", "\t": "tab"}


def _delimiter(header: str, expected: str) -> str:
    """*expected*, unless the header row is split by another common delimiter only (";" in a
    spreadsheet's CSV export for a European locale, tabs in a .csv file)."""
    if expected in header:
        return expected
    return next((d for d in (";", "\t", ",") if d in header), expected)


def looks_like_csv(text: str) -> str:
    """The delimiter of *text* if it starts with a CSV or TSV header that names an abstract column, followed by
    a record of as many cells, or a header of field names only ("title,abstract" in a file saved as .txt); else ""."""
    delimiter = _delimiter(text.split("\n", 1)[0], ",")
    try:
        rows = list(islice(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter), 2))
    except csv.Error:
        return ""
    header = rows[0] if rows else []
    if len(header) < 2 or not any(key(name) in _ABSTRACT_COLUMNS for name in header):
        return ""
    same_width = len(rows) == 1 or len(rows[1]) == len(header)
    return delimiter if same_width or all(key(name) in KNOWN_FIELDS for name in header) else ""


def parse_csv(text: str, *, source: str = "", delimiter: str = ",") -> list:
    """Papers of a CSV (``delimiter=","``) or TSV (``"\\t"``) document with a header row."""
    csv.field_size_limit(max(csv.field_size_limit(), 10_000_000))
    delimiter = _delimiter(text.split("\n", 1)[0], delimiter)
    reader = csv.DictReader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    try:
        header = reader.fieldnames or []
    except csv.Error as exc:
        raise InputError(f"{source}:1: not valid CSV ({exc})") from exc
    if not any(key(name) in _ABSTRACT_COLUMNS for name in header if name):
        shown = ", ".join(repr(h if len(h) <= 40 else h[:39] + "…") for h in header[:30]) or "none"  # a row of data?
        shown += f", … ({len(header) - 30} more)" if len(header) > 30 else ""
        raise InputError(f"{source}: no abstract column in the header (expected 'abstract' or 'summary'; found {shown})")
    skips = Skips(source)
    papers = []
    while True:
        start = reader.line_num + 1  # where the record begins (a quoted cell may span lines)
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            if "unexpected end of data" in str(exc):  # the rest of the file went into one cell
                raise InputError(f"{source}:{start}: a quoted cell opened in this row is never closed") from exc
            skips.count()
            skips.skip(start, f"malformed row ({exc})")
            continue
        cells = [cell for cell in row.values() if isinstance(cell, str)] + row.get(None, [])
        if not any(cell.strip() for cell in cells):
            continue  # ",,,," is a blank line of a spreadsheet, no record
        skips.count()
        if any(cell.strip() for cell in row.get(None, ())):  # more cells than header names (empty ones are harmless)
            skips.skip(start, f"malformed row ({len(header) + len(row[None])} cells, header has {len(header)}: "
                              f"quote a cell that holds a {_DELIMITER_NAMES.get(delimiter, repr(delimiter))})")
            continue
        try:
            papers.append(paper_from_fields({k: v for k, v in row.items() if k}, source=f"{source}:{start}"))
        except SkipRecord as exc:
            skips.skip(start, str(exc))
    skips.summary()
    return papers
