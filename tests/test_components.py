"""Unit tests of the extractor's spaCy components, one table of real-looking cases per component.

Sentences are written for these tests (not taken from the corpus); each case names what a
component must find, so a regression in one rule shows up here before it shows up in F1.
"""

from __future__ import annotations

import re

import pytest

from kg.nlp import build_pipeline
from kg.nlp.abbreviations import find_definitions, schwartz_hearst
from kg.nlp.candidates import is_name_word
from kg.nlp.results import find_values
from kg.records import NodeType, Role


@pytest.fixture(scope="module")
def nlp():
    return build_pipeline(learned=False)  # the rules: kg_learned is tested in test_learned.py


def terms(nlp, text):
    doc = nlp(text)
    return {t.label: t for t in doc._.kg_terms}, doc


# ------------------------------------------------------------ abbreviations

@pytest.mark.parametrize("short, long, start", [
    ("DLMs", "Diffusion Language Models", 0),
    ("AR", "advantages over Auto-Regressive", 16),
    ("MoE", "sparse Mixture-of-Experts", 7),
    ("RLHF", "reinforcement learning from human feedback", 0),
    ("XYZ", "nothing matches here", None),
])
def test_schwartz_hearst_alignment(short, long, start):
    assert schwartz_hearst(short, long) == start


@pytest.mark.parametrize("text, pairs", [
    ("Diffusion Language Models (DLMs) decode in parallel.", [("Diffusion Language Models", "DLMs")]),
    ("We train with reinforcement learning from human feedback (RLHF) only.",
     [("reinforcement learning from human feedback", "RLHF")]),
    ("We propose FooNet (Factorized Object Network) for detection.", [("Factorized Object Network", "FooNet")]),
    ("The error drops (see Table 2) and (e.g. ImageNet) stays flat (12%).", []),
    ("It uses objective metrics (FAD, SSIM) and subjective evaluations (MOS, SMOS).", []),  # lists of names
    ("The cost grows only linearly with the path length (O(L)) here.", []),  # a big-O bound
    # "):" is not an emoticon here
    ("Work found Emergent Misalignment (EM): narrow tuning harms.", [("Emergent Misalignment", "EM")]),
    # initials that spell the short form beat the shortest alignment ("Consistency Training")
    ("We propose Counterfactual Consistency Training (CCT) for judges.",
     [("Counterfactual Consistency Training", "CCT")]),
    ("We introduce Cohort-based Consistency Learning (CC-Learn), a method.",  # so do its capitals
     [("Cohort-based Consistency Learning", "CC-Learn")]),
    ("Models reach gold in the International Olympiad in Informatics (IOI).",  # capitals past linking words
     [("International Olympiad in Informatics", "IOI")]),
    # a hyphenated name before the parenthesis is one short form
    ("We introduce MPDR-Bench (Multi-Page Document Reasoning Benchmark) here.",
     [("Multi-Page Document Reasoning Benchmark", "MPDR-Bench")]),
    ("It uses Proximal Policy Optimization (PPO) and Test-Time Adaptation (TTA).",
     [("Proximal Policy Optimization", "PPO"), ("Test-Time Adaptation", "TTA")]),
    # a word the short form shares with the long form before its acronym
    ("Speech Large Language Models (Speech LLMs) lack grounding.",
     [("Speech Large Language Models", "Speech LLMs")]),
    # a long definition after a coined name (eleven tokens)
    ("We present ACE (Agent-Critic-Executor Loops with Hierarchical Calibration of Errors) for agents.",
     [("Agent-Critic-Executor Loops with Hierarchical Calibration of Errors", "ACE")]),
    # a LaTeX non-breaking space before the bracket
    ("We propose Reducing Environmental Disagreement~(RED) here.", [("Reducing Environmental Disagreement", "RED")]),
    # a short form glued to the bracket of its long form
    ("We introduce the ZDRS(Zorb-Driven Rule Systems) framework.", [("Zorb-Driven Rule Systems", "ZDRS")]),
    # … and a long form glued to the bracket of its short form
    ("We propose a safety-first zorb decision-making framework(SF-ZDM) for cars.",
     [("safety-first zorb decision-making framework", "SF-ZDM")]),
    # a LaTeX closing quote glued to the bracket
    ("We propose the ``Learning to Evaluate and Adaptively Plan''(LEAP) framework.",
     [("Learning to Evaluate and Adaptively Plan", "LEAP")]),
    # a hyphenated prefix before the word the short form's first letter starts
    ("It enables multi-modal large language models (MLLMs) to score.",
     [("multi-modal large language models", "MLLMs")]),
    # LaTeX markup closing before the bracket
    (r"We propose \textbf{\textit{Agent Interaction Communication Language}} (AICL).",
     [("Agent Interaction Communication Language", "AICL")]),
    # initials that spell the short form, a compound counted as one word, in either order
    ("We propose Interpolative Renyi Iterative Self-play (IRIS), a framework.",
     [("Interpolative Renyi Iterative Self-play", "IRIS")]),
    ("We propose IRIS (Interpolative Renyi Iterative Sampling), a framework.",
     [("Interpolative Renyi Iterative Sampling", "IRIS")]),
    # a CamelCase short form whose capitals are the long form's; LaTeX markup around a name and in its expansion
    ("We introduce Diffusion Negative-aware FineTuning (DiffusionNFT), a new paradigm.",
     [("Diffusion Negative-aware FineTuning", "DiffusionNFT")]),
    (r"We introduce \textbf{CoVe} (\textbf{Co}nstraint-\textbf{Ve}rification), a framework.",
     [(r"\textbf{Co}nstraint-\textbf{Ve}rification", "CoVe")]),
])
def test_definitions(nlp, text, pairs):
    doc = nlp(text)
    assert [(long.text, short.text) for long, short in find_definitions(doc)] == pairs


def test_a_short_form_the_lexicon_knows_keeps_the_thing_built_on_it(nlp):
    found, _ = terms(nlp, "Vision-language models (VLMs) are strong. However, current VLM agents still fail.")
    assert found["VLM agents"].type is NodeType.MODEL, sorted(found)


def test_a_short_form_as_the_basis_of_a_known_phrase_leaves_it_to_the_lexicon(nlp):
    found, _ = terms(nlp, "Large language models (LLMs) are strong. Yet LLM-based agents often fail at planning.")
    assert found["LLM-based agents"].type is NodeType.MODEL, sorted(found)


def test_a_short_form_that_begins_a_known_name_leaves_it_to_the_lexicon(nlp):
    found, _ = terms(nlp, "Large language models (LLMs) are strong. We use LLM judges to score answers.")
    assert "LLM-as-a-judge" in found, sorted(found)


def test_short_form_later_is_the_same_concept(nlp):
    found, doc = terms(nlp, "Large language models (LLMs) are strong. Yet LLMs hallucinate facts.")
    later = [t for t in doc._.kg_terms if doc[t.start:t.end].text == "LLMs"]
    assert len(later) == 2 and {t.label for t in later} == {"Large language models"}


def test_a_known_phrase_around_a_long_form_is_found_too(nlp):
    found, _ = terms(nlp, "The agent learns by offline reinforcement learning (RL) from logs. RL then adapts it.")
    assert {"offline reinforcement learning", "reinforcement learning"} <= set(found), sorted(found)


def test_a_long_form_that_needs_the_word_after_the_bracket_takes_it(nlp):
    # "key-value" alone names nothing; "key-value cache" is a known concept, and so is a later "KV cache compression"
    found, doc = terms(nlp, "We shrink the key-value (KV) cache of agents. KV cache compression saves memory. "
                            "KV quantization helps too.")
    assert "key-value" not in found and "cache compression" not in found, sorted(found)
    assert any("KV cache" in t.aliases for t in doc._.kg_terms if t.label == "key-value cache"), sorted(found)
    assert "KV cache compression" in found, sorted(found)
    assert [t.label for t in doc._.kg_terms if doc[t.start:t.end].text == "KV"] == ["key-value cache"]  # a lone KV


def test_a_noun_after_the_bracket_names_the_thing_with_the_short_form_too(nlp):
    # "ML models" is the models' other name; "ML" alone names machine learning, not its models
    found, _ = terms(nlp, "The robustness of machine learning (ML) models and out-of-distribution (OOD) accuracies "
                          "are poorly understood.")
    assert found["machine learning models"].aliases == ["ML models"], sorted(found)
    assert found["out-of-distribution accuracies"].aliases == ["OOD accuracies"], sorted(found)


def test_a_modifier_before_the_bracket_names_the_known_models_after_it(nlp):
    found, doc = terms(nlp, "Diffusion models rival autoregressive (AR) LLMs in quality. AR LLMs are slow.")
    assert "autoregressive" not in found, sorted(found)
    assert {(t.type, tuple(t.aliases)) for t in doc._.kg_terms if t.label == "autoregressive LLMs" and t.aliases} == {
        (NodeType.MODEL, ("AR LLMs",))}


def test_a_verb_after_the_bracket_is_not_part_of_the_long_form(nlp):
    found, _ = terms(nlp, "Process reward models (PRMs) score each intermediate step of a solution.")
    assert "Process reward models" in found and "Process reward models score" not in found, sorted(found)


def test_a_later_short_form_split_by_the_tokenizer_is_the_defined_concept(nlp):
    found, doc = terms(nlp, "We introduce Gradient-Projected Low-Rank Adaptation (GP-LoRA), a continual fine-tuning "
                            "method. GP-LoRA beats replay, and two GP-LoRAs can be merged.")
    later = [t for t in doc._.kg_terms if doc[t.start:t.end].text.startswith("GP-LoRA") and t.start > 10]
    assert len(later) == 2 and {t.label for t in later} == {"Gradient-Projected Low-Rank Adaptation"}, sorted(found)
    assert "GP-LoRA" not in found, sorted(found)


def test_a_long_form_takes_a_plural_word_after_the_bracket(nlp):
    found, _ = terms(nlp, "Serving is dominated by storing key-value (KV) caches rather than by computation.")
    assert "key-value" not in found and "KV caches" in found["key-value caches"].aliases, sorted(found)


@pytest.mark.parametrize("text, name, long", [
    ("We propose FooNet (Factorized Object Network), which reduces label noise.", "FooNet", "Factorized Object Network"),
    # a coined name that is also a common word: its long form, not the word, says whether it is generic
    ("We propose RANGE (Retrieval-Augmented Noise-Guided Editing), which reduces label noise.", "RANGE",
     "Retrieval-Augmented Noise-Guided Editing"),
])
def test_coined_name_first_keeps_the_name_as_label(nlp, text, name, long):
    found, _ = terms(nlp, text)
    assert name in found and long in found[name].aliases, sorted(found)


def test_short_form_glued_into_a_longer_name_is_not_a_use(nlp):
    found, doc = terms(nlp, "Chain-of-Thought (CoT) helps. We introduce CoT-Space, a framework. CoT-Space recasts CoT.")
    assert "CoT-Space" in found, sorted(found)
    assert [doc[t.start:t.end].text for t in doc._.kg_terms if t.label == "Chain-of-Thought"] == [
        "Chain-of-Thought", "CoT", "CoT"]


@pytest.mark.parametrize("text, name", [("We compare with SV4D.", "SV4D"), ("We test GPT-4o.", "GPT-4o"),
                                        ("We test MMLU.", "MMLU"), ("We train Qwen3-8B.", "Qwen3-8B"),
                                        ("It covers Q&A. However, it fails.", "Q&A")])
def test_a_full_stop_after_a_name_ends_the_sentence(nlp, text, name):
    found, _ = terms(nlp, text)
    assert name in found, sorted(found)


# ------------------------------------------------------------------ lexicon

@pytest.mark.parametrize("text, label", [
    ("Models write chains of thought before answering.", "chain-of-thought prompting"),  # plural of "X of Y"
    ("We compare with direct preference optimization.", "Direct Preference Optimization"),
    ("We evaluate on HotpotQA v1.1 and BEIR v3.", "HotpotQA v1.1"),  # a benchmark's version
    ("The auxiliary loss conflicts with the language modeling objective.", "language modeling objective"),
    ("We report the next-token prediction loss on held-out text.", "next-token prediction loss"),
    ("We train language model agents for web tasks.", "language model agents"),
    ("Votes of three Qwen2.5-14B agents agree.", "Qwen2.5-14B"),  # a sized model's agents are that model
    ("We probe LMs for recall of facts.", "language models"),  # one node with "language models"
    ("The policy adds a flow matching head to the vision backbone.", "flow matching head"),  # built on it
    ("Early stopping acts as an implicit regularizer on wide networks.", "implicit regularizer"),  # not trimmed
    ("Speech models often hallucinate text in a related language.", "hallucination"),  # the verb names it too
    ("We study the quantisation of small models.", "quantization"),  # a British spelling
    ("Judges were Sonnet 4.5 and Haiku-4.5.", "Claude Sonnet 4.5"),  # a Claude tier without "Claude"
    ("It integrates (i) a sliding window, which keeps a suffix, and (ii) dropout.", "sliding window"),
    ("Our method augments 3D Gaussians with quantized CLIP features.", "3D Gaussian Splatting"),
    ("Existing methods mitigate it with KL penalties or clipping.", "KL penalty"),  # "-y" → "-ies"
    ("Decoding uses beam searches of width four.", "beam search"),  # "-ch" → "-ches"
    ("It generalizes on Sintel Final and KITTI.", "Sintel Final"),  # a split of a known benchmark
    ("To that end, we introduce ACPBench Hard, a generative version of ACPBench.", "ACPBench Hard"),  # a split
    ("It improves visual fidelity and training stability.", "visual quality"),  # measures and problems
    ("A Taylor expansion of the Fisher information explains the slow convergence.", "slow convergence"),
    ("It improves visual fidelity and training stability.", "training stability"),
    ("We minimize the Kullback--Leibler divergence to the prior.", "KL divergence"),  # LaTeX's en dash
    ("Rewards follow a Bradley–Terry model of preferences.", "Bradley-Terry model"),  # an en dash
])
def test_lexicon_variants(nlp, text, label):
    found, _ = terms(nlp, text)
    assert label in found, sorted(found)


def test_a_task_named_by_its_direction_is_not_matched_as_a_modifier(nlp):
    found, _ = terms(nlp, "Recent text-to-video diffusion models can generate compelling clips.")
    assert "text-to-video diffusion models" in found and "text-to-video generation" not in found, sorted(found)
    found, _ = terms(nlp, "We study text-to-video and real-time text-to-image synthesis.")
    assert {"text-to-video generation", "text-to-image generation"} <= set(found), sorted(found)


def test_a_known_x_of_y_whose_object_goes_on_is_not_matched(nlp):
    found, _ = terms(nlp, "Current evaluations of LLM agents rarely report variance.")
    assert set(found) == {"LLM-based agents"}, sorted(found)


def test_a_known_name_of_the_x_of_y_form_before_its_kind_is_matched(nlp):
    found, _ = terms(nlp, "We also use the Tree of Thoughts method.")
    assert "Tree of Thoughts" in found, sorted(found)
    found, _ = terms(nlp, "It cuts the number of function evaluations relative to the sampler.")  # not a noun
    assert "number of function evaluations" in found, sorted(found)


def test_a_modifier_alone_names_no_known_concept(nlp):
    found, _ = terms(nlp, "Much long-horizon degradation stems from positional extrapolation.")
    assert "long-horizon tasks" not in found, sorted(found)


# ------------------------------------------------------------------ names

@pytest.mark.parametrize("word, expected", [
    ("MemDLM", True), ("Qwen3-8B", True), ("GPT-4o", True), ("TED-LIUM", True), ("CIFAR-10", True),
    ("ResNet-50", True), ("Earnings-22", True), ("training", False), ("Transformer", False), ("2024", False),
])
def test_name_shapes(nlp, word, expected):
    doc = nlp.make_doc(word)
    assert is_name_word(doc[:]) is expected


@pytest.mark.parametrize("text, name", [
    ("We fine-tune Qwen3-8B with our recipe.", "Qwen3-8B"),
    ("It scores 91% on LLaMA 7b and on Mistral.", "LLaMA 7b"),  # a size in lower case
    ("Baselines using SpikingJelly illustrate usability.", "SpikingJelly"),  # a name, though it ends in -ly
    ("We scale it with a ZorbTron+SGLang stack.", "SGLang"),  # a plus before a capital joins two names
    ("It follows ZorbCraft Section 5.2 closely.", "ZorbCraft"),  # a part of a paper is no part of a name
    ("Using static analysis tools (Zorblint, Bandit, and Radon), we rated code.", "Bandit"),  # tools listed
    ("Results on TED-LIUM and Earnings-22 improve.", "Earnings-22"),
    ("A ResNet-50 backbone is used.", "ResNet-50"),
    ("We evaluate on the complex BLINK benchmark.", "BLINK"),
    ("We prompt Llama 3 405B and Mixtral 8x7B.", "Llama 3 405B"),  # a size after a known family
    ("We prompt Llama 3 405B and Mixtral 8x7B.", "Mixtral 8x7B"),
    ("It beats SeamlessM4T v2 Large on speech translation.", "SeamlessM4T v2 Large"),  # version and size words
    ("It beats Stable Diffusion 3 Medium and Gemini 2.0 Flash.", "Stable Diffusion 3 Medium"),
    ("We compare against Whisper 4 on captioning.", "Whisper 4"),  # a generation number after a named model
    ("The encoder is CLIP ViT-L/14 at 336 pixels.", "CLIP ViT-L/14"),  # a sized backbone of a known model
    ("Judges were Gemini 3.5-Pro and Claude Opus-5.", "Gemini 3.5-Pro"),  # a version and a joined size word
    ("Judges were Gemini 3.5-Pro and Claude Opus-5.", "Claude Opus-5"),  # a tier of a model family
    ("Judges were Claude Sonnet 3.7 and GPT-4o.", "Claude Sonnet 3.7"),  # a generation after the tier
    ("We run the GSM8K and MATH reasoning benchmarks.", "MATH"),  # a name in capitals, not "math reasoning"
    ("We present ZorbNet v2, a router. ZorbNet v2 is fast.", "ZorbNet v2"),  # a version is part of the name
    ("We present ZorbNet 2.0, a router. ZorbNet 2.0 is fast.", "ZorbNet 2.0"),
    ("It adds a zorb--inference discrepancy term.", "zorb--inference discrepancy"),  # an en dash (LaTeX)
    ("We optimize Zorb Policy Optimization objectives.", "Zorb Policy Optimization"),  # a kind after a name
    ("We optimize the dual-KL objective.", "dual-KL objective"),
    ("It builds images with an LLM-in-the-loop repair procedure.", "LLM-in-the-loop repair"),  # a modifier, a noun
    ("We annotate actions from the TEACh dataset.", "TEACh"),  # capitals inside: a name, not the verb "teach"
    ("Edge devices need real time quality control.", "real time quality control"),  # "real" makes a noun here
    ("The system includes a Key Subgraph Selection module.", "Key Subgraph Selection"),  # a title-case name
    ("It builds on the framework of Martingale posteriors (Fong et al., 2023).", "Martingale posteriors"),
    ("We measure the effective depth ratio and the effective batch size.", "effective depth ratio"),  # in effect
    ("We run the DiffROAR evaluation framework.", "DiffROAR"),  # a coined name with its kind
    ("We evaluate QwQ-32B on Mystery Blocksworld and find gains.", "Mystery Blocksworld"),  # title words before
    ("We introduce Spoken DialogSum, a corpus of calls.", "Spoken DialogSum"),  # … a known name are part of it
    ("We deploy NVIDIA's Nemotron Speech Streaming on phones.", "Nemotron Speech Streaming"),  # … and after it
    ("It scores 118/120 on Putnam 2024 and wins at CMO 2024.", "Putnam 2024"),  # a year after a name: an edition
    ("It scores 118/120 on Putnam 2024 and wins at CMO 2024.", "CMO 2024"),
    ("We evaluate on LongBench 2025 and GSM8K.", "LongBench 2025"),  # also after a known benchmark
    ("The codec emits acoustic tokens and pause tokens.", "acoustic tokens"),  # a kind of token stays
    ("We train with a GSPO+DAPO recipe.", "Group Sequence Policy Optimization"),  # two names joined by a plus
    ("We train with a GSPO+DAPO recipe.", "Decoupled Clip and Dynamic Sampling Policy Optimization"),
    ("We introduce Zorb-Cascade 2, an open model, unlike Zorb-Cascade 1.", "Zorb-Cascade 2"),  # a generation
    ("We introduce Zorbel 2.6, the latest in our line of models.", "Zorbel 2.6"),  # a version with a point
    ("It stays strong on the Chinese MIRACL-zh benchmark and on Amazon Beauty.", "MIRACL-zh"),  # a language first
    ("It stays strong on the Chinese MIRACL-zh benchmark and on Amazon Beauty.", "Amazon Beauty"),
    ("Inspired by the Language of Thought Hypothesis, it reasons tersely.", "Language of Thought Hypothesis"),
    ("The loss is a noisy Monte Carlo estimate of the gradient.", "Monte Carlo estimation"),  # not "Monte Carlo"
    ("It uses contrastive image pretraining. It beats contrastive image pretraining.", "contrastive image pretraining"),
    ("It can watermark Llama 2 7B-chat with no loss.", "Llama 2 7B-chat"),  # a variant joined to the size
    ("It improves Pass@$k$ on math benchmarks.", "pass@k"),  # written in LaTeX
    ("We train mixtures-of-experts at scale.", "mixture of experts"),  # a plural written with hyphens
    ("We release an open benchmarking suite for agents.", "benchmarking suite"),  # "open" says how it is released
    ("We find an overall contamination rate of 13.8%.", "contamination rate"),  # how often a known problem occurs
    ("Agents act in partially observable environments. Partially observable environments are hard.",
     "partially observable environments"),  # a degree adverb and its adjective
    ("Prior work uses entropy profiles. Similar entropy profiles hide errors.", "entropy profiles"),  # a plural,
    # repeated: no verb
    ("It beats methods that use reinforcement learning via human feedback.",
     "Reinforcement Learning from Human Feedback"),
    ("We compare five backends under static vs. dynamic retrieval.", "dynamic retrieval"),  # "vs." ends a term
])
def test_names_are_found_with_clean_boundaries(nlp, text, name):
    found, _ = terms(nlp, text)
    assert name in found, sorted(found)


