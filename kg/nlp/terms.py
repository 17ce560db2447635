"""The Term record the components share, and the Doc extensions they fill."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field
from typing import NamedTuple

from spacy.attrs import IDX, ORTH, SPACY
from spacy.tokens import Doc, Span

from ..records import NodeType, Role
from .rules import ADJECTIVE_SUFFIXES

__all__ = ["Term", "Tokens", "register_extensions", "sentences", "sentence_of", "sentence_starts",
           "sentence_bounds", "sentence_start_of", "lexical", "tokens", "whole_word_count", "whole_words",
           "before_adjective_suffix"]


@dataclass
class Term:
    """A candidate concept mention: tokens ``start:end`` of the Doc.

    Components refine it in place: ``kg_typing`` sets ``type``, ``kg_roles``
    sets ``role``. ``label`` is the concept's name (for a short form, the
    long form it stands for); ``aliases`` are other names tied to it.
    """

    start: int
    end: int
    label: str
    source: str
    type: NodeType | None = None
    role: Role | None = None
    aliases: list[str] = field(default_factory=list)


def register_extensions() -> None:
    """Register the Doc extensions once (idempotent)."""
    for name, default in (("kg_abbrevs", None), ("kg_terms", None), ("kg_results", None)):
        if not Doc.has_extension(name):
            Doc.set_extension(name, default=default)


def sentence_starts(doc: Doc) -> list[int]:
    """The first token of each sentence of *doc*, in order (``kg_sentences`` stores them)."""
    starts = doc.user_data.get("kg_sent_starts")
    if starts is None:
        starts = doc.user_data["kg_sent_starts"] = [s.start for s in doc.sents]
    return starts


def sentence_bounds(doc: Doc) -> list[tuple[int, int]]:
    """(first token, token after the last) of each sentence of *doc*."""
    starts = sentence_starts(doc)
    return list(zip(starts, [*starts[1:], len(doc)]))


def sentences(doc: Doc) -> list[Span]:
    """The sentences of *doc* as Spans, computed once (``Span.sent`` rescans the Doc on every call)."""
    if "kg_sents" not in doc.user_data:
        doc.user_data["kg_sents"] = [doc[start:end] for start, end in sentence_bounds(doc)]
    return doc.user_data["kg_sents"]


def sentence_start_of(doc: Doc, token_index: int) -> int:
    """The first token of the sentence containing token *token_index*."""
    starts = sentence_starts(doc)
    return starts[bisect_right(starts, token_index) - 1]


def sentence_of(doc: Doc, token_index: int) -> Span:
    """The sentence containing token *token_index*."""
    return sentences(doc)[bisect_right(sentence_starts(doc), token_index) - 1]


class Lexical(NamedTuple):
    """spaCy's lexical flags of a token text (they depend on the text alone)."""

    is_punct: bool
    is_alpha: bool
    like_num: bool


_LEXICAL: dict[str, Lexical] = {}


def lexical(vocab, text: str) -> Lexical:
    """The lexical flags of *text*, cached per string (a Vocab look-up creates a Lexeme object)."""
    flags = _LEXICAL.get(text)
    if flags is None:
        if len(_LEXICAL) >= 1 << 16:
            _LEXICAL.clear()
        lex = vocab[text]
        flags = _LEXICAL[text] = Lexical(lex.is_punct, lex.is_alpha, lex.like_num)
    return flags


# string-store hash → text; the hash of a string is the same in every Vocab
_ORTH_TEXT: dict[int, str] = {}


