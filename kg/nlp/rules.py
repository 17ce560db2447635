"""Rule data of the extractor (word lists and the head-noun table), loaded once from kg/lexicon/."""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

from spacy.lang.en.stop_words import STOP_WORDS

from ..normalize import is_acronym, normalize_label, singular
from ..records import NodeType

__all__ = ["LEXICON_DIR", "LEXICON_FILES", "PARAMETER_COUNT", "ADJECTIVE_SUFFIXES", "STATE_SUFFIXES",
           "ACTION_SUFFIXES", "STUDY_WORDS", "head_types", "generic_terms", "leading_modifiers", "boundary_words",
           "is_adverb", "is_participle", "looks_adjective", "is_adjective_compound", "lexicon_entries", "lexicon_index", "spelled_as_known",
           "is_cited_year", "is_title_word", "PROPOSAL_VERBS", "NAMING_VERBS", "OUR_APPOSITION", "KIND_WORDS", "ADJECTIVE_PARTS",
           "DETERMINERS", "MARKUP_TOKEN", "UNIT", "WEB_ADDRESS", "MATH_NAME", "MATH_WORD", "MATH_WORD_TAIL"]

LEXICON_DIR = Path(__file__).resolve().parent.parent / "lexicon"
LEXICON_FILES = {"methods.jsonl": NodeType.METHOD, "problems.jsonl": NodeType.PROBLEM,
                 "models.jsonl": NodeType.MODEL, "benchmarks.jsonl": NodeType.BENCHMARK,
                 "metrics.jsonl": NodeType.METRIC}
# A parameter count: "8B", "1.5B", "405B", "8x7B", "350M", "7b".
PARAMETER_COUNT = r"(\d+x)?\d+(\.\d+)?([BMKT]|b)"
# The opening of LaTeX markup around a word: "\textbf{", "\textcolor{red}{".
LATEX_OPENING = r"\\[A-Za-z]+(\{[A-Za-z]*\})*\{"
# A web address, with or without its scheme: "https://…", "www.…", "example.github.io/Zorb", "arXiv:2401…".
WEB_ADDRESS = re.compile(r"://|www\.|\w\.(com|org|net|io|ai|edu|dev|html?)(/|$)|^arxiv:\d", re.I)
# A unit: something per second, atom, token, step, … ("meV/atom", "TFLOPs/s"), a prefixed SI unit ("kWh", "GHz",
# "GPa", "nM"), beats or turns per minute, decibels.
UNIT = re.compile(r"^([^\W\d_]+/(s|sec|h|hr|day|atom|Å|tokens?|steps?|samples?|quer(y|ies)|images?|GPU|node)"
                  r"|[kMGT](Wh|Hz|eV|Pa)|hPa|meV|keV|[nµμ]M|BPM|bpm|RPM|dBm?)\.?$")
# A token that is only LaTeX markup around a phrase: "$", "\\textit{", "}" ("$\\textit{Barman}$").
MARKUP_TOKEN = re.compile(r"^(\$|\}|" + LATEX_OPENING + ")$")
# A word with LaTeX maths glued to it is one token, as written: "LaST$_0$", "Best-of-$N$", "$\\tau^2$-bench";
# a name when the word glued to the maths has a capital ("$\\mathbb{S}$-FLM", "$\\pi$-Flow").
_MATH = r"\$[^$\s]{1,24}\$"
MATH_WORD_TAIL = rf"{_MATH}-?[A-Za-z][A-Za-z0-9]+(-[A-Za-z0-9]+)*"
MATH_WORD = re.compile(rf"([A-Za-z][A-Za-z0-9]*(-[A-Za-z0-9]+)*-?(?<=[A-Za-z0-9]{{2}}|.-){_MATH}(-?[A-Za-z0-9]+)*"
                       rf"|{MATH_WORD_TAIL})$")
MATH_NAME = re.compile(rf"([A-Za-z]*[A-Z][A-Za-z0-9]*{_MATH}|{_MATH}-?[A-Za-z]*[A-Z])")
# "GAN-based": the suffix makes an adjective; it is cut off and the stem kept.
ADJECTIVE_SUFFIXES = frozenset({"based", "driven", "like", "style", "inspired", "powered", "guided", "centric",
                                "induced", "pretrained", "trained", "tuned", "finetuned",
                                "generated", "inducing", "enhanced", "written"})
