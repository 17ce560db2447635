"""Ingest stage: input files → :class:`~kg.records.Paper` records.

Every reader decodes strictly (UTF-8), rejects what is not text, and returns
papers in input order with duplicates (same normalized text) dropped.
"""

from __future__ import annotations

import logging
from pathlib import Path

from ..errors import InputError
from ..records import Paper
from .daily import parse_daily_papers, text_hash, paper_id, find_urls

__all__ = ["read_inputs", "read_text_file", "papers_from_texts", "parse_daily_papers",
           "text_hash", "paper_id", "find_urls"]

log = logging.getLogger(__name__)


def read_text_file(path: str | Path) -> str:
    """Read *path* as UTF-8 text, or raise :class:`InputError` naming the file."""
    path = Path(path)
    if not path.exists():
        raise InputError(f"{path}: no such file")
    if path.is_dir():
        raise InputError(f"{path}: is a directory; pass the files in it (for example {path}/*.txt)")
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise InputError(f"{path}: cannot read ({exc.strerror})") from exc
    if not data.strip():
        raise InputError(f"{path}: file is empty")
    if b"\x00" in data:
        offset = data.index(b"\x00")
        raise InputError(f"{path}: binary file (NUL byte at offset {offset}), expected UTF-8 text")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(f"{path}: not UTF-8 text (invalid byte 0x{data[exc.start]:02x} at offset {exc.start})") from exc


def read_inputs(paths) -> list[Paper]:
    """Read every input file and return their papers, first occurrence of each kept."""
    papers: dict[str, Paper] = {}
    for path in paths:
        found = parse_daily_papers(read_text_file(path), source=str(path))
        if not found:
            raise InputError(f"{path}: no abstracts found (expected paragraphs separated by blank lines)")
        for paper in found:
            if paper.id in papers:
                log.info("%s: duplicate abstract %s skipped", path, paper.id)
            else:
                papers[paper.id] = paper
    return list(papers.values())


def papers_from_texts(texts, *, source: str = "<string>") -> list[Paper]:
    """Papers from abstracts given as strings (one abstract per string)."""
    papers: dict[str, Paper] = {}
    for text in texts:
        for paper in parse_daily_papers(text, source=source, header=False):
            papers.setdefault(paper.id, paper)
    return list(papers.values())