@pytest.mark.parametrize("text, unwanted", [
    ("Our method shows significant interest in the results of the experiments.", "significant interest"),
    ("Scores rise on MMLU and Table 2.3 lists them, as Theorem 4.1 predicts.", "Table 2.3"),  # parts of the paper
    ("Scores rise on MMLU and Table 2.3 lists them, as Theorem 4.1 predicts.", "Theorem 4.1"),
    ("Two designs: (1)Tightly coupled decoding and (2)Loose fusion.", "(1)Tightly"),
    ("The model predicts [MASK] tokens.", "MASK"),
    ("Code is at https://github.com/example/repo.", "https://github.com/example/repo"),
    ("We query 12 VLMs 3 times each.", "VLMs 3"),  # a class of models has no generations
    ("A classifier trained to detect subtle factual inconsistencies helps.", "detect subtle factual inconsistencies"),
    ("It shrinks the data without sacrificing model generalization.", "sacrificing model generalization"),
    ("We introduce two datasets, released under the Llama 3.3 Community License.", "Community License"),
    ("Tests were run with the UK AI Security Institute.", "UK AI Security Institute"),  # who, not a concept
    ("Farm data come from Henan Province in China.", "Henan Province"),  # where
    ("Programs often share little surface similarity.", "share little surface similarity"),  # a verb
    ("In Stage 1, the policy imitates; in Stage 2, it explores.", "Stage 1"),  # a numbered part
    ("Agents fail to remember failures or recover benchmark regressions.", "remember failures"),  # verbs
    ("It helps in selecting optimal annealing and in interpreting discriminative models.",
     "selecting optimal annealing"),
    ("WARNING: this paper contains model outputs that may be offensive.", "WARNING"),  # a content warning
    ("It re-weights low-probability tokens and drops sampled tokens.", "low-probability tokens"),  # tokens picked
    ("It re-weights low-probability tokens and drops sampled tokens.", "sampled tokens"),  # … by a step
    ("Zorbify is 2 times faster than Quux.", "Zorbify 2"),  # a count, not a generation
    ("Data are released under CC BY-NC 4.0 for research.", "CC BY-NC 4.0"),  # a licence, even with its version
    ("Agents must adapt to changing environments.", "changing environments"),  # a setting, said once
    ("Fine-tuning shifts internal representations of safety.", "internal representations"),  # what a model holds
    ("We use the setting proposed by Lanham et al. (2023) for tests.", "Lanham"),  # an author cited
    ("In domains such as Healthcare and Finance, agents fail.", "Finance"),  # a field, not a benchmark
    ("It gives help with minimal effort--while human feedback guides it.", "effort--while human feedback"),  # a dash
    ("It spans three domains--Math, Code and Science.", "domains--Math"),
    ("It can genuinely advance machine reasoning.", "advance machine reasoning"),  # a verb
    ("We release a complete training pipeline.", "complete training pipeline"),  # an evaluative adjective
    ("Tools for quantifying drift and calibrating cosine similarities help.", "quantifying drift"),  # verbs
    ("It avoids re-introducing computational overhead, raising safety scores.", "re-introducing computational"),
    ("It avoids re-introducing computational overhead, raising safety scores.", "raising safety"),
    ("Poisoned data may implant bias or compromise accuracy.", "compromise accuracy"),
    ("Quantization causes performance degradation on long inputs.", "performance degradation"),  # generic
    ("A hybrid architecture splits each weight matrix by the audio stream.", "weight matrix"),  # too plain
    ("A hybrid architecture splits each weight matrix by the audio stream.", "audio stream"),
    ("It sorts failures into Type I gaps and Type II gaps.", "II"),  # a numeral
    ("We aim to understand delta learning and expand feature-extraction layers.", "understand delta"),  # verbs
    ("We aim to understand delta learning and expand feature-extraction layers.", "expand feature-extraction"),
    ("This paper proposes a pioneering framework of data mining.", "pioneering"),  # evaluative
    ("Inference runs on an Intel Xeon with AVX-512 loops, an FPGA or a Jetson Orin.", "Xeon"),  # hardware
    ("Inference runs on an Intel Xeon with AVX-512 loops, an FPGA or a Jetson Orin.", "AVX-512"),
    ("Inference runs on an Intel Xeon with AVX-512 loops, an FPGA or a Jetson Orin.", "FPGA"),
    ("Inference runs on an Intel Xeon with AVX-512 loops, an FPGA or a Jetson Orin.", "Jetson"),
    ("Tools for quantifying drift and calibrating cosine similarities help.", "calibrating cosine"),
    ("Quantifying drift matters: models lose long-tail dependencies at 61 percent faster inference.",
     "lose long-tail"),
    ("Quantifying drift matters: models lose long-tail dependencies at 61 percent faster inference.",
     "percent faster"),  # a unit spelled out
    ("A high-fidelity group filter parameterization keeps suboptimal reasoning apart.",
     "high-fidelity group filter parameterization"),
    ("A high-fidelity group filter parameterization keeps suboptimal reasoning apart.", "suboptimal reasoning"),
    ("Models show a sharp performance collapse and inherent depth noise.", "sharp performance collapse"),
    ("Models show a sharp performance collapse and inherent depth noise.", "inherent depth noise"),
    ("It avoids exhaustive hyperparameter searches over an enormous task coverage.",
     "exhaustive hyperparameter searches"),
    ("Simpler and more economical Offline RL methods help the resultant models.", "economical Offline RL"),
    ("Simpler and more economical Offline RL methods help the resultant models.", "resultant models"),
    ("It delivers best-in-class reasoning and exceptional zero-shot generalization.", "best-in-class reasoning"),
    ("It delivers best-in-class reasoning and exceptional zero-shot generalization.",
     "exceptional zero-shot generalization"),
    ("Experts showed a slight preference for it; agents retrieve relevant memory traces.", "slight preference"),
    ("Experts showed a slight preference for it; agents retrieve relevant memory traces.", "relevant memory traces"),
    ("To curb errors, we propose Knowledge-enhanced RL, ZorbRL.", "Knowledge"),  # the stem of a modifier
    ("We hope this position paper can raise awareness. In this position paper, we argue.", "position paper"),
    ("We use LLMs to create emotion-aware agents.", "create emotion-aware agents"),  # a verb after "to"
    ("Training sets the pace of the U.S. market and IEEE standards.", "U.S."),  # a country, an organisation
    ("Training sets the pace of the U.S. market and IEEE standards.", "IEEE"),
    ("ZorbNet is 2.5 times faster than FooNet 2.0 times.", "ZorbNet 2.5"),  # a version is a whole number
    ("We image teeth with panoramic X-ray scans.", "panoramic X-ray"),  # a name's modifier, with a tail it drops
    ("RL has become a pivotal approach for multimodal tasks.", "pivotal"),
    ("RL has become a pivotal approach for multimodal tasks.", "multimodal"),
    ("A framework for data-efficiently learning control is given.", "data-efficiently"),
    ("Fine-tuning on benign data is enough to restore alignment.", "restore alignment"),
    ("We describe the following meta-algorithm for fair ranking.", "following meta-algorithm"),
    ("The resulting model is broadly misaligned.", "resulting model"),
    ("A frozen reference model scores answers with modest F1 scores.", "frozen reference model"),
    ("A frozen reference model scores answers with modest F1 scores.", "modest F1 scores"),
    ("It beats sub-10B models on chat.", "sub-10B"),
    ("Models don't fake alignment when unobserved.", "Models don't fake alignment"),
    ("Standard approaches can return models that fit the noise.", "return models"),  # a verb after a modal
    ("We show how to reserve scarce clinician attention.", "reserve scarce clinician attention"),  # after "how to"
    ("The team uses triage to internalize fact-based reasoning.", "internalize fact-based reasoning"),  # -ize verb
    ("Prompts affect truth directions in probes.", "affect truth directions"),
    ("We train on corrected labels; corrected labels help.", "corrected labels"),  # what a step picks out
    ("We read model logits. Model logits drift.", "model logits"),  # a vague word, repeated
    ("The system must simulate flows and satisfy video rendering constraints.", "satisfy video rendering constraints"),
    ("CSA combines anticipation and control, turning safety into a process.", "turning safety"),
    ("Contamination is 18% in STEM and 9% in Social Sciences.", "STEM"),  # a subject area
    ("Models overlook tri-modal evaluation in Traditional Chinese.", "Traditional Chinese"),  # a language
    ("The model estimates rewards. The model estimates values.", "model estimates"),  # a verb, repeated
    ("We introduce ZorbBench, the first hierarchical benchmark for agents.", "hierarchical benchmark"),
    ("We release ZorbSet (12k clips), a multi-sensor dataset of drives.", "multi-sensor dataset"),
    ('Models emit fillers (e.g.,"Wait") when unsure.', 'e.g.,"Wait'),  # a comma before a quote
    ("Models experiencing near-total collapse fail.", "Models experiencing near-total collapse"),  # verbs
    ("Replacing goal-centered attention with waypoint tokens helps.", "Replacing goal-centered attention"),
    ("The multi-stream setting is end-to-end. It is multi-stream.", "multi-stream"),  # an adjective alone
    ("Looped models show an interesting dichotomy. This interesting dichotomy matters.", "interesting dichotomy"),
    ("Models experiencing collapse fail while retaining cross-modal reasoning.", "retaining cross-modal reasoning"),
    ("Models tuned on EM-inducing datasets drift.", "EM-inducing"),
    ("Kernels run on NVIDIA H100 GPUs with CUDA at 16 kHz.", "H100 GPUs"),  # hardware and units
    ("Kernels run on NVIDIA H100 GPUs with CUDA at 16 kHz.", "kHz"),
    ("Pages become Markdown, with tables as HTML and formulas as LaTeX.", "HTML"),  # file formats
    ("We apply it to two problems from a recent collection (arXiv:2602.05394).", "arXiv:2602.05394"),  # a paper id
    ("Kernels fit in on-chip RAM of the device.", "RAM"),
    ("It labels data at near GPT level quality.", "near GPT"),  # "near" is no part of a name
    # hyphenated modifiers left alone before a kind word or a known name
    ("We compare Bayesian and non-Bayesian approaches.", "non-Bayesian"),
    ("Their open-loop approaches drift.", "open-loop"),
    ("Human raters prefer MotionAnchor outputs in most cases.", "prefer"),  # a verb of abstracts ends a term
    ("Encoders dominate on OCR and knowledge tasks.", "knowledge"),  # a domain of tasks, not a task
    ("It trains in 3 days on one L40S GPU.", "L40S"),  # hardware
    ("The adapted model and the judging models disagree.", "model"),  # which model, not a kind of model
    ("Accuracy drops as the number of merged tasks grows.", "merged"),
    ("Retrieval uses an off-the-shelf embedding model.", "off-the-shelf"),  # describes a release, not a kind
    ("Despite being independent approaches, both fail.", "independent"),  # an adjective before a kind word
    ("Agents stop early on long tasks.", "long"),
    ("We mine pull requests on GitHub and add LLM-generated rewrites.", "GitHub"),
    ("We mine pull requests on GitHub and add LLM-generated rewrites.", "LLM-generated"),
    ("Dependencies complicate training of agents.", "complicate training"),
    ("Bugs come from procedural AST modifications.", "Audio Spectrogram Transformer"),  # an ambiguous acronym
    ("We call this effect emergent misalignment.", "effect emergent misalignment"),  # naming, not describing
    ("We study (  ) ranges and ( ) gaps.", "("),
    ("The test time grows; the test time is long.", "test time"),
    ("CoVo lets models learn in a self-rewarding manner.", "self-rewarding manner"),  # how, not what
    ("Echo chambers have attracted significant academic attention.", "academic attention"),  # interest
    ("Voice systems are integrated into high-security sectors such as banking.", "high-security sectors"),
    ("Authors should stop ranking models by single scores.", "stop"),  # verbs of abstracts end a term
    ("Few results reflect genuine long-range reasoning.", "reflect"),
    ("Models fail when answering a question on charts; answering the question needs evidence.", "answering"),
    ("Longer training helps; longer training also costs more.", "longer"),  # a comparative is no part of a name
    ("Rollouts often violate conservation laws.", "violate"),
    ("Gemini-1.5-Flash and Llama-8B display significant sensitivity.", "Llama-8B display significant sensitivity"),
    ("Any such algorithm incurs a loss of order Ω(√(C/n)), where C is a constant.", "Ω"),  # a formula
    ("The margin shrinks relative to log n. Scaling by log n helps.", "log n"),
    ("Functions bandlimited to $[-Ω,Ω]$ decay fast.", "-Ω"),  # a signed symbol of a formula
    ("Review cut annotation time without any measurable loss in agreement.", "measurable"),
    ("A mid-sized teacher beats an identical model and the top-ranked model.", "mid-sized"),
    ("A mid-sized teacher beats an identical model and the top-ranked model.", "identical"),
    ("A mid-sized teacher beats an identical model and the top-ranked model.", "top-ranked"),
    ("Tasks run in a controlled environment; routers adjust per-expert biases.", "controlled"),
    ("Tasks run in a controlled environment; routers adjust per-expert biases.", "adjust"),
    ("Filters help by rejecting rollouts that receive high reward and erode safety.", "rejecting"),
    ("Models reason before answering. Notes and answering stages are distilled.", "answering"),  # a verb
    ("Structured methods retain an edge. Structured methods are slower.", "Structured"),  # a participle
    ("Agents suffer from imprecise element grounding on desktops.", "imprecise"),
    ("Eviction methods discard tokens early.", "discard"),
    ("A steady stream of variants trains on well-filtered synthetic data.", "well-filtered"),
    ("A steady stream of variants trains on well-filtered synthetic data.", "steady"),
    ("We revisit mask-classification segmentation architectures and the classic retrieve-then-rank pipeline.",
     "revisit"),
    ("We revisit mask-classification segmentation architectures and the classic retrieve-then-rank pipeline.",
     "classic"),
    ("Models memorized items, answering correctly with corrupted images; answering correctly is rare.", "answering"),
    ("We identify three recurring problems with sophisticated agent architectures.", "recurring"),
    ("We identify three recurring problems with sophisticated agent architectures.", "sophisticated"),
    ("Eviction policies rank tokens by score and let agents promise constant-memory inference.", "rank"),
    ("Eviction policies rank tokens by score and let agents promise constant-memory inference.", "let "),
    ("Eviction policies rank tokens by score and let agents promise constant-memory inference.", "promise"),
    ("It runs on a single L4 GPU and offloads keys to CPU memory.", "GPU"),  # hardware
    ("We present PatchFlow, tasks created after January 2025.", "January"),  # a date
    ("The agent runs on macOS and Android inside Docker, with 512 MB of memory.", "macOS"),  # platforms, units
    ("The agent runs on macOS and Android inside Docker, with 512 MB of memory.", "Android"),
    ("The agent runs on macOS and Android inside Docker, with 512 MB of memory.", "Docker"),
    ("The agent runs on macOS and Android inside Docker, with 512 MB of memory.", "MB"),
    ("Speakers from South Asia and Sub-Saharan Africa were scanned with CT.", "South Asia"),  # places, modalities
    ("Speakers from South Asia and Sub-Saharan Africa were scanned with CT.", "Africa"),
    ("Speakers from South Asia and Sub-Saharan Africa were scanned with CT.", "CT"),
    ("Binders reach 12 nM affinity in de novo design. Rapid collapse follows.", "nM"),  # a unit
    ("Binders reach 12 nM affinity in de novo design. Rapid collapse follows.", "Rapid"),
    ("Shortcuts precede genuine error correction, and we prune tokens.", "precede"),
    ("Speakers are from Central Africa; texts are CC-BY; a Franka Panda arm and NMR data are used.", "Central Africa"),
    ("Speakers are from Central Africa; texts are CC-BY; a Franka Panda arm and NMR data are used.", "CC-BY"),
    ("Speakers are from Central Africa; texts are CC-BY; a Franka Panda arm and NMR data are used.", "Franka Panda"),
    ("Speakers are from Central Africa; texts are CC-BY; a Franka Panda arm and NMR data are used.", "NMR"),
    ("We train a simplified one-layer attention model.", "simplified"),
    ("Scripts are LLM-written, and human-written training data helps.", "written"),
    ("We ask whether monitorability can survive as tasks become harder.", "survive"),
    ("Agents file HR and CRM tickets in ERP systems.", "HR"),  # business domains
    ("Agents file HR and CRM tickets in ERP systems.", "CRM"),
    ("Probes uncover dataset artifacts; the simplest intervention removes possible contamination.", "uncover"),
    ("Probes uncover dataset artifacts; the simplest intervention removes possible contamination.", "simplest"),
    ("Probes uncover dataset artifacts; the simplest intervention removes possible contamination.", "possible"),
    ("Agents write Lean proofs, fine-tune large language models and augment training data.", "write"),
    ("Agents write Lean proofs, fine-tune large language models and augment training data.", "fine-tune"),
    ("Agents write Lean proofs, fine-tune large language models and augment training data.", "augment"),
    ("Shortcuts precede genuine error correction, and we prune tokens.", "prune"),
    ("We study mitigation methods and correction methods.", "mitigation"),  # vague alone
    ("We study mitigation methods and correction methods.", "correction"),
    ("Tasks in TypeScript stay hard for an untuned base model at arbitrary lengths.", "TypeScript"),
    ("Tasks in TypeScript stay hard for an untuned base model at arbitrary lengths.", "untuned"),
    ("Tasks in TypeScript stay hard for an untuned base model at arbitrary lengths.", "arbitrary"),
    ("Accuracy is an unreliable proxy; teachers compress sampling into one step.", "unreliable"),
    ("Accuracy is an unreliable proxy; teachers compress sampling into one step.", "compress"),
    ("Rewards favour valid reasoning; valid reasoning is rare.", "valid"),
    ("Models interleave reasoning with retrieval. Somewhat surprisingly, policies resemble hand-designed "
     "pipelines and fit regression models with sub-200 ms latency.", "interleave"),
    ("Models interleave reasoning with retrieval. Somewhat surprisingly, policies resemble hand-designed "
     "pipelines and fit regression models with sub-200 ms latency.", "Somewhat"),
    ("Models interleave reasoning with retrieval. Somewhat surprisingly, policies resemble hand-designed "
     "pipelines and fit regression models with sub-200 ms latency.", "resemble"),
    ("Models interleave reasoning with retrieval. Somewhat surprisingly, policies resemble hand-designed "
     "pipelines and fit regression models with sub-200 ms latency.", "fit "),
    ("Models interleave reasoning with retrieval. Somewhat surprisingly, policies resemble hand-designed "
     "pipelines and fit regression models with sub-200 ms latency.", "sub-200"),
    ("It runs on a single L4 GPU and offloads keys to CPU memory.", "CPU"),
    ("Filters help by rejecting rollouts that receive high reward and erode safety.", "receive"),
    ("Filters help by rejecting rollouts that receive high reward and erode safety.", "erode"),
    ("The estimated hack rate and the median sequence-level probability ratio fall at equal memory.", "estimated"),
    ("The estimated hack rate and the median sequence-level probability ratio fall at equal memory.", "equal"),
    ("Yet training effective policies for long tasks remains hard.", "training effective"),  # a verb, then its object
    ("It ranks well on tasks including reranking, clustering, etc. Results hold.", "etc"),
    ("Four board-certified radiation oncologists rated the plans.", "radiation"),  # people, not a verb
    ("Retrieval works while incurring extra system overhead.", "incurring"),
    ("Retrieval works while incurring extra system overhead.", "extra"),
    ("Guardrails reach near-perfect refusal rates against effortless template manipulations.", "near-perfect"),
    ("Stage II trains the policy on Level IV scenes.", "Stage II"),  # a numbered part
    ("Stage II trains the policy on Level IV scenes.", "Level IV"),
    ("We induce misalignment using a single rank-1 LoRA adapter.", "rank-1"),  # a count in one word
    ("Attacks evade detection and circumvent conventional defenses.", "evade"),
    ("Attacks evade detection and circumvent conventional defenses.", "circumvent"),
    ("We track outcomes that are PASC-related, with agents that are LLM-empowered.", "PASC-related"),  # adjectives
    ("We track outcomes that are PASC-related, with agents that are LLM-empowered.", "LLM-empowered"),
    ("The loop has two steps. Step 2: Verify, then refine the answer.", "Verify"),  # a verb after a colon
    ("The topic attracted significant academic attention, deploying customized agents.", "attracted"),
    ("The topic attracted significant academic attention, deploying customized agents.", "deploying"),
    ("Rewards foster faithful reasoning and strengthen retrieval for an ineffective single agent.", "foster"),
    ("Rewards foster faithful reasoning and strengthen retrieval for an ineffective single agent.", "strengthen"),
    ("Rewards foster faithful reasoning and strengthen retrieval for an ineffective single agent.", "ineffective"),
    ("The planner was presented at ICAPS and the robot at CoRL.", "ICAPS"),  # venues
    ("Answers stay GAPS-aligned and GRADE-consistent in LLM-aided review.", "GAPS-aligned"),
    ("Answers stay GAPS-aligned and GRADE-consistent in LLM-aided review.", "GRADE-consistent"),
    ("Answers stay GAPS-aligned and GRADE-consistent in LLM-aided review.", "LLM-aided"),
    ("Path dependence has drawn attention in finance.", "drawn"),
    ("After COVID-19, NIST and MIT tested the NIST suite.", "COVID-19"),  # a disease and institutions
    ("After COVID-19, NIST and MIT tested the NIST suite.", "MIT"),
    ("Clips from YouTube run on a Raspberry Pi with RGB input.", "YouTube"),  # platforms and devices
    ("Clips from YouTube run on a Raspberry Pi with RGB input.", "Raspberry Pi"),
    ("We propose a remarkably simple yet effective solution: inserting a single, carefully initialized LayerNorm "
     "layer after the projector.", "initialized"),  # a participle before a name describes it
    ("We train on a custom-curated aerial emergency dataset.", "custom-curated"),
    ("We vary the model architecture and its internal architecture.", "architecture"),
    ("We measure explanation faithfulness across models.", "measure"),  # a verb
    ("A model featuring context tokens handles noise affecting spoof detection.", "featuring"),
    ("A model featuring context tokens handles noise affecting spoof detection.", "affecting"),
    ("The ubiquitous Pre-Norm hurts a capable model, a paradigm shift.", "ubiquitous"),
    ("The ubiquitous Pre-Norm hurts a capable model, a paradigm shift.", "capable"),
    ("The ubiquitous Pre-Norm hurts a capable model, a paradigm shift.", "paradigm shift"),
    ("Reviewers inflate scores for long papers, while also displaying clear biases.", "inflate"),
    ("Agents adapt to context, while also displaying model-specific behavioral biases.", "displaying"),
    # what a contribution does, after a colon or a comma, is no concept
    ("We propose ZorbRL: matching the full reward distribution via flow balancing.", "matching"),
    ("Our contributions are: (i) a zorb coverage theorem; (ii) a zorb learning formulation, providing a "
     "finite-sample lower bound on regret.", "providing"),
    # an "-ing" word before an adjective is a verb with its object
    ("It helps by decoding intermediate layers with the output head.", "decoding"),
    ("Prior work studies training deep networks with noisy labels.", "training deep"),
])
def test_no_garbage_terms(nlp, text, unwanted):
    found, doc = terms(nlp, text)
    assert not any(unwanted in doc[t.start:t.end].text for t in doc._.kg_terms), sorted(found)


