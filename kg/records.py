"""Records passed between stages: frozen dataclasses and the type/role enums."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

__all__ = ["NodeType", "Role", "ENTITY_TYPES", "Paper", "Mention", "Result"]


class NodeType(str, Enum):
    """Kinds of node in the graph; the value is the RDF class's local name."""

    PAPER = "Paper"
    METHOD = "Method"
    PROBLEM = "Problem"
    MODEL = "Model"
    BENCHMARK = "Benchmark"
    METRIC = "Metric"


ENTITY_TYPES = (NodeType.METHOD, NodeType.PROBLEM, NodeType.MODEL, NodeType.BENCHMARK, NodeType.METRIC)


class Role(str, Enum):
    """How a paper relates to an entity; the value is the RDF property's local name.

    Members are listed strongest first: when one concept gets several roles in
    one paper, the strongest wins.
    """

    PROPOSES = "proposes"
    ADDRESSES = "addresses"
    EVALUATES_ON = "evaluatesOn"
    USES = "uses"
    MENTIONS = "mentions"

    @property
    def strength(self) -> int:
        return len(Role) - list(Role).index(self)


@dataclass(frozen=True)
class Paper:
    """One input abstract and what the ingest stage knows about it.

    ``id`` is ``arxiv-…`` or ``doi-…`` when the paper's arXiv id or DOI is
    known, else a hash of its text (see :mod:`kg.ingest.fields`). ``authors``
    are names in byline order; ``date`` is ISO 8601 (``YYYY``, ``YYYY-MM`` or
    ``YYYY-MM-DD``); ``arxiv`` and ``doi`` are normalized (``2401.12345``,
    ``10.1145/3292500.3330701``).
    """

    id: str
    abstract: str
    label: str = ""
    urls: tuple[str, ...] = ()
    title: str | None = None
    source: str = ""
    authors: tuple[str, ...] = ()
    date: str | None = None
    arxiv: str | None = None
    doi: str | None = None

    def with_label(self, label: str) -> "Paper":
        return replace(self, label=label)

    @property
    def identifier(self) -> str | None:
        """``arXiv:ID`` or ``doi:DOI`` (the arXiv id wins), or None."""
        if self.arxiv:
            return f"arXiv:{self.arxiv}"
        return f"doi:{self.doi}" if self.doi else None


@dataclass(frozen=True)
class Mention:
    """One occurrence of a concept in an abstract, with its evidence.

    ``start``/``end`` are character offsets into the paper's abstract;
    ``sentence`` is the text of the sentence that contains the mention.
    ``aliases`` are other surface forms the extractor tied to the same
    concept (for instance the short form of an acronym definition).
    """

    paper_id: str
    text: str
    label: str
    type: NodeType
    role: Role
    start: int
    end: int
    sentence: str
    aliases: tuple[str, ...] = ()
    source: str = "rule"


@dataclass(frozen=True)
class Result:
    """A reported figure: a metric value on a benchmark, with its evidence."""

    paper_id: str
    value: str
    metric: str | None
    benchmark: str | None
    sentence: str
    start: int
    end: int
