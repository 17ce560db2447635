"""RDF as an interface: Turtle, N-Triples and JSON-LD exports (byte-identical, lossless round trips), the
published JSON-LD context, statements with confidence, entity support and the build's provenance."""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import re
from decimal import Decimal

import pytest
from common import canonical
import rdflib
from rdflib import Literal, URIRef
from rdflib.namespace import PROV, RDF, XSD

import kg
import kg.cli
from kg.export import write_exports
from kg.export.rdf_formats import ntriples_bytes
from kg.namespace import KG
from kg.ontology import CONTEXT_PATH, render_context
from kg.rdf import confidence, from_rdf, read_rdf, statement_iri, to_rdf

FORMATS = {"ttl": "graph.ttl", "nt": "graph.nt", "jsonld": "graph.jsonld"}




@pytest.fixture(scope="module")
def exports(corpus_path, tmp_path_factory):
    """``kg build corpus --format ttl,nt,jsonld``: the folder and the command's output."""
    out = tmp_path_factory.mktemp("all_formats")
    stdout, stderr = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
        rc = kg.cli.main(["build", str(corpus_path), "--out", str(out), "--format", "ttl,nt,jsonld"])
    assert rc == 0, stderr.getvalue()
    return out, stdout.getvalue()


@pytest.fixture(scope="module")
def parsed(exports):
    out, _ = exports
    return {fmt: read_rdf(out / name) for fmt, name in FORMATS.items()}


def test_build_writes_every_format(exports):
    out, stdout = exports
    assert sorted(p.name for p in out.iterdir()) == ["graph.html", "graph.json", "graph.jsonld", "graph.nt", "graph.ttl"]
    for name in ["graph.ttl", "graph.nt", "graph.jsonld", "graph.json", "graph.html"]:
        assert f"wrote      {out / name}" in stdout


def test_formats_hold_the_same_triples(parsed):
    ttl = set(parsed["ttl"])
    assert len(ttl) > 10_000
    assert set(parsed["nt"]) == ttl
    assert set(parsed["jsonld"]) == ttl


def test_exports_are_byte_identical_for_identical_input(exports, corpus_export, corpus_graph, tmp_path):
    out, _ = exports
    assert (out / "graph.ttl").read_bytes() == (corpus_export / "graph.ttl").read_bytes()
    again = tmp_path / "again"
    write_exports(corpus_graph.graph, again, ("graph.nt", "graph.jsonld"))
    for name in ("graph.nt", "graph.jsonld"):
        assert (again / name).read_bytes() == (out / name).read_bytes(), name


def test_ntriples_lines_are_sorted(exports):
    lines = (exports[0] / "graph.nt").read_bytes().splitlines()
    assert lines == sorted(lines) and len(lines) == len(set(lines))


def test_ntriples_are_written_as_rdflib_writes_them_without_its_graph(corpus_graph):
    # the export formats the triples itself (kg.export.rdf_formats): quotes, backslashes
    # and non-ASCII text must come out as rdflib's N-Triples serializer writes them
    text = ('We propose "QuoteNet", a C:\\path-free and naïve detector.\nIt reduces the "over-\\fitting" '
            "problem of large language models on ImageNet by 3.2% in accuracy.")
    G = kg.from_texts([text]).graph
    lines = to_rdf(G).serialize(format="nt", encoding="utf-8").splitlines(keepends=True)
    expected = b"".join(sorted(set(line for line in lines if line.strip())))
    assert ntriples_bytes(G) == expected
    assert b'\\"QuoteNet\\"' in expected and "naïve".encode() in expected
    assert ntriples_bytes(corpus_graph.graph) == b"".join(sorted(set(
        line for line in to_rdf(corpus_graph.graph).serialize(format="nt", encoding="utf-8").splitlines(keepends=True)
        if line.strip())))