def test_a_slash_between_names_separates_them(nlp):
    found, _ = terms(nlp, "Gains hold on AIME2024/AIME2025 with CLIP ViT-L/14 at equal input/output length.")
    assert {"AIME2024", "AIME2025"} <= set(found) and "AIME2024/AIME2025" not in found, sorted(found)
    assert any(name.endswith("ViT-L/14") for name in found), sorted(found)


@pytest.mark.parametrize("text, name, topic", [
    ("Results hold on the Strata-Sword jailbreak dataset.", "Strata-Sword", "jailbreak"),  # a known topic word
    ("Results hold on the DIOR-RSVG grounding benchmark.", "DIOR-RSVG", "grounding"),  # an unknown one
])
def test_a_named_dataset_is_its_name_without_its_topic(nlp, text, name, topic):
    found, _ = terms(nlp, text)
    assert name in found and f"{name} {topic}" not in found, sorted(found)


@pytest.mark.parametrize("text, names, kind", [
    ("Bitrates drop 12% on the Kodak and Tecnick test datasets.", ["Kodak", "Tecnick"], NodeType.BENCHMARK),
    ("Nodes are classified on the Roman-empire, Amazon-ratings and Minesweeper datasets.",
     ["Roman-empire", "Amazon-ratings", "Minesweeper"], NodeType.BENCHMARK),
])
def test_names_listed_before_the_plural_of_their_kind_are_names_of_that_kind(nlp, text, names, kind):
    found, _ = terms(nlp, text)
    assert all(found[name].type is kind for name in names), sorted(found)
    assert not any(label.endswith(("datasets", "benchmarks")) for label in found), sorted(found)


def test_known_methods_listed_before_datasets_are_no_datasets(nlp):
    found, _ = terms(nlp, "We mix SFT and RL datasets.")
    assert all(term.type is NodeType.METHOD for term in found.values()), sorted(found)


@pytest.mark.parametrize("text, name", [
    ("We propose Temporal Self-Consistency Voting, a decoding strategy.", "Temporal Self-Consistency Voting"),
    ("We add a method termed Temporal Consistency Reinforcement.", "Temporal Consistency Reinforcement"),
    ("Our framework, Frontier Curriculum Synthesis, keeps improving.", "Frontier Curriculum Synthesis"),
])
def test_a_known_common_term_written_in_title_case_is_part_of_a_name(nlp, text, name):
    found, _ = terms(nlp, text)  # "self-consistency", "temporal consistency", "curriculum" are known terms
    assert name in found and found[name].type is NodeType.METHOD, sorted(found)


@pytest.mark.parametrize("text, name", [
    ("We propose a Memory-Augmented Lifelong Learning Agent for counseling.",
     "Memory-Augmented Lifelong Learning Agent"),
    ("We evaluate on the BIRD Mini-Dev set and on Spider.", "BIRD Mini-Dev"),  # a split of a known benchmark
    ("We propose an Experience-Driven Lifelong Learning Agent for counseling.",
     "Experience-Driven Lifelong Learning Agent"),  # "-Driven" in capitals: not "LLM-driven search"
])
def test_a_hyphenated_title_case_word_continues_a_name(nlp, text, name):
    found, _ = terms(nlp, text)
    assert name in found and not {"Memory-Augmented", "Mini-Dev"} & set(found), sorted(found)


def test_force_is_a_noun_before_a_noun(nlp):
    found, _ = terms(nlp, "We evaluate potentials on energy and force errors. We force the model to stop.")
    assert "force errors" in found and "force" not in found, sorted(found)


# ------------------------------------------------------------------ typing

@pytest.mark.parametrize("text, label, node_type", [
    ("These systems suffer from a notable train-inference mismatch.", "train-inference mismatch", NodeType.PROBLEM),
    ("We distil Llama-3-70B into a compact student.", "Llama-3-70B", NodeType.MODEL),
    ("Scores improve on the new FooBench benchmark.", "FooBench", NodeType.BENCHMARK),
    ("We build a dataset of 9,310 zorb proposal pairs.", "zorb proposal pairs", NodeType.BENCHMARK),  # its content
    ("Prior GUI agents misclick; GUI automation stays hard.", "GUI agents", NodeType.MODEL),  # the agents …
    ("Prior GUI agents misclick; GUI automation stays hard.", "GUI automation", NodeType.PROBLEM),  # … and their task
    ("We clip spectral activation outliers before quantization.", "spectral activation outliers", NodeType.PROBLEM),
    ("Agents use density-adaptive zorb retrieval over notes.", "density-adaptive zorb retrieval",
     NodeType.METHOD),  # a way of retrieving (a title-cased retrieval task stays a Problem)
    ("We evaluate kernels on FlashInfer-Bench.", "FlashInfer-Bench", NodeType.BENCHMARK),  # built on a known name
    # a known word that opens a hyphenated name of several words does not type it ("captioning" is a task)
    ("We propose a Captioning-Integrated Visual Zorb (CIVZ) system for retrieval.", "Captioning-Integrated Visual Zorb",
     NodeType.METHOD),
    ("We introduce Zorbia, a new open-ended challenge environment for agents.", "Zorbia", NodeType.BENCHMARK),
    ("We present Zorbix, a sandbox environment manager for rollouts.", "Zorbix", NodeType.METHOD),  # the head decides
    ("We construct a new dataset, Zorb-Image-40K, with curated samples.", "Zorb-Image-40K", NodeType.BENCHMARK),
    # … also without the comma, or "called", after a long description; or a long form that ends in "Dataset"
    ("We present a novel multimodal maritime dataset called ZORBAQUA.", "ZORBAQUA", NodeType.BENCHMARK),
    ("We present a new large-scale dataset ZorbSet for retrieval.", "ZorbSet", NodeType.BENCHMARK),
    ("To expand the data, we present ZORBAQUA (Zorb Aquatic Dataset). We test on it.", "ZORBAQUA",
     NodeType.BENCHMARK),
    ("Tokenizers hinder positional extrapolation in long contexts.", "positional extrapolation", NodeType.PROBLEM),
    ("It beats prior work on ZetaQA by a wide margin.", "ZetaQA", NodeType.BENCHMARK),
    ("We propose BarNet, a new dataset of annotated images.", "BarNet", NodeType.BENCHMARK),
    ("The word error rate drops sharply.", "word error rate", NodeType.METRIC),
    ("The absolute error of forecasts drops.", "absolute error", NodeType.METRIC),  # a singular "X error"
    ("We introduce Effective Robustness Score (ERS) to weigh safety.", "Effective Robustness Score",
     NodeType.METRIC),  # a named score is measured
    ("We compare a ReAct agent and a meta-thinking agent with web-browsing agents.", "ReAct agent",
     NodeType.METHOD),  # one agent is a system
    ("We compare a ReAct agent and a meta-thinking agent with web-browsing agents.", "meta-thinking agent",
     NodeType.METHOD),
    ("We compare a ReAct agent and a meta-thinking agent with web-browsing agents.", "web-browsing agents",
     NodeType.MODEL),  # agents in general are models
    ("We run SWE-agent and AutoGen on the tasks.", "SWE-agent", NodeType.METHOD),  # a scaffold, not a model
    ("We study how multi-agent systems coordinate.", "multi-agent systems", NodeType.METHOD),  # a system
    ("Unstable training and slow inference limit the method.", "slow inference", NodeType.PROBLEM),  # a fault
    ("We observe premature termination in agents and premature termination in humans.", "premature termination",
     NodeType.PROBLEM),
    ("We add a patch-wise ranking loss to training.", "patch-wise ranking loss", NodeType.METHOD),  # trained with
    ("The training loss plateaus early.", "training loss", NodeType.METRIC),  # measured
    ("It reaches 35.4 AP at 3 PFLOPs on LVIS.", "PFLOPs", NodeType.METRIC),  # metric symbols, not in the lexicon
    ("Our retriever improves MRR@10 by 2 points.", "MRR@10", NodeType.METRIC),
    ("We fine-tune ViT-L/16 with GAP-H pooling.", "ViT-L/16", NodeType.MODEL),  # a known family with a size letter
    ("We fine-tune ViT-L/16 with GAP-H pooling.", "GAP-H", NodeType.METHOD),
    ("It beats SASRec and CL4SRec at ranking.", "CL4SRec", NodeType.MODEL),  # an architecture-like name
    ("It beats GeoCLIP and OpenGrip-VLA at grasping.", "GeoCLIP", NodeType.MODEL),
    ("Yet ToolDrift-Bench remains hard.", "ToolDrift-Bench", NodeType.BENCHMARK),
    ("It beats GeoCLIP and OpenGrip-VLA at grasping.", "OpenGrip-VLA", NodeType.MODEL),
    ("We use on-policy distillation throughout.", "on-policy distillation", NodeType.METHOD),
    ("We also report results for ADE20K-847 and ADE20K-150.", "ADE20K-847", NodeType.BENCHMARK),  # not a "20K" size
    ("We also report results for MMLU-Xtra.", "MMLU-Xtra", NodeType.BENCHMARK),  # a known benchmark's variant
    ("Pairs pass a consistency filter and a differentiable top-k operator.", "consistency filter", NodeType.METHOD),
    ("Samples from a single-step action generator keep melody adherence.", "single-step action generator",
     NodeType.METHOD),
    ("Samples from a single-step action generator keep melody adherence.", "melody adherence", NodeType.METRIC),
    ("We introduce SPARC (Sparse Parameter Anchoring for Retention), a data-free method.", "SPARC",
     NodeType.METHOD),  # not the benchmark SParC: the lexicon writes it in another case
    ("Pairs pass a consistency filter and a differentiable top-k operator.", "differentiable top-k operator",
     NodeType.METHOD),
    ("In listening tests it obtains a CMOS of +0.21 against recordings.", "CMOS", NodeType.METRIC),  # a value
    ("It improves rare-class AP (AP_r) from 29.4 to 36.1 on LVIS.", "rare-class AP", NodeType.METRIC),
    ("We scale ZapFlow from 1B to 8B parameters.", "ZapFlow", NodeType.METHOD),  # a name, not a measure
    ("Agents make reasoning mistakes under load.", "reasoning mistakes", NodeType.PROBLEM),  # a fault's head
    ("It removes floating artifacts in novel views.", "floating artifacts", NodeType.PROBLEM),
    ("It improves object counting on crowded scenes.", "object counting", NodeType.PROBLEM),  # a task's head
    ("The monitor raises false positives on benign code.", "false positives", NodeType.PROBLEM),
    ("We wrap each model in an agent scaffold with three stages.", "agent scaffold", NodeType.METHOD),
    ("Agents still struggle with long-horizon software engineering.", "long-horizon software engineering",
     NodeType.PROBLEM),
    ("A sweep of the learning rate matters.", "learning rate", NodeType.METHOD),  # a setting of training, not a rate
    ("It cuts planning time and P50 latency by half.", "planning time", NodeType.METRIC),  # known measures of time
    ("It cuts planning time and P50 latency by half.", "median latency", NodeType.METRIC),
    ("Scores reach a PLCC of 0.91 and an SROCC of 0.88.", "Pearson correlation", NodeType.METRIC),
    ("Rankings agree (Spearman $\\rho = 0.97$).", "Spearman correlation", NodeType.METRIC),  # the name alone
    ("We screen for mild cognitive impairment from speech.", "mild cognitive impairment", NodeType.PROBLEM),
    ("It improves summary faithfulness by 5 points.", "summary faithfulness", NodeType.METRIC),
    ("A motion planner and a step verifier guide the robot.", "motion planner", NodeType.METHOD),  # systems
    ("A motion planner and a step verifier guide the robot.", "step verifier", NodeType.METHOD),
    ("It reaches a mean Dice of 88.7% on held-out scans.", "Dice coefficient", NodeType.METRIC),
    # a capitalised word listed with a known name is a name of its type
    ("Evaluations draw on datasets (ETT, Electricity, Traffic) that overlap.", "Electricity", NodeType.BENCHMARK),
    ("Evaluations draw on datasets (ETT, Electricity, Traffic) that overlap.", "Traffic", NodeType.BENCHMARK),
    ("We test on Adult, COMPAS and German Credit.", "Adult", NodeType.BENCHMARK),
    ("We run agents in OpenHands.", "OpenHands", NodeType.METHOD),  # a framework, no trained weights
    ("Models are tuned on preference data.", "preference data", NodeType.BENCHMARK),  # a dataset
    ("The bound improves the sample complexity.", "sample complexity", NodeType.METRIC),  # a measured quantity
    ("It swaps the vision-language backbone.", "vision-language backbone", NodeType.MODEL),  # an artefact
    ("It speeds up computational materials discovery.", "computational materials discovery", NodeType.PROBLEM),
    ("Feature sparsity predicts phase changes.", "Feature sparsity", NodeType.METRIC),
    ("Runs use an evaluation harness for every model.", "evaluation harness", NodeType.METHOD),  # not a "-ness"
    ("It gains 9.8 points on AIME2031 and ImageNet400.", "AIME2031", NodeType.BENCHMARK),  # a numbered benchmark
    ("It gains 9.8 points on AIME2031 and ImageNet400.", "ImageNet400", NodeType.BENCHMARK),
    # names in a list after a plural kind word
    ("We beat it on two benchmarks ZQ-7 and FooGym by 20%.", "ZQ-7", NodeType.BENCHMARK),
    ("This paper introduces Trinity, a novel AI system for humanoid robots.", "Trinity", NodeType.METHOD),
    ("We first construct a dynamically curated ZorbDevBench to simulate projects.", "ZorbDevBench",
     NodeType.BENCHMARK),  # named like a benchmark
    ("We develop ZorbGym to train agents.", "ZorbGym", NodeType.BENCHMARK),
    ("We introduce a new resilience metric for agents.", "resilience metric", NodeType.METRIC),  # a metric's head
    ("We train attention-based probes on activations.", "attention-based probes", NodeType.METHOD),
    ("It improves sample efficiency.", "sample efficiency", NodeType.METRIC),  # measured; its lack is a problem
    ("It suffers from sample inefficiency.", "sample inefficiency", NodeType.PROBLEM),
    ("It boosts exploration efficiency.", "exploration efficiency", NodeType.METRIC),
    ("We evaluate on benchmarks such as Zorbworld and Quokka.", "Quokka", NodeType.BENCHMARK),  # examples of a kind
    ("It plans well in environments (e.g., $\\textit{Zorbworld}$, Quokka).", "Zorbworld", NodeType.BENCHMARK),
    ("It uses rule-based metrics like Connectivity, Completeness and judges.", "Completeness", NodeType.METRIC),
    ("We present ZorbLab, an open testbed for agents.", "ZorbLab", NodeType.BENCHMARK),  # what the appositive says
    ("We derive Zorb Score (ZS), a training objective for denoisers.", "Zorb Score", NodeType.METHOD),
    ("We propose the Zorb Gap, a metric of calibration.", "Zorb Gap", NodeType.METRIC),
    ("We present ZorbSet, a large, diverse, and multi-view dataset of scenes.", "ZorbSet", NodeType.BENCHMARK),
    ("We introduce Kasa, a 4,100-hour multilingual speech corpus.", "Kasa", NodeType.BENCHMARK),  # a count first
    ("Here we describe ZorbAtlas, a de-identified collection of 52,318 CT volumes.", "ZorbAtlas", NodeType.BENCHMARK),
    ("We present ZorbQA and ZorbQA-Hard, two novel benchmarks for math.", "ZorbQA-Hard", NodeType.BENCHMARK),
    ("We present ZorbWave, a novel universal waveform generation model.", "ZorbWave", NodeType.METHOD),  # far
    ("We evaluate on three industrial datasets: SWaT, WADI, and HAI.", "WADI", NodeType.BENCHMARK),
    ("We evaluate on three benchmarks: table summarization, SWaT and HAI.", "table summarization",
     NodeType.PROBLEM),  # a task, not a name
    # a learning setting is a task, what training for safety aims at a problem (gold of five development sets)
    ("Models forget under continual learning.", "continual learning", NodeType.PROBLEM),
    ("Fine-tuning erodes safety alignment.", "safety alignment", NodeType.PROBLEM),
    ("We compare with XGBoost on tabular data.", "XGBoost", NodeType.METHOD),  # a boosting algorithm
    ("A mixture of experts routes each token.", "mixture of experts", NodeType.MODEL),  # an architecture
])
def test_typing_cues(nlp, text, label, node_type):
    found, _ = terms(nlp, text)
    assert label in found, sorted(found)
    assert found[label].type is node_type


