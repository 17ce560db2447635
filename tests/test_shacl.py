"""SHACL: every export of the corpus and of examples/*.txt conforms to ontology/shapes.ttl; broken graphs do not."""

from __future__ import annotations

from pathlib import Path

import pytest
import rdflib
from rdflib import Literal, URIRef
from rdflib.namespace import RDF, RDFS, XSD

import kg
from kg.namespace import KG
from kg.ontology import ONTOLOGY_PATH, SHAPES_PATH
from kg.rdf import read_rdf, to_rdf

pyshacl = pytest.importorskip("pyshacl")

EXAMPLES = sorted((Path(__file__).resolve().parents[1] / "examples").glob("*.txt"))


@pytest.fixture(scope="module")
def shapes() -> rdflib.Graph:
    return rdflib.Graph().parse(SHAPES_PATH, format="turtle")


def validate(g: rdflib.Graph, shapes: rdflib.Graph) -> tuple[bool, str]:
    conforms, _, text = pyshacl.validate(g, shacl_graph=shapes)
    return conforms, text


def test_corpus_export_conforms(corpus_export, shapes):
    """graph.ttl of ``kg build`` on the corpus; graph.nt and graph.jsonld hold the same triples (test_rdf_formats)."""
    conforms, text = validate(read_rdf(corpus_export / "graph.ttl"), shapes)
    assert conforms, text[:3000]


def test_corpus_export_conforms_with_the_ontology_and_rdfs_inference(corpus_export, shapes):
    """Loaded beside the ontology (as a store holding both would), subclasses and domains add types: a relation
    mention is no concept mention, so the shapes still hold."""
    conforms, _, text = pyshacl.validate(read_rdf(corpus_export / "graph.ttl"), shacl_graph=shapes,
                                         ont_graph=rdflib.Graph().parse(ONTOLOGY_PATH), inference="rdfs")
    assert conforms, text[:3000]


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_example_export_conforms(path, shapes, tmp_path):
    """graph.ttl of the example (the three formats hold the same triples: test_rdf_formats)."""
    written = kg.build(path).write(tmp_path, ["graph.ttl"])
    conforms, text = validate(read_rdf(written[0]), shapes)
    assert conforms, text[:3000]


# ------------------------------------------------------------------ broken graphs

TEXT = ("We propose FooNet, a convolutional network that mitigates overfitting on ImageNet. "
        "FooNet improves top-1 accuracy on ImageNet and CIFAR-10, reaching 81.2% top-1 accuracy on ImageNet.")


@pytest.fixture(scope="module")
def small() -> rdflib.Graph:
    return to_rdf(kg.from_texts([TEXT]).graph)


def broken(small: rdflib.Graph, edit) -> rdflib.Graph:
    g = rdflib.Graph()
    for triple in small:
        g.add(triple)
    edit(g)
    return g


def _a_mention(g):
    return sorted(g.subjects(RDF.type, KG.Mention))[0]


def _an_entity(g):
    return sorted(g.subjects(RDF.type, KG.Benchmark))[0]


def shift_offsets(g):
    m = _a_mention(g)
    begin = int(g.value(m, KG.beginIndex))
    g.set((m, KG.beginIndex, Literal(begin + 1, datatype=XSD.nonNegativeInteger)))


def offsets_past_the_end(g):
    m = _a_mention(g)
    g.set((m, KG.endIndex, Literal(10_000, datatype=XSD.nonNegativeInteger)))


def wrong_anchor(g):
    m = _a_mention(g)
    g.set((m, KG.anchorOf, Literal("something else")))


def drop_entity_label(g):
    g.remove((_an_entity(g), RDFS.label, None))


def drop_paper_label(g):
    g.remove((next(g.subjects(RDF.type, KG.Paper)), RDFS.label, None))


def two_abstracts(g):
    g.add((next(g.subjects(RDF.type, KG.Paper)), URIRef("http://purl.org/dc/terms/abstract"), Literal("another")))


def two_types(g):
    g.add((_an_entity(g), RDF.type, KG.Method))


def points_to_a_paper(g):
    paper = next(g.subjects(RDF.type, KG.Paper))
    g.add((paper, KG.uses, paper))


def mention_without_entity(g):
    g.remove((_a_mention(g), KG.denotes, None))


def statement_not_asserted(g):
    st = sorted(g.subjects(RDF.type, KG.Statement))[0]
    g.remove((g.value(st, RDF.subject), g.value(st, RDF.predicate), g.value(st, RDF.object)))


def _first(g, cls):
    return sorted(g.subjects(RDF.type, cls))[0]


def relation_mention_past_the_end(g):
    g.set((_first(g, KG.RelationMention), KG.endIndex, Literal(10_000, datatype=XSD.nonNegativeInteger)))


def result_value_moved(g):
    r = _first(g, KG.Result)
    g.set((r, KG.beginIndex, Literal(int(g.value(r, KG.beginIndex)) + 1, datatype=XSD.nonNegativeInteger)))


def result_of_no_paper(g):
    g.remove((None, KG.reports, _first(g, KG.Result)))


@pytest.mark.parametrize("edit,expected", [
    (shift_offsets, "anchor text is not the abstract's slice"),
    (offsets_past_the_end, "offsets not inside the abstract"),
    (wrong_anchor, "anchor text is not the abstract's slice"),
    (drop_entity_label, "exactly one non-empty rdfs:label"),
    (drop_paper_label, "A paper has exactly one non-empty rdfs:label"),
    (two_abstracts, "exactly one non-empty dcterms:abstract"),
    (two_types, "exactly one of the types"),
    (points_to_a_paper, "points to an entity"),
    (mention_without_entity, "denotes exactly one entity"),
    (statement_not_asserted, "is not asserted as a triple"),
    (relation_mention_past_the_end, "offsets not inside the abstract"),
    (result_value_moved, "value is not the abstract's slice"),
    (result_of_no_paper, "A result is reported by exactly one paper"),
], ids=lambda v: getattr(v, "__name__", ""))
def test_broken_graph_is_reported(small, shapes, edit, expected):
    assert validate(small, shapes)[0]
    conforms, text = validate(broken(small, edit), shapes)
    assert not conforms
    assert expected in text, text[:3000]
