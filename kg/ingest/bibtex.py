"""Reader of BibTeX files: a small parser of its own (no dependency), tolerant to malformed entries.

Reads ``@type{key, field = {...} | "..." | number | macro # ..., ...}`` entries
(parentheses work as the outer delimiters too), ``@string`` macros and the
month macros; ``@comment`` and ``@preamble`` are ignored. Values lose their
braces and common LaTeX (accents, ``\\&``, ``~``, ``--``, ``\\emph{...}``, math
``$``); Greek letters and a few math symbols become Unicode (``$\\beta$`` → β).
``author = {Last, First and First Last}`` becomes ("First Last", ...).
The arXiv id is taken from ``eprint`` (with ``archivePrefix = arXiv``) or from
"arXiv:ID" in ``journal``/``note``/``howpublished``.

An entry that cannot be parsed is skipped with a warning naming its line; the
parser resumes at the next line that starts with ``@``.
"""

from __future__ import annotations

import re
import unicodedata

from .fields import SkipRecord, Skips, normalize_arxiv, paper_from_fields

__all__ = ["parse_bibtex", "parse_entries", "latex_to_text", "bibtex_names", "BibTeXError"]

_MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
_ACCENTS = {'"': "\u0308", "'": "\u0301", "`": "\u0300", "^": "\u0302", "~": "\u0303", "=": "\u0304",
            ".": "\u0307", "c": "\u0327", "u": "\u0306", "v": "\u030c", "H": "\u030b", "k": "\u0328", "r": "\u030a"}
_LETTERS = {"ss": "ß", "o": "ø", "O": "Ø", "aa": "å", "AA": "Å", "ae": "æ", "AE": "Æ", "oe": "œ", "OE": "Œ",
            "l": "ł", "L": "Ł", "i": "ı", "j": "ȷ"}
_GREEK = dict(zip("alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi pi rho sigma tau upsilon "
                  "phi chi psi omega".split(), "αβγδεζηθικλμνξπρστυφχψω"))
# Math commands of abstracts that carry meaning ($\beta$-VAE, 3$\times$ faster, $\ell_1$); other commands are dropped.
_SYMBOLS = {**_GREEK, **{n.capitalize(): c.upper() for n, c in _GREEK.items()}, **{"var" + n: c for n, c in _GREEK.items()},
            "ell": "ℓ", "times": "×", "cdot": "·", "ldots": "…", "dots": "…", "cdots": "…", "pm": "±", "infty": "∞",
            "leq": "≤", "le": "≤", "geq": "≥", "ge": "≥", "neq": "≠", "approx": "≈", "sim": "~", "to": "→",
            "rightarrow": "→", "log": "log", "exp": "exp", "min": "min", "max": "max"}
_BASE = r"([A-Za-z]|\\[ij](?![A-Za-z]))"  # an accent's letter: \i and \j are a dotless i and j ({\'\i} = í)
_ENTRY_START = re.compile(r"^[ \t]*@", re.M)
_NEXT_ENTRY = re.compile(r"[ \t]*@[A-Za-z]+\s*[{(]")
_NAME = re.compile(r"[A-Za-z0-9_:.+/'-]+")


class BibTeXError(ValueError):
    """A malformed entry: ``pos`` is where the parser gave up."""

    def __init__(self, message: str, pos: int):
        super().__init__(message)
        self.pos = pos


def latex_to_text(value: str) -> str:
    """Plain Unicode text of a BibTeX value: accents composed, braces and formatting commands dropped."""
    text = re.sub(r"\\(?:\\|[,;: ])", " ", value)  # a line break, a thin or a normal space
    text = re.sub(r"(?<!\\)\$", "", text)  # math delimiters: $\beta$-VAE → β-VAE
    text = re.sub(r"\\([\"'`^~=.])\s*\{?\s*" + _BASE + r"\}?", lambda m: m.group(2)[-1] + _ACCENTS[m.group(1)], text)
    text = re.sub(r"\\([cuvHkr])\s*\{\s*" + _BASE + r"\s*\}|\\([cuvHkr])\s+([A-Za-z])",
                  lambda m: (m.group(2) or m.group(4))[-1] + _ACCENTS[m.group(1) or m.group(3)], text)
    text = re.sub(r"\{?\\(ss|aa|AA|ae|AE|oe|OE|o|O|l|L|i|j)(?![A-Za-z])\}?\s?", lambda m: _LETTERS[m.group(1)], text)
    text = re.sub(r"\\([A-Za-z]+)(?![A-Za-z])", lambda m: _SYMBOLS.get(m.group(1), m.group(0)), text)
    text = re.sub(r"\\([&%$#_{}])", r"\1", text)
    text = re.sub(r"\\[A-Za-z]+\*?\s*(?=\{)", "", text)  # \emph{x} → {x}
    text = re.sub(r"\\[A-Za-z]+\*?\s*", "", text)
    text = text.replace("{", "").replace("}", "").replace("~", " ").replace("---", "—").replace("--", "–")
    return " ".join(unicodedata.normalize("NFC", text).split())


