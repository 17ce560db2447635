"""The ``kg`` command: build, query and stats on the real corpus; exit codes and messages on bad input; HTML safety."""

from __future__ import annotations

import contextlib
import csv
import io
import json
import logging
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import rdflib

import kg.cli

MISMATCH_IRI = "https://w3id.org/litkg/id/problem/train-inference-mismatch"
ADDRESSING = ("SELECT ?paper ?title WHERE { ?paper kg:addresses <%s> ; rdfs:label ?title } ORDER BY ?title"
              % MISMATCH_IRI)


def run(capsys, *argv) -> tuple[int, str, str]:
    rc = kg.cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return rc, out, err


def table_rows(out: str) -> int:
    match = re.search(r"^\((\d+) rows?\)$", out, re.M)
    assert match, out
    return int(match.group(1))


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


@pytest.fixture(scope="module")
def ttl(corpus_export) -> Path:
    return corpus_export / "graph.ttl"


# ---------------------------------------------------------------------- build


def test_build_writes_three_files_and_prints_summary(corpus_path, corpus_export, tmp_path, capsys):
    out_dir = tmp_path / "second"
    rc, out, err = run(capsys, "build", corpus_path, "--out", out_dir)
    assert rc == 0, err
    assert sorted(p.name for p in out_dir.iterdir()) == ["graph.html", "graph.json", "graph.ttl"]
    lines = out.splitlines()
    assert lines[0].split() == ["papers", "80"]
    assert lines[1].startswith("nodes") and "Problem" in lines[1] and "Method" in lines[1]
    edges = re.fullmatch(r"edges\s+(\d+) \((.*)\)", lines[2])
    assert edges, lines[2]
    by_role = {role: int(n) for n, role in (part.split() for part in edges.group(2).split(", "))}
    assert {"proposes", "addresses", "uses", "evaluatesOn"} <= set(by_role)
    assert sum(by_role.values()) == int(edges.group(1))
    assert re.search(r"train-inference mismatch \(\d+\)", out)
    for name in ("graph.ttl", "graph.json", "graph.html"):
        assert f"wrote      {out_dir / name}" in out
    assert err == ""
    # identical input → byte-identical exports, whatever the folder
    for name in ("graph.ttl", "graph.json"):
        assert (out_dir / name).read_bytes() == (corpus_export / name).read_bytes(), name


def test_verbose_build_names_the_files_the_user_gets(tmp_path, capsys, caplog):
    source = tmp_path / "two.txt"
    source.write_text("Daily Papers\n\nWe propose FooNet, which reduces label noise on ImageNet with a new loss.\n",
                      encoding="utf-8")
    caplog.set_level(logging.INFO, logger="kg")
    rc, _, err = run(capsys, "-v", "build", source, "--out", tmp_path / "out")
    assert rc == 0, err
    wrote = [r.getMessage() for r in caplog.records if r.getMessage().startswith("wrote ")]
    assert [m.split()[1] for m in wrote] == [str(tmp_path / "out" / n) for n in ("graph.ttl", "graph.json", "graph.html")]


def test_verbose_build_logs_each_stage(tmp_path, capsys, caplog):
    source = tmp_path / "one.txt"
    source.write_text("We propose FooNet, which reduces label noise on ImageNet with a new loss.\n", encoding="utf-8")
    caplog.set_level(logging.INFO, logger="kg")
    rc, _, err = run(capsys, "build", source, "--out", tmp_path / "out", "--rules-only", "-v")
    assert rc == 0, err
    stages = [r.getMessage().split(":")[0] for r in caplog.records if r.name.startswith("kg")]
    assert {"extract", "resolve", "graph"} <= set(stages), stages


@pytest.mark.parametrize("argv, verbose", [
    (["build", "in.txt", "--out", "o", "-v"], True), (["-v", "build", "in.txt", "--out", "o"], True),
    (["build", "in.txt", "--out", "o"], False), (["stats", "g.ttl", "--verbose"], True),
])
def test_verbose_is_taken_before_or_after_the_command(argv, verbose):
    assert kg.cli.make_parser().parse_args(argv).verbose is verbose


