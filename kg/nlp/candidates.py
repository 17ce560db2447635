"""kg_candidates: candidate terms from closed-class boundaries, without a tagger.

Stop words, common verbs of abstracts, adverbs in -ly, numbers and
punctuation end a candidate; what remains between them is mostly noun
phrases. Leading determiners and evaluative adjectives are trimmed. A
candidate is kept when it is a name (CamelCase, acronym, letters with
digits, capitalised words inside a sentence) or when its last word is a
head noun of known type. Repetition vouches for a few more: a single
abstract noun of known type that recurs ("distillation"), a lower-case
phrase of two or three words that recurs ("boilerplate spam"), a known
lexicon term with a modifier that recurs with it ("selective mixup"), and an
unknown noun in -ing, -ity or -ism used three times ("resampling"). A doer or
action noun after a hyphenated modifier needs no repetition ("cross-encoder
rerankers").
Everything else is dropped.
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import compress
from typing import NamedTuple

from spacy.lang.en.stop_words import STOP_WORDS
from spacy.language import Language
from spacy.tokens import Doc, Span

from ..normalize import is_acronym, normalize_label, singular
from .abbreviations import schwartz_hearst
from ..records import NodeType
from .rules import (ACTION_SUFFIXES, ADJECTIVE_PARTS, ADJECTIVE_SUFFIXES, DETERMINERS, KIND_WORDS, LATEX_OPENING,
                    MARKUP_TOKEN, MATH_NAME, MATH_WORD, NAMING_VERBS, OBJECT_OPENERS, OUR_APPOSITION, PARAMETER_COUNT,
                    PREPOSITIONS, PROPOSAL_VERBS, STATE_SUFFIXES, STUDY_WORDS, UNIT, WEB_ADDRESS, boundary_words,
                    generic_terms, head_types, is_adverb, is_cited_year, is_participle, is_title_word,
                    leading_modifiers, lexicon_index, list_kind, looks_adjective)
from .terms import (Term, Tokens, before_adjective_suffix, register_extensions, sentence_bounds, sentence_start_of,
                    tokens, whole_word_count)

__all__ = ["CandidateFinder", "Chunk", "Word", "is_name_word", "candidate_chunks"]

_MATH = set("{}|\\$=<>~")
_LATEX_COMMAND = re.compile(LATEX_OPENING + "$")
# A custom LaTeX macro left unexpanded where a paper's name stood ("we propose \\policy, a …"): a backslash and a
# word that is no standard command of text or maths.
_MACRO_NAME = re.compile(r"^\\[A-Za-z]{3,}$")
_LATEX_WORDS = frozenset("""times cdot cdots ldots dots approx sim simeq propto leq geq neq infty sum prod int
    partial nabla alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa lambda rho
    sigma tau upsilon phi varphi chi psi omega Gamma Delta Theta Lambda Sigma Upsilon Phi Psi Omega ell log exp
    min max arg argmax argmin frac dfrac sqrt mathrm mathbf mathcal mathbb mathit mathsf textbf textit texttt textsc
    textrm emph text cite citep citet ref url href footnote rightarrow leftarrow Rightarrow mapsto top bot prime
    hat tilde bar vec dot circ star ast dagger langle rangle lfloor rfloor lceil rceil quad qquad left right big
    operatorname mid pm mp leftrightarrow uparrow downarrow checkmark""".split())


def _is_macro_name(text: str) -> bool:
    return bool(_MACRO_NAME.match(text)) and text[1:] not in _LATEX_WORDS


_NEVER_IN_NAMES = {"and", "or", "of", "the", "a", "an", "for", "with", "we", "our", "is", "are", "in", "on", "to",
                   "section", "appendix"}  # "per Corecraft Section 5.2"
_NAME_PART = re.compile(r"[A-Z].*[A-Z0-9]|[A-Z0-9].*[A-Z]")  # two capitals, or a capital and a digit
_HARD_PUNCT = set(",;:()[]{}\"“”~") | {"---"}  # "---": an em dash typed as hyphens
# A trailing word that only announces the kind of thing named before it.
_KIND_WORDS = {"benchmark": NodeType.BENCHMARK, "dataset": NodeType.BENCHMARK, "suite": NodeType.BENCHMARK,
               "leaderboard": NodeType.BENCHMARK, "corpus": NodeType.BENCHMARK, "task": NodeType.PROBLEM,
               "problem": NodeType.PROBLEM, "issue": NodeType.PROBLEM,
               "framework": NodeType.METHOD, "method": NodeType.METHOD,
               "approach": NodeType.METHOD, "algorithm": NodeType.METHOD, "paradigm": NodeType.METHOD,
               "model": NodeType.MODEL, "family": NodeType.MODEL, "series": NodeType.MODEL,
               "strategy": NodeType.METHOD, "procedure": NodeType.METHOD, "technique": NodeType.METHOD,
               "scheme": NodeType.METHOD, "checkpoint": NodeType.MODEL, "mechanism": NodeType.METHOD,
               "module": NodeType.METHOD, "pipeline": NodeType.METHOD, "theorem": NodeType.METHOD,
               "lemma": NodeType.METHOD, "inequality": NodeType.METHOD}
_PROPOSAL = re.compile(rf"\b({PROPOSAL_VERBS}|{NAMING_VERBS})(s|d|ed)?\b", re.I)
MAX_TERM_WORDS = 5
METRIC_SYMBOL = re.compile(r"^(F_?1|R\^?2|F_?\{?β\}?|mAP|BLEU|ROUGE(-[L12])?|AUC|AUROC|FID|WER|CER|EER|AP(50|75)?|FPS|"
                           r"[TPG]?FLOPs(/s)?|mIoU|PSNR|SSIM|LPIPS|[A-Za-z]+@\d+)$")  # "MRR@10", "pass@1"
_NOT_VERB_S = ("ss", "us", "is", "ics", "ous", "ness", "less", "ians", "ologists", "tists", "alists")  # also people
# A size or bound is not a model: "sub-10B", "~7B", "sub-200 (ms)".
_SIZE = re.compile(f"^{PARAMETER_COUNT}$")  # after a name, its size: "OpenForecaster 8B"
_SIZE_ONLY = re.compile(f"^((sub-|over-|under-|~)?{PARAMETER_COUNT}|(sub|over|under)-[0-9][0-9.,]*)$")
_ROMAN = re.compile(r"^(I{1,3}|IV|VI{0,3}|IX|X)$")
_NUMBERED_PARTS = {"stage", "phase", "step", "level", "part", "section", "table", "figure", "round", "experiment",
                   "setting", "case", "type", "tier", "module", "chapter", "appendix", "task", "track"}
# A count or an index written as one word: "rank-1", "top-5", "order-2", "layer-12" (not "GPT-4": lower case only).
_NUMBERED_WORD = re.compile(r"^(rank|top|order|degree|step|layer|stage|level|round|phase|tier|hop|epoch|k|n)-\d+$")
_ENUMERATION = re.compile(r"^\(?(\d{1,2}|[ivx]{1,4}|[a-h])\)$")
_DIMENSION = re.compile(r"^[1-4](\.5)?D(-[a-z]+)*$")  # "3D point clouds", "2D-aware": a word, not a number
_DIMENSIONAL_NAME = re.compile(r"^[1-4]D[A-Z][A-Za-z0-9]*$")  # "3DGeoDet", "4DGen", "3DGS": a name
# One digit, then capitals: "3AM", "2D-DPO" (not a size, a count of devices or a frequency: "8GB", "4GPUs", "3GHz").
_DIGIT_NAME = re.compile(r"^[0-9](D-)?(?!([KMGTP]B|[GCTN]PUs?|[KMG]Hz|FPS)$)[A-Z]{2,}[A-Za-z0-9]*$")
# After a name: "InfLLM v2", "FlexNGIA 2.0", "Celer 2.6", "CMO 2024".
_VERSION = re.compile(r"^(v\d+(\.\d+)*|[1-9]\.\d|(19|20)\d\d)$")
# Trailing words that only say what kind of thing the rest names; they are cut off and kept as a type hint.
_GENERIC_KINDS = KIND_WORDS | {"checkpoint"}
# Heads of a setting or of what a model holds, concepts only when the text comes back to them ("changing
# environments", "audio representations").
_BACKGROUND_HEADS = {"environment", "representation"}
# Heads too vague to name a concept even when their phrase repeats ("test time", "statistical reason").
_VAGUE_HEADS = {"time", "times", "reason", "reasons", "way", "ways", "thing", "things", "lot", "part", "parts",
                "kind", "sort", "case", "cases", "fact", "facts", "number", "amount", "manner", "matter", "fashion",
                "sector", "sectors"}
_NOUN_SUFFIXES = STATE_SUFFIXES + ACTION_SUFFIXES


class _Facts(NamedTuple):
    """What the rules ask of a word's text, decided once per distinct text (see ``_facts``)."""

    lower: str
    head: str  # singular of the lower-case form, the key of the head-noun table
    name: bool  # is_name_word
    capital: bool  # starts with a capital
    title: bool  # title-cased and not a function word: may continue a name
    modifier: bool
    verb_like: bool
    participle: bool
    generic: bool  # singular(text).lower() is a generic term
    url: bool


@lru_cache(maxsize=1 << 16)
def _facts(text: str) -> _Facts:
    low = text.lower()
    return _Facts(low, singular(low), _is_name_text(text), text[:1].isupper(),
                  is_title_word(text) and low not in _NEVER_IN_NAMES,  # also "Memory-Augmented"
                  (low in leading_modifiers() or _well_done(low)) and not _inner_capital(text),  # "FUTURE" a name
                  _is_verb_like(text), is_participle(text), _generic_word(text), bool(WEB_ADDRESS.search(text)))


# "https://…", "www.…", "jdoe.github.io/Repo", "arXiv:2602.05394": a web address or a paper's id, no concept


def _generic_word(text: str) -> bool:
    """*text*, or each capitalised part of it between hyphens ("Hindi-English"), is a generic term."""
    generic = generic_terms()
    return singular(text).lower() in generic or "-" in text and all(
        part[:1].isupper() and singular(part).lower() in generic for part in text.split("-"))


def _well_done(low: str) -> bool:
    """"well-filtered", "well-tuned": a judgement of how something was done, no part of a name."""
    return low.startswith("well-") and is_participle(low[5:])


class Word(NamedTuple):
    """A whitespace word (or split-off punctuation): tokens ``start:end``, their text and its facts."""

    start: int
    end: int
    text: str
    facts: _Facts


# A run of candidate words: their texts, bounds such that word k is tokens ``bounds[k]:bounds[k + 1]``,
# and the first token of their sentence.
Chunk = tuple[tuple[str, ...], list[int], int]


class _PieceWord(NamedTuple):
    """A word of a whitespace-delimited piece, with the facts the scan for candidates needs."""

    start: int  # token offsets within the piece
    end: int
    text: str
    boundary: bool  # ends a candidate wherever it stands
    title: bool  # _Facts.title
    capital: bool  # _Facts.capital


