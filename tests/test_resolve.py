"""Entity resolution (kg/resolve.py): real merges and non-merges of the corpus, the rules on hand-made mentions,
merge records in the graph, RDF and `kg show`, user overrides, and the concept hierarchy."""

from __future__ import annotations

import json
import logging
from collections import defaultdict

import pytest
import rdflib
from rdflib.namespace import PROV, RDFS, SKOS

import kg
import kg.cli
from kg.errors import InputError
from kg.namespace import KG
from kg.normalize import normalize_label
from kg.records import Mention, NodeType, Role
from kg.resolve import Overrides, hierarchy, is_short_acronym, load_overrides, name_parents, resolve

# ------------------------------------------------------------------ the corpus

# (type, surface forms the corpus really has that must name one node)
REAL_MERGES = [
    ("Model", ["LLM", "LLMs", "large language models", "Large Language Models", "large language model"]),
    ("Model", ["DLMs", "diffusion language models", "Diffusion Language Models"]),
    ("Model", ["MoE", "Mixture-of-Experts", "mixture of experts"]),
    ("Method", ["RL", "reinforcement learning", "Reinforcement Learning"]),
    ("Method", ["CoT", "Chain-of-Thought", "chain of thought", "chain-of-thought prompting"]),
    ("Model", ["MLLMs", "Multimodal Large Language Models", "multimodal large language models"]),
    ("Model", ["VLMs", "vision-language models"]),
    ("Method", ["SFT", "supervised fine-tuning"]),
    ("Method", ["GRPO", "Group Relative Policy Optimization"]),
    ("Method", ["LoRA", "Low-Rank Adaptation"]),
    ("Problem", ["train-inference mismatch", "Training-Inference Mismatch", "training-inference gap", "TIM"]),
    ("Problem", ["EM", "emergent misalignment", "Emergent Misalignment"]),
    ("Method", ["fine-tuning", "Fine-tuning", "finetuning"]),
    ("Method", ["pretraining", "pre-training", "Pre-training"]),
    ("Problem", ["spurious correlations", "spurious correlation"]),
    ("Model", ["Auto-Regressive models", "autoregressive models", "ARLMs"]),
    ("Method", ["OPD", "On-Policy Distillation"]),
    ("Method", ["PPO", "Proximal Policy Optimization"]),
    ("Model", ["KANs", "Kolmogorov-Arnold Networks"]),
    ("Problem", ["distribution shift", "distribution shifts"]),
    ("Metric", ["WER", "word error rate"]),
]

# (type, form, type, form): each pair must stay two nodes
REAL_NON_MERGES = [
    ("Method", "out-of-distribution", "Metric", "out-of-distribution accuracies"),  # both "OOD"
    ("Method", "autoregressive", "Model", "autoregressive models"),         # both "AR"
    ("Problem", "visual question answering", "Benchmark", "visual-question-answering benchmarks"),  # both "VQA"
    ("Method", "machine learning", "Model", "machine learning models"),
    ("Problem", "misalignment", "Problem", "emergent misalignment"),
    ("Model", "language models", "Model", "large language models"),
    ("Model", "diffusion models", "Model", "diffusion language models"),
]


@pytest.fixture(scope="module")
def G(corpus_graph):
    return corpus_graph.graph


def entity_nodes(G):
    return [(n, d) for n, d in G.nodes(data=True) if d["type"] != NodeType.PAPER.value]


def holders(G, node_type: str, form: str) -> set[str]:
    key = normalize_label(form)
    return {n for n, d in entity_nodes(G)
            if d["type"] == node_type and key in {normalize_label(x) for x in [d["label"], *d["aliases"]]}}


def test_no_two_nodes_of_a_type_share_a_normalized_label_or_alias(G):
    by_name = defaultdict(set)
    for node, data in entity_nodes(G):
        for name in [data["label"], *data["aliases"]]:
            by_name[data["type"], normalize_label(name)].add(node)
    assert not {k: v for k, v in by_name.items() if len(v) > 1}


@pytest.mark.parametrize("node_type,forms", REAL_MERGES, ids=[f[1][0] for f in REAL_MERGES])
def test_real_merge(G, node_type, forms):
    found = [holders(G, node_type, form) for form in forms]
    assert all(len(h) == 1 for h in found), dict(zip(forms, found))
    assert len(set().union(*found)) == 1, dict(zip(forms, found))


