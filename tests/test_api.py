"""The Python API: kg.from_texts / kg.build / kg.load and the KnowledgeGraph helpers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import kg
from kg.normalize import normalize_label
from kg.records import NodeType, Role

REPO = Path(__file__).resolve().parents[1]

# Two abstracts written for these tests; they share "knowledge distillation" and "ImageNet".
DISTILL = ("We propose TinyStudent, a compact convolutional network for mobile vision. It is trained with "
           "knowledge distillation (KD) from a large teacher and evaluated on ImageNet, where it matches the "
           "top-1 accuracy of the teacher at a fraction of the cost.")
NOISE = ("Knowledge distillation transfers the behaviour of large vision transformers into small students; "
         "we study how label noise affects distilled students on ImageNet and CIFAR-10.")


@pytest.fixture(scope="module")
def small():
    return kg.from_texts([DISTILL, NOISE])


@pytest.fixture(scope="module")
def paper_of(small):
    """Paper IRI by the first words of its abstract."""
    return {p["abstract"].split()[0]: p["iri"] for p in small.papers()}


def test_shared_concepts_are_one_node_linked_to_both_papers(small, paper_of):
    assert len(small.papers()) == 2
    for name in ("knowledge distillation", "ImageNet"):
        hits = [e for e in small.entities() if normalize_label(e["label"]) ==
                normalize_label(name)]
        assert len(hits) == 1, (name, hits)
        assert set(hits[0]["papers"]) == set(paper_of.values())


def test_papers(small):
    papers = small.papers()
    assert {p["abstract"] for p in papers} == {DISTILL, NOISE}
    assert all(p["type"] == "Paper" and p["iri"] in small.graph and p["label"] for p in papers)
    assert "TinyStudent" in {p["label"] for p in papers}


def test_entities_by_type(small):
    benchmarks = small.entities("Benchmark")
    labels = [e["label"] for e in benchmarks]
    assert "ImageNet" in labels and "CIFAR-10" in labels
    assert labels.index("ImageNet") < labels.index("CIFAR-10")  # most-linked first
    assert all(e["type"] == "Benchmark" for e in benchmarks)
    assert small.entities(NodeType.BENCHMARK) == benchmarks
    everything = small.entities()
    assert len(everything) == small.graph.number_of_nodes() - 2
    assert [len(e["papers"]) for e in everything] == sorted((len(e["papers"]) for e in everything), reverse=True)
    with pytest.raises(kg.InputError, match="unknown entity type 'Gadget'"):
        small.entities("Gadget")


def test_find_by_label_alias_and_iri(small):
    kd = small.find("knowledge distillation")
    assert small.graph.nodes[kd]["type"] == "Method"
    assert small.find("KD") == kd                      # the acronym defined in the text
    assert small.find("Knowledge-Distillation") == kd  # normalized
    assert small.find(kd) == kd
    with pytest.raises(KeyError):
        small.find("quantum annealing")


def test_papers_of_by_role(small, paper_of):
    imagenet = small.find("ImageNet")
    assert {p["iri"] for p in small.papers_of(imagenet)} == set(paper_of.values())
    assert {p["iri"] for p in small.papers_of("ImageNet", Role.EVALUATES_ON.value)} == set(paper_of.values())
    assert small.papers_of("ImageNet", "proposes") == []
    assert [p["iri"] for p in small.papers_of("CIFAR-10", "evaluatesOn")] == [paper_of["Knowledge"]]
    assert {p["iri"] for p in small.papers_of("knowledge distillation", "uses")} == set(paper_of.values())


def test_papers_of_lists_a_paper_once_when_it_has_two_roles_for_the_entity(corpus_graph):
    g = corpus_graph.graph
    twice = 0
    for e, data in g.nodes(data=True):
        if data["type"] != NodeType.PAPER.value:
            linked = [p for p, _ in g.in_edges(e) if g.nodes[p]["type"] == NodeType.PAPER.value]
            twice += len(linked) > len(set(linked))
            assert sorted(p["iri"] for p in corpus_graph.papers_of(e)) == sorted(set(linked))
    assert twice  # the corpus has such papers ("masked autoencoders", proposed and used by one paper)


def test_find_prefers_the_entity_over_the_paper_named_after_it(small, paper_of):
    node = small.find("TinyStudent")
    assert small.graph.nodes[node]["type"] == "Method"
    assert [p["iri"] for p in small.papers_of("TinyStudent", "proposes")] == [paper_of["We"]]


def test_neighbors(small, paper_of):
    around_imagenet = small.neighbors("ImageNet")
    assert {n["iri"] for n in around_imagenet if n["type"] == "Paper"} == set(paper_of.values())
    around_paper = {n["label"] for n in small.neighbors(paper_of["Knowledge"])}
    assert {"ImageNet", "CIFAR-10"} <= around_paper
    assert any(normalize_label(label) == "knowledge distillation" for label in around_paper)
    assert "TinyStudent" not in around_paper


def test_counts(small):
    counts = small.counts()
    assert counts["Paper"] == 2
    assert counts["Benchmark"] >= 2 and counts["Method"] >= 1
    assert sum(counts.values()) == small.graph.number_of_nodes()
    assert set(counts) <= {t.value for t in NodeType}


def test_from_texts_accepts_one_string_and_drops_duplicates():
    one = kg.from_texts(NOISE)
    assert len(one.papers()) == 1
    twice = kg.from_texts([NOISE, "  " + NOISE.replace(" ", "\n", 3)])
    assert len(twice.papers()) == 1


@pytest.mark.parametrize("texts", [[], ["too short"], ["   "]])
def test_from_texts_without_abstracts(texts):
    with pytest.raises(kg.InputError):
        kg.from_texts(texts)


def test_build_without_files():
    with pytest.raises(kg.InputError):
        kg.build([])


# ---------------------------------------------------------------------- load


def _canonical(data: dict) -> str:
    def norm(v):
        if isinstance(v, list):
            return sorted((norm(x) for x in v), key=lambda x: json.dumps(x, sort_keys=True))
        if isinstance(v, dict):
            return {k: norm(x) for k, x in v.items()}
        return v
    return json.dumps(norm(data), sort_keys=True)


def test_load_returns_an_equivalent_graph(corpus_graph, corpus_export):
    loaded = kg.load(corpus_export / "graph.ttl")
    G, H = corpus_graph.graph, loaded.graph
    assert set(H.nodes) == set(G.nodes)
    assert sorted(H.edges(keys=True)) == sorted(G.edges(keys=True))
    assert all(_canonical(H.nodes[n]) == _canonical(d) for n, d in G.nodes(data=True))
    assert all(_canonical(H.edges[u, v, k]) == _canonical(d) for u, v, k, d in G.edges(keys=True, data=True))
    assert loaded.counts() == corpus_graph.counts()
    mismatch = loaded.find("train-inference mismatch")
    assert {p["iri"] for p in loaded.papers_of(mismatch)} == {p["iri"] for p in corpus_graph.papers_of(mismatch)}


def test_write_then_load_small_graph(small, tmp_path):
    written = small.write(tmp_path / "out", names=["graph.ttl"])
    assert written == [tmp_path / "out" / "graph.ttl"]
    loaded = kg.load(written[0])
    assert set(loaded.graph.nodes) == set(small.graph.nodes)
    assert sorted(loaded.graph.edges(keys=True)) == sorted(small.graph.edges(keys=True))


def test_load_rejects_what_is_not_turtle(tmp_path):
    path = tmp_path / "graph.ttl"
    path.write_text("this is { not turtle\n", encoding="utf-8")
    with pytest.raises(kg.InputError) as info:
        kg.load(path)
    assert str(path) in str(info.value) and "\n" not in str(info.value)
    with pytest.raises(kg.InputError):
        kg.load(tmp_path / "absent.ttl")


# ------------------------------------------------------------------ examples


def test_examples_build_and_imagenet_links_several_papers():
    g = kg.build(REPO / "examples" / "landmark_papers.txt")
    assert len(g.papers()) >= 20 and g.failed == ()
    imagenet = g.find("ImageNet")
    assert g.graph.nodes[imagenet]["type"] == "Benchmark"
    assert len(g.papers_of(imagenet)) >= 3


def test_api_arguments_are_checked_with_litkg_errors(corpus_export, tmp_path):
    from kg.errors import ExportError, InputError, NotFoundError
    graph = kg.load(corpus_export / "graph.ttl")
    assert graph.entities("problem") == graph.entities("Problem") != []
    with pytest.raises(InputError, match="unknown entity type 'Paper'; expected one of Method, Problem"):
        graph.entities("Paper")
    assert graph.papers_of("ImageNet", role="evaluatesOn")
    with pytest.raises(InputError, match="unknown role 'evaluates_on'"):
        graph.papers_of("ImageNet", role="evaluates_on")
    with pytest.raises(NotFoundError, match="no paper or entity named 'zzz'") as info:
        graph.find("zzz")
    assert isinstance(info.value, KeyError) and str(info.value) == "no paper or entity named 'zzz'"
    with pytest.raises(ExportError, match="unknown export 'graph.xyz'"):
        graph.write(tmp_path, names=["graph.xyz"])
    with pytest.raises(InputError, match="abstract 1 is a int"):
        kg.from_texts([123])


def test_analysis_takes_names_and_the_knowledge_graph(corpus_export):
    from kg import analysis
    graph = kg.load(corpus_export / "graph.ttl")
    iri = graph.find("ImageNet")
    assert graph.find("VQA") == analysis.find_node(graph.graph, "VQA")  # one rule for the API and the CLI
    assert analysis.describe(graph, "ImageNet") == analysis.describe(graph.graph, iri)
    assert analysis.themes(graph) == analysis.themes(graph.graph)
    memdlm = graph.find("MemDLM")
    assert analysis.related(graph, "MemDLM") == analysis.related(graph.graph, analysis.find_paper(graph.graph, memdlm))
    assert analysis.connection(graph, "MemDLM", "ImageNet")[0]["from"] == analysis.find_node(graph.graph, "MemDLM")


@pytest.mark.parametrize("options, message", [
    ({"base": "nope"}, "base 'nope': expected an absolute IRI ending in / or #"),
    ({"base": "https://example.org/id"}, "expected an absolute IRI ending in / or #"),
    ({"jobs": 0}, "jobs 0: expected a number of processes, 1 or more")])
def test_bad_build_options_are_input_errors(tmp_path, options, message):
    """The API checks what the CLI checks (a bad base used to fail only when the graph was written)."""
    path = tmp_path / "one.txt"
    path.write_text("We propose ZorbNet, a planner for long-horizon tasks, and evaluate it on ALFWorld.\n")
    with pytest.raises(kg.KGError, match=message):
        kg.build([path], **options)