def _split_top(text: str, sep: re.Pattern) -> list[str]:
    """Split *text* at *sep* where not inside braces."""
    parts, depth, last = [], 0, 0
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        elif depth == 0:
            m = sep.match(text, i)
            if m:
                parts.append(text[last:i])
                last = i = m.end()
                continue
        i += 1
    parts.append(text[last:])
    return parts


def bibtex_names(value: str) -> list[str]:
    """Author names of a BibTeX name list, as "First von Last, Jr" → "First von Last Jr"."""
    names = []
    for part in _split_top(value.strip(), re.compile(r"\s+and\s+", re.I)):
        pieces = [p.strip() for p in _split_top(part, re.compile(r","))]
        if len(pieces) == 2:
            pieces = [pieces[1], pieces[0]]
        elif len(pieces) >= 3:
            pieces = [pieces[2], pieces[0], pieces[1]]
        name = latex_to_text(" ".join(p for p in pieces if p))
        if name and name.lower() != "others":
            names.append(name)
    return names


class _Parser:
    def __init__(self, text: str):
        self.text = text
        self.macros = {m: m for m in _MONTHS}

    def ws(self, pos: int) -> int:
        while pos < len(self.text):
            if self.text[pos].isspace():
                pos += 1
            elif self.text[pos] == "%":  # a comment to the end of the line
                end = self.text.find("\n", pos)
                pos = len(self.text) if end < 0 else end + 1
            else:
                break
        return pos

    def delimited(self, pos: int) -> tuple[str, int]:
        """The text inside the {balanced braces} or "quotes" starting at text[pos], and the position after them.

        Braces nest in both; a quote ends a quoted value only outside braces ("{"}"").
        """
        quoted = self.text[pos] == '"'
        depth, start = 0 if quoted else 1, pos + 1
        pos = start
        while pos < len(self.text):
            ch = self.text[pos]
            if ch == "\\":
                pos += 2
                continue
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
                if depth == 0 and not quoted:
                    return self.text[start:pos], pos + 1
            elif ch == '"' and quoted and depth == 0:
                return self.text[start:pos], pos + 1
            elif ch == "\n" and not quoted and _NEXT_ENTRY.match(self.text, pos + 1):
                raise BibTeXError("unbalanced braces (a new entry starts before this value ends)", pos)
            pos += 1
        if quoted:
            raise BibTeXError("unterminated quoted value", pos)
        raise BibTeXError("unbalanced braces (no closing brace before the end of the file)", pos)

    def value(self, pos: int) -> tuple[str, int]:
        """A field value (pieces joined with #), unparsed LaTeX."""
        pieces = []
        while True:
            pos = self.ws(pos)
            ch = self.text[pos:pos + 1]
            if ch in ("{", '"'):
                piece, pos = self.delimited(pos)
            else:
                m = _NAME.match(self.text, pos)
                if not m:
                    raise BibTeXError(f"expected a value, found {ch!r}" if ch else "expected a value, found the end", pos)
                word, pos = m.group(0), m.end()
                piece = word if word.isdigit() else self.macros.get(word.lower(), word)
            pieces.append(piece)
            pos = self.ws(pos)
            if self.text[pos:pos + 1] != "#":
                return "".join(pieces), pos
            pos += 1

    def entry(self, pos: int):
        """Parse the entry at text[pos] == "@": (type, key, fields, end)."""
        m = re.compile(r"@\s*([A-Za-z]+)\s*([{(])").match(self.text, pos)
        if not m:
            raise BibTeXError("expected @type{ after @", pos)
        kind, close = m.group(1).lower(), "}" if m.group(2) == "{" else ")"
        if kind in ("comment", "preamble"):
            if close == "}":
                _, end = self.delimited(m.end() - 1)
            else:
                end = self.text.find(")", m.end()) + 1 or len(self.text)
            return kind, "", {}, end
        pos = self.ws(m.end())
        fields = {}
        key = ""
        if kind != "string":
            km = re.compile(r"[^\s,{}()]*").match(self.text, pos)
            key, pos = km.group(0), self.ws(km.end())
            if self.text[pos:pos + 1] == close:
                return kind, key, fields, pos + 1
            if self.text[pos:pos + 1] != ",":
                raise BibTeXError(f"expected a comma after the key {key!r}", pos)
            pos += 1
        while True:
            pos = self.ws(pos)
            if self.text[pos:pos + 1] == close:
                return kind, key, fields, pos + 1
            nm = _NAME.match(self.text, pos)
            if not nm:
                ch = self.text[pos:pos + 1]
                raise BibTeXError(f"expected a field name, found {ch!r}" if ch else "entry not closed", pos)
            name, pos = nm.group(0).lower(), self.ws(nm.end())
            if self.text[pos:pos + 1] != "=":
                raise BibTeXError(f"expected = after the field name {name!r}", pos)
            value, pos = self.value(pos + 1)
            if kind == "string":
                self.macros[name] = value
            else:
                fields.setdefault(name, value)
            pos = self.ws(pos)
            if self.text[pos:pos + 1] == ",":
                pos += 1
            elif self.text[pos:pos + 1] != close:
                ch = self.text[pos:pos + 1]
                if ch == "@":  # "title = {A {B}," took in the rest of the entry
                    raise BibTeXError(f"unbalanced braces (the value of {name!r} runs into the next entry)", pos)
                raise BibTeXError(f"expected a comma or the end of the entry, found {ch!r}" if ch else "entry not closed", pos)