# token texts of a piece (a one-token piece: its text) → its words; bounded, cleared when full
_PIECES: dict[str | tuple[str, ...], tuple[_PieceWord, ...]] = {}
_MAX_PIECES = 1 << 16
# The words of most pieces: a single boundary word that cannot continue a name (it only ends a chunk).
_BREAK: tuple[_PieceWord, ...] = ()


def _piece_words(key: str | tuple[str, ...], vocab) -> tuple[_PieceWord, ...]:
    """The words of a piece (*key*: see ``_PIECES``), stored in ``_PIECES``."""
    if len(_PIECES) >= _MAX_PIECES:
        _PIECES.clear()
    words = _split_piece((key,) if isinstance(key, str) else key, vocab)
    alone = len(words) == 1 and words[0].boundary and not (words[0].title or _VERSION.match(words[0].text))
    _PIECES[key] = words = _BREAK if alone else words
    return words


def _split_piece(texts: tuple[str, ...], vocab) -> tuple[_PieceWord, ...]:
    """The words of a piece: edge punctuation (and enumeration marks) split off, hard punctuation inside split out."""
    lexemes = [vocab[t] for t in texts]  # lexical flags depend on the text alone
    edge = [_edge_punct(lex) for lex in lexemes]
    words = []
    for s, e in _word_spans(texts, edge) if len(texts) > 1 else ((0, 1),):
        text = "".join(texts[s:e])
        lone_mark = e - s == 1 and (edge[s] or lexemes[s].like_num or lexemes[s].is_currency or text in "%=<>±×/")
        facts = _facts(text)
        words.append(_PieceWord(s, e, text, lone_mark or _is_boundary_text(text), facts.title, facts.capital))
    return tuple(words)


def _names_around(texts: tuple[str, ...], i: int, start: int, end: int) -> bool:
    """The slash at *i* separates two names ("AIME2024/AIME2025", "GPT-4/GPT-4o"), not a unit or a size
    ("TFLOPs/s", "ViT-L/14") nor two words ("input/output")."""
    return start < i < end - 1 and all(len(t) >= 3 and _NAME_PART.search(t) for t in (texts[i - 1], texts[i + 1]))


def _word_spans(texts: tuple[str, ...], edge: list[bool]) -> list[tuple[int, int]]:
    """The token spans of the words of a piece of several tokens (*edge*: which are edge punctuation)."""
    start, end, head, tail = 0, len(texts), [], []
    while start < end and (edge[start] or _ENUMERATION.match(texts[start])):
        head.append((start, start + 1))
        start += 1
    while end > start and edge[end - 1]:
        tail.insert(0, (end - 1, end))
        end -= 1
    middle, cut = [], start
    if (end - start >= 3 and texts[end - 2] == "-" and texts[end - 1].lower() in ADJECTIVE_SUFFIXES
            and not texts[end - 1][:1].isupper()  # "Experience-Driven": a word of a title-case name
            and not _describes_a_basis(texts[start:end])):
        tail.insert(0, (end - 2, end))
        end -= 2
    for i in range(start, end):
        if (texts[i] in _HARD_PUNCT or texts[i] in ("/", "+") and _names_around(texts, i, start, end)
                or texts[i] == "--" and _dash_between(texts, i, start, end)
                or texts[i] == "-" and start < i == end - 2 and texts[end - 1].lower() in _DASHED_WORDS):
            if cut < i:
                middle.append((cut, i))
            middle.append((i, i + 1))
            cut = i + 1
    if cut < end:
        middle.append((cut, end))
    return head + middle + tail


_DASHED_WORDS = {"a", "an", "the", "and"}  # after a hyphen that ends a piece: the hyphen is a dash ("MiGrATe-a method")


def _dash_between(texts: tuple[str, ...], i: int, start: int, end: int) -> bool:
    """The "--" at *i* is a dash between clauses ("effort--while human feedback", "domains--Math"), not the en dash
    of a compound ("training--inference discrepancy"): a word that ends a candidate stands next to it, or a
    capitalised word after a lower-case one."""
    return (any(start <= k < end and _is_boundary_text(texts[k]) for k in (i - 1, i + 1))
            or start < i < end - 1 and texts[i - 1].islower() and texts[i + 1][:1].isupper())


def _describes_a_basis(texts: tuple[str, ...]) -> bool:
    """"gradient-based", "rule-based": a lower-case word before "-based" makes a modifier that names a kind
    ("gradient-based methods"); after a name ("GPT-4o-based agents") the name is the concept."""
    return texts[-1].lower() == "based" and "".join(texts[:-2]).replace("-", "").isalpha() \
        and "".join(texts[:-2]).islower()


def _a_basis(word: Word) -> bool:
    return word.facts.lower.endswith("-based")


def _edge_punct(lex) -> bool:
    """Punctuation, quotes, a possessive or LaTeX markup ("\\textbf{", "$") at the edge of a piece."""
    return (lex.is_punct or lex.is_quote or lex.lower_ in ("'s", "’s", "$") or not lex.orth_.strip("`'\"“”‘’")
            or _LATEX_COMMAND.match(lex.orth_) is not None)


def is_name_word(word: Span) -> bool:
    """CamelCase, ALLCAPS, or letters with digits: MemDLM, BLINK, Qwen3-8B, GPT-4o."""
    return _facts(word.text).name


def _is_name_text(text: str) -> bool:
    if _is_macro_name(text) or MATH_WORD.match(text) and MATH_NAME.match(text):
        return True
    if not any(map(str.isalpha, text)) or _DIMENSION.match(text):
        return False
    first, hyphen, rest = text.partition("-")
    if hyphen and len(first) >= 3 and first.isalpha() and first.islower() and rest.replace("-", "").isalpha() \
            and normalize_label(rest) not in lexicon_index():
        return False  # a modifier ("non-Bayesian", "multi-GPU"), not a name; "multi-LoRA" extends a known one
    inner_caps = any(map(str.isupper, text[1:]))
    letters_digits = any(map(str.isdigit, text)) and sum(map(str.isalpha, text)) >= 2
    return inner_caps or letters_digits


def _inner_capital(text: str) -> bool:
    """A capital after a lower-case letter, or three letters and a capital after the first: "ReVeal", "SeeDo",
    "MINE", "TEACh" (not "The", "IT")."""
    return any(a.islower() and b.isupper() for a, b in zip(text, text[1:])) \
        or len(text) > 2 and any(map(str.isupper, text[1:]))


_IZE_VERB = re.compile(r"^[a-z]{2,}izes?$")  # "internalize", "stabilizes" (verbs; the participles may name things)


def _is_boundary_text(text: str) -> bool:
    """Stop words, verbs of abstracts, adverbs, numbers, maths: what ends a candidate wherever it stands."""
    low = text.lower()
    if (_ENUMERATION.match(text) or low.lstrip("-") in ADJECTIVE_SUFFIXES
            or low in boundary_words() and not _inner_capital(text)  # "ReVeal" is a name, "reveal" a verb
            or low.startswith("re-") and low[3:] in boundary_words()):  # "re-introducing"
        return True
    if low.endswith(("n't", "n’t")) or _IZE_VERB.match(low) and low not in ("prize", "prizes"):  # "don't"
        return True
    if text[0].isdigit() and not any(p.match(text) for p in (_DIMENSION, _DIMENSIONAL_NAME, _DIGIT_NAME)) \
            or not _MATH.isdisjoint(text) and not (_is_macro_name(text) or MATH_WORD.match(text)):
        return True
    return is_adverb(low.rsplit("-", 1)[-1]) and not _inner_capital(text)  # "data-efficiently"; not "SpikingJelly"


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


def candidate_chunks(doc: Doc) -> list[Chunk]:
    """Runs of non-boundary words in each sentence of *doc*.

    Words are whitespace-delimited pieces with punctuation at their edges (and hard punctuation
    inside) split off. A title-cased word after a capitalised one continues a name even if it is
    a boundary word ("Datamodel Matching", "Importance Sampling"), except at the sentence start.
    """
    toks, vocab = tokens(doc), doc.vocab
    words, space, brackets = toks.words, toks.space, "[" in toks.text
    chunks = []
    for sent_start, sent_end in sentence_bounds(doc):
        last = sent_end - 1
        texts, bounds, after_capital, first = [], [], False, sent_start
        # the last token of each piece: one followed by a space, and the sentence's last
        for i in [*compress(range(sent_start, last), space[sent_start:last]), last]:
            key = words[i] if i == first else tuple(words[first:i + 1])
            if first == sent_start and _sentence_case_basis(key):
                key = (key[0].lower(), *key[1:])  # "Gradient-based methods …" opening a sentence: not a name
            piece = _PIECES.get(key)
            if piece is None:
                piece = _piece_words(key, vocab)
            if piece is _BREAK:
                if texts:
                    chunks.append((tuple(texts), [*bounds, first], sent_start))
                    texts, bounds = [], []
                after_capital = False
            for k, (s, e, text, boundary, title, capital) in enumerate(piece):
                start = first + s
                if boundary or (brackets and _bracketed(start, first + e, words)) or _masked_link(words, start):
                    if not (after_capital and (title and start != sent_start or _VERSION.match(text)
                                               or _generation(words, start, last) or _SIZE.match(text))
                            or title and _verb_as_name(text, piece[k + 1:], words[start - 1], start != sent_start)):
                        if texts:  # words cover the sentence's tokens in turn: the chunk ends where this word starts
                            chunks.append((tuple(texts), [*bounds, start], sent_start))
                            texts, bounds = [], []
                        after_capital = False
                        continue
                if not texts and _in_verb_position(words, start, sent_start) and text.islower():
                    continue  # "they face severe vulnerabilities": a verb
                if texts and _verb_with_object(texts[-1], text, words, first + e, last) \
                        and words[bounds[0] - 1].lower() not in _OBJECT_PREPOSITIONS:
                    chunks.append((tuple(texts), [*bounds, start], sent_start))
                    texts, bounds = [], []
                    continue  # "a budgeting strategy controls the number …": the chunk ends at its verb
                texts.append(text)
                bounds.append(start)
                after_capital = capital
            first = i + 1
        if texts:
            chunks.append((tuple(texts), [*bounds, sent_end], sent_start))
    return chunks


_OBJECT_PREPOSITIONS = PREPOSITIONS | {"with"}  # a chunk after one of these is an object, not a subject


def _verb_with_object(before: str, text: str, words: list[str], after: int, last: int) -> bool:
    """*text*, in -s after a singular noun and before an object or "when", is a verb: "strategy controls the",
    "QINCo2 collapses when" (not "language models", "access controls"; not where a preposition opens the chunk:
    "aligning them with human preferences a critical challenge")."""
    return (after <= last and (words[after].lower() in OBJECT_OPENERS or words[after] == "when")
            and text.islower() and text.isalpha() and len(text) > 3 and text.endswith("s")
            and not text.endswith(("ss", "us", "is", "ics")) and before[-1:].isalnum()
            and not before.lower().endswith("s") and before.lower() not in boundary_words())


def _masked_link(words: list[str], i: int) -> bool:
    """Token *i* is the "URL" of a link that arXiv listings mask as "this http URL" / "this https URL"."""
    return words[i] == "URL" and i > 0 and words[i - 1] in ("http", "https")


