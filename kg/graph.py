"""Graph stage: papers, mentions, entities and relations → a networkx MultiDiGraph.

Schema
------
Node key: an IRI string. Every node has ``type`` (a :class:`NodeType` value)
and ``label``.

* Paper nodes: ``abstract`` (str), ``urls`` (list of str), ``results`` (the
  figures the abstract reports, see :func:`add_results`); and, only when the
  input gave them (structured formats, see :mod:`kg.ingest`): ``title`` (str),
  ``date`` (ISO 8601 str: ``YYYY``, ``YYYY-MM`` or ``YYYY-MM-DD``),
  ``identifier`` (``"arXiv:ID"`` or ``"doi:DOI"``) and ``authors`` (list of
  names in byline order). Authors are attributes, not nodes: Person nodes
  exist in the RDF export only (``kg:Person``, ``dcterms:creator``), so every
  networkx node stays a paper or a concept and the analyses over concepts
  (themes, related papers, paths) need no filtering.
* Entity nodes: ``aliases`` (sorted list of str), ``papers`` (sorted list of
  paper IRIs), ``merges`` (list of ``{"rule", "forms", "papers"}`` dicts: every
  resolution decision behind the node, see :mod:`kg.resolve`; ``papers`` are
  paper IRIs). A family concept added from the lexicon to group variants
  ("Qwen3" above Qwen3-8B and Qwen3-4B) has no papers.

Paper → entity edges: the edge key is the role (``proposes``, ``addresses``,
``evaluatesOn``, ``uses``, ``mentions``) and its attributes are ``role``,
``paper`` (the paper IRI) and ``evidence``: a list of ``{"sentence", "start",
"end", "text"}`` dicts, ``start``/``end`` being character offsets into the
paper's abstract.

Entity → entity edges: the edge key is the relation and its attributes are
``relation`` (the same name), ``evidence`` (a list of ``{"paper", "sentence",
"start", "end", "text"}`` dicts, offsets into that paper's abstract, spanning
both names) and ``support`` (the number of distinct papers in the evidence).

* ``broader``: narrower → broader concept (skos:broader), also carrying
  ``rules`` (sorted list of ``lexicon`` — the lexicon's "broader" —, ``name`` —
  a variant name, "Qwen3-8B" → "Qwen3" — and ``hearst`` — "X such as Y", "Y
  and other X", "a X called Y" in a sentence, with evidence).
* ``mitigates``: Method/Model → Problem ("X alleviates Y").
* ``appliedTo``: Method → Model ("apply X to Y", "Y fine-tuned with X").
* ``evaluatedOn``: Method/Model → Benchmark ("X reaches 71% on Y").
* ``outperforms``: Method/Model → Method/Model ("X outperforms Y").

Tell the two kinds of edge apart by the source node's type (a paper or not),
or with :func:`paper_edges` / :func:`entity_edges`.
"""

from __future__ import annotations

from collections import defaultdict

import networkx as nx

from .normalize import normalize_label, slug
from .records import Mention, NodeType, Paper
from .resolve import Entity

__all__ = ["DEFAULT_BASE", "ENTITY_RELATIONS", "paper_iri", "node_iri", "build_graph", "add_results",
           "paper_edges", "entity_edges", "bibliographic_attributes"]

DEFAULT_BASE = "https://w3id.org/litkg/id/"
ENTITY_RELATIONS = ("broader", "mitigates", "appliedTo", "evaluatedOn", "outperforms")


def paper_iri(paper_id: str, base: str = DEFAULT_BASE) -> str:
    return f"{base}paper/{paper_id}"


def node_iri(node_type: NodeType, key: str, base: str = DEFAULT_BASE) -> str:
    """Deterministic IRI of an entity from its type and normalized label."""
    return f"{base}{node_type.value.lower()}/{slug(key)}"