@pytest.mark.parametrize("release, node_type", [("", NodeType.METHOD), (" Weights are publicly available.", NodeType.MODEL),
                                                (" We release the checkpoints.", NodeType.MODEL)])
def test_a_proposed_model_is_a_method_unless_released(nlp, release, node_type):
    found, _ = terms(nlp, "Weather models are slow. We propose the Field-Aware Transformer, which routes fields." + release)
    assert found["Field-Aware Transformer"].type is node_type


def test_a_name_listed_next_to_a_benchmark_or_model_takes_its_type(nlp):
    found, _ = terms(nlp, "We evaluate on SMAC, MaMuJoCo and Zorbo Football, and compare with TabQ.")
    assert found["Zorbo Football"].type is NodeType.BENCHMARK
    assert found["TabQ"].type is NodeType.METHOD  # listed after "compare with", not next to a benchmark
    found, _ = terms(nlp, "We compare with TabQ and Llama-3.")
    assert found["TabQ"].type is NodeType.MODEL
    found, _ = terms(nlp, "It does well on MD17, ZRMD17 and MD22, beside ZorbLM2 and Qwen3-8B.")
    assert found["ZRMD17"].type is NodeType.BENCHMARK  # a number alone does not make a model
    assert found["ZorbLM2"].type is NodeType.MODEL


@pytest.mark.parametrize("text, benchmark", [("Tuning lifts the MT-Bench score by 0.4 points.", "MT-Bench"),
                                             ("It reaches a GenEval score of 0.81.", "GenEval")])
def test_a_benchmark_score_is_the_benchmark(nlp, text, benchmark):
    found, _ = terms(nlp, text)
    assert found[benchmark].type is NodeType.BENCHMARK, sorted(found)


@pytest.mark.parametrize("text", ["Finally, Adam and SGD differ.", "We tune it. However, ResNet and ViT fail.",
                                  "It holds for Adult."])
def test_a_capitalised_word_outside_a_list_stays_out(nlp, text):
    found, _ = terms(nlp, text)
    assert not {"Finally", "However", "Adult"} & set(found), sorted(found)


def test_an_adverb_before_an_appositive_is_no_name(nlp):
    found, _ = terms(nlp, "It fails where c depends on the margin Consequently, a model that retrieves fails.")
    assert "Consequently" not in found


@pytest.mark.parametrize("text", ["We finetune pretrained flow matching models.", "We study flow-matching models."])
def test_a_known_method_before_models_names_a_class_of_models_too(nlp, text):
    found, _ = terms(nlp, text)
    assert found["flow matching"].type is NodeType.METHOD, sorted(found)
    models = [t for label, t in found.items() if label.endswith("models")]
    assert [t.type for t in models] == [NodeType.MODEL], sorted(found)


def test_an_appositive_kind_types_every_use_of_the_name(nlp):
    doc = nlp("We introduce ZetaLM, an 8B-parameter diffusion language model. ZetaLM beats baselines on reasoning.")
    assert {t.type for t in doc._.kg_terms if t.label == "ZetaLM"} == {NodeType.MODEL}


# ------------------------------------------------------------------- roles

@pytest.mark.parametrize("text, label, role", [
    ("We propose MemNet, which mitigates exposure bias.", "MemNet", Role.PROPOSES),
    ("We propose MemNet, which mitigates exposure bias.", "exposure bias", Role.ADDRESSES),
    ("Our method, coined SwapMix, applies mixup to hard pairs.", "SwapMix", Role.PROPOSES),
    ("This yields ZooBench, a novel benchmark of rare animals.", "ZooBench", Role.PROPOSES),
    ("We challenge this view by introducing LaDiff, a diffusion model.", "LaDiff", Role.PROPOSES),
    ("We build on Qwen3-8B and evaluate on GSM8K.", "GSM8K", Role.EVALUATES_ON),
    ("This technical report describes Quillo-OCR, a family of document parsers.", "Quillo-OCR", Role.PROPOSES),
    ("DriveSage, the hybrid planner proposed here, calls a language model.", "DriveSage", Role.PROPOSES),
    ("We devise KernelSmith, a compiler agent that writes CUDA kernels.", "KernelSmith", Role.PROPOSES),
    # a cue of design after a verb of result in the same sentence
    ("We derive a variational bound of the loss and devise a practical implementation, Zorb Tuning (ZT).",
     "Zorb Tuning", Role.PROPOSES),
    # what the authors turn something into, described by an appositive
    ("Priors are strong. We turn this identity into ZorbScore, a denoising objective. ZorbScore uses one sampler.",
     "ZorbScore", Role.PROPOSES),
    ("Priors are strong. We fold these steps into ZorbScore, a denoising objective. ZorbScore uses one sampler.",
     "ZorbScore", Role.USES),  # not a verb of making
    ("Applied to Qwen2.5-VL-7B and FooVL-8B, our method keeps 28% of tokens.", "FooVL-8B", Role.USES),
    ("To this end, we create OmniTrace, a corpus of agent trajectories.", "OmniTrace", Role.PROPOSES),
    # a known name in apposition to the authors' resulting or overall method is theirs
    ("We train a prover. Our resulting model, DeepSeekMath-V2, solves IMO problems.", "DeepSeekMath-V2",
     Role.PROPOSES),
    ("Our approach, Margin-Scaled Preference Optimization (MSPO), reweights tokens.", "Margin-Scaled Preference "
     "Optimization", Role.PROPOSES),
    # a known concept the cue introduces with its kind: the paper that introduced it; the kind is not proposed
    ("We introduce dropout, a regularization technique that removes units.", "dropout", Role.PROPOSES),
    # a known concept defined later in the proposal sentence is used, not coined
    ("We propose VoxFlow, a TTS system built on a Diffusion Transformer (DiT).", "Diffusion Transformer", Role.USES),
    # a name after a preposition in the proposal sentence is what the new thing works with
    ("We present Quokka, a cache manager that offloads keys to a PagedAttention store.", "PagedAttention", Role.USES),
    ("We present SkyNet-9M, a corpus assembled from Sentinel-2 imagery.", "Sentinel-2", Role.USES),
    ("We present SkyNet, a model, together with SkyNet-9M, a corpus.", "SkyNet-9M", Role.PROPOSES),
    ("We introduce CodeVer, tasks from libraries (including pandas, NumPy and PyTorch).", "NumPy", Role.USES),
    ("This article proposes a seven-layer model, including Physical Layer, Link Layer, Neural Network Layer, Context "
     "Layer, Agent Layer, Orchestrator Layer, and Application Layer.", "Orchestrator Layer", Role.USES),  # a long list
    # modifiers joined by a comma are skipped
    ("Beyond these insights, we further contribute a high-quality, real end-to-end agentic SFT dataset along with a "
     "high-quality RL dataset.", "end-to-end agentic SFT dataset", Role.PROPOSES),
    # a verb capitalised inside a sentence, before a comma, is a name
    ("Our empowerment-maximizing method, Empower, only requires offline text.", "Empower", Role.PROPOSES),
    ("We introduce Reflect, a framework for self-correction.", "Reflect", Role.PROPOSES),
    # the last evidence: a coined name the authors define where they first use it
    ("Agents explore blindly. We address this with Graph-Enhanced Zorb Optimization (GEZO), which builds a graph.",
     "Graph-Enhanced Zorb Optimization", Role.PROPOSES),
    ("Agents explore blindly. We measure this on the Zorb Exploration Benchmark (ZEB), which is hard.",
     "Zorb Exploration Benchmark", Role.EVALUATES_ON),
    ("We contribute ZorbSet, and gains hold on benchmarks including AIME2024/AIME2025.", "AIME2025",
     Role.EVALUATES_ON),  # an example list goes on past a slash
    ("This paper presents PatchFlow, tasks from 312 repositories, each created after Sentinel-2 launched.",
     "Sentinel-2", Role.USES),
    ("Prior indexes go stale. Our framework, Driftwood, versions the index.", "Driftwood", Role.PROPOSES),
    ("We propose VoxFlow, a fully non-autoregressive zero-shot TTS system.", "non-autoregressive zero-shot TTS",
     Role.USES),  # the kind of the new thing, not a second new thing
    # the description of a name the paper gives is its kind, not a second proposal
    ("We propose MIGA, a novel infinite-frame long video generation method.",
     "infinite-frame long video generation", Role.ADDRESSES),
    ("First, we develop an evaluation framework, DiffROAR, to test the assumption.", "DiffROAR", Role.PROPOSES),
    ("First, we develop an evaluation framework, DiffROAR, to test the assumption.", "evaluation framework", Role.USES),
    # a coined name in apposition to the authors' own thing
    ("Guided by this, our 3B hybrid, Tessel-3B, keeps attention in 4 layers.", "Tessel-3B", Role.PROPOSES),
    ("On SMAC, our approach outperforms OMAR, ICQ and MADT.", "ICQ", Role.USES),
    # what a named thing's description says it combines is used ("a novel approach that leverages X" alone proposes X)
    ("This paper presents FairMarket-RL, a novel hybrid framework that combines Large Language Models (LLMs) with "
     "Reinforcement Learning (RL).", "Large Language Models", Role.USES),
    ("Plans drift. The resulting planner, ZorbNet, replans after each step.", "ZorbNet", Role.PROPOSES),
    ("To address this, we propose the reasoning MLLM, Vision-R1, to improve reasoning.", "Vision-R1",
     Role.PROPOSES),  # a known name the paper introduces, after a known concept that gives its kind
    ("To address this, we propose ReVeal, a framework that interleaves generation with checks.", "ReVeal",
     Role.PROPOSES),  # a name that spells a verb
    ("Results show that our proposed data-efficient model, ZorbNet-3B, improves accuracy.", "ZorbNet-3B",
     Role.PROPOSES),
    ("Models drift. Our structured audio reasoning model, ZORB (Zero-Order Replanning Baseline), helps.", "ZORB",
     Role.PROPOSES),  # four words after "our"
    ("We add a critic. The resulting ZorbNet model halves errors.", "ZorbNet", Role.PROPOSES),
    ("We add a critic. This simple and scalable GTR (Guided Thought Reinforcement) framework trains reasoning.",
     "GTR", Role.PROPOSES),  # a short form the lexicon knows for another thing, defined anew by the paper
    ("We tackle this gap with Mathesis, the first end-to-end theorem proving pipeline.", "Mathesis",
     Role.PROPOSES),  # a plain capitalised word introduced as new
    ("To answer this, we propose a framework called Unlearning to Align (U2A), which selects examples.",
     "Unlearning to Align", Role.PROPOSES),  # "2" for "to" in a short form
    ("Premises go missing, which exacerbates overthinking, which we name as the MiP-Overthinking.",
     "MiP-Overthinking", Role.PROPOSES),
    ("Training is costly. We propose Infinite Sampling, a framework that decouples group size from memory.",
     "Infinite Sampling", Role.PROPOSES),  # a title-case name keeps its first word, a modifier elsewhere
    ("Reinforcement learning (RL) designs molecules. We propose Partial SMILES Validation-PPO (PSV-PPO), a novel "
     "RL algorithm that validates partial strings.", "Reinforcement learning", Role.USES),  # the kind of a name
    ("We propose Enigmata-Eval, a benchmark, and develop optimized multi-task RLVR strategies.",
     "Reinforcement Learning with Verifiable Rewards",
     Role.USES),  # a known name that modifies the object of a cue
    ("We introduce an online, retrieval-augmented large language model (LLM) framework for driving.",
     "large language model", Role.USES),  # … also past its short form
    ("We introduce an online, retrieval-augmented large language model (LLM) framework for driving.",
     "retrieval-augmented large language model", Role.PROPOSES),  # two modifiers joined by a comma
    ("Plans drift. We explore a new paradigm, ZorbNet, which replans after each step.", "ZorbNet", Role.PROPOSES),
    # a coined name after a cue, though the cue's object is a description: "… that replans (ZorbNet)"
    ("We present a planner that replans after each step (ZorbNet).", "ZorbNet", Role.PROPOSES),
    # a plain capitalised word after any verb of proposal is a name
    ("We describe Quokka, a serving system that picks draft lengths per step.", "Quokka", Role.PROPOSES),
    # a coined name right after the authors' own kind of thing, without a comma
    ("Prior search is slow. Our proposed method ZorbNet finds the boundary.", "ZorbNet", Role.PROPOSES),
    ("Together, these parts form our end-to-end algorithm ZORB-RL, which helps.", "ZORB-RL", Role.PROPOSES),
    ("Labels are costly. The proposed Zorb-Sort first pre-orders items.", "Zorb-Sort", Role.PROPOSES),
    ("To cut costs, ZorbSet uses our proposed Zorb Annotation Framework (ZAF).", "Zorb Annotation Framework",
     Role.PROPOSES),  # "our proposed" inside a sentence about something else
    ("Tests show that our proposed multi-LLM framework wins.", "multi-LLM", Role.USES),  # a modifier, no name
    ("Plans drift. Our planner ZORB replans, and the ZorbNet baseline does not.", "ZORB", Role.PROPOSES),
    ("Our method outperforms ZorbNet on two tasks.", "ZorbNet", Role.USES),
    # last evidence, with no cue at all: a coined name used again that a result is said of
    ("Decoding is hard. Collab-X mixes agents. Collab-X surpasses the best decoding strategy.", "Collab-X",
     Role.PROPOSES),
    ("Decoding is hard. Collab-X surpasses the best decoding strategy.", "Collab-X", Role.USES),  # used once
    # … or, with nothing else, one that opens a sentence as the subject of what it does
    ("Worlds must stream. ZorbWorld separates control from memory in training.", "ZorbWorld", Role.PROPOSES),
    ("Worlds must stream. ZorbWorld struggles with memory in training.", "ZorbWorld", Role.USES),
    ("Worlds must stream. The Zorbic Model couples two frozen models.", "Zorbic Model", Role.PROPOSES),  # "The"
    ("Kernels are hard to deploy. ZorbInfer-Bench addresses this gap with a closed loop.", "ZorbInfer-Bench",
     Role.PROPOSES),  # a name that answers the problem just stated, of any kind
    ("Kernels are hard to deploy. ZorbInfer-Bench measures this gap with a closed loop.", "ZorbInfer-Bench",
     Role.EVALUATES_ON),
    # … or the parts of the authors' own thing, listed after their count
    ("Agents repeat errors. Our approach comprises two components: (1) a Zorb Trace Extractor that reads runs, and "
     "(2) a Zorb Memory Retriever that injects tips.", "Zorb Memory Retriever", Role.PROPOSES),
    ("Agents repeat errors. Prior memory comprises two components: (1) a Zorb Trace Extractor that reads runs, and "
     "(2) a Zorb Memory Retriever that injects tips.", "Zorb Memory Retriever", Role.USES),  # not the authors'
    ("Text alone is vague. We introduce visual identity prompting, which supplies exemplar images.",
     "visual identity prompting", Role.PROPOSES),  # "visual" classifies: part of the name
    ('Models drift. We propose that they enter a "Zorb Phase". Our Zorbic Network stays stable.', "Zorb Phase",
     Role.USES),  # "we propose that": a claim
    ('Models drift. We propose that they enter a "Zorb Phase". Our Zorbic Network stays stable.', "Zorbic Network",
     Role.PROPOSES),
    ("Worlds must stream. The Vision Transformer splits images into patches.", "vision transformers",
     Role.USES),  # a known name
    ("Pruning is studied. VGG-11 keeps accuracy. VGG-11 achieves 90%.", "VGG-11", Role.USES),  # a model's name
    ("Plans drift. We pretrain ZorbNet-7B on 2T tokens of traces.", "ZorbNet-7B", Role.PROPOSES),  # trained
    ("Plans drift. We pretrain Qwen2.5-7B on 2T tokens of traces.", "Qwen2.5-7B", Role.USES),  # a known model
    ("Plans drift. ZorbNet replans at each step. Tests show that ZorbNet improves accuracy.", "ZorbNet",
     Role.PROPOSES),  # a coined architecture name is no known model
    # … or one that the paper's web address spells
    ("Data shape behaviour. We frame this as safety pretraining. Models are at safetypretraining.ai",
     "safety pretraining", Role.PROPOSES),
    ("Data shape behaviour. We frame this as safety pretraining. Models are at modelzoo.ai", "safety pretraining",
     Role.USES),
    # the idea of a named thing: the name is what the paper introduces
    ("Here we introduce a groundbreaking concept of Zorb Space: a space in which models are compared.",
     "Zorb Space", Role.PROPOSES),
    # what the authors make something into
    ("Code tests are shallow. We instantiate this duality in ZorbBench, a benchmark of 445 paired instances.",
     "ZorbBench", Role.PROPOSES),
    ("Code tests are shallow. We evaluate this duality in ZorbBench, a benchmark of 445 paired instances.",
     "ZorbBench", Role.EVALUATES_ON),
    ("Dialogues matter. We convert the dialogues collected in ZorbQA, a conversational QA dataset released last "
     "year, into instruction data.", "ZorbQA", Role.EVALUATES_ON),  # where the dialogues come from
    # an existing thing a new framework builds on is no proposal
    ("Images are noisy. We propose a robust framework that integrates the hybrid ZorbNet architecture with model "
     "soups.", "hybrid ZorbNet architecture", Role.USES),
    # a kind of models defined with a short form is no name the authors coin
    ("We study autoregressive (AR) LLMs and show that AR LLMs fail at planning on Blocksworld.",
     "autoregressive LLMs", Role.USES),
    # a study word before a kind word names an artefact, not a study
    ("Sim evaluation is costly. We present a real-to-sim policy evaluation framework that builds digital twins.",
     "real-to-sim policy evaluation", Role.PROPOSES),
    # a verb of proposal later in the sentence of "we": after a comma, or after "and" far from the subject
    ("We motivate the task, introduce the ZorbCrop benchmark, and evaluate several crop models.", "ZorbCrop",
     Role.PROPOSES),
    ("We find that prior encoding schemes for multi-view attention do not meet the desiderata listed above for "
     "several reasons, and present ZorbRoPE to address this gap.", "ZorbRoPE", Role.PROPOSES),
    # … but a known name it brings in is used ("FreeU" is in the lexicon)
    ("We adopt a wavelet transform to separate the frequencies of waveforms for high-frequency modeling, and "
     "introduce FreeU to reduce the high-frequency noise.", "FreeU", Role.USES),
    ('Our model, codenamed "Zorbio", is an enhanced masked autoencoder.', "Zorbio", Role.PROPOSES),
    # what the paper calls its contribution
    ("We present a framework for migrating production systems. The key contribution is a Bayesian calibration "
     "approach that aligns automated metrics with human judgments.", "Bayesian calibration", Role.PROPOSES),
    # an adjective suffix written apart from its noun ("neural network based") still describes the new thing
    ("Radar is noisy. This study proposes a neural network based solution that segments moving objects.",
     "neural network based solution", Role.PROPOSES),
    # what a new framework extends is an earlier one
    ("This work presents a hybrid computational framework that extends the Zorb-Augmented Solver with "
     "Shock-Capturing (ZASSC) methodology to unsteady problems.", "Zorb-Augmented Solver with Shock-Capturing",
     Role.USES),
    # the things a proposal sentence lists after a colon
    ("This paper studies why zorb training fails. We further propose two practical strategies to recover failing "
     "runs: off-zorb cold start and teacher-aligned prompt selection.", "off-zorb cold start", Role.PROPOSES),
    # a coined name that a finding reports as doing better, where it first appears
    ("Forecasting is hard. Mixers ignore channels. Experiments on eight benchmarks demonstrate that ZorbMixer "
     "improves average MAE by 4%.", "ZorbMixer", Role.PROPOSES),
    ("Forecasting is hard. Mixers ignore channels. Experiments on eight benchmarks demonstrate that TimeMixer "
     "improves average MAE by 4%.", "TimeMixer", Role.USES),  # a known name
    # a broad field the authors spell out with its short form is no name they coin
    ("Migration is hard. In this paper, we identify, analyze and compare selected Artificial Intelligence (AI) "
     "planning and Reinforcement Learning (RL) approaches for migration.", "Artificial Intelligence", Role.USES),
    # a part of a shared task is no contribution
    ("This paper presents our system for the ZorbEval 2026 shared task, addressing both Subtask A (binary hate "
     "detection) and Subtask B (target identification).", "Subtask B", Role.USES),
    # a name in apposition to the dataset a new method is tested on is used
    ("Radar is noisy. This study proposes a neural network based solution that segments moving objects and tests "
     "it using a challenging real world radar dataset, ZorbScenes.", "ZorbScenes", Role.EVALUATES_ON),
])
def test_roles(nlp, text, label, role):
    found, _ = terms(nlp, text)
    assert label in found, sorted(found)
    assert found[label].role is role