def test_stats_reads_the_default_export_and_top_takes_a_type_in_any_case(tmp_path, capsys, monkeypatch):
    source = tmp_path / "one.txt"
    source.write_text("We propose FooNet, which reduces catastrophic forgetting on ImageNet with a new loss.\n",
                      encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert run(capsys, "build", source, "--out", "exports", "--rules-only")[0] == 0
    rc, out, err = run(capsys, "stats")
    assert rc == 0 and out.startswith("papers     1"), err
    rc, out, err = run(capsys, "top", "--type", "problem")
    assert rc == 0 and "catastrophic forgetting" in out, err


def test_build_and_stats_summarise_one_graph_alike(tmp_path, capsys):
    # before: roles of equal counts in the order of the edges, another once the graph was read back
    # (build "2 evaluatesOn, 2 proposes, 2 mitigates", stats "2 mitigates, 2 evaluatesOn, 2 proposes")
    source = tmp_path / "two.txt"
    source.write_text("We propose FooNet, a method that addresses catastrophic forgetting in large language models, "
                      "evaluated on ImageNet.\n\nWe propose BarNet, which mitigates exposure bias in speech recognition "
                      "on LibriSpeech.\n", encoding="utf-8")
    rc, built, err = run(capsys, "build", source, "--out", tmp_path / "out")
    assert rc == 0, err
    rc, stats, err = run(capsys, "stats", tmp_path / "out" / "graph.ttl")
    assert rc == 0, err
    edges = [line for line in built.splitlines() if line.startswith("edges")]
    assert edges == [line for line in stats.splitlines() if line.startswith("edges")]
    assert re.search(r"\b2 evaluatesOn, 2 mitigates, 2 proposes\b", edges[0]), edges


def test_exports_are_well_formed(corpus_export):
    data = json.loads((corpus_export / "graph.json").read_text(encoding="utf-8"))
    assert sum(1 for n in data["nodes"] if n["type"] == "Paper") == 80
    assert data["links"] and all(link["key"] == link.get("role", link.get("relation")) for link in data["links"])
    html = (corpus_export / "graph.html").read_text(encoding="utf-8")
    assert html.lstrip().lower().startswith("<!doctype html>")
    assert "MemDLM" in html


def test_exports_leave_no_temporary_files(corpus_export):
    assert sorted(p.name for p in corpus_export.iterdir()) == ["graph.html", "graph.json", "graph.ttl"]


# ---------------------------------------------------------------------- query


def test_query_papers_addressing_train_inference_mismatch(ttl, capsys):
    rc, out, err = run(capsys, "query", ttl, ADDRESSING)
    assert rc == 0, err
    assert table_rows(out) >= 6
    assert re.search(r"\bMemDLM\b", out)


def test_query_csv(ttl, capsys):
    rc, out, _ = run(capsys, "query", ttl, ADDRESSING, "--format", "csv")
    assert rc == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert len(rows) >= 6
    assert set(rows[0]) == {"paper", "title"}
    assert "MemDLM" in {r["title"] for r in rows}
    assert all(r["paper"].startswith("https://w3id.org/litkg/id/paper/") for r in rows)


def test_query_tsv(ttl, capsys):
    rc, out, _ = run(capsys, "query", ttl, ADDRESSING, "--format", "tsv")
    assert rc == 0
    rows = list(csv.DictReader(io.StringIO(out), delimiter="\t"))
    assert len(rows) >= 6 and "MemDLM" in {r["title"] for r in rows}


def test_query_json(ttl, capsys):
    rc, out, _ = run(capsys, "query", ttl, ADDRESSING, "--format", "json")
    assert rc == 0
    rows = json.loads(out)
    assert isinstance(rows, list) and len(rows) >= 6
    assert "MemDLM" in {r["title"] for r in rows}


def test_query_from_file(ttl, tmp_path, capsys):
    query = tmp_path / "q.rq"
    query.write_text(ADDRESSING + "\n", encoding="utf-8")
    rc, out, _ = run(capsys, "query", ttl, "--file", query, "--format", "json")
    assert rc == 0
    assert "MemDLM" in {r["title"] for r in json.loads(out)}


def test_query_file_missing(ttl, tmp_path, capsys):
    rc, out, err = run(capsys, "query", ttl, "--file", tmp_path / "absent.rq")
    assert rc == 2 and out == ""
    assert "absent.rq" in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("content", [b"\xff\xfeSELECT", b""])
def test_query_file_not_utf8_or_empty(ttl, tmp_path, capsys, content):
    query = tmp_path / "bad.rq"
    query.write_bytes(content)
    rc, out, err = run(capsys, "query", ttl, "--file", query)
    assert rc == 2 and out == ""
    assert "bad.rq" in err and len(err.strip().splitlines()) == 1


def test_query_param_binds_a_literal(ttl, capsys):
    sparql = ("SELECT ?paper ?title ?label WHERE { ?paper kg:addresses ?e ; rdfs:label ?title . "
              "?e rdfs:label ?label }")
    rc, out, err = run(capsys, "query", ttl, sparql, "--param", "label=train-inference mismatch", "--format", "json")
    assert rc == 0, err
    rows = json.loads(out)
    assert len(rows) >= 6
    assert {r["label"] for r in rows} == {"train-inference mismatch"}
    assert "MemDLM" in {r["title"] for r in rows}


def test_query_param_binds_an_iri(ttl, capsys):
    sparql = "SELECT ?paper ?e WHERE { ?paper kg:addresses ?e }"
    rc, out, _ = run(capsys, "query", ttl, sparql, "--param", f"e={MISMATCH_IRI}", "--format", "json")
    assert rc == 0
    rows = json.loads(out)
    assert len(rows) >= 6 and {r["e"] for r in rows} == {MISMATCH_IRI}


def test_query_param_is_an_iri_only_with_a_scheme(ttl, capsys):
    """--help says which values are IRIs: those starting with http:// or https://; "http…" alone is a literal."""
    with pytest.raises(SystemExit):
        kg.cli.main(["query", "--help"])
    assert "http:// or https://" in " ".join(capsys.readouterr().out.split())
    sparql = "SELECT ?e WHERE { ?e rdfs:label ?label }"
    rc, out, err = run(capsys, "query", ttl, sparql, "--param", "label=httpx", "--format", "json")
    assert rc == 0, err
    assert json.loads(out) == []  # bound as the string "httpx" (no such label), not refused as a bad IRI


def test_query_param_is_not_spliced_into_the_query(ttl, capsys):
    sparql = "SELECT ?e ?label WHERE { ?e rdfs:label ?label }"
    hostile = 'x" } UNION { ?e ?p ?label } #'
    rc, out, _ = run(capsys, "query", ttl, sparql, "--param", f"label={hostile}", "--format", "json")
    assert rc == 0
    assert json.loads(out) == []


def test_query_param_binds_a_variable_outside_the_projection(ttl, capsys):
    sparql = "SELECT ?title WHERE { ?paper kg:addresses ?e ; rdfs:label ?title . ?e rdfs:label ?label }"
    rc, out, err = run(capsys, "query", ttl, sparql, "--param", "label=train-inference mismatch", "--format", "json")
    assert rc == 0, err
    rows = json.loads(out)
    assert len(rows) >= 6 and "MemDLM" in {r["title"] for r in rows}
    assert set(rows[0]) == {"title"}


def test_query_text_after_options(ttl, capsys):
    sparql = "SELECT ?title WHERE { ?paper kg:addresses ?e ; rdfs:label ?title . ?e rdfs:label ?label }"
    rc, out, err = run(capsys, "query", ttl, "--param", "label=train-inference mismatch", "--format", "csv", sparql)
    assert rc == 0, err
    rows = list(csv.DictReader(io.StringIO(out)))
    assert len(rows) >= 6 and "MemDLM" in {r["title"] for r in rows}


def test_query_param_filters_an_aggregate(ttl, capsys):
    inline = ('SELECT (COUNT(DISTINCT ?paper) AS ?n) WHERE { ?paper kg:addresses ?e . '
              '?e rdfs:label "train-inference mismatch" }')
    rc, out, _ = run(capsys, "query", ttl, inline, "--format", "csv")
    assert rc == 0
    expected = int(out.split()[-1])
    assert expected >= 6
    bound = "SELECT (COUNT(DISTINCT ?paper) AS ?n) WHERE { ?paper kg:addresses ?e . ?e rdfs:label ?label }"
    rc, out, _ = run(capsys, "query", ttl, bound, "--param", "label=train-inference mismatch", "--format", "csv")
    assert rc == 0
    assert int(out.split()[-1]) == expected


def test_query_bad_param_syntax(ttl, capsys):
    rc, _, err = run(capsys, "query", ttl, ADDRESSING, "--param", "novalue")
    assert rc == 2 and "NAME=VALUE" in err
    rc, _, err = run(capsys, "query", ttl, ADDRESSING, "--param", "a b} UNION {?s=x")
    assert rc == 2 and len(err.splitlines()) == 1


def test_invalid_sparql_exits_2_with_one_line(ttl, capsys):
    rc, out, err = run(capsys, "query", ttl, "SELECT ?p WHERE { ?p kg:addresses ")
    assert rc == 2
    assert out == ""
    assert len(err.splitlines()) == 1 and err.startswith("kg: error: invalid SPARQL")


def test_invalid_sparql_names_the_token_and_its_line(ttl, capsys):
    rc, out, err = run(capsys, "query", ttl, "SELECT ?p\nWHERE {\n  ?p kg:addresses ?x ;\n     rdfs:label ?l ?y .\n}")
    assert rc == 2 and out == ""
    assert err.strip() == "kg: error: invalid SPARQL: Expected SelectQuery, found '?' at line 4, column 20", err


@pytest.mark.parametrize("engine", ["oxigraph", "rdflib"])
@pytest.mark.parametrize("text,message", [
    ("SELECT ?p\nWHERE {\n  ?p kg:addresses ?x ;\n     rdfs:label ?l ?y .\n}",
     "invalid SPARQL: Expected SelectQuery, found '?' at line 4, column 20"),
    ("SELECT ?x WHERE { ?x a foo:Paper }",
     "invalid SPARQL: unknown prefix foo: (declare it with PREFIX foo: <…>; predeclared: dcterms, kg, prov, rdf, rdfs, "
     "schema, skos, xsd)"),
])
def test_a_bad_query_file_is_named_alike_by_both_engines(ttl, tmp_path, capsys, engine, text, message):
    # before: "kg: error: invalid SPARQL: …" without the file; rdflib's own "(at char 48), (line:4, col:20)" and
    # "Unknown namespace prefix : foo"
    query = tmp_path / "q.rq"
    query.write_text(text, encoding="utf-8")
    rc, out, err = run(capsys, "query", ttl, "--file", query, "--engine", engine)
    assert rc == 2 and out == "" and err == f"kg: error: {query}: {message}\n"


def test_a_param_the_query_does_not_use_is_an_error(ttl, capsys):
    rc, out, err = run(capsys, "query", ttl, "--param", "problme=x", "SELECT ?problem WHERE { ?problem a kg:Problem }")
    assert rc == 2 and out == "" and len(err.splitlines()) == 1 and "?problme" in err, err


def test_an_unknown_prefix_is_named(ttl, capsys):
    rc, out, err = run(capsys, "query", ttl, 'SELECT ?x WHERE { ?x a foo:Paper ; rdfs:label "not:a prefix" }')
    assert rc == 2 and out == "" and len(err.splitlines()) == 1 and "unknown prefix foo:" in err, err


def test_a_query_where_the_graph_goes_is_named(capsys):
    rc, out, err = run(capsys, "query", "SELECT * WHERE { ?s ?p ?o }")
    assert rc == 2 and out == "" and len(err.splitlines()) == 1 and "where the graph file goes" in err, err


@pytest.mark.parametrize("engine", ["oxigraph", "rdflib"])
def test_a_construct_query_gives_triples_as_rows_or_turtle(ttl, capsys, engine):
    construct = f"CONSTRUCT {{ ?p kg:addresses <{MISMATCH_IRI}> }} WHERE {{ ?p kg:addresses <{MISMATCH_IRI}> }}"
    rc, out, err = run(capsys, "query", ttl, construct, "--format", "csv", "--engine", engine)
    rows = out.splitlines()
    assert rc == 0 and rows[0] == "subject,predicate,object" and len(rows) > 3, err
    assert all(row.endswith(",https://w3id.org/litkg/ontology#addresses," + MISMATCH_IRI) for row in rows[1:]), rows
    rc, turtle, err = run(capsys, "query", ttl, construct, "--format", "turtle", "--engine", engine)
    parsed = rdflib.Graph().parse(data=turtle, format="turtle")
    assert rc == 0 and len(parsed) == len(rows) - 1 and "@prefix kg:" in turtle, err


@pytest.mark.parametrize("engine", ["oxigraph", "rdflib"])
def test_a_param_binds_in_the_where_group_of_a_construct_query(ttl, capsys, engine):
    # before: Oxigraph got the VALUES block inside the template, "invalid SPARQL: error at 2:7 …"
    construct = ('# a {comment\nCONSTRUCT { ?x kg:addresses ?p . ?x rdfs:comment "a{b" } '
                 "WHERE { ?p rdfs:label ?problem . ?x kg:addresses ?p }")
    rc, out, err = run(capsys, "query", ttl, construct, "--param", "problem=train-inference mismatch",
                       "--format", "csv", "--engine", engine)
    objects = {row.split(",")[2] for row in out.splitlines()[1:]}
    assert rc == 0 and objects == {MISMATCH_IRI, "a{b"}, err


@pytest.mark.parametrize("engine", ["oxigraph", "rdflib"])
def test_a_describe_query_gives_the_triples_of_the_resource(ttl, capsys, engine):
    rc, out, err = run(capsys, "query", ttl, f"DESCRIBE <{MISMATCH_IRI}>", "--format", "tsv", "--engine", engine)
    rows = [row.split("\t") for row in out.splitlines()[1:]]
    assert rc == 0 and ["http://www.w3.org/2000/01/rdf-schema#label", "train-inference mismatch"] in \
        [row[1:] for row in rows if row[0] == MISMATCH_IRI], err


def test_turtle_output_is_refused_for_a_select_query(ttl, capsys):
    rc, out, err = run(capsys, "query", ttl, "SELECT ?s WHERE { ?s ?p ?o } LIMIT 1", "--format", "turtle")
    assert rc == 2 and out == "" and len(err.splitlines()) == 1 and "CONSTRUCT" in err, err


def test_ask_query(ttl, capsys):
    rc, out, _ = run(capsys, "query", ttl, f"ASK {{ ?p kg:addresses <{MISMATCH_IRI}> }}", "--format", "csv")
    assert rc == 0 and out.split() == ["result", "true"]


def test_query_missing_graph(tmp_path, capsys):
    rc, out, err = run(capsys, "query", tmp_path / "nope.ttl", ADDRESSING)
    assert rc == 2 and out == "" and "nope.ttl" in err and len(err.splitlines()) == 1


# ---------------------------------------------------------------------- stats


def test_stats(ttl, corpus_graph, capsys):
    rc, out, err = run(capsys, "stats", ttl)
    assert rc == 0, err
    lines = out.splitlines()
    assert lines[0].split() == ["papers", "80"]
    match = re.search(r"^top problems\s+.*train-inference mismatch \((\d+)\)", out, re.M)
    assert match and int(match.group(1)) >= 6
    for kind in ("methods", "models", "benchmarks", "metrics"):
        assert re.search(rf"^top {kind}\s+\S", out, re.M), kind
    # the counts of the loaded graph are those of the built one
    assert lines[1] == "nodes      " + ", ".join(
        f"{n} {t}" for t, n in sorted(((t, n) for t, n in corpus_graph.counts().items() if t != "Paper"),
                                      key=lambda kv: -kv[1]))
    assert lines[2].startswith(f"edges      {corpus_graph.graph.number_of_edges()} (")


# ------------------------------------------------------------------ bad input

ABSTRACT = ("We propose FooNet, a small convolutional network that mitigates overfitting on ImageNet "
            "through stochastic depth and label smoothing.")


LATIN_PREFIX = b"Daily Papers\n\nA na"  # then a Latin-1 byte (0xef)


def _bad_inputs(tmp_path: Path) -> dict[str, Path]:
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    folder = tmp_path / "folder"
    folder.mkdir()
    binary = tmp_path / "weights.bin"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    latin = tmp_path / "latin1.txt"
    latin.write_bytes(LATIN_PREFIX + b"\xefve approach " + ABSTRACT.encode())
    return {"missing": tmp_path / "missing.txt", "empty": empty, "directory": folder, "binary": binary,
            "non-utf8": latin}


@pytest.mark.parametrize("kind", ["missing", "empty", "directory", "binary", "non-utf8"])
def test_bad_input_exits_2_and_leaves_out_untouched(tmp_path, capsys, kind):
    bad = _bad_inputs(tmp_path)[kind]
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    (out_dir / "graph.ttl").write_text("previous export\n", encoding="utf-8")
    (out_dir / "notes.txt").write_text("keep me\n", encoding="utf-8")
    before = snapshot(out_dir)
    rc, out, err = run(capsys, "build", bad, "--out", out_dir)
    assert rc == 2
    assert out == ""
    assert len(err.splitlines()) == 1 and err.startswith("kg: error: "), err
    assert str(bad) in err
    assert snapshot(out_dir) == before


def test_bad_input_among_good_input_writes_nothing(tmp_path, capsys):
    good = tmp_path / "good.txt"
    good.write_text(ABSTRACT, encoding="utf-8")
    bad = _bad_inputs(tmp_path)["binary"]
    out_dir = tmp_path / "fresh"
    rc, _, err = run(capsys, "build", good, bad, "--out", out_dir)
    assert rc == 2 and str(bad) in err
    assert not out_dir.exists() or not any(out_dir.iterdir())


def test_an_output_place_that_cannot_be_written_is_one_line_before_any_work(tmp_path, capsys):
    good = tmp_path / "good.txt"
    good.write_text(ABSTRACT, encoding="utf-8")
    afile = tmp_path / "afile"
    afile.write_text("mine\n", encoding="utf-8")
    blocked = tmp_path / "blocked"
    (blocked / "graph.html").mkdir(parents=True)
    for out_dir in (afile / "sub", blocked):
        rc, out, err = run(capsys, "build", good, "--out", out_dir)
        assert rc == 2 and out == "" and len(err.splitlines()) == 1 and err.startswith("kg: error: "), err
        assert ".tmp" not in err
    assert sorted(p.name for p in blocked.iterdir()) == ["graph.html"]  # nothing written, no temporary files
    assert afile.read_text(encoding="utf-8") == "mine\n"


def test_exports_an_earlier_build_left_are_named(tmp_path, capsys, caplog):
    good = tmp_path / "good.txt"
    good.write_text(ABSTRACT, encoding="utf-8")
    out_dir = tmp_path / "out"
    assert run(capsys, "build", good, "--out", out_dir, "--format", "ttl,jsonld")[0] == 0
    with caplog.at_level(logging.WARNING, logger="kg"):
        assert run(capsys, "build", good, "--out", out_dir)[0] == 0
    assert [r.getMessage() for r in caplog.records] == [
        f"{out_dir / 'graph.jsonld'} is left from an earlier build and was not rewritten (kept as it was)"]


def test_python_dash_m_kg_runs_the_command(tmp_path):
    good = tmp_path / "good.txt"
    good.write_text(ABSTRACT, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "kg", "build", str(good), "--out", str(tmp_path / "out")],
                          cwd=Path(kg.cli.__file__).parents[1], capture_output=True, text=True)
    assert done.returncode == 0 and "papers     1" in done.stdout, done.stderr
    bad = subprocess.run([sys.executable, "-m", "kg", "build", str(tmp_path / "missing.txt"), "--out", str(tmp_path / "o")],
                         cwd=Path(kg.cli.__file__).parents[1], capture_output=True, text=True)
    assert bad.returncode == 2 and bad.stderr == f"kg: error: {tmp_path / 'missing.txt'}: no such file\n"