def build_graph(papers, mentions, entities, keys, *, base: str = DEFAULT_BASE, relations=(), broader=(),
                families=()) -> nx.MultiDiGraph:
    """The knowledge graph.

    *keys* gives the entity id of each mention (see :func:`kg.resolve.resolve`);
    *relations* are :class:`kg.relations.Relation` items, *broader* (narrower id,
    broader id, rule) links and *families* entities added above variants (see
    :func:`kg.resolve.hierarchy`).
    """
    G = nx.MultiDiGraph(base=base)
    for paper in sorted(papers, key=lambda p: p.id):
        G.add_node(paper_iri(paper.id, base), type=NodeType.PAPER.value, label=paper.label,
                   abstract=paper.abstract, urls=list(paper.urls), **bibliographic_attributes(paper))
    iri_of = {}
    for entity in [*entities, *families]:
        iri = iri_of[entity.id] = node_iri(entity.type, entity.key, base)
        G.add_node(iri, type=entity.type.value, label=entity.label, aliases=list(entity.aliases),
                   papers=[paper_iri(p, base) for p in entity.papers],
                   merges=[m.as_dict(lambda p: paper_iri(p, base)) for m in entity.merges])
    evidence: dict[tuple[str, str, str], list[dict]] = defaultdict(list)
    for key, m in zip(keys, mentions):
        edge = (paper_iri(m.paper_id, base), iri_of[key], m.role.value)
        evidence[edge].append({"sentence": m.sentence, "start": m.start, "end": m.end, "text": m.text})
    for (source, target, role), items in sorted(evidence.items()):
        items.sort(key=lambda e: (e["start"], e["end"]))
        G.add_edge(source, target, key=role, role=role, paper=source, evidence=items)
    links: dict[tuple[str, str, str], list[dict]] = defaultdict(list)
    rules: dict[tuple[str, str], set] = defaultdict(set)
    for child, parent, rule in broader:
        links[iri_of[child], iri_of[parent], "broader"]
        rules[iri_of[child], iri_of[parent]].add(rule)
    for r in relations:
        edge = (iri_of[r.subject], iri_of[r.object], r.relation)
        item = {"paper": paper_iri(r.paper_id, base), "sentence": r.sentence, "start": r.start, "end": r.end,
                "text": r.text}
        if item not in links[edge]:
            links[edge].append(item)
        if r.relation == "broader":
            rules[edge[:2]].add("hearst")
    for (source, target, rel), items in sorted(links.items()):
        if rel == "broader" and G.has_edge(target, source, key="broader"):
            continue  # never a cycle of two
        items.sort(key=lambda e: (e["paper"], e["start"], e["end"]))
        attrs = {"relation": rel, "evidence": items, "support": len({e["paper"] for e in items})}
        if rel == "broader":
            attrs["rules"] = sorted(rules[source, target])
        G.add_edge(source, target, key=rel, **attrs)
    return G


def bibliographic_attributes(paper: Paper) -> dict:
    """The paper node's ``title``, ``date``, ``identifier`` and ``authors``, each only when known."""
    attrs = {"title": paper.title, "date": paper.date, "identifier": paper.identifier,
             "authors": list(paper.authors)}
    return {k: v for k, v in attrs.items() if v}


def paper_edges(G: nx.MultiDiGraph, *, data: bool = False):
    """The paper → entity edges of *G*, as (paper, entity, role[, attrs])."""
    for u, v, k, d in G.edges(keys=True, data=True):
        if G.nodes[u]["type"] == NodeType.PAPER.value:
            yield (u, v, k, d) if data else (u, v, k)


def entity_edges(G: nx.MultiDiGraph, *, data: bool = False):
    """The entity → entity edges of *G* (broader and relations), as (subject, object, relation[, attrs])."""
    for u, v, k, d in G.edges(keys=True, data=True):
        if G.nodes[u]["type"] != NodeType.PAPER.value:
            yield (u, v, k, d) if data else (u, v, k)


def add_results(G: nx.MultiDiGraph, results) -> None:
    """Attach reported figures to their papers: node attribute ``results``, a list of
    ``{"value", "metric", "benchmark", "sentence", "start", "end"}`` with metric and benchmark
    as entity IRIs (or None)."""
    base = G.graph.get("base", DEFAULT_BASE)
    by_name = {}
    for node, data in G.nodes(data=True):
        if data["type"] in (NodeType.METRIC.value, NodeType.BENCHMARK.value):
            for name in (data["label"], *data.get("aliases", [])):
                by_name.setdefault((data["type"], normalize_label(name)), node)
    for paper in G.nodes:
        if G.nodes[paper]["type"] == NodeType.PAPER.value:
            G.nodes[paper]["results"] = []
    for r in sorted(results, key=lambda r: (r.paper_id, r.start)):
        G.nodes[paper_iri(r.paper_id, base)]["results"].append({
            "value": r.value, "sentence": r.sentence, "start": r.start, "end": r.end,
            "metric": by_name.get((NodeType.METRIC.value, normalize_label(r.metric))) if r.metric else None,
            "benchmark": by_name.get((NodeType.BENCHMARK.value, normalize_label(r.benchmark))) if r.benchmark else None})

