"""Records with named fields (JSON, JSON Lines, CSV, BibTeX, Atom) → :class:`~kg.records.Paper`.

Field names are matched case-insensitively, ignoring spaces, ``_`` and ``-``
("arXiv id", ``arxiv_id`` and ``arxivId`` are one name), and cover the
spellings of Semantic Scholar (``paperId``, ``externalIds``, ``publicationDate``)
and OpenAlex (``display_name``, ``abstract_inverted_index``, ``authorships``,
``publication_date``, ``ids``).

Stable ids: ``arxiv-<id>`` when the arXiv id is known, else ``doi-<doi>``, else
the hash of the abstract (:func:`kg.ingest.daily.paper_id`); ``/`` becomes
``_`` and other characters outside ``[a-z0-9.-]`` are percent-encoded, so the
id is safe in an IRI and maps back to one arXiv id or DOI.
"""

from __future__ import annotations

import datetime
import json
import logging
import re
from dataclasses import dataclass, field
from urllib.parse import quote

from ..records import Paper
from .daily import find_urls, normalize_text, paper_id

__all__ = ["ABSTRACT_FIELDS", "KNOWN_FIELDS", "normalize_arxiv", "normalize_doi", "normalize_date", "stable_id",
           "paper_from_fields", "canonical_url", "Skips", "SkipRecord", "from_inverted_index", "key"]

log = logging.getLogger(__name__)

_ARXIV_NEW = re.compile(r"(?<![\w.])(\d{4}\.\d{4,5})(?:v\d+)?(?![\w.])")
_ARXIV_OLD = re.compile(r"(?<![\w])([a-z][a-z-]*(?:\.[A-Z]{2})?/\d{7})(?:v\d+)?(?!\d)")
_DOI = re.compile(r"(10\.\d{4,9}/\S+)", re.I)
_ARXIV_DOI = re.compile(r"^10\.48550/arxiv\.(.+)$", re.I)


def key(name: str) -> str:
    """A field name folded for matching: lower case, letters and digits only."""
    return re.sub(r"[^a-z0-9]", "", name.lower())


def normalize_arxiv(value) -> str | None:
    """The bare arXiv id (no ``arXiv:`` prefix, URL or version) in *value*, or None.

    >>> normalize_arxiv("https://arxiv.org/abs/2401.12345v2")
    '2401.12345'
    >>> normalize_arxiv("arXiv:hep-th/9901001")
    'hep-th/9901001'
    """
    if not isinstance(value, str) or not value.strip():
        return None
    text = value.strip()
    doi = _ARXIV_DOI.match(normalize_doi(text) or "")
    if doi:
        text = doi.group(1)
    text = re.sub(r"^(?:arxiv:|https?://(?:www\.|export\.)?arxiv\.org/(?:abs|pdf)/)", "", text, flags=re.I)
    text = re.sub(r"\.pdf$", "", text)
    m = _ARXIV_NEW.fullmatch(text) or _ARXIV_OLD.fullmatch(text)
    return m.group(1) if m and _issued(m.group(1)) else None


def _issued(arxiv: str) -> bool:
    """*arxiv* has the form of an id arXiv issued: a month from 2007-04 on, four digits after the dot until 2014,
    five from 2015 (a spreadsheet that read "2310.10010" as a number wrote "2310.1001")."""
    if "/" in arxiv:
        return True
    yymm, number = arxiv.split(".")
    return 1 <= int(yymm[2:]) <= 12 and int(yymm) >= 704 and (len(number) == 5) == (int(yymm) >= 1501)


def normalize_doi(value) -> str | None:
    """The DOI in *value* (``doi:`` prefix and resolver URL stripped), lower-cased, or None.

    >>> normalize_doi("https://doi.org/10.1145/3292500.3330701")
    '10.1145/3292500.3330701'
    """
    if not isinstance(value, str):
        return None
    text = re.sub(r"^(?:doi:\s*|https?://(?:dx\.)?doi\.org/)", "", value.strip(), flags=re.I)
    m = _DOI.fullmatch(text)
    return m.group(1).rstrip(".,;").lower() if m else None


def _arxiv_in_url(url) -> str | None:
    if isinstance(url, str) and re.search(r"arxiv\.org/(?:abs|pdf)/", url, re.I):
        return normalize_arxiv(url)
    return None


def _doi_in_url(url) -> str | None:
    if isinstance(url, str) and re.search(r"doi\.org/", url, re.I):
        return normalize_doi(url)
    return None


_MONTH_NAMES = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
                "november", "december"]
_MONTHS = {name[:3]: i for i, name in enumerate(_MONTH_NAMES, 1)}