_SUBJECT_PRONOUNS = {"we", "they", "it", "i", "you", "he", "she"}
_ADVERBS_AFTER_SUBJECT = {"also", "often", "still", "just", "then", "now", "further", "first", "only", "even",
                          "therefore", "thus", "instead", "rarely", "never", "always"}


def _generation(words: list[str], i: int, last: int) -> bool:
    """Token *i* is a one-digit generation that ends a name: "Nemotron-Cascade 2, an open model", "In contrast to
    Nemotron-Cascade 1," (not "Model A 2 times faster")."""
    return len(words[i]) == 1 and words[i] in "123456789" and i < last and words[i + 1] in (",", ";", ":", ")")


def _in_verb_position(words: list[str], start: int, sent_start: int) -> bool:
    """Token *start* follows a subject pronoun, a modal, an infinitive's "to" or an adverb of frequency, maybe
    past an adverb: "they (often) face …", "methods can return models …", "learns to internalize …", "…, to
    master complex reasoning", "programs often share …" (a verb; not after "which", which may open a subject:
    "…, which bounded-depth transformers cannot solve")."""
    before = start - 1
    if before > sent_start and words[before].lower() in _FREQUENCY:
        return True
    if before > sent_start and (words[before].lower() in _ADVERBS_AFTER_SUBJECT or words[before].endswith("ly")):
        before -= 1
    if before <= sent_start:
        return before == sent_start and words[before].lower() in _SUBJECT_PRONOUNS | _MODALS
    word, previous = words[before].lower(), words[before - 1].lower()
    return word in _SUBJECT_PRONOUNS or word in _MODALS or word == "to" and (previous in _INFINITIVE_LEADS
                                                                               or previous == ",")


# Adverbs of frequency, which stand before a verb: "programs often share little surface similarity".
_FREQUENCY = {"often", "rarely", "never", "always", "usually", "frequently", "sometimes", "seldom"}


_MODALS = {"can", "cannot", "could", "may", "might", "will", "would", "should", "must", "shall"}
# What makes the next "to" an infinitive's: "how to update memory", "in order to reserve", "fails to capture".
_INFINITIVE_LEADS = {"how", "what", "when", "where", "whether", "which", "order", "able", "unable", "aims", "aim",
                     "seek", "seeks", "tend", "tends", "fail", "fails", "need", "needs", "want", "wants", "try",
                     "tries", "attempt", "attempts", "struggle", "struggles", "likely", "unlikely", "difficult",
                     "hard", "easy", "possible", "impossible", "necessary", "sufficient", "ability", "choose",
                     "chooses", "decide", "decides", "begin", "begins", "continue", "continues", "seem", "seems",
                     "appear", "appears", "intended", "expected", "designed", "trained", "learn", "learns"}


def _sentence_case_basis(key) -> bool:
    """The piece is a title-cased word and "-based" ("Rule-based"), as the first word of a sentence writes it."""
    return isinstance(key, tuple) and len(key) == 3 and key[1:] == ("-", "based") and is_title_word(key[0])


def _verb_as_name(text: str, rest: tuple[_PieceWord, ...], before: str, inside: bool) -> bool:
    """A capitalised verb inside a sentence, right before a comma or a bracket, is a name: "our method, Empower,
    only needs …", "We introduce Reflect, a framework …" (not after a colon: "Step 2: Verify, then …")."""
    return (inside and bool(rest) and rest[0].text in (",", "(") and before not in (":", ";", "(")
            and text.lower() not in STOP_WORDS)


def _trim(words: list[Word]) -> list[Word]:
    """Drop leading modifiers ("a novel …") and trailing participles ("… framework equipped")."""
    while words and (words[0].facts.modifier and not _all_title_case(words) and not _fixed_compound(words)
                     or (len(words) > 1 and (words[0].facts.verb_like or _gerund_before_modifier(words)))
                     or (len(words) > 1 and (words[0].facts.participle or _a_basis(words[0]))
                         and words[1].facts.capital)):
        words = words[1:]  # "defined Bayesian …", "image-based Diffusion Policy": the name is the concept
    while words and words[-1].facts.participle:
        words = words[:-1]
    return words


# A modifier that makes one noun with the word after it: "real time quality control" keeps "real"; "effective"
# before a quantity names what it amounts to in effect ("effective rank", "effective context length").
_FIXED_COMPOUNDS = {("real", "time"), ("real", "world")}
_EFFECTIVE_QUANTITIES = {"depth", "rank", "dimension", "dimensionality", "context", "capacity", "batch", "number",
                         "resistance", "resolution", "horizon", "sample", "length", "window", "temperature", "size"}


def _fixed_compound(words: list[Word]) -> bool:
    """The first of *words* is a modifier that belongs to the term (see _FIXED_COMPOUNDS)."""
    if len(words) < 2:
        return False
    first, second = words[0].facts.lower, words[1].facts.head
    return (len(words) > 2 and (first, second) in _FIXED_COMPOUNDS
            or first == "effective" and second in _EFFECTIVE_QUANTITIES)


# Adjectives an "-ing" word may take as the start of its object, besides those with an adjective's ending:
# "training deep networks", "decoding intermediate layers", "balancing dual objectives".
_OBJECT_ADJECTIVE_ENDINGS = ("ual", "tic", "lic", "ile")
_OBJECT_ADJECTIVES = {"deep", "shallow", "intermediate", "recurrent", "intelligent", "heavy", "sparse", "dense",
                      "discrete", "multiple", "diverse", "large", "small", "different", "efficient", "complex",
                      "simple", "explicit", "implicit", "coherent", "consistent"}


def _gerund_before_modifier(words: list[Word]) -> bool:
    """An "-ing" word before a modifier or an adjective is a verb: "training effective policies", "building robust
    agents", "Replacing goal-centered attention" (not a noun modifying a noun, "training data", or an adjective,
    "self-evolving")."""
    first, second = words[0].text, words[1].facts
    last_part = second.lower.rsplit("-", 1)[-1]
    return (first.isalpha() and first[1:].islower() and first.endswith("ing")
            and (second.modifier or looks_adjective(second.lower) or _adjective_part(last_part) and "-" in second.lower
                 or second.lower in _OBJECT_ADJECTIVES or last_part.endswith(_OBJECT_ADJECTIVE_ENDINGS)))


def _all_title_case(words: list[Word]) -> bool:
    """Every word in title case, as in a name: "Infinite Sampling" keeps "Infinite" (not "Recent Transformer
    models"); or three before a lower-case tail ("a Key Subgraph Selection module")."""
    titled = [w.facts.title or w.facts.name for w in words]
    return len(words) > 1 and all(titled) or len(words) > 3 and all(titled[:3])


def _is_verb_like(word: str) -> bool:
    """A lower-case plural-looking first word ("demands models", "lowers sensitivity") is a verb, not a modifier."""
    return word.islower() and word.isalpha() and len(word) > 3 and word.endswith("s") and not word.endswith(_NOT_VERB_S)


def _trim_around_names(words: list[Word], kinded: NodeType | None) -> list[Word]:
    """Around a name, keep only what belongs to it: "complex BLINK" → "BLINK", "Parametric Memory acts" →
    "Parametric Memory", "planner ZORB replans" → "ZORB" (a lower-case tail stays, with what leads to the name,
    only if it is a head noun, or without the lead if the name is a modifier and a kind word followed the tail:
    "LLM-in-the-loop repair (procedure)")."""
    names = [i for i, w in enumerate(words) if w.facts.name or w.facts.capital
             or i and (_VERSION.match(w.text) or i == len(words) - 1 and len(w.text) == 1 and w.text.isdigit())
             and (words[i - 1].facts.name or words[i - 1].facts.capital)]  # "InfLLM v2", "Nemotron-Cascade 2"
    if not names:
        return words
    first = names[-1]
    while first > 0 and first - 1 in names:
        first -= 1
    while first < names[-1] and words[first].facts.generic and words[first].facts.title \
            and words[first + 1].facts.name:
        first += 1  # "the Chinese MIRACL-zh benchmark": a language, then the name (not "Amazon Beauty")
    if names[-1] == len(words) - 1:
        return words[first:]
    tail = words[names[-1] + 1:]
    if kinded is NodeType.BENCHMARK and all(w.text.islower() for w in tail):
        return words[first:names[-1] + 1]  # "the Strata-Sword jailbreak dataset": what the data is about, then its name
    if tail[-1].facts.head in head_types():
        return words
    if kinded and any(_modifier_compound(w.text) for w in words[first:names[-1] + 1]):
        return words[first:]
    return words[first:names[-1] + 1]  # "planner ZORB replans": the name alone


def _modifier_compound(text: str) -> bool:
    """A compound of a name and lower-case words, read as a modifier: "LLM-in-the-loop", "GPT-4-style"."""
    return "-" in text and any(part.islower() for part in text.split("-"))


def _bracketed(start: int, end: int, words: list[str]) -> bool:
    """Tokens ``start:end`` are a placeholder such as [MASK] or [CLS] (*words*: the Doc's token texts)."""
    return 0 < start and end < len(words) and words[start - 1] == "[" and words[end] == "]"


def _kind_hint(words: list[Word]) -> tuple[list[Word], NodeType | None]:
    """Strip a trailing kind word after a name ("BLINK benchmark") and keep it as a type hint."""
    if len(words) < 2:
        return words, None
    last = words[-1].facts.head
    titled = _all_title_case(words[:-1]) and words[-1].text.islower()
    if last == "objective" and titled:
        return words[:-1], NodeType.METHOD  # "Group Reward Policy Optimization objectives"; not "dual-KL objective"
    named = titled or any(w.facts.name for w in words[:-1])
    if last in _KIND_WORDS and (named or last in ("task", "problem", "issue") or last in _GENERIC_KINDS):
        if len(words) == 2 and (_a_basis(words[0]) or words[0].facts.head in STUDY_WORDS):
            return words, _KIND_WORDS[last]  # "gradient-based methods", "evaluation framework": no name without it
        return words[:-1], _KIND_WORDS[last]
    return words, None


# What "we call this …" may refer to before the name it gives: "we call this phenomenon prompt drift".
_REFERENTS = KIND_WORDS | {"phenomenon", "effect", "behavior", "behaviour", "problem", "issue", "failure", "setting",
                           "property", "quantity", "variant", "mode", "pattern"}
_NAMING = re.compile(rf"^({NAMING_VERBS})(s|ed)?$", re.I)


def _referents_named(toks: Tokens, texts: tuple[str, ...], start: int) -> int:
    """How many words at the start of a chunk (*texts*, from token *start*) are what a naming verb refers to
    before the name it gives: "call this phenomenon X", "term this failure mode X", "call the resulting method
    X"; 0 if none."""
    if len(texts) < 2 or texts[0] not in _REFERENTS:  # most chunks: a cheap test first
        return 0
    n = 1
    while n < min(2, len(texts) - 1) and texts[n] in _REFERENTS:
        n += 1
    words, i = toks.words, start - 1
    if i >= 1 and words[i].lower() == "resulting":
        i -= 1
    named = i >= 1 and words[i].lower() in ("this", "these", "the", "that", "such") and _NAMING.match(words[i - 1])
    return n if named else 0


