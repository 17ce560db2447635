"""The extraction pipeline: spaCy components on ``spacy.blank("en")``.

Importing this package registers the ``kg_*`` factories. Components run in
order of precedence: a term claimed by an earlier component (an acronym
definition, a lexicon entry) is never re-cut by a later one.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import compress, count

import numpy as np
import spacy
from spacy.attrs import SENT_START
from spacy.language import Language
from spacy.pipeline import Sentencizer
from spacy.tokens import Doc
from spacy.util import compile_infix_regex, compile_prefix_regex, compile_suffix_regex

from . import abbreviations, candidates, learned, lexicon, results, roles, typing_cues  # noqa: F401  (registers factories)
from .rules import LATEX_OPENING, MATH_WORD, MATH_WORD_TAIL
from .terms import Term, lexical, register_extensions, tokens

__all__ = ["build_pipeline", "default_pipeline", "Term", "COMPONENTS"]

_EMOTICON_MARKS = frozenset("():;=[]<>^_*|")
_SENTENCE_FINAL = frozenset(Sentencizer.default_punct_chars)  # . ! ? and their kin in other scripts


@Language.component("kg_sentences", assigns=["token.is_sent_start"])
def kg_sentences(doc: Doc) -> Doc:
    """spaCy's ``sentencizer`` rule, read from the token table: a sentence starts at the first
    non-punctuation token after a sentence-final mark. Sets every boundary (the Doc is fresh from the tokenizer)
    and keeps the sentence starts for the other components."""
    words = tokens(doc).words
    if not words:
        return doc
    starts = [0]
    for final in compress(count(), map(_SENTENCE_FINAL.__contains__, words)):
        start = final + 1
        while start < len(words) and lexical(doc.vocab, words[start]).is_punct:  # closing quotes, brackets, "?!"
            start += 1
        if starts[-1] < start < len(words):
            starts.append(start)
    flags = np.full(len(words), -1, dtype=np.int64)  # -1: not a sentence start
    flags[starts] = 1
    doc.from_array([SENT_START], flags.view(np.uint64))
    doc.user_data["kg_sent_starts"] = starts
    return doc


COMPONENTS = ("kg_abbreviations", "kg_lexicon", "kg_candidates", "kg_typing", "kg_roles", "kg_learned", "kg_results")


def build_pipeline(*, lexicon_dir: str | None = None, learned: bool = True) -> Language:
    """A fresh pipeline: kg_sentences, then the kg_ components in order; without kg_learned if not *learned*
    (the rules alone, about 25 times faster)."""
    register_extensions()
    nlp = spacy.blank("en")
    # LaTeX-style quotes (``answer leakage'') and markup (\textbf{FastKV}, \textcolor{red}{Ferrule}) are split off
    # like ordinary quotes, and so are enumeration marks glued to a word ("1)Tightly", "(ii)joint").
    # A "$" that opens maths glued to a word stays ("$\\mathbb{S}$-FLM"): such a word is one token (token_match).
    prefixes = [rf"\$(?!{MATH_WORD_TAIL[2:]})" if p == r"\$" else p for p in nlp.Defaults.prefixes]
    nlp.tokenizer.prefix_search = compile_prefix_regex(
        ["``", "''", LATEX_OPENING, r"\(?(?:[0-9]{1,2}|[ivx]{1,4})\)(?=\w)", *prefixes]).search
    nlp.tokenizer.token_match = MATH_WORD.match
    # and so is a full stop after a size, a version or a capitalised name ("Qwen3-8B.", "SV4D.", "MMLU.", "Q&A.";
    # not "U.S."). A closing "$" of LaTeX maths ("$\textbf{UI-Simulator}$") and a dangling hyphen ("workloads-
    # Haystack") go too.
    nlp.tokenizer.suffix_search = compile_suffix_regex(
        ["''", r"(?<=\d[A-Za-z])\.", r"(?<=[a-z][A-Z])\.", r"(?<=[A-Z]{2})\.", r"(?<=[A-Z][&/][A-Z])\.", r"\$",
         r"(?<=[a-z]{2})-", *nlp.Defaults.suffixes]).search
    # A LaTeX non-breaking space is a space: "Disagreement~(RED)", "BTCV:~84.64\%", "w.r.t.~the"; so is a closing
    # quote before a bracket ("Plan''(LEAP)") and nothing between a short form and its bracket ("ADRD(LLM-Driven …)")
    # or a word and its short form ("framework(SF-HLDM)");
    # a plus before a capital joins two things ("GSPO+DAPO", "Megatron+SGLang"); a comma before a quote ends what it
    # follows ('e.g.,"Wait"').
    nlp.tokenizer.infix_finditer = compile_infix_regex(
        [*nlp.Defaults.infixes, r"(?<=\S)~(?=\S)", r"(?<=\w):(?=~)", r"(~|'')(?=\()", r"(?:(?<=~)|(?<=''))\(",
         r"(?:(?<=[A-Z]{2})|(?<=[a-z]{3}))\((?=[A-Z])", r"(?<=[A-Za-z0-9]{2})\+(?=[A-Z])",
         r"(?<=[.\w]),(?=[\"“‘'])", r"(?<=,)[\"“‘'](?=\w)"]).finditer
    # Emoticon exceptions ("):", ":P", "8)") glue brackets and colons of scientific text: "Misalignment (EM):".
    nlp.tokenizer.rules = {text: rule for text, rule in nlp.tokenizer.rules.items() if _EMOTICON_MARKS.isdisjoint(text)}
    nlp.add_pipe("kg_sentences")
    for name in COMPONENTS if learned else [c for c in COMPONENTS if c != "kg_learned"]:
        config = {"directory": lexicon_dir} if name == "kg_lexicon" else {}
        nlp.add_pipe(name, config=config)
    return nlp


@lru_cache(maxsize=2)
def default_pipeline(learned: bool = True) -> Language:
    """The shared default pipeline, or the rules alone if not *learned* (each built once per process)."""
    return build_pipeline(learned=learned)