def normalize_date(value, month=None) -> str | None:
    """ISO 8601 date (``YYYY-MM-DD``, ``YYYY-MM`` or ``YYYY``) from *value*, or None.

    Accepts ISO dates and date-times (also with "/" or "."), a bare year (int or
    str), "May 2023", "11 May 2023", "May 11, 2023", CSL-JSON's
    ``{"date-parts": [[2021, 6, 3]]}``, and BibTeX's year plus *month* (a
    number or an English month name).

    >>> normalize_date("2024-01-05T17:59:01Z"), normalize_date(2023), normalize_date("2022", "mar")
    ('2024-01-05', '2023', '2022-03')
    >>> normalize_date("2023/05/11"), normalize_date("May 2023"), normalize_date({"date-parts": [[2021, 6, 3]]})
    ('2023-05-11', '2023-05', '2021-06-03')
    """
    if isinstance(value, dict):
        value = _csl_date(value)
    if value is None or isinstance(value, bool):
        return None
    text = str(value).strip()
    m = re.match(r"^(\d{4})(?:([-/.])(\d{1,2})(?:\2(\d{1,2}))?)?(?:[T ]\d.*)?$", text)  # a time may follow
    if m:
        year, _, mon, day = m.groups()
    elif named := _named_month_date(text):
        year, mon, day = named
    else:
        return None
    mon, day = mon and f"{int(mon):02d}", day and f"{int(day):02d}"
    if mon is None and month is not None:
        mtext = str(month).strip().lower()
        num = int(mtext) if mtext.isdigit() else _MONTHS.get(mtext[:3])
        if num and 1 <= num <= 12:
            mon = f"{num:02d}"
    if mon and not 1 <= int(mon) <= 12:
        return year
    if day and not _is_day(int(year), int(mon), int(day)):
        return f"{year}-{mon}"  # "2024-02-30": the month is right, the day does not exist
    return "-".join(p for p in (year, mon, day) if p)


_NAMED_MONTH = (re.compile(r"^(?:(?P<day>\d{1,2})\s+)?(?P<month>[A-Za-z]{3,9})\.?,?\s+(?:(?P<day2>\d{1,2}),?\s+)?"
                           r"(?P<year>\d{4})$"),  # "May 2023", "11 May, 2023", "May 11, 2023"
                re.compile(r"^(?P<year>\d{4})\s+(?P<month>[A-Za-z]{3,9})\.?(?:\s+(?P<day>\d{1,2}))?$"))  # "2023 May 11"


def _named_month_date(text: str) -> tuple[str, str, str | None] | None:
    """(year, month, day) of "May 2023", "11 May 2023", "May 11, 2023" or PubMed's "2023 May 11"."""
    m = next((m for m in (p.match(text) for p in _NAMED_MONTH) if m), None)
    month = _MONTHS.get(m["month"].lower()[:3]) if m else None
    if not month or not _MONTH_NAMES[month - 1].startswith(m["month"].lower()):  # "Sept", not "Mayday"
        return None
    return m["year"], str(month), m.groupdict().get("day") or m.groupdict().get("day2")


def _csl_date(value: dict):
    """The date of a CSL-JSON date object (``date-parts``, else ``raw`` or ``literal``)."""
    parts = value.get("date-parts")
    if isinstance(parts, list) and parts and isinstance(parts[0], list) and parts[0]:
        numbers = []
        for part in parts[0][:3]:  # year, month, day; a missing one ends the date ([2021, null, 3] is 2021)
            if isinstance(part, bool) or not str(part).isdigit():
                break
            numbers.append(str(part))
        if numbers and len(numbers[0]) == 4:
            return "-".join(numbers[:1] + [f"{int(n):02d}" for n in numbers[1:]])
    return value.get("raw") or value.get("literal")


def _is_day(year: int, month: int, day: int) -> bool:
    try:
        datetime.date(year, month, day)
    except ValueError:
        return False
    return True


def _id_part(text: str) -> str:
    return re.sub(r"[^a-z0-9.\-]", lambda m: "_" if m.group() == "/" else quote(m.group(), safe=""), text.lower())


def stable_id(abstract: str, *, arxiv: str | None = None, doi: str | None = None) -> str:
    """``arxiv-…``, else ``doi-…``, else the text hash of *abstract*."""
    if arxiv:
        return "arxiv-" + _id_part(arxiv)
    if doi:
        return "doi-" + _id_part(doi)
    return paper_id(abstract)


def canonical_url(paper: Paper) -> str | None:
    """https://arxiv.org/abs/ID or https://doi.org/DOI for *paper*, or None."""
    if paper.arxiv:
        return f"https://arxiv.org/abs/{paper.arxiv}"
    return f"https://doi.org/{paper.doi}" if paper.doi else None