# A known concept followed by one of these names a narrower thing built on it: "DPO objective", "LLM agents",
# "flow-matching head".
BUILT_ON = {"objective": NodeType.METHOD, "objectives": NodeType.METHOD, "loss": NodeType.METRIC,
            "losses": NodeType.METRIC, "agent": NodeType.METHOD, "agents": NodeType.MODEL,
            "head": NodeType.METHOD, "heads": NodeType.METHOD,  # "flow-matching head"
            "network": NodeType.MODEL, "networks": NodeType.MODEL}  # "ReLU network"
# Abstract-noun endings: a state or property ("instability"), an action ("distillation").
STATE_SUFFIXES = ("ity", "ness", "ance", "ence", "ancy")
ACTION_SUFFIXES = ("tion", "ment", "ing", "ism")


_ADJECTIVE_ENDINGS = ("ous", "ive", "ful", "less", "able", "ible", "ical", "ial", "dal", "tal", "nal", "ral")


# Verbs by which authors introduce their own contribution ("we describe Ferrule"), and name it ("we call it X").
PROPOSAL_VERBS = ("propose|introduce|present|describe|develop|design|devise|create|craft|formulate|unveil"
                  "|construct|curate|assemble|outline|build|built|contribute")
NAMING_VERBS = "call|dub|name|codename|term"
# Text that ends with "our X, ": a name that follows is the authors' own X ("our 3B hybrid, Tessel-3B", "we
# introduce an agentic research system, Iteris, …").
OUR_APPOSITION = re.compile(rf"\b(our|the\s+resulting|a\s+(new|novel)|({PROPOSAL_VERBS})(s|d|ed)?\s+(a|an))\s+"
                            r"((proposed|resulting|final)\s+)?"
                            r"(?P<words>[\w-]+(\s+[\w-]+){0,3}),\s*$", re.I)


# Words that open a noun phrase: after one, a word that could be a noun or a verb is a verb ("answering a
# question", "(PRMs) score each step").
DETERMINERS = frozenset({"a", "an", "the", "its", "their", "each", "every", "all", "this", "these", "those", "any"})
# Words that open the object of a verb: "a layer carrying neither …", "a model using the …".
OBJECT_OPENERS = DETERMINERS | {"neither", "both", "no", "our"}
# Prepositions, before what a phrase works with or on ("offloads keys to CPU memory").
PREPOSITIONS = frozenset({"to", "on", "in", "into", "from", "than", "over", "via", "across", "after", "before", "since",
                          "during", "until", "within", "between", "among", "at", "through", "as", "of", "for", "by",
                          "against", "versus", "vs", "vs.", "under", "onto", "toward", "towards"})
# Words that name only the kind of a contribution: "a framework", "a simple method" name nothing.
KIND_WORDS = frozenset({"method", "framework", "approach", "strategy", "procedure", "algorithm", "technique",
                        "paradigm", "scheme"})


# What a paper provides or yields without introducing anything: "we provide a detailed analysis of …", "this yields a
# wall-clock speedup".
STUDY_WORDS = frozenset({"analysis", "study", "investigation", "evaluation", "overview", "account", "discussion",
                         "comparison", "examination", "explanation", "perspective", "view", "understanding", "survey",
                         "assessment", "exploration", "characterization", "description", "look", "picture",
                         "improvement", "gain", "speedup", "reduction", "increase", "decrease", "drop", "boost"})


# Adjectives of a fault: "unstable training", "premature termination", "fabricated findings" name problems,
# whatever the head.
FAULT_ADJECTIVES = frozenset({
    "unstable", "slow", "inefficient", "unbalanced", "imbalanced", "noisy", "poor", "costly", "brittle", "degenerate",
    "redundant", "excessive", "insufficient", "stale", "unreliable", "inconsistent", "inaccurate", "biased",
    "harmful", "unsafe", "toxic", "missing", "corrupted", "delayed", "premature", "fabricated", "omitted",
    "incorrect", "erroneous", "hallucinated", "abrupt", "deceptive", "mislabeled", "mislabelled", "spurious",
    "misleading", "unfaithful", "untruthful", "invalid", "broken", "degraded", "unintended", "undesired",
    "undesirable", "catastrophic", "unsupported", "vulnerable"})