def _after_naming_verb(toks: Tokens, start: int) -> bool:
    """A naming verb right before token *start*: what follows is the name a paper gives ("dubbed X", "which we
    call X", "we call this the X"; not "named entities", where "named" is part of the term)."""
    words, i = toks.words, start - 1
    if i >= 2 and words[i].lower() in ("the", "a", "an") and words[i - 1].lower() in ("this", "it"):
        i -= 2
    return i >= 0 and _NAMING.match(words[i]) is not None and words[i].lower() != "named"


def _after_proposal(doc: Doc, start: int) -> bool:
    """A verb of proposal just before token *start*, or "our X," ("Our framework, Driftwood, …")."""
    table = tokens(doc)
    return bool(_PROPOSAL.search(table.span_text(max(0, start - 3), start))
                or OUR_APPOSITION.search(table.span_text(max(0, start - 8), start))
                or _NAMELY.search(table.span_text(max(0, start - 8), start)))


# "we propose two blockwise models, namely Jigsaw and Scatter": the names the authors give what they propose.
_NAMELY = re.compile(r"\bnamely(\s+[A-Z][\w-]*\s*(,|and|or))*\s*$")


# "… with Mathesis, the first end-to-end prover": an appositive that introduces a name.
_NEW_APPOSITIVE = re.compile(r"^\s*,\s+(a\s+(novel|new)|the\s+first)\b", re.I)


def _introduced_as_new(doc: Doc, end: int) -> bool:
    """An appositive presenting something new follows the word before token *end*."""
    table = tokens(doc)
    after = table.end_char(end - 1)
    return bool(_NEW_APPOSITIVE.match(table.text[after:after + 20]))


# "Experiments in Sotopia, an open-ended social learning environment": an appositive that gives a name's kind.
_KIND_APPOSITIVE = re.compile(r"^\s*,\s+(a|an)\s+([\w-]+\s+){0,4}?(?P<kind>environment|simulator|benchmark|dataset"
                              r"|corpus|suite|testbed|game|model|framework|method|algorithm|library|toolkit)\b")
_KIND_TYPES = {**dict.fromkeys(("environment", "simulator", "benchmark", "dataset", "corpus", "suite", "testbed",
                                "game"), NodeType.BENCHMARK), "model": NodeType.MODEL}


def _described_kind(doc: Doc, end: int) -> NodeType | None:
    """The type an appositive after the word before token *end* gives it, or None."""
    table = tokens(doc)
    after = table.end_char(end - 1)
    match = _KIND_APPOSITIVE.match(table.text[after:after + 90])
    return match and _KIND_TYPES.get(match.group("kind"), NodeType.METHOD)


_LIST_JOINS = {",", "and", "or"}


def _listed_beside_a_name(doc: Doc, start: int, end: int) -> NodeType | None:
    """The type of a known name in the list that a capitalised word is an item of: "(ETT, Electricity, Traffic,
    Weather)" are benchmarks, "ETS, AutoARIMA and Theta" methods."""
    words = tokens(doc).words
    after = words[end] if end < len(words) else ""
    opens = after in _LIST_JOINS  # "on Adult, COMPAS and …"
    inside = words[start - 1] in _LIST_JOINS | {"("} and after in _LIST_JOINS | {")", "."}
    if not (opens or inside) or words[start].lower() in boundary_words():  # "However, …" is no item
        return None
    named = {i: t.type for t in doc._.kg_terms or [] if t.source == "lexicon" and not t.label.islower()
             for i in range(t.start, t.end)}
    for i, step in ((start - 1, -1), (end, 1)):
        while 0 <= i < len(words) and (words[i] in _LIST_JOINS or words[i] == "-" or words[i][:1].isupper()):
            if i in named:
                return named[i]
            i += step
    return None


def _is_concept_noun(word: str) -> bool:
    """A single lower-case word stands alone only as an abstract noun of known type:
    a phenomenon or task ("misalignment", "colorization"), a technique ("distillation")."""
    facts = _facts(word)
    return (head_types().get(facts.head) is not None and facts.lower.endswith(_NOUN_SUFFIXES)
            and facts.head not in generic_terms())


def _is_unknown_abstract_noun(word: Word) -> bool:
    """"resampling", "discriminability": a lower-case noun in -ing, -ity or -ism the head table does not know
    (it counts only when the abstract uses it three times: -tion words are too often generic)."""
    return (word.text.isalpha() and word.text.islower() and len(word.text) > 6 and not word.facts.generic
            and word.facts.lower.endswith(("ing", "ity", "ism")) and word.facts.lower not in boundary_words())


def _describes_a_state(word: Word) -> bool:
    """"adapted model", "judging models": a participle or gerund describing which model, not a kind of model."""
    return word.facts.participle or (word.facts.lower.endswith("ing") and word.text.isalpha() and word.text.islower()
                                      and not _known_activity(word))


def _known_activity(word: Word) -> bool:
    """A gerund the lexicon knows as a concept: "fine-tuning", "reasoning"."""
    return word.facts.lower.endswith("ing") and normalize_label(word.text) in lexicon_index()


def _plural_category(words: list[Word]) -> bool:
    """"reasoning benchmarks", "harmful datasets": a lower-case plural category, not a named dataset."""
    return (words[-1].facts.lower in ("benchmarks", "datasets", "suites", "models", "methods", "approaches")
            and all(w.text.islower() for w in words))


def _recurs(doc: Doc, word: str, times: int = 2) -> bool:
    """The word occurs at least *times* times in the abstract: a lone common noun must be salient to count."""
    table, low = tokens(doc), word.lower()
    # a pre-test: each token equal to the word is an occurrence in the lower-cased text, as long as no
    # capital sigma makes lower-casing depend on context
    if table.lower_text.count(low) < times and "Σ" not in table.text:
        return False
    if "kg_lower_words" not in doc.user_data:
        doc.user_data["kg_lower_words"] = [*map(str.lower, table.words)]
    return doc.user_data["kg_lower_words"].count(low) >= times


def _hyphenated_letters(word: str) -> bool:
    """A lower-case word of letters joined by hyphens: "cross-encoder", "meta-training"."""
    parts = word.split("-")
    return len(parts) > 1 and word.islower() and all(p.isalpha() for p in parts)


def _compound_modifier(word: str) -> bool:
    """A hyphenated modifier that names: "cross-encoder", "closed-loop", "multi-agent" (not "non-random")."""
    return _hyphenated_letters(word) and word.split("-", 1)[0] not in _VAGUE_PREFIXES


# First parts of hyphenated modifiers that describe rather than name: "non-random", "near-zero", "two-step".
_VAGUE_PREFIXES = {"non", "near", "drop", "one", "two", "three", "four", "five", "coarse", "well", "so", "ever"}
# First parts of hyphenated adjectives ("open-loop", "full-attention", "mid-generation", "multi-stream"): modifiers,
# not terms.
_SPAN_PREFIXES = {"open", "closed", "full", "half", "mid", "multi", "single", "dual"}


def _agent_or_action_noun(word: Word) -> bool:
    """A noun of a doer or a doing: "rerankers", "retriever", "validation", "factorization"."""
    low = singular(word.facts.lower)
    return (word.text.isalpha() and not word.facts.generic and not looks_adjective(low)
            and low not in _VAGUE_HEADS and low.endswith(("er", "or", "tion", "sion", "ment", "ance", "ence", "ity")))


def _is_compound_term(word: str) -> bool:
    """A hyphenated word whose last part is a known head: "meta-training", "self-distillation"."""
    first, last = word.split("-", 1)[0], singular(word.rsplit("-", 1)[-1])
    return (_hyphenated_letters(word) and first not in _VAGUE_PREFIXES and first not in _SPAN_PREFIXES
            and head_types().get(last) in (NodeType.METHOD, NodeType.PROBLEM)
            and last not in _GENERIC_KINDS and singular(word) not in generic_terms())


# Verdicts of _verdict that leave the decision to the candidate's context.
_IF_PROPOSED, _IF_RECURRING, _IF_INSIDE = "after a proposal verb", "recurring", "not at the sentence start"
_IF_REPEATED = "phrase repeated"
_IF_FREQUENT = "three times or more"
_IF_VALUED = "next to a value"
_IF_LISTED = "an example of tasks"
# Words that are metrics only when a value measures them: "0.91 precision", "its recall drops to 47%" (not
# "numerical precision", "associative recall").
_MEASURE_WORDS = {"precision", "recall", "coverage"}
_LISTED_MEASURES = _MEASURE_WORDS | {"accuracy"}  # … or a list joins them to another measure
_VALUE_FOLLOWS = re.compile(r"^\s+((is|was|falls|drops|rises|reaches|of|above|below|at|to|from|near|around|over|"
                            r"under|close)\s+){1,2}(to\s+)?[+\-−]?\d")
_NUMBER_BEFORE = re.compile(r"[+\-−]?\d+(\.\d+)?\s*%?\s+$")