@pytest.mark.parametrize("type_a,a,type_b,b", REAL_NON_MERGES, ids=[f"{x[1]}|{x[3]}" for x in REAL_NON_MERGES])
def test_real_non_merge(G, type_a, a, type_b, b):
    ha, hb = holders(G, type_a, a), holders(G, type_b, b)
    assert len(ha) == 1 and len(hb) == 1, (ha, hb)
    assert ha != hb


def test_ambiguous_short_forms_name_several_concepts_of_different_types(tmp_path):
    papers = tmp_path / "papers.txt"
    papers.write_text("Daily Papers\n\nWe study Emergent Misalignment (EM) after narrow finetuning. EM is broad.\n\n"
                      "Answers are scored by exact match (EM) on TriviaQA. EM rises by 4 points.\n", encoding="utf-8")
    G = kg.build([str(papers)]).graph
    em = {G.nodes[n]["type"]: d["label"] for n, d in entity_nodes(G) if "EM" in d["aliases"]}
    assert em == {"Problem": "emergent misalignment", "Metric": "exact match"}, em


def test_every_alias_is_explained_by_a_merge_record(G):
    unexplained = {d["label"]: [a for a in d["aliases"] if a not in {f for m in d["merges"] for f in m["forms"]}]
                   for _, d in entity_nodes(G)}
    assert not {k: v for k, v in unexplained.items() if v}


def test_merge_records_name_their_papers(G):
    papers = {n for n, t in G.nodes(data="type") if t == NodeType.PAPER.value}
    rules = set()
    for _, data in entity_nodes(G):
        for m in data["merges"]:
            assert set(m) == {"rule", "forms", "papers"}
            assert m["forms"] and set(m["papers"]) <= papers
            rules.add(m["rule"])
    assert {"normalized", "definition", "lexicon"} <= rules


def test_cross_type_lexicon_merge_is_recorded():
    ms = [mention("p1", "MoE method", NodeType.METHOD), mention("p2", "mixture of experts", source="lexicon")]
    entities, ids = resolve(ms)
    (moe,) = [e for e in entities if e.id == ids[0]]
    assert ids[0] == ids[1] and moe.type is NodeType.MODEL
    (retyped,) = [m for m in moe.merges if m.rule == "lexicon-type"]
    assert retyped.forms == ("MoE method (Method → Model)",) and retyped.papers == ("p1",)


def test_merges_are_in_rdf_with_rule_forms_and_papers(G):
    from kg.rdf import to_rdf
    g = to_rdf(G)
    (llm,) = holders(G, "Model", "LLMs")
    decisions = list(g.objects(rdflib.URIRef(llm), KG.mergeDecision))
    assert decisions
    forms = {str(f) for d in decisions for f in g.objects(d, KG.form)}
    assert {"LLMs", "Large Language Models"} <= forms
    names = {str(x) for x in g.objects(rdflib.URIRef(llm), SKOS.altLabel)} | {str(g.value(rdflib.URIRef(llm), RDFS.label))}
    assert forms <= names
    assert all(list(g.objects(d, PROV.wasDerivedFrom)) for d in decisions)
    assert {str(g.value(d, KG.rule)) for d in decisions} >= {"definition", "normalized"}


def test_kg_show_lists_merge_decisions(corpus_export, capsys):
    rc = kg.cli.main(["show", "LLMs", "--graph", str(corpus_export / "graph.ttl")])
    out = capsys.readouterr().out
    assert rc == 0
    assert out.startswith("large language models  (Model)")
    assert "aliases" in out and "LLMs" in out
    assert "merged" in out and "definition" in out and "normalized" in out
    assert "papers" in out and "uses" in out


# ------------------------------------------------------ the rules, on hand-made mentions


def mention(paper, label, node_type=NodeType.METHOD, *, text=None, aliases=(), source="rule"):
    text = text or label
    return Mention(paper, text, label, node_type, Role.USES, 0, len(text), text, tuple(aliases), source)


def test_normalized_forms_merge():
    ms = [mention("p1", "Diffusion Language Models", NodeType.MODEL), mention("p2", "diffusion-language model", NodeType.MODEL)]
    entities, ids = resolve(ms)
    assert len(entities) == 1 and ids[0] == ids[1]
    assert entities[0].merges[0].rule == "normalized"


def test_long_acronym_joins_its_definition_in_another_paper():
    ms = [mention("p1", "parametric memory routing", aliases=["PMRX"], source="abbrev"),
          mention("p2", "PMRX")]
    entities, ids = resolve(ms)
    assert ids[0] == ids[1]
    assert "acronym" in {m.rule for m in entities[0].merges}


