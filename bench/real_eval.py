"""The real sets of bench/real/ scored by role: concepts (as `kg evaluate`) and reported results (as results_eval).

Usage: .venv/bin/python bench/real_eval.py [--errors] [--rules-only] [--root bench/real]

Each role of bench/real/roles.json (the development ones, the span models' training data since session 43, and the
held-out ones) is scored micro over its sets whose texts were fetched (SET/abstracts.txt, see bench/real/README.md);
a set without its text is named and left out. --rules-only scores the rules without the span models. --errors lists
the misses and false positives of the development sets only: the held-out sets' errors are never shown.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

import results_eval
from kg.evaluate import Scores, evaluate
from kg.nlp import default_pipeline

ROOT = Path(__file__).resolve().parent / "real"
_COUNTS = ("docs", "predicted", "correct", "correct_typed", "core", "found", "found_typed", "proposed_docs",
           "proposed_right", "duplicates")


def add(total: Scores, part: Scores, name: str) -> None:
    """Add the counts and errors of *part* (the set *name*) to *total*."""
    for key in _COUNTS:
        setattr(total, key, getattr(total, key) + getattr(part, key))
    total.misses += [(f"{name}:{i}", concept, t) for i, concept, t in part.misses]
    total.false_positives += [(f"{name}:{i}", label, t) for i, label, t in part.false_positives]


def score_role(root: Path, sets: list[str], nlp, learned: bool = True) -> tuple[Scores, Counter, list[str]]:
    """(concept scores, results counts, sets left out for want of their text) of *sets*."""
    concepts, results, missing = Scores(), Counter(), []
    for name in sets:
        folder = root / name
        if not (folder / "abstracts.txt").exists():
            missing.append(name)
            continue
        add(concepts, evaluate(folder / "abstracts.txt", folder / "gold", learned=learned)["all"], name)
        if (folder / "results.jsonl").exists():
            results += results_eval.score(folder / "abstracts.txt", folder / "results.jsonl", nlp=nlp)
    return concepts, results, missing


def report(role: str, concepts: Scores, results: Counter, missing: list[str]) -> None:
    f = concepts.figures()
    print(f"== {role}: {f['docs']} abstracts" + (f" (not fetched: {' '.join(missing)})" if missing else ""))
    if f["docs"]:
        print(f"concepts: P {f['precision']:.3f}  R {f['recall']:.3f}  F1 {f['f1']:.3f}  typed F1 "
              f"{f['typed_f1']:.3f}  proposed {concepts.proposed_right} of {concepts.proposed_docs}")
    if results["docs"]:
        results_eval.report(results)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=ROOT, help="the folder of the sets and roles.json")
    parser.add_argument("--errors", action="store_true", help="list the development sets' misses and false positives (never the held-out ones)")
    parser.add_argument("--rules-only", action="store_true",
                        help="without the span models, whose training data the development roles are")
    args = parser.parse_args()
    roles = json.loads((args.root / "roles.json").read_text(encoding="utf-8"))
    nlp = default_pipeline(learned=not args.rules_only)  # the one kg evaluate builds its graphs with
    for role, sets in roles.items():
        concepts, results, missing = score_role(args.root, sets, nlp, learned=not args.rules_only)
        report(role, concepts, results, missing)
        if args.errors and not role.startswith("held out"):  # "held out, session 42" too
            print("\n".join([f"  miss {where} {name} ({t})" for where, name, t in concepts.misses]
                            + [f"  false positive {where} {name} ({t})" for where, name, t in concepts.false_positives]))


if __name__ == "__main__":
    main()
