"""The Term record the components share, and the Doc extensions they fill."""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field

from spacy.tokens import Doc, Span

from ..records import NodeType, Role

__all__ = ["Term", "register_extensions", "sentences", "sentence_of", "text_of"]


@dataclass
class Term:
    """A candidate concept mention: tokens ``start:end`` of the Doc.

    Components refine it in place: ``kg_typing`` sets ``type``, ``kg_roles``
    sets ``role``. ``label`` is the concept's name (for a short form, the
    long form it stands for); ``aliases`` are other names tied to it.
    """

    start: int
    end: int
    label: str
    source: str
    type: NodeType | None = None
    role: Role | None = None
    aliases: list[str] = field(default_factory=list)


def register_extensions() -> None:
    """Register the Doc extensions once (idempotent)."""
    for name, default in (("kg_abbrevs", None), ("kg_terms", None), ("kg_results", None), ("kg_sents", None)):
        if not Doc.has_extension(name):
            Doc.set_extension(name, default=default)


def sentences(doc: Doc) -> list[Span]:
    """The sentences of *doc*, computed once (``Span.sent`` rescans the Doc on every call)."""
    if doc._.kg_sents is None:
        doc._.kg_sents = list(doc.sents)
    return doc._.kg_sents


def sentence_of(doc: Doc, token_index: int) -> Span:
    """The sentence containing token *token_index*."""
    sents = sentences(doc)
    return sents[bisect_right([s.start for s in sents], token_index) - 1]


def text_of(doc: Doc) -> str:
    """The text of *doc*, computed once (``Doc.text`` rebuilds it from the tokens on every call)."""
    if "kg_text" not in doc.user_data:
        doc.user_data["kg_text"] = doc.text
    return doc.user_data["kg_text"]
