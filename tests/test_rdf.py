"""networkx ↔ RDF: a lossless Turtle round trip, the shape of the RDF, the ontology and the generated namespace."""

from __future__ import annotations

import json

import pytest
from common import canonical
import rdflib
from rdflib import Literal, URIRef
from rdflib.namespace import DCTERMS, OWL, RDF, RDFS, SKOS

import kg
import kg.namespace
from kg.ontology import NAMESPACE_PATH, ONTOLOGY_PATH, render_namespace, vocabulary_terms
from kg.graph import paper_edges
from kg.rdf import from_rdf, to_rdf
from kg.records import NodeType, Role


@pytest.fixture(scope="module")
def G(corpus_graph):
    return corpus_graph.graph


@pytest.fixture(scope="module")
def rdf(G) -> rdflib.Graph:
    """The corpus graph as RDF, after a trip through Turtle text."""
    text = to_rdf(G).serialize(format="turtle")
    return rdflib.Graph().parse(data=text, format="turtle")


@pytest.fixture(scope="module")
def back(rdf):
    return from_rdf(rdf)




def test_round_trip_same_nodes(G, back):
    assert set(back.nodes) == set(G.nodes)


def test_round_trip_same_edges_with_keys(G, back):
    assert sorted(back.edges(keys=True)) == sorted(G.edges(keys=True))
    assert back.number_of_edges() == G.number_of_edges()


def test_round_trip_same_node_attributes(G, back):
    for node, data in G.nodes(data=True):
        assert canonical(back.nodes[node]) == canonical(data), node


def test_round_trip_same_edge_attributes_and_evidence(G, back):
    for u, v, k, data in G.edges(keys=True, data=True):
        assert canonical(back.edges[u, v, k]) == canonical(data), (u, v, k)


def test_round_trip_keeps_base(G, back):
    assert back.graph["base"] == G.graph["base"]


def test_papers_have_one_abstract_and_one_label(G, rdf):
    papers = set(rdf.subjects(RDF.type, kg.namespace.KG.Paper))
    assert len(papers) == 80
    for paper in papers:
        abstracts = list(rdf.objects(paper, DCTERMS.abstract))
        labels = list(rdf.objects(paper, RDFS.label))
        assert abstracts == [Literal(G.nodes[str(paper)]["abstract"])]
        assert len(labels) == 1 and str(labels[0]) == G.nodes[str(paper)]["label"]


def test_entities_have_label_and_every_alias(G, rdf):
    for node, data in G.nodes(data=True):
        if data["type"] == NodeType.PAPER.value:
            continue
        s = URIRef(node)
        assert (s, RDF.type, kg.namespace.KG[data["type"]]) in rdf
        assert list(rdf.objects(s, RDFS.label)) == [Literal(data["label"])]
        assert set(map(str, rdf.objects(s, SKOS.altLabel))) == set(data["aliases"])


def test_statements_and_mentions(G, rdf):
    for u, v, k, data in paper_edges(G, data=True):
        assert (URIRef(u), kg.namespace.KG[k], URIRef(v)) in rdf
    mentions = set(rdf.subjects(RDF.type, kg.namespace.KG.Mention))
    assert len(mentions) == sum(len(d["evidence"]) for *_, d in paper_edges(G, data=True))
    for m in list(mentions)[:50]:
        paper = rdf.value(m, kg.namespace.KG.inPaper)
        abstract = str(rdf.value(paper, DCTERMS.abstract))
        start, end = int(rdf.value(m, kg.namespace.KG.beginIndex)), int(rdf.value(m, kg.namespace.KG.endIndex))
        assert abstract[start:end] == str(rdf.value(m, kg.namespace.KG.anchorOf))


def test_only_declared_vocabulary_is_used(rdf):
    declared = {str(kg.namespace.KG[t]) for t in vocabulary_terms()}
    used = {str(t) for triple in rdf for t in triple if str(t).startswith(str(kg.namespace.KG._NS))}
    assert used and used <= declared, used - declared


# ----------------------------------------------------------- ontology and namespace


def test_namespace_is_up_to_date():
    assert render_namespace() == NAMESPACE_PATH.read_text(encoding="utf-8"), \
        "kg/namespace.py is stale: run python -m kg.ontology"


def test_known_terms_resolve():
    assert str(kg.namespace.KG.proposes) == "https://w3id.org/litkg/ontology#proposes"
    assert str(kg.namespace.KG.Paper) == "https://w3id.org/litkg/ontology#Paper"


@pytest.mark.filterwarnings("ignore:Code. proposes_typo is not defined")
def test_misspelt_term_raises():
    with pytest.raises(AttributeError):
        kg.namespace.KG.proposes_typo  # noqa: B018


@pytest.fixture(scope="module")
def ontology():
    return rdflib.Graph().parse(ONTOLOGY_PATH, format="turtle")


@pytest.mark.parametrize("name", ["Paper", "Method", "Problem", "Model", "Benchmark", "Metric"])
def test_ontology_declares_class(ontology, name):
    cls = kg.namespace.KG[name]
    assert (cls, RDF.type, OWL.Class) in ontology
    assert ontology.value(cls, RDFS.label) is not None
    assert str(ontology.value(cls, RDFS.comment) or "").strip()


@pytest.mark.parametrize("name", [r.value for r in Role])
def test_ontology_declares_property(ontology, name):
    prop = kg.namespace.KG[name]
    assert (prop, RDF.type, OWL.ObjectProperty) in ontology
    assert ontology.value(prop, RDFS.label) is not None
    assert str(ontology.value(prop, RDFS.comment) or "").strip()
    assert ontology.value(prop, RDFS.domain) == kg.namespace.KG.Paper
    assert ontology.value(prop, RDFS.range) is not None


def test_roles_cover_the_five_properties():
    assert {r.value for r in Role} == {"proposes", "addresses", "uses", "evaluatesOn", "mentions"}


# ------------------------------------------------------------------ base IRI


def test_configurable_base(corpus_path):
    base = "http://example.org/x/"
    g = kg.build(corpus_path, base=base)
    assert g.graph.number_of_nodes() > 80
    assert all(node.startswith(base) for node in g.graph)
    assert all(p.startswith(base) for _, d in g.graph.nodes(data=True) for p in d.get("papers", []))
    rdf = to_rdf(g.graph)
    assert all(str(s).startswith(base) for s in rdf.subjects())
    assert not [o for o in rdf.objects() if "w3id.org/litkg/id/" in str(o)]
    back = from_rdf(rdf)
    assert set(back.nodes) == set(g.graph.nodes)
    assert sorted(back.edges(keys=True)) == sorted(g.graph.edges(keys=True))


def test_custom_base_survives_turtle_round_trip():
    base = "http://example.org/x/"
    g = kg.from_texts(["We propose FooNet, a transformer that mitigates exposure bias on ImageNet and CIFAR-10."],
                      base=base)
    text = to_rdf(g.graph).serialize(format="turtle")
    back = from_rdf(rdflib.Graph().parse(data=text, format="turtle"))
    assert set(back.nodes) == set(g.graph.nodes)
    assert back.graph["base"] == base
