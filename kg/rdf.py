"""networkx ↔ RDF, as two inverse functions.

:func:`to_rdf` writes every node, edge and evidence item of the graph as
triples; :func:`from_rdf` rebuilds the same MultiDiGraph from them.
"""

from __future__ import annotations

from collections import defaultdict

import networkx as nx
import rdflib
from rdflib import Literal, URIRef
from rdflib.namespace import DCTERMS, RDF, RDFS, SDO, SKOS, XSD

from .graph import DEFAULT_BASE
from .namespace import KG
from .records import NodeType, Role

__all__ = ["to_rdf", "from_rdf", "bind_prefixes", "PREFIXES"]

PREFIXES = {"kg": str(KG), "rdfs": str(RDFS), "skos": str(SKOS), "dcterms": str(DCTERMS),
            "schema": str(SDO), "xsd": str(XSD), "rdf": str(RDF)}
_CLASS = {t.value: KG[t.value] for t in NodeType}
_TYPE_OF_CLASS = {v: k for k, v in _CLASS.items()}
_ROLE = {r.value: KG[r.value] for r in Role}
_ROLE_OF_PROPERTY = {v: k for k, v in _ROLE.items()}


def bind_prefixes(g: rdflib.Graph, base: str = DEFAULT_BASE) -> rdflib.Graph:
    for prefix, ns in PREFIXES.items():
        g.bind(prefix, ns, override=True)
    g.bind("id", base, override=True)
    return g


def _mention_iri(paper: str, item: dict) -> URIRef:
    return URIRef(f"{paper}/mention/{item['start']}-{item['end']}")


def to_rdf(G: nx.MultiDiGraph) -> rdflib.Graph:
    """The RDF graph of *G* (papers, concepts, paper→concept statements, mentions)."""
    g = bind_prefixes(rdflib.Graph(), G.graph.get("base", DEFAULT_BASE))
    for node, data in G.nodes(data=True):
        s = URIRef(node)
        g.add((s, RDF.type, _CLASS[data["type"]]))
        g.add((s, RDFS.label, Literal(data["label"])))
        if data["type"] == NodeType.PAPER.value:
            g.add((s, DCTERMS.abstract, Literal(data["abstract"])))
            for url in data.get("urls", []):
                g.add((s, SDO.url, Literal(url, datatype=XSD.anyURI)))
        for alias in data.get("aliases", []):
            g.add((s, SKOS.altLabel, Literal(alias)))
    for paper, entity, role, data in G.edges(keys=True, data=True):
        g.add((URIRef(paper), _ROLE[role], URIRef(entity)))
        for item in data["evidence"]:
            m = _mention_iri(paper, item)
            g.add((m, RDF.type, KG.Mention))
            g.add((m, KG.inPaper, URIRef(paper)))
            g.add((m, KG.denotes, URIRef(entity)))
            g.add((m, KG.role, _ROLE[role]))
            g.add((m, KG.sentence, Literal(item["sentence"])))
            g.add((m, KG.anchorOf, Literal(item["text"])))
            g.add((m, KG.beginIndex, Literal(item["start"], datatype=XSD.nonNegativeInteger)))
            g.add((m, KG.endIndex, Literal(item["end"], datatype=XSD.nonNegativeInteger)))
    return g


def from_rdf(g: rdflib.Graph, *, base: str | None = None) -> nx.MultiDiGraph:
    """Rebuild the MultiDiGraph that :func:`to_rdf` exported."""
    if base is None:
        papers = sorted(str(p) for p in g.subjects(RDF.type, KG.Paper))
        base = papers[0].rsplit("paper/", 1)[0] if papers else DEFAULT_BASE
    G = nx.MultiDiGraph(base=str(base))
    for s, cls in sorted(g.subject_objects(RDF.type)):
        node_type = _TYPE_OF_CLASS.get(cls)
        if node_type is None or node_type == "Mention":
            continue
        attrs = {"type": node_type, "label": str(g.value(s, RDFS.label) or "")}
        if node_type == NodeType.PAPER.value:
            attrs["abstract"] = str(g.value(s, DCTERMS.abstract) or "")
            attrs["urls"] = sorted(str(u) for u in g.objects(s, SDO.url))
        else:
            attrs["aliases"] = sorted(str(a) for a in g.objects(s, SKOS.altLabel))
        G.add_node(str(s), **attrs)
    evidence = defaultdict(list)
    for m in g.subjects(RDF.type, KG.Mention):
        key = (str(g.value(m, KG.inPaper)), str(g.value(m, KG.denotes)), _ROLE_OF_PROPERTY[g.value(m, KG.role)])
        evidence[key].append({"sentence": str(g.value(m, KG.sentence)), "start": int(g.value(m, KG.beginIndex)),
                              "end": int(g.value(m, KG.endIndex)), "text": str(g.value(m, KG.anchorOf))})
    for prop, role in _ROLE_OF_PROPERTY.items():
        for paper, entity in g.subject_objects(prop):
            evidence.setdefault((str(paper), str(entity), role), [])
    for (paper, entity, role), items in sorted(evidence.items()):
        items.sort(key=lambda e: (e["start"], e["end"]))
        G.add_edge(paper, entity, key=role, role=role, paper=paper, evidence=items)
    for node, data in G.nodes(data=True):
        if data["type"] != NodeType.PAPER.value:
            data["papers"] = sorted({p for p, _ in G.in_edges(node)})
    return G