def from_inverted_index(index) -> str:
    """The text of an OpenAlex ``abstract_inverted_index`` ({word: [positions]}, or that object as JSON text in a
    CSV cell); SkipRecord if it is malformed."""
    if isinstance(index, str):
        try:
            index = json.loads(index)
        except ValueError:
            pass
    if not isinstance(index, dict):
        raise SkipRecord("abstract_inverted_index is not an object of words and their positions")
    slots = {}
    for word, positions in index.items():
        if not isinstance(positions, list) or not all(isinstance(p, int) and p >= 0 for p in positions):
            raise SkipRecord(f"abstract_inverted_index: the positions of {word!r} are not a list of whole numbers")
        for pos in positions:
            if slots.setdefault(pos, word) != word:
                raise SkipRecord(f"abstract_inverted_index: position {pos} holds both {slots[pos]!r} and {word!r}")
    return " ".join(slots[p] for p in sorted(slots))


class SkipRecord(Exception):
    """Raised by a record reader: this record is unusable (the message says why)."""


@dataclass
class Skips:
    """What a reader skipped in one file: each skip is logged as a warning naming file and line, once the whole
    file is read (a file found unreadable later gets its one error line, not warnings about rows it never kept)."""

    source: str
    reasons: dict[str, int] = field(default_factory=dict)
    total: int = 0
    warnings: list[str] = field(default_factory=list)

    def warn(self, where, message: str) -> None:
        """A warning about a record that is read all the same."""
        self.warnings.append(f"{self.source}:{where}: {message}")

    def skip(self, where, reason: str) -> None:
        self.warnings.append(f"{self.source}:{where}: {reason}; skipped")
        kind = reason.split(" (")[0].split(":")[0]
        self.reasons[kind] = self.reasons.get(kind, 0) + 1

    def count(self) -> None:
        self.total += 1

    def summary(self) -> None:
        for warning in self.warnings:
            log.warning("%s", warning)
        n = sum(self.reasons.values())
        if n:
            what = ", ".join(f"{c} {r}" for r, c in sorted(self.reasons.items(), key=lambda kv: (-kv[1], kv[0])))
            log.warning("%s: %d of %d record(s) skipped (%s)", self.source, n, self.total, what)


# folded field name → what it holds; first match wins, in this order
_TITLE = ("title", "displayname", "papertitle", "articletitle", "documenttitle")
ABSTRACT_FIELDS = ("abstract", "summary", "paperabstract", "abstractnote", "description", "text")
_AUTHORS = ("authors", "author", "authorships", "creators", "creator")
_DATE = ("date", "publicationdate", "published", "publisheddate", "issued", "year", "publicationyear")
_ARXIV_FIELDS = ("arxivid", "arxiv", "eprint", "arxividentifier")
_DOI_FIELDS = ("doi",)
_URL = ("url", "landingpageurl", "link", "absurl", "id")
_NESTED_IDS = ("externalids", "ids")
# every field name a record reader knows (folded)
KNOWN_FIELDS = frozenset((*_TITLE, *ABSTRACT_FIELDS, *_AUTHORS, *_DATE, *_ARXIV_FIELDS, *_DOI_FIELDS, *_URL,
                          *_NESTED_IDS, "abstractinvertedindex", "month"))


def _text(value) -> str:
    if isinstance(value, str):
        return normalize_text(value)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    return ""


def _author_name(value) -> str:
    if isinstance(value, str):
        names = _comma_names(normalize_text(value))  # "Hinton, Geoffrey" in a list of names
        return names[0] if len(names) == 1 else normalize_text(value)
    if isinstance(value, dict):
        folded = {key(k): v for k, v in value.items()}
        if isinstance(folded.get("author"), dict):  # OpenAlex authorship
            return _author_name(folded["author"])
        for name in ("name", "displayname", "fullname", "literal"):
            if isinstance(folded.get(name), str):
                return normalize_text(folded[name])
        parts = [folded.get("given"), folded.get("family")]  # CSL-JSON
        return normalize_text(" ".join(p for p in parts if isinstance(p, str)))
    return ""


def split_authors(text: str) -> list[str]:
    """Author names from one string: "A and B", "A; B", or "A, B, C"; names written "Last, First" are turned
    round ("Hinton, Geoffrey; Vinyals, O.", "Hinton, G., Vinyals, O." and "Hinton, Geoffrey E." are read so)."""
    text = normalize_text(text)
    if not text:
        return []
    if re.search(r"\s+and\s+", text) or ";" in text:  # "A, B and C": the parts may hold comma lists too
        return [name for part in re.split(r"\s*;\s*|,?\s+and\s+", text) for name in _comma_names(part)]
    return _comma_names(text)


