"""The whole pipeline on the real corpus: what the graph must contain, and invariants every node and edge keeps."""

from __future__ import annotations

import logging
from collections import defaultdict

import pytest

import kg
from kg.extract import extract
from kg.graph import ENTITY_RELATIONS, build_graph, paper_edges, paper_iri
from kg.ingest import read_inputs
from kg.nlp import default_pipeline
from kg.normalize import normalize_label
from kg.records import NodeType, Paper, Role
from kg.resolve import resolve

GENERIC = ["our method", "this paper", "results", "performance", "experiments", "baselines", "existing methods",
           "the model", "significant interest", "state of the art", "approach", "method", "model",
           # garbage a reviewer found in the corpus graph (session 5)
           "teach models", "correct answer", "potential directions", "greater robustness", "open models", "clean",
           "mismatched"]


def names(data: dict) -> list[str]:
    return [data["label"], *data.get("aliases", [])]


def entity_nodes(G):
    return [(n, d) for n, d in G.nodes(data=True) if d["type"] != NodeType.PAPER.value]


@pytest.fixture(scope="module")
def G(corpus_graph):
    return corpus_graph.graph


@pytest.fixture(scope="module")
def memdlm_paper(corpus_graph):
    found = [p for p in corpus_graph.papers() if p["label"] == "MemDLM"]
    assert len(found) == 1, "expected exactly one paper labelled MemDLM"
    return found[0]["iri"]


@pytest.fixture(scope="module")
def mismatch(corpus_graph):
    return corpus_graph.find("train-inference mismatch")


def test_corpus_builds_every_paper(corpus_graph):
    assert len(corpus_graph.papers()) == 80
    assert corpus_graph.failed == ()


def test_memdlm_paper_proposes_memdlm(G, memdlm_paper):
    proposed = [v for _, v, role in G.out_edges(memdlm_paper, keys=True) if role == Role.PROPOSES.value]
    assert any("MemDLM" in names(G.nodes[v]) for v in proposed), [G.nodes[v]["label"] for v in proposed]


def test_memdlm_paper_addresses_train_inference_mismatch(G, memdlm_paper, mismatch):
    assert G.nodes[mismatch]["type"] == NodeType.PROBLEM.value
    assert G.has_edge(memdlm_paper, mismatch, key=Role.ADDRESSES.value)


def test_train_inference_mismatch_links_many_papers(G, mismatch, memdlm_paper):
    linked = {p for p, _ in G.in_edges(mismatch) if G.nodes[p]["type"] == NodeType.PAPER.value}
    assert len(linked) >= 6
    assert memdlm_paper in linked
    assert set(G.nodes[mismatch]["papers"]) == linked


def test_qwen_models_link_several_papers(G):
    qwen = [(n, d) for n, d in entity_nodes(G) if any("Qwen" in name for name in names(d))]
    assert qwen
    papers = {p for n, _ in qwen for p, _ in G.in_edges(n)}
    assert len(papers) >= 3
    assert {d["type"] for _, d in qwen} == {NodeType.MODEL.value}


def test_acronym_definition_gives_one_entity_with_both_names(G):
    holders = [(n, d) for n, d in entity_nodes(G) if "DLMs" in names(d)]
    assert len(holders) == 1, [d["label"] for _, d in holders]
    node, data = holders[0]
    assert normalize_label(data["label"]) == "diffusion language model"
    assert "DLMs" in data["aliases"]
    # the short form did not become a concept of its own
    assert not [n for n, d in entity_nodes(G) if normalize_label(d["label"]) in ("dlm", "dlms") and n != node]
    assert len(data["papers"]) >= 2


def test_every_evidence_item_points_into_its_abstract(G):
    checked = 0
    for paper, entity, role, data in paper_edges(G, data=True):
        abstract = G.nodes[paper]["abstract"]
        assert data["role"] == role and data["paper"] == paper
        assert data["evidence"], (paper, entity, role)
        for ev in data["evidence"]:
            assert 0 <= ev["start"] < ev["end"] <= len(abstract)
            assert abstract[ev["start"]:ev["end"]] == ev["text"], (paper, ev)
            assert ev["text"] in ev["sentence"], (paper, ev)
            assert ev["sentence"] in abstract
            checked += 1
    assert checked > 500


def test_edges_go_from_papers_to_entities_or_between_entities(G):
    for source, target, key in G.edges(keys=True):
        assert G.nodes[target]["type"] != NodeType.PAPER.value
        if G.nodes[source]["type"] == NodeType.PAPER.value:
            assert key in {r.value for r in Role}
        else:
            assert key in ENTITY_RELATIONS


