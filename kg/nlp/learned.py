"""kg_learned: small NER models, trained on the project's gold (``python -m kg.learn``), check the rules' terms.

Each model marks the spans an annotator would list as concepts. After roles are assigned:
- a concept of the rules that no model marks anywhere in the abstract is dropped, unless the paper proposes it or
  it is a lexicon entry;
- a name every model marks and the rules missed is added, typed by the models' vote, with its type's usual role
  (a Problem is addressed, a Benchmark evaluated on, the rest used), if it is well formed, not generic, and a
  phrase or a word written as a name; when the rules found nothing proposed, an added name that a proposal cue
  introduces is the proposal.
Several models trained from different seeds are needed: one alone is too unsure to add names (docs/extraction.md).
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from pathlib import Path

import spacy
from spacy.language import Language
from spacy.lang.en.stop_words import STOP_WORDS
from spacy.tokens import Doc

from ..errors import ExtractionError
from ..normalize import normalize_label, singular
from ..records import NodeType, Role
from .roles import DEFAULT_ROLE, proposed_terms
from .rules import (ADJECTIVE_SUFFIXES, DETERMINERS, OBJECT_OPENERS, PREPOSITIONS, UNIT, WEB_ADDRESS, generic_terms,
                    is_cited_year, is_participle, lexicon_index, looks_adjective)
from .terms import Term, register_extensions, tokens

MODELS_DIR = Path(__file__).resolve().parent.parent / "models"


@lru_cache(maxsize=None)
def load_models(directory: str) -> tuple[Language, ...]:
    """The models ``spans-*`` of *directory*, loaded once per process."""
    paths = sorted(p for p in Path(directory).glob("spans-*") if p.is_dir())
    if not paths:
        raise ExtractionError(f"{directory}: no trained span models (spans-*/); train them with: python -m kg.learn")
    return tuple(spacy.load(p) for p in paths)


@Language.factory("kg_learned", default_config={"directory": None})
def make_learned_check(nlp: Language, name: str, directory: str | None) -> "LearnedCheck":
    return LearnedCheck(load_models(str(directory or MODELS_DIR)))


_MARKUP = ("\\", "{", "}", "^", "|", "$", "=", "<", ">")
_PAIRS = (("(", ")"), ("[", "]"))


_DANGLING = PREPOSITIONS | DETERMINERS | {"and", "or", "with"}  # no concept ends in one


def _well_formed(label: str) -> bool:
    """Not a piece of markup, maths (also a value: "F1=0.117", "Delta = +0.33"), a unit ("GHz") or a link,
    nor cut inside a bracket or a hyphenated word ("sparsity-"), across a dash ("risks---cognitive") or before
    what a modifier describes ("Swin Transformer-based"), nor ending in a function word ("layer-wise and")."""
    return (label[:1].isalnum() and not UNIT.match(label) and (label[-1:].isalnum() or label[-1:] in ")]")
            and label.rsplit(None, 1)[-1].lower() not in _DANGLING
            and not any(mark in label for mark in _MARKUP) and not WEB_ADDRESS.search(label) and "--" not in label
            and label.rsplit("-", 1)[-1].lower() not in ADJECTIVE_SUFFIXES
            and all(label.count(a) == label.count(b) for a, b in _PAIRS))


def _specific(label: str) -> bool:
    """*label* has a word that is neither a stop word nor generic ("the results" has none)."""
    return any(w.lower() not in STOP_WORDS and singular(w.lower()) not in generic_terms()
               for w in label.replace("-", " ").split())


def _named(doc: Doc, start: int, end: int) -> bool:
    """A phrase of several words, or a word written as a name: with a digit or a capital that does not just open
    its sentence ("Sudoku", "ALE-Bench"; not "Mismatch" at a sentence's start, nor "clipping", "fine-tuned")."""
    word = doc[start:end].text
    if " " in word:
        return True
    capitals = [c for c in word if c.isupper()]
    return any(c.isdigit() for c in word) or len(capitals) > 1 or bool(capitals) and not doc[start].is_sent_start


def _ends_in_verb(doc: Doc, end: int) -> bool:
    """The span ending before token *end* ends in a verb in "-ing" whose object follows: "a layer carrying neither
    …", "models using the …"."""
    last, after = doc[end - 1].text, doc[end].lower_ if end < len(doc) else ""
    return (last.islower() and last.endswith("ing") and len(last) >= 5 and after in OBJECT_OPENERS
            and normalize_label(last) not in lexicon_index())  # "prompting both improves …": a known concept


def _cut_from_known(doc: Doc, start: int, label: str, names: set[str]) -> bool:
    """The text from token *start* goes on, over a function word, into a longer name the rules know: "Common
    Vulnerabilities" of "CVE (Common Vulnerabilities and Exposures)" (not "ViT-H" of "ViT-H backbones")."""
    at = doc[start].idx
    return any(name.startswith(label + " ") and name[len(label) + 1:].split(" ", 1)[0] in STOP_WORDS
               and doc.text.startswith(name, at) for name in names)


class LearnedCheck:
    """Drops the rules' concepts no model marks and adds the names all models mark (module docstring)."""

    def __init__(self, models: tuple[Language, ...]) -> None:
        register_extensions()
        self.models = models

    def marked(self, doc: Doc) -> list[list[tuple[int, int, str]]]:
        """Per model, its spans of *doc* as (start token, end token, type name)."""
        out = []
        for model in self.models:
            spans = []
            for ent in model(doc.text).ents:
                span = doc.char_span(ent.start_char, ent.end_char, alignment_mode="expand")
                if span is not None:
                    spans.append((span.start, span.end, ent.label_))
            out.append(spans)
        return out

    def __call__(self, doc: Doc) -> Doc:
        terms = doc._.kg_terms or []
        marked = self.marked(doc)
        added = _added(doc, terms, marked)
        doc._.kg_terms = _without_cut_names(_checked(terms, marked), added) + added
        _propose_added(doc, added)
        return doc


def _propose_added(doc: Doc, added: list[Term]) -> None:
    """When the rules found nothing proposed, an added name that a proposal cue introduces is the proposal ("we
    introduce the Late Fusion Neural Operator", where the rules only saw two known phrases)."""
    terms = doc._.kg_terms
    if not added or any(t.role is Role.PROPOSES for t in terms):
        return
    for term in proposed_terms(doc, sorted(terms, key=lambda t: t.start)):
        if any(term is name for name in added):
            term.role = Role.PROPOSES


def _without_cut_names(terms: list[Term], added: list[Term]) -> list[Term]:
    """*terms* less the chunks that end in a modifier where an added name goes on ("Symmetry-Protected
    Topological" of "Symmetry-Protected Topological phase", "Semantics-Prompted" of "Semantics-Prompted DiT");
    the added name takes a proposal's role."""
    kept = []
    for term in terms:
        longer = next((t for t in added if t.start == term.start and t.end > term.end), None)
        if longer is None or term.source != "chunk" or not _ends_in_modifier(term.label):
            kept.append(term)
        elif term.role is Role.PROPOSES:
            longer.role = Role.PROPOSES
    return kept


def _ends_in_modifier(label: str) -> bool:
    """The last word of *label* is an adjective or a compound ending in a participle or in -ent/-ant
    ("Topological", "Semantics-Prompted", "Semantics-Consistent")."""
    last = label.split()[-1]
    part = last.rsplit("-", 1)[-1].lower()
    return looks_adjective(last) or "-" in last and (is_participle(part) or part.endswith(("ent", "ant")))


def _checked(terms: list[Term], marked: list[list[tuple[int, int, str]]]) -> list[Term]:
    """The *terms* of the concepts some model marks somewhere, that the paper proposes or that the lexicon knows."""
    spans = [(s, e) for model_spans in marked for s, e, _ in model_spans]
    kept = set()
    for term in terms:
        marked_here = any(s < term.end and term.start < e for s, e in spans)
        if marked_here or term.role is Role.PROPOSES or term.source == "lexicon":
            kept.add(normalize_label(term.label))
    return [t for t in terms if normalize_label(t.label) in kept]


def _added(doc: Doc, terms: list[Term], marked: list[list[tuple[int, int, str]]]) -> list[Term]:
    """Terms for the names every model marks that no term of the rules names or spells, one per span of the first
    model that is not already a term's span."""
    names = {name for t in terms for name in (t.label, *t.aliases)}
    known = {normalize_label(name) for t in terms for name in (*names, doc[t.start:t.end].text)}
    by_model = [{normalize_label(doc[s:e].text) for s, e, _ in spans} for spans in marked]
    agreed = set.intersection(*by_model) - known
    votes: dict[str, Counter] = {}
    for spans in marked:
        for s, e, type_name in spans:
            votes.setdefault(normalize_label(doc[s:e].text), Counter())[type_name] += 1
    added, taken = [], {(t.start, t.end) for t in terms}
    for s, e, _ in marked[0]:
        label = doc[s:e].text
        key = normalize_label(label)
        if key in agreed and (s, e) not in taken and _well_formed(label) and _specific(label) \
                and _named(doc, s, e) and not _ends_in_verb(doc, e) \
                and not _cut_from_known(doc, s, label, names) and not is_cited_year(tokens(doc).words, s, e):
            node_type = NodeType(votes[key].most_common(1)[0][0])
            added.append(Term(s, e, label, "learned", type=node_type, role=DEFAULT_ROLE[node_type]))
    return added
