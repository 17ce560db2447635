"""Reader of Atom feeds, as the arXiv API returns them (``export.arxiv.org/api/query``).

Each ``<entry>`` gives a paper: ``title``, ``summary`` (the abstract),
``author/name``, ``published`` (else ``updated``), ``id`` (the arXiv abs URL),
``arxiv:doi`` and ``link`` elements. Parsed with the standard library's
``xml.etree``, with defusedxml's care: a document that declares a DTD or
entities is refused before parsing (no external entities, no entity expansion).
"""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET

from ..errors import InputError
from .fields import SkipRecord, Skips, paper_from_fields

__all__ = ["parse_atom", "looks_like_atom"]

_DTD = re.compile(r"<!\s*(DOCTYPE|ENTITY)", re.I)
_ENTRY_TAG = re.compile(r"<(?:[\w.-]+:)?entry[\s>/]")


def looks_like_atom(text: str) -> bool:
    head = text.lstrip()[:2000]
    return head.startswith("<") and re.search(r"<(?:[\w.-]+:)?feed[\s>]", head) is not None


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _text_of(element: ET.Element) -> str:
    """The text of an Atom text construct: markup of ``type="html"`` or ``"xhtml"`` removed."""
    kind = element.get("type", "text")
    if kind == "xhtml":
        return "".join(element.itertext()).strip()
    text = (element.text or "").strip()
    return html.unescape(re.sub(r"<[^<>]*>", "", text)) if kind == "html" else text


def _api_error(entries: list[ET.Element]) -> str | None:
    """The message of the arXiv API's error entry (its id is ``…/api/errors#…``), if there is one."""
    for entry in entries:
        record = {_local(child.tag): (child.text or "").strip() for child in entry}
        if "/api/errors" in record.get("id", ""):
            return record.get("summary") or record["id"]
    return None


def _record(entry: ET.Element) -> dict:
    record: dict = {"authors": []}
    links = []
    for child in entry:
        name, text = _local(child.tag), _text_of(child)
        if name == "author":
            names = [(n.text or "").strip() for n in child if _local(n.tag) == "name"]
            record["authors"].extend(n for n in names if n)
        elif name == "link":
            href = child.get("href")
            if href:
                links.append((child.get("title") or child.get("rel") or "", href))
        elif name in ("title", "summary", "published", "updated", "doi") and text:
            record.setdefault(name, text)
        elif name == "id" and text:
            record["id"] = text
    record.setdefault("published", record.get("updated"))
    record["date"] = record.pop("published", None)
    record.pop("updated", None)
    if "summary" in record:
        record["abstract"] = record.pop("summary")
    for title, href in links:
        if title == "doi" and "doi" not in record:
            record["doi"] = href
    if "arxiv.org/abs/" in record.get("id", ""):
        record["arxiv"] = record["id"]
    return record


def parse_atom(text: str, *, source: str = "") -> list:
    """Papers of an Atom feed (arXiv API); an entry without a summary is skipped with a warning."""
    if _DTD.search(text):
        raise InputError(f"{source}: XML with a DTD or entity declarations is refused (external entities, entity expansion)")
    body = text.lstrip()  # the XML declaration must come first: a feed saved after a blank line is one too
    skipped = text.count("\n", 0, len(text) - len(body))
    try:
        root = ET.fromstring(body)
    except ET.ParseError as exc:
        line = exc.position[0] + skipped if getattr(exc, "position", None) else "?"
        raise InputError(f"{source}:{line}: not well-formed XML ({str(exc).split(':')[0]})") from exc
    if _local(root.tag) != "feed":
        raise InputError(f"{source}: expected an Atom <feed>, found <{_local(root.tag)}>")
    entries = [e for e in root if _local(e.tag) == "entry"]
    if error := _api_error(entries):
        raise InputError(f"{source}: the feed is an error of the arXiv API: {error}")
    lines = [text.count("\n", 0, m.start()) + 1 for m in _ENTRY_TAG.finditer(text)]
    if len(lines) != len(entries):
        lines = [f"entry {i}" for i in range(1, len(entries) + 1)]
    skips = Skips(source)
    papers = []
    for line, entry in zip(lines, entries):
        skips.count()
        try:
            papers.append(paper_from_fields(_record(entry), source=f"{source}:{line}"))
        except SkipRecord as exc:
            skips.skip(line, str(exc))
    skips.summary()
    return papers