def test_a_description_that_runs_into_the_name_it_describes_stops_before_it(nlp):
    found, _ = terms(nlp, "To expand the data, we present a novel multimodal maritime dataset ZORBAQUA (Zorb Aquatic "
                          "Dataset). We evaluate methods on ZORBAQUA.")
    assert found["ZORBAQUA"].role is Role.PROPOSES
    assert not [label for label in found if label.endswith(" ZORBAQUA")], sorted(found)


def test_a_contribution_listed_as_generic_parts_proposes_nothing(nlp):
    found, _ = terms(nlp, "We defend a claim. The contribution is a mechanistic proposal, an architecture, and a test "
                          "program.")
    assert not any(t.role is Role.PROPOSES for t in found.values()), sorted(found)


def test_a_bracketed_citation_is_no_concept(nlp):
    found, _ = terms(nlp, "We propose a solver for diffusion models relying on the collocation method (Lee, Song, "
                          "Vempala 2018; Smith 2020a).")
    assert "diffusion models" in found and not any(re.search(r"\d{4}", label) for label in found), sorted(found)


def test_a_new_thing_in_a_question_the_paper_asks_is_no_proposal(nlp):
    found, _ = terms(nlp, "Sensing is costly. We evaluate whether tabular foundation models can provide a new "
                          "calibration strategy for sensors.")
    assert found and not any(t.role is Role.PROPOSES for t in found.values()), sorted(found)


@pytest.mark.parametrize("text, label", [
    ("In this work, we introduce transcoder adapters, a technique for interpreting fine-tuning.",
     "transcoder adapters"),
    ("This paper introduces transcoder adapters, a technique for interpreting fine-tuning.", "transcoder adapters"),
    ("We introduce a decoding speed regularizer for small models.", "decoding speed regularizer"),  # speed: a noun
    ("We propose three strategies: snapshot-based version tracking, a dedicated proxy model, and lazy replay.",
     "snapshot-based version tracking"),
    ("Our extension of the mean teacher includes a new auxiliary-teacher ensemble for features.",
     "auxiliary-teacher ensemble"),
    # a kind word vouches for an action noun; coordinated adjectives are skipped
    ("To handle noisy labels, we propose a simple yet effective token weighting strategy.", "token weighting"),
    ("We design a fast and accurate graph folding algorithm.", "graph folding"),
    ("We analyze why reward models drift, and propose a reward anchoring method.", "reward anchoring"),
    ("We examine a novel approach that leverages causal feature pruning.", "causal feature pruning"),  # "we …, and propose"
    ("We survey the failure modes of reward models in detail, proposing a minimal reporting checklist for papers.",
     "reporting checklist"),
    ("Gains stall. Finally, we propose practical interventions such as biasing the training distribution.",
     "biasing the training distribution"),  # an example of a remedy may be an action
    ("Caches are large. Building on this, we apply a learned orthogonal rotation to keys before quantization.",
     "learned orthogonal rotation"),  # a participle after an article modifies
    ("We describe why agents stall on long tasks, and design a budget-aware replanning scheme.",
     "budget-aware replanning"),  # a second cue after a first one
    ("Here we assemble a stress-test collection of forty prompts.", "stress-test collection"),
    ("Gains persist: our framework, Frontier Curriculum Synthesis, keeps improving.",
     "Frontier Curriculum Synthesis"),  # a title-case name keeps its first word
    ("We present Contrastive Reward Distillation, a training procedure for judges.",
     "Contrastive Reward Distillation"),  # a title-case name that ends in a known common term
    ("Instead, we outline a minimal disclosure checklist for model cards.", "disclosure checklist"),
    ("Instead, we outline concrete reporting standards for agent papers.", "reporting standards"),
    # weaker evidence, trusted when no cue fires: weak cues
    ("Judges drift over time. In this work, we explore a rubric-anchored judge ensemble as a cheap auditor.",
     "rubric-anchored judge ensemble"),
    ("Judges drift over time. We also add a lightweight drift detector fine-tuned from a small model.",
     "drift detector"),  # a trailing participle describes, it does not name
    ("Judges drift over time. Our evaluation harness and all logs are released.", "evaluation harness"),
    ("Judges drift over time. Our rubric-anchored judge raises agreement with experts.", "rubric-anchored judge"),
    ("Exits come late. Our confidence-gated early exit, which stops decoding once a probe is sure, reduces tokens "
     "by 30%.", "confidence-gated early exit"),  # past a relative clause
    ("Tests are weak. Re-scoring with our strengthened tests reorders systems. Our strengthened tests are publicly "
     "available.", "strengthened tests"),  # said before only as the authors' own
    # a plain phrase after a cue
    ("Chain-of-thought can drift. We design a minimal reasoning task on which both models fail.", "reasoning task"),
    ("Long answers waste compute. We also add a length token to the prompt that caps thinking.", "length token"),
    ("Clients differ. We design an allocation scheme that sets clipping thresholds per client.",
     "allocation scheme"),  # one plain word keeps its kind word
    ("Audits are slow. We propose a hierarchical adversarial framework that probes each layer.",
     "hierarchical adversarial framework"),  # adjectives alone name nothing: they keep their kind word
    ("Rewards are sparse. We design a large language model-guided policy modulation framework for agents.",
     "large language model-guided policy modulation"),  # a known name as a modifier keeps its first word
    ("Causal search helps planning. We present a causal search framework for risk estimation.",
     "causal search framework"),  # the words said before name what the framework builds on
    ("To enforce physical consistency, a novel physics-informed loss function is proposed.",
     "physics-informed loss function"),  # in the passive
    ("To address a key limitation of routers, a novel routing loss is proposed.",
     "routing loss"),  # the subject of the passive, not the object of an earlier clause
    ("Claims conflict. We propose a novel multi-agent framework for claim verification.",
     "multi-agent framework"),  # "multi-agent" alone is an adjective
    ("Agents forget. We introduce a novel dual-agent framework that enables continual learning.",
     "dual-agent framework"),  # so is "dual-agent"
    ("Agents extrapolate. We propose an offline multi-agent algorithm that regularizes values.",
     "offline multi-agent algorithm"),  # also after another modifier
    ("Students struggle. We present the iterative design and evaluation of a gaze-based dashboard for teachers.",
     "gaze-based dashboard"),  # what the design makes
    ("Students struggle. We describe the development of a reflective planning tool.", "reflective planning tool"),
    # modifiers set off by commas; a framework named only by a known task is what it is based on
    ("Caches are large. We propose a simple, yet effective, zorb routing framework for caches.",
     "zorb routing"),
    ("Caches are large. We propose a simple, yet effective, KV cache compression framework based on "
     "layer-adaptive composite tokens.", "layer-adaptive composite tokens"),
    # a compound of a count opens the phrase only when the words after it name nothing alone
    ("Labels are scarce. We develop a two-stage AI model predicting tumour response.", "two-stage AI model"),
    ("Parsing is slow. We develop a 3-stage pipeline for parsing.", "3-stage pipeline"),
    ("Factors are entangled. We propose a two-step causal experimental approach to separate them.",
     "causal experimental approach"),
    # what a group word or a remedy's examples name
    ("We construct a suite of 1,800 repository repair tasks with planted loopholes.", "repository repair tasks"),
    ("Baselines are weak. We offer a checklist of simple baseline-tuning practices for future work.",
     "baseline-tuning practices"),
    ("Agents fail. We provide a suite of 1,800 diagnostic puzzles for agents.", "diagnostic puzzles"),
    ("Ideas are hard to judge. We construct a dataset of 9,310 zorb proposal pairs from past venues.",
     "zorb proposal pairs"),  # what a dataset holds, also past an amount
    ("Speech tools lag. This paper introduces a corpus of 2,400 hours of spontaneous zorb speech in 12 languages.",
     "spontaneous zorb speech"),
    ("Judges are uncalibrated. We propose a formal notion of judge calibration drift.", "judge calibration drift"),
    ("Data is scarce. We release state-of-the-art instruction-tuning datasets for chat.",
     "instruction-tuning datasets"),  # a long hyphenated modifier skipped
    ("We propose practical interventions such as shard balancing and loss clipping.",
     "shard balancing"),
    ("Learners stall. We propose practical interventions such as biasing the task distribution.",
     "biasing the task distribution"),  # an act on a thing
    ("Judges disagree. We close with practical recommendations, including cross-family judge ensembles.",
     "cross-family judge ensembles"),
    ("Latents drift. We outline evaluation practices, including seed ensembles, that should accompany claims.",
     "seed ensembles"),  # the head word says what the examples are
    ("Rather than modeling instantaneous velocity, our Interval Velocity Matching (IVM) objective trains the "
     "network to predict average velocity.", "Interval Velocity Matching"),  # a title-case name holds "Matching"
    # a lower-case name the paper gives
    ("These observations motivate a simple modification of the update, which we call fork-token damping.",
     "fork-token damping"),
    ("We term this procedure gradient rewiring.", "gradient rewiring"),
    ("We release our evaluation framework and all configuration files.", "evaluation framework"),  # not "evaluation"
    # what the authors advise others to do
    ("Leaderboards mislead. We discuss why and recommend that future evaluations report image-ablated baselines "
     "alongside headline numbers.", "image-ablated baselines"),
    ("Refusal rates mislead. We call on model developers to publish system-level threat models.",
     "system-level threat models"),
    ("Gaps persist. We recommend concrete practices, namely graded scoring and pre-registered thresholds.",
     "graded scoring"),  # the object of "recommend", and a group's examples after "namely"
    ("Judges disagree. We close with concrete reporting recommendations, including judge-configuration sweeps "
     "and rank intervals.", "judge-configuration sweeps"),  # "sweeps" is a noun here
    ("Claims outrun evidence. We call for seed-matched baselines, reporting of variance and open logs.",
     "seed-matched baselines"),  # the object of "call for"
    ("Claims outrun evidence. We conclude by proposing a set of disclosure norms, including seed audits.",
     "disclosure norms"),  # "set" is also a verb
    ("Rankers disagree. Our slot-aware gating framework routes gradients per slot.",
     "slot-aware gating"),  # "our X" before a kind word
    ("Traces are long. We propose a curriculum learning strategy for length-controlled reasoning.",
     "curriculum learning strategy"),  # a known common term with a kind word: the authors' own strategy
    ("Variance is ignored. We outline a minimal disclosure standard: seeds per item, paired tests and logs.",
     "disclosure standard"),  # a heading that names something: its items are its parts
    ("Exits come late. Our halting probe, a small classifier on hidden states, stops decoding early.",
     "halting probe"),  # "our X" described by an appositive
    ("Scores mislead. The results suggest that leaderboards hide gaps, and that seed-level audits should accompany "
     "every reported score.", "seed-level audits"),  # what a suggestion says should be done
    ("Probes mislead. They suggest that strong non-SAE baselines should be a default part of any evaluation.",
     "non-SAE baselines"),  # "non-SAE" alone is no term
    ("Refusal rates mislead. We outline concrete desiderata for agent evaluations, discuss the costs of realistic "
     "testing, and call on model developers to publish sandbox audit logs.", "sandbox audit logs"),  # a long "we …"
    ("Forecasts miss extremes. We argue that tail-focused evaluation should become standard practice.",
     "tail-focused evaluation"),  # a kind of study named by a compound
    ("Videos look real. We argue that claims of zorb modeling should be tied to interventional probes.",
     "interventional probes"),  # the means advice names in the passive
    ("Gains are small. Our results suggest that gains should be assessed with coverage-aware zorb metrics.",
     "coverage-aware zorb metrics"),
    ("Traces mislead. We then recommend that developers report zorb audit logs with each release.",
     "zorb audit logs"),  # an adverb between "we" and the advice
])
def test_descriptive_proposals(nlp, text, label):
    found, _ = terms(nlp, text)
    assert label in found and found[label].role is Role.PROPOSES, sorted(found)


@pytest.mark.parametrize("text, label", [
    (r"Curvature matters. We further introduce $\textit{relative critical sharpness}$, which measures it.",
     "relative critical sharpness"),
    (r"Curvature matters. We introduce \emph{sharpness gap}, a measure of it.", "sharpness gap"),
])
def test_latex_markup_after_a_cue_is_skipped(nlp, text, label):
    found, _ = terms(nlp, text)
    assert label in found and found[label].role is Role.PROPOSES, sorted(found)


def test_a_defined_short_form_at_the_end_of_a_known_name_leaves_the_name(nlp):
    found, _ = terms(nlp, "Reinforcement learning (RL) aligns models. We study off-policy RL and RL agents.")
    assert "off-policy reinforcement learning" in found and "off-policy" not in found, sorted(found)
    found, _ = terms(nlp, "Test-time augmentation (TTA) helps. Online TTA is cheap.")  # the text's own meaning
    assert "test-time adaptation" not in found, sorted(found)
    found, _ = terms(nlp, "We propose Spatial-Aware Correlated Multiple Instance Learning (SAC-MIL). SAC-MIL has a SAC "
                          "block.")  # the SAC of the text's SAC-MIL
    assert "Soft Actor-Critic" not in found, sorted(found)


def test_a_masked_link_is_no_part_of_a_name(nlp):
    found, _ = terms(nlp, "It beats the llama.cpp baseline (this http URL Q4_K_M) by 1.5x.")
    assert "Q4_K_M" in found and "URL Q4_K_M" not in found, sorted(found)


def test_a_hyphen_before_an_article_is_a_dash(nlp):
    found, _ = terms(nlp, "To solve it, we introduce MiGrATe-a method for online search. A trial-and-error loop helps.")
    assert found["MiGrATe"].role is Role.PROPOSES and "MiGrATe-a" not in found, sorted(found)
    assert "trial-and-error loop" in found, sorted(found)  # a compound with "and" inside is kept


def test_a_name_after_using_in_a_proposal_sentence_is_used(nlp):
    found, _ = terms(nlp, "Drift hurts. We propose a light framework for adaptation using a Temporal Convolutional "
                          "Network (TCN) backbone.")
    assert all(t.role is not Role.PROPOSES for label, t in found.items() if "Temporal" in label), sorted(found)


def test_a_name_the_authors_fine_tune_in_a_proposal_sentence_is_used(nlp):
    found, _ = terms(nlp, "Clones are hard to find. We construct a clone-pair corpus and fine-tune Zeta-Coder with "
                          "adapters.")
    assert found["Zeta-Coder"].role is not Role.PROPOSES, sorted(found)
    assert found["clone-pair corpus"].role is Role.PROPOSES, sorted(found)


def test_a_name_a_new_framework_extends_is_used(nlp):
    found, _ = terms(nlp, "Metrics are costly. We present a statistical framework extending Prediction-Powered "
                          "Inference (PPI) to sub-instance annotations.")
    assert found["Prediction-Powered Inference"].role is Role.USES, sorted(found)


def test_numbered_list_items_are_concepts(nlp):
    found, _ = terms(nlp, "LoopUS is new. It has three components: (1) block decomposition, guided by dynamics; "
                          "(2) an input-dependent selective gate; and (3) random deep supervision for long horizons.")
    assert {"block decomposition", "input-dependent selective gate", "random deep supervision"} <= set(found), \
        sorted(found)


def test_an_ing_verb_before_its_object_ends_a_proposed_phrase(nlp):
    found, _ = terms(nlp, "Agents lie. We add a layer carrying neither: a recount of the totals.")
    assert "layer carrying" not in found, sorted(found)



def test_numbered_list_items_after_a_cue_are_proposed(nlp):
    found, _ = terms(nlp, "Adaptation is hard. We introduce three strategies: (i) causal adaptive batch "
                          "normalization for real-time alignment; (ii) mixture alignment with replay; and (iii) "
                          "meta-learning.")
    assert found["causal adaptive batch normalization"].role is Role.PROPOSES, sorted(found)


@pytest.mark.parametrize("text, names", [
    ("Forecasts are hard. We release OpenForecaster 8B, which matches larger models.",
     ["OpenForecaster 8B"]),  # a size after a new name is part of it
    ("MDMs are unstable. We propose two blockwise models, namely Jigsaw and Scatter, for it.",
     ["Jigsaw", "Scatter"]),  # the names after "namely"
    # a title-case name goes on over joining words up to its appositive
    ("Retrieval is flat. We propose Stateful Evidence-Driven RAG with Iterative Reasoning, a framework that "
     "models question answering.", ["Stateful Evidence-Driven RAG with Iterative Reasoning"]),
    ("Planners stall. We present Lookahead Search with Learned Critics, a planner for long tasks.",
     ["Lookahead Search with Learned Critics"]),
])
def test_coined_names_are_whole_and_proposed(nlp, text, names):
    found, _ = terms(nlp, text)
    assert all(found[name].role is Role.PROPOSES for name in names), sorted(found)


def test_a_gerund_after_a_cue_proposes_its_object(nlp):
    found, _ = terms(nlp, "Norms matter. We propose extracting normative simulacra from fiction novels.")
    assert found["normative simulacra"].role is Role.PROPOSES, sorted(found)


def test_an_unexpanded_macro_is_the_proposed_name(nlp):
    found, _ = terms(nlp, r"Agents falter. We propose \policy, a light fine-tuning approach. \policy is stable "
                          r"for $\lambda \leq 0.5$ and beats baselines by $3\times$.")
    assert found[r"\policy"].role is Role.PROPOSES, sorted(found)
    assert not any(label.startswith(("\\lambda", "\\leq", "\\times")) for label in found), sorted(found)


@pytest.mark.parametrize("text, name", [
    (r"Flows are costly. We introduce $\mathbb{S}$-FLM, a latent flow model. $\mathbb{S}$-FLM is fast.",
     r"$\mathbb{S}$-FLM"),  # maths glued before a name
    (r"Latency hurts. We propose LaST$_0$, a framework for acting. It beats $2\times$ larger models.", "LaST$_0$"),
])
def test_a_name_written_with_latex_maths_is_one_proposed_name(nlp, text, name):
    found, _ = terms(nlp, text)
    assert found[name].role is Role.PROPOSES, sorted(found)
    assert not {"S}$-FLM", "LaST", "FLM"} & set(found), sorted(found)  # no fragment of the name


def test_a_word_glued_to_latex_maths_is_kept_whole(nlp):
    found, _ = terms(nlp, r"Agents are tested on $\tau^2$-bench with a $\chi^2$-regularized objective and top-$k$ "
                          r"sampling.")
    assert {r"$\tau^2$-bench", r"$\chi^2$-regularized objective", "top-$k$ sampling"} <= set(found), sorted(found)


@pytest.mark.parametrize("text", [
    "We introduce two components: a routing cache that stores experts, and a load monitor.",
    "We introduce three components: the encoder is frozen, a routing cache, and a load monitor.",  # a clause
])
def test_list_items_around_clauses_are_proposed(nlp, text):
    found, _ = terms(nlp, text)
    assert {label for label, t in found.items() if t.role is Role.PROPOSES} == {"routing cache", "load monitor"}


@pytest.mark.parametrize("text", [
    "Models drift. We derive guidelines, including smaller learning rates for deeper models.",
    "Models drift. We design experiments such as controlled ablations and synthetic probes.",
    "Models drift. We derive two findings: deeper networks overfit, and wider networks generalize.",
])
def test_examples_of_what_is_not_a_remedy_are_not_proposed(nlp, text):
    found, _ = terms(nlp, text)
    assert not any(t.role is Role.PROPOSES for t in found.values()), sorted(found)


def test_a_list_of_clauses_proposes_nothing(nlp):
    found, _ = terms(nlp, "Adapters lag. We conclude with practical recommendations: LoRA is best suited to "
                          "instruction tuning, and step sizes should be tuned separately.")
    assert not any(t.role is Role.PROPOSES for t in found.values()), sorted(found)