# Last parts of hyphenated adjectives: "training-free", "task-aware", "token-level", "SDXL-class".
ADJECTIVE_PARTS = frozenset({
    "free", "based", "aware", "specific", "agnostic", "level", "like", "wise", "efficient", "centric", "driven",
    "style", "grained", "dependent", "independent", "invariant", "friendly", "intensive", "only", "scale",
    "conditioned", "guided", "augmented", "constrained", "class", "sized", "deployable", "derived", "adapted",
    "assisted", "encoded", "grounded", "native", "hard", "theoretic", "related", "empowered", "compatible",
    "enabled", "oriented", "aligned", "consistent", "aided", "informed", "critical", "heavy", "rich", "optimal",
    "preserving"})


# Words in -ly that are nouns, not adverbs.
_LY_NOUNS = {"family", "anomaly", "assembly", "supply", "italy", "poly", "fly", "july", "rely", "reply"}


def is_adverb(word: str) -> bool:
    """A lower-case adverb in -ly: "fundamentally", "substantially" (not "family", "anomaly")."""
    return word.endswith("ly") and len(word) > 4 and word.isalpha() and word not in _LY_NOUNS


# The plural kind word a list of names follows: "two benchmarks NPLIB1 and MassSpecGym", "datasets: SWaT, WADI",
# "environments (e.g., Termes, Floortile)", and the words that lead from it into the list.
_NAMED_KINDS = {**dict.fromkeys(("benchmarks", "datasets", "suites", "corpora", "environments", "games"),
                                NodeType.BENCHMARK),
                **dict.fromkeys(("metrics", "measures"), NodeType.METRIC),
                **dict.fromkeys(("tools", "libraries", "toolkits", "solvers"), NodeType.METHOD)}
_LIST_LEADS = frozenset({":", "(", "such", "as", "including", "like", "namely", "e.g.", "e.g", "eg"})


def list_kind(words: list[str], i: int) -> NodeType | None:
    """Benchmark (metric, method) when word *i*, past the words that lead into a list, is a plural kind of named
    benchmarks ("benchmarks such as", "environments (e.g.,"), measures ("metrics like Connectivity, Completeness")
    or tools ("static analysis tools (Pylint, Bandit, and Radon)")."""
    lead = i
    while i >= 0 and words[i].lower() in _LIST_LEADS:
        i -= 1
    kind = _NAMED_KINDS.get(words[i].lower()) if i >= 0 else None
    return kind if kind is NodeType.BENCHMARK or i < lead else None  # "metrics like A", "tools (A, B)"; not
    # "metrics, A"


def is_adjective_compound(word: str) -> bool:
    """"training-free", "task-specific", "NP-hard": a compound that ends in a lower-case adjective part."""
    return "-" in word and word.rsplit("-", 1)[1] in ADJECTIVE_PARTS


def looks_adjective(word: str) -> bool:
    """A lower-case word with an adjective ending ("empirical", "generative"), or online/offline."""
    return word.endswith(_ADJECTIVE_ENDINGS) or word in ("online", "offline")


# Words in -ed that are nouns, not participles.
_ED_NOUNS = frozenset({"speed", "seed", "feed", "need", "breed", "embed", "hundred", "shed"})


def is_participle(word: str) -> bool:
    """A lower-case -ed participle ("equipped", "trained"), not a noun such as "speed"."""
    return word.islower() and word.isalpha() and len(word) > 4 and word.endswith("ed") and word not in _ED_NOUNS


def _words(name: str) -> list[str]:
    lines = (LEXICON_DIR / name).read_text(encoding="utf-8").splitlines()
    return [w for line in lines if line.strip() and not line.startswith("#") for w in line.split()]


@lru_cache(maxsize=None)
def head_types() -> dict[str, NodeType]:
    """Head word (singular, lower case) → the type it implies."""
    table = {}
    for line in (LEXICON_DIR / "heads.tsv").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            head, type_name = line.split("\t")
            table.setdefault(head, NodeType(type_name))
    return table


