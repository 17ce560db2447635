"""kg_abbreviations: acronym definitions, "long form (SF)" and "SF (long form)".

The Schwartz–Hearst algorithm aligns the short form's characters, right to
left, with the words before the parenthesis. Each definition becomes one Term
carrying both names; every other occurrence of the short form as a whole word
(not "CoT" in "CoT-Space") becomes a Term labelled with the long form.
"""

from __future__ import annotations

import re
from itertools import compress

from spacy.language import Language
from spacy.tokens import Doc, Span

from ..normalize import is_acronym, normalize_label, singular
from ..records import NodeType
from .rules import BUILT_ON, DETERMINERS, boundary_words, generic_terms, head_types, lexicon_index
from .terms import (Term, Tokens, lexical, register_extensions, sentence_start_of, sentence_starts, tokens,
                    whole_words)

__all__ = ["find_definitions", "schwartz_hearst", "AbbreviationDetector"]

MAX_INNER_TOKENS = 20
_HARD_STOPS = set(",;:()[]\"“”")
_WORD_PART = re.compile(r"[A-Za-z0-9]+")
_WORD = re.compile(r"\w+(-\w+)*")
_NOT_SHORT_FORM = re.compile(r"^(e\.g|i\.e|cf|see|fig|tab|eq|sec|et al|\d+(\.\d+)?%?)\b", re.I)


_DIGIT_WORDS = {"2": "to", "4": "for"}


def schwartz_hearst(short: str, long: str) -> int | None:
    """Start offset in *long* of the shortest long form that *short* abbreviates, or None."""
    s, i = len(short) - 1, len(long) - 1
    short_l, long_l = short.lower(), long.lower()
    for digit, word in _DIGIT_WORDS.items():  # "U2A" for "Unlearning to Align", "W4S" for "Weak-for-Strong"
        if digit in short_l and digit not in long_l and re.search(rf"\b{word}\b", long_l):
            short_l = short_l.replace(digit, word[0])
    while s >= 0:
        char = short_l[s]
        if not char.isalnum():
            s -= 1
            continue
        while i >= 0 and (long_l[i] != char or (s == 0 and i > 0 and long_l[i - 1].isalnum())):
            i -= 1
        if i < 0:
            return None
        i -= 1
        s -= 1
    return i + 1


def _initials_start(short: str, long: str) -> int | None:
    """Start offset in *long* of its last words whose initials spell *short* (or its capitals, see
    _capitals_start), or None: "Counterfactual Consistency Training (CCT)", where the shortest alignment would stop
    at "Consistency Training"."""
    letters = short[:-1] if short.endswith("s") and short[:-1].isupper() else short
    parts = list(_WORD_PART.finditer(long))
    if not letters.isalpha():
        return _capitals_start(short, parts)
    for words in (parts, list(_WORD.finditer(long))):  # "Iterative Self-play (IRIS)": a compound is one word too
        tail = words[-len(letters):]
        if len(words) >= len(letters) and all(w.group()[0].lower() == c.lower() for w, c in zip(tail, letters)):
            return tail[0].start()
    if len(parts) < len(letters):
        return None
    named = [p for p in parts if p.group().lower() not in _LINKING_WORDS]
    tail = named[-len(letters):]  # capitalised words past linking ones: "International Olympiad in Informatics (IOI)"
    if len(tail) == len(letters) and all(p.group()[0] == c.upper() for p, c in zip(tail, letters)):
        return tail[0].start()
    return None


_LINKING_WORDS = {"of", "in", "for", "on", "and", "to", "with", "from", "by", "the", "a", "an"}


def _capitals_start(short: str, parts: list[re.Match]) -> int | None:
    """Start offset of the last capitalised words whose initials are the capitals of *short*, with at most two
    lower-case words among them: "Cohort-based Consistency Learning (CC-Learn)"."""
    capitals = [c for c in short if c.isupper()]
    named = [p for p in parts if p.group()[0].isupper()]
    if len(capitals) < 2 or len(named) < len(capitals) or parts[-1] is not named[-1]:
        return None
    tail = named[-len(capitals):]
    lower = [p for p in parts if p.start() > tail[0].start() and not p.group()[0].isupper()]
    if len(lower) <= 2 and all(p.group()[0] == c for p, c in zip(tail, capitals)):
        return tail[0].start()
    return None


def _close_paren(doc: Doc, i: int) -> int | None:
    words, starts = tokens(doc).words, sentence_starts(doc)
    for j in range(i + 1, min(len(doc), i + MAX_INNER_TOKENS)):
        if words[j] == ")":
            return j
        if words[j] in "(;" or j in starts:
            return None
    return None