def test_no_generic_phrase_is_a_node(G):
    generic = {normalize_label(g) for g in GENERIC}
    bad = [d["label"] for _, d in G.nodes(data=True) if normalize_label(d["label"]) in generic]
    assert not bad


def test_no_two_entities_share_a_normalized_label(G):
    by_key = defaultdict(list)
    for node, data in entity_nodes(G):
        by_key[normalize_label(data["label"])].append(node)
    assert not {k: v for k, v in by_key.items() if len(v) > 1}


def test_every_paper_has_a_label(corpus_graph):
    assert all(p["label"].strip() for p in corpus_graph.papers())


def test_entity_papers_match_edges(G):
    for node, data in entity_nodes(G):
        assert data["papers"] == sorted({p for p, e, _ in paper_edges(G) if e == node}), node


def test_sentence_final_model_name_has_no_full_stop():
    g = kg.from_texts(["We fine-tune a reasoning policy on top of Qwen3-8B. Learned adapters then transfer "
                       "to several other open models without further tuning."])
    labels = [n for e in g.entities() for n in names(e)]
    assert "Qwen3-8B" in labels, labels
    assert not [n for n in labels if n.endswith(".")], labels


# --------------------------------------------------------- one failing paper


class FailOn:
    """A real pipeline (the default one) that raises on one given abstract, as a broken component would."""

    def __init__(self, nlp, bad_text: str) -> None:
        self.nlp, self.bad_text = nlp, bad_text

    def __call__(self, text: str):
        if text == self.bad_text:
            raise ValueError("component crashed on this abstract")
        return self.nlp(text)


def test_failing_abstract_is_skipped_and_reported(corpus_path, caplog):
    papers = read_inputs([corpus_path])
    bad = next(p for p in papers if "MemDLM" in p.abstract)
    with caplog.at_level(logging.ERROR, logger="kg.extract"):
        extraction = extract(papers, nlp=FailOn(default_pipeline(), bad.abstract))
    assert [p.id for p, _ in extraction.failed] == [bad.id]
    assert "component crashed" in extraction.failed[0][1]
    assert len(extraction.papers) == 79 and bad.id not in {p.id for p in extraction.papers}
    assert not [m for m in extraction.mentions if m.paper_id == bad.id]
    assert any(bad.id in r.getMessage() and r.getMessage().startswith(f"{corpus_path}: paper ")
               for r in caplog.records if r.levelno >= logging.ERROR)  # the file, then the paper
    # the rest still builds into a graph without the failed paper
    entities, keys = resolve(extraction.mentions)
    G = build_graph(extraction.papers, extraction.mentions, entities, keys)
    assert paper_iri(bad.id) not in G
    assert sum(1 for _, t in G.nodes(data="type") if t == NodeType.PAPER.value) == 79


