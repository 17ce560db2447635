"""Entity-to-entity relations (kg/relations.py): the sentence patterns on hand-made mentions, and on the corpus
their evidence, support and RDF round trip."""

from __future__ import annotations

import pytest

from kg.graph import ENTITY_RELATIONS, entity_edges
from kg.records import Mention, NodeType, Role
from kg.relations import _M, relations_from_sentence

T = NodeType


def items(sentence: str, *names: tuple[str, NodeType], proposed: str | None = None):
    """Mentions of *names* (each found left to right) in *sentence*, as the relation finder takes them."""
    out, pos = [], 0
    for name, node_type in names:
        start = sentence.index(name, pos)
        pos = start + len(name)
        m = Mention("p", name, name, node_type, Role.USES, start, pos, sentence)
        out.append(_M(m, f"{node_type.value}/{name}", node_type))
    prop = None
    if proposed:
        prop = _M(Mention("p", proposed, proposed, T.METHOD, Role.PROPOSES, 10_000, 10_000 + len(proposed), "x"),
                  f"Method/{proposed}", T.METHOD)
    return out, prop


def found(sentence, *names, proposed=None):
    its, prop = items(sentence, *names, proposed=proposed)
    return {(r.subject.split("/", 1)[1], r.relation, r.object.split("/", 1)[1])
            for r in relations_from_sentence(its, sentence, proposed=prop)}


CASES = [
    ("TRE mitigates temporal-spatial misalignment in long videos.",
     [("TRE", T.METHOD), ("temporal-spatial misalignment", T.PROBLEM)], None,
     {("TRE", "mitigates", "temporal-spatial misalignment")}),
    ("We add a two-stage alignment mechanism that alleviates the training-inference gap.",
     [("two-stage alignment mechanism", T.METHOD), ("training-inference gap", T.PROBLEM)], None,
     {("two-stage alignment mechanism", "mitigates", "training-inference gap")}),
    ("KANs outperform MLPs and CNNs on symbolic tasks.",
     [("KANs", T.MODEL), ("MLPs", T.MODEL), ("CNNs", T.MODEL)], None,
     {("KANs", "outperforms", "MLPs"), ("KANs", "outperforms", "CNNs")}),
    ("Experiments show that it consistently outperforms PPO.",
     [("PPO", T.METHOD)], "FooRL", {("FooRL", "outperforms", "PPO")}),
    ("GPT-4V achieves 75.02% accuracy on MAD-Bench.",
     [("GPT-4V", T.MODEL), ("accuracy", T.METRIC), ("MAD-Bench", T.BENCHMARK)], None,
     {("GPT-4V", "evaluatedOn", "MAD-Bench")}),
    ("Experiments on GSM8K and MATH confirm the gains.",
     [("GSM8K", T.BENCHMARK), ("MATH", T.BENCHMARK)], "FooRL",
     {("FooRL", "evaluatedOn", "GSM8K"), ("FooRL", "evaluatedOn", "MATH")}),
    ("We fine-tune Qwen3-4B with GRPO for ten epochs.",
     [("Qwen3-4B", T.MODEL), ("GRPO", T.METHOD)], None, {("GRPO", "appliedTo", "Qwen3-4B")}),
    ("Applying LoRA to Llama-3 halves the memory.",
     [("LoRA", T.METHOD), ("Llama-3", T.MODEL)], None, {("LoRA", "appliedTo", "Llama-3")}),
    ("Large language models such as Qwen3-8B, GPT-4o and Llama-3 hallucinate.",
     [("Large language models", T.MODEL), ("Qwen3-8B", T.MODEL), ("GPT-4o", T.MODEL), ("Llama-3", T.MODEL)], None,
     {("Qwen3-8B", "broader", "Large language models"), ("GPT-4o", "broader", "Large language models"),
      ("Llama-3", "broader", "Large language models")}),
    ("Hallucination, overthinking and other failure modes persist.",
     [("Hallucination", T.PROBLEM), ("overthinking", T.PROBLEM), ("failure modes", T.PROBLEM)], None,
     {("Hallucination", "broader", "failure modes"), ("overthinking", "broader", "failure modes")}),
    ("We use a policy optimization method called GRPO.",
     [("policy optimization method", T.METHOD), ("GRPO", T.METHOD)], None,
     {("GRPO", "broader", "policy optimization method")}),
    # no relation: a problem merely listed, a benchmark without an evaluation cue, an unrelated comparison word
    ("Hallucination and exposure bias are studied by TRE.",
     [("Hallucination", T.PROBLEM), ("exposure bias", T.PROBLEM), ("TRE", T.METHOD)], None, set()),
    ("ImageNet was collected from the web.", [("ImageNet", T.BENCHMARK)], "FooNet", set()),
    # a preposition between the verb and a mention: not its object; "a fixed order" fixes nothing
    ("FooNet outperforms prior methods across several model architectures.",
     [("FooNet", T.METHOD), ("model architectures", T.MODEL)], None, set()),
    ("Dropout reduces overfitting in speech recognition.",
     [("Dropout", T.METHOD), ("overfitting", T.PROBLEM), ("speech recognition", T.PROBLEM)], None,
     {("Dropout", "mitigates", "overfitting")}),
    ("FooNet decodes residues in a fixed order and suffers from exposure bias.",
     [("FooNet", T.MODEL), ("exposure bias", T.PROBLEM)], None, set()),
    # a participle after a comma: the clause's subject acts, not the model it was measured on
    ("For example, FooRL cuts tokens by 54% on Qwen-1.5B without loss, outperforming BarRL's 33%.",
     [("FooRL", T.METHOD), ("Qwen-1.5B", T.MODEL), ("BarRL", T.METHOD)], None, {("FooRL", "outperforms", "BarRL")}),
    ("Two choices matter: (1) FooVocab, a small vocabulary; (2) training with gradient stopping, eliminating "
     "exposure bias.", [("FooVocab", T.METHOD), ("gradient stopping", T.METHOD), ("exposure bias", T.PROBLEM)], None,
     set()),
    # a name inside a prepositional phrase is no subject
    ("Injecting drafts into a stronger learner's GRPO context outperforms on-policy GRPO.",
     [("GRPO", T.METHOD), ("on-policy GRPO", T.METHOD)], None, set()),
    ("We end up with FooRL policies that outperform PPO.",
     [("FooRL policies", T.METHOD), ("PPO", T.METHOD)], None, {("FooRL policies", "outperforms", "PPO")}),
    ("Tuned on GSM8K, FooRL outperforms PPO.",
     [("GSM8K", T.BENCHMARK), ("FooRL", T.METHOD), ("PPO", T.METHOD)], None, {("FooRL", "outperforms", "PPO")}),
]