_WRAPPED = re.compile(r"\\[A-Za-z]+\{([^{}]*)\}")  # LaTeX markup around letters: "\textbf{Co}"
_CAMEL_NAME = re.compile(r"^[A-Z][a-z]+(?:[A-Z][a-z]*){0,2}[A-Z]{2,}[a-z]*$")  # "DiffusionNFT", "GraphRAG"


def _long_form_of_capitals(doc: Doc, paren: int, short: str) -> Span | None:
    """The words before *paren* whose capital letters are those of a CamelCase short form, the first of them
    starting it: "Diffusion Negative-aware FineTuning (DiffusionNFT)"; None if there are none."""
    capitals = "".join(c for c in short if c.isupper())
    toks, start = tokens(doc), _window_start(doc, paren, short)
    for first in range(paren - 1, start - 1, -1):
        text = toks.span_text(first, paren)
        if text[:1] == short[:1] and "".join(c for c in text if c.isupper()) == capitals:
            return doc[first:paren] if toks.space[first - 1] or first == 0 else None
    return None


def _valid_short_form(text: str, n_tokens: int) -> bool:
    """*text* (of *n_tokens* tokens, inside brackets) may be a short form."""
    words = text.split()
    return (n_tokens <= 4 and 0 < len(words) <= 2 and is_acronym(words[-1])
            and not _NOT_SHORT_FORM.match(text) and "," not in text)  # not a list: "(MOS, SMOS)"


def _window_start(doc: Doc, paren: int, short: str) -> int:
    """First token of the words that may hold the long form of *short* before *paren*."""
    max_words = min(len(short) + 5, 2 * len(short))
    toks = tokens(doc)
    sent_start, i, words = sentence_start_of(doc, paren), paren, 0
    while i > sent_start and words < max_words and toks.words[i - 1] not in _HARD_STOPS:
        i -= 1
        words += toks.space[i]
    return i


def _trailing_chunk_start(doc: Doc, paren: int) -> int:
    """Start of the run of non-boundary words just before *paren* (fallback long form)."""
    i, sent_start, words = paren, sentence_start_of(doc, paren), tokens(doc).words
    while i > sent_start:
        prev, flags = words[i - 1], lexical(doc.vocab, words[i - 1])
        if flags.is_punct and prev not in "-–" or prev.lower() in boundary_words() or flags.like_num:
            break
        i -= 1
    return i


def _long_form_before(doc: Doc, paren: int, short: str) -> Span | None:
    toks, start = tokens(doc), _window_start(doc, paren, short)
    if start == paren:
        return None
    window = toks.span_text(start, paren)
    offset = schwartz_hearst(short, window)
    initials = _initials_start(short, window)
    if offset is not None and initials is not None:
        offset = min(offset, initials)
    if offset is not None:
        if offset > 1 and window[offset - 1] in "-–" and window[offset - 2].isalpha():
            offset = re.search(r"\S*$", window[:offset]).start()  # "multi-modal … (MLLMs)": not "modal …"
        span = doc[start:paren].char_span(offset, len(window), alignment_mode="expand")
        if span is not None and toks.span_text(span.start, span.end).lower() != short.lower():
            return span
    chunk_start = _trailing_chunk_start(doc, paren)
    chunk = toks.span_text(chunk_start, paren)
    if len(chunk.split()) >= 2 and chunk[0].lower() == short[0].lower():
        return doc[chunk_start:paren]
    return None


def find_definitions(doc: Doc) -> list[tuple[Span, Span]]:
    """(long form, short form) pairs defined in *doc*, in text order."""
    toks, pairs = tokens(doc), []
    if "(" not in toks.text:
        return pairs
    for i in compress(range(1, len(toks.words)), map("(".__eq__, toks.words[1:])):  # a bracket after a word
        close = _close_paren(doc, i)
        if close is None or close == i + 1:
            continue
        inner = toks.span_text(i + 1, close)
        end = i
        while end > 1 and toks.words[end - 1] in _BEFORE_BRACKET:
            end -= 1  # "Disagreement~(RED)", "``Plan''(LEAP)", "\textbf{Flow Planning Method} (FPM)"
        glued = _glued_start(toks, end)
        before = toks.span_text(glued, end).strip()
        plain = _WRAPPED.sub(r"\1", inner)  # "(\textbf{Co}nstraint-\textbf{Ve}rification)"
        if is_acronym(before) and len(plain.split()) + plain.count("-") >= 2 \
                and 0 in (schwartz_hearst(before, plain), _initials_start(before, plain)):
            pairs.append((doc[i + 1:close], doc[glued:end]))
        elif _valid_short_form(inner, close - i - 1):
            long = _long_form_before(doc, end, inner.split()[-1])
            if long is not None:
                pairs.append((_with_shared_words(doc, long, inner.split()[:-1]), doc[i + 1:close]))
        elif close == i + 2 and _CAMEL_NAME.match(inner):
            long = _long_form_of_capitals(doc, end, inner)
            if long is not None:  # "Diffusion Negative-aware FineTuning (DiffusionNFT)"
                pairs.append((long, doc[i + 1:close]))
    return pairs


