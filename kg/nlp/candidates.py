"""kg_candidates: candidate terms from closed-class boundaries, without a tagger.

Stop words, common verbs of abstracts, adverbs in -ly, numbers and
punctuation end a candidate; what remains between them is mostly noun
phrases. Leading determiners and evaluative adjectives are trimmed. A
candidate is kept when it is a name (CamelCase, acronym, letters with
digits, capitalised words inside a sentence) or when its last word is a
head noun of known type; everything else is dropped.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import NamedTuple

from spacy.language import Language
from spacy.tokens import Doc, Span

from ..normalize import is_acronym, singular
from .abbreviations import schwartz_hearst
from ..records import NodeType
from .rules import boundary_words, generic_terms, head_types, leading_modifiers
from .terms import Term, register_extensions, sentences

__all__ = ["CandidateFinder", "Word", "word_spans", "is_name_word", "candidate_chunks"]

_MATH = set("{}|\\$=<>")
# "GAN-based": the suffix makes an adjective; it is cut off and the stem kept.
ADJECTIVE_SUFFIXES = {"based", "driven", "like", "style", "inspired", "powered", "guided", "centric", "induced"}
_NEVER_IN_NAMES = {"and", "or", "of", "the", "a", "an", "for", "with", "we", "our", "is", "are", "in", "on", "to"}
_HARD_PUNCT = set(",;:()[]{}\"“”")
_LY_NOUNS = {"family", "anomaly", "assembly", "supply", "italy", "poly", "fly", "july", "rely", "reply"}
# A trailing word that only announces the kind of thing named before it.
_KIND_WORDS = {"benchmark": NodeType.BENCHMARK, "dataset": NodeType.BENCHMARK, "suite": NodeType.BENCHMARK,
               "leaderboard": NodeType.BENCHMARK, "corpus": NodeType.BENCHMARK, "task": NodeType.PROBLEM,
               "problem": NodeType.PROBLEM, "framework": NodeType.METHOD, "method": NodeType.METHOD,
               "approach": NodeType.METHOD, "algorithm": NodeType.METHOD, "paradigm": NodeType.METHOD,
               "model": NodeType.MODEL, "family": NodeType.MODEL, "series": NodeType.MODEL,
               "strategy": NodeType.METHOD, "procedure": NodeType.METHOD, "technique": NodeType.METHOD,
               "scheme": NodeType.METHOD, "checkpoint": NodeType.MODEL}
_PROPOSAL = re.compile(r"\b(propose|introduce|present|call|dub|name|term)(s|d|ed)?\b", re.I)
MAX_TERM_WORDS = 5
METRIC_SYMBOL = re.compile(r"^(F_?1|R\^?2|F_?\{?β\}?|mAP|BLEU|ROUGE(-[L12])?|AUC|AUROC|FID|WER|CER|EER)$")
_NOT_VERB_S = ("ss", "us", "is", "ics", "ous", "ness", "less")
_ED_NOUNS = {"speed", "seed", "feed", "need", "breed", "embed", "hundred", "shed"}
_ENUMERATION = re.compile(r"^\(?(\d{1,2}|[ivx]{1,4}|[a-h])\)$")
# Trailing words that only say what kind of thing the rest names; they are cut off and kept as a type hint.
_GENERIC_KINDS = {"method", "framework", "approach", "strategy", "procedure", "algorithm", "technique", "paradigm",
                  "scheme", "checkpoint"}
_PROBLEM_SUFFIXES = ("ment", "tion", "ity", "ing", "ness", "ance", "ence", "ism", "ancy")


class Word(NamedTuple):
    """A whitespace word (or split-off punctuation): tokens ``start:end`` and their text."""

    start: int
    end: int
    text: str


class _Tokens:
    """Per-token facts of a Doc, read once (creating spaCy Token objects over and over is the cost)."""

    def __init__(self, doc: Doc) -> None:
        self.words, self.space, self.idx, self.edge, self.number, pieces = [], [], [], [], [], []
        for t in doc:  # one pass: each Token object is created once
            pieces.append(t.text_with_ws)
            self.words.append(t.text)
            self.space.append(bool(t.whitespace_))
            self.idx.append(t.idx)
            self.edge.append(_edge_punct(t))
            self.number.append(t.like_num or t.is_currency)
        self.lower_counts = Counter(w.lower() for w in self.words)
        self.text = doc.user_data.setdefault("kg_text", "".join(pieces))

    def word(self, start: int, end: int) -> Word:
        return Word(start, end, self.text[self.idx[start]:self.idx[end - 1] + len(self.words[end - 1])])


def _tokens(doc: Doc) -> _Tokens:
    if "kg_tokens" not in doc.user_data:
        doc.user_data["kg_tokens"] = _Tokens(doc)
    return doc.user_data["kg_tokens"]


def word_spans(sent: Span) -> list[Word]:
    """Whitespace words of *sent*; punctuation at their edges (and hard punctuation inside) split off."""
    toks, words, start = _tokens(sent.doc), [], sent.start
    for i in range(sent.start, sent.end):
        if toks.space[i] or i == sent.end - 1:
            words.extend(_split_piece(toks, start, i + 1))
            start = i + 1
    return words


def _split_piece(toks: _Tokens, start: int, end: int) -> list[Word]:
    head, tail = [], []
    while start < end and (toks.edge[start] or _ENUMERATION.match(toks.words[start])):
        head.append(toks.word(start, start + 1))
        start += 1
    while end > start and toks.edge[end - 1]:
        tail.insert(0, toks.word(end - 1, end))
        end -= 1
    middle, cut = [], start
    if end - start >= 3 and toks.words[end - 2] == "-" and toks.words[end - 1].lower() in ADJECTIVE_SUFFIXES:
        tail.insert(0, toks.word(end - 2, end))
        end -= 2
    for i in range(start, end):
        if toks.words[i] in _HARD_PUNCT:
            if cut < i:
                middle.append(toks.word(cut, i))
            middle.append(toks.word(i, i + 1))
            cut = i + 1
    if cut < end:
        middle.append(toks.word(cut, end))
    return head + middle + tail


def _edge_punct(tok) -> bool:
    return tok.is_punct or tok.is_quote or tok.lower_ in ("'s", "’s") or all(c in "`'\"“”‘’" for c in tok.text)


def is_name_word(word: Span) -> bool:
    """CamelCase, ALLCAPS, or letters with digits: MemDLM, BLINK, Qwen3-8B, GPT-4o."""
    text = word.text
    if not any(c.isalpha() for c in text):
        return False
    inner_caps = any(c.isupper() for c in text[1:])
    letters_digits = any(c.isdigit() for c in text) and sum(c.isalpha() for c in text) >= 2
    return inner_caps or letters_digits


def _is_boundary(word: Word, toks: _Tokens) -> bool:
    text = word.text
    low = text.lower()
    if _ENUMERATION.match(text) or _bracketed(word, toks):
        return True
    if word.end - word.start == 1 and (toks.edge[word.start] or toks.number[word.start] or text in "%=<>±×"):
        return True
    if low.lstrip("-") in ADJECTIVE_SUFFIXES or low in boundary_words() or text[0].isdigit() or any(c in _MATH for c in text):
        return True
    return low.endswith("ly") and len(low) > 4 and low.isalpha() and low not in _LY_NOUNS


def _continues_name(word: Word, current: list[Word], sent_start: int) -> bool:
    """A title-cased word after a capitalised one belongs to a name ("Datamodel Matching", "Importance Sampling")."""
    return (bool(current) and word.text[:1].isupper() and word.text[1:].islower() and word.start != sent_start
            and current[-1].text[:1].isupper() and word.text.lower() not in _NEVER_IN_NAMES)


def _runs(words: list[Word], is_break) -> list[list[Word]]:
    """Maximal runs of *words* between the words for which ``is_break(word, current_run)`` holds."""
    runs, current = [], []
    for word in words:
        if is_break(word, current):
            if current:
                runs.append(current)
            current = []
        else:
            current.append(word)
    if current:
        runs.append(current)
    return runs


def candidate_chunks(sent: Span) -> list[list[Word]]:
    """Runs of non-boundary words in *sent*."""
    toks = _tokens(sent.doc)
    return _runs(word_spans(sent),
                 lambda word, run: _is_boundary(word, toks) and not _continues_name(word, run, sent.start))


def _trim(words: list[Word]) -> list[Word]:
    """Drop leading modifiers ("a novel …") and trailing participles ("… framework equipped")."""
    modifiers = leading_modifiers()
    while words and (words[0].text.lower() in modifiers or (len(words) > 1 and _is_verb_like(words[0].text))):
        words = words[1:]
    while words and _is_participle(words[-1].text):
        words = words[:-1]
    return words


def _is_verb_like(word: str) -> bool:
    """A lower-case plural-looking first word ("demands models", "lowers sensitivity") is a verb, not a modifier."""
    return word.islower() and word.isalpha() and len(word) > 3 and word.endswith("s") and not word.endswith(_NOT_VERB_S)


def _is_participle(word: str) -> bool:
    return word.islower() and word.isalpha() and len(word) > 4 and word.endswith("ed") and word not in _ED_NOUNS


def _trim_around_names(words: list[Word]) -> list[Word]:
    """Around a name, keep only what belongs to it: "complex BLINK" → "BLINK",
    "Parametric Memory acts" → "Parametric Memory" (a lower-case tail stays only if it is a head noun)."""
    names = [i for i, w in enumerate(words) if is_name_word(w) or w.text[:1].isupper()]
    if not names:
        return words
    if names[-1] == len(words) - 1:
        first = names[-1]
        while first > 0 and first - 1 in names:
            first -= 1
        return words[first:]
    tail = words[names[-1] + 1:]
    if singular(tail[-1].text.lower()) in head_types():
        return words
    return words[:names[-1] + 1]


def _bracketed(word: Word, toks: _Tokens) -> bool:
    """A placeholder token such as [MASK] or [CLS]."""
    return 0 < word.start and word.end < len(toks.words) and toks.words[word.start - 1] == "[" and toks.words[word.end] == "]"


def _kind_hint(words: list[Word]) -> tuple[list[Word], NodeType | None]:
    """Strip a trailing kind word after a name ("BLINK benchmark") and keep it as a type hint."""
    if len(words) < 2:
        return words, None
    last = singular(words[-1].text.lower())
    if last in _KIND_WORDS and (any(is_name_word(w) for w in words[:-1]) or last in ("task", "problem")
                                or last in _GENERIC_KINDS):
        return words[:-1], _KIND_WORDS[last]
    return words, None


def _after_proposal(doc: Doc, start: int) -> bool:
    window = doc[max(0, start - 3):start].text
    return bool(_PROPOSAL.search(window))


def _is_problem_noun(word: str) -> bool:
    """A single lower-case word stands alone only as a named phenomenon or task: "misalignment", "colorization"."""
    low = word.lower()
    return (head_types().get(singular(low)) == NodeType.PROBLEM and low.endswith(_PROBLEM_SUFFIXES)
            and singular(low) not in generic_terms())


def _lone_named_kind(words: list[Word]) -> bool:
    """"realignment framework" → "realignment": one specific word that its kind word vouched for."""
    return (len(words) == 1 and words[0].text.isalpha() and len(words[0].text) > 3
            and singular(words[0].text.lower()) not in generic_terms() and words[0].text.lower() not in boundary_words())


def _plural_category(words: list[Word]) -> bool:
    """"reasoning benchmarks", "harmful datasets": a lower-case plural category, not a named dataset."""
    last = words[-1].text
    return (last.lower() in ("benchmarks", "datasets", "suites", "models", "methods", "approaches")
            and all(w.text.islower() for w in words))


def _recurs(word: Word, doc: Doc) -> bool:
    """The word occurs at least twice in the abstract: a lone common noun must be salient to count."""
    return _tokens(doc).lower_counts[word.text.lower()] >= 2


def _is_compound_term(word: str) -> bool:
    """A hyphenated word whose last part is a known head: "meta-training", "self-distillation"."""
    parts = word.lower().split("-")
    return (len(parts) > 1 and all(p.isalpha() for p in parts) and word.islower()
            and head_types().get(singular(parts[-1])) in (NodeType.METHOD, NodeType.PROBLEM)
            and singular(word.lower()) not in generic_terms())


def _accept(words: list[Word], sent: Span) -> bool:
    if not words or len(words) > MAX_TERM_WORDS or any("://" in w.text or "www." in w.text for w in words):
        return False
    if _plural_category(words) and singular(words[-1].text.lower()) in ("benchmark", "dataset", "suite"):
        return False
    text = " ".join(w.text for w in words)
    if singular(text).lower() in generic_terms() or all(singular(w.text).lower() in generic_terms() for w in words):
        return False
    if any(is_name_word(w) for w in words):
        return True
    capitalised = [w for w in words if w.text[:1].isupper()]
    if len(words) > 1 and capitalised and (words[0].start != sent.start or len(capitalised) > 1):
        return True
    if len(words) == 1:
        if METRIC_SYMBOL.match(words[0].text) or _is_compound_term(words[0].text):
            return True
        if words[0].text[:1].isupper():
            return _after_proposal(sent.doc, words[0].start)
        return _is_problem_noun(words[0].text) and _recurs(words[0], sent.doc)
    return singular(words[-1].text.lower()) in head_types()


@Language.factory("kg_candidates", default_config={"max_words": MAX_TERM_WORDS})
def make_candidate_finder(nlp: Language, name: str, max_words: int) -> "CandidateFinder":
    return CandidateFinder(max_words)


class CandidateFinder:
    """Adds a Term for each accepted candidate that no earlier component covers."""

    def __init__(self, max_words: int = MAX_TERM_WORDS) -> None:
        register_extensions()
        self.max_words = max_words

    def __call__(self, doc: Doc) -> Doc:
        terms = list(doc._.kg_terms or [])
        taken = {i for t in terms for i in range(t.start, t.end)}
        for sent in sentences(doc):
            for chunk in candidate_chunks(sent):
                for run in (part for piece in _split_at(chunk, taken) for part in _split_at_verbs(piece)):
                    words, hint = _kind_hint(_trim(run))
                    words = _trim_around_names(words)
                    words = words[-self.max_words:] if len(words) > self.max_words else words
                    if _accept(words, sent) or (hint and _lone_named_kind(words)):
                        span = doc[words[0].start:words[-1].end]
                        terms.append(_inline_definition(span, words) or Term(span.start, span.end, span.text, "chunk", type=hint))
        doc._.kg_terms = terms
        return doc


def _inline_definition(span: Span, words: list[Word]) -> Term | None:
    """"TRADE TRansducer-Augmented DEcoder": an acronym directly followed by its expansion."""
    if len(words) < 3 or not is_acronym(words[0].text):
        return None
    rest = span.doc[words[1].start:span.end].text
    if schwartz_hearst(words[0].text, rest) != 0:
        return None
    return Term(span.start, span.end, words[0].text, "chunk", aliases=[rest])


def _split_at_verbs(words: list[Word]) -> list[list[Word]]:
    """Cut a run at an inner lower-case -s word: "output estimates future rewards" → "output", "future rewards"."""
    return _runs(words, lambda word, run: bool(run) and word is not words[-1] and _is_verb_like(word.text))


def _split_at(chunk: list[Word], taken: set[int]) -> list[list[Word]]:
    """Split a chunk around words already covered by another component's term."""
    return _runs(chunk, lambda word, run: bool(taken.intersection(range(word.start, word.end))))