def _verdict(words: list[Word]) -> bool | str:
    """Whether *words* make a term, from their texts alone, or which check of their context decides."""
    if not words or len(words) > MAX_TERM_WORDS or any(w.facts.url for w in words) or _formula(words):
        return False
    if "-" in words[-1].text and _adjective_part(words[-1].text.rsplit("-", 1)[1]):
        return False  # "SDXL-class", "NP-hard", "KL-regularized": a term does not end in an adjective (a name may:
        # "Arena-Hard")
    if any(part in _HARDWARE for w in words for part in w.text.split("-")):
        return False  # "L4 GPU", "GPU-hours", "CPU memory": the machine, not a concept of the paper
    if len(words) == 1 and (UNIT.match(words[0].text) or words[0].text in _SENSORS):
        return False  # "meV/atom", "GB/s", "kWh": a unit of measure; "LiDAR", "RGB-D": a sensor (kept in a longer name)
    if words[-1].facts.head in ("license", "licence"):
        return False  # "Llama 3.3 Community License", "an MIT license": terms of use, not a concept
    if len(words) > 1 and words[-1].facts.title and words[-1].facts.head in _INSTITUTIONS:
        return False  # "UK AI Security Institute", "Henan Province": who or where, not a concept
    if words[-1].facts.head == "token" and len(words) > 1 and _picks_out(words[0].facts.lower):
        return False  # "sampled tokens", "low-probability tokens": the tokens a step picks, not a kind of token
    if _plural_category(words) and words[-1].facts.head in ("benchmark", "dataset", "suite"):
        return False
    if len(words) == 2 and words[0].facts.title and (_ROMAN.match(words[1].text) or words[1].text.isdigit()
                                                     and words[0].facts.lower in _NUMBERED_PARTS):
        return False  # "Stage II", "Level IV", "Modality III", "Stage 1": a numbered part, not a concept
    if len(words) == 1:
        if words[0].facts.generic or _SIZE_ONLY.match(words[0].text) or words[0].facts.lower.startswith("non-") \
                or _ROMAN.match(words[0].text) and words[0].text != "X" or _NUMBERED_WORD.match(words[0].text):
            return False  # the phrase is the word; "sub-10B"; "non-SAE" (baselines); "Type II gaps": a numeral;
            # "rank-1": a count
    elif _generic_phrase(words) or all(w.facts.generic for w in words):
        return False
    if any(w.facts.name for w in words):
        return True
    if len(words) == 2 and words[1].facts.head in ("model", "architecture") and _describes_a_state(words[0]):
        return False
    if len(words) == 1:
        if METRIC_SYMBOL.match(words[0].text) or _is_compound_term(words[0].text):
            return True
        if words[0].facts.capital:
            return _IF_PROPOSED
        if _is_concept_noun(words[0].text):
            return _IF_RECURRING
        if words[0].facts.lower in _MEASURE_WORDS:
            return _IF_VALUED
        if _is_unknown_abstract_noun(words[0]):
            return _IF_FREQUENT
        return words[0].text.isalpha() and words[0].text.islower() and not words[0].facts.verb_like and _IF_LISTED
    capitalised = sum(w.facts.capital for w in words)
    if capitalised > 1:
        return True
    if not capitalised and words[-1].facts.head in _BACKGROUND_HEADS:
        return _IF_REPEATED
    if words[-1].facts.head in head_types():
        return True
    if capitalised:
        return _IF_INSIDE  # one capital: a name unless it only starts the sentence
    vague_head = words[-1].facts.lower in _VAGUE_HEADS
    vague = words[-1].facts.verb_like or vague_head
    doers = words[-1].facts.lower.endswith(("ers", "ors"))  # a plural, not a verb, after a hyphenated modifier
    if len(words) == 2 and (doers and not vague_head or not vague) and _compound_modifier(words[0].text) \
            and _agent_or_action_noun(words[1]):
        return True  # "cross-encoder rerankers", "closed-loop validation"
    if vague and (vague_head or words[0].facts.participle or any(w.facts.generic for w in words)):
        return False  # "corrected labels", "model logits", "noisy signals": the items a step picks out, or vague
        # words; a plural that may be a verb needs a repeat
    return len(words) <= 3 and _IF_REPEATED  # "entropy profiles … similar entropy profiles"


_INSTITUTIONS = {"institute", "university", "province", "county", "ministry", "agency", "department", "hospital",
                 "laboratory", "corporation", "inc", "ltd", "company", "college", "city"}


def _picks_out(word: str) -> bool:
    """A modifier that picks some items out by a property or an action: "masked", "evicted", "unmasking",
    "low-probability", "teacher-endorsed", "object-bearing"."""
    last = word.rsplit("-", 1)[-1]
    return is_participle(last) or last.endswith("ing") and last not in _ING_NOUNS or word.startswith(("high-", "low-"))


_ING_NOUNS = {"thing", "string", "king", "ring", "spring", "wing", "ceiling", "setting"}


def _generic_phrase(words: list[Word]) -> bool:
    """*words* make a generic term, also with a version after it ("CC BY-NC 4.0"), or a part of the paper with its
    number ("Table 2.3")."""
    generic = generic_terms()
    if singular(" ".join(w.text for w in words)).lower() in generic:
        return True
    before = singular(" ".join(w.text for w in words[:-1])).lower()
    return bool(_VERSION.match(words[-1].text)) and (before in generic or before in _PAPER_PARTS)


_PAPER_PARTS = {"table", "figure", "fig.", "section", "appendix", "chapter", "equation", "eq.", "theorem", "lemma",
                "corollary", "proposition", "definition", "algorithm"}


_HARDWARE = {"GPU", "GPUs", "CPU", "CPUs", "TPU", "TPUs", "NPU", "NPUs", "PCIe", "NVLink", "InfiniBand", "USB", "HBM",
             "DRAM", "SRAM", "NVMe", "SSD", "SSDs", "FPGA", "FPGAs", "ASIC", "ASICs", "SoC", "SoCs", "MCU", "MCUs",
             "Xeon", "EPYC", "AVX", "AVX2", "Jetson", "RAM", "VRAM", "WebGPU"}
_SENSORS = {"LiDAR", "LIDAR", "Lidar", "RGB-D", "RGBD", "IMU", "IMUs", "GPS", "mmWave"}


def _formula(words: list[Word]) -> bool:
    """"Ω(√(C/n": a piece of a formula, its brackets unclosed; "log n": a formula ending in a variable; "-Ω" (of
    "$[-Ω,Ω]$"): a signed symbol."""
    text = "".join(w.text for w in words)
    return (text.count("(") != text.count(")") or text.count("[") != text.count("]") or text.startswith(("-", "–"))
            or len(words) > 1 and len(words[-1].text) == 1 and words[-1].text.islower())


def _plan(texts: tuple[str, ...], max_words: int) -> tuple[tuple[int, int, bool | str, NodeType | None], ...]:
    """The candidates in a run of words, decided from their texts alone (once per distinct run, see
    ``CandidateFinder.plans``):
    for each, its words ``i:j``, True or the check of its context that decides, and its type hint."""
    words = [Word(k, k + 1, text, _facts(text)) for k, text in enumerate(texts)]  # positions: the word indices
    found = []
    for run in _split_at_verbs(words):
        run, hint = _kind_hint(_trim(run))
        run = _trim_around_names(run, hint)
        run = run[-max_words:] if len(run) > max_words else run
        verdict = _verdict(run)
        if verdict:
            found.append((run[0].start, run[-1].end, verdict, hint))
    return tuple(found)


def _adjective_part(part: str) -> bool:
    """The part after a word's last hyphen makes it an adjective: "class", "hard", "regularized"."""
    return part in ADJECTIVE_PARTS or is_participle(part)


def _proposed_name(doc: Doc, start: int, end: int, sent_start: int) -> bool | NodeType | None:
    """A capitalised word is a name where it is proposed or introduced ("we introduce Enigmata", "Mathesis, the
    first …") and, from there on, wherever it recurs ("puzzle data from Enigmata"); or an item of a list of
    known names, of their type."""
    names = doc.user_data.setdefault("kg_introduced_names", set())
    text = tokens(doc).span_text(start, end)
    if text in names:
        return True
    if start == sent_start or _stem_of_a_modifier(tokens(doc), start, end):
        return False
    if _after_proposal(doc, start) or _introduced_as_new(doc, end):
        names.add(text)
        return True
    described = _described_kind(doc, end)
    if described is not None and not is_adverb(text) and text.lower() not in boundary_words():  # "Consequently, a"
        names.add(text)
        return described
    return _listed_beside_a_name(doc, start, end) or _example_of_a_kind(doc, start) or _scored_on(doc, start)


_NUMBER = re.compile(r"^[+-]?\d+(\.\d+)?x?$")
_UNITS = {"%", "\\%", "x", "×", "points", "pp"}


def _figure_ends(words: list[str], i: int) -> bool:
    """Token *i* ends a figure: "6.6", "6.6 %", "3 points"."""
    return bool(_NUMBER.match(words[i])) or i > 0 and words[i] in _UNITS and bool(_NUMBER.match(words[i - 1]))


def _scored_on(doc: Doc, start: int) -> NodeType | None:
    """A figure "on" the capitalised word at token *start*, in a sentence that gives figures on known benchmarks:
    "gains of 6.6% on SVAMP and 25.3% on Countdown"."""
    words = tokens(doc).words
    if start < 2 or words[start - 1] != "on" or not _figure_ends(words, start - 2):
        return None
    benchmarks = {t.start for t in doc._.kg_terms or [] if t.type is NodeType.BENCHMARK and t.source == "lexicon"}
    first = max(sentence_start_of(doc, start) + 1, start - 30)
    return NodeType.BENCHMARK if any(words[i] == "on" and i + 1 in benchmarks and _figure_ends(words, i - 1)
                                     for i in range(first, start - 1)) else None




def _example_of_a_kind(doc: Doc, start: int) -> NodeType | None:
    """The type of the named things the capitalised word at token *start* is listed as one of: "datasets such as A,
    B and C", "environments (e.g., A, B)"."""
    words = tokens(doc).words
    i = start - 1
    while i > 0 and start - i < 24 and (words[i] in _LIST_JOINS or words[i][:1].isupper()
                                         or MARKUP_TOKEN.match(words[i])):
        i -= 1  # back over the items before it
    return list_kind(words, i)


def _stem_of_a_modifier(table: Tokens, start: int, end: int) -> bool:
    """A capitalised word glued to an adjective suffix is no name of its own: "Knowledge-enhanced RL"."""
    return end - start == 1 and before_adjective_suffix(table, end) and _facts(table.words[start]).title


# "VIKI-Bench, the first hierarchical benchmark": what the appositive says of a named dataset is no concept of its own.
_DATA_APPOSITIVE = re.compile(r"[A-Z][\w-]*[A-Z0-9][\w-]*(\s\([^()]*\))?,\s+(a|an|the\s+first|the|our)\s+"
                              r"([\w-]+\s+){0,4}$")
_DATA_KINDS = {"benchmark", "dataset", "corpus", "suite", "testbed"}


def _describes_named_data(table: Tokens, start: int, end: int) -> bool:
    return (singular(table.words[end - 1].lower()) in _DATA_KINDS
            and bool(_DATA_APPOSITIVE.search(table.text[max(0, table.idx[start] - 80):table.idx[start]])))


def _accept(verdict: bool | str, doc: Doc, start: int, end: int, sent_start: int) -> bool | NodeType | None:
    """Settle *verdict* on the candidate at tokens ``start:end`` in its context: false, true, or the type the
    context gives it (a list of benchmarks or of tasks)."""
    if verdict == _IF_PROPOSED:
        return _proposed_name(doc, start, end, sent_start)
    if verdict in (_IF_LISTED, _IF_RECURRING, _IF_FREQUENT, _IF_REPEATED):
        listed = _listed_kind(doc, start)
        if listed is not None:
            return listed  # "tasks including addition, copying and parity", "metrics such as coherence"
    if verdict == _IF_LISTED:
        return False
    if verdict in (_IF_FREQUENT, _IF_RECURRING) and _verbal_gerund(doc, start, end):
        return False
    if verdict == _IF_FREQUENT:
        return _recurs(doc, tokens(doc).span_text(start, end), times=3)
    if verdict == _IF_VALUED:
        return _valued(doc, start, end) or _listed_with_a_measure(doc, start, end)
    if verdict == _IF_RECURRING:
        return _recurs(doc, tokens(doc).span_text(start, end))
    if verdict == _IF_INSIDE:
        return start != sent_start
    if verdict == _IF_REPEATED:
        return _repeated(doc, tokens(doc).span_text(start, end)) or _enumerated(tokens(doc).words, start)
    return verdict


def _enumerated(words: list[str], start: int) -> bool:
    """Token *start* opens an item of a numbered list, maybe past an article: "(2) an input-dependent selective
    gate", "(ii) random deep supervision": the parts a paper names one by one are its concepts."""
    i = start - 1 if start > 0 and words[start - 1].lower() in ("a", "an", "the") else start
    return (i >= 1 and _ENUMERATION.match(words[i - 1]) is not None
            or i >= 3 and words[i - 1] == ")" and words[i - 3] == "(" and _ENUMERATION.match(words[i - 2] + ")"))


