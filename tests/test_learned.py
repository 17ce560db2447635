"""kg_learned: the shipped span models check the rules' terms; kg.learn projects the gold onto texts."""

from pathlib import Path

import pytest

import kg
import kg.cli
from kg.errors import ExtractionError
from kg.learn import gold_spans
from kg.nlp import build_pipeline, default_pipeline
from kg.nlp.learned import (MODELS_DIR, LearnedCheck, _added, _checked, _cut_from_known, _without_cut_names,
                             load_models)
from kg.records import NodeType, Role

TEXT = ("We propose GlideNet, a routing method for sparse experts. It mitigates load imbalance better than HashGate "
        "and top-k gating, and unlike HashGate it needs no auxiliary loss. We evaluate it on GSM8K with the "
        "Qwen2.5-7B model.")


@pytest.fixture(scope="module")
def rules_doc():
    return build_pipeline(learned=False)(TEXT)


def labels(terms):
    return {t.label for t in terms}


def span_of(doc, words: str):
    start = doc.text.index(words)
    span = doc.char_span(start, start + len(words))
    return span.start, span.end


def test_the_default_pipeline_checks_the_rules_with_the_shipped_models():
    names = default_pipeline().pipe_names
    assert names.index("kg_roles") < names.index("kg_learned") < names.index("kg_results")
    assert len(load_models(str(MODELS_DIR))) >= 2  # one model alone is too unsure to add names


def test_a_concept_no_model_marks_is_dropped_unless_proposed_or_known(rules_doc):
    terms = rules_doc._.kg_terms
    assert {"GlideNet", "load imbalance", "HashGate", "GSM8K"} <= labels(terms)
    marked = [[(*span_of(rules_doc, "GSM8K"), "Benchmark")], []]
    kept = labels(_checked(terms, marked))
    assert "GSM8K" in kept  # marked by one model
    assert "GlideNet" in kept  # proposed: kept though unmarked
    assert "load imbalance" in kept  # a lexicon entry: kept though unmarked
    assert "HashGate" not in kept


def test_a_concept_marked_at_one_mention_keeps_all_its_mentions(rules_doc):
    terms = rules_doc._.kg_terms
    marked = [[(*span_of(rules_doc, "HashGate"), "Method")]]  # the first mention only
    kept = _checked(terms, marked)
    assert [t.label for t in kept].count("HashGate") == [t.label for t in terms].count("HashGate") == 2


def test_a_name_every_model_marks_is_added_with_the_role_of_its_type(rules_doc):
    terms = rules_doc._.kg_terms
    assert not {"sparse experts", "top-k gating"} & labels(terms)
    experts, gating = span_of(rules_doc, "sparse experts"), span_of(rules_doc, "top-k gating")
    marked = [[(*experts, "Problem"), (*gating, "Method")], [(*experts, "Problem"), (*gating, "Method")],
              [(*experts, "Method")]]
    added = {t.label: t for t in _added(rules_doc, terms, marked)}
    assert set(added) == {"sparse experts"}  # one model did not mark "top-k gating"
    assert added["sparse experts"].type is NodeType.PROBLEM  # two votes of three
    assert added["sparse experts"].role is Role.ADDRESSES and added["sparse experts"].source == "learned"


def test_names_the_rules_have_or_generic_words_are_not_added(rules_doc):
    terms = rules_doc._.kg_terms
    marked = [[(*span_of(rules_doc, "GSM8K"), "Benchmark"), (*span_of(rules_doc, "Qwen2.5-7B"), "Model"),
               (*span_of(rules_doc, "method"), "Method")]] * 2
    assert _added(rules_doc, terms, marked) == []


@pytest.mark.parametrize("value", ["F1=0.117", "Delta = +0.3287", "p<0.05", "zorb7978.github.io/ZNet"])  # … or a link
def test_a_value_every_model_marks_is_not_added(value):
    doc = build_pipeline(learned=False)(f"Starting from a naive baseline ({value} on LoCoMo), the agent improves.")
    marked = [[(*span_of(doc, value), "Method")]] * 3
    assert _added(doc, doc._.kg_terms, marked) == []


def test_a_unit_every_model_marks_is_not_added():
    doc = build_pipeline(learned=False)("Both radar datasets were recorded at 120 GHz from 134 subjects.")
    marked = [[(*span_of(doc, "GHz"), "Benchmark")]] * 3
    assert _added(doc, doc._.kg_terms, marked) == []


@pytest.mark.parametrize("text, span", [("We tune a Swin Transformer-based encoder.", "Swin Transformer-based"),
                                        ("It poses longitudinal risks---cognitive and social.", "risks---cognitive"),
                                        ("It coordinates layer-wise and zorb-wise exiting.", "layer-wise and")])
def test_a_span_cut_before_what_its_modifier_describes_across_a_dash_or_after_a_function_word_is_not_added(
        text, span):
    doc = build_pipeline(learned=False)(text)
    marked = [[(*span_of(doc, span), "Model")]] * 3
    assert _added(doc, [], marked) == []


@pytest.mark.parametrize("after, added", [(" neither check.", []), (".", ["layer carrying"])])
def test_a_span_ending_in_a_verb_before_its_object_is_not_added(after, added):
    doc = build_pipeline(learned=False)("Agents fail. We add a layer carrying" + after)
    marked = [[(*span_of(doc, "layer carrying"), "Method")]] * 3
    assert [t.label for t in _added(doc, [], marked)] == added  # as if the rules had found nothing