@pytest.mark.parametrize("text, proposed", [
    ("We propose DriftNet for judges. We recommend that evaluations report drift curves.", ["DriftNet"]),
    ("Judges drift. Developers report drift curves, and we argue that this is enough.", []),  # not advised
    ("Judges drift. We argue that benchmarks are saturated and report drift curves.", []),  # the authors report
    ("Judges drift. We find that agents call external tools and publish intermediate outputs.", []),
    ("Judges drift. We argue that a more careful evaluation should become standard practice.", []),  # no kind
])
def test_advice_yields_to_stronger_evidence(nlp, text, proposed):
    found, _ = terms(nlp, text)
    assert [label for label, t in found.items() if t.role is Role.PROPOSES] == proposed, sorted(found)


@pytest.mark.parametrize("text, label", [
    ("Masks carry signal. Building on this, we derive a training-free scoring rule for anomalies.",
     "training-free scoring rule"),
    ("Loss curves bend. The decomposition yields a schedule-aware decay law with one parameter.",
     "schedule-aware decay law"),
    ("Memory fades in long videos. We address both issues with a frame retrieval cache.", "frame retrieval cache"),
    ("Scenes drift in long videos. We address both issues with a memory mechanism that retrieves past frames.",
     "memory mechanism"),
    # what the authors do to something new (the last tier)
    ("Agents often fail late. We turn this signal into a practical abort cascade for long episodes.", "abort cascade"),
    ("Guidance is costly. Instead, we replace the fixed teacher score with a guidance-conditioned target.",
     "guidance-conditioned target"),
    ("Policies overfit to one domain. Regularization separates the two values, resulting in Q-value policies that "
     "generalize.", "Q-value policies"),
    ("Physics is hard for video models. We first fine-tune a lightweight motion critic on synthetic clips.",
     "motion critic"),
    # the angle the authors take
    ("Caches grow. In this work, we revisit cache eviction from the perspective of attention recovery.",
     "attention recovery"),
    ("Agents drift. We study scaffold design through the lens of plan consistency.", "plan consistency"),
    # a part of the authors' method, introduced with "a" (the very last evidence)
    ("Masks are noisy. Our detector, trained with a boundary-weighted loss that ignores unlabeled pixels, "
     "reaches a high recall.", "boundary-weighted loss"),
    ("Routers collapse. Our approach freezes the gate, while a small diversity term keeps experts apart.",
     "diversity term"),
])
def test_a_result_or_what_the_authors_make_is_proposed_when_nothing_else_is(nlp, text, label):
    found, _ = terms(nlp, text)
    assert [name for name, t in found.items() if t.role is Role.PROPOSES] == [label], sorted(found)


@pytest.mark.parametrize("text, proposed", [
    ("We propose DriftNet for judges. We also derive a simple stopping rule.", ["DriftNet"]),
    ("A stopping rule helps. We derive a simple stopping rule from it.", []),  # named before
    ("We derive tight error bounds for every estimator.", []),  # no "a"
    ("Tuning on the data yields a pose overlap of 0.52 on held-out complexes.", []),  # a measurement
    ("Caching the keys yields a wall-clock speedup of about 2x.", []),  # an outcome
    ("Tuning on the data yields a Spearman correlation on held-out complexes.", []),  # a known concept
    ("Models drift. We provide a detailed analysis of failure cases.", []),  # a study, nothing introduced
    ("Models drift. We conclude with a brief discussion of open problems.", []),
    ("Models drift. We characterize a phase transition in the learning dynamics.", []),  # a finding
    ("Models drift. We tackle tasks with a large action space.", []),  # "with" is not the remedy
    # what the authors do (the last tier)
    ("We propose DriftNet for judges. We then replace the encoder with a smaller decoder stack.", ["DriftNet"]),
    ("Models drift. We find a simple pattern across runs.", []),  # a finding
    ("Models drift. We evaluate a strong baseline on the new split.", []),  # a study
    ("Caching is slow. Our changes reduce memory, resulting in a 2x speedup.", []),  # an outcome
    ("Models drift. We run a reward shaping loop over time.", []),  # a known concept is not renamed
    # the angle the authors take
    ("Caches grow. We revisit cache eviction from the perspective of the attention maps.", []),  # existing
    ("Caches grow. We revisit cache eviction through the lens of optimal transport.", []),  # a known concept
    ("Caches grow. From the perspective of cache users, we compare eviction rules.", []),  # no angle on a problem
    # a part of the authors' method (the very last tier)
    ("We propose DriftNet for judges. It is trained with a boundary-weighted loss by our team.", ["DriftNet"]),
    ("Probes work early. We show that a probe reads the answer before a single reasoning token is produced.", []),
    ("Bounds are loose. We extend the analysis and show that it depends on a sharpness term.", []),
    ("Our models are trained with a cross-entropy loss on the new split.", []),  # a known concept
    ("Our model is trained with a boundary-weighted recipe on the new split.", []),  # no part of a method
])
def test_a_result_or_what_the_authors_do_yields_to_stronger_evidence(nlp, text, proposed):
    found, _ = terms(nlp, text)
    assert [label for label, t in found.items() if t.role is Role.PROPOSES] == proposed, sorted(found)


@pytest.mark.parametrize("text, label", [
    ("Data quality drives capability. We score documents by their effect on a proxy model. We release the curated "
     "corpus, the scoring models and the processing pipeline.", "processing pipeline"),
    ("Slides are huge. It outperforms the strongest slide encoder on 35 tasks. Weights of the slide encoder will be "
     "made available.", "slide encoder"),
])
def test_a_released_thing_is_proposed_when_nothing_else_is(nlp, text, label):
    found, _ = terms(nlp, text)
    assert found[label].role is Role.PROPOSES, sorted(found)


@pytest.mark.parametrize("text", [
    "Models cheat. We flag models whose accuracy rises under weight perturbation or, when only API access is "
    "available, under prompt formatting changes.",  # no release
    "We propose DriftNet for judges. We release the scoring models and the processing pipeline.",  # a stronger cue
])
def test_a_release_yields_to_stronger_evidence(nlp, text):
    found, _ = terms(nlp, text)
    assert [label for label, t in found.items() if t.role is Role.PROPOSES] in ([], ["DriftNet"]), sorted(found)


@pytest.mark.parametrize("text, label", [
    ("Agents test late. Testing first helps: TESTLOOM (Test-First Loom), an agent scaffold that reproduces bugs, "
     "shows. TESTLOOM resolves 58% of issues.", "TESTLOOM"),
    ("Plans drift. ZorbNet is a planner that replans after each step. ZorbNet halves errors.", "ZorbNet"),
    ("Plans drift. ZorbNet: a planner that replans after each step. ZorbNet halves errors.", "ZorbNet"),
    # a lower-case mention before describes; the first capitalised one names
    ("We derive the exact zorb score in closed form. We turn it into Exact Zorb Score (EZS), a training "
     "objective. EZS is fast.", "Exact Zorb Score"),
    ("We propose a new algorithm for fine-tuning language models. Tapered Off-Policy REINFORCE (TOPR) uses "
     "tapered importance sampling.", "Tapered Off-Policy REINFORCE"),  # the name opens the next sentence
])
def test_a_described_coined_name_is_proposed_when_nothing_else_is(nlp, text, label):
    found, _ = terms(nlp, text)
    assert found[label].role is Role.PROPOSES, sorted(found)


def test_a_plain_name_once_introduced_is_a_name_wherever_it_recurs(nlp):
    _, doc = terms(nlp, "We introduce Enigmata, a suite of puzzles. Data from Enigmata helps. Enigmata is hard.")
    assert [doc[t.start:t.end].text for t in doc._.kg_terms if t.label == "Enigmata"] == ["Enigmata"] * 3


def test_a_name_in_a_list_after_a_preposition_is_not_a_second_new_name(nlp):
    found, _ = terms(nlp, "We introduce ZorbEdit, a dataset of edits mined from arXiv, GitHub, and TeX SE.")
    assert found["TeX SE"].role is not Role.PROPOSES, sorted(found)


def test_a_short_form_after_a_preposition_is_not_a_second_new_name(nlp):
    found, _ = terms(nlp, "We introduce a testbench pipeline that uses feedback from the Verilog compiler simulator "
                          "(VCS).")
    assert found["Verilog compiler simulator"].role is not Role.PROPOSES, sorted(found)


def test_a_name_someone_else_proposed_is_not_the_papers(nlp):
    found, _ = terms(nlp, "To fix this, a two-axis scoring called ZorbPO was proposed. We add noise robustness to "
                          "ZorbPO.")
    assert found["ZorbPO"].role is not Role.PROPOSES, sorted(found)
    found, _ = terms(nlp, "A method called ZorbPO has recently been introduced.")
    assert found["ZorbPO"].role is not Role.PROPOSES, sorted(found)
    found, _ = terms(nlp, "Recently, a preference method called ZorbPO was proposed, but we find that it overfits.")
    assert found["ZorbPO"].role is not Role.PROPOSES, sorted(found)  # the authors speak in another clause


@pytest.mark.parametrize("text, name", [
    ("A deep learning model named CardioZorb was developed to predict arrhythmia and reached 0.93 AUROC.",
     "CardioZorb"),  # the authors' own passive
    ("The proposed method, called ZorbNet, has been developed for clinical text.", "ZorbNet"),
    ("In this study, a novel network called ZorbNet was proposed for segmentation.", "ZorbNet")])
def test_a_name_the_authors_give_in_the_passive_is_theirs(nlp, text, name):
    found, _ = terms(nlp, text)
    assert found[name].role is Role.PROPOSES, sorted(found)


def test_a_memory_size_is_no_name(nlp):
    found, _ = terms(nlp, "We train a small planner on 8GB GPUs.")
    assert "8GB" not in found and not any("8GB" in label for label in found), sorted(found)


def test_a_known_problem_after_a_verb_of_proposal_is_not_proposed(nlp):
    found, _ = terms(nlp, "We propose machine unlearning for diffusion models.")
    assert found["machine unlearning"].role is not Role.PROPOSES, sorted(found)


def test_a_capitalised_first_word_is_no_coined_name(nlp):
    found, _ = terms(nlp, "Selective mixup is a family of methods that mix chosen pairs. We study selective mixup.")
    assert all(t.role is not Role.PROPOSES for t in found.values()), sorted(found)


@pytest.mark.parametrize("text, label", [
    ("We developed a sparse routing module for experts.", "sparse routing module"),  # a past tense
    ("We evaluate released checkpoints and design a minimal planning task.", "planning task"),
    ("We discuss what the probes miss, and release the paired zorb transcript corpus.", "paired zorb transcript corpus"),
    ("Scores leak. We further define structure-aware zorb splits in which test complexes differ.",
     "structure-aware zorb splits"),  # a weak cue, with no other
    ("Models ignore cues. We propose both training-free and zorb-based approaches to use them.",
     "zorb-based approaches"),  # the second of two modifiers that share a head
    ("Retrieval is hard. We close with a falsifiable evaluation program, the ZAB-30 benchmark.",
     "ZAB-30"),  # the name an appositive gives a proposed phrase
    ("We present ZorbFlow, a hybrid model. We additionally introduce a zorb reward margin into the objective.",
     "zorb reward margin"),  # an adverb between "we" and the verb
    ("Motivated by this, we use these findings to build ZorbNet, which replans after each step.", "ZorbNet"),
    ("This paper proposes 3DZorbDet, a novel 3D object detection approach.", "3DZorbDet"),  # a name after "3D"
    ("We introduce 3ZQ, a training-time enhancement of encoders.", "3ZQ"),  # a digit, then capitals
    ("We propose 2D-ZorbPO, which extends preference optimization.", "2D-ZorbPO"),
    ("We introduce a reinforcement learning agent that can self-improve.", "reinforcement learning agent"),  # built on
    ("To close this gap, this study proposes a novel ZQ-CRF system that plans.", "ZQ-CRF"),  # the text as subject
    ("To fix this, this paper treats ranking as generation and constructs a flow-based tuning framework (ZorbGR).",
     "flow-based tuning"),  # a later cue after the text as subject
    ("This article presents a novel storm-aware routing framework.", "storm-aware routing"),
    ("We developed a data-driven pipeline utilizing an LLM.", "data-driven pipeline"),  # the kind word completes it
    ("We introduce a higher-order, non-causal sequence model for control.", "non-causal sequence model"),
    # the items after "our contributions are:" or "we make two contributions:"
    ("Sets are loose. Our contributions are: (i) a zorb coverage bound for sets; and (ii) a partial causal learning "
     "formulation that estimates indicators.", "partial causal learning formulation"),
    ("Sets are loose. We make two contributions: (i) a zorb coverage bound for sets; and (ii) a partial causal "
     "learning formulation that estimates indicators.", "partial causal learning formulation"),
    # "a new version of X" proposes X
    ("Logic is hard. We propose a new version of Zorb Neural Networks that embeds concepts.", "Zorb Neural Networks"),
    # with nothing else proposed, a known concept the authors build for something of theirs
    ("Agents are used widely. We develop an agent-based model of a sustainability game.", "agent-based modeling"),
])
def test_proposal_cue_forms(nlp, text, label):
    found, _ = terms(nlp, text)
    assert found[label].role is Role.PROPOSES, sorted(found)


def test_a_known_name_keeps_its_words(nlp):
    _, doc = terms(nlp, "We evaluate on Natural Questions Accuracy metrics.")
    spans = sorted((t.start, t.end) for t in doc._.kg_terms)
    assert all(a[1] <= b[0] for a, b in zip(spans, spans[1:])), spans  # no two terms share a token


def test_our_named_thing_is_proposed_when_nothing_else_is(nlp):
    found, _ = terms(nlp, "Errors cluster late in answers. Building on this, our entity-aware hedging decoder "
                          "attaches a probe to each layer.")
    assert found["entity-aware hedging decoder"].role is Role.PROPOSES, sorted(found)


@pytest.mark.parametrize("text", [
    "Errors cluster late in answers. Our findings advise caution when decoding.",  # no head noun
    "Here we assembled 41,000 CT volumes from 17 hospitals and trained a model.",  # a count of things
    "Benchmarks drift. We call for natural splits, and we outline concrete steps for reviewers.",  # no "a"
    "Contexts grow. Taken together, our results frame length generalization as a margin problem.",  # a verb
    "Sparse reward models are popular. Our sparse reward model outperforms baselines.",  # named before, plural
    "Experiments on FooQA, a recent QA benchmark, show gains.",  # described, but what the work is tested on
    "Video models are slow. This paper describes a training-free approach that merges static patches.",  # adjective
    "Explanations leak data. These findings suggest that explanation interfaces should be treated as attack surface.",
    "Many methods are proposed for routing, but a major gap remains.",  # no "a" thing before the passive
    "Warmup is brittle. We propose fixes such as during the warmup phase.",  # a preposition, not an act
])
def test_nothing_is_proposed(nlp, text):
    found, _ = terms(nlp, text)
    assert not any(t.role is Role.PROPOSES for t in found.values()), sorted(found)
    assert not any(len(label.split()) > 2 for label in found), sorted(found)


def test_a_kind_before_a_named_proposal_is_not_proposed(nlp):
    found, _ = terms(nlp, "Reward models score steps. We propose a novel reward model approach, Hierarchical Step "
                          "Scoring (HSS), which scores pairs of steps.")
    assert {label for label, t in found.items() if t.role is Role.PROPOSES} == {"Hierarchical Step Scoring"}


def test_a_short_form_defined_before_the_cue_is_not_proposed(nlp):
    text = "Combinatorial synthesis libraries (CSLs) are huge. We develop a benchmark CSL for screening."
    found, _ = terms(nlp, text)
    assert found["Combinatorial synthesis libraries"].role is not Role.PROPOSES  # "a benchmark CSL" is one more library


@pytest.mark.parametrize("text, proposed", [
    ("Reward models are costly. We prove that this endogenous reward is equivalent to inverse RL.",
     ["endogenous reward"]),
    ("Scores lack structure. We derive this clipped-linear model from entropy maximization.", ["clipped-linear model"]),
    ("Norms differ. We show that this imbalance is not static, and resolving the architectural imbalance helps.",
     []),  # a problem
    ("We contend that trends threaten this opportunity: outcome-based reinforcement learning and length penalties.",
     []),  # the heading of a list
    ("Reward models are costly. This endogenous reward is equivalent to inverse RL.", []),  # not the authors' work
])
def test_a_thing_first_named_as_this_x_by_the_authors_is_their_proposal(nlp, text, proposed):
    found, _ = terms(nlp, text)
    assert [label for label, t in found.items() if t.role is Role.PROPOSES] == proposed, sorted(found)


@pytest.mark.parametrize("text, proposed", [
    ("Reasoning goes wrong. We train lightweight uncertainty quantification heads (UHeads) on internal states.",
     ["uncertainty quantification heads"]),  # a coined short form of a thing the authors build
    ("We built profiles per part-of-speech (POS) category.", []),  # after a preposition
    ("Prior work gave no fix. We provide both: an analysis of ZIM and the Zorb-Direction Penalty (ZDP), which "
     "penalizes drift.", ["Zorb-Direction Penalty"]),  # a second object of the verb, not a list under "of"
    ("We measure the silent failure rate (SFR) of agents.", []),  # not a thing with a head noun
])
def test_a_coined_short_form_the_authors_define_is_their_proposal(nlp, text, proposed):
    found, _ = terms(nlp, text)
    assert [label for label, t in found.items() if t.role is Role.PROPOSES] == proposed, sorted(found)


@pytest.mark.parametrize("text, name", [
    ("Agents forget goals. We call this phenomenon prompt drift.", "prompt drift"),
    ("Agents forget goals. We term this failure mode goal decay and measure it.", "goal decay"),
    ("Training leaves traces. We call this the gravitational zorb of fine-tuning.", "gravitational zorb"),
])
def test_a_name_given_to_a_referent_leaves_the_referent_out(nlp, text, name):
    found, _ = terms(nlp, text)
    assert [label for label, t in found.items() if t.role is Role.PROPOSES] == [name], sorted(found)


def test_a_described_kind_yields_to_the_name(nlp):
    found, _ = terms(nlp, "Thus motivated, we propose the following meta-algorithm, which we call Datamodel "
                          "Matching (DMM), for unlearning.")
    assert [label for label, t in found.items() if t.role is Role.PROPOSES] == ["Datamodel Matching"], sorted(found)


@pytest.mark.parametrize("text", [
    "We propose DriftNet for judges. We also design a minimal reasoning task for it.",
    "Judges drift over time. We release all metric values and data splits.",  # artifacts, not contributions
    "A reasoning task is hard. We design a minimal reasoning task on which both models fail.",  # named before
])
def test_a_plain_phrase_yields_to_a_cue_and_is_never_a_release(nlp, text):
    found, _ = terms(nlp, text)
    assert [label for label, t in found.items() if t.role is Role.PROPOSES] in ([], ["DriftNet"]), sorted(found)


@pytest.mark.parametrize("text", [
    "We propose DriftNet for judges. We also explore a rubric-anchored judge ensemble as a baseline.",
    "Judges drift over time. Our best-performing configuration improves accuracy by 3 points.",  # no name
])
def test_weak_cue_yields_to_a_cue_and_to_known_names(nlp, text):
    found, _ = terms(nlp, text)
    assert [label for label, t in found.items() if t.role is Role.PROPOSES] in ([], ["DriftNet"]), sorted(found)


@pytest.mark.parametrize("text", ["We present a versatile approach to estimate mistakes of classifiers.",
                                  "We present a large-scale empirical study of verbalized confidence.",
                                  "We propose a reinforcement learning fine-tuning scheme for brevity.",  # known parts
                                  "Benchmarks saturate, and we report a new leaderboard analysis.",  # a study
                                  "We introduce a new mechanistic account of grokking."])
def test_a_bare_kind_is_not_proposed(nlp, text):
    found, _ = terms(nlp, text)
    assert not any(t.role is Role.PROPOSES for t in found.values()), sorted(found)


