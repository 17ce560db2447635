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

from .errors import InputError
from .graph import DEFAULT_BASE
from .namespace import KG
from .records import NodeType, Role
from .rdf_bib import add_bibliographic, add_persons, read_bibliographic

__all__ = ["to_rdf", "add_triples", "from_rdf", "bind_prefixes", "PREFIXES", "statement_iri", "confidence", "build_iri",
           "build_time", "read_rdf"]

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
    return datetime.fromtimestamp(int(epoch), tz=timezone.utc).isoformat()


def _add_results(g: rdflib.Graph, paper: URIRef, results: list[dict]) -> None:
    """One kg:Result per reported figure: its value, metric, benchmark and evidence."""
    for r in results:
        node = URIRef(f"{paper}/result/{r['start']}-{r['end']}")
        g.add((paper, KG.reports, node))
        g.add((node, RDF.type, KG.Result))
        g.add((node, KG.value, Literal(r["value"])))
        g.add((node, KG.sentence, Literal(r["sentence"])))
        g.add((node, KG.beginIndex, Literal(r["start"], datatype=XSD.nonNegativeInteger)))
        g.add((node, KG.endIndex, Literal(r["end"], datatype=XSD.nonNegativeInteger)))
        for prop, key in ((KG.metric, "metric"), (KG.benchmark, "benchmark")):
            if r[key]:
                g.add((node, prop, URIRef(r[key])))


def _read_results(g: rdflib.Graph, paper) -> list[dict]:
    results = []
    for node in g.objects(paper, KG.reports):
        metric, benchmark = g.value(node, KG.metric), g.value(node, KG.benchmark)
        results.append({"value": str(g.value(node, KG.value)), "sentence": str(g.value(node, KG.sentence)),
                        "start": int(g.value(node, KG.beginIndex)), "end": int(g.value(node, KG.endIndex)),
                        "metric": str(metric) if metric else None, "benchmark": str(benchmark) if benchmark else None})
    return sorted(results, key=lambda r: r["start"])


# ------------------------------------------ merges and concept → concept edges (kg/resolve.py, kg/relations.py)

_RELATION = {"broader": SKOS.broader, "mitigates": KG.mitigates, "appliedTo": KG.appliedTo,
             "evaluatedOn": KG.evaluatedOn, "outperforms": KG.outperforms}
_RELATION_OF_PROPERTY = {v: k for k, v in _RELATION.items()}


def _add_merges(g: rdflib.Graph, entity: URIRef, merges: list[dict]) -> None:
    """One kg:MergeDecision per merge: rule, forms (each also a skos:altLabel or the label) and papers."""
    for n, merge in enumerate(sorted(merges, key=lambda m: (m["rule"], m["forms"], m["papers"])), 1):
        node = URIRef(f"{entity}/merge/{n}")
        g.add((entity, KG.mergeDecision, node))
        g.add((node, RDF.type, KG.MergeDecision))
        g.add((node, KG.rule, Literal(merge["rule"])))
        for form in merge["forms"]:
            g.add((node, KG.form, Literal(form)))
        for paper in merge["papers"]:
            g.add((node, PROV.wasDerivedFrom, URIRef(paper)))


def _read_merges(g: rdflib.Graph, entity) -> list[dict]:
    return sorted(({"rule": str(g.value(node, KG.rule)), "forms": sorted(str(f) for f in g.objects(node, KG.form)),
                    "papers": sorted(str(p) for p in g.objects(node, PROV.wasDerivedFrom))}
                   for node in g.objects(entity, KG.mergeDecision)),
                  key=lambda m: (m["rule"], m["forms"], m["papers"]))


def _relation_iri(subject: str, relation: str, obj: str) -> URIRef:
    return URIRef(f"{subject}/relation/{relation}/{hashlib.sha256(obj.encode()).hexdigest()[:16]}")


def _add_entity_edges(g: rdflib.Graph, G: nx.MultiDiGraph) -> None:
    """Concept → concept edges: the triple, a kg:RelationStatement and one kg:RelationMention per evidence item."""
    for s, o, rel, data in G.edges(keys=True, data=True):
        if G.nodes[s]["type"] == NodeType.PAPER.value:
            continue
        prop = _RELATION[rel]
        g.add((URIRef(s), prop, URIRef(o)))
        st = _relation_iri(s, rel, o)
        g.add((st, RDF.type, KG.RelationStatement))
        g.add((st, RDF.subject, URIRef(s)))
        g.add((st, RDF.predicate, prop))
        g.add((st, RDF.object, URIRef(o)))
        g.add((st, KG.paperSupport, Literal(data.get("support", 0), datatype=XSD.nonNegativeInteger)))
        for rule in data.get("rules", []):
            g.add((st, KG.rule, Literal(rule)))
        for item in data.get("evidence", []):
            m = URIRef(f"{st}/evidence/{hashlib.sha256(item['paper'].encode()).hexdigest()[:8]}-{item['start']}-{item['end']}")
            g.add((m, RDF.type, KG.RelationMention))
            g.add((m, KG.evidenceOf, st))
            g.add((m, KG.inPaper, URIRef(item["paper"])))
            g.add((m, KG.sentence, Literal(item["sentence"])))
            g.add((m, KG.anchorOf, Literal(item["text"])))
            g.add((m, KG.beginIndex, Literal(item["start"], datatype=XSD.nonNegativeInteger)))
            g.add((m, KG.endIndex, Literal(item["end"], datatype=XSD.nonNegativeInteger)))