def test_short_acronym_does_not_join_a_definition_in_another_paper():
    ms = [mention("p1", "frobnicated attention", aliases=["FQ"], source="abbrev"), mention("p2", "FQ")]
    _, ids = resolve(ms)
    assert ids[0] != ids[1]
    assert is_short_acronym("FQ") and is_short_acronym("LLMs") and not is_short_acronym("GRPO")


def test_one_short_form_defined_as_two_things_is_dropped_from_both():
    ms = [mention("p1", "alpha blending", aliases=["QZ"], source="abbrev"),
          mention("p2", "quantized zooming", aliases=["QZ"], source="abbrev")]
    entities, ids = resolve(ms)
    assert ids[0] != ids[1]
    for e in entities:
        assert "QZ" not in e.aliases
        assert any(m.rule == "ambiguous-alias" and m.forms == ("QZ",) for m in e.merges)


def test_same_bare_acronym_of_two_types_stays_two_concepts():
    ms = [mention("p1", "ZQ", NodeType.PROBLEM), mention("p2", "ZQ", NodeType.METRIC)]
    entities, _ = resolve(ms)
    assert sorted(e.type.value for e in entities) == ["Metric", "Problem"]


def test_typing_disagreement_on_a_name_is_voted_and_recorded():
    ms = [mention("p1", "Zorblax"), mention("p2", "Zorblax"), mention("p3", "Zorblax", NodeType.BENCHMARK)]
    entities, ids = resolve(ms)
    assert len(entities) == 1 and entities[0].type is NodeType.METHOD
    (vote,) = [m for m in entities[0].merges if m.rule == "type-vote"]
    assert vote.forms == ("Zorblax (Benchmark)",) and vote.papers == ("p3",)


def test_a_lexicon_spelling_the_text_never_used_is_recorded():
    (entity,), _ = resolve([mention("p1", "implicit biases", NodeType.PROBLEM)])
    assert entity.label == "implicit bias" and entity.aliases == ("implicit biases",)
    assert any(m.rule == "normalized" and set(m.forms) == {"implicit bias", "implicit biases"} for m in entity.merges)


def test_lexicon_synonym_maps_to_the_canonical_label():
    entities, _ = resolve([mention("p1", "chain of thought"), mention("p2", "Chain-of-Thought", aliases=["CoT"],
                                                                       source="abbrev")])
    assert [e.label for e in entities] == ["chain-of-thought prompting"]
    assert "lexicon" in {m.rule for m in entities[0].merges}


def test_an_acronym_in_another_case_is_not_the_known_concept():
    # SParC is a known benchmark; a paper's own SPARC is not it (the lexicon matcher, too, is case-sensitive
    # for acronyms), while a known name's other spelling still is
    entities, _ = resolve([mention("p1", "SPARC", aliases=["Sparse Parameter Anchoring"], source="abbrev"),
                           mention("p2", "NDCG@10", NodeType.METRIC), mention("p3", "GSM8k", NodeType.BENCHMARK)])
    assert sorted(e.label for e in entities) == ["GSM8K", "SPARC", "normalized discounted cumulative gain"]


def test_a_word_in_lower_case_is_not_a_known_acronym_spelled_like_it():
    # HiDDeN is a known watermarking method; "hidden layer" (less its head "layer") is not it, but "fp16" is FP16
    entities, _ = resolve([mention("p1", "hidden layer"), mention("p2", "fp16")])
    assert "HiDDeN" not in {e.label for e in entities}
    assert "FP16" in {e.label for e in entities}


def test_shared_name_merges_within_a_type_only():
    ms = [mention("p1", "blorp dropping", aliases=["blorp-drop scheme"]), mention("p2", "blorp-drop scheme"),
          mention("p3", "blorp failure", NodeType.PROBLEM, aliases=["blorp-drop scheme"])]
    entities, ids = resolve(ms)
    assert ids[0] == ids[1] != ids[2]


# ------------------------------------------------------------------- overrides


def test_override_tsv_forces_a_merge_and_a_split(tmp_path):
    path = tmp_path / "merges.tsv"
    path.write_text("# forced decisions\nmerge\tgizmo net\tgadget net\nsplit\tfoo loss\tFooL\n", encoding="utf-8")
    overrides = load_overrides(path)
    assert overrides == Overrides((("gizmo net", "gadget net"),), (("foo loss", "FooL"),))
    ms = [mention("p1", "gizmo net"), mention("p2", "gadget net"),
          mention("p3", "foo loss", aliases=["FooL"], source="abbrev"), mention("p4", "FooL")]
    entities, ids = resolve(ms, overrides=overrides)
    assert ids[0] == ids[1]
    merged = next(e for e in entities if e.id == ids[0])
    assert any(m.rule == "override" for m in merged.merges)
    assert ids[2] != ids[3]  # FooL would have joined its definition (acronym rule); the split forbids it
    _, plain = resolve(ms)
    assert plain[2] == plain[3]


