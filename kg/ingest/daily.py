"""Reader of the "Daily Papers" text format.

An optional short header line, then one abstract per paragraph (paragraphs
separated by blank lines). A paragraph whose every line is itself a long
sentence-ended text, most of them of several sentences, is read as one
abstract per line. Markdown markup (a heading, list, table, quote or code
block: a saved page may be Markdown) is not an abstract and is skipped.
"""

from __future__ import annotations

import hashlib
import logging
import re
import unicodedata

from ..records import Paper

__all__ = ["parse_daily_papers", "text_hash", "paper_id", "find_urls", "normalize_text", "document_markup"]

log = logging.getLogger(__name__)

MIN_ABSTRACT_WORDS = 8
MAX_HEADER_WORDS = 10  # a header line before an abstract in the same paragraph
MAX_OWN_LINE_HEADER_WORDS = 20  # a header line that is a paragraph of its own
ONE_PER_LINE_MIN_WORDS = 15

_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n")
_SENTENCE_BREAK = re.compile(r"[.?!][\"')\]]?\s+[A-Z]")  # one sentence ends and another begins
# How Markdown markup begins (no abstract does): a heading, list item, table row, quote, HTML or a code fence.
_MARKUP = re.compile(r"#{1,6}\s|[-*+]\s|\d{1,2}[.)]\s|\||>|<!--|<[A-Za-z]|```|~~~")
_TABLE = re.compile(r"^[ \t]*\|.*\|[ \t]*\r?\n[ \t]*\|?[ \t]*:?-{3,}", re.M)  # a header row and its rule
_CODE_BLOCK = re.compile(r"^[ \t]*(```|~~~).*?^[ \t]*\1[^\n]*$", re.M | re.S)
_URL_START = re.compile(r"https?\s?:\s?//\s?", re.I)
_URL_CHUNK = re.compile(r"[^\s<>\"'`]+")
_TRAILING = ".,;:)]}'\""
# Lower-case words that may follow "x. " inside a broken URL's host part.
_HOST_PARTS = {"com", "org", "net", "io", "ai", "edu", "dev", "app", "github", "gitlab", "co", "uk",
               "de", "cn", "fr", "ch", "me", "info", "page", "pages", "hf", "huggingface", "readthedocs"}


# A line that ends in a hyphen inside a word: hard-wrapped text ("self-\nsupervised", "rein-\nforcement").
_HYPHEN_AT_LINE_END = re.compile(r"(?<=\w)-[ \t]*\r?\n[ \t]*(?=\w)")


# Invisible characters of copied PDF or web text that would split a word: soft hyphen, zero-width space,
# (non-)joiners, word joiner and a byte-order mark inside the text.
_INVISIBLE = dict.fromkeys(map(ord, "\u00ad\u200b\u200c\u200d\u2060\ufeff"))


def normalize_text(text: str) -> str:
    """NFC-normalize, drop invisible characters, join a word hyphenated across a line break (the hyphen kept:
    it cannot be told from a compound's), and collapse every run of white space to one space."""
    text = unicodedata.normalize("NFC", text).translate(_INVISIBLE)
    return " ".join(_HYPHEN_AT_LINE_END.sub("-", text).split())


def text_hash(text: str) -> str:
    """SHA-256 hex digest of the whitespace-collapsed text (stable across runs and machines)."""
    return hashlib.sha256(" ".join(text.split()).encode("utf-8")).hexdigest()


def paper_id(text: str) -> str:
    """Stable paper identifier: the first 16 hex digits of :func:`text_hash`."""
    return text_hash(text)[:16]


def _read_url(text: str, pos: int) -> str:
    """Read a URL body from *pos*, joining chunks split by a space after "/" or a host dot."""
    chunks = []
    while (chunk := _URL_CHUNK.match(text, pos)):
        chunks.append(chunk.group(0))
        pos = chunk.end()
        gap = re.match(r" (?=[\w~%-])", text[pos:pos + 2])
        if not gap:
            break
        nxt = re.match(r"[a-z]+", text[pos + 1:])
        if chunks[-1].endswith("/") or (chunks[-1].endswith(".") and nxt and nxt.group(0) in _HOST_PARTS):
            pos += 1
        else:
            break
    return "".join(chunks)