def test_turtle_and_ntriples_written_together_format_the_triples_once(tmp_path, monkeypatch):
    import kg.rdf
    calls, real = [], kg.rdf.add_triples
    monkeypatch.setattr(kg.rdf, "add_triples", lambda g, G: calls.append(type(g).__name__) or real(g, G))
    small = kg.from_texts(["We propose FooNet, a transformer that mitigates exposure bias on ImageNet."])
    small.write(tmp_path, ["graph.ttl", "graph.nt"])
    assert calls == ["_Lines"]
    small.write(tmp_path / "again", ["graph.nt"])
    assert calls == ["_Lines", "_Lines"]  # shared only within one write
    assert (tmp_path / "graph.nt").read_bytes() == (tmp_path / "again" / "graph.nt").read_bytes()


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_round_trip(fmt, parsed, corpus_graph):
    """Each file rebuilds the networkx graph losslessly (from_rdf of the parsed file)."""
    G, H = corpus_graph.graph, from_rdf(parsed[fmt])
    assert set(H.nodes) == set(G.nodes)
    assert sorted(H.edges(keys=True)) == sorted(G.edges(keys=True))
    for node, data in G.nodes(data=True):
        assert canonical(H.nodes[node]) == canonical(data), node
    for u, v, k, data in G.edges(keys=True, data=True):
        assert canonical(H.edges[u, v, k]) == canonical(data), (u, v, k)
    assert H.graph == G.graph


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_load_reads_each_format_by_extension(fmt, tmp_path):
    small = kg.from_texts(["We propose FooNet, a transformer that mitigates exposure bias on ImageNet."])
    path = small.write(tmp_path, [FORMATS[fmt]])[0]
    loaded = kg.load(path)
    assert set(loaded.graph.nodes) == set(small.graph.nodes)
    assert sorted(loaded.graph.edges(keys=True)) == sorted(small.graph.edges(keys=True))
    assert loaded.graph.graph == small.graph.graph


def test_load_rejects_unknown_extension(tmp_path):
    path = tmp_path / "graph.rdf"
    path.write_text("<a> <b> <c> .\n", encoding="utf-8")
    with pytest.raises(kg.InputError, match=r"\.jsonld"):
        kg.load(path)


def test_load_of_the_page_data_points_to_the_rdf_beside_it(tmp_path):
    path = tmp_path / "graph.json"
    path.write_text("{}", encoding="utf-8")
    with pytest.raises(kg.InputError, match=r"graph\.json: the HTML page's data, not RDF; give the graph\.ttl"):
        kg.load(path)


@pytest.mark.parametrize("fmt,text", [("nt", "<a> <b> .\n"), ("jsonld", '{"@graph": [ }'),
                                      ("ttl", "@prefix kg: <https://w3id.org/litkg/ontology#> .\n<http://a> kg:b .\n")])
def test_load_rejects_malformed_file_saying_where(tmp_path, fmt, text):
    path = tmp_path / FORMATS[fmt]
    path.write_text(text, encoding="utf-8")
    with pytest.raises(kg.InputError) as info:
        kg.load(path)
    assert str(info.value).startswith(f"{path}: not valid ") and "\n" not in str(info.value)
    assert re.search(r"\bline \d+\b.*\bcolumns? \d+", str(info.value)), info.value


def test_unknown_format_exits_2_and_writes_nothing(corpus_path, tmp_path, capsys):
    rc = kg.cli.main(["build", str(corpus_path), "--out", str(tmp_path / "out"), "--format", "ttl,rdfxml"])
    out, err = capsys.readouterr()
    assert rc == 2 and out == "" and "rdfxml" in err and len(err.splitlines()) == 1
    assert not (tmp_path / "out").exists()


# ------------------------------------------------------------------ JSON-LD context


def test_jsonld_embeds_the_published_context(exports):
    doc = json.loads((exports[0] / "graph.jsonld").read_text(encoding="utf-8"))
    published = json.loads(CONTEXT_PATH.read_text(encoding="utf-8"))
    assert doc["@context"] == published["@context"]
    ids = [node["@id"] for node in doc["@graph"]]
    assert ids == sorted(ids) and len(ids) == len(set(ids))