_LIST_GROUPS = {**dict.fromkeys(("tasks", "problems", "skills", "capabilities", "challenges", "issues", "risks",
                                 "limitations", "threats", "harms"), NodeType.PROBLEM),
                **dict.fromkeys(("metrics", "measures", "criteria"), NodeType.METRIC)}
_EXAMPLE_CUES = ("including", "include", "includes", "as", "like", "of", "by")
_MEASURING = {"measured", "quantified", "scored"}  # "measured by coherence and fluency"


def _listed_kind(doc: Doc, start: int) -> NodeType | None:
    """The type of the list token *start* is an item of: tasks ("synthetic tasks including addition, copying and
    parity") or measures ("metrics such as coherence", "metrics include …", "in terms of speed and reliability",
    "measured by fluency")."""
    words = tokens(doc).words
    i = start - 1
    while i > 0 and start - i < 16 and words[i] not in _EXAMPLE_CUES \
            and (words[i] in _LIST_JOINS or words[i].isalpha() and words[i].islower()
                 and not (words[i] in STOP_WORDS or is_adverb(words[i]) or words[i] in boundary_words())):
        i -= 1  # back over the items before it ("… tasks that children do", "… risks remain constant": no items)
    if i <= 0 or words[i] not in _EXAMPLE_CUES or words[i] == "as" and words[i - 1] != "such":
        return None
    if words[i] in ("of", "by"):
        measuring = words[i - 1] in _MEASURING or i > 1 and words[i - 1] == "terms" and words[i - 2].lower() == "in"
        return NodeType.METRIC if measuring else None  # "in terms of speed", "measured by fluency"
    i -= 2 if words[i] == "as" else 1
    if i >= 0 and words[i] == ",":
        i -= 1
    return _LIST_GROUPS.get(words[i].lower()) if i >= 0 else None


def _valued(doc: Doc, start: int, end: int) -> bool:
    """A value measures tokens start:end: "0.91 precision", "recall falls to 14%", "precision above 70%"."""
    table = tokens(doc)
    first, last = table.idx[start], table.idx[end - 1] + len(table.words[end - 1])
    return bool(_VALUE_FOLLOWS.match(table.text[last:last + 30])
                or _NUMBER_BEFORE.search(table.text[max(0, first - 12):first]))


def _listed_with_a_measure(doc: Doc, start: int, end: int) -> bool:
    """A list joins tokens start:end to another measure: "precision and recall", "precision, recall, F1"."""
    words, joins = tokens(doc).words, (",", "and", "or", "/")
    before = words[start - 2] if start >= 2 and words[start - 1] in joins else ""
    after = words[end + 1] if end + 1 < len(words) and words[end] in joins else ""
    return any(w.lower() in _LISTED_MEASURES or METRIC_SYMBOL.match(w) for w in (before, after) if w)


_CLAUSE_OPENERS = {"before", "after", "while", "when", "without", "upon"}


def _verbal_gerund(doc: Doc, start: int, end: int) -> bool:
    """"answering a question", "answering correctly", "before answering": an -ing word before a determiner or
    an adverb, or after a word that opens a clause, is a verb, not a concept."""
    words = tokens(doc).words
    following = words[end].lower() if end < len(words) else ""
    return words[end - 1].endswith("ing") and (following in DETERMINERS or following.endswith("ly")
                                               or start > 0 and words[start - 1].lower() in _CLAUSE_OPENERS)


@Language.factory("kg_candidates", default_config={"max_words": MAX_TERM_WORDS})
def make_candidate_finder(nlp: Language, name: str, max_words: int) -> "CandidateFinder":
    return CandidateFinder(max_words)


class CandidateFinder:
    """Adds a Term for each accepted candidate that no earlier component covers."""

    def __init__(self, max_words: int = MAX_TERM_WORDS) -> None:
        register_extensions()
        self.max_words = max_words
        self.plans: dict[tuple[str, ...], tuple] = {}  # run of word texts → _plan; bounded, cleared when full

    def __call__(self, doc: Doc) -> Doc:
        terms = list(doc._.kg_terms or [])
        taken = {i for t in terms for i in range(t.start, t.end)}
        toks = tokens(doc)
        known = _known_starts(toks, terms)
        if "'s " in toks.text or "’s " in toks.text:
            _add_eponyms(toks, terms, taken)
        _add_titled_short_forms(doc, terms, taken)
        for texts, bounds, sent_start in candidate_chunks(doc):
            referents = _referents_named(toks, texts, bounds[0])
            if referents:
                texts, bounds = texts[referents:], bounds[referents:]  # "we call this phenomenon prompt drift"
            named = bool(referents) or _after_naming_verb(toks, bounds[0])  # "which we call fork-token damping"
            if not taken or taken.isdisjoint(range(bounds[0], bounds[-1])):  # most chunks
                pieces = ((0, len(texts)),)
            else:
                if len(texts) > 1 and known:
                    _extend_known_terms(doc, texts, bounds, terms, known, taken)
                if len(texts) > 1:
                    _extend_known_names(doc, texts, bounds, terms, taken)
                if len(texts) > 1:
                    _extend_compound_modifiers(toks, texts, bounds, terms, taken)
                    _extend_known_to_heads(toks, texts, bounds, terms, taken)
                pieces = _free_pieces(bounds, taken)
            for a, b in pieces:
                run = texts if b - a == len(texts) else texts[a:b]
                plan = self.plans.get(run)
                if plan is None:
                    plan = self._new_plan(run)
                for i, j, verdict, hint in plan:
                    accepted = (verdict is True or named and a + i == 0
                                or _accept(verdict, doc, bounds[a + i], bounds[a + j], sent_start))
                    if accepted and not (_cited_author(toks, bounds[a + j])
                                         or is_cited_year(toks.words, bounds[a + i], bounds[a + j])
                                         or _describes_named_data(toks, bounds[a + i], bounds[a + j])):
                        # a type when a list decided ("ETT, Electricity, Traffic")
                        kind = accepted if isinstance(accepted, NodeType) else hint
                        terms.append(_new_term(toks, texts, bounds, a + i, a + j, kind))
        _join_degree_adverbs(toks, terms, taken)
        _join_over_prepositions(doc, terms, taken)
        _join_a_proposed_title(toks, terms)
        _names_listed_before_their_kind(toks, terms)
        doc._.kg_terms = terms
        return doc

    def _new_plan(self, run: tuple[str, ...]) -> tuple:
        if len(self.plans) >= _MAX_PIECES:
            self.plans.clear()
        self.plans[run] = plan = _plan(run, self.max_words)
        return plan


# Heads after a person's name that make one concept of both: "Bloom's taxonomy", "Alzheimer's disease".
_EPONYM_HEADS = {**dict.fromkeys(("disease", "law", "paradox", "curse"), NodeType.PROBLEM),
                 **dict.fromkeys(("kappa", "tau", "rho", "alpha", "correlation", "coefficient", "distance", "index"),
                                 NodeType.METRIC),
                 **dict.fromkeys(("inequality", "theorem", "lemma", "taxonomy", "test", "algorithm", "rule",
                                  "principle", "constant", "razor", "hierarchy", "criterion", "method"),
                                 NodeType.METHOD)}


def _add_eponyms(toks: Tokens, terms: list[Term], taken: set[int]) -> None:
    """A Term for each name, possessive and eponym head ("Jensen's inequality"; "RL's Razor", both capitalised
    after a short form) that no earlier term covers."""
    words = toks.words
    for i in range(len(words) - 2):
        name, mark, head = words[i:i + 3]
        short_form = is_acronym(name) and is_title_word(head)
        if mark not in ("'s", "’s") or not (is_title_word(name) and len(name) > 2 and name.isalpha() or short_form):
            continue
        head_type = _EPONYM_HEADS.get(singular(head.lower()))
        covered = [t for t in terms if t.start < i + 3 and t.end > i]
        if head_type is not None and all(short_form and (t.start, t.end) == (i, i + 1) for t in covered):
            terms[:] = [t for t in terms if t not in covered]  # "RL's Razor" is one name, not RL
            terms.append(Term(i, i + 3, toks.span_text(i, i + 3), "chunk", type=head_type))
            taken.update(range(i, i + 3))


def _add_titled_short_forms(doc: Doc, terms: list[Term], taken: set[int]) -> None:
    """A Term for a title-case word right before a short form the text defined, inside a sentence: "a new
    Semantics-Prompted DiT" after "diffusion transformers (DiT)" is a variant its authors name (see
    ``_titled_acronym`` for the lexicon's short forms)."""
    toks = tokens(doc)
    words = toks.words
    for term in [t for t in terms if t.source == "short" and t.start > 1]:
        start = term.start - 1
        while start >= 2 and words[start - 1] == "-" and not toks.space[start - 2] and not toks.space[start - 1]:
            start -= 2  # "Semantics-Prompted"
        facts = _facts(words[start])  # the checks of _titled_acronym; not "Efficient RL" (a modifier)
        if (facts.title and not facts.modifier and not facts.generic and facts.lower not in boundary_words()
                and sentence_start_of(doc, start) != start and taken.isdisjoint(range(start, term.start))
                and all(w == "-" or w.isalpha() for w in words[start:term.start])):
            terms.append(Term(start, term.end, toks.span_text(start, term.end), "chunk"))
            taken.update(range(start, term.start))


def _known_starts(toks: Tokens, terms: list[Term]) -> dict[int, list[int]]:
    """Start token → indices of the lexicon's lower-case terms, architectures and methods in capitals ("RLHF") that
    start there (see ``_extend_known_terms``)."""
    known: dict[int, list[int]] = {}
    for i, term in enumerate(terms):
        if term.source == "lexicon" and (term.label.islower() or _architecture(term) or term.end - term.start == 1
                                         and toks.words[term.start].isupper() and term.type is NodeType.METHOD):
            known.setdefault(term.start, []).append(i)
    return known


def _cited_author(toks: Tokens, end: int) -> bool:
    """The words before token *end* are an author's name, cited: "the setting proposed by Lanham et al. (2023)"."""
    return toks.words[end:end + 1] == ["et"] and toks.words[end + 1:end + 2] in (["al"], ["al."])


def _new_term(toks: Tokens, texts: tuple[str, ...], bounds: list[int], i: int, j: int, hint: NodeType | None) -> Term:
    """The term of words ``i:j`` of a chunk: an acronym defined inline, or the words as they stand; with the kind
    word cut off after them as another name ("El Farol Bar", also "El Farol Bar problem")."""
    start, end = bounds[i], bounds[j]
    inline = j - i >= 3 and _inline_definition(toks, texts[i], start, bounds[i + 1], end)
    if inline:
        return inline
    term = Term(start, end, toks.span_text(start, end), "chunk", type=hint)
    if hint is not None and j < len(texts) and singular(texts[j].lower()) in _KIND_WORDS:
        term.aliases.append(toks.span_text(start, bounds[j + 1]))
    elif j - i >= 2 and texts[j - 1].islower() and singular(texts[j - 1]) in _KIND_WORDS \
            and all(t[:1].isupper() for t in texts[i:j - 1]):
        term.aliases.append(toks.span_text(start, bounds[j - 1]))  # "Acadreason benchmark", also "Acadreason"
    return term