# Text outside entries is a comment: an "@" in it is no entry (an e-mail address, "@someone", JabRef's "@Comment
# jabref-meta:"), unless a type of entry follows it (a malformed entry: "@article title = …").
_NOT_AN_ENTRY = re.compile(r"(?<=[\w.])@|@(?!\s*[A-Za-z]+\s*[{(]|\s*(?:article|inproceedings|"
                           r"incollection|misc|book|inbook|techreport|phdthesis|mastersthesis|online|proceedings|"
                           r"unpublished|manual|booklet|conference|string|preamble)\b)", re.I)
# Fields after an entry's end: an extra closing brace ended it early ("abstract = {…}},").
_STRAY_FIELD = re.compile(r"\s*,?\s*[A-Za-z][\w-]*\s*=")


def parse_entries(text: str, on_error=None):
    """(line, type, key, fields) of every entry; a malformed entry calls ``on_error(line, message)`` and is skipped."""
    parser = _Parser(text)
    pos, counted, line = 0, 0, 1
    while (at := text.find("@", pos)) >= 0:
        line += text.count("\n", counted, at)  # counted from the last "@" on: linear in the file's size
        counted = at
        if _NOT_AN_ENTRY.match(text, at):
            pos = at + 1
            continue
        try:
            kind, key, fields, pos = parser.entry(at)
            if _STRAY_FIELD.match(text, pos):
                raise BibTeXError("unbalanced braces (fields follow the end of the entry: an extra closing brace?)", pos)
        except (BibTeXError, IndexError) as exc:
            if on_error:
                on_error(line, f"malformed entry ({exc})")
            nxt = _ENTRY_START.search(text, at + 1)
            pos = nxt.start() if nxt else len(text)
            continue
        if kind not in ("comment", "preamble", "string"):
            yield line, kind, key, fields


def _arxiv_of(fields: dict) -> str | None:
    prefix = fields.get("archiveprefix", "").lower()
    if fields.get("eprint") and prefix in ("", "arxiv"):
        found = normalize_arxiv(latex_to_text(fields["eprint"]))
        if found:
            return found
    for name in ("journal", "note", "howpublished", "volume"):
        for m in re.finditer(r"arxiv[:\s]+([\w./-]+)", fields.get(name, ""), re.I):
            if found := normalize_arxiv(m.group(1).rstrip(".")):
                return found
    return None


# What an entry takes from the proceedings it cross-references; not their DOI, URL or ids, which name the volume.
_INHERITED = ("year", "month", "date", "publisher", "editor", "series", "address", "organization", "volume")


def _with_crossref(fields: dict, by_key: dict) -> dict:
    """*fields* with the publication fields it lacks taken from the entry its ``crossref`` names (the
    proceedings' title as the booktitle)."""
    parent = by_key.get(fields.get("crossref", "").strip().lower())
    if not parent:
        return fields
    inherited = {name: parent[name] for name in _INHERITED if name in parent}
    if "title" in parent:
        inherited["booktitle"] = parent["title"]
    return {**inherited, **fields}


def parse_bibtex(text: str, *, source: str = "") -> list:
    """Papers of a BibTeX document (entries without an abstract are skipped with a warning)."""
    skips = Skips(source)

    def malformed(line, message):
        skips.count()
        skips.skip(line, message)

    entries = list(parse_entries(text, malformed))
    parents = {fields.get("crossref", "").strip().lower() for _, _, _, fields in entries} - {""}
    by_key = {key.lower(): fields for _, _, key, fields in reversed(entries)}  # the first of a repeated key
    papers, first_line = [], {}
    for line, kind, key, fields in entries:
        if key.lower() in parents and "abstract" not in fields:
            continue  # "@proceedings{icml2024, …}" that entries cross-reference is no paper
        skips.count()
        if key and key.lower() in first_line:  # another paper under a key already used (files joined together)?
            skips.warn(line, f"key {key!r} is used already at line {first_line[key.lower()]}; read as another entry")
        first_line.setdefault(key.lower(), line)
        fields = _with_crossref(fields, by_key)
        record = {name: latex_to_text(value) for name, value in fields.items() if name != "author"}
        record["authors"] = bibtex_names(fields.get("author", ""))
        record.pop("eprint", None)
        record["arxiv"] = _arxiv_of(fields)
        try:
            papers.append(paper_from_fields(record, source=f"{source}:{line}"))
        except SkipRecord as exc:
            skips.skip(line, f"{exc} (@{kind}{{{key}}})")
    skips.summary()
    return papers