@pytest.mark.parametrize("text, label", [
    # a known name the paper presents beats an acronym defined in passing in the same sentence
    ("We present FlashAttention-3, which pipelines data through the Tensor Memory Accelerator (TMA). "
     "FlashAttention-3 reaches 740 TFLOPs/s. FlashAttention-3 is exact.", "FlashAttention-3"),
    # a problem the paper names is what it attacks; the method it proposes names the paper
    ("We study a problem termed Dual-level Noisy Correspondence (DNC). To address the DNC problem, we propose "
     "a robust framework termed ZORB. ZORB estimates reliabilities. The DNC problem hurts; DNC persists.", "ZORB"),
    # what the authors "further present" is a second contribution, even when the abstract names it more often
    ("In this paper, we introduce Zorbench, a benchmark for webpage generation. We further present ZorbAgent, "
     "an autonomous pipeline. ZorbAgent outperforms end-to-end baselines.", "Zorbench"),
    # "Central to X, we propose Y": Y is a part of the system X
    ("In this paper, we present ZorbFix, an automated decompiler backend. Central to ZorbFix, we propose "
     "Zorb-SCORE, a scoring system. Zorb-SCORE checks code. Zorb-SCORE rates readability.", "ZorbFix"),
    # a name for what the authors observe in earlier work is not their contribution
    ("Existing studies ask each question in isolation. We term this the Zorb Garden test. To bridge this gap, we "
     "propose the Context-Aware Zorb Evaluation (CAZE) framework.", "CAZE"),
    # a common term the field already has is not the paper's name, even when the authors call it theirs
    ("We present the first adversarial training (AT) paradigm for MLLMs. Extending AT is hard. We introduce "
     "Projection Layer Against Zorb Training (ProZAT), an end-to-end AT framework. ProZAT wins.", "ProZAT"),
    # a name in the description of the contribution is a part of it, even when the abstract repeats it
    ("We introduce Zorb-A1, a co-evolution framework that trains a Code LLM and a Test LLM. The Test LLM writes "
     "tests; the Test LLM is rewarded for defects.", "Zorb-A1"),
    # a name in a description that says how the contribution was built is a part of it
    ("We propose Zorb Engine (ZE), a framework built on two components: (1) a signal based on the variance of "
     "the Kullback-Leibler (KLD) divergence. KLD-based signals work. KLD signals help.", "ZE"),
    ("We introduce ZorbEdit, a dataset of figure edits, constructed by mining TikZ edit pairs. TikZ code helps.",
     "ZorbEdit"),
    # a failure mode the authors name is a finding; their method is the contribution
    ("Votes agree. Similarity is 0.9, a failure mode we term representational collapse. ZorbVote, a "
     "training-free consensus protocol that weights agents, reaches 87% on GSM8K.", "ZorbVote"),
    # a benchmark listed after a preposition is not proposed with the model the sentence presents
    ("We train a prover. Our resulting model, DeepSeekMath-V2, scores well on IMO 2025 and CMO 2024.",
     "DeepSeekMath-V2"),
    # the name in apposition to what the authors introduce is its name
    ("Math is hard. In this paper, we introduce an agentic research system, Zorbis, designed for open problems.",
     "Zorbis"),
    # a task cast as another ("formulates X as a … problem") is not what the paper proposes
    ("Coverage differs. This paper formulates UAV mobility management as a constrained optimization problem. "
     "We then propose a zorbed deep reinforcement learning (ZDRL) framework that splits the problem.", "ZDRL"),
    # a kind of study is no name: what the authors call it is
    ("Reviews vary. We propose a novel evaluation approach based on what we call zorb-subjective ranking.",
     "zorb-subjective ranking"),
    # … and so is a known concept with a kind word: what it builds names the contribution
    ("Views differ. We introduce a pre-training approach that exploits this to construct zorb-invariant "
     "representations from synthetic data.", "zorb-invariant representations"),
    # an adjective of length is no part of a name
    ("Steps fail. Our approach trains a model to emit a short zorb-assessment token after each step.",
     "zorb-assessment token"),
    # a name the lexicon knows, listed among the contributions, is not the paper's own name …
    ("Drift hurts. We introduce two strategies: (i) causal zorb normalization for streams; (ii) a Gaussian "
     "Mixture Model (GMM) alignment of features.", "causal zorb normalization"),
    # … unless the paper releases it
    ("Labels are noisy. To characterize them, we develop a hierarchical taxonomy of zorb error types. Using this "
     "taxonomy, we re-annotate 3,000 questions, producing MMLU-Redux. We release MMLU-Redux.", "MMLU-Redux"),
    # a name cut before its noun ends in an adjective: the model trained is the paper's name
    ("Data is costly. We introduce NP-hard (NPH) zorb problems as a novel training corpus. Our flagship model, "
     "Zorb-R1-7B, surpasses QwQ-32B on NPH zorb problems.", "Zorb-R1-7B"),
    # the short form defined inside a longer name ("… Diffusion (ZMD) model") is the paper's short name
    ("Gaps remain. In this work, we present the Zorbic Masked Diffusion (ZMD) model, an architecture for text. "
     "ZMD achieves strong results.", "ZMD"),
    # an appositive that says what the name is describes it: "ZRIP …, a Layered Zorb Architecture (LZA) that …"
    ("Control is hard. We formulate Zorbed Robust Imitation Policy (ZRIP) architecture, a Layered Zorb Architecture "
     "(LZA) that integrates two controllers. The LZA is certified. Each LZA layer has a contract.", "ZRIP"),
    ("We introduce ZorbFlow, a hook-based toolkit for monitoring zorb centroid alignment (IZCA). IZCA is confounded. "
     "IZCA is no causal measure.", "ZorbFlow"),
    # one hyphenated word of plain words is a modifier cut from the name, not the name
    ("Graphs change. We propose a novel method called Multi-view Zorbic Graph Embeddings with Zorb Updates "
     "(ZGEZU).", "ZGEZU"),
    # "CVAE-based" is part of a name, not a description that makes the short form a part of something else
    ("Safety matters. We propose a novel framework Feasibility-Aware offline Safe Zorb Learning with CVAE-based "
     "Pessimism (FASZ). FASZ wins.", "FASZ"),
    # a task named in the sentence of a design is not the contribution ("text-to-image" is a known task)
    ("Encoders are weak. We introduce a zorb-pixel reconstruction objective to regularize the latent space. "
     "Leveraging it, we design a unified Text-to-Image (T2I) and image editing model. We beat T2I baselines.",
     "zorb-pixel reconstruction objective"),
])
def test_paper_label_names_the_main_contribution(text, label):
    (paper,) = extract([Paper("p1", text)]).papers
    assert paper.label == label