@pytest.mark.parametrize("words, kept", [("Symmetry-Protected Topological", False), ("Zorb Network", True),
                                         ("Zorb-Prompted", False), ("Zorb-Consistent", False)])
def test_a_chunk_cut_after_an_adjective_gives_way_to_the_added_name(words, kept):
    doc = build_pipeline(learned=False)(f"We identify inference as an effective {words} phase of matter.")
    chunk = next(t for t in doc._.kg_terms if t.label == words)
    marked = [[(*span_of(doc, f"{words} phase"), "Problem")]] * 3
    added = _added(doc, doc._.kg_terms, marked)
    assert [t.label for t in added] == [f"{words} phase"]
    assert (chunk in _without_cut_names(doc._.kg_terms, added)) is kept  # "Network" is no adjective


def test_a_span_cut_inside_a_longer_name_of_the_rules_is_not_added():
    doc = build_pipeline(learned=False)("We study conflicts within ZVE (Zorb Vulnerabilities and Exposures).")
    assert any("Zorb Vulnerabilities and Exposures" in t.aliases for t in doc._.kg_terms)
    marked = [[(*span_of(doc, "Zorb Vulnerabilities"), "Benchmark")]] * 3
    assert _added(doc, doc._.kg_terms, marked) == []
    kind = build_pipeline(learned=False)("We use the Zorb Vulnerabilities benchmark.")
    start = span_of(kind, "Zorb Vulnerabilities")[0]
    assert not _cut_from_known(kind, start, "Zorb Vulnerabilities", {"Zorb Vulnerabilities benchmark"})  # a kind
    assert _cut_from_known(doc, span_of(doc, "Zorb Vulnerabilities")[0], "Zorb Vulnerabilities",
                           {"Zorb Vulnerabilities and Exposures"})


def test_the_added_name_takes_the_proposal_of_the_chunk_cut_from_it():
    doc = build_pipeline(learned=False)("Pixels fly. We propose a new Zorb-Protected Topological phase of matter.")
    chunk = next(t for t in doc._.kg_terms if t.label == "Zorb-Protected Topological")
    assert chunk.role is Role.PROPOSES
    added = _added(doc, doc._.kg_terms, [[(*span_of(doc, "Zorb-Protected Topological phase"), "Method")]] * 3)
    assert chunk not in _without_cut_names(doc._.kg_terms, added)
    assert [(t.label, t.role) for t in added] == [("Zorb-Protected Topological phase", Role.PROPOSES)]


@pytest.mark.parametrize("name, rules_proposal", [
    ("Late Fusion Neural Operator", None),  # the rules saw two known phrases and proposed nothing
    ("Early Fusion Graph Operator", "Graph Operator"),  # the rules' proposal stands
])
def test_an_added_name_after_a_proposal_cue_is_the_proposal_when_the_rules_found_none(name, rules_proposal):
    doc = default_pipeline()(f"Operators must generalize across parameter regimes. In this work, we introduce the "
                             f"{name}, an architecture that disentangles state dynamics from parameter effects.")
    roles = {t.label: t.role for t in doc._.kg_terms}
    proposed = {label for label, role in roles.items() if role is Role.PROPOSES}
    assert name in roles and proposed == ({rules_proposal} if rules_proposal else {name}), roles


def test_the_shipped_models_mark_names_of_real_abstracts(corpus_path):
    from kg.ingest import read_inputs
    check = LearnedCheck(load_models(str(MODELS_DIR)))
    nlp = build_pipeline(learned=False)
    doc = nlp(read_inputs([corpus_path])[0].abstract)
    marked = check.marked(doc)
    assert all(len(spans) >= 5 for spans in marked)
    marked_words = {doc[s:e].text.lower() for spans in marked for s, e, _ in spans}
    assert marked_words & {t.label.lower() for t in doc._.kg_terms}  # models and rules agree on some names


def test_missing_models_are_a_clear_error(tmp_path):
    with pytest.raises(ExtractionError, match="no trained span models.*python -m kg.learn"):
        load_models(str(tmp_path))


def test_gold_spans_are_every_mention_longest_first():
    text = "Mixture-of-Experts layers and mixture of experts routing; MoE models beat a dense MoE-free model."
    concepts = [{"name": "mixture of experts", "aliases": ["MoE"], "type": "Method"},
                {"name": "mixture-of-experts layer", "aliases": [], "type": "Method"}]
    spans = [(text[s:e], t) for s, e, t in gold_spans(text, concepts)]
    assert spans == [("Mixture-of-Experts layers", "Method"), ("mixture of experts", "Method"), ("MoE", "Method")]


EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "landmark_papers.txt"


def entity_labels(graph) -> set[str]:
    return {d["label"] for _, d in graph.graph.nodes(data=True) if d["type"] != "Paper"}


def test_a_build_with_the_rules_alone_skips_the_models_in_workers_too(capsys, tmp_path):
    rules, full = kg.build([EXAMPLE], learned=False), kg.build([EXAMPLE])
    assert entity_labels(rules) != entity_labels(full)
    assert entity_labels(kg.build([EXAMPLE], learned=False, jobs=2)) == entity_labels(rules)
    assert kg.cli.main(["build", str(EXAMPLE), "--out", str(tmp_path), "--rules-only"]) == 0
    nodes = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("nodes"))
    assert sum(int(n) for n in nodes.split()[1::2]) == len(entity_labels(rules))
