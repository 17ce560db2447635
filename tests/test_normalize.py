"""Normalized concept names: what folds together, what stays apart, acronyms, and IRI slugs."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from kg.normalize import is_acronym, normalize_label, singular, slug


@pytest.mark.parametrize("variants", [
    ["train-inference mismatch", "Train-Inference Mismatch", "train inference mismatch",
     "train\u2013inference mismatch", "train \u2014 inference mismatch", "train-inference mismatches",
     "  train   inference\tmismatch "],
    ["Diffusion Language Models", "diffusion language model", "diffusion-language-models"],
    ["spurious correlations", "Spurious Correlation", "spurious-correlations"],
    ["inductive biases", "inductive bias", "Inductive Biases"],
    ["regularisation", "regularization", "Regularisation"],
    ["optimisation", "optimization"],
    ["chain-of-thought", "chain of thought", "Chain-of-Thoughts", "chain_of_thought"],
    ["behaviour cloning", "behavior cloning"],
    ["LLMs", "LLM", "llm"],
    ["Best-of-$N$", "best-of-N", "Best-of-N"],  # one symbol written as LaTeX maths
    ["F_1", "F1", "F$_1$", "F_{1}", "F\u2081"],  # a letter's index, as text or LaTeX writes it
    ["R^2", "R2", "R\u00b2"],
    ["L_1 regularization", "L1 regularization"],
    ["key-value (KV) cache", "key-value cache", "Key-Value Caches"],  # a short form written inside the name
    ["graph neural network (GNN)-based planner", "graph neural network-based planner"],
], ids=lambda v: v[0])
def test_variants_fold_to_one_key(variants):
    keys = {normalize_label(v) for v in variants}
    assert len(keys) == 1, keys


@pytest.mark.parametrize("text, key", [
    ("Diffusion Language Models", "diffusion language model"),
    ("biases", "bias"),
    ("spurious correlations", "spurious correlation"),
    ("regularisation", "regularization"),
    ("Tokenisation", "tokenization"),
    ("policies", "policy"),
    ("batches", "batch"),
    ("losses", "loss"),
    ("train\u2010inference mismatch", "train inference mismatch"),
    ("(knowledge distillation).", "knowledge distillation"),
    ("tokenised inputs", "tokenized input"),
    ("minimising the loss", "minimizing the loss"),
    # -ise words that American English spells so too keep their spelling (their IRIs are public)
    ("label noise", "label noise"),
    ("self-supervised fine-tuning", "self supervised fine tuning"),
    ("pairwise ranking", "pairwise ranking"),
    ("promising results", "promising result"),
    ("precise revised estimates", "precise revised estimate"),
])
def test_normalized_key(text, key):
    assert normalize_label(text) == key


@pytest.mark.parametrize("a, b", [
    ("bias", "biases of"),          # only the last word is singularised
    ("data", "date"),
    ("loss", "los"),
    ("mixup", "mixups of"),
    ("model", "models of"),
    ("GPT-4", "GPT-4o"),
    ("Qwen3-8B", "Qwen3-4B"),
    ("TRADE", "TRADES"),            # two acronyms, not a singular and its plural
    ("SE(3) flow", "SE flow"),      # a group's index, not a short form
    ("the (noisy) labels", "the labels"),
])
def test_different_concepts_stay_apart(a, b):
    assert normalize_label(a) != normalize_label(b)


@pytest.mark.parametrize("word", ["bias", "analysis", "corpus", "loss", "series", "physics", "data",
                                  "status", "class", "semantics", "robustness", "lens", "mixup"])
def test_singular_leaves_non_plurals_alone(word):
    assert singular(word) == word


@pytest.mark.parametrize("plural, single", [
    ("biases", "bias"), ("correlations", "correlation"), ("models", "model"), ("LLMs", "LLM"),
    ("queries", "query"), ("boxes", "box"), ("approaches", "approach"), ("classes", "class"), ("caches", "cache"),
    ("batches", "batch"),
])
def test_singular_of_plurals(plural, single):
    assert singular(plural) == single


def test_normalize_is_idempotent():
    for text in ["Diffusion Language Models", "inductive biases", "Regularisation", "chain-of-thought", "LLMs"]:
        once = normalize_label(text)
        assert normalize_label(once) == once


@pytest.mark.parametrize("text", ["LLM", "LLMs", "MoE", "RLHF", "CoT", "mAP", "DLMs", "MemDLM", "KANs", "AR"])
def test_is_acronym(text):
    assert is_acronym(text)


@pytest.mark.parametrize("text", ["dropout", "Qwen", "Transformer", "A", "s", "models", "large language model",
                                  "Attention", "ABCDEFGHIJKLM", "O(L", "O(N)"])  # a big-O bound
def test_is_not_acronym(text):
    assert not is_acronym(text)


# ---------------------------------------------------------------------- slugs

KEYS = ["diffusion language model", "train inference mismatch", "qwen3 8b", "gpt 4o", "gpt 4", "c++", "c",
        "c#", "café au lait", "cafe au lait", "ε greedy", "greedy", "a/b test", "a b test", "", "<script>",
        "pass@1", "pass 1", "top-1 accuracy", "top 1 accuracy", "日本語"]

_SAFE = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


@pytest.mark.parametrize("key", KEYS)
def test_slug_is_iri_safe(key):
    name = slug(key)
    assert _SAFE.match(name), name


def test_slug_of_a_clean_key_is_readable():
    assert slug("diffusion language model") == "diffusion-language-model"
    assert slug(normalize_label("train-inference mismatch")) == "train-inference-mismatch"


def test_slugs_of_distinct_keys_are_distinct():
    slugs = [slug(k) for k in KEYS]
    assert len(set(slugs)) == len(KEYS), sorted(slugs)


def test_slug_is_stable_within_and_across_processes():
    expected = [slug(k) for k in KEYS]
    assert [slug(k) for k in KEYS] == expected
    code = "import json,sys; from kg.normalize import slug; print(json.dumps([slug(k) for k in json.load(sys.stdin)]))"
    out = subprocess.run([sys.executable, "-c", code], input=json.dumps(KEYS), capture_output=True, text=True,
                         check=True, env={"PYTHONHASHSEED": "12345", "PATH": ""})
    assert json.loads(out.stdout) == expected
