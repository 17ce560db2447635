"""kg_roles: how the paper relates to each Term (proposes, addresses, uses, evaluatesOn).

The first term after "we propose / introduce / present …" (and anything it is
called, "dubbed X") is proposed; every other occurrence of a proposed name
follows it. Otherwise the type decides: problems are addressed, benchmarks
evaluated on, methods, models and metrics used.
"""

from __future__ import annotations

import re

from spacy.language import Language
from spacy.tokens import Doc

from ..normalize import normalize_label
from ..records import NodeType, Role
from .rules import boundary_words, leading_modifiers
from .terms import Term, register_extensions, text_of, sentences

__all__ = ["RoleAssigner", "PROPOSAL_CUE"]

PROPOSAL_CUE = re.compile(
    r"\b(we|this\s+(paper|work|report)|our\s+(work|paper)|here,?\s+we)\s+(first\s+|further\s+|then\s+|also\s+|therefore\s+)?"
    r"(propose|introduce|present|develop|design|release|construct|curate|build|contribute|call|dub|name|term)s?d?\b"
    r"|\b(called|dubbed|named|termed|coined)\b", re.I)
# "SpuriVerse, a novel benchmark …", "ReGT, our reannotation …": an appositive that introduces a name.
APPOSITIVE_CUE = re.compile(r"^\s*(\([^)]*\))?\s*,\s+(our|a\s+(novel|new)|the\s+first)\b", re.I)
MAX_CUE_GAP = 40  # characters between the cue and the proposed term ("a new, simple ...")
_DEFAULT_ROLE = {NodeType.PROBLEM: Role.ADDRESSES, NodeType.BENCHMARK: Role.EVALUATES_ON,
                 NodeType.METHOD: Role.USES, NodeType.MODEL: Role.USES, NodeType.METRIC: Role.USES}


def _is_named(term: Term) -> bool:
    """A coined-looking name: any capital letter in it or its aliases."""
    return any(c.isupper() for name in (term.label, *term.aliases) for c in name)


def proposed_terms(doc: Doc, terms: list[Term]) -> list[Term]:
    """Terms a proposal cue introduces.

    After each cue: the first term (a known lower-case lexicon concept is
    skipped: papers do not propose "machine unlearning") and every other
    coined name later in the same sentence.
    """
    chosen = []
    for sent in sentences(doc):
        for cue in PROPOSAL_CUE.finditer(sent.text):
            cue_end = sent.start_char + cue.end()
            after = sorted((t for t in terms if doc[t.start].idx >= cue_end and t.end <= sent.end),
                           key=lambda t: t.start)
            fresh = [t for t in after if not (t.source == "lexicon" and not any(c.isupper() for c in t.label))]
            if fresh and _object_of_cue(text_of(doc)[cue_end:doc[fresh[0].start].idx]):
                chosen.append(fresh[0])
            chosen += [t for t in fresh[1:] if any(c.isupper() for c in t.label) and t.source != "lexicon"
                       and _introduced_here(t, terms, sent)]
    chosen += [t for t in terms if t.source != "lexicon" and _is_named(t)
               and APPOSITIVE_CUE.match(text_of(doc)[doc[t.end - 1].idx + len(doc[t.end - 1].text):][:40])]
    return chosen


def _object_of_cue(gap: str) -> bool:
    """The term is what the cue introduces: only determiners and adjectives stand between them
    ("we propose a new X"), not a preposition or verb ("we develop a benchmark by sourcing X")."""
    words = gap.replace(",", " ").split()
    return len(gap) <= MAX_CUE_GAP and all(w.lower() in leading_modifiers() or w.lower() not in boundary_words()
                                           for w in words)


def _introduced_here(term: Term, terms: list[Term], sent) -> bool:
    """True when no term with the same label occurs before *sent*."""
    return not any(t.label == term.label and t.start < sent.start for t in terms)


@Language.factory("kg_roles", default_config={})
def make_role_assigner(nlp: Language, name: str) -> "RoleAssigner":
    return RoleAssigner()


class RoleAssigner:
    """Sets ``Term.role`` on every Term."""

    def __init__(self) -> None:
        register_extensions()

    def __call__(self, doc: Doc) -> Doc:
        terms = doc._.kg_terms or []
        proposed = {normalize_label(t.label) for t in proposed_terms(doc, terms)}
        for term in terms:
            if normalize_label(term.label) in proposed:
                term.role = Role.PROPOSES
            else:
                term.role = _DEFAULT_ROLE[term.type]
        return doc
