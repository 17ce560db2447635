"""Graph stage: papers, mentions and entities → a networkx MultiDiGraph.

Schema
------
Node key: an IRI string. Every node has ``type`` (a :class:`NodeType` value)
and ``label``.

* Paper nodes: ``abstract`` (str), ``urls`` (list of str).
* Entity nodes: ``aliases`` (sorted list of str), ``papers`` (sorted list of paper IRIs).

Edges go from a paper to an entity; the edge key is the role (``proposes``,
``addresses``, ``evaluatesOn``, ``uses``, ``mentions``) and its attributes are
``role``, ``paper`` (the paper IRI) and ``evidence``: a list of
``{"sentence", "start", "end", "text"}`` dicts, ``start``/``end`` being
character offsets into the paper's abstract.
"""

from __future__ import annotations

from collections import defaultdict

import networkx as nx

from .normalize import slug
from .records import Mention, NodeType, Paper
from .resolve import Entity

__all__ = ["DEFAULT_BASE", "paper_iri", "node_iri", "build_graph"]

DEFAULT_BASE = "https://w3id.org/litkg/id/"


def paper_iri(paper_id: str, base: str = DEFAULT_BASE) -> str:
    return f"{base}paper/{paper_id}"


def node_iri(node_type: NodeType, key: str, base: str = DEFAULT_BASE) -> str:
    """Deterministic IRI of an entity from its type and normalized label."""
    return f"{base}{node_type.value.lower()}/{slug(key)}"


def build_graph(papers, mentions, entities, keys, *, base: str = DEFAULT_BASE) -> nx.MultiDiGraph:
    """The knowledge graph; *keys* gives the entity key of each mention (see :func:`kg.resolve.resolve`)."""
    G = nx.MultiDiGraph(base=base)
    for paper in sorted(papers, key=lambda p: p.id):
        G.add_node(paper_iri(paper.id, base), type=NodeType.PAPER.value, label=paper.label,
                   abstract=paper.abstract, urls=list(paper.urls))
    iri_of = {}
    for entity in entities:
        iri = iri_of[entity.key] = node_iri(entity.type, entity.key, base)
        G.add_node(iri, type=entity.type.value, label=entity.label, aliases=list(entity.aliases),
                   papers=[paper_iri(p, base) for p in entity.papers])
    evidence: dict[tuple[str, str, str], list[dict]] = defaultdict(list)
    for key, m in zip(keys, mentions):
        edge = (paper_iri(m.paper_id, base), iri_of[key], m.role.value)
        evidence[edge].append({"sentence": m.sentence, "start": m.start, "end": m.end, "text": m.text})
    for (source, target, role), items in sorted(evidence.items()):
        items.sort(key=lambda e: (e["start"], e["end"]))
        G.add_edge(source, target, key=role, role=role, paper=source, evidence=items)
    return G
