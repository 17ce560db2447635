"""Graph analytics (kg/analysis.py) on the corpus, their doctests, and the exploring commands of `kg`
(related, themes, top, path, show) on the corpus export."""

from __future__ import annotations

import doctest
import re

import pytest

import kg
import kg.analysis as A
import kg.cli


@pytest.fixture(scope="module")
def G(corpus_graph):
    return corpus_graph.graph


@pytest.fixture(scope="module")
def ttl(corpus_export):
    return str(corpus_export / "graph.ttl")


def run(capsys, *argv):
    rc = kg.cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return rc, out, err


def test_docstring_examples_run():
    result = doctest.testmod(A, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted >= 10 and result.failed == 0


def test_most_papers_link_to_another_through_a_specific_concept(G):
    share, unlinked = A.linked_share(G)
    assert share >= 0.85, [G.nodes[p]["label"] for p in unlinked]


def test_generic_concepts(G):
    df = A.document_frequency(G)
    assert A.is_generic(G, A.find_node(G, "large language models"), df)
    assert A.is_generic(G, A.find_node(G, "accuracy"), df)
    assert not A.is_generic(G, A.find_node(G, "train-inference mismatch"), df)
    assert not A.is_generic(G, A.find_node(G, "emergent misalignment"), df)


def test_related_to_memdlm_are_train_inference_mismatch_papers_first(G):
    memdlm = A.find_paper(G, "MemDLM")
    mismatch = A.find_node(G, "train-inference mismatch")
    narrower = {c for c, _, k in G.in_edges(mismatch, keys=True) if k == "broader"}  # exposure bias, …
    about_mismatch = {p for node in {mismatch, *narrower} for p, _ in G.in_edges(node) if G.nodes[p]["type"] == "Paper"}
    ranked = A.related(G, memdlm, top=10)
    assert len(ranked) >= 6
    assert all(p in about_mismatch for p, _, _ in ranked[:6]), [G.nodes[p]["label"] for p, _, _ in ranked]
    assert [s for _, s, _ in ranked] == sorted((s for _, s, _ in ranked), reverse=True)


def test_a_generic_link_counts_far_less_than_a_specific_one(G):
    llm, mismatch = A.find_node(G, "large language models"), A.find_node(G, "train-inference mismatch")
    weights = A.idf(G)
    assert weights[mismatch] > weights[llm]
    # two papers linked only through LLMs score below two papers linked only through the mismatch
    ents = A.paper_entities(G)
    memdlm = A.find_paper(G, "MemDLM")
    scores = {p: s for p, s, _ in A.related(G, memdlm, top=100)}
    only_mismatch = [p for p, s, shared in A.related(G, memdlm, top=100) if shared == [mismatch]]
    only_llm = [p for p in ents if p != memdlm and set(ents[p]) & set(ents[memdlm]) == {llm}]
    assert only_mismatch
    assert all(scores.get(p, 0) < min(scores[q] for q in only_mismatch) for p in only_llm)


def theme_of(themes, label, G):
    node = A.find_node(G, label)
    return next((i for i, t in enumerate(themes) if node in t["entities"]), None)


def test_themes_a_reader_recognises(G):
    themes = A.themes(G)
    assert 4 <= len(themes) <= 15
    found = {label: theme_of(themes, label, G) for label in
             ("emergent misalignment", "spurious correlations", "reinforcement learning", "train-inference mismatch")}
    assert None not in found.values(), found
    assert len(set(found.values())) == len(found), found  # four different themes
    names = " | ".join(t["name"] for t in themes)
    for label in ("emergent misalignment", "spurious correlations", "reinforcement learning"):
        assert label in names, names
    assert A.themes(G) == themes  # fixed seed: same themes every run


def test_top_problems(G):
    top = A.top_entities(G, "Problem", n=5)
    labels = [G.nodes[e]["label"] for e, _ in top]
    assert "train-inference mismatch" in labels and "spurious correlations" in labels
    assert [n for _, n in top] == sorted((n for _, n in top), reverse=True)


def test_a_type_is_matched_in_any_case_as_kg_entities_does(corpus_graph, G):
    top = A.top_entities(G, "problem", n=5)
    assert top == A.top_entities(G, "Problem", n=5)
    assert [e for e, _ in top] == [e["iri"] for e in corpus_graph.entities("problem")[:5]]


@pytest.mark.parametrize("call,message", [
    (lambda G: A.top_entities(G, "Paper"), "unknown entity type 'Paper'; expected one of Method, Problem"),
    (lambda G: A.top_entities(G, "Problems"), "unknown entity type 'Problems'"),
    (lambda G: A.top_entities(G, "Problem", n=-1), "n=-1: expected a whole number, 0 or more"),
    (lambda G: A.related(G, "MemDLM", top=-1), "top=-1: expected a whole number, 0 or more"),
    (lambda G: A.themes(G, resolution=-1.0), "resolution=-1.0: expected a number above 0"),
    (lambda G: A.themes(G, resolution=0), "resolution=0: expected a number above 0"),
])
def test_a_bad_argument_is_an_input_error(G, call, message):
    # before: [] for "Paper", ValueError for "Problems", all papers but the last for top=-1, igraph's InternalError
    with pytest.raises(kg.InputError, match=re.escape(message)):
        call(G)


def test_connection_of_two_papers_has_evidence(G):
    a, b = A.find_paper(G, "MemDLM"), A.find_paper(G, "OPDLM")
    steps = A.connection(G, a, b)
    assert steps[0]["from"] == a and steps[-1]["to"] == b
    assert all(s["sentence"] for s in steps)
    assert len(steps) == 2  # paper → shared concept → paper


def test_describe(G):
    card = A.describe(G, A.find_node(G, "Qwen3-8B"))
    assert card["type"] == "Model" and card["papers"]
    assert [G.nodes[n]["label"] for n in card["broader"]] == ["Qwen3"]


# ------------------------------------------------------------------------ CLI


def test_cli_related(ttl, capsys):
    rc, out, err = run(capsys, "related", "MemDLM", "--graph", ttl, "--top", 5)
    assert rc == 0, err
    lines = out.splitlines()
    assert lines[0] == "papers related to MemDLM (shared concepts, rarest first)"
    assert len(lines) == 6 and all("train-inference mismatch" in line for line in lines[1:])


def test_cli_themes(ttl, capsys):
    rc, out, _ = run(capsys, "themes", "--graph", ttl)
    assert rc == 0
    assert "emergent misalignment" in out and "spurious correlations" in out
    assert out.splitlines()[0].startswith(" 1. ")
    rc, with_papers, _ = run(capsys, "themes", "--graph", ttl, "--papers")
    assert "MemDLM" in with_papers


def test_cli_says_when_there_is_nothing_to_list(ttl, capsys):
    rc, out, _ = run(capsys, "themes", "--graph", ttl, "--resolution", "1e9")  # every concept alone: no theme
    assert rc == 0 and out.startswith("no themes: ")
    rc, out, _ = run(capsys, "related", "MemDLM", "--graph", ttl, "--top", 0)
    assert rc == 0 and out.splitlines()[1] == "(none asked for: --top 0)"
    rc, out, _ = run(capsys, "path", "TRADE", "Open ASR Leaderboard", "--graph", ttl)
    assert rc == 0 and out.splitlines()[0].endswith(": 1 step")


def test_cli_top(ttl, capsys):
    rc, out, _ = run(capsys, "top", "--type", "Problem", "-n", 3, "--graph", ttl)
    assert rc == 0 and len(out.splitlines()) == 3
    assert "train-inference mismatch" in out


def test_cli_top_says_when_there_is_nothing_to_list(ttl, tmp_path, capsys):
    page = tmp_path / "one.txt"
    page.write_text("We propose FooNet, a convolutional network that mitigates overfitting on CIFAR-10.\n", encoding="utf-8")
    assert run(capsys, "build", page, "--out", tmp_path / "out")[0] == 0
    rc, out, _ = run(capsys, "top", "--type", "Metric", "--graph", tmp_path / "out" / "graph.ttl")
    assert (rc, out) == (0, "(none: no Metric in the graph)\n")
    rc, out, _ = run(capsys, "top", "-n", 0, "--graph", ttl)
    assert (rc, out) == (0, "(none asked for: -n 0)\n")


def test_no_connection_is_a_kg_error_and_exit_1(tmp_path, capsys):
    page = tmp_path / "two.txt"
    page.write_text("We propose FooNet, a convolutional network that mitigates overfitting on CIFAR-10.\n\n"
                    "We introduce QuuxBench, a benchmark of chess puzzles, and report accuracy on it.\n", encoding="utf-8")
    assert run(capsys, "build", page, "--out", tmp_path / "out")[0] == 0
    graph = kg.load(tmp_path / "out" / "graph.ttl")
    with pytest.raises(kg.KGError) as info:
        A.connection(graph, "FooNet", "QuuxBench")
    assert str(info.value) == "no connection between FooNet and QuuxBench"
    rc, out, err = run(capsys, "path", "FooNet", "QuuxBench", "--graph", tmp_path / "out" / "graph.ttl")
    assert (rc, out, err) == (1, "no connection between FooNet and QuuxBench\n", "")


def test_cli_path(ttl, capsys):
    rc, out, _ = run(capsys, "path", "MemDLM", "OPDLM", "--graph", ttl)
    assert rc == 0
    assert out.splitlines()[0].startswith("MemDLM → ")
    assert "“" in out  # evidence sentences
    rc, brief, _ = run(capsys, "path", "MemDLM", "OPDLM", "--graph", ttl, "--no-evidence")
    assert rc == 0 and "“" not in brief


def test_cli_show_family(ttl, capsys):
    rc, out, _ = run(capsys, "show", "Qwen3", "--graph", ttl)
    assert rc == 0
    assert out.startswith("Qwen3  (Model)")
    assert "narrower" in out and "Qwen3-8B" in out


def test_cli_show_n_0_lists_counts_only(ttl, capsys):
    rc, out, _ = run(capsys, "show", "ImageNet", "-n", 0, "--graph", ttl)
    roles = [line for line in out.split("\npapers\n")[1].splitlines() if line.startswith("  ")]  # not relations
    assert rc == 0 and roles and all(re.fullmatch(r"  \w+ +\d+", line) for line in roles), roles
    rc, out, _ = run(capsys, "show", "ImageNet", "-n", 1, "--graph", ttl)
    assert re.search(r"\n  evaluatesOn +[2-9]\d*  [^;\n]+ …\n", out), out  # one name, then "…" for the others


@pytest.mark.parametrize("argv", [["show", "no such concept"], ["related", "no such paper"],
                                  ["path", "MemDLM", "no such thing"]])
def test_cli_unknown_name_is_exit_2(ttl, capsys, argv):
    rc, out, err = run(capsys, *argv, "--graph", ttl)
    assert rc == 2 and "no such" in err and out == ""


def test_cli_unknown_name_message_keeps_its_quotes_and_names_the_graph(ttl, capsys):
    rc, _, err = run(capsys, "show", "no such concept", "--graph", ttl)
    assert rc == 2 and err.strip() == f"kg: error: no paper or entity named 'no such concept' in {ttl}"


@pytest.mark.parametrize("argv", [["show"], ["view", "--out", "VIEW"]])
def test_cli_unknown_name_spelled_like_a_label_suggests_it(ttl, capsys, tmp_path, argv):
    argv = [str(tmp_path / "v.html") if a == "VIEW" else a for a in argv]
    rc, _, err = run(capsys, argv[0], "train-inferense mismatch", *argv[1:], "--graph", ttl)
    assert rc == 2 and "(did you mean 'train-inference mismatch'" in err


@pytest.mark.parametrize("argv", [["top", "-n", "-3"], ["related", "MemDLM", "--top", "-1"], ["show", "Qwen3", "-n", "-1"]])
def test_cli_negative_count_is_a_usage_error(ttl, capsys, argv):
    with pytest.raises(SystemExit) as info:
        run(capsys, *argv, "--graph", ttl)
    assert info.value.code == 2 and "0 or more" in capsys.readouterr().err
