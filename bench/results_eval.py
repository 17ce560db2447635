"""Reported results (value, metric, benchmark) against the gold of bench/results/gold.jsonl.

Usage: .venv/bin/python bench/results_eval.py [CORPUS] [--gold FILE] [--part dev|test]

Per abstract, a predicted value matches a gold value with the same number (sign and unit aside:
annotators copy a figure with or without them); precision is over predicted values, recall over the gold
values the annotator was sure of (a prediction of an unsure one is not counted wrong). Of the matched
values, the metric and the benchmark agree when both are absent or when the gold name is one of the
names of the predicted concept (label or alias, normalized as ``kg evaluate`` does, a known name in its
lexicon form).
"""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter
from pathlib import Path

from kg.evaluate import load_split
from kg.ingest import read_inputs, text_hash
from kg.nlp import build_pipeline
from kg.nlp.rules import lexicon_index
from kg.normalize import normalize_label

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_CORPUS = ROOT.parent / "shared" / "corpus" / "daily_papers.txt"
DEFAULT_GOLD = ROOT / "bench" / "results" / "gold.jsonl"


def value_key(value: str) -> str:
    """The number of a value, without sign or unit: "−0.07" = "-0.07" = "0.07"; "6.9 points" = "6.9"; "3.7x" = "3.7"
    (annotators copy a figure with or without its unit; two figures of one abstract rarely share a number)."""
    number = _NUMBER.search(value)
    return number.group(0) if number else value.strip().lower()


_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")


def names_of(doc, label: str | None) -> set[str]:
    """The names of the concept *label* in *doc* (its label and aliases), each normalized and in its lexicon
    form ("WER" is "word error rate")."""
    if label is None:
        return set()
    names = {label}
    for term in doc._.kg_terms or []:
        if term.label == label:
            names.update(term.aliases)
    return {known_form(n) for n in names}


def known_form(name: str) -> str:
    """*name* normalized, as the lexicon labels it if it knows it."""
    key = normalize_label(name)
    known = lexicon_index().get(key)
    return normalize_label(known[0]) if known else key


def agrees(gold: str | None, names: set[str]) -> bool:
    return not names if gold is None else known_form(gold) in names


def score(corpus: Path, gold_file: Path, indices=None, nlp=None) -> Counter:
    """Counts of the gold and predicted results of the abstracts of *gold_file* (those of *indices*, if given);
    *nlp*: a pipeline to reuse."""
    papers = read_inputs([corpus])
    nlp = nlp or build_pipeline()
    counts = Counter()
    try:
        lines = gold_file.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise SystemExit(f"{gold_file}: cannot read the results gold ({exc.strerror})") from exc
    for line in lines:
        record = json.loads(line)
        if indices is not None and record["index"] not in indices:
            continue
        abstract = papers[record["index"]].abstract
        if text_hash(abstract)[:12] != record["sha"]:
            raise SystemExit(f"{gold_file}: abstract {record['index']} does not match its hash")
        doc = nlp(abstract)
        sure = [r for r in record["results"] if r.get("sure", True)]
        unsure = Counter(value_key(r["value"]) for r in record["results"] if not r.get("sure", True))
        open_gold = {}  # value key → the gold records not matched yet
        for r in sure:
            open_gold.setdefault(value_key(r["value"]), []).append(r)
        counts["docs"] += 1
        counts["gold"] += len(sure)
        for predicted in doc._.kg_results:
            counts["predicted"] += 1
            key = value_key(predicted["value"])
            if open_gold.get(key):
                gold = open_gold[key].pop(0)
                counts["matched"] += 1
                metric = agrees(gold["metric"], names_of(doc, predicted["metric"]))
                benchmark = agrees(gold["benchmark"], names_of(doc, predicted["benchmark"]))
                counts["metric"] += metric
                counts["benchmark"] += benchmark
                counts["whole"] += metric and benchmark
            elif unsure[key]:
                unsure[key] -= 1
                counts["unsure"] += 1
    return counts


def figures(c: Counter) -> dict[str, float]:
    """Precision, recall and F1 of the values, and of whole records (value, metric and benchmark right)."""
    counted = c["predicted"] - c["unsure"]  # predictions of values the annotator was unsure of are not judged
    def share(part: int, whole: int) -> float:
        return part / whole if whole else 0.0

    f = {"precision": share(c["matched"], counted), "recall": share(c["matched"], c["gold"]),
         "whole_precision": share(c["whole"], counted), "whole_recall": share(c["whole"], c["gold"])}
    p, r = f["precision"], f["recall"]
    f["f1"] = 2 * p * r / (p + r) if p + r else 0.0
    return f


def report(c: Counter) -> None:
    f = figures(c)
    print(f"abstracts {c['docs']}, gold results {c['gold']} (sure), predicted {c['predicted']} "
          f"({c['unsure']} of values the annotator was unsure of)")
    print(f"values:  matched {c['matched']}  P {f['precision']:.3f}  R {f['recall']:.3f}  F1 {f['f1']:.3f}")
    if c["matched"]:
        print(f"of the matched values: metric agrees {c['metric'] / c['matched']:.3f}, benchmark agrees "
              f"{c['benchmark'] / c['matched']:.3f}, both {c['whole'] / c['matched']:.3f}")
    print(f"whole records (value, metric and benchmark right): "
          f"P {f['whole_precision']:.3f}  R {f['whole_recall']:.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", nargs="?", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--gold", type=Path, default=DEFAULT_GOLD)
    parser.add_argument("--part", choices=["dev", "test"], help="only the corpus's development or test part "
                        "(tests/gold/split.json)")
    args = parser.parse_args()
    indices = set(load_split(ROOT / "tests" / "gold")[args.part]) if args.part else None
    report(score(args.corpus, args.gold, indices))


if __name__ == "__main__":
    main()