def _comma_names(text: str) -> list[str]:
    """The names of a comma-separated list: "Last, First" pairs when every second item is given names or initials
    and every other a family name ("Hinton, Geoffrey E."), else one name per item ("OpenAI, DeepMind")."""
    parts = [p.strip() for p in text.split(",") if p.strip()]
    lasts, firsts = parts[::2], parts[1::2]
    if len(parts) % 2 == 0 and all(map(_given, firsts)) and all(map(_family, lasts)):
        return [f"{first} {last}" for last, first in zip(lasts, firsts)]
    return parts


def _given(text: str) -> bool:
    """Given names or initials, at most two names: "Geoffrey", "G.", "Geoffrey E.", "J.-P.", "José"; not
    "DeepMind" or "IBM"."""
    def part(p: str) -> str:  # "I" for an initial, "N" for a name, "" otherwise
        core = p.rstrip(".")
        return "I" if len(core) == 1 and core.isupper() else "N" if core[:1].isupper() and core[1:].islower() else ""
    kinds = ["".join(map(part, w.split("-"))) for w in text.split()]  # "Jean-Pierre" is one given name
    return all(k and len(k) == w.count("-") + 1 for k, w in zip(kinds, text.split())) \
        and sum("N" in k for k in kinds) <= 2


def _family(text: str) -> bool:
    """A family name: one word, maybe after lower-case particles ("Hinton", "de la Fuente", "van der Berg")."""
    words = text.split()
    return all(w.islower() for w in words[:-1]) and words[-1][:1].isupper() and not words[-1].isupper()  # not "IBM"


def _authors(value) -> tuple[str, ...]:
    if isinstance(value, str):
        names = split_authors(value)
    elif isinstance(value, list):
        names = [_author_name(v) for v in value]
    elif isinstance(value, dict):
        names = [_author_name(value)]
    else:
        names = []
    return tuple(dict.fromkeys(n for n in names if n))


def paper_from_fields(record: dict, *, source: str = "") -> Paper:
    """The paper described by *record* (field names as in this module's docstring); SkipRecord if no abstract."""
    def empty(value) -> bool:
        return value in (None, [], {}) or (isinstance(value, str) and not value.strip())

    folded: dict[str, object] = {}
    for k, v in record.items():
        if isinstance(k, str) and empty(folded.get(key(k))):  # "abstract" empty, "Abstract" not: the second
            folded[key(k)] = v

    def first(names):
        for name in names:
            value = folded.get(name)
            if not empty(value):
                return value
        return None

    value = first(ABSTRACT_FIELDS)
    if value is not None and not isinstance(value, str):
        kind = {bool: "a boolean", int: "a number", float: "a number", list: "a list", dict: "an object"}.get(type(value))
        raise SkipRecord(f"the abstract is not text ({kind or 'a value'})")
    abstract = _text(value)
    if not abstract and folded.get("abstractinvertedindex"):
        abstract = normalize_text(from_inverted_index(folded["abstractinvertedindex"]))
    if not abstract:
        raise SkipRecord("empty abstract" if any(n in folded for n in (*ABSTRACT_FIELDS, "abstractinvertedindex"))
                         else "no abstract field (expected one of: abstract, summary, abstract_inverted_index)")
    nested = {}
    for name in _NESTED_IDS:
        if isinstance(folded.get(name), dict):
            for k, v in folded[name].items():
                nested.setdefault(key(k), v)
    urls = [u for u in (first(_URL), folded.get("primarylocation", {}).get("landing_page_url")
                        if isinstance(folded.get("primarylocation"), dict) else None) if isinstance(u, str)]
    own_id = folded.get("id")
    arxiv = (normalize_arxiv(first(_ARXIV_FIELDS)) or normalize_arxiv(nested.get("arxiv")) or normalize_arxiv(own_id)
             or next((a for a in map(_arxiv_in_url, urls) if a), None))
    doi = (normalize_doi(first(_DOI_FIELDS)) or normalize_doi(nested.get("doi")) or normalize_doi(own_id)
           or next((d for d in map(_doi_in_url, urls) if d), None))
    if doi and not arxiv:
        arxiv = normalize_arxiv(doi)  # DataCite's arXiv DOIs (10.48550/arXiv.ID)
    title = _text(first(_TITLE)) or None
    # the first date field that parses: Web of Science's "Publication Date" ("MAY 15") has no year, its "Publication
    # Year" has
    date = next((d for d in (normalize_date(folded.get(n), folded.get("month")) for n in _DATE) if d), None)
    return Paper(id=stable_id(abstract, arxiv=arxiv, doi=doi), abstract=abstract, urls=find_urls(abstract),
                 title=title, source=source, authors=_authors(first(_AUTHORS)), date=date, arxiv=arxiv, doi=doi)