def _read_entity_edges(g: rdflib.Graph, G: nx.MultiDiGraph) -> None:
    for prop, rel in sorted(_RELATION_OF_PROPERTY.items()):
        for s, o in sorted(g.subject_objects(prop)):
            if str(s) not in G or str(o) not in G:
                continue
            st = _relation_iri(str(s), rel, str(o))
            items = sorted(({"paper": str(g.value(m, KG.inPaper)), "sentence": str(g.value(m, KG.sentence)),
                             "start": int(g.value(m, KG.beginIndex)), "end": int(g.value(m, KG.endIndex)),
                             "text": str(g.value(m, KG.anchorOf))} for m in g.subjects(KG.evidenceOf, st)),
                           key=lambda e: (e["paper"], e["start"], e["end"]))
            attrs = {"relation": rel, "evidence": items, "support": len({e["paper"] for e in items})}
            if rel == "broader":
                attrs["rules"] = sorted(str(r) for r in g.objects(st, KG.rule))
            G.add_edge(str(s), str(o), key=rel, **attrs)


def to_rdf(G: nx.MultiDiGraph) -> rdflib.Graph:
    """The RDF graph of *G* (papers, concepts, paper→concept statements, mentions)."""
    g = bind_prefixes(rdflib.Graph(), G.graph.get("base", DEFAULT_BASE))
    add_triples(g, G)
    return g


def add_triples(g, G: nx.MultiDiGraph) -> None:
    """Add the triples of *G* to *g*: an rdflib Graph, or anything with ``add((s, p, o))`` (a set)."""
    base = G.graph.get("base", DEFAULT_BASE)
    build = _add_provenance(g, G, base)
    for node, data in G.nodes(data=True):
        s = URIRef(node)
        g.add((s, RDF.type, _CLASS[data["type"]]))
        g.add((s, RDFS.label, Literal(data["label"])))
        if data["type"] == NodeType.PAPER.value:
            g.add((s, DCTERMS.abstract, Literal(data["abstract"])))
            for url in data.get("urls", []):
                g.add((s, SDO.url, Literal(url, datatype=XSD.anyURI)))
            _add_results(g, s, data.get("results", []))
            add_bibliographic(g, s, data)
        for alias in data.get("aliases", []):
            g.add((s, SKOS.altLabel, Literal(alias)))
        if data["type"] != NodeType.PAPER.value:
            g.add((s, KG.support, Literal(len(data.get("papers", [])), datatype=XSD.nonNegativeInteger)))
            _add_merges(g, s, data.get("merges", []))
    add_persons(g, G, base)
    _add_entity_edges(g, G)
    for paper, entity, role, data in G.edges(keys=True, data=True):
        if role not in _ROLE or G.nodes[paper]["type"] != NodeType.PAPER.value:
            continue  # concept → concept edges: _add_entity_edges
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


_FORMAT_NAMES = {"turtle": "Turtle", "nt": "N-Triples", "json-ld": "JSON-LD"}


def read_rdf(path) -> rdflib.Graph:
    """Parse an RDF export (.ttl, .nt or .jsonld, by extension) into an rdflib Graph; InputError if malformed."""
    from .export.rdf_formats import rdflib_format
    from .ingest import read_text_file
    fmt = rdflib_format(path)
    text = read_text_file(path)
    try:
        return rdflib.Graph().parse(data=text, format=fmt)
    except Exception as exc:
        from .query import load_store
        load_store(path)  # Oxigraph's syntax errors say where and what ("at line 2 column 17: …"): raised here
        message = str(exc).splitlines()[0][:200] if str(exc).strip() else type(exc).__name__
        raise InputError(f"{path}: not valid {_FORMAT_NAMES[fmt]} ({message})") from exc


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
            attrs["results"] = _read_results(g, s)
            attrs.update(read_bibliographic(g, s))
        else:
            attrs["aliases"] = sorted(str(a) for a in g.objects(s, SKOS.altLabel))
            attrs["merges"] = _read_merges(g, s)
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
    _read_entity_edges(g, G)
    for node, data in G.nodes(data=True):
        if data["type"] != NodeType.PAPER.value:
            data["papers"] = sorted({p for p, _ in G.in_edges(node) if G.nodes[p]["type"] == NodeType.PAPER.value})
    return G