def test_a_build_removes_the_temporary_files_of_a_killed_build_and_no_other(tmp_path, capsys):
    good = tmp_path / "good.txt"
    good.write_text(ABSTRACT, encoding="utf-8")
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    killed = [f".graph.ttl.{gone.stdout.strip()}.k1ll3d_x.tmp", f".graph.nt.{gone.stdout.strip()}.abcdefgh.tmp"]
    kept = [f".graph.ttl.{os.getpid()}.running_.tmp", ".graph.ttl.mine.tmp", ".notes.1.abcdefgh.tmp", "graph.ttl.tmp"]
    for name in killed + kept:  # a build killed with -9 left the first, a build still running the third
        (out_dir / name).write_text("partial\n", encoding="utf-8")
    assert run(capsys, "build", good, "--out", out_dir)[0] == 0
    assert sorted(p.name for p in out_dir.iterdir()) == sorted(["graph.html", "graph.json", "graph.ttl", *kept])


def test_view_into_a_folder_is_one_line(corpus_export, tmp_path, capsys):
    rc, out, err = run(capsys, "view", "ImageNet", "--graph", corpus_export / "graph.ttl", "--out", tmp_path)
    assert rc == 2 and out == "" and len(err.splitlines()) == 1 and str(tmp_path) in err and ".tmp" not in err