@pytest.mark.parametrize("text, proposal, basis, node_type", [
    ("We propose a novel GPT-4-based scheduling framework for clusters.", "GPT-4-based scheduling", "GPT-4",
     NodeType.METHOD),
    ("We develop a CLIP-guided diffusion approach for image editing.", "CLIP-guided diffusion", "CLIP",
     NodeType.METHOD),
    ("Large language models (LLMs) excel. We propose a novel LLM-based multi-agent framework for travel planning.",
     "LLM-based multi-agent framework", "Large language models", NodeType.METHOD),
    ("We build EM-inducing datasets.", "EM-inducing datasets", "EM", NodeType.BENCHMARK),
    ("Mixture-of-Experts (MoE) models are large. We develop a context-aware MoE system that uses statistics.",
     "context-aware MoE system", "Mixture-of-Experts models", NodeType.METHOD),  # a known short form inside
    ("Task and Motion Planning (TAMP) is hard. We propose a kinodynamic TAMP framework based on a state tree.",
     "kinodynamic TAMP framework", "Task and Motion Planning", NodeType.METHOD),  # … before the kind word
    ("Multi-Agent Reinforcement Learning (MARL) scales badly. This paper introduces a novel MARL framework.",
     "MARL framework", "Multi-Agent Reinforcement Learning", NodeType.METHOD),
    ("Process reward models (PRMs), which rate steps, are costly. On MATH500, our implicit PRM outperforms them.",
     "implicit PRM", "Process reward models", NodeType.METHOD),  # a known short form narrowed (a new system, not
    # released: a method, as the gold of this development abstract has it)
])
def test_a_name_a_proposal_is_based_on_is_used_not_proposed(nlp, text, proposal, basis, node_type):
    found, _ = terms(nlp, text)
    assert found[proposal].role is Role.PROPOSES and found[proposal].type is node_type, sorted(found)
    assert found[basis].role is not Role.PROPOSES, sorted(found)


@pytest.mark.parametrize("text, proposal", [
    ("We propose an automated LLM pipeline that writes unit tests.", "LLM pipeline"),
    ("We introduce a novel RL framework for traffic control.", "RL framework"),
])
def test_a_known_short_form_with_a_kind_word_is_a_new_thing(nlp, text, proposal):
    found, _ = terms(nlp, text)
    assert found[proposal].role is Role.PROPOSES, sorted(found)
    assert [t for t in found.values() if t.role is Role.PROPOSES] == [found[proposal]], sorted(found)


def test_verifiable_rewards_are_a_signal_not_the_method(nlp):
    found, _ = terms(nlp, "Agents are lazy. To counter this, we propose a verifiable reward mechanism that helps.")
    assert found["verifiable reward mechanism"].role is Role.PROPOSES, sorted(found)
    assert "Reinforcement Learning with Verifiable Rewards" not in found, sorted(found)


def test_a_concept_without_a_name_is_also_called_by_its_kind(nlp):
    found, _ = terms(nlp, "To train the planner, we introduce a two-stage training paradigm. It helps.")
    proposal = found["two-stage training"]
    assert proposal.role is Role.PROPOSES and "two-stage training paradigm" in proposal.aliases
    found, _ = terms(nlp, "Retrieval uses a two-stage reranking scheme.")
    assert "two-stage reranking scheme" in found["two-stage reranking"].aliases  # not only what is proposed
    found, _ = terms(nlp, "We propose a novel LLM-based planning framework for robots.")  # built on a name
    assert "LLM-based planning framework" in found["LLM-based planning"].aliases, sorted(found)
    found, _ = terms(nlp, "We compare a multi-LLM framework with a single-LLM approach.")  # known acronyms only
    assert "multi-LLM framework" in found["multi-LLM"].aliases, sorted(found)
    assert "single-LLM approach" in found["single-LLM"].aliases, sorted(found)
    found, _ = terms(nlp, "We present a storm-aware reinforcement learning (RL) framework.")  # past a short form
    assert "storm-aware reinforcement learning framework" in found["storm-aware reinforcement learning"].aliases


def test_measuring_starts_no_term(nlp):
    found, _ = terms(nlp, "We close with advice on measuring hacking rates in agents.")
    assert "hacking rates" in found and not any(label.startswith("measuring") for label in found), sorted(found)


@pytest.mark.parametrize("text, absent", [
    ("The corpus covers Hindi-Marathi and Swahili-English speech under a CC BY-NC licence.",
     ["Hindi-Marathi", "Swahili-English", "CC BY-NC"]),  # natural languages and licences
    ("Experts are prefetched over PCIe from host memory, and pages over USB-C.", ["PCIe", "host memory", "USB-C"]),
    ("The agent reads each PDF and stains are H&E.", ["PDF", "H&E"]),
    ("Checkpoints are released under CC BY 4.0.", ["CC"]),
    ("We flag models whose accuracy rises under weight perturbation.", ["flag models"]),  # a verb
    ("The store spans HBM, DRAM and NVMe, and activations fit in on-chip SRAM.",
     ["HBM", "DRAM", "NVMe", "SRAM", "on-chip SRAM"]),
    ("It reaches SDXL-class quality on PhD-level questions in a reproducible Docker image.",
     ["SDXL-class", "PhD-level", "reproducible Docker"]),  # an adjective ends no term

    ("Policies trained on coding tasks learn to special-case unit tests.", ["coding"]),  # a broad domain
    ("Instabilities arise during optimization of the policy. Models fail beyond the training length. Models "
     "allocate less attention to image tokens in their middle layers. Each component contributes, with dynamic "
     "sampling and token-level loss accounting for most of the gain.",
     ["sampling", "optimization", "middle layers", "training length"]),  # too broad, or no concept
    ("Reasoning models like OpenAI's o1 and checkpoints from Hugging Face and Google improve.",
     ["OpenAI", "Hugging Face", "Google"]),  # organisations
    ("It achieves state-of-the-art (SOTA) accuracy, unlike LLM-derived methods. SOTA models fail.",
     ["state-of-the-art", "SOTA", "LLM-derived"]),  # a generic long form defines no short form
    ("The goal of my Ph.D. study is to extend search to LoRA-adapted models. Code is at jdoe.github.io/RewardKit.",
     ["Ph.D.", "LoRA-adapted", "jdoe.github.io/RewardKit"]),  # a degree, an adjective, a web address
    ("Models learn to generate and execute Python code, to conduct interpretable reasoning and to incentivize "
     "reasoning.", ["execute Python", "conduct interpretable reasoning", "incentivize reasoning"]),  # verbs
    ("Ablation studies confirm that complex reasoning and advanced reasoning improve.",
     ["ablation studies", "complex reasoning", "advanced reasoning"]),  # a practice; vague adjectives
    ("The problem is NP-hard, so we study AI-assisted and GUI-grounded agents with a PR-native review.",
     ["NP-hard", "AI-assisted", "GUI-grounded", "PR-native"]),  # adjectives end no term
    ("The KL-regularized RLHF objective is tuned, and the policy is KL-regularized.", ["KL-regularized"]),
    ("We fuse LiDAR, RGB-D and IMU data for LiDAR segmentation.", ["LiDAR", "RGB-D", "IMU"]),  # sensors
    ("Tasks come in difficulty levels (EASY, MEDIUM, HARD).", ["EASY", "MEDIUM", "HARD"]),  # levels
    ("The updated reward uses raw attention maps and an old policy as a useful proxy of varying difficulty.",
     ["updated reward", "raw attention maps", "old policy", "useful proxy", "varying difficulty"]),  # vague modifiers
    ("A detailed ablation and an in-depth evaluation on a realistic benchmark show the primary bottleneck.",
     ["detailed ablation", "in-depth evaluation", "realistic benchmark", "primary bottleneck"]),
    ("Published attacks reach near-saturated scores on a refreshed benchmark with an enriched dataset.",
     ["Published attacks", "near-saturated scores", "refreshed benchmark", "enriched dataset"]),
    ("Agents learn to select tokens, optimize multiple objectives and bypass defenses.",
     ["select tokens", "optimize multiple objectives", "bypass defenses"]),  # verbs
    ("Agents learn to maximize long-term rewards, to cultivate reasoning, to calibrate intermediate classifiers "
     "and to respect constraints, attaching internal classifiers.",
     ["maximize long-term rewards", "cultivate reasoning", "calibrate intermediate classifiers", "respect constraints",
      "attaching internal classifiers"]),  # verbs
    ("Content Warning: this paper contains harmful text. All tested agents and commercial models fail.",
     ["Content Warning", "tested agents", "commercial models"]),  # a notice; vague modifiers
    ("Accuracy rose to 71% (95% CI 68-74).", ["CI"]),  # a confidence interval
])
def test_machines_languages_and_formats_are_not_concepts(nlp, text, absent):
    found, _ = terms(nlp, text)
    assert not set(absent) & set(found), sorted(found)


def test_a_capitalised_word_after_a_verb_of_naming_in_the_last_sentence_is_no_name(nlp):
    found, _ = terms(nlp, "Budgets equal the number of model calls. Contrary to reports, refinement loses.")
    assert "Contrary" not in found, sorted(found)


@pytest.mark.parametrize("text", ["The energy error drops to 12 meV/atom and forces to 45 meV/Å at 3 GPa and 500 hPa.",
                                  "Throughput reaches 3.4 GB/s at 0.5 kWh.",
                                  "The error falls from 17.9 BPM to 1.6 BPM at a 3 dB loss."])
def test_a_unit_is_not_a_concept(nlp, text):
    found, _ = terms(nlp, text)
    assert not any("/" in label or label in ("kWh", "meV", "GPa", "hPa", "BPM", "dB") for label in found), sorted(found)


def test_kind_word_does_not_vouch_for_a_generic_head(nlp):
    found, _ = terms(nlp, "We propose a simple yet effective data method for small models.")
    assert not any(t.role is Role.PROPOSES for t in found.values()), sorted(found)


@pytest.mark.parametrize("text", ["We introduce a new knowledge distillation technique for small models.",
                                  "We present a novel approach that leverages knowledge distillation.",
                                  "Such a model can be learned by introducing knowledge distillation."])  # not "we"
def test_known_concept_after_a_cue_is_not_proposed(nlp, text):
    found, _ = terms(nlp, text)  # (the first proposes its "knowledge distillation technique")
    assert found["knowledge distillation"].role is not Role.PROPOSES


# ----------------------------------------------------------------- results

@pytest.mark.parametrize("text, values", [
    ("It reaches 6.71% WER, +10.83 points and a 2.5x speed-up in 2024.", ["6.71%", "+10.83 points", "2.5x"]),
    ("We use 124 distinct types from 2023.", []),
    # a full stop may end a value; a version or a range is none
    ("Abstention falls to 1.5%. Accuracy rose from 45% to 9%. It is 3x.", ["1.5%", "45%", "9%", "3x"]),
    ("Version 1.2.3 solves Level 3--5 problems from 2020-2024.", []),
    # both ends of a range whose upper end has a unit
    ("It recovers 50-90% of the gains, uses 44 to 94% of the budget and is 1.36-100x slower.",
     ["50", "90%", "44", "94%", "1.36", "100x"]),
    # units as LaTeX writes them
    (r"It cuts token usage by 50\% with $2\times$ savings.", [r"50\%", r"2\times"]),
    # the spread of a figure, the top of a scale and a name's version are no results
    ("It saves 47.1% +/- 10.3%, 37.2% ±8.8%, 85.2% (±0.3%) and 47.1 +-10.3 of compute.",
     ["47.1%", "37.2%", "85.2%", "47.1"]),
    (r"It reaches $47.1 \pm 2.3$ points.", ["47.1"]),
    ("Its rank is 2.17 out of 3.0 under Apache 2.0, against 1.5 before; Pearson 0.8.", ["2.17", "1.5", "0.8"]),
    # a p-value is a test's figure, not a result
    ("It gains +1.62pp (n=10 seeds, p=0.0015, Welch's t; P < 0.05; p-value of 0.03; p <= 0.5).", ["+1.62pp"]),
])
def test_values(text, values):
    assert [text[start:end].strip() for start, end in find_values(text)] == values


def test_result_links_value_metric_and_benchmark(nlp):
    doc = nlp("Our recognizer achieves 6.71% average WER on the Open ASR Leaderboard and +10.83 on BLINK.")
    results = {r["value"]: r for r in doc._.kg_results}
    assert results["6.71%"]["metric"] == "word error rate"
    assert results["6.71%"]["benchmark"] == "Open ASR Leaderboard"
    assert results["+10.83"]["benchmark"] == "BLINK" and results["+10.83"]["metric"] is None
    r = results["6.71%"]
    assert doc.text[r["start"]:r["end"]] == "6.71%"


def test_a_series_of_figures_shares_the_metric_of_its_first(nlp):
    doc = nlp("On long-form speech, it obtains 3.64% WER on TED-LIUM and 10.88% on Earnings-22, a gain of +2.1 on "
              "ZorbBench.")
    results = {r["value"]: (r["metric"], r["benchmark"]) for r in doc._.kg_results}
    assert results["10.88%"] == ("word error rate", "Earnings-22")
    assert results["+2.1"][0] is None  # a figure of another kind (a signed gain) is no part of the series


@pytest.mark.parametrize("text, value, metric, benchmark", [
    # words tie a measure written before its figure
    ("The detector achieves an F1 of 0.4176 and AUC-PR of 0.3435 on ImageNet.", "0.4176", "F1 score", "ImageNet"),
    ("Accuracy increased from 0.7854 to 0.8368 on MMLU.", "0.7854", "accuracy", "MMLU"),
    ("Accuracy increased from 0.7854 to 0.8368 on MMLU.", "0.8368", "accuracy", "MMLU"),
    ("Our planner reduces latency by 31% at equal cost.", "31%", "latency", None),
    # "on X" after a figure names its benchmark, before a nearer one written before it
    ("It reaches 88.2 on MMLU, 47.5 on GSM8K, and 50.6 on HumanEval.", "47.5", None, "GSM8K"),
    # "from A to B" is one measure; a figure of something else breaks a series
    ("On ImageNet, accuracy improves from 76.1% to 79.4% and latency drops by 20%.", "79.4%", "accuracy", "ImageNet"),
    ("Our method achieves 92.1% accuracy on CIFAR-10 and uses 35% fewer parameters.", "35%", None, "CIFAR-10"),
    # a sentence that opens on one benchmark
    ("On the MMLU benchmark, our planner improves by +4.2 over the baseline.", "+4.2", None, "MMLU"),
    ("On MMLU, GSM8K and HumanEval, our new planner improves accuracy by +4.2 on average.", "+4.2", "accuracy",
     None),  # a list
    # the one benchmark a sentence names before a figure that nothing else ties
    ("Zorb outperforms a Transformer on WikiText-2 while using fewer parameters, reaching 5.084 bits per byte.",
     "5.084", "bits per byte", "WikiText-2"),
    # a measure's short form in brackets stands between it and its tie word
    ("EVS reduces time-to-first-token (TTFT) by up to 4x with minimal accuracy loss.", "4x", "time-to-first-token",
     None),
    # "from A to B" is one measure on one benchmark; a benchmark right before its measure and "from" gives it
    ("MarsRL improves AIME2025 accuracy from 86.5% to 93.3% and BeyondAIME from 64.9% to 73.8%.", "93.3%",
     "accuracy", "AIME2025"),
    ("Accuracy rose from 0.78 to 0.83 on MMLU and from 0.79 to 0.86 on GSM8K.", "0.86", "accuracy", "GSM8K"),
    # figures in brackets right after a benchmark
    ("It beats DeBERTa on DBpedia-14 (98.06% vs. 97.80%) and nears it on AG News (90.64% vs. 94.50%).", "97.80%",
     None, "DBpedia-14"),
    # a capitalised word a figure is "on", beside figures on known benchmarks, is a benchmark too
    ("We gain 6.6% on SVAMP, 3 points on GSM8K and 25.3% on Countdown.", "25.3%", None, "Countdown"),
    ("We gain 6.6% on SVAMP, 3 points on GSM8K and 25.3% on Countdown.", "3 points", None, "GSM8K"),
])
def test_result_ties(nlp, text, value, metric, benchmark):
    results = {r["value"]: (r["metric"], r["benchmark"]) for r in nlp(text)._.kg_results}
    assert results[value] == (metric, benchmark), results


def test_a_figure_without_a_named_metric_or_benchmark_is_a_result_too(nlp):
    doc = nlp("Our organisms reach 99% coherence, against 67% before. Claude 3.5 Sonnet and Gemini 2.0 Flash comply.")
    results = [(r["value"], r["metric"], r["benchmark"]) for r in doc._.kg_results]
    assert results == [("99%", None, None), ("67%", None, None)]  # not the versions inside the model names


@pytest.mark.parametrize("text, label, node_type", [
    ("We report F_1 and R^2 on held-out data.", "F_1", NodeType.METRIC),
    ("We report F_1 and R^2 on held-out data.", "R^2", NodeType.METRIC),
    ("Training uses meta-training on many tasks.", "meta-training", NodeType.METHOD),
    # an appositive that gives a kind makes a capitalised word a name of that type
    ("Experiments in Zorbland, an open-ended social learning environment, show gains.", "Zorbland",
     NodeType.BENCHMARK),
    ("Results on Quillo, a small simulator of warehouses, improve.", "Quillo", NodeType.BENCHMARK),
])
def test_single_word_terms(nlp, text, label, node_type):
    found, _ = terms(nlp, text)
    assert label in found and found[label].type is node_type, sorted(found)


def test_single_abstract_noun_counts_only_when_it_recurs(nlp):
    once, _ = terms(nlp, "We study augmentation for small students.")
    twice, _ = terms(nlp, "We study augmentation for small students. Augmentation from a teacher helps.")
    assert "augmentation" not in once and "augmentation" in twice, sorted(twice)


@pytest.mark.parametrize("text, label, wanted", [
    ("We distil into span-level rerankers.", "span-level rerankers", True),
    ("Planning needs closed-loop validation.", "closed-loop validation", True),
    ("It refines masks in a coarse-to-fine manner.", "coarse-to-fine manner", False),
    ("We show a non-random selection of data.", "non-random selection", False),
])
def test_hyphenated_modifier_before_a_doer_or_action_noun(nlp, text, label, wanted):
    found, _ = terms(nlp, text)
    assert (label in found) is wanted, sorted(found)


def test_unknown_abstract_noun_counts_when_used_three_times(nlp):
    text = "Resampling helps. We show that resampling explains prior gains."
    twice, _ = terms(nlp, text)
    thrice, _ = terms(nlp, text + " Resampling is cheap.")
    assert "resampling" not in twice and "resampling" in thrice, sorted(thrice)


def test_repeated_phrase_with_unknown_head_is_a_term(nlp):
    once, _ = terms(nlp, "Web corpora contain boilerplate spam.")
    twice, _ = terms(nlp, "Web corpora contain boilerplate spam. Filtering boilerplate spam improves models.")
    assert "boilerplate spam" not in once and "boilerplate spam" in twice, sorted(twice)


def test_a_representation_is_a_concept_when_the_text_comes_back_to_it(nlp):
    twice, _ = terms(nlp, "We learn rotation representations. Rotation representations cut errors.")
    assert "rotation representations" in twice, sorted(twice)


def test_known_term_with_a_repeated_modifier_is_the_narrower_concept(nlp):
    found, _ = terms(nlp, "We revisit selective mixup. Selective mixup pairs examples; plain mixup does not.")
    assert "selective mixup" in {label.lower() for label in found}, sorted(found)
    assert "mixup" in found  # the plain use keeps the known concept


@pytest.mark.parametrize("text, variant, known", [
    ("The cost is accounted for in the Renyi DP framework.", "Renyi DP", None),
    ("We profile workloads such as Haystack RAG and Toolformer.", "Haystack RAG", "retrieval-augmented generation"),
    ("Standard RL fails on long tasks.", None, "reinforcement learning")])  # opening its sentence: a plain word
def test_a_title_case_word_before_a_known_short_form_names_a_variant(nlp, text, variant, known):
    found, _ = terms(nlp, text)
    assert (variant is None or variant in found) and (known is None or known in found), sorted(found)
    assert not any(label.startswith("Standard") for label in found), sorted(found)


def test_a_title_case_word_before_a_known_task_short_form_names_a_task(nlp):
    found, _ = terms(nlp, "It beats existing Audio QA and Video QA approaches on AVQA benchmarks.")
    assert found["Audio QA"].type is NodeType.PROBLEM, sorted(found)


@pytest.mark.parametrize("text, label", [("We report worst-class accuracy on all splits.", "worst-class accuracy"),
                                         ("This does not affect accuracy much.", "accuracy"),
                                         ("It raises Arena-Hard win rate by 4 points.", "win rate"),
                                         ("It lifts simulation accuracy to 80%.", "simulation accuracy"),  # action
                                         ("It is judged by endpoint accuracy alone.", "endpoint accuracy"),  # noun
                                         ("It reaches 41.2 box mAP on LVIS.", "box mAP"),
                                         ("It keeps constant memory consumption.", "memory footprint")])  # an adjective
def test_known_metric_takes_a_compound_or_noun_modifier(nlp, text, label):
    found, _ = terms(nlp, text)
    assert label in found and found[label].type is NodeType.METRIC, sorted(found)