def test_override_merges_every_concept_that_carries_a_name():
    ms = [mention("p1", "gizmo models", NodeType.MODEL, aliases=["GMs"], source="abbrev"),
          mention("p2", "GMs", NodeType.MODEL), mention("p3", "gizmo models", NodeType.MODEL)]
    _, plain = resolve(ms)
    assert plain[1] != plain[2]  # a bare short acronym joins no definition of another paper
    _, ids = resolve(ms, overrides=Overrides((("GMs", "gizmo models"),)))
    assert len(set(ids)) == 1


def test_override_that_merges_and_splits_the_same_names_is_an_input_error(tmp_path):
    path = tmp_path / "merges.tsv"
    path.write_text("merge\tlanguage models\tLMs\tLM\nsplit\tLM\tLanguage Model\n", encoding="utf-8")
    with pytest.raises(InputError, match="merges.tsv: 'LM' and 'Language Model' are both merged and split"):
        load_overrides(path)


def test_override_merge_across_types_is_warned(caplog):
    ms = [mention("p1", "ImageNet", NodeType.BENCHMARK), mention("p2", "accuracy", NodeType.METRIC)]
    _, ids = resolve(ms, overrides=Overrides((("ImageNet", "accuracy"),)))
    assert ids[0] == ids[1] and "concepts of different types; the merged one is a Benchmark" in caplog.text


def test_override_json(tmp_path):
    path = tmp_path / "merges.json"
    path.write_text(json.dumps({"merge": [["a b", "c d"]], "split": [["e", "f"]]}), encoding="utf-8")
    assert load_overrides(path) == Overrides((("a b", "c d"),), (("e", "f"),))


@pytest.mark.parametrize("text", ["merge\tonly-one\n", "fuse\ta\tb\n", "split\ta\tb\tc\n"])
def test_bad_override_file_is_an_input_error(tmp_path, text):
    path = tmp_path / "bad.tsv"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError):
        load_overrides(path)


@pytest.mark.parametrize("data", [{"merge": [1]}, {"merge": [[1, 2]]}, {"merge": "ab"}, {"split": 3}])
def test_malformed_json_override_file_is_an_input_error(tmp_path, data):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(InputError, match="bad.json"):
        load_overrides(path)


def test_kg_build_merges_option(tmp_path, capsys):
    src = tmp_path / "two.txt"
    src.write_text("We propose GizmoNet, a method that mitigates exposure bias in sequence models.\n\n"
                   "We propose GadgetNet, which reduces exposure bias on ImageNet.\n", encoding="utf-8")
    merges = tmp_path / "m.tsv"
    merges.write_text("merge\tGizmoNet\tGadgetNet\n", encoding="utf-8")
    out = tmp_path / "out"
    assert kg.cli.main(["build", str(src), "--out", str(out), "--merges", str(merges)]) == 0
    capsys.readouterr()
    assert kg.cli.main(["show", "GadgetNet", "--graph", str(out / "graph.ttl")]) == 0
    shown = capsys.readouterr().out
    assert shown.startswith("GizmoNet") and "override" in shown
    assert kg.cli.main(["build", str(src), "--out", str(tmp_path / "o2"), "--merges", str(tmp_path / "none.tsv")]) == 2
    assert "none.tsv" in capsys.readouterr().err


def test_a_bad_merges_file_fails_before_extraction(tmp_path, capsys):
    """Not after minutes of extraction: no progress bar was drawn when the error comes."""
    src = tmp_path / "one.txt"
    src.write_text("We propose GizmoNet, a method that mitigates exposure bias in sequence models.\n", encoding="utf-8")
    merges = tmp_path / "m.tsv"
    merges.write_text("merge\tGizmoNet\n", encoding="utf-8")
    with pytest.raises(kg.InputError, match="m.tsv: decision 1"):
        kg.build(src, merges=merges, progress=True)
    assert "extracting" not in capsys.readouterr().err


@pytest.mark.parametrize("name, content, problem", [
    ("none.tsv", None, "no such file"),
    ("latin1.tsv", b"merge\tcaf\xe9 net\tgadget net\n", "not UTF-8 text (invalid byte 0xe9 at offset 9)"),
    ("folder", "dir", "is a directory, not a file")])  # not the advice for kg build's inputs ("pass the files …")
