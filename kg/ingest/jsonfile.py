"""Reader of JSON and JSON Lines files of paper records.

JSON: a list of records, one record, or an API response wrapping the list
(``data`` — Semantic Scholar —, ``results`` — OpenAlex —, ``papers``,
``items``, ``records``). JSON Lines: one record per line; blank lines are
ignored. Records are read by :func:`kg.ingest.fields.paper_from_fields`.
"""

from __future__ import annotations

import json
import re

from ..errors import InputError
from .fields import SkipRecord, Skips, paper_from_fields

__all__ = ["parse_json", "parse_jsonl", "looks_like_jsonl", "is_json_document"]

_WRAPPERS = ("data", "results", "papers", "items", "records", "works")


def _records(skips: Skips, items):
    """(where, record) pairs → papers; non-objects and unusable records are skipped with a warning."""
    papers = []
    for where, item in items:
        skips.count()
        if not isinstance(item, dict):
            skips.skip(where, f"not an object ({_JSON_KIND.get(type(item), 'a JSON list')})")
            continue
        bad = _not_text(item)
        if bad:
            skips.skip(where, f"a string holds {bad}, which is not text")
            continue
        try:
            papers.append(paper_from_fields(item, source=f"{skips.source}:{where}"))
        except SkipRecord as exc:
            skips.skip(where, str(exc))
    skips.summary()
    return papers


def _not_text(value) -> str:
    """What makes a string in *value* (a decoded JSON value) unusable as text: an unpaired surrogate
    escape ("\\ud800" is valid JSON, but cannot be written as UTF-8) or a NUL ("\\u0000"); "" if none."""
    if isinstance(value, str):
        if "\x00" in value:
            return "a NUL character (\\u0000)"
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as exc:
            return f"an unpaired surrogate (\\u{ord(value[exc.start]):04x})"
        return ""
    if isinstance(value, dict):
        return next(filter(None, map(_not_text, [*value.keys(), *value.values()])), "")
    if isinstance(value, list):
        return next(filter(None, map(_not_text, value)), "")
    return ""


def _line(text: str, pos: int) -> int:
    return text.count("\n", 0, pos) + 1


def _array_items(text: str, data: list):
    """(line N, item) for a top-level JSON array, found by decoding the text item by item."""
    decoder = json.JSONDecoder()
    pos = text.index("[") + 1
    for item in data:
        while text[pos] in " \t\r\n,":
            pos += 1
        _, end = decoder.raw_decode(text, pos)
        yield f"{_line(text, pos)}", item
        pos = end


def parse_json(text: str, *, source: str = "") -> list:
    """Papers of a JSON document (see the module docstring)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"{source}:{exc.lineno}: not valid JSON ({exc.msg}, column {exc.colno})") from exc
    except RecursionError as exc:
        raise InputError(f"{source}: JSON nested too deeply to be paper records") from exc
    skips = Skips(source)
    if isinstance(data, list):
        return _records(skips, _array_items(text, data))
    if isinstance(data, dict):
        for name in _WRAPPERS:
            if isinstance(data.get(name), list):
                return _records(skips, ((f"{name}[{i}]", item) for i, item in enumerate(data[name])))
        return _records(skips, [("1", data)])
    raise InputError(f"{source}: expected a JSON list of paper records or one record, found {_JSON_KIND[type(data)]}")


_JSON_KIND = {str: "a string", int: "a number", float: "a number", bool: "true or false", type(None): "null"}


def parse_jsonl(text: str, *, source: str = "") -> list:
    """Papers of a JSON Lines document: one record per line; a line that is not JSON is skipped with a warning."""
    skips = Skips(source)

    def items():
        for n, line in enumerate(_lines(text), 1):
            if not line.strip():
                continue
            try:
                yield str(n), json.loads(line)
            except json.JSONDecodeError as exc:
                skips.count()
                skips.skip(n, f"not valid JSON ({exc.msg}, column {exc.colno})")
            except RecursionError:
                skips.count()
                skips.skip(n, "JSON nested too deeply to be a paper record")
    return _records(skips, items())


def _lines(text: str) -> list[str]:
    """The lines of a JSON Lines document: split at line feeds and carriage returns only, not at U+2028 or NEL,
    which a JSON string may hold (``str.splitlines`` splits there too)."""
    return _LINE_BREAK.split(text)


_LINE_BREAK = re.compile(r"\r\n|\r|\n")


def looks_like_jsonl(text: str) -> bool:
    """True if the first non-blank line is a whole JSON value and more follows (JSON Lines, not one JSON document)."""
    lines = [line for line in _lines(text) if line.strip()]
    if len(lines) < 2:
        return False
    try:
        json.loads(lines[0])
    except (json.JSONDecodeError, RecursionError):
        return False
    return True


def is_json_document(text: str) -> bool:
    """True if *text* is one whole JSON value (JSON Lines of two records or more is not)."""
    try:
        json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        return False
    return True