@lru_cache(maxsize=None)
def generic_terms() -> frozenset[str]:
    """Normalized terms that are never concepts on their own."""
    lines = (LEXICON_DIR / "generic.txt").read_text(encoding="utf-8").splitlines()
    words = [line.strip().lower() for line in lines if line.strip() and not line.startswith("#")]
    return frozenset(words) | {singular(word) for word in words}  # "l40s" too: singular("L40S") keeps its S


@lru_cache(maxsize=None)
def leading_modifiers() -> frozenset[str]:
    """Determiners and evaluative adjectives trimmed from the start of a term."""
    return frozenset(_words("modifiers.txt"))


@lru_cache(maxsize=None)
def boundary_words() -> frozenset[str]:
    """Words that end a candidate term: spaCy's stop words plus common verbs of abstracts."""
    return frozenset(STOP_WORDS) | frozenset(_words("boundaries.txt"))


def lexicon_entries(directory: Path = LEXICON_DIR):
    """Yield (entry dict, type) for every line of the lexicon files in *directory*."""
    for name, node_type in LEXICON_FILES.items():
        path = Path(directory) / name
        if not path.exists():
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                yield json.loads(line), node_type


@lru_cache(maxsize=None)
def lexicon_index(directory: Path = LEXICON_DIR) -> dict[str, tuple[str, NodeType]]:
    """Normalized name or alias → (canonical label, type), for look-ups of terms the matcher missed."""
    index = {}
    for entry, node_type in lexicon_entries(directory):
        for name in (entry["label"], *entry.get("aliases", [])):
            index.setdefault(normalize_label(name), (entry["label"], node_type))
    return index


@lru_cache(maxsize=None)
def _acronym_spellings(directory: Path = LEXICON_DIR) -> dict[str, frozenset[str]]:
    """Normalized name → how the lexicon writes it, for its acronym-like names ("sparc" → {"SParC"})."""
    spellings: dict[str, set[str]] = {}
    for entry, _ in lexicon_entries(directory):
        for name in (entry["label"], *entry.get("aliases", [])):
            if is_acronym(name):
                spellings.setdefault(normalize_label(name), set()).add(name)
    return {key: frozenset(names) for key, names in spellings.items()}


@lru_cache(maxsize=1)
def _plain_names(directory: Path = LEXICON_DIR) -> frozenset[str]:
    """Normalized names of the lexicon that are no acronyms."""
    return frozenset(normalize_label(name) for entry, _ in lexicon_entries(directory)
                     for name in (entry["label"], *entry.get("aliases", [])) if not is_acronym(name))


def spelled_as_known(name: str) -> bool:
    """False for a *name* in all capitals or all lower case that the lexicon writes only as an acronym in another
    case: a paper's "SPARC" is not the benchmark SParC, "MAP" is not mAP, "hidden" is not HiDDeN (the matcher,
    too, matches acronyms case-sensitively); "GSM8k" is GSM8K, "fp16" FP16."""
    key = normalize_label(name)
    known = _acronym_spellings().get(key)
    if known and name.islower() and name.isalpha():  # "fp16" is FP16
        return key in _plain_names()
    return (not known or not name.removesuffix("s").isupper() or name in known
            or name.removesuffix("s") in known)


def is_title_word(word: str) -> bool:
    """"Frontier", "Test-Time": each hyphenated part a capital, then lower-case letters."""
    return all(part[:1].isupper() and part[1:].islower() for part in word.split("-"))


_YEAR = re.compile(r"(19|20)\d\d[a-z]?")


def is_cited_year(words: list[str], start: int, end: int) -> bool:
    """Words start:end are a surname and a year in a bracketed citation: "Vempala 2018" of "(Lee, Song, Vempala
    2018)", "Smith 2020a" of "(Smith 2020a; …)"."""
    return (end - start == 2 and words[start].istitle() and words[start].isalpha() and _YEAR.fullmatch(words[start + 1])
            is not None and start > 0 and words[start - 1] in ("(", ",", "and", "&") and end < len(words)
            and words[end] in (")", ";"))