def find_urls(text: str) -> tuple[str, ...]:
    """URLs in *text*, repaired when broken by spaces, in order of appearance."""
    urls = []
    for start in _URL_START.finditer(text):
        scheme = start.group(0).split(":")[0].lower()
        url = f"{scheme}://{_read_url(text, start.end())}".rstrip(_TRAILING)
        if "." in url.split("://", 1)[1] and url not in urls:
            urls.append(url)
    return tuple(urls)


def _is_header(lines: list[str]) -> bool:
    """The first line of *lines* (the file's first paragraph) is short, without a sentence's end, and not the
    first line of hard-wrapped text; a line that is its own paragraph may be longer ("Daily Papers: real arXiv
    abstracts (2025, LLM agents and reinforcement learning)")."""
    line = lines[0].rstrip()
    limit = MAX_HEADER_WORDS if len(lines) > 1 else MAX_OWN_LINE_HEADER_WORDS
    # wrapped text: the next line's first word would not have fitted on the line (the width taken as the longest line)
    wrapped = len(lines) > 1 and len(line) + 1 + len(lines[1].split()[0]) > max(map(len, lines[1:]))
    return (len(line.split()) <= limit and not line.endswith((".", "?", "!")) and not wrapped
            and not _SENTENCE_BREAK.search(line))


# How an abstract may end besides ".", "?", "!" or ")": with its code's address ("… available at github.com/x/y").
_ENDS_WITH_ADDRESS = re.compile(r"(?:https?://|www\.|[\w-]+\.[a-z]{2,}(?:/|$))\S*$", re.I)


def _looks_like_abstract_per_line(lines: list[str]) -> bool:
    """Each line is long and ends like an abstract, and most hold more than one sentence (a paragraph written one
    sentence per line is one abstract)."""
    return len(lines) > 1 and all(
        len(line.split()) >= ONE_PER_LINE_MIN_WORDS
        and (line.rstrip().endswith((".", "?", "!", ")")) or _ENDS_WITH_ADDRESS.search(line.rstrip()))
        for line in lines) and 2 * sum(bool(_SENTENCE_BREAK.search(line)) for line in lines) >= len(lines)


def document_markup(text: str) -> str:
    """What shows that *text* is a Markdown document (a README, a report), not a page of abstracts:
    "code blocks", "tables", or "" when it has neither."""
    if _CODE_BLOCK.search(text):
        return "code blocks"
    return "tables" if _TABLE.search(text) else ""


def _split_abstracts(text: str, header: bool) -> tuple[list[str], int]:
    """The abstracts of *text*, and how many paragraphs of Markdown markup were left out."""
    text = _CODE_BLOCK.sub("```", text.replace("\r\n", "\n").replace("\r", "\n"))
    paragraphs = [p.strip() for p in _PARAGRAPH_BREAK.split(text) if p.strip()]
    markup, prose = [], []
    for paragraph in paragraphs:
        (markup if _MARKUP.match(paragraph) else prose).append(paragraph)
    abstracts = []
    for i, paragraph in enumerate(prose):
        lines = [line.strip() for line in paragraph.split("\n") if line.strip()]
        if header and i == 0 and _is_header(lines):
            lines = lines[1:]
        if _looks_like_abstract_per_line(lines):
            abstracts.extend(lines)
        elif lines:
            abstracts.append(normalize_text("\n".join(lines)))
    return abstracts, len(markup)


def parse_daily_papers(text: str, *, source: str = "", header: bool = True) -> list[Paper]:
    """Parse Daily Papers text into papers (label left empty: extraction fills it)."""
    papers = []
    skipped = 0
    abstracts, markup = _split_abstracts(unicodedata.normalize("NFC", text), header)
    if markup:
        log.warning("%s: %d paragraph(s) of Markdown markup (headings, lists, tables, quotes, code) skipped",
                    source or "input", markup)
    for abstract in abstracts:
        if len(abstract.split()) < MIN_ABSTRACT_WORDS:
            skipped += 1
            continue
        papers.append(Paper(id=paper_id(abstract), abstract=abstract, urls=find_urls(abstract), source=source))
    if skipped:
        log.warning("%s: %d paragraph(s) shorter than %d words skipped", source or "input", skipped, MIN_ABSTRACT_WORDS)
    return papers
