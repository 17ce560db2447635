"""Extraction speed: the kg_ pipeline against spaCy's tokenizer alone, on the same abstracts, in one run.

Usage: .venv/bin/python bench/extract_bench.py [CORPUS] [--repeat N] [--stages]
Prints words per second for each and the cost ratio (target: extraction ≤ 3× the tokenizer), for the default
pipeline and for the rules alone (without kg_learned, whose span models cost most);
--stages adds each component's time (best of N, each over all Docs in turn).
The extractor caches decisions per distinct word and piece (as the tokenizer caches its
splits), so its first run over the corpus is reported too: later runs find them cached.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from kg.ingest import read_inputs
from kg.nlp import build_pipeline

DEFAULT_CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "daily_papers.txt"


def best_time(fn, texts, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        for text in texts:
            fn(text)
        times.append(time.perf_counter() - start)
    return min(times)


def stage_times(nlp, texts, repeat: int) -> dict[str, float]:
    """Best time of each component over all Docs (the token table is built by the first one that reads it)."""
    best = {}
    for _ in range(repeat):
        docs = [nlp.make_doc(t) for t in texts]
        for name, proc in nlp.pipeline:
            start = time.perf_counter()
            docs = [proc(d) for d in docs]
            best[name] = min(best.get(name, float("inf")), time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", nargs="?", default=str(DEFAULT_CORPUS))
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--stages", action="store_true", help="also time each component")
    args = parser.parse_args()
    texts = [p.abstract for p in read_inputs([args.corpus])]
    nlp = build_pipeline()
    nlp(texts[0])  # warm up: matcher patterns, lazy tables
    words = sum(len(t.split()) for t in texts)
    tokenizer = best_time(nlp.make_doc, texts, args.repeat)
    first = best_time(nlp, texts, 1)  # the extractor's per-word caches are still cold
    full = best_time(nlp, texts, args.repeat)
    rules = build_pipeline(learned=False)
    rules(texts[0])
    rules_only = best_time(rules, texts, args.repeat)
    print(f"corpus: {len(texts)} abstracts, {words} words; best of {args.repeat} runs")
    print(f"{'stage':<22}{'seconds':>10}{'words/s':>12}")
    print(f"{'tokenizer only':<22}{tokenizer:>10.4f}{words / tokenizer:>12,.0f}")
    print(f"{'kg_ pipeline, 1st run':<22}{first:>10.4f}{words / first:>12,.0f}")
    print(f"{'kg_ pipeline':<22}{full:>10.4f}{words / full:>12,.0f}")
    print(f"{'rules only':<22}{rules_only:>10.4f}{words / rules_only:>12,.0f}")
    print(f"ratio pipeline / tokenizer: {full / tokenizer:.2f}x (target <= 3x); 1st run {first / tokenizer:.2f}x; "
          f"rules only {rules_only / tokenizer:.2f}x")
    if args.stages:
        stages = stage_times(nlp, texts, args.repeat)
        print("per component: " + ", ".join(f"{name} {t:.4f}" for name, t in stages.items()))


if __name__ == "__main__":
    main()
