"""networkx ↔ RDF, as two inverse functions.

:func:`to_rdf` writes every node, edge and evidence item of the graph as
triples; :func:`from_rdf` rebuilds the same MultiDiGraph from them.

Besides the graph itself, :func:`to_rdf` writes derived provenance (docs/rdf.md):
one ``kg:Statement`` per paper→entity edge (reified with rdf:subject /
rdf:predicate / rdf:object, with ``kg:confidence``), ``kg:evidenceFor`` from each
mention to its statement, ``kg:support`` (number of papers) on each entity, and
the build as a ``kg:Build`` (a prov:Activity) when ``G.graph["provenance"]`` is
set. :func:`from_rdf` ignores the derived triples and reads the build back into
``G.graph["provenance"]``.
"""

from __future__ import annotations

import hashlib
import os
from collections import defaultdict
from datetime import datetime, timezone
from decimal import Decimal

import networkx as nx
import rdflib
from rdflib import Literal, URIRef
from rdflib.namespace import DCTERMS, PROV, RDF, RDFS, SDO, SKOS, XSD

from .graph import DEFAULT_BASE
from .namespace import KG
from .records import NodeType, Role

__all__ = ["to_rdf", "from_rdf", "bind_prefixes", "PREFIXES", "statement_iri", "confidence", "build_iri",
           "build_time"]

PREFIXES = {"kg": str(KG), "rdfs": str(RDFS), "skos": str(SKOS), "dcterms": str(DCTERMS),
            "schema": str(SDO), "xsd": str(XSD), "rdf": str(RDF), "prov": str(PROV)}
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


def statement_iri(paper: str, role: str, entity: str, base: str = DEFAULT_BASE) -> URIRef:
    """IRI of the reified statement (paper, role, entity): ``{paper}/statement/{role}/{type}/{slug}``."""
    tail = entity[len(base):] if entity.startswith(base) else hashlib.sha256(entity.encode()).hexdigest()[:16]
    return URIRef(f"{paper}/statement/{role}/{tail}")


def confidence(n_mentions: int) -> Decimal:
    """The statement's evidence score n / (n + 1), 3 decimals (documented in ontology/kg.ttl and docs/rdf.md)."""
    return (Decimal(n_mentions) / Decimal(n_mentions + 1)).quantize(Decimal("0.001"))


def build_iri(provenance: dict, base: str = DEFAULT_BASE) -> URIRef:
    """IRI of the build activity: a digest of the software version and the inputs, so equal builds get equal IRIs."""
    key = "\n".join([provenance.get("version", "")]
                    + [f"{i['sha256']} {i['name']}" for i in provenance.get("inputs", [])])
    return URIRef(f"{base}build/{hashlib.sha256(key.encode()).hexdigest()[:16]}")


def _add_provenance(g: rdflib.Graph, G: nx.MultiDiGraph, base: str) -> URIRef | None:
    """The build activity, its inputs and the software agent; None when *G* records no provenance."""
    prov = G.graph.get("provenance")
    if not prov:
        return None
    build = build_iri(prov, base)
    g.add((build, RDF.type, KG.Build))
    g.add((build, RDF.type, PROV.Activity))
    agent = URIRef(f"{base}software/{prov.get('software', 'litkg')}/{prov.get('version', '')}")
    g.add((agent, RDF.type, PROV.SoftwareAgent))
    g.add((agent, RDFS.label, Literal(prov.get("software", "litkg"))))
    g.add((agent, SDO.softwareVersion, Literal(prov.get("version", ""))))
    g.add((build, PROV.wasAssociatedWith, agent))
    for n, item in enumerate(prov.get("inputs", []), 1):
        f = URIRef(f"{build}/input/{n}")
        g.add((f, RDF.type, KG.InputFile))
        g.add((f, RDFS.label, Literal(item["name"])))
        g.add((f, KG.sha256, Literal(item["sha256"])))
        g.add((build, PROV.used, f))
    if prov.get("time"):
        g.add((build, PROV.endedAtTime, Literal(prov["time"], datatype=XSD.dateTime)))
    return build


def _read_provenance(g: rdflib.Graph) -> dict | None:
    build = next(iter(sorted(g.subjects(RDF.type, KG.Build))), None)
    if build is None:
        return None
    agent = g.value(build, PROV.wasAssociatedWith)
    inputs = sorted(g.objects(build, PROV.used), key=lambda f: int(str(f).rsplit("/", 1)[1]))
    time = g.value(build, PROV.endedAtTime)
    return {"software": str(g.value(agent, RDFS.label) or ""), "version": str(g.value(agent, SDO.softwareVersion) or ""),
            "inputs": [{"name": str(g.value(f, RDFS.label)), "sha256": str(g.value(f, KG.sha256))} for f in inputs],
            "time": str(time) if time is not None else None}


def build_time() -> str | None:
    """The build's time from SOURCE_DATE_EPOCH (reproducible builds), else None: no wall-clock time in exports."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if not epoch.isdigit():
        return None
    return datetime.fromtimestamp(int(epoch), tz=timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def to_rdf(G: nx.MultiDiGraph) -> rdflib.Graph:
    """The RDF graph of *G* (papers, concepts, paper→concept statements, mentions)."""
    base = G.graph.get("base", DEFAULT_BASE)
    g = bind_prefixes(rdflib.Graph(), base)
    build = _add_provenance(g, G, base)
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
        if data["type"] != NodeType.PAPER.value:
            g.add((s, KG.support, Literal(len(data.get("papers", [])), datatype=XSD.nonNegativeInteger)))
    for paper, entity, role, data in G.edges(keys=True, data=True):
        g.add((URIRef(paper), _ROLE[role], URIRef(entity)))
        st = statement_iri(paper, role, entity, base)
        g.add((st, RDF.type, KG.Statement))
        g.add((st, RDF.subject, URIRef(paper)))
        g.add((st, RDF.predicate, _ROLE[role]))
        g.add((st, RDF.object, URIRef(entity)))
        g.add((st, KG.confidence, Literal(confidence(len(data["evidence"])), datatype=XSD.decimal)))
        if build is not None:
            g.add((st, PROV.wasGeneratedBy, build))
        for item in data["evidence"]:
            m = _mention_iri(paper, item)
            g.add((m, KG.evidenceFor, st))
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
    provenance = _read_provenance(g)
    if provenance is not None:
        G.graph["provenance"] = provenance
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