@pytest.mark.parametrize("sentence,names,proposed,expected", CASES, ids=[c[0][:40] for c in CASES])
def test_sentence_patterns(sentence, names, proposed, expected):
    assert found(sentence, *names, proposed=proposed) == expected


def test_evidence_span_covers_both_names():
    sentence = "Intro. TRE mitigates temporal-spatial misalignment in long videos."
    its, _ = items(sentence, ("TRE", T.METHOD), ("temporal-spatial misalignment", T.PROBLEM))
    its = [_M(Mention("p", x.mention.text, x.mention.label, x.type, Role.USES, x.mention.start, x.mention.end,
                      sentence[7:]), x.entity, x.type) for x in its]
    (r,) = relations_from_sentence(its, sentence)
    assert sentence[r.start:r.end] == r.text == "TRE mitigates temporal-spatial misalignment"


# ------------------------------------------------------------------ the corpus


@pytest.fixture(scope="module")
def G(corpus_graph):
    return corpus_graph.graph


def test_corpus_has_every_kind_of_relation(G):
    kinds = {k for _, _, k in entity_edges(G)}
    assert set(ENTITY_RELATIONS) <= kinds, kinds


def test_relation_evidence_points_into_the_abstract(G):
    checked = 0
    for s, o, k, data in entity_edges(G, data=True):
        assert data["relation"] == k
        assert data["support"] == len({e["paper"] for e in data["evidence"]})
        for ev in data["evidence"]:
            abstract = G.nodes[ev["paper"]]["abstract"]
            assert abstract[ev["start"]:ev["end"]] == ev["text"]
            assert ev["text"] in ev["sentence"] and ev["sentence"] in abstract
            checked += 1
        if k != "broader":
            assert data["evidence"], (s, o, k)
    assert checked >= 15


def test_known_corpus_relations(G):
    labels = {(G.nodes[s]["label"], k, G.nodes[o]["label"]) for s, o, k in entity_edges(G)}
    assert ("On-Policy Diffusion Language Model", "mitigates", "train-inference mismatch") in labels
    assert ("Kolmogorov-Arnold networks", "outperforms", "multilayer perceptrons") in labels
    assert any(k == "evaluatedOn" and o == "Open ASR Leaderboard" for _, k, o in labels)


def test_relations_types(G):
    allowed = {"mitigates": ({"Method", "Model"}, {"Problem"}), "appliedTo": ({"Method"}, {"Model"}),
               "evaluatedOn": ({"Method", "Model"}, {"Benchmark"}),
               "outperforms": ({"Method", "Model"}, {"Method", "Model"})}
    for s, o, k in entity_edges(G):
        if k in allowed:
            assert G.nodes[s]["type"] in allowed[k][0] and G.nodes[o]["type"] in allowed[k][1], (s, k, o)
