"""kg_typing: give every untyped Term a type, from its shape, context and head noun.

Order of evidence: the lexicon; a model-size suffix (8B, 1.3B) or an
architecture-like ending (SASRec, CycleGAN) → Model;
"on X" / "X benchmark" → Benchmark; a versioned name (GPT-4, Qwen3) →
Model; "suffer from X" / "mitigate X" → Problem; an adjective of a fault
("unstable training") → Problem; the head noun's table
entry; an abstract-noun suffix (-ity → Problem, -tion → Method); otherwise
a name, a phrase of several words or a term from an earlier component is a
Method, and a lone lower-case candidate word is dropped.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from functools import lru_cache

from spacy.language import Language
from spacy.tokens import Doc

from ..normalize import normalize_label, singular
from ..records import NodeType
from .candidates import METRIC_SYMBOL
from .rules import (ACTION_SUFFIXES, ADJECTIVE_SUFFIXES, FAULT_ADJECTIVES, STATE_SUFFIXES, head_types, lexicon_index,
                    list_kind, spelled_as_known)
from .terms import Term, register_extensions, sentence_starts, tokens

__all__ = ["TypeAssigner", "type_of", "type_from_shape", "type_from_head", "type_from_suffix"]

# A model size: "8B", "125M", "8x7B" (not the "20K" of ADE20K; a count in thousands names data: "HP-Image-40K").
_SIZE = re.compile(r"(?<![A-Za-z])\d+(\.\d+)?[BM]\b|\b\d+(\.\d+)?x\d+B\b")
_SIZE_LETTER = re.compile(r"^(?P<family>[A-Z][A-Za-z0-9]*)-(S|B|L|H|G|XL|XXL)(/\d+)?$")
# A coined name ending like an architecture's: "SASRec", "BERT4Rec", "UNetFormer", "StyleGAN-T".
_ARCHITECTURE_NAME = re.compile(r"^[A-Za-z0-9]{2,}(Net|Former|former|BERT|GPT|CLIP|Rec|GAN|VAE)(-[A-Za-z0-9]+)?$")
# A coined name ending like a benchmark's or an environment's: "E2EDevBench", "MT-Bench-Pro", "SWE-Gym", "WebArena".
_BENCHMARK_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9-]*(Bench|Gym|Arena)(-[A-Za-z0-9.]+)?$")
_VERSIONED = re.compile(r"^[A-Za-z][A-Za-z.]*-?\d+(\.\d+)*[a-z]?(-[A-Za-z0-9.]+)*$")
_BENCH_BEFORE = re.compile(r"\b(on|across|of|using)\s+(the\s+)?(challenging\s+|popular\s+|standard\s+)?$", re.I)
_BENCH_AFTER = re.compile(r"^\s*(benchmarks?|datasets?|suites?|leaderboards?|corpus|corpora|test\s+sets?)\b", re.I)
# What a dataset holds: "a dataset of 11,488 idea pairs", "a corpus of 3,150 hours of conversational speech".
_DATA_OF = re.compile(r"\b(datasets?|corpus|corpora)\s+of\s+((over|about|approximately|nearly|some)\s+)?"
                      r"([\d,.]+[KMB]?\s+)?((hours|minutes|days|years|pages|tokens|words)\s+of\s+)?$", re.I)
# A name right after the kind of data it names: "we construct a new dataset, HP-Image-40K, with …", "a novel
# multimodal maritime dataset MULTIAQUA", "a benchmark called ZorbBench".
_DATA_NAMED = re.compile(r"\b(an?|new|our)\s+([\w-]+\s+){0,3}(dataset|benchmark|corpus|suite|testbed|leaderboard)"
                         r"(,|\s+(called|named|dubbed|termed))?\s*$", re.I)
_PROBLEM_BEFORE = re.compile(
    r"\b(suffers?\s+from|mitigat\w*|address\w*|tackl\w*|alleviat\w*|combat\w*|reduc\w*|prevent\w*|"
    r"overcom\w*|resolv\w*|avoid\w*|caus\w*|induc\w*|exhibit\w*|lead\w*\s+to|prone\s+to)"
    r"\s+(the\s+|this\s+|a\s+)?$", re.I)
# A value measured in the term: "a CMOS of +0.21", "rare-category AP (AP_r) from 29.4", "5.1x wall-clock speedup".
_VALUE_AFTER = re.compile(r"^\s*(\([^()]{1,15}\)\s*)?(of|from)\s+[+\-−]?\d")
_VALUE_BEFORE = re.compile(r"(?<![\w.])[+\-−]?\d+(\.\d+)?\s*(%|x|×)\s*$")
_CAMEL = re.compile(r"[a-z][A-Z]|[A-Z][a-z]+[A-Z]")
_NUMBER_FORMAT = re.compile(r"^(FP|BF|INT|UINT|TF|MX)\d{1,2}$")
_NUMBERED = re.compile(r"^([A-Za-z][A-Za-z-]*[A-Za-z])v?\d+$")
_TOP_K = re.compile(r"^top-?\d+\b", re.I)
_NAMED_METHOD_HEADS = {"loss", "estimator"}
# Words that may follow the head of an appositive: "a benchmark that …", "a simulator for …".
_CLAUSE_WORDS = ("that|which|who|for|with|of|to|in|on|at|by|from|and|or|as|where|whose|via|designed|built|based|"
                 "trained|tailored|is|are|was|were|the|a|an|than")
_APPOSITIVE_KIND = re.compile(
    r"^\}?\$?\s*(\([^)]*\))?\s*,\s+(a|an|our|the)\s+(\w[\w.,-]*\s+){0,3}?(?P<kind>benchmark|dataset|suite|corpus|"
    r"testbed|leaderboard|environment|simulator|method|framework|approach|algorithm|technique|system|pipeline|"
    r"toolkit|library|strategy|model|family|paradigm|objective|loss|regularizer|module|mechanism|architecture|recipe|"
    r"metric|measure)s?\b(?!\s+(?!(" + _CLAUSE_WORDS + r")\b)[a-z])",  # the head ("a simulator for"), not a
    re.I)  # modifier ("an environment manager")
# Data are described at more length: "SYNBUILD-3D, a large, diverse, and multi-modal dataset of …", "Kasa, a
# 4,100-hour multilingual speech corpus", "CT-Atlas, a de-identified collection of …", "A and B, two new
# benchmarks".
_APPOSITIVE_DATA = re.compile(r"^\}?\$?\s*(\([^)]*\))?\s*,\s+(a|an|our|the|two|three|four)\s+"
                              r"((?!(of|for|to|on|in|with|that|which)\b)\w[\w.,-]*\s+){0,6}?"
                              r"(?P<kind>benchmark|dataset|corpus|collection)s?\b", re.I)
_KIND_TYPE = {"benchmark": NodeType.BENCHMARK, "dataset": NodeType.BENCHMARK, "suite": NodeType.BENCHMARK,
              "collection": NodeType.BENCHMARK,
              "corpus": NodeType.BENCHMARK, "testbed": NodeType.BENCHMARK, "leaderboard": NodeType.BENCHMARK,
              "environment": NodeType.BENCHMARK, "simulator": NodeType.BENCHMARK,
              "model": NodeType.MODEL, "family": NodeType.MODEL, "metric": NodeType.METRIC, "measure": NodeType.METRIC}
_MEASURED_LOSSES = {"train", "training", "test", "validation", "held-out", "eval", "evaluation", "average", "final",
                    "reconstruction", "pretraining"}
_MODEL_WORDS = {"llm", "mllm", "vlm", "vla", "lm", "llms", "gpt", "bert", "vit", "clip"}


# The label-only rules are cached: the same names recur across terms and papers.
@lru_cache(maxsize=1 << 16)
def type_from_shape(label: str) -> NodeType | None:
    """Model for sized or versioned names (Qwen3-8B, GPT-4o, Llama-3, ViT-L/14), Benchmark for names ending like one
    (E2EDevBench), else None."""
    if _BENCHMARK_NAME.match(label):
        return NodeType.BENCHMARK
    if _SIZE.search(label) or _sized_known_model(label) or _ARCHITECTURE_NAME.match(label):
        return NodeType.MODEL
    if _TOP_K.match(label) or METRIC_SYMBOL.match(label):
        return NodeType.METRIC
    if _NUMBER_FORMAT.match(label):
        return NodeType.METHOD  # FP8, BF16, INT4: numeric formats are techniques, not models
    return None


def _sized_known_model(label: str) -> bool:
    """A known model family with a size letter: "ViT-L/14", "DiT-XL/2" (not the method "GAP-H")."""
    match = _SIZE_LETTER.match(label)
    hit = match and lexicon_index().get(normalize_label(match.group("family")))
    return bool(hit) and hit[1] is NodeType.MODEL


# Heads that stay a problem also title-cased: medical conditions ("Congenital Heart Disease"), tasks of perception
# and search ("Traffic Accident Detection", "Vision-Language Navigation") and faults ("Affordance Collapse",
# "Reasoning-Induced Misalignment", "Process Hallucination").
_TITLE_PROBLEMS = {"disease", "disorder", "impairment", "syndrome", "cancer", "detection", "segmentation",
                   "understanding", "navigation", "retrieval", "recognition", "answering", "captioning", "tracking",
                   "localization", "collapse", "failure", "bottleneck", "misalignment", "hallucination", "error",
                   "discrepancy", "hacking", "mismatch", "drift", "forgetting", "overfitting", "leakage", "degradation",
                   "instability", "vulnerability"}


@lru_cache(maxsize=1 << 16)
def type_from_head(label: str) -> NodeType | None:
    """The type implied by the last word of *label*, if the head table knows it."""
    words = label.replace("-", " ").split()
    if not words:
        return None
    head = singular(words[-1]).lower()
    if head in _NAMED_METHOD_HEADS and words[-1][:1].isupper():
        return NodeType.METHOD  # "Contrastive Student-Forcing Loss" names a method, "training loss" a metric
    if len(words) > 1 and all(w[:1].isupper() for w in words) and head_types().get(head) is NodeType.PROBLEM \
            and head not in _TITLE_PROBLEMS:
        return NodeType.METHOD  # a title-cased name ("Adaptive Moment Estimation") names a method, not a task
    if words[-1] == "Problem" and len(words) > 1:
        return NodeType.PROBLEM  # "Flexible Job-Shop Scheduling Problem"; a lower-case "X problem" is left to the rules
    if head in _MODEL_WORDS or head.endswith(("llm", "lm")) and singular(words[-1]).isupper():
        return NodeType.MODEL
    if words[-1].lower() == "agent" and len(words) > 1:
        return NodeType.METHOD  # "a ReAct agent", "the coding agent" is a system; "LLM agents" are models
    if words[-1].lower() == "error" and len(words) > 1:
        return NodeType.METRIC  # "absolute error" is measured; "label errors" are a problem
    if head == "loss" and len(words) > 1 and words[-2].lower() not in _MEASURED_LOSSES:
        return NodeType.METHOD  # "auxiliary loss", "ranking loss" are trained with; "training loss" is measured
    return head_types().get(head)


def type_from_fault(label: str) -> NodeType | None:
    """Problem for a phrase of several words that starts with an adjective of a fault."""
    first, _, rest = label.partition(" ")
    return NodeType.PROBLEM if rest and first.lower() in FAULT_ADJECTIVES else None


def type_from_suffix(label: str) -> NodeType | None:
    """For an unknown head: a state or property noun is a Problem ("instability"), an action noun a Method."""
    head = label.rsplit(" ", 1)[-1].rsplit("-", 1)[-1].lower()
    if head.endswith(STATE_SUFFIXES):
        return NodeType.PROBLEM
    if head.endswith(ACTION_SUFFIXES):
        return NodeType.METHOD
    return None


def _appositive_type(doc: Doc, term: Term) -> NodeType | None:
    """The kind an appositive gives a name: "LLaDiff, an 8B diffusion language model" → Model."""
    table = tokens(doc)
    end_char = table.end_char(term.end - 1)
    after = table.text[end_char:end_char + 80]
    appositive = _APPOSITIVE_KIND.match(after) or _APPOSITIVE_DATA.match(after)
    return _KIND_TYPE.get(appositive.group("kind").lower(), NodeType.METHOD) if appositive else None


def _context_type(doc: Doc, term: Term) -> NodeType | None:
    table = tokens(doc)
    start_char = table.idx[term.start]
    end_char = table.end_char(term.end - 1)
    starts = sentence_starts(doc)
    sent_char = table.idx[starts[bisect_right(starts, term.start) - 1]]
    before = table.text[max(sent_char, start_char - 40):start_char]
    if _BENCH_AFTER.match(table.text[end_char:end_char + 25]):
        return NodeType.BENCHMARK
    appositive = _appositive_type(doc, term)
    if appositive:
        return appositive
    head_type = type_from_head(term.label)  # (cached) tested before the regexes over the preceding text
    if head_type in (None, NodeType.METRIC) and not _CAMEL.search(term.label) and not _VERSIONED.match(term.label) \
            and (_VALUE_AFTER.match(table.text[end_char:end_char + 25]) or _VALUE_BEFORE.search(before)):
        return NodeType.METRIC  # not a coined name ("FooNet from 1B to 8B")
    if head_type in (None, NodeType.PROBLEM) and _PROBLEM_BEFORE.search(before):
        return NodeType.PROBLEM
    if head_type is None and (_DATA_OF.search(before) or term.label[:1].isupper() and _DATA_NAMED.search(
            table.text[max(sent_char, start_char - 70):start_char])):  # "a novel multimodal maritime dataset called"
        return NodeType.BENCHMARK
    if head_type is None and term.label[:1].isupper() and _BENCH_BEFORE.search(before):
        return NodeType.BENCHMARK if not _VERSIONED.match(term.label) else NodeType.MODEL
    return None


@lru_cache(maxsize=1 << 16)
def type_from_lexicon(label: str) -> NodeType | None:
    """The lexicon type of *label*, or of the longest lexicon name it extends ("ImageNet-1k" → ImageNet), or of the
    benchmark or model it numbers ("AIME2025" → AIME)."""
    index = lexicon_index()
    if _BENCHMARK_NAME.match(label) and normalize_label(label) not in index:
        return None  # "FlashInfer-Bench": a benchmark built on a known name is no instance of it
    parts = label.split("-")
    based = any(part.split(" ", 1)[0].lower() in ADJECTIVE_SUFFIXES for part in parts[1:])
    for n in range(len(parts), 0, -1):
        prefix = "-".join(parts[:n])
        hit = index.get(normalize_label(prefix)) if spelled_as_known(prefix) else None
        if hit and based and hit[1] in (NodeType.BENCHMARK, NodeType.MODEL):
            return None  # "LLM-based planning", "Llama-3-guided search": what is built on a model is not a model
        # a whole name, or a long enough name it extends ("ImageNet-1k"); not a method's acronym ("MAE" in
        # "MAE-LM"), but a benchmark's or a model's ("ADE20K-847", "MMLU-Pro")
        if hit and (n == len(parts) or (len(prefix) >= 5 and not prefix.isupper()
                                        and " " not in "-".join(parts[n:]))  # not "Captioning-Integrated Visual X"
                    or hit[1] in (NodeType.BENCHMARK, NodeType.MODEL)):
            return hit[1]
    numbered = _NUMBERED.match(label)  # "MATH500", "AIME2025", "BFCLv4": a benchmark's or a model's number
    hit = numbered and spelled_as_known(numbered.group(1)) and index.get(normalize_label(numbered.group(1)))
    return hit[1] if hit and hit[1] in (NodeType.BENCHMARK, NodeType.MODEL) else None


def type_of(doc: Doc, term: Term) -> NodeType | None:
    """The type of *term* from the evidence listed in the module docstring, or None (the term is dropped)."""
    return _evidence_type(doc, term) or _default_type(term)


def _evidence_type(doc: Doc, term: Term) -> NodeType | None:
    return (type_from_lexicon(term.label) or type_from_shape(term.label) or _context_type(doc, term)
            or type_from_fault(term.label)
            or (NodeType.MODEL if _VERSIONED.match(term.label) and any(c.isdigit() for c in term.label) else None)
            or type_from_head(term.label) or type_from_suffix(term.label)
            or next(filter(None, map(type_from_head, term.aliases)), None))  # "ZORBAQUA (Zorb Aquatic Dataset)"


def _default_type(term: Term) -> NodeType | None:
    """Method for a name, a phrase or a term of an earlier component; None for a lone lower-case candidate word."""
    return NodeType.METHOD if term.source != "chunk" or not term.label.islower() or " " in term.label else None


def _numbered_only(term: Term) -> bool:
    """*term* is a model only because it ends in a number ("RMD17"), not a known or sized name."""
    return (term.type is NodeType.MODEL and _VERSIONED.match(term.label) is not None
            and type_from_lexicon(term.label) is None and type_from_shape(term.label) is None)


def _types_by_list(doc: Doc, terms: list[Term], guessed: list[Term]) -> None:
    """"on SMAC, MaMuJoCo and Google Research Football", "TabR and XGBoost": a name with no evidence of its own
    that stands in a list next to a benchmark or a model is one too."""
    words = tokens(doc).words
    ordered = sorted(terms, key=lambda t: t.start)
    position = {id(t): k for k, t in enumerate(ordered)}
    for term in guessed:
        k = position[id(term)]
        for other in ordered[max(0, k - 1):k] + ordered[k + 1:k + 2]:
            first, last = (other, term) if other.start < term.start else (term, other)
            between = words[first.end:last.start]
            if other.type in (NodeType.BENCHMARK, NodeType.MODEL) and between \
                    and all(w in (",", "and", "or") for w in between):
                term.type = other.type
                break


def _list_heading(words: list[str], ordered: list[Term], k: int) -> NodeType | None:
    """The type a plural kind word gives the list that term *k* of *ordered* stands in, or None."""
    start = ordered[k].start
    while k > 0 and ordered[k - 1].end < start and all(w in (",", "and", "or")
                                                       for w in words[ordered[k - 1].end:start]):
        k -= 1  # back to the first name of the list
        start = ordered[k].start
    return list_kind(words, start - 1)


@Language.factory("kg_typing", default_config={})
def make_type_assigner(nlp: Language, name: str) -> "TypeAssigner":
    return TypeAssigner()


class TypeAssigner:
    """Types untyped Terms; drops those no rule can type. Names listed after a plural kind word are of that kind
    ("benchmarks NPLIB1 and MassSpecGym"). A definition's short-form uses share its type, and so do all uses of a
    name an appositive gives a kind; a name with no evidence of its own listed next to a benchmark or a model is
    one."""

    def __init__(self) -> None:
        register_extensions()

    def __call__(self, doc: Doc) -> Doc:
        terms = doc._.kg_terms or []
        guessed = []
        words, ordered = tokens(doc).words, sorted(terms, key=lambda t: t.start)
        for k, term in enumerate(ordered):
            if term.type is None and term.source != "short" and not term.label.islower() \
                    and type_from_lexicon(term.label) is None:
                term.type = _list_heading(words, ordered, k)  # "benchmarks NPLIB1 and MassSpecGym"
        for term in terms:
            if term.type is None and term.source != "short":
                term.type = _evidence_type(doc, term)
                if term.type is None and not term.label.islower() or _numbered_only(term):
                    guessed.append(term)  # "MD17, RMD17 and MD22": a number alone does not make a model
                term.type = term.type or _default_type(term)
        if guessed:
            _types_by_list(doc, terms, guessed)
        by_label = {}
        for term in terms:
            if term.type is not None:
                by_label.setdefault(term.label, term.type)
        for term in terms:
            if term.source == "short" and term.type is None:
                term.type = by_label.get(term.label) or type_of(doc, term)
        defined = {t.label: kind for t in terms
                   if t.source == "chunk" and not t.label.islower() and (kind := _appositive_type(doc, t))}
        for term in terms:  # "LLaDiff, a diffusion language model": every LLaDiff is that kind
            term.type = defined.get(term.label, term.type)
        doc._.kg_terms = [t for t in terms if t.type is not None]
        return doc