class Tokens:
    """Token texts, trailing-space flags (0/1) and character offsets of a Doc, as plain lists, and its text.

    Read once per Doc with ``doc.to_array``: each ``doc[i]`` creates a Token object, and a
    Python pass over those costs about as much as the tokenizer itself.
    """

    __slots__ = ("words", "space", "idx", "text", "_lower_text")

    def __init__(self, doc: Doc) -> None:
        orths, self.space, self.idx = doc.to_array([ORTH, SPACY, IDX]).T.tolist() if len(doc) else ([], [], [])
        try:
            self.words = [_ORTH_TEXT[o] for o in orths]
        except KeyError:  # a string not seen before
            _ORTH_TEXT.update((o, doc.vocab.strings[o]) for o in orths if o not in _ORTH_TEXT)
            self.words = [_ORTH_TEXT[o] for o in orths]
        self.text = "".join([w + " " if s else w for w, s in zip(self.words, self.space)])
        self._lower_text = None

    @property
    def lower_text(self) -> str:
        """The text in lower case (computed on first use)."""
        if self._lower_text is None:
            self._lower_text = self.text.lower()
        return self._lower_text

    def end_char(self, i: int) -> int:
        """The character offset just after token *i* (``doc[i].idx + len(doc[i])``)."""
        return self.idx[i] + len(self.words[i])

    def span_text(self, start: int, end: int) -> str:
        """``doc[start:end].text`` without creating the Span."""
        return self.text[self.idx[start]:self.end_char(end - 1)] if end > start else ""

    def token_span(self, start_char: int, end_char: int) -> tuple[int, int] | None:
        """Tokens start:end covering exactly the characters start_char:end_char (``Doc.char_span``), or None."""
        start = bisect_left(self.idx, start_char)
        end = bisect_right(self.idx, end_char - 1)
        if start == len(self.idx) or self.idx[start] != start_char or end == 0:
            return None
        return (start, end) if self.end_char(end - 1) == end_char else None


def _is_word_char(char: str) -> bool:
    return char.isalnum() or char == "_"  # what the regex \w matches


def whole_word_count(text: str, phrase: str, at_most: int) -> int:
    """How many times (up to *at_most*) the non-empty *phrase* occurs in *text* between word boundaries: what
    ``re.findall(r"\b" + re.escape(phrase) + r"\b", text)`` counts, without the regex engine trying \b at
    every position of the text (about 20× slower than finding the phrase)."""
    count, pos, end = 0, 0, len(phrase)
    first_word, last_word = _is_word_char(phrase[0]), _is_word_char(phrase[-1])
    while count < at_most and (i := text.find(phrase, pos)) != -1:
        j = i + end
        before = i > 0 and _is_word_char(text[i - 1])
        after = j < len(text) and _is_word_char(text[j])
        if before != first_word and after != last_word:
            count += 1
            pos = j
        else:
            pos = i + 1
    return count


def tokens(doc: Doc) -> Tokens:
    """The token table of *doc*, built once."""
    table = doc.user_data.get("kg_tokens")
    if table is None:
        table = doc.user_data["kg_tokens"] = Tokens(doc)
    return table


def before_adjective_suffix(table: Tokens, end: int) -> bool:
    """The word ending before token *end* is glued to an adjective suffix: "GPT-4o" in "GPT-4o-based agents",
    "Knowledge" in "Knowledge-enhanced RL"."""
    words = table.words
    return (end + 1 < len(words) and words[end] == "-" and not table.space[end - 1] and not table.space[end]
            and words[end + 1].lower() in ADJECTIVE_SUFFIXES)


def whole_words(doc: Doc, start: int, end: int) -> bool:
    """False when tokens start:end are glued to a neighbouring word ("GPT" in "GPT-4o", "CoT" in "CoT-Space",
    "RL" in "RLHF"); a glued adjective suffix ("RL-based") does not count."""
    toks, vocab = tokens(doc), doc.vocab
    words, space = toks.words, toks.space
    glued_before = start > 0 and not space[start - 1] and (
        words[start - 1] in "-–/" or lexical(vocab, words[start - 1]).is_alpha)
    glued_after = end < len(words) and not space[end - 1] and (
        words[end] in "-–/" or lexical(vocab, words[end]).is_alpha or lexical(vocab, words[end]).like_num)
    if glued_after and before_adjective_suffix(toks, end):
        glued_after = False
    return not (glued_before or glued_after)