def test_view_never_writes_over_its_graph_or_into_a_file(corpus_export, tmp_path, capsys):
    graph = tmp_path / "graph.ttl"
    graph.write_bytes((corpus_export / "graph.ttl").read_bytes())
    rc, out, err = run(capsys, "view", "ImageNet", "--graph", graph, "--out", graph)
    assert rc == 2 and out == "" and "kg view writes an HTML page" in err
    assert graph.read_bytes() == (corpus_export / "graph.ttl").read_bytes()
    (tmp_path / "afile").write_text("mine")
    rc, out, err = run(capsys, "view", "ImageNet", "--graph", graph, "--out", tmp_path / "afile" / "v.html")
    assert rc == 2 and err == f"kg: error: {tmp_path / 'afile'}: exists and is not a directory\n"
    rc, out, err = run(capsys, "view", "ImageNet", "--graph", graph, "--out", "/proc/v.html")  # no file made there
    assert rc == 2 and err.startswith("kg: error: cannot write /proc/v.html: "), err


def test_a_hand_edited_graph_is_one_line_for_every_reader(corpus_export, tmp_path, capsys):
    import rdflib
    from kg.namespace import KG
    g = rdflib.Graph().parse(corpus_export / "graph.ttl")
    g.remove((None, rdflib.RDF.type, KG.Method))
    untyped = tmp_path / "untyped.nt"
    g.serialize(untyped, format="nt", encoding="utf-8")
    g = rdflib.Graph().parse(corpus_export / "graph.ttl")
    mention = next(g.subjects(rdflib.RDF.type, KG.Mention))
    g.set((mention, KG.beginIndex, rdflib.Literal("abc", datatype=rdflib.XSD.nonNegativeInteger)))
    bad_offset = tmp_path / "offset.nt"
    g.serialize(bad_offset, format="nt", encoding="utf-8")
    for path, detail in ((untyped, "a linked node has no rdf:type"), (bad_offset, "'abc'")):
        for argv in (["stats", path], ["top", "--graph", path], ["show", "ImageNet", "--graph", path]):
            rc, out, err = run(capsys, *argv)
            assert rc == 2 and out == "" and len(err.splitlines()) == 1, err
            assert err.startswith(f"kg: error: {path}: not a well-formed litkg graph (") and detail in err, err


