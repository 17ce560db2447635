"""Ingest stage: input files → :class:`~kg.records.Paper` records.

One module per input format: :mod:`.daily` (Daily Papers text), :mod:`.jsonfile`
(JSON, JSON Lines), :mod:`.csvfile` (CSV, TSV), :mod:`.bibtex`, :mod:`.atom`
(arXiv API feeds); :mod:`.fields` maps named fields (Semantic Scholar and
OpenAlex spellings included) to papers and gives them stable ids.

Every reader decodes strictly (UTF-8) and rejects what is not text. The format
comes from the extension, else from the content (:func:`detect_format`), unless
given. An unusable record is skipped with a warning naming its file and line
and each file's skips are summarised; a file with nothing usable is an
:class:`~kg.errors.InputError`. Papers come back in input order, one per paper:
records with the same id or the same abstract are merged (first values win; the
best id — arXiv, then DOI, then text hash — is kept); a record whose id is
taken by a different abstract is skipped with a warning.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path

from ..errors import InputError
from ..records import Paper
from .daily import document_markup, parse_daily_papers, text_hash, paper_id, find_urls

__all__ = ["read_inputs", "read_file", "read_text_file", "papers_from_texts", "parse_daily_papers",
           "text_hash", "paper_id", "find_urls", "detect_format", "merge_papers", "INPUT_FORMATS"]

#: input format name → file extensions that select it
INPUT_FORMATS = {"daily": (".txt", ".md"), "jsonl": (".jsonl", ".ndjson"), "json": (".json",),
                 "csv": (".csv",), "tsv": (".tsv", ".tab"), "bibtex": (".bib", ".bibtex"),
                 "atom": (".atom", ".xml")}

# Extensions of files a user may pass by mistake (an export of litkg among them): refused unless a format is given.
_NOT_ABSTRACTS = {".ttl", ".nt", ".nq", ".trig", ".jsonld", ".rdf", ".owl", ".html", ".htm", ".py", ".js", ".css",
                  ".sh", ".rq", ".sparql", ".toml", ".yaml", ".yml", ".cfg", ".ini", ".lock"}
# Files a user may take for abstracts, by their first bytes (the binary check would name a byte of them).
_NOT_TEXT = {b"%PDF-": ("a PDF document", "copy its abstract into a text file"),
             b"PK\x03\x04": ("a ZIP archive", "a .docx or .xlsx? save it as UTF-8 text or CSV"),
             b"\x1f\x8b": ("gzip-compressed", "gunzip it first")}
# Longer than any abstract: a whole book or a file read in the wrong format (spaCy also stops at 1,000,000).
MAX_ABSTRACT_CHARS = 100_000
MAX_INPUT_BYTES = 1 << 30  # one input file; a year of abstracts is about 100 MB

log = logging.getLogger(__name__)


def read_text_file(path: str | Path, *, allow_empty: bool = False) -> str:
    """Read *path* as UTF-8 text, or raise :class:`InputError` naming the file (if empty, too, unless *allow_empty*)."""
    path = Path(path)
    if not path.exists():
        raise InputError(f"{path}: no such file")
    if path.is_dir():
        raise InputError(f"{path}: is a directory, not a file")
    try:
        with path.open("rb") as stream:
            data = stream.read(1 << 16)
            if b"\x00" not in data:  # binary (or /dev/zero): said below without reading the rest
                data += stream.read(max(0, MAX_INPUT_BYTES + 1 - len(data)))
    except OSError as exc:
        raise InputError(f"{path}: cannot read ({exc.strerror})") from exc
    if len(data) > MAX_INPUT_BYTES:
        raise InputError(f"{path}: larger than {MAX_INPUT_BYTES:,} bytes; split it into smaller files")
    if not data.strip() and not allow_empty:
        raise InputError(f"{path}: file is empty")
    for magic, (kind, advice) in _NOT_TEXT.items():
        if data.startswith(magic):
            raise InputError(f"{path}: {kind}, not text ({advice})")
    utf16 = "UTF-16" if data.startswith((b"\xff\xfe", b"\xfe\xff")) else _utf16_without_bom(data[:64])
    if utf16:
        raise InputError(f"{path}: UTF-16 text; expected UTF-8 (save it as UTF-8, or: iconv -f {utf16} -t UTF-8)")
    if b"\x00" in data:
        offset = data.index(b"\x00")
        raise InputError(f"{path}: binary file (NUL byte at offset {offset}), expected UTF-8 text")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(f"{path}: not UTF-8 text (invalid byte 0x{data[exc.start]:02x} at offset {exc.start})") from exc


def _utf16_without_bom(head: bytes) -> str:
    """"UTF-16LE" or "UTF-16BE" if *head* (a file's first bytes) is UTF-16 text without a byte-order mark: a NUL at
    most of every other byte (the high byte of a Latin character) and none between; else ""."""
    if len(head) >= 4:
        for encoding, high, low in (("UTF-16LE", head[1::2], head[0::2]), ("UTF-16BE", head[0::2], head[1::2])):
            if high.count(0) > len(high) / 2 and 0 not in low:
                return encoding
    return ""


def detect_format(path: str | Path, text: str) -> str:
    """The input format of *path*: from its extension, else from its content (Daily Papers text by default)."""
    suffix = Path(path).suffix.lower()
    for name, suffixes in INPUT_FORMATS.items():
        if suffix in suffixes and name != "daily":
            if name == "json":
                from .jsonfile import looks_like_jsonl
                return "jsonl" if looks_like_jsonl(text) else "json"
            if name == "jsonl":  # one JSON document (a list of records, pretty-printed) saved as .jsonl
                from .jsonfile import is_json_document
                return "json" if is_json_document(text) else "jsonl"
            return name
    head = text.lstrip()
    if head.startswith(("{", "[")):
        from .jsonfile import looks_like_jsonl
        return "jsonl" if looks_like_jsonl(text) else "json"
    if re.match(r"@\s*[A-Za-z]+\s*[{(]", head) or re.search(r"^@(?:article|inproceedings|misc|book|techreport|phdthesis|online)\s*\{", text, re.I | re.M):
        return "bibtex"
    from .atom import looks_like_atom
    if looks_like_atom(text):
        return "atom"
    from .csvfile import looks_like_csv
    delimiter = looks_like_csv(text)
    if delimiter:
        return "tsv" if delimiter == "\t" else "csv"
    return "daily"


def _parse(fmt: str, text: str, source: str) -> list[Paper]:
    if fmt == "daily":
        return parse_daily_papers(text, source=source)
    if fmt in ("json", "jsonl"):
        from .jsonfile import parse_json, parse_jsonl
        return (parse_json if fmt == "json" else parse_jsonl)(text, source=source)
    if fmt in ("csv", "tsv"):
        from .csvfile import parse_csv
        return parse_csv(text, source=source, delimiter="," if fmt == "csv" else "\t")
    if fmt == "bibtex":
        from .bibtex import parse_bibtex
        return parse_bibtex(text, source=source)
    if fmt == "atom":
        from .atom import parse_atom
        return parse_atom(text, source=source)
    raise InputError(f"unknown input format {fmt!r}; expected one of {', '.join(INPUT_FORMATS)}")


_EMPTY = {"daily": "no abstracts found (expected paragraphs separated by blank lines)",
          "csv": "no usable record with an abstract", "tsv": "no usable record with an abstract"}


def read_file(path: str | Path, input_format: str | None = None) -> list[Paper]:
    """The papers of one file (format from *input_format*, else detected); InputError if none is usable."""
    if input_format is not None and input_format not in INPUT_FORMATS:
        raise InputError(f"unknown input format {input_format!r}; expected one of {', '.join(INPUT_FORMATS)}")
    if input_format is None and Path(path).suffix.lower() in _NOT_ABSTRACTS:
        raise InputError(f"{path}: a {Path(path).suffix} file holds no abstracts (inputs are Daily Papers text, JSON "
                         "Lines, JSON, CSV, TSV, BibTeX or Atom; --input-format daily reads it as text anyway)")
    if Path(path).is_dir():
        raise InputError(f"{path}: is a directory; pass the files in it (for example {path}/*.txt)")
    text = read_text_file(path)
    fmt = input_format or detect_format(path, text)
    markup = document_markup(text) if input_format is None and fmt == "daily" else ""
    if markup:
        raise InputError(f"{path}: a Markdown document with {markup} (a README?), not a page of abstracts; "
                         "--input-format daily reads its other paragraphs as abstracts anyway")
    log.info("%s: read as %s", path, fmt)
    try:
        papers = _parse(fmt, text, str(path))
        if not papers:
            raise InputError(f"{path}: " + _EMPTY.get(fmt, f"no usable record with an abstract (read as {fmt})"))
    except InputError as exc:
        raise InputError(f"{exc}{_format_hint(fmt, text)}") from exc
    kept = []
    for number, paper in enumerate(papers, 1):
        if len(paper.abstract) <= MAX_ABSTRACT_CHARS:
            kept.append(paper)
            continue
        where = paper.source if paper.source and paper.source != str(path) else f"{path}: paper {number}"  # "x.jsonl:7"
        reason = f"{where} has {len(paper.abstract):,} characters; an abstract has at most {MAX_ABSTRACT_CHARS:,}"
        if not kept and number == len(papers):
            raise InputError(reason)  # nothing else in the file
        log.warning("%s; skipped", reason)
    return kept


def _format_hint(fmt: str, text: str) -> str:
    """A hint when the content of a file that failed as *fmt* (from its extension or the option) looks like
    another format: an Atom feed saved as .json."""
    looks = detect_format("", text)
    return f" (its content looks like {looks}: try --input-format {looks})" if looks not in ("daily", fmt) else ""


def _merge(a: Paper, b: Paper) -> Paper:
    """*a* completed with what *b* knows; the id becomes the best of the two."""
    from dataclasses import replace
    from .fields import stable_id
    merged = replace(a, title=a.title or b.title, authors=a.authors or b.authors, date=a.date or b.date,
                     arxiv=a.arxiv or b.arxiv, doi=a.doi or b.doi, urls=a.urls or b.urls)
    return replace(merged, id=stable_id(merged.abstract, arxiv=merged.arxiv, doi=merged.doi))


def merge_papers(papers, known=()) -> list[Paper]:
    """One paper per id and per abstract, in order of first occurrence (see the module docstring).

    *known* papers (for instance those of a store) come first and win over new ones.
    """
    slots: list[Paper] = []
    by_id: dict[str, int] = {}
    by_text: dict[str, int] = {}
    for paper in [*known, *papers]:
        digest = text_hash(paper.abstract)
        slot = by_id.get(paper.id)
        if slot is not None and text_hash(slots[slot].abstract) != digest:
            log.warning("%s: duplicate id %s with a different abstract (first seen in %s); skipped",
                        paper.source or "input", paper.identifier or paper.id, slots[slot].source or "input")
            continue
        if slot is None:
            slot = by_text.get(digest)
        if slot is None:
            by_id[paper.id] = by_text[digest] = len(slots)
            slots.append(paper)
            continue
        first = slots[slot]
        if paper.source != first.source or paper != first:
            log.info("%s: same paper as %s (%s); merged", paper.source or "input", first.source or "input", first.id)
        merged = _merge(first, paper)
        if merged.id != first.id:
            taken = by_id.get(merged.id)
            if taken is not None and taken != slot:
                log.warning("%s: duplicate id %s with a different abstract (first seen in %s); skipped",
                            paper.source or "input", merged.identifier, slots[taken].source or "input")
                continue
            del by_id[first.id]
            by_id[merged.id] = slot
        slots[slot] = merged
    return slots


def read_inputs(paths, *, input_format: str | None = None) -> list[Paper]:
    """Read every input file and return their papers, merged (see :func:`merge_papers`)."""
    found = []
    for path in paths:
        found.extend(read_file(path, input_format))
    return merge_papers(found)


def papers_from_texts(texts, *, source: str = "<string>") -> list[Paper]:
    """Papers from abstracts given as strings (one abstract per string)."""
    papers: dict[str, Paper] = {}
    for number, text in enumerate(texts, 1):
        if not isinstance(text, str):
            raise InputError(f"{source}: abstract {number} is a {type(text).__name__}, not a string")
        for paper in parse_daily_papers(text, source=source, header=False):
            papers.setdefault(paper.id, paper)
    return list(papers.values())