def test_an_unreadable_merges_file_is_one_short_line(tmp_path, capsys, name, content, problem):
    src = tmp_path / "one.txt"
    src.write_text("We propose GizmoNet, a method that mitigates exposure bias in sequence models.\n", encoding="utf-8")
    merges = tmp_path / name
    if content == "dir":
        merges.mkdir()
    elif content is not None:
        merges.write_bytes(content)
    assert kg.cli.main(["build", str(src), "--out", str(tmp_path / "out"), "--merges", str(merges)]) == 2
    assert capsys.readouterr() == ("", f"kg: error: {merges}: {problem}\n")
    assert not (tmp_path / "out").exists()


def test_an_empty_merges_file_holds_no_decision(tmp_path):
    (tmp_path / "empty.tsv").write_bytes(b"")
    assert load_overrides(tmp_path / "empty.tsv") == Overrides()


# ------------------------------------------------------------------- hierarchy


def test_name_parents():
    assert name_parents("Qwen2.5-Math-7B") == ["Qwen2.5-Math", "Qwen2.5"]
    assert name_parents("Qwen3-8B") == ["Qwen3"]
    assert name_parents("ImageNet") == []


def broader_chain(G, node, limit=8):
    chain = [node]
    for _ in range(limit):
        up = sorted(v for _, v, k in G.out_edges(chain[-1], keys=True) if k == "broader")
        if not up:
            break
        chain.append(up[0])
    return [G.nodes[n]["label"] for n in chain]


def test_model_variant_family_hierarchy(G):
    (qwen8b,) = holders(G, "Model", "Qwen3-8B")
    chain = broader_chain(G, qwen8b)
    assert chain[:2] == ["Qwen3-8B", "Qwen3"], chain
    assert "large language models" in chain, chain
    (qwen3,) = holders(G, "Model", "Qwen3")
    assert G.nodes[qwen3]["papers"] == []  # a family added above its variants
    assert "Qwen3-4B" in {G.nodes[u]["label"] for u, _, k in G.in_edges(qwen3, keys=True) if k == "broader"}


def test_lexicon_broader_links(G):
    (bias,) = holders(G, "Problem", "exposure bias")
    (mismatch,) = holders(G, "Problem", "train-inference mismatch")
    data = G.get_edge_data(bias, mismatch)["broader"]
    assert "lexicon" in data["rules"]


def test_every_lexicon_broader_names_a_lexicon_entry():
    from kg.nlp.rules import lexicon_index
    from kg.resolve import lexicon_hierarchy
    dangling = {child: parent for child, parent in lexicon_hierarchy().items()
                if normalize_label(parent) not in lexicon_index()}
    assert not dangling


def test_broader_has_no_cycle(G):
    import networkx as nx
    H = nx.DiGraph((u, v) for u, v, k in G.edges(keys=True) if k == "broader")
    assert nx.is_directed_acyclic_graph(H)
    assert H.number_of_edges() >= 40


def test_hierarchy_adds_only_families_with_two_members():
    ms = [mention("p1", "Qwen3-8B", NodeType.MODEL), mention("p2", "Qwen3-4B", NodeType.MODEL),
          mention("p3", "Qwen2.5-Math-7B", NodeType.MODEL)]
    entities, _ = resolve(ms)
    families, links = hierarchy(entities)
    assert "Qwen3" in [f.label for f in families]  # two variants below it
    assert "Qwen2.5-Math" not in [f.label for f in families]  # one only
    labels = {e.id: e.label for e in [*entities, *families]}
    assert ("Qwen3-8B", "Qwen3") in {(labels[a], labels[b]) for a, b, _ in links}


def test_merges_survive_the_turtle_export(corpus_export):
    graph = kg.load(corpus_export / "graph.ttl")
    assert graph.graph.nodes[graph.find("LLMs")]["merges"]


def test_a_split_no_rule_could_apply_is_warned(caplog):
    ms = [mention("p1", "foo loss", aliases=["FooL"], source="abbrev"), mention("p2", "bar net")]
    with caplog.at_level(logging.WARNING, logger="kg.resolve"):
        entities, ids = resolve(ms, overrides=Overrides((), (("FooL", "foo loss"), ("baz net", "bar net"))))
    assert "split override 'FooL' / 'foo loss': one concept by a definition" in caplog.text  # one mention's names
    assert "split override: no concept named 'baz net'" in caplog.text and "'bar net'" not in caplog.text
    _, ids = resolve([*ms, mention("p3", "FooL")], overrides=Overrides((), (("FooL", "foo loss"),)))
    assert ids[0] != ids[2]  # what the split can do it does: the bare FooL of p3 stays apart