def _free_pieces(bounds: list[int], taken: set[int]) -> list[tuple[int, int]]:
    """The runs ``a:b`` of a chunk's words (see ``Chunk``) that no earlier term covers."""
    pieces, a = [], None
    for k in range(len(bounds) - 1):
        if taken.isdisjoint(range(bounds[k], bounds[k + 1])):
            a = k if a is None else a
        elif a is not None:
            pieces.append((a, k))
            a = None
    if a is not None:
        pieces.append((a, len(bounds) - 1))
    return pieces


def _extend_known_terms(doc: Doc, texts: tuple[str, ...], bounds: list[int], terms: list[Term],
                        known: dict[int, list[int]], taken: set[int]) -> None:
    """"selective mixup": a known common term (*known*: see ``_known_starts``) with a specific modifier
    before it names a narrower concept, when the abstract repeats the longer phrase; an architecture takes
    its modifiers at once ("one-layer transformer"); a known metric
    takes one hyphenated or noun modifier at once ("worst-class accuracy", not "affect accuracy").
    Other known terms after one hyphenated modifier, and known problems, methods and models after one
    adjective, keep their own Term, and the longer phrase gets one too ("tool-call hallucination" and
    "hallucination", "spatial forgetting" and "forgetting")."""
    toks = tokens(doc)
    for i in [i for start in range(bounds[0] + 1, bounds[-1]) if start in known for i in known[start]]:
        term = terms[i]
        if term.source != "lexicon":  # already extended
            continue
        words = zip(texts, bounds, bounds[1:])
        left = _trim([Word(s, e, text, _facts(text)) for text, s, e in words if e <= term.start])
        if len(left) == 2 and _verbal_ing(left[0]):
            left = _trim(left[1:])  # "serving long-context language models": the gerund's object
        if left and _a_basis(left[-1]) and toks.words[term.start][:1].isupper():
            continue  # "an image-based Diffusion Policy": the name is the concept
        if _topic_of_named_data(toks, left, term):
            continue  # "the Strata-Sword jailbreak dataset": the data's name, then what it is about
        if _title_case_name(toks, left, term) and taken.isdisjoint(range(left[0].start, term.start)):
            # "Counterfactual Reward Distillation": a name, not distillation; "Temporal Self-Consistency Voting"
            end = _title_words_after(texts, bounds, term.end, taken)
            terms[i] = Term(left[0].start, end, toks.span_text(left[0].start, end), "chunk")
            taken.update(range(left[0].start, end))
            continue
        if _titled_acronym(doc, left, term):  # "Regularized DPO", "a Judge LLM": a variant named by its authors
            terms.append(Term(left[-1].start, term.end, toks.span_text(left[-1].start, term.end), "chunk",
                              type=term.type if term.type is NodeType.PROBLEM else None))  # "Visual QA": a task
            taken.update(range(left[-1].start, term.start))
            continue
        if not left or len(left) > 2 or not all(w.text.replace("-", "").isalpha() for w in left):
            continue
        if _names_before(terms, left[0].start, term.start):  # "Arena-Hard win rate": a benchmark and its metric
            continue
        phrase = toks.span_text(left[0].start, term.end)
        if any(w.facts.generic for w in left) and not (len(left) == 2 and _repeated(doc, phrase)):
            continue  # "contrastive image pretraining", repeated, is a concept; "image pretraining" alone is vague
        metric = _narrower_metric(term, left)
        if _repeated(doc, phrase) or metric or _architecture_kind(term, left):
            terms[i] = Term(left[0].start, term.end, phrase, "chunk", type=term.type if metric else None)
            taken.update(range(left[0].start, term.start))
        elif _hyphenated_modifier(left) or _adjective_narrows(term, left):
            terms.append(Term(left[0].start, term.end, phrase, "chunk"))
            taken.update(range(left[0].start, term.start))


def _title_words_after(texts: tuple[str, ...], bounds: list[int], end: int, taken: set[int]) -> int:
    """Where a name ending at token *end* ends with up to two more title-case words of its chunk run into it."""
    if end not in bounds:
        return end
    k = m = bounds.index(end)
    while k < len(texts) and k - m < 2 and _may_continue_name(texts[k]) and bounds[k] not in taken:
        k += 1
    return bounds[k]


def _topic_of_named_data(toks: Tokens, left: list[Word], term: Term) -> bool:
    """A lower-case known *term* between a name (*left*) and a word for data: "Strata-Sword jailbreak dataset"."""
    following = toks.words[term.end].lower() if term.end < len(toks.words) else ""
    return (bool(left) and term.label.islower() and all(w.facts.name for w in left)
            and _KIND_WORDS.get(singular(following)) is NodeType.BENCHMARK)


# Adverbs that make a technical modifier with the adjective after them: "partially observable", "weakly supervised".
_DEGREE_ADVERBS = {"partially", "fully", "weakly", "strongly", "densely", "sparsely"}


def _join_degree_adverbs(toks: Tokens, terms: list[Term], taken: set[int]) -> None:
    """"partially observable environments", "weakly supervised speech recognizers": the adverb belongs to the term
    its adjective opens."""
    words = toks.words
    for i, term in enumerate(terms):
        first = words[term.start].lower()
        if (term.source == "chunk" and term.start > 0 and term.end - term.start > 1 and term.start - 1 not in taken
                and words[term.start - 1].lower() in _DEGREE_ADVERBS
                and (looks_adjective(first) or is_participle(first))):
            start = term.start - 1
            terms[i] = Term(start, term.end, toks.span_text(start, term.end), "chunk", type=term.type)
            taken.add(start)


_NAME_JOINS = {"of", "in", "for"}


def _join_over_prepositions(doc: Doc, terms: list[Term], taken: set[int]) -> None:
    """A title-case name goes on over "of", "in" or "for" and more title-case words: "Language of Thought
    Hypothesis", "International Olympiad in Informatics" (not past a sentence's start)."""
    toks = tokens(doc)
    words = toks.words
    for i, term in enumerate(terms):
        if term.source != "chunk" or not all(is_title_word(w) for w in words[term.start:term.end] if w != "-"):
            continue
        start, end = term.start, term.end
        if end + 1 < len(words) and words[end] in _NAME_JOINS and _free_title(doc, end + 1, taken):
            end += 2
            while end < len(words) and end - term.end < 3 and _free_title(doc, end, taken):
                end += 1
        if start > 1 and words[start - 1] in _NAME_JOINS and _free_title(doc, start - 2, taken):
            start -= 2
            if start > 0 and _free_title(doc, start - 1, taken):
                start -= 1
        if (start, end) != (term.start, term.end):
            terms[i] = Term(start, end, toks.span_text(start, end), "chunk", type=term.type)
            taken.update(range(start, end))


# Words inside a title-case name a paper gives its method: "Stateful Evidence-Driven RAG with Iterative Reasoning".
_TITLE_JOINS = {"with", "via", "for", "of", "in", "on", "to", "through", "from", "under"}


def _join_a_proposed_title(toks: Tokens, terms: list[Term]) -> None:
    """Title-case words over joining words (_TITLE_JOINS) right after a verb of proposal and before an appositive
    or a bracket are one name, whatever terms were found inside it: "we propose Stateful Evidence-Driven RAG with
    Iterative Reasoning, a framework …"."""
    words = toks.words
    for term in [t for t in terms if t.start > 0 and _PROPOSAL.fullmatch(words[t.start - 1])]:
        end, joins = term.start, 0
        while end < len(words) and end - term.start < 12 and (
                words[end][:1].isupper() or words[end] == "-" or words[end] in _TITLE_JOINS):
            joins += words[end] in _TITLE_JOINS
            end += 1
        closed = end + 1 < len(words) and (words[end] == "(" or words[end] == "," and words[end + 1] in ("a", "an"))
        if not joins or not closed or not words[end - 1][:1].isupper():
            continue
        inside = [t for t in terms if t.start < end and t.end > term.start]
        if any(t.start < term.start or t.end > end for t in inside):
            continue
        for t in inside:
            terms.remove(t)
        terms.append(Term(term.start, end, toks.span_text(term.start, end), "chunk", type=term.type))


# "the Kodak and CLIC2020 test datasets", "the Spring, Sintel and KITTI benchmarks": names listed before the
# plural of their kind, maybe past one lower-case word.
_LISTED_ITEM = r"[A-Z][\w.]*(?:-[\w.]+)*"
_LISTED_NAMES = re.compile(rf"(?<![\w.-])(?P<items>(?:{_LISTED_ITEM},\s+)*{_LISTED_ITEM},?\s+(?:and|or)\s+"
                           rf"{_LISTED_ITEM})\s+(?:[a-z]+\s+)?(?P<kind>datasets|benchmarks|corpora|suites|models)\b")
_KIND_PLURAL = re.compile(r"\b(datasets|benchmarks|corpora|suites|models)\b")
_LISTED_KINDS = {"models": NodeType.MODEL}  # the other kinds hold data: benchmarks


def _names_listed_before_their_kind(toks: Tokens, terms: list[Term]) -> None:
    """Each name of a list before the plural of its kind is a name of that kind, without the kind word ("Tecnick
    datasets" → "Tecnick"); not a known concept ("SFT and RL datasets" are data for training methods)."""
    # the list is searched only in the 200 characters before each kind word (a regex over the whole text costs more)
    lists = (_LISTED_NAMES.search(toks.text, max(0, word.start() - 200), word.end())
             for word in _KIND_PLURAL.finditer(toks.text))
    for match in filter(None, lists):
        kind = _LISTED_KINDS.get(match.group("kind"), NodeType.BENCHMARK)
        items = list(re.finditer(_LISTED_ITEM, match.group("items")))
        if any(normalize_label(m.group()) in lexicon_index() or m.group().lower() in STOP_WORDS for m in items):
            continue
        for item in items:
            span = toks.token_span(match.start("items") + item.start(), match.start("items") + item.end())
            if span is None:
                continue
            start, end = span
            around = [t for t in terms if t.start < end and t.end > start]
            if any(t.start < start for t in around):
                continue
            for t in around:
                terms.remove(t)
            terms.append(Term(start, end, item.group(), "chunk", type=kind))


def _free_title(doc: Doc, i: int, taken: set[int]) -> bool:
    """Token *i* is a title-case word no term holds, not opening its sentence, that may be part of a name."""
    word = tokens(doc).words[i]
    return (i not in taken and is_title_word(word) and _may_continue_name(word)
            and sentence_start_of(doc, i) != i)