_BEFORE_BRACKET = {"~", "''", "”", "}"}  # marks between a long form and its bracket


def _with_shared_words(doc: Doc, long: Span, words: list[str]) -> Span:
    """"Speech Large Language Models (Speech LLMs)": the short form's leading words, found right before the
    long form its acronym spells, belong to the long form too."""
    start = long.start - len(words)
    if words and start >= 0 and [w.lower() for w in tokens(doc).words[start:long.start]] == [w.lower() for w in words]:
        return doc[start:long.end]
    return long


def _glued_start(toks: Tokens, paren: int) -> int:
    """First token of the word written just before *paren*, hyphenated parts included ("MPDR-Bench (…)")."""
    start = paren - 1
    while start > 0 and not toks.space[start - 1] and toks.words[start - 1] not in _HARD_STOPS \
            and not toks.words[start - 1].endswith("{"):  # "\textbf{CoVe} (…)": the markup is no part of it
        start -= 1
    return start


def _long_label(doc: Doc, long: Span, short: Span) -> tuple[str, bool]:
    """The long form, plus a noun that follows the parenthesis when it belongs to the name ("Auto-Regressive (AR)
    models"); and whether the short form takes that noun too ("key-value (KV) cache": "key-value cache" is a known
    concept, "key-value" is not, so the short form's name is "KV cache")."""
    toks = tokens(doc)
    long_text = toks.span_text(long.start, long.end)
    after = short.end + 1 if short.start > long.start else None
    if after is not None and after < len(doc) and toks.words[after - 1] == ")":
        nxt = toks.words[after]
        named_kind = (nxt.islower() and not _verb_before_object(toks.words, after)
                      and head_types().get(singular(nxt)) in (NodeType.MODEL, NodeType.BENCHMARK, NodeType.METRIC))
        if named_kind or _modifies_known_models(long_text, nxt):
            return f"{long_text} {nxt}", False
        index = lexicon_index()
        known = any(normalize_label(f"{long_text} {word}") in index for word in (nxt, singular(nxt)))  # "caches"
        if nxt.isalpha() and known and normalize_label(long_text) not in index:
            return f"{long_text} {nxt}", True
    return long_text, False


def _modifies_known_models(long_text: str, word: str) -> bool:
    """*long_text* is a modifier, no name of a thing, and *word* after the bracket the short form of a known kind of
    model: "autoregressive (AR) LLMs" are autoregressive LLMs."""
    index = lexicon_index()
    return (is_acronym(word) and index.get(normalize_label(word), (None, None))[1] is NodeType.MODEL
            and normalize_label(long_text) not in index
            and singular(long_text.split()[-1].lower()) not in head_types())


def _verb_before_object(words: list[str], i: int) -> bool:
    """Word *i* is a verb, as a determiner follows it: "Process reward models (PRMs) score each step"."""
    return i + 1 < len(words) and words[i + 1].lower() in DETERMINERS


def _short_form_variants(short: str) -> set[str]:
    return {short, short + "s", short[:-1] if short.endswith("s") and len(short) > 2 else short}


@Language.factory("kg_abbreviations", default_config={})
def make_abbreviation_detector(nlp: Language, name: str) -> "AbbreviationDetector":
    return AbbreviationDetector()


