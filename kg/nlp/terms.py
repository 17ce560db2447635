"""The Term record the components share, and the Doc extensions they fill."""

from __future__ import annotations

from dataclasses import dataclass, field

from spacy.tokens import Doc

from ..records import NodeType, Role

__all__ = ["Term", "register_extensions"]


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
    for name, default in (("kg_abbrevs", None), ("kg_terms", None), ("kg_results", None)):
        if not Doc.has_extension(name):
            Doc.set_extension(name, default=default)