def test_an_empty_out_is_a_usage_error(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    good = tmp_path / "good.txt"
    good.write_text(ABSTRACT, encoding="utf-8")
    with pytest.raises(SystemExit) as exit_:
        run(capsys, "build", good, "--out", "")
    assert exit_.value.code == 2 and "--out: expected a path" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["good.txt"]


def test_real_exit_code_and_stderr_of_the_command(tmp_path):
    bad = _bad_inputs(tmp_path)["non-utf8"]
    out_dir = tmp_path / "out"
    proc = subprocess.run([sys.executable, "-m", "kg.cli", "build", str(bad), "--out", str(out_dir)],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr.splitlines() == [proc.stderr.strip()] and str(bad) in proc.stderr
    assert f"offset {len(LATIN_PREFIX)}" in proc.stderr
    assert not out_dir.exists()


@pytest.mark.parametrize("jobs", ["0", "-1", "x"])
def test_build_jobs_below_one_is_a_usage_error(tmp_path, capsys, jobs):
    good = tmp_path / "good.txt"
    good.write_text(ABSTRACT, encoding="utf-8")
    with pytest.raises(SystemExit) as info:
        kg.cli.main(["build", str(good), "--out", str(tmp_path / "out"), "--jobs", jobs])
    assert info.value.code == 2 and "1 or more" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("base", ["notaniri", "http://example.org/id", "http://example.org/a b/"])
def test_build_base_must_be_an_absolute_iri(tmp_path, capsys, base):
    good = tmp_path / "good.txt"
    good.write_text(ABSTRACT, encoding="utf-8")
    rc, out, err = run(capsys, "build", good, "--out", tmp_path / "out", "--base", base)
    assert rc == 2 and out == "" and "--base" in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "out").exists()


def test_usage_error_exits_2(capsys):
    with pytest.raises(SystemExit) as info:
        kg.cli.main(["build"])
    assert info.value.code == 2


# ----------------------------------------------------------------------- HTML

_EXTERNAL = re.compile(r"""\b(?:src|href)\s*=\s*["']?\s*(?:https?:)?//""", re.I)


def _external_refs(html: str) -> list[str]:
    tags = re.findall(r"<(?:script|link)\b[^>]*>", html, re.I)
    assert tags, "no script tag at all?"
    return [t for t in tags if _EXTERNAL.search(t)]


def test_corpus_html_loads_nothing_from_the_network(corpus_export):
    html = (corpus_export / "graph.html").read_text(encoding="utf-8")
    assert _external_refs(html) == []


@pytest.fixture(scope="module")
def hostile_html(tmp_path_factory) -> str:
    folder = tmp_path_factory.mktemp("hostile")
    source = folder / "hostile.txt"
    source.write_text(
        "Hostile abstracts\n\n"
        "We propose XssNet <script>alert(1)</script>, a transformer that mitigates exposure bias on ImageNet; "
        'details in <img src=x onerror=alert(1)> and <a href="javascript:alert(1)">href</a> for the attack.\n\n'
        "We study knowledge distillation for vision transformers <script>alert(1)</script> and evaluate "
        "the distilled students on ImageNet and CIFAR-10 with top-1 accuracy.\n",
        encoding="utf-8")
    out_dir = folder / "out"
    stdout, stderr = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
        rc = kg.cli.main(["build", str(source), "--out", str(out_dir)])
    assert rc == 0, stderr.getvalue()
    assert stdout.getvalue().splitlines()[0].split() == ["papers", "2"]
    return (out_dir / "graph.html").read_text(encoding="utf-8")


def test_hostile_abstract_does_not_inject_markup(hostile_html):
    assert "alert(1)" in hostile_html  # the text is there, as data
    assert "<script>alert" not in hostile_html
    assert "<img src=x onerror" not in hostile_html
    assert '<a href="javascript:' not in hostile_html
    assert not re.search(r"<img\b[^>]*onerror", hostile_html, re.I)


def test_hostile_html_loads_nothing_from_the_network(hostile_html):
    assert _external_refs(hostile_html) == []


def test_a_folder_given_as_the_graph_is_named(tmp_path, capsys):
    folder = tmp_path / "exports.ttl"
    folder.mkdir()
    rc, out, err = run(capsys, "stats", folder)
    assert rc == 2 and out == "" and len(err.splitlines()) == 1 and "give the graph file in it" in err, err


def test_themes_resolution_must_be_positive(ttl, capsys):
    rc, out, err = run(capsys, "themes", "--graph", ttl, "--resolution", "-1")
    assert rc == 2 and out == "" and "--resolution" in err and len(err.splitlines()) == 1


def test_rdf_that_litkg_did_not_write_is_named(tmp_path, capsys):
    foreign = tmp_path / "foreign.nt"
    foreign.write_text('<http://example.org/a> <http://example.org/p> "x" .\n', encoding="utf-8")
    rc, out, err = run(capsys, "stats", foreign)
    assert rc == 2 and out == "" and len(err.splitlines()) == 1 and "no litkg paper" in err, err


def test_build_never_writes_over_one_of_its_inputs(tmp_path, capsys):
    papers = tmp_path / "graph.json"  # a papers file named like the networkx export
    papers.write_text('[{"title": "T", "abstract": "We propose FooNet, a model for image classification on ImageNet."}]')
    before = papers.read_bytes()
    rc, out, err = run(capsys, "build", papers, "--out", tmp_path)
    assert rc == 2 and out == ""
    assert err == f"kg: error: {papers}: is an input and would be overwritten by the export; choose another output folder\n"
    assert papers.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == ["graph.json"]


def test_api_write_never_replaces_an_input(tmp_path):
    import kg
    from kg.errors import ExportError
    papers = tmp_path / "graph.json"
    papers.write_text('[{"title": "T", "abstract": "We propose FooNet, a model for image classification on ImageNet."}]')
    graph = kg.build(papers)
    assert repr(graph).startswith("<KnowledgeGraph 1 paper, ")
    with pytest.raises(ExportError, match="is an input"):
        graph.write(tmp_path)
    assert "FooNet" in papers.read_text()


def test_sigterm_while_writing_leaves_no_temporary_file(corpus_path, tmp_path, capsys, monkeypatch):
    import os
    import signal
    from kg import export

    def killed(G, path):
        path.write_text("half a page")
        os.kill(os.getpid(), signal.SIGTERM)

    monkeypatch.setitem(export.EXPORTERS, "graph.html", killed)
    rc, out, err = run(capsys, "build", corpus_path, "--out", tmp_path / "out")
    assert (rc, err) == (128 + signal.SIGTERM, "kg: interrupted\n")
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").iterdir())


def test_exploring_commands_name_the_graph_as_given(tmp_path, capsys, monkeypatch):
    (tmp_path / "other.ttl").write_text("@prefix ex: <http://ex.org/> .\nex:a ex:b ex:c .\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    for argv in (["themes", "--graph", "other.ttl"], ["stats", "other.ttl"]):
        rc, out, err = run(capsys, *argv)
        assert (rc, out) == (2, "") and err.startswith("kg: error: other.ttl: no litkg paper in this RDF"), err


def test_main_runs_outside_the_main_thread(capsys):
    import threading
    codes = []
    worker = threading.Thread(target=lambda: codes.append(kg.cli.main(["query", "--list"])))
    worker.start()
    worker.join()
    assert codes == [0] and "problems-by-papers" in capsys.readouterr().out
