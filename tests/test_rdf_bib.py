"""Bibliographic data in the graph and the RDF: title, date, identifier, authors as kg:Person (issue 7)."""

from __future__ import annotations

import json

import pytest
import rdflib
from rdflib import Literal, URIRef
from rdflib.namespace import DCTERMS, RDF, RDFS, SDO, XSD

import kg
from kg.namespace import KG
from kg.rdf import from_rdf, to_rdf
from kg.rdf_bib import _date_literal

from common import A, B, C  # noqa: E402  (shared test abstracts)
BASE = "https://w3id.org/litkg/id/"


@pytest.fixture(scope="module")
def G(tmp_path_factory):
    path = tmp_path_factory.mktemp("bib") / "papers.jsonl"
    records = [
        {"arxiv_id": "2401.00001v2", "title": "Sparse Experts", "abstract": A, "date": "2024-01-02",
         "authors": ["Ada Lovelace", "Alan Turing"]},
        {"doi": "10.1000/Noise", "title": "Label Noise", "abstract": B, "year": 2021, "month": 3,
         "authors": ["ada  lovelace", "Grace Hopper"]},
        {"abstract": C},
    ]
    path.write_text("\n".join(json.dumps(r) for r in records) + "\n", encoding="utf-8")
    return kg.build(path).graph


@pytest.fixture(scope="module")
def rdf(G):
    return rdflib.Graph().parse(data=to_rdf(G).serialize(format="turtle"), format="turtle")


def paper(G, id_):
    return G.nodes[f"{BASE}paper/{id_}"]


def test_paper_node_attributes(G):
    sparse = paper(G, "arxiv-2401.00001")
    assert (sparse["label"], sparse["title"], sparse["date"], sparse["identifier"], sparse["authors"]) == (
        "Sparse Experts", "Sparse Experts", "2024-01-02", "arXiv:2401.00001", ["Ada Lovelace", "Alan Turing"])
    noise = paper(G, "doi-10.1000_noise")
    assert (noise["date"], noise["identifier"], noise["authors"]) == ("2021-03", "doi:10.1000/noise", ["ada lovelace", "Grace Hopper"])
    plain = paper(G, kg.ingest.paper_id(C))
    assert not {"title", "date", "identifier", "authors"} & set(plain)


def test_no_person_nodes_in_networkx(G):
    assert {t for _, t in G.nodes(data="type")} <= {"Paper", "Method", "Problem", "Model", "Benchmark", "Metric"}


def test_rdf_terms(rdf):
    s = URIRef(f"{BASE}paper/arxiv-2401.00001")
    assert rdf.value(s, DCTERMS.title) == Literal("Sparse Experts")
    assert rdf.value(s, DCTERMS.date) == Literal("2024-01-02", datatype=XSD.date)
    assert rdf.value(s, DCTERMS.identifier) == Literal("arXiv:2401.00001")
    assert rdf.value(s, SDO.sameAs) == URIRef("https://arxiv.org/abs/2401.00001")
    n = URIRef(f"{BASE}paper/doi-10.1000_noise")
    assert rdf.value(n, SDO.sameAs) == URIRef("https://doi.org/10.1000/noise")
    assert rdf.value(n, DCTERMS.date) == Literal("2021-03", datatype=XSD.gYearMonth)


def test_authors_are_persons_shared_across_papers(rdf):
    ada = URIRef(f"{BASE}person/ada-lovelace")
    assert (ada, RDF.type, KG.Person) in rdf
    assert list(rdf.objects(ada, RDFS.label)) == [Literal("Ada Lovelace")]
    assert sorted(str(p).rsplit("/", 1)[1] for p in rdf.subjects(DCTERMS.creator, ada)) == [
        "arxiv-2401.00001", "doi-10.1000_noise"]
    assert len(set(rdf.subjects(RDF.type, KG.Person))) == 3


def test_sparql_over_authors(rdf):
    rows = rdf.query("""SELECT ?title WHERE { ?p dcterms:creator ?a ; dcterms:title ?title .
                        ?a rdfs:label "Grace Hopper" }""", initNs={"dcterms": DCTERMS, "rdfs": RDFS})
    assert [str(r.title) for r in rows] == ["Label Noise"]


def test_round_trip_keeps_bibliographic_attributes_and_author_order(G, rdf):
    back = from_rdf(rdf)
    for node, data in G.nodes(data=True):
        if data["type"] == "Paper":
            for name in ("title", "date", "identifier", "authors"):
                assert back.nodes[node].get(name) == data.get(name), (node, name)


@pytest.mark.parametrize("ext", ["nt", "jsonld"])
def test_other_rdf_formats_round_trip(G, tmp_path, ext):
    from kg.export import write_exports
    (path,) = write_exports(G, tmp_path, [f"graph.{ext}"])
    back = kg.load(path).graph
    for node, data in G.nodes(data=True):
        if data["type"] == "Paper":
            assert back.nodes[node].get("authors") == data.get("authors")
            assert back.nodes[node].get("date") == data.get("date")


def test_export_with_authors_conforms_to_the_shapes(rdf):
    pyshacl = pytest.importorskip("pyshacl")
    from kg.ontology import SHAPES_PATH
    conforms, _, text = pyshacl.validate(rdf, shacl_graph=rdflib.Graph().parse(SHAPES_PATH, format="turtle"))
    assert conforms, text[:2000]


def test_only_declared_vocabulary_is_used(rdf):
    from kg.ontology import vocabulary_terms
    declared = {str(KG[t]) for t in vocabulary_terms()}
    used = {str(t) for triple in rdf for t in triple if str(t).startswith(str(KG._NS))}
    assert {str(KG.Person), str(KG.authorList)} <= used <= declared


def test_a_day_no_calendar_has_is_not_an_ill_typed_date(tmp_path):
    # before: "2024-02-30"^^xsd:date, which rdflib logs with a traceback on every load and SPARQL cannot compare
    path = tmp_path / "papers.jsonl"
    path.write_text(json.dumps({"title": "Sparse Experts", "abstract": A, "date": "2024-02-30"}) + "\n", encoding="utf-8")
    (ttl,) = kg.build(path).write(tmp_path / "out", ["graph.ttl"])
    dates = list(rdflib.Graph().parse(ttl, format="turtle").objects(None, DCTERMS.date))
    assert dates == [Literal("2024-02", datatype=XSD.gYearMonth)]  # ingest keeps the year and month
    # a store written before ingest checked the day may still hold one: it stays a plain string
    assert _date_literal("2024-02-30") == Literal("2024-02-30") and not _date_literal("2024-02-30").ill_typed