class AbbreviationDetector:
    """Adds a Term for each definition and for each later use of its short form."""

    def __init__(self) -> None:
        register_extensions()

    def __call__(self, doc: Doc) -> Doc:
        pairs = find_definitions(doc)
        doc._.kg_abbrevs = pairs
        terms = list(doc._.kg_terms or [])
        toks, taken, by_short, left_to_lexicon = tokens(doc), set(), {}, set()
        for long, short in pairs:
            coined = short.start < long.start  # "MemDLM (Memory-Enhanced DLM)": the name comes first
            short_text = toks.span_text(short.start, short.end)
            label, spans_next_word = (short_text, False) if coined else _long_label(doc, long, short)
            named = toks.span_text(long.start, long.end) if coined else label  # "SCALE (Self-…)" is no generic scale
            if singular(named).lower() in generic_terms():
                continue  # "state-of-the-art (SOTA)": no concept under either name
            alias = toks.span_text(long.start, long.end) if coined else short_text
            if not coined and label != toks.span_text(long.start, long.end):
                # "key-value (KV) cache" is also named "KV cache", "machine learning (ML) models" "ML models" (ML
                # alone is machine learning)
                alias = f"{short_text} {toks.words[short.end + 1]}"
            if spans_next_word:  # one Term over "key-value (KV) cache"
                terms.append(Term(long.start, short.end + 2, label, "abbrev", aliases=[alias]))
            else:
                terms.append(Term(long.start, long.end, label, "abbrev", aliases=[alias]))
                terms.append(Term(short.start, short.end, label, "short", aliases=[alias]))
                narrower = _known_with_word_before(toks, long.start, long.end)
                if narrower is not None:  # "offline reinforcement learning (RL)": RL, and offline RL too
                    terms.append(narrower)
            taken.update(range(min(long.start, short.start), max(long.end, short.end)))
            for variant in _short_form_variants(short_text):
                by_short.setdefault(variant, label)
            if spans_next_word:  # later "KV cache …" is the lexicon's; a lone "KV" is still the key-value cache
                left_to_lexicon.add((short_text, toks.words[short.end + 1].lower()))
        if by_short:
            for i in compress(range(len(toks.words)), map(by_short.__contains__, toks.words)):
                following = toks.words[i + 1].lower() if i + 1 < len(toks.words) else ""
                if i not in taken and whole_words(doc, i, i + 1) and (toks.words[i], following) not in left_to_lexicon \
                        and not _begins_known_phrase(toks, i) \
                        and not _ends_known_phrase(toks, i, by_short[toks.words[i]]):
                    terms.append(Term(i, i + 1, by_short[toks.words[i]], "short"))
            terms += _later_uses_of_several_tokens(toks, by_short, taken)
        doc._.kg_terms = terms
        return doc


def _begins_known_phrase(toks: Tokens, i: int) -> bool:
    """The short form at token *i* begins a longer name of the lexicon's: before "agents", "objective" … when the
    lexicon knows the short form ("LLM agents"), with the next word ("LLM judges"), or as the basis of a phrase
    the lexicon knows ("LLM-based agents")."""
    words = toks.words
    following = words[i + 1].lower() if i + 1 < len(words) else ""
    if following in BUILT_ON and normalize_label(words[i]) in lexicon_index():
        return True
    if following.isalpha() and normalize_label(f"{words[i]} {following}") in lexicon_index():
        return True
    return following == "-" and i + 3 < len(words) \
        and normalize_label(toks.span_text(i, i + 4)) in lexicon_index()


def _ends_known_phrase(toks: Tokens, i: int, long: str) -> bool:
    """The short form at token *i* ends a longer name of the lexicon's that spells its *long* form out: "off-policy
    RL" after "reinforcement learning (RL)" is off-policy reinforcement learning (but "our implicit PRM" is the
    authors' own)."""
    for k in (1, 3):
        known = i >= k and toks.space[i - 1] and lexicon_index().get(normalize_label(toks.span_text(i - k, i + 1)))
        if known and normalize_label(long) in normalize_label(known[0]):
            return i == k or toks.words[i - k - 1].lower() != "our"
    return False


def _known_with_word_before(toks: Tokens, start: int, end: int) -> Term | None:
    """The lexicon's Term for the word before tokens start:end and them, if it knows the phrase: "offline
    reinforcement learning (RL)" is also offline reinforcement learning."""
    if start == 0 or not toks.words[start - 1].isalpha() or not toks.words[start - 1].islower():
        return None
    known = lexicon_index().get(normalize_label(toks.span_text(start - 1, end)))
    return None if known is None else Term(start - 1, end, known[0], "lexicon", type=known[1])


def _later_uses_of_several_tokens(toks: Tokens, by_short: dict[str, str], taken: set[int]) -> list[Term]:
    """Terms for the later uses of short forms the tokenizer splits ("GAP-H", "GP-LoRA"), outside the definitions."""
    found = []
    for short, label in by_short.items():
        if _WORD_PART.fullmatch(short) or short not in toks.text:
            continue  # one token: found above
        for match in re.finditer(rf"(?<![\w-]){re.escape(short)}(?![\w-])", toks.text):
            span = toks.token_span(match.start(), match.end())
            if span is not None and taken.isdisjoint(range(*span)):
                found.append(Term(*span, label, "short"))
    return found
