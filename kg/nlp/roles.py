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
from .terms import Term, register_extensions

__all__ = ["RoleAssigner", "PROPOSAL_CUE"]

PROPOSAL_CUE = re.compile(
    r"\b(we|this\s+(paper|work|report)|our\s+(work|paper)|here,?\s+we)\s+(first\s+|further\s+|then\s+|also\s+|therefore\s+)?"
    r"(propose|introduce|present|develop|design|release|construct|curate|build|contribute|call|dub|name|term)s?d?\b"
    r"|\b(called|dubbed|named|termed)\b", re.I)
_DEFAULT_ROLE = {NodeType.PROBLEM: Role.ADDRESSES, NodeType.BENCHMARK: Role.EVALUATES_ON,
                 NodeType.METHOD: Role.USES, NodeType.MODEL: Role.USES, NodeType.METRIC: Role.USES}


def proposed_terms(doc: Doc, terms: list[Term]) -> list[Term]:
    """Terms right after a proposal cue, one per cue."""
    chosen = []
    for sent in doc.sents:
        for cue in PROPOSAL_CUE.finditer(sent.text):
            cue_end = sent.start_char + cue.end()
            after = sorted((t for t in terms if doc[t.start].idx >= cue_end and t.end <= sent.end),
                           key=lambda t: t.start)
            if after and doc[after[0].start].idx - cue_end <= 30:
                chosen.append(after[0])
    return chosen


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
