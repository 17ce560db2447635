"""Named SPARQL queries (queries/*.rq) on the real corpus, on Oxigraph and on rdflib (the reference engine)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import kg.cli
from kg.query import QUERIES_DIR, load_graph, named_queries, named_query, run_query

# the parameters each named query is run with here (labels as the extractor gives them)
PARAMS = {
    "papers-addressing-problem": {"problem": "emergent misalignment"},
    "most-used-benchmarks": {},
    "methods-proposed-for-problem": {"problem": "train-inference mismatch"},
    "papers-sharing-entities": {"paper": "MemDLM"},
    "models-used-with-method": {"method": "fine-tuning"},
    "problems-by-papers": {},
    "evidence-for-link": {"paper": "TRADE", "entity": "word error rate"},
    "results-on-benchmark": {"benchmark": "ted-lium"},
}
SPEECH_BENCHMARKS = {"Open ASR Leaderboard", "TED-LIUM", "Earnings-22", "LibriSpeech"}


def run(capsys, *argv) -> tuple[int, str, str]:
    rc = kg.cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return rc, out, err


@pytest.fixture(scope="module")
def ttl(corpus_export):
    return corpus_export / "graph.ttl"


@pytest.fixture(scope="module")
def engines(ttl):
    return {"oxigraph": load_graph(ttl), "rdflib": load_graph(ttl, "rdflib")}


def rows(engines, name, engine="oxigraph") -> list[dict]:
    result = run_query(engines[engine], named_query(name).text, PARAMS[name])
    return [dict(zip(result.variables, row)) for row in result.rows]


def papers_linked(graph, entity: str, roles=None) -> set[str]:
    return {p for p, _, r in graph.graph.in_edges(entity, keys=True)
            if graph.graph.nodes[p]["type"] == "Paper" and (roles is None or r in roles)}


# ------------------------------------------------------------------ the folder


def test_the_eight_named_queries_exist():
    assert {q.name for q in named_queries()} == set(PARAMS)


@pytest.mark.parametrize("name", sorted(PARAMS))
def test_query_file_starts_with_a_description_and_declares_its_params(name):
    text = (QUERIES_DIR / f"{name}.rq").read_text(encoding="utf-8")
    assert re.match(r"# \S.{10,}\n", text)
    assert [p for p, _ in named_query(name).params] == list(PARAMS[name])


def test_list(capsys):
    rc, out, err = run(capsys, "query", "--list")
    assert rc == 0 and err == ""
    for q in named_queries():
        assert re.search(rf"^{re.escape(q.name)}\s+{re.escape(q.description)}$", out, re.M)
    assert "--param problem=" in out


# ------------------------------------------------------ pinned rows on the corpus


def test_papers_addressing_emergent_misalignment(engines, corpus_graph):
    found = rows(engines, "papers-addressing-problem")
    assert len(found) >= 3
    expected = papers_linked(corpus_graph, corpus_graph.find("emergent misalignment"), {"addresses"})
    assert {r["paper"] for r in found} == expected


def test_most_used_benchmarks(engines, corpus_graph):
    found = rows(engines, "most-used-benchmarks")
    assert found[0]["label"] == "ImageNet" and int(found[0]["papers"]) >= 4
    counts = [int(r["papers"]) for r in found]
    assert counts == sorted(counts, reverse=True)
    for r in found:
        assert int(r["papers"]) == len(papers_linked(corpus_graph, r["benchmark"]))


def test_methods_proposed_for_train_inference_mismatch(engines):
    found = rows(engines, "methods-proposed-for-problem")
    assert len({r["paper"] for r in found}) >= 4
    assert "MemDLM" in {r["label"] for r in found}
    assert all(r["method"].startswith("https://w3id.org/litkg/id/method/") for r in found)


def test_papers_sharing_entities_with_memdlm(engines, corpus_graph):
    found = rows(engines, "papers-sharing-entities")
    assert "OPDLM" in {r["label"] for r in found}
    memdlm = next(p["iri"] for p in corpus_graph.papers() if p["label"] == "MemDLM")
    mine = set(corpus_graph.graph.successors(memdlm))
    for r in found:
        shared = mine & set(corpus_graph.graph.successors(r["other"]))
        assert int(r["shared"]) == len(shared) >= 2


def test_models_used_with_fine_tuning(engines):
    found = rows(engines, "models-used-with-method")
    assert found[0]["label"] == "large language models" and int(found[0]["papers"]) >= 4
    assert len(found) >= 5


@pytest.mark.parametrize("engine", ["oxigraph", "rdflib"])
def test_a_query_for_one_type_matches_only_entities_of_that_type(engines, engine):
    """"large language models" is a Model and "machine learning" a Method: asked for as a method or a problem,
    they name nothing (not themselves, through their own label)."""
    linked = "ASK { ?e a kg:%s ; rdfs:label \"%s\" . ?p kg:%s ?e }"  # what a match by label alone would find
    assert run_query(engines[engine], linked % ("Model", "large language models", "uses"), {}).rows == (("true",),)
    assert run_query(engines[engine], linked % ("Method", "machine learning", "addresses"), {}).rows == (("true",),)
    text = named_query("models-used-with-method").text
    assert run_query(engines[engine], text, {"method": "large language models"}).rows == ()
    text = named_query("papers-addressing-problem").text
    assert run_query(engines[engine], text, {"problem": "machine learning"}).rows == ()


def test_problems_by_papers(engines, corpus_graph):
    found = rows(engines, "problems-by-papers")
    top = {r["label"]: int(r["addressing"]) for r in found[:5]}
    assert top.get("train-inference mismatch", 0) >= 6
    for r in found:
        assert int(r["addressing"]) == len(papers_linked(corpus_graph, r["problem"], {"addresses"}))
        assert int(r["papers"]) == len(papers_linked(corpus_graph, r["problem"])) >= int(r["addressing"])
    ones = [r["label"] for r in found if int(r["addressing"]) == 1]
    assert ones == sorted(ones, key=str.lower) != sorted(ones)  # "AI safety" among the a's, not before them


def test_evidence_for_trade_and_word_error_rate(engines):
    found = rows(engines, "evidence-for-link")
    assert len(found) >= 1
    for r in found:
        assert r["label"] == "word error rate"  # the entity each row is about
        assert r["anchor"] in r["sentence"] and int(r["begin"]) < int(r["end"])
        assert r["role"] in {"uses", "evaluatesOn", "mentions", "proposes", "addresses"}
        assert 0 < float(r["confidence"]) < 1


@pytest.mark.parametrize("engine", ["oxigraph", "rdflib"])
def test_results_on_ted_lium(engines, engine):
    found = rows(engines, "results-on-benchmark", engine)
    assert {(r["value"], r["metric"], r["paperLabel"]) for r in found} >= {("3.64%", "word error rate", "TRADE")}
    assert all(r["value"] in r["sentence"] and "TED-LIUM" in r["sentence"] for r in found)


@pytest.mark.parametrize("engine", ["oxigraph", "rdflib"])
def test_results_on_a_benchmark_given_by_iri_are_listed_once(engines, engine):
    """ImageNet has an alias (ImageNet-1k): by IRI, each result is still one row, as by name."""
    imagenet = "https://w3id.org/litkg/id/benchmark/imagenet"
    text = named_query("results-on-benchmark").text
    by_iri = run_query(engines[engine], text, {"benchmark": imagenet}).rows
    by_name = run_query(engines[engine], text, {"benchmark": "imagenet"}).rows
    results = run_query(engines[engine], "SELECT ?r WHERE { ?r kg:benchmark ?b }", {"b": imagenet}).rows
    assert len(by_iri) == len(results) >= 1
    assert by_iri == by_name


def test_trade_evaluates_on_speech_benchmarks(engines):
    result = run_query(engines["oxigraph"], "SELECT ?label WHERE { ?p rdfs:label ?paper ; kg:evaluatesOn ?b . "
                                            "?b rdfs:label ?label }", {"paper": "TRADE"})
    assert len({label for (label,) in result.rows} & SPEECH_BENCHMARKS) >= 2


# ------------------------------------------------------------ the two engines


@pytest.mark.parametrize("name", sorted(PARAMS))
def test_both_engines_give_the_same_rows(engines, name):
    assert rows(engines, name, "oxigraph") == rows(engines, name, "rdflib")
    assert rows(engines, name, "oxigraph")


def test_select_star_has_the_same_columns_on_both_engines_every_run(engines):
    # rdflib listed SELECT *'s variables in set order: another order each run (7 variables: 5,040 orders)
    query = """SELECT * WHERE { ?paper kg:proposes ?method ; rdfs:label ?title . ?method rdfs:label ?name ; kg:support ?support .
                                ?mention kg:inPaper ?paper ; kg:denotes ?method ; kg:beginIndex ?begin }"""
    columns = ("begin", "mention", "method", "name", "paper", "support", "title")
    assert run_query(engines["oxigraph"], query).variables == columns
    assert run_query(engines["rdflib"], query).variables == columns
    rows = run_query(engines["rdflib"], query).rows
    assert {r[columns.index("name")] for r in rows} >= {"MemDLM", "TRADE"}  # each value under its own column
    assert run_query(engines["rdflib"], "SELECT ?title ?paper WHERE { ?paper rdfs:label ?title }").variables == ("title", "paper")


def test_rdflib_engine_binds_params_as_terms(engines):
    hostile = 'x" } UNION { ?e ?p ?label } #'
    result = run_query(engines["rdflib"], "SELECT ?e WHERE { ?e rdfs:label ?label }", {"label": hostile})
    assert result.rows == ()


# ------------------------------------------------------------------- the command


def test_named_query_from_the_command(ttl, capsys):
    rc, out, err = run(capsys, "query", ttl, "--named", "papers-addressing-problem",
                       "--param", "problem=train-inference mismatch", "--format", "json")
    assert rc == 0, err
    assert "MemDLM" in {r["label"] for r in json.loads(out)}


@pytest.mark.parametrize("engine", ["oxigraph", "rdflib"])
def test_json_keeps_numbers_and_booleans(ttl, capsys, engine):
    rc, out, err = run(capsys, "query", ttl, "--named", "most-used-benchmarks", "--engine", engine, "--format", "json")
    assert rc == 0, err
    top = json.loads(out)[0]
    assert top["label"] == "ImageNet" and isinstance(top["papers"], int) and top["papers"] >= 4
    rc, out, err = run(capsys, "query", ttl, "ASK { ?p kg:proposes ?e }", "--engine", engine, "--format", "json")
    assert json.loads(out) == [{"result": True}]
    rc, out, err = run(capsys, "query", ttl, "SELECT (xsd:double('INF') AS ?v) (0.25 AS ?d) WHERE {}",
                       "--engine", engine, "--format", "json")
    (row,) = json.loads(out)
    assert row["d"] == 0.25 and row["v"].lower() == "inf"  # JSON has no infinity: the text stays


@pytest.mark.parametrize("fmt,engine", [("nt", "rdflib"), ("jsonld", "oxigraph")])
def test_query_other_formats_with_either_engine(corpus_graph, tmp_path_factory, capsys, fmt, engine):
    folder = tmp_path_factory.getbasetemp() / f"query_{fmt}"
    path = folder / f"graph.{fmt}"
    if not path.exists():
        corpus_graph.write(folder, [path.name])
    rc, out, err = run(capsys, "query", path, "--named", "most-used-benchmarks", "--engine", engine, "--format", "csv")
    assert rc == 0, err
    assert out.splitlines()[1].startswith("https://w3id.org/litkg/id/benchmark/imagenet,ImageNet,")


@pytest.mark.parametrize("argv,message", [
    (["--named", "papers-addressing-problem"], "missing --param problem"),
    (["--named", "papers-addressing-problem", "--param", "problem=x", "--param", "typo=y"], "unknown --param typo"),
    (["--named", "no-such-query"], "available: evidence-for-link"),
    (["--named", "most-used-benchmarks", "SELECT ?s WHERE { ?s ?p ?o }"], "give one query"),
    (["--named", "papers-addressing-problem", "--param", "problem=x", "--param", "problem=y"],
     "--param problem is given twice"),
    (["--list", "--named", "most-used-benchmarks"], "--list lists the named queries and runs none"),
    (["--list", "SELECT ?s WHERE { ?s ?p ?o }"], "--list lists the named queries and runs none"),
])
def test_named_query_errors_exit_2(ttl, capsys, argv, message):
    rc, out, err = run(capsys, "query", ttl, *argv)
    assert rc == 2 and out == ""
    assert len(err.splitlines()) == 1 and message in err, err


@pytest.mark.parametrize("engine", ["oxigraph", "rdflib"])
def test_service_is_refused_before_any_request(ttl, capsys, engine):
    query = "SELECT * WHERE { SERVICE <http://127.0.0.1:9/sparql> { ?s ?p ?o } }"
    rc, out, err = run(capsys, "query", ttl, query, "--engine", engine)
    assert rc == 2 and out == "" and err == "kg: error: SERVICE is not supported: kg query reads the graph file only, offline\n"
    rc, out, err = run(capsys, "query", ttl, 'SELECT ?l WHERE { ?s rdfs:label ?l FILTER(?l = "SERVICE") }')
    assert rc == 0, err  # the word in a string is not the keyword


@pytest.mark.parametrize("engine", ["oxigraph", "rdflib"])
@pytest.mark.parametrize("query,keyword", [
    ("INSERT DATA { <http://a> <http://b> <http://c> }", "INSERT"),
    ("PREFIX ex: <http://example.org/> delete where { ?s ex:p ?o }", "DELETE"),
    ("CLEAR ALL", "CLEAR"),
])
def test_an_update_is_named_as_such_not_invalid_sparql(ttl, capsys, engine, query, keyword):
    # before: "invalid SPARQL: Expected {SelectQuery | …}, found 'INSERT'", of a valid SPARQL update
    before = ttl.read_bytes()
    rc, out, err = run(capsys, "query", ttl, query, "--engine", engine)
    assert rc == 2 and out == "" and err == ("kg: error: only SELECT, ASK, CONSTRUCT and DESCRIBE queries are supported "
                                             f"({keyword} is an update; kg query never changes the graph file)\n")
    assert ttl.read_bytes() == before
    rc, out, err = run(capsys, "query", ttl, "SELECT ?insert WHERE { ?insert a kg:Paper } LIMIT 1", "--engine", engine)
    assert rc == 0, err  # a variable named like the keyword is not an update


@pytest.mark.parametrize("engine", ["oxigraph", "rdflib"])
def test_a_param_iri_that_is_not_an_iri_is_named(ttl, capsys, engine):
    rc, out, err = run(capsys, "query", ttl, "SELECT ?s WHERE { ?s ?p ?o }", "--param", "s=http://a b", "--engine", engine)
    assert rc == 2 and out == "" and err.startswith("kg: error: --param s: 'http://a b' is not a valid IRI (")


def test_a_folder_given_as_the_graph_is_named(tmp_path, capsys):
    folder = tmp_path / "exports"
    folder.mkdir()
    rc, out, err = run(capsys, "query", folder, "SELECT ?s WHERE { ?s ?p ?o }")
    assert rc == 2 and err == f"kg: error: {folder}: is a directory; give the graph file in it (for example {folder / 'graph.ttl'})\n"


def test_a_folder_given_as_the_query_file_is_named(ttl, tmp_path, capsys):
    # before: "is a directory; pass the files in it (for example …/*.txt)", the advice for kg build's inputs
    rc, out, err = run(capsys, "query", ttl, "--file", tmp_path)
    assert rc == 2 and out == "" and err == f"kg: error: {tmp_path}: is a directory; give the query file (.rq) in it\n"


def test_query_without_graph_exits_2(capsys):
    rc, _, err = run(capsys, "query", "--named", "most-used-benchmarks")
    assert rc == 2 and "graph file" in err


@pytest.mark.parametrize("engine", ["oxigraph", "rdflib"])
def test_named_query_params_match_names_in_any_case_and_iris(engines, engine):
    def papers(value):
        result = run_query(engines[engine], named_query("papers-addressing-problem").text, {"problem": value})
        return sorted(row[0] for row in result.rows)

    exact = papers("train-inference mismatch")
    assert exact and papers("Train-Inference MISMATCH") == exact
    assert papers("https://w3id.org/litkg/id/problem/train-inference-mismatch") == exact


DOCS_RDF = Path(__file__).resolve().parents[1] / "docs" / "rdf.md"
DOC_QUERIES = re.findall(r"```sparql\n(.*?)```", DOCS_RDF.read_text(encoding="utf-8"), re.S)


@pytest.mark.parametrize("engine", ["oxigraph", "rdflib"])
@pytest.mark.parametrize("query", DOC_QUERIES, ids=[q.split("\n")[0][:40] for q in DOC_QUERIES])
def test_the_sparql_of_docs_rdf_runs_and_finds_rows(engines, engine, query):
    assert run_query(engines[engine], query).rows
