"""Normalized forms of concept names, shared by extraction, resolution and evaluation.

Two surface forms name the same concept when their normalized forms are equal:
case, hyphens and spaces, plural of the last word and British spellings are folded.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from functools import lru_cache

__all__ = ["normalize_label", "singular", "is_acronym", "slug"]

_BRITISH = [(re.compile(p), r) for p, r in [
    (r"isation\b", "ization"), (r"modelling\b", "modeling"), (r"labelled\b", "labeled"),
    (r"labelling\b", "labeling"), (r"behaviour", "behavior"), (r"generalis", "generaliz"), (r"optimis", "optimiz"),
]]
_ISE = re.compile(r"\b(\w+)is(e|ed|ing)\b")  # "normalise", "tokenised", "regularising"
# Words in -ise that are spelt so in American English too: "noise", "pairwise", "supervised", "promising".
_ISE_ENDINGS = ("wise", "noise", "vise", "guise", "aise", "oise", "uise")
_ISE_WORDS = {"rise", "arise", "precise", "concise", "imprecise", "exercise", "excise", "surprise", "enterprise",
              "comprise", "apprise", "reprise", "promise", "compromise", "premise", "demise", "expertise",
              "advertise", "merchandise", "franchise", "paradise", "treatise", "despise", "chemise", "anise"}
_NOT_PLURAL = ("ss", "us", "is", "sis", "ics", "ness", "ous", "ies'")
_INVARIANT = {"series", "species", "bias", "gas", "lens", "news", "analysis", "corpus", "status",
              "loss", "mixup", "less", "cross", "axis", "basis", "thesis", "hypothesis", "physics",
              "mathematics", "statistics", "dynamics", "semantics", "robotics", "ethics",
              "linguistics", "economics", "genomics", "data", "criteria"}


@lru_cache(maxsize=1 << 16)  # pure; the extractor asks for the same words again and again
def singular(word: str) -> str:
    """Singular of an English noun, by suffix rules good enough for technical terms."""
    low = word.lower()
    if len(word) >= 3 and word[-1] == "s" and word[-2].isupper():
        return word[:-1]  # an acronym's plural: GPUs, LLMs, DLMs
    if word.isupper():
        return word  # an acronym is its own singular: TRADES is not TRADE
    if len(word) <= 3 or low in _INVARIANT or not low.endswith("s") or low.endswith(_NOT_PLURAL):
        return word
    if low.endswith("es") and low[:-2] in _INVARIANT:
        return word[:-2]
    if low.endswith("ies") and len(word) > 4:
        return word[:-3] + ("Y" if word[-3].isupper() else "y")
    if low.endswith(("caches", "niches")):
        return word[:-1]  # not "cach"
    if low.endswith(("sses", "shes", "ches", "xes")):
        return word[:-2]
    return word[:-1]


_NOT_IN_ACRONYMS = frozenset(" ()[]{}")


def is_acronym(text: str) -> bool:
    """True for short forms such as LLM, LLMs, MoE, RLHF, CoT, mAP (2–10 chars, mostly capitals)."""
    core = text[:-1] if text.endswith("s") and len(text) > 2 else text
    if not 2 <= len(core) <= 10 or not core[0].isalnum() or not _NOT_IN_ACRONYMS.isdisjoint(core):  # not "O(L"
        return False
    upper = sum(c.isupper() for c in core)
    return upper >= 2 or (upper == 1 and len(core) <= 3 and core[0].isupper() and not core[1:].islower())


_ONE_SYMBOL_MATHS = re.compile(r"\$([A-Za-z0-9])\$")
# A letter's one-digit index, as plain text or LaTeX writes it: "F_1", "R^2", "L_{1}", "F$_1$" (like "F₁", "R²").
_DIGIT_INDEX = re.compile(r"(?<=\b[A-Za-z])\$?[_^]\{?([0-9])\}?\$?(?!\w)")


# A short form written inside a name: "key-value (KV) cache", "graph neural network (GNN)-based".
_INNER_SHORT_FORM = re.compile(r"\s+\(([A-Za-z][\w.-]{0,11})\)(?=[\s-]+\w)")


def _without_inner_short_forms(text: str) -> str:
    return _INNER_SHORT_FORM.sub(lambda m: "" if is_acronym(m.group(1)) else m.group(0), text)


@lru_cache(maxsize=1 << 16)  # pure, and regex-heavy
def normalize_label(text: str) -> str:
    """The comparison key of a concept name: 'Diffusion Language Models' → 'diffusion language model',
    'key-value (KV) cache' → 'key value cache'."""
    text = unicodedata.normalize("NFKC", text).replace("\u2019", "'")
    if "(" in text:
        text = _without_inner_short_forms(text)
    text = _ONE_SYMBOL_MATHS.sub(r"\1", text)  # "Best-of-$N$" is "Best-of-N"
    text = _DIGIT_INDEX.sub(r"\1", text)
    text = re.sub(r"[\u2010-\u2015_/]", "-", text)
    words = re.sub(r"\s*-+\s*|\s+", " ", text).strip(" .,;:'\"()[]{}").split(" ")
    if words and words[-1]:
        words[-1] = singular(words[-1])
    key = " ".join(words).lower()
    for pattern, repl in _BRITISH:
        key = pattern.sub(repl, key)
    return _ISE.sub(_ize, key) if "is" in key else key


def _ize(match: re.Match) -> str:
    """The American spelling of a British -ise word ("tokenised" → "tokenized"); other -ise words unchanged."""
    stem = match.group(1) + "ise"
    if stem in _ISE_WORDS or stem.endswith(_ISE_ENDINGS):
        return match.group(0)
    return match.group(1) + "iz" + match.group(2)


def slug(key: str) -> str:
    """An IRI-safe local name for a normalized key (non-ASCII folded, a hash suffix if lossy)."""
    ascii_key = unicodedata.normalize("NFKD", key).encode("ascii", "ignore").decode()
    name = re.sub(r"[^a-z0-9]+", "-", ascii_key.lower()).strip("-") or "x"
    if name.replace("-", " ") != key:
        name += "-" + hashlib.sha1(key.encode("utf-8")).hexdigest()[:6]
    return name