def _extend_known_names(doc: Doc, texts: tuple[str, ...], bounds: list[int], terms: list[Term],
                        taken: set[int]) -> None:
    """A known name with title-case words run into it is a longer name ("Mystery Blocksworld", "Spoken
    DialogSum", "Nemotron Speech Streaming", "Conformer Transducer"); not a word opening its sentence, a
    modifier or a kind word ("the Blocksworld Benchmark" keeps its name)."""
    first = sentence_start_of(doc, bounds[0])
    for i, term in enumerate(terms):
        if not bounds[0] <= term.start < bounds[-1] or term.source != "lexicon" \
                or term.label.islower() and not _written_title_case(tokens(doc), term.start, term.end) \
                or term.start not in bounds or term.end not in bounds:
            continue
        a, b = k, m = bounds.index(term.start), bounds.index(term.end)
        common = term.label.islower()  # written title-case inside a name: a modifier word belongs to it too
        while a > 0 and k - a < 2 and _may_continue_name(texts[a - 1], common) and bounds[a - 1] != first:
            a -= 1
        benchmark = term.type is NodeType.BENCHMARK  # "Sintel Final", "SWE-bench Verified": a split of the data
        while b < len(texts) and b - m < 2 and _may_continue_name(texts[b], benchmark):
            b += 1
        if (a, b) != (k, m) and taken.isdisjoint(set(range(bounds[a], bounds[k])) | set(range(bounds[m], bounds[b]))):
            terms[i] = Term(bounds[a], bounds[b], tokens(doc).span_text(bounds[a], bounds[b]), "chunk",
                            type=None if common else term.type)  # a common term in a name: typed anew
            taken.update(range(bounds[a], bounds[b]))


def _written_title_case(toks: Tokens, start: int, end: int) -> bool:
    """Tokens ``start:end`` are written in title case ("Temporal Consistency"): a known common term used in a name."""
    return all(is_title_word(w) for w in toks.words[start:end] if w != "-")


def _may_continue_name(text: str, modifier_too: bool = False) -> bool:
    facts = _facts(text)
    return (facts.title and (modifier_too or not facts.modifier)
            and (not facts.generic or modifier_too and facts.lower in _SPLITS) and facts.head not in _KIND_WORDS)


_SPLITS = {"hard", "easy", "medium", "lite", "mini", "full", "pro", "plus", "verified", "extended"}  # "ACPBench Hard"


_PART_HEADS = ("layer", "architecture")  # of a model: "LLM layers" are no new thing ("LayerNorm layer" is)


def _extend_known_to_heads(toks: Tokens, texts: tuple[str, ...], bounds: list[int], terms: list[Term],
                           taken: set[int]) -> None:
    """A known common term followed by the head noun that ends its chunk names a narrower thing as well: "a
    bag-of-words classifier", "speech recognition errors" (the known term keeps its own Term)."""
    last = texts[-1]
    rate = singular(last) == "rate"  # "contamination rate": how often a known problem occurs is a measure
    if not (last.isalpha() and last.islower()) or (head_types().get(singular(last)) in (None, NodeType.METRIC)
                                                   and not rate) \
            or singular(last) in (*_KIND_WORDS, "loop") or bounds[-2] in taken:
        return  # not "fairness scores", "reward shaping loop": a measure or a use of the known thing
    for term in [t for t in terms if t.source == "lexicon" and t.end == bounds[-2] and t.start >= bounds[0]]:
        if rate and term.type is not NodeType.PROBLEM:
            continue
        if term.label.islower() and not (term.type is NodeType.MODEL and singular(last) in _PART_HEADS):
            terms.append(Term(term.start, bounds[-1], toks.span_text(term.start, bounds[-1]), "chunk"))
            taken.add(bounds[-2])


def _extend_compound_modifiers(toks: Tokens, texts: tuple[str, ...], bounds: list[int], terms: list[Term],
                               taken: set[int]) -> None:
    """"flow-matching action expert", "beam-search caching": a known concept of several words written with
    hyphens is a compound modifier, and the nouns after it in the chunk name the concept (up to two words)."""
    for i, term in enumerate(terms):
        if term.source != "lexicon" or not bounds[0] <= term.start < term.end < bounds[-1] \
                or term.end not in bounds or not _written_as_modifier(toks, term):
            continue  # outside the chunk, extended already, or nothing after it
        k = bounds.index(term.end)
        nouns = []
        for n, text in enumerate(texts[k:k + 2], k):
            if bounds[n] in taken or not _plain_noun(text) or text.endswith("ing") and n + 1 < len(texts):
                break  # "self-preference inflating scores": an -ing word before another is a verb
            nouns.append(text)
        while nouns and (looks_adjective(nouns[-1]) or _generic_head(nouns[-1]) or nouns[-1] in _VAGUE_HEADS):
            nouns.pop()  # "diffusion-policy baseline", "flow-matching model": the known concept is the concept
        if nouns:
            end = bounds[k + len(nouns)]
            terms[i] = Term(term.start, end, toks.span_text(term.start, end), "chunk")
            taken.update(range(term.end, end))


def _written_as_modifier(toks: Tokens, term: Term) -> bool:
    """The term's lower-case words are joined by hyphens in the text ("flow-matching") while its name has spaces."""
    text = toks.span_text(term.start, term.end)
    return " " not in text and "-" in text and " " in term.label and text[1:].islower()


def _generic_head(word: str) -> bool:
    """A generic word that names no kind of concept ("baseline", "variant", "data"), or "model"."""
    head = singular(word.lower())
    return head == "model" or head in generic_terms() and head not in head_types()


def _plain_noun(text: str) -> bool:
    """A lower-case word that may be the noun after a modifier: not a boundary word, a participle or a verb."""
    return (text.replace("-", "").isalpha() and text.islower() and not _is_boundary_text(text)
            and not is_participle(text) and not _facts(text).verb_like)


def _architecture(term: Term) -> bool:
    """A known architecture: a transformer or a kind of network ("graph neural networks")."""
    return term.type is NodeType.MODEL and singular(term.label.split()[-1].lower()) in ("transformer", "network")


def _architecture_kind(term: Term, left: list[Word]) -> bool:
    """"autoregressive transformer", "equivariant graph neural networks": modifiers before a known architecture
    name the kind a paper uses (not a participle or a superlative: "serving transformers", "simplest Transformer")."""
    return _architecture(term) and not any(w.text.endswith(("ing", "ed", "est")) for w in left)


def _verbal_ing(word: Word) -> bool:
    """An -ing word the lexicon does not know as a concept ("serving", not "reasoning")."""
    return word.text.isalpha() and word.facts.lower.endswith("ing") and not _known_activity(word)


def _title_case_name(toks: Tokens, left: list[Word], term: Term) -> bool:
    """Title-case words run into a known common term written title-case too: one name."""
    words = [w.text for w in left] + [w for w in toks.words[term.start:term.end] if w != "-"]
    return 0 < len(left) <= 3 and all(is_title_word(w) for w in words)


def _titled_acronym(doc: Doc, left: list[Word], term: Term) -> bool:
    """One title-case word, not opening its sentence, right before a known method's, model's or task's short form."""
    word = left[-1] if left else None
    return (word is not None and word.facts.title and not word.facts.modifier and not word.facts.generic
            and word.end == term.start and sentence_start_of(doc, word.start) != word.start
            and term.type in (NodeType.METHOD, NodeType.MODEL, NodeType.PROBLEM)  # also "Visual QA"
            and is_acronym(tokens(doc).span_text(term.start, term.end)))


def _names_before(terms: list[Term], start: int, end: int) -> bool:
    """Tokens ``start:end`` hold a known benchmark or model."""
    return any(t.start < end and start < t.end and t.type in (NodeType.BENCHMARK, NodeType.MODEL) for t in terms)


def _hyphenated_modifier(left: list[Word]) -> bool:
    """One hyphenated modifier ("execution-based"), not a known activity ("fine-tuning LLMs" is a verb phrase)."""
    return len(left) == 1 and "-" in left[0].text and not _known_activity(left[0])


def _adjective_narrows(term: Term, left: list[Word]) -> bool:
    """"spatial forgetting", "sequential fine-tuning", "memory cross-attention": a known problem, method or model
    after one adjective or concept noun (not after a verb or a gerund: "our results frame length generalization
    as …", "scaling pretraining")."""
    if term.type not in _NARROWED_BY_ADJECTIVES or len(left) != 1:
        return False
    word = left[0]
    if looks_adjective(word.text) or word.text.islower() and word.text.endswith(_MORE_ADJECTIVE_ENDINGS):
        return True
    return (word.text.islower() and word.facts.head in head_types()
            and not word.facts.verb_like and not word.text.endswith("ing"))


# Before a known term, these endings make an adjective too ("residual", "probabilistic", "linear").
_MORE_ADJECTIVE_ENDINGS = ("ual", "ic", "ar")
_NARROWED_BY_ADJECTIVES = (NodeType.PROBLEM, NodeType.METHOD, NodeType.MODEL)  # not "average accuracy"


def _narrower_metric(term: Term, left: list[Word]) -> bool:
    """"worst-class accuracy", "simulation accuracy": a known metric after one hyphenated or noun modifier (not
    "affect accuracy", "sacrificing accuracy")."""
    modifier = left[0].facts
    return (term.type is NodeType.METRIC and len(left) == 1
            and ("-" in left[0].text or modifier.head in head_types()
                 or left[0].text.isalpha() and left[0].text.islower() and _noun_modifier(modifier)))


def _noun_modifier(word: _Facts) -> bool:
    """A lower-case word that reads as a noun before another ("endpoint", "answer", "retrieval"): no adjective,
    participle, -ing or -ly word, no verb."""
    low = word.lower
    return (low.endswith(("tion", "sion", "ment")) or not (looks_adjective(low) or word.participle or word.verb_like
            or low.endswith(("ing", "ly", "ic", "ar", "est", "al", "ite")) or low in _PLAIN_ADJECTIVES
            or low in boundary_words()))


_PLAIN_ADJECTIVES = {"constant", "double", "aggregate", "forgotten", "given", "chosen", "hidden", "overall", "average",
                     "mean", "net", "raw", "gross", "entire", "whole", "same", "other", "own", "higher", "lower",
                     "better", "worse", "greater", "larger", "smaller", "faster", "slower", "stronger", "weaker"}


def _repeated(doc: Doc, phrase: str) -> bool:
    """The abstract has *phrase* (as whole words, any case) at least twice."""
    return whole_word_count(tokens(doc).lower_text, phrase.lower(), 2) >= 2


def _inline_definition(toks: Tokens, first: str, start: int, rest_start: int, end: int) -> Term | None:
    """"TRADE TRansducer-Augmented DEcoder": an acronym (*first*, at *start*) directly followed by its expansion
    (tokens ``rest_start:end``)."""
    if not is_acronym(first):
        return None
    rest = toks.span_text(rest_start, end)
    if schwartz_hearst(first, rest) != 0:
        return None
    return Term(start, end, first, "chunk", aliases=[rest])


def _split_at_verbs(words: list[Word]) -> list[list[Word]]:
    """Cut a run at an inner lower-case -s word: "output estimates future rewards" → "output", "future rewards"."""
    if not any(w.facts.verb_like for w in words[1:-1]):
        return [words]
    return _runs(words, lambda word, run: bool(run) and word is not words[-1] and word.facts.verb_like)