def test_context_is_up_to_date():
    assert render_context() == CONTEXT_PATH.read_text(encoding="utf-8"), \
        "ontology/context.jsonld is stale: run python -m kg.ontology"


def test_context_has_a_term_for_every_property_and_class_of_the_export(parsed):
    context = json.loads(CONTEXT_PATH.read_text(encoding="utf-8"))["@context"]
    prefixes = {k: v for k, v in context.items() if isinstance(v, str) and v.endswith(("#", "/"))}
    expand = {}
    for term, definition in context.items():
        iri = definition if isinstance(definition, str) else definition["@id"]
        prefix, _, local = iri.partition(":")
        expand[term] = prefixes.get(prefix, prefix + ":") + local
    used = {str(p) for p in parsed["ttl"].predicates() if p != RDF.type}
    used |= {str(o) for o in parsed["ttl"].objects(None, RDF.type)}
    assert used - set(expand.values()) == set()


# --------------------------------------------------- statements, support, provenance


def test_every_edge_has_a_statement_with_its_mentions_and_confidence(corpus_graph, parsed):
    g, G = parsed["ttl"], corpus_graph.graph
    base = G.graph["base"]
    statements = set(g.subjects(RDF.type, KG.Statement))
    edges = [(u, v, k, d) for u, v, k, d in G.edges(keys=True, data=True) if G.nodes[u]["type"] == "Paper"]
    assert len(statements) == len(edges) > 500
    for u, v, k, data in edges:
        st = statement_iri(u, k, v, base)
        assert st in statements
        assert (st, RDF.subject, URIRef(u)) in g and (st, RDF.object, URIRef(v)) in g
        assert (st, RDF.predicate, KG[k]) in g
        assert len(set(g.subjects(KG.evidenceFor, st))) == len(data["evidence"])
        assert g.value(st, KG.confidence) == Literal(confidence(len(data["evidence"])), datatype=XSD.decimal)


def test_confidence_grows_with_evidence():
    assert [confidence(n) for n in (1, 2, 3)] == [Decimal("0.500"), Decimal("0.667"), Decimal("0.750")]


def test_entities_carry_their_support(corpus_graph, parsed):
    g = parsed["ttl"]
    for entity in corpus_graph.entities():
        assert int(g.value(URIRef(entity["iri"]), KG.support)) == len(entity["papers"])


def test_build_activity_records_software_and_input_hashes(corpus_path, parsed):
    g = parsed["ttl"]
    builds = list(g.subjects(RDF.type, KG.Build))
    assert len(builds) == 1 and (builds[0], RDF.type, PROV.Activity) in g
    agent = g.value(builds[0], PROV.wasAssociatedWith)
    assert str(g.value(agent, URIRef("https://schema.org/softwareVersion"))) == kg.__version__
    inputs = list(g.objects(builds[0], PROV.used))
    assert len(inputs) == 1
    assert str(g.value(inputs[0], KG.sha256)) == hashlib.sha256(corpus_path.read_bytes()).hexdigest()
    assert str(g.value(inputs[0], rdflib.RDFS.label)) == corpus_path.name
    assert g.value(builds[0], PROV.endedAtTime) is None  # no wall-clock time unless SOURCE_DATE_EPOCH is set
    assert set(g.objects(None, PROV.wasGeneratedBy)) == {builds[0]}


def test_source_date_epoch_sets_the_build_time(tmp_path, monkeypatch):
    source = tmp_path / "one.txt"
    source.write_text("We propose FooNet, a transformer that mitigates exposure bias on ImageNet.\n", encoding="utf-8")
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    g = to_rdf(kg.build(source).graph)
    build = next(g.subjects(RDF.type, KG.Build))
    assert g.value(build, PROV.endedAtTime) == Literal("2023-11-14T22:13:20+00:00", datatype=XSD.dateTime)
    assert from_rdf(g).graph["provenance"]["time"] == "2023-11-14T22:13:20+00:00"