@pytest.mark.parametrize("text, label", [
    ("We train a one-layer transformer on parity.", "one-layer transformer"),
    ("Samples come from a small autoregressive transformer.", "autoregressive transformer"),
    ("We compare equivariant graph neural networks.", "equivariant graph neural networks"),
    ("Serving transformers is costly.", "Transformer"),  # a verb, not a kind
    ("The simplest Transformer fails.", "Transformer")])
def test_an_architecture_takes_the_modifiers_of_its_kind(nlp, text, label):
    found, _ = terms(nlp, text)
    assert label in found, sorted(found)


def test_a_dimension_is_a_word_of_a_term_not_a_number_or_a_name(nlp):
    found, _ = terms(nlp, "Long-tail 3D detection remains hard. Images hold 3D cues.")
    assert sorted(found) == ["Long-tail 3D detection"]
    found, _ = terms(nlp, "It uses a 2.5D convolutional encoder.")
    assert sorted(found) == ["2.5D convolutional encoder"]


@pytest.mark.parametrize("text, labels, node_type", [
    # a measure word is a metric next to a value
    ("The filter reaches 0.91 precision and 81% recall, with coverage above 70%.", {"precision", "recall", "coverage"},
     NodeType.METRIC),
    ("We use numerical precision, and models recall facts with broad coverage.", {"numerical precision"},
     NodeType.METRIC),
    ("The monitor flags hacks, but its recall drops to 47% after training.", {"recall"}, NodeType.METRIC),
    ("We measured precision, recall and F1.", {"precision", "recall", "F1 score"}, NodeType.METRIC),  # or listed
    ("We report precision and recall.", {"precision", "recall"}, NodeType.METRIC),
    ("It adds less than 1% wall-clock overhead.", {"wall-clock overhead"}, NodeType.METRIC),
    # the items of a list of tasks are problems
    ("It holds on synthetic tasks including addition, copying, sorting and parity.",
     {"addition", "copying", "sorting", "parity"}, NodeType.PROBLEM),
    ("We use data including images, text and audio.", set(), None),  # not tasks
    ("It serves tasks such as beam prediction and power allocation.", {"beam prediction", "power allocation"},
     NodeType.PROBLEM),  # phrases too
    ("It solves tasks such as parity, yet fails on tasks that young kids perform.", {"parity"}, NodeType.PROBLEM),
    ("Benchmarks face challenges such as saturation and leakage.", {"saturation", "leakage"}, NodeType.PROBLEM),
    ("Challenges like saturation remain constant.", {"saturation"}, NodeType.PROBLEM),  # the verb ends the list
    # the items of a list of measures are metrics
    ("Automated metrics, such as coherence and diversity, are limited.", {"coherence", "diversity"},
     NodeType.METRIC),
    ("It improves in terms of execution speed, reliability and development effort.",
     {"execution speed", "reliability", "development effort"}, NodeType.METRIC),
    ("Quality is measured by faithfulness and readability.", {"faithfulness", "readability"}, NodeType.METRIC),
    ("It is driven by curiosity and novelty.", set(), None),  # not measured
])
def test_single_words_in_context(nlp, text, labels, node_type):
    found, _ = terms(nlp, text)
    assert labels == set(found), sorted(found)
    assert all(found[label].type is node_type for label in labels)


@pytest.mark.parametrize("text, labels", [
    ("We compare gradient-based methods with rule-based verifiers.",
     {"gradient-based methods", "rule-based verifiers"}),
    ("Point-based methods suffer from sparse sampling.", {"Point-based methods", "sparse sampling"}),  # sentence case
    ("We train with outcome-based reinforcement learning.", {"outcome-based reinforcement learning",
                                                               "reinforcement learning"}),
    ("We test GPT-4o-based agents and an image-based Diffusion Policy.", {"GPT-4o", "diffusion policy"}),  # names
])
def test_a_lower_case_basis_names_a_kind(nlp, text, labels):
    found, _ = terms(nlp, text)
    assert labels == set(found), sorted(found)


@pytest.mark.parametrize("text", ["At its core is an Adaptive Observation Window mechanism, which prunes search.",
                                  "We use a Sparse Token Router module for speed."])
def test_a_kind_word_after_a_title_case_name_is_not_part_of_it(nlp, text):
    found, _ = terms(nlp, text)
    names = [label for label in found if label[:1].isupper()]
    assert len(names) == 1 and names[0].split()[-1] in ("Window", "Router"), sorted(found)


@pytest.mark.parametrize("text, narrower, known", [
    ("A bag-of-words classifier matches the probe.", "bag-of-words classifier", "bag-of-words"),
    ("They make speech recognition errors often.", "speech recognition errors", "speech recognition"),
])
def test_a_known_term_before_a_head_noun_names_a_narrower_thing_too(nlp, text, narrower, known):
    found, _ = terms(nlp, text)
    assert narrower in found and known in found, sorted(found)


@pytest.mark.parametrize("text, unwanted", [
    ("Agents raise fairness scores over time.", "fairness scores"),  # a measure of the known thing
    ("We run a reward shaping loop over time.", "reward shaping loop"),
    ("It reads hidden states across LLM layers.", "LLM layers"),  # a part of a model
])
def test_a_known_term_keeps_its_measure_and_its_loop_apart(nlp, text, unwanted):
    found, _ = terms(nlp, text)
    assert unwanted not in found, sorted(found)


@pytest.mark.parametrize("text, label, alias", [
    ("We study agents in a spatially extended El Farol Bar problem.", "El Farol Bar", "El Farol Bar problem"),
    ("Agents still fail at software engineering tasks.", "software engineering", "software engineering tasks"),
    ("To fill this gap, we introduce the Acadreason benchmark for LLMs.", "Acadreason benchmark", "Acadreason"),
    ("The bound follows from the Denjoy-Carleman theorem.", "Denjoy-Carleman", "Denjoy-Carleman theorem"),
])
def test_a_name_with_or_without_its_kind_word_is_one_concept(nlp, text, label, alias):
    found, _ = terms(nlp, text)
    assert alias in found[label].aliases, sorted(found)


def test_a_capitalised_kind_word_is_part_of_a_title_case_name(nlp):
    found, _ = terms(nlp, "We study Large Vision Models on the Open Access Series of scans.")
    assert {"Large Vision Models", "Open Access Series"} <= set(found), sorted(found)


def test_a_hyphenated_modifier_names_a_narrower_concept_beside_the_known_one(nlp):
    found, _ = terms(nlp, "Agents suffer from tool-call hallucination.")
    assert {"tool-call hallucination", "hallucination"} <= set(found), sorted(found)
    found, _ = terms(nlp, "PAMA transforms multi-objective RLHF into a convex problem.")  # a method in capitals
    assert {"multi-objective RLHF", "Reinforcement Learning from Human Feedback"} <= set(found), sorted(found)
    found, _ = terms(nlp, "Agents show spatial forgetting. We discuss data contamination and erase catastrophic "
                          "forgetting, which reduced hallucination with sequential fine-tuning.")  # adjectives
    assert {"spatial forgetting", "forgetting", "data contamination", "catastrophic forgetting",
            "hallucination", "sequential fine-tuning", "fine-tuning"} == set(found), sorted(found)
    found, _ = terms(nlp, "We train interactive world models, while average accuracy is publicly available.")
    assert {"interactive world models", "world models", "accuracy"} == set(found), sorted(found)
    found, _ = terms(nlp, "It adds memory cross-attention, as scaling pretraining costs more.")  # a noun, a gerund
    assert {"memory cross-attention", "cross-attention", "pretraining"} == set(found), sorted(found)
    found, _ = terms(nlp, "We analyze a two-layer ReLU network; semantic segmentation networks differ.")
    assert {"two-layer ReLU network", "semantic segmentation"} == set(found), sorted(found)  # built on a method
    found, _ = terms(nlp, "Serving long-context language models costs more than training small Transformers.")
    assert {"long-context language models", "language models", "Transformer"} == set(found), sorted(found)
    found, _ = terms(nlp, "Codes come from residual quantization; stochastic pruning fails on linear "
                          "autoregressive models.")  # adjectives in -ual, -ic, -ar
    assert {"residual quantization", "stochastic pruning", "linear autoregressive models"} <= set(found), \
        sorted(found)
    found, _ = terms(nlp, "Fine-tuning large language models is costly.")  # a verb phrase, not a narrower model
    assert "Fine-tuning large language models" not in found and "large language models" in found, sorted(found)


@pytest.mark.parametrize("text, label, known", [
    ("A lightweight flow-matching action expert predicts chunks.", "flow-matching action expert", "flow matching"),
    ("Generation slows without beam-search caching.", "beam-search caching", "beam search"),
    ("Events come from a small language-model planner.", "language-model planner", "language models"),
    ("Mel-spectrogram reconstruction is lossy.", "Mel-spectrogram reconstruction", "mel spectrogram"),
])
def test_a_known_concept_written_as_a_compound_modifier_names_what_follows(nlp, text, label, known):
    found, _ = terms(nlp, text)
    assert label in found and known not in found, sorted(found)


@pytest.mark.parametrize("text, known", [
    ("We compare with a diffusion-policy baseline.", "diffusion policy"),  # a generic word: the known concept
    ("Flow-matching models generate images.", "flow matching"),
    ("Judges show self-preference inflating scores.", "self-preference bias"),  # an -ing word before a noun: a verb
    ("We collect fine-tuning datasets.", "fine-tuning"),  # the name itself has the hyphen
    ("The KV-cache size grows.", "KV cache"),  # a name in capitals
])
def test_a_compound_modifier_keeps_the_known_concept(nlp, text, known):
    found, _ = terms(nlp, text)
    assert known in found, sorted(found)


def test_a_kind_word_does_not_vouch_for_a_lone_word(nlp):
    found, _ = terms(nlp, "We study colorization tasks, using transfer methods, defense strategies and a "
                          "regularization technique.")
    assert "colorization" in found and not {"transfer", "defense", "regularization"} & set(found), sorted(found)


def test_a_name_may_end_in_what_is_an_adjective_elsewhere(nlp):
    found, _ = terms(nlp, "We evaluate on Arena-Hard and compare DV and MINE estimators.")
    assert {"Arena-Hard", "MINE estimators"} <= set(found), sorted(found)  # "mine" is a stop word in lower case


def test_a_name_in_capitals_may_spell_a_modifier(nlp):
    found, _ = terms(nlp, "We propose FUTURE, an unlearning algorithm for tree ensembles, for future work.")
    assert found["FUTURE"].role is Role.PROPOSES and "future work" not in found, sorted(found)


def test_an_adverb_before_what_a_cue_introduces_names_nothing(nlp):
    found, _ = terms(nlp, "This paper introduces a fundamentally different paradigm for agents.")
    assert not any(label.startswith("fundamentally") for label in found), sorted(found)


def test_the_kind_a_known_concept_is_introduced_with_is_not_proposed(nlp):
    found, _ = terms(nlp, "We introduce dropout, a regularization technique that removes units.")
    assert [label for label, t in found.items() if t.role is Role.PROPOSES] == ["dropout"], sorted(found)


def test_a_modifier_prefix_before_a_known_name_keeps_the_name(nlp):
    found, _ = terms(nlp, "We study non-Bayesian and multi-GPU setups with multi-LoRA.")
    assert sorted(found) == ["multi-LoRA"]


def test_latex_markup_around_a_name(nlp):
    found, _ = terms(nlp, r"We propose \textbf{FastKV}, built on \texttt{vLLM}. Accepted at ICLR 2025.")
    assert found["FastKV"].role is Role.PROPOSES, sorted(found)
    assert sorted(found) == ["FastKV", "vLLM"]  # a venue is not a concept


def test_latex_maths_around_a_name(nlp):
    found, _ = terms(nlp, r"To this end, we introduce $\textbf{UI-Simulator}$, a scalable paradigm.")
    assert sorted(found) == ["UI-Simulator"]
    assert found["UI-Simulator"].role is Role.PROPOSES and found["UI-Simulator"].type is NodeType.METHOD


def test_a_latex_non_breaking_space_is_a_space(nlp):
    found, _ = terms(nlp, r"Dice scores rise (BTCV:~84.64\%, Flare22:~92.43\%).")
    assert {"BTCV", "Flare22"} <= set(found) and not any("~" in label for label in found), sorted(found)


@pytest.mark.parametrize("text, verb", [("Despite gains, they face severe attacks from deepfakes.", "face"),
                                        ("We then leverage reward models here.", "leverage"),
                                        ("Programs often share little surface similarity.", "share"),
                                        ("We tune policies with RL, to master complex reasoning tasks.", "master")])
def test_the_word_after_a_subject_pronoun_a_frequency_adverb_or_an_infinitive_is_its_verb(nlp, text, verb):
    found, _ = terms(nlp, text)
    assert not any(label.split()[0] == verb for label in found), sorted(found)


@pytest.mark.parametrize("text, verb", [
    ("A primitive budgeting strategy controls the total number of primitives.", "controls"),
    ("We report two negative results: ZorbNet collapses when trained at high rates.", "collapses")])
def test_a_word_in_s_between_a_singular_noun_and_its_object_is_a_verb(nlp, text, verb):
    found, _ = terms(nlp, text)
    assert not any(verb in label.split() for label in found), sorted(found)


@pytest.mark.parametrize("text, label, named", [
    ("Diffusion transformers (DiT) are slow. We propose a new Zorb-Prompted DiT, which adds semantics.",
     "Zorb-Prompted DiT", True),
    ("Diffusion transformers (DiT) are slow. We also scale a Cascade DiT that grows its tokens.", "Cascade DiT", True),
    ("Reinforcement learning (RL) is costly. Efficient RL needs fewer samples.", "Efficient RL", False)])
def test_a_title_case_word_before_a_defined_short_form_names_a_variant_unless_it_evaluates(nlp, text, label, named):
    found, _ = terms(nlp, text)
    assert (label in found) is named, sorted(found)


def test_a_plural_after_a_preposition_stays_a_noun_before_an_object(nlp):
    found, _ = terms(nlp, "This has made aligning models with human preferences a critical challenge.")
    assert "human preferences" in found, sorted(found)


@pytest.mark.parametrize("text, label, node_type", [
    ("Questions follow Bloom's taxonomy of learning goals.", "Bloom's taxonomy", NodeType.METHOD),
    ("Patients with Alzheimer's disease were scanned.", "Alzheimer's disease", NodeType.PROBLEM),
    ("Raters agreed (Fleiss's kappa of 0.7).", "Fleiss's kappa", NodeType.METRIC),
    ("We term this principle RL's Razor: RL prefers nearby solutions.", "RL's Razor", NodeType.METHOD),  # a short form
    ("We study Congenital Heart Disease in infants.", "Congenital Heart Disease", NodeType.PROBLEM),  # title-cased
])
def test_named_conditions_and_eponyms_are_typed_by_their_head(nlp, text, label, node_type):
    found, _ = terms(nlp, text)
    assert found[label].type is node_type, sorted(found)


@pytest.mark.parametrize("text, label, node_type", [
    ("Models still struggle with Traffic Accident Detection in dashcam videos.", "Traffic Accident Detection",
     NodeType.PROBLEM),  # a task
    ("Agents for Vision-Language Navigation remain brittle.", "Vision-Language Navigation", NodeType.PROBLEM),
    ("We identify Affordance Collapse in robotic policies.", "Affordance Collapse", NodeType.PROBLEM),  # a fault
    ("Tuned models show Planning-Induced Misalignment.", "Planning-Induced Misalignment", NodeType.PROBLEM),
    ("Analysis reveals frequent Diagram Hallucination in answers.", "Diagram Hallucination", NodeType.PROBLEM),
    ("Solvers for the Flexible Job-Shop Scheduling Problem scale poorly.", "Flexible Job-Shop Scheduling Problem",
     NodeType.PROBLEM),
    ("We train with Adaptive Moment Estimation on all tasks.", "Adaptive Moment Estimation", NodeType.METHOD),
    ("We propose Contrastive Reward Alignment for agents.", "Contrastive Reward Alignment", NodeType.METHOD),
])
def test_a_title_cased_task_or_fault_stays_a_problem_and_other_title_cased_names_are_methods(nlp, text, label,
                                                                                              node_type):
    found, _ = terms(nlp, text)
    assert found[label].type is node_type, sorted(found)


@pytest.mark.parametrize("text", ["We report Anthropic's performance on GSM8K.",
                                  "We report the LLM's test accuracy on GSM8K."])
def test_a_possessive_is_no_eponym_without_its_head(nlp, text):
    found, _ = terms(nlp, text)
    assert not any("'s" in label for label in found), sorted(found)


def test_a_verb_in_ing_after_a_head_noun_ends_the_proposed_phrase(nlp):
    found, _ = terms(nlp, "Labels are scarce. We develop a two-stage AI model predicting pathological complete "
                          "response (pCR) in breast cancer.")
    assert found["two-stage AI model"].role is Role.PROPOSES, sorted(found)
    assert found["pathological complete response"].role is not Role.PROPOSES


def test_a_name_called_state_of_the_art_is_no_proposal(nlp):
    found, _ = terms(nlp, "We introduce two new attacks: (i) an adaptation of ZorbRA, a state-of-the-art attack "
                          "originally developed for classifiers, to forecasting, and (ii) a novel approach called "
                          "Deep Zorb Series (DZS) attack.")
    assert found["ZorbRA"].role is not Role.PROPOSES, sorted(found)
    assert found["Deep Zorb Series"].role is Role.PROPOSES
    assert not any(label.endswith("originally") for label in found)  # a trailing adverb ends a phrase


def test_a_name_others_made_is_no_proposal_when_it_outperforms(nlp):
    text = ("Unlike traditional Robotic Process Automation (RPA), AACU lets agents act from instructions. "
            "We compare RPA and AACU on workflows. Results indicate that RPA outperforms AACU in speed.")
    found, _ = terms(nlp, text)
    assert found["Robotic Process Automation"].role is not Role.PROPOSES, sorted(found)


def test_a_dangling_hyphen_ends_no_term(nlp):
    found, _ = terms(nlp, "We present two key optimizations- 1. batching and 2. caching, for workloads- Haystack RAG.")
    assert not any(name.endswith("-") for name in found), sorted(found)


def test_latex_markup_with_an_argument_around_a_name(nlp):
    found, _ = terms(nlp, r"This paper introduces \textcolor{magenta}{Ferrule}, a novel AI system. See "
                          r"\href{https://github.com/org/Ferrule}{org/Ferrule}.")
    assert sorted(found) == ["Ferrule"]  # the colour is markup; the link's text is an address
    assert found["Ferrule"].role is Role.PROPOSES and found["Ferrule"].type is NodeType.METHOD


@pytest.mark.parametrize("text", [
    "Models hallucinate facts. To address this, we propose",  # a feed's abstract cut short after its cue
    "In this paper we introduce", "We propose a", "Our method,", "We call this", "We introduce ZorbNet ("])
def test_an_abstract_ending_on_a_cue_is_extracted(nlp, text):
    nlp(text)  # used to raise IndexError, and the paper was dropped


def test_a_count_of_devices_or_a_frequency_is_no_name(nlp):
    found, _ = terms(nlp, "We train on a 4GPU node with 8GPUs at 3GHz.")
    assert not any(label[:1].isdigit() for label in found), sorted(found)


def test_a_list_after_a_cue_keeps_its_first_item(nlp):
    found, _ = terms(nlp, "We propose fine-tuning, pruning and distillation for small models.")
    assert "fine-tuning" in found, sorted(found)


def test_a_name_listed_after_a_proposed_phrase_is_not_its_name(nlp):
    found, _ = terms(nlp, "Retrieval is hard. Our analysis yields a simple zorb diagnostic, ZAB-30 or ZAB-40 agreeing.")
    assert found["zorb diagnostic"].role is Role.PROPOSES and found["ZAB-30"].role is not Role.PROPOSES, sorted(found)


def test_what_authors_explore_without_an_article_is_studied_not_proposed(nlp):
    found, _ = terms(nlp, "Scaling is costly. We explore data-efficient zorb distillation for small models.")
    assert all(t.role is not Role.PROPOSES for t in found.values()), sorted(found)


def test_our_approach_after_a_preposition_is_no_apposition(nlp):
    found, _ = terms(nlp, "We introduce dynamic zorb supervision. In our approach, the Execution Agent invokes the "
                          "Guard Agent at each step.")
    assert found["Execution Agent"].role is not Role.PROPOSES, sorted(found)
    found, _ = terms(nlp, "Our approach, ZorbAgent, invokes a guard at each step.")
    assert found["ZorbAgent"].role is Role.PROPOSES, sorted(found)
