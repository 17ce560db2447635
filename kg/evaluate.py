"""Evaluation of the extractor against the project's gold annotations (tests/gold/).

Document-level matching: a predicted concept (an entity linked to the paper)
matches a gold concept when any of their names agree after normalization
(case, hyphens, plurals, aliases). Precision counts predictions matching any
gold concept, core or optional; recall counts core gold concepts found.
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from .errors import InputError
from .ingest import read_inputs, text_hash
from .normalize import normalize_label
from .records import ENTITY_TYPES, NodeType

__all__ = ["GoldDoc", "load_gold", "load_split", "evaluate", "agreement", "format_report", "Scores"]


@dataclass(frozen=True)
class GoldDoc:
    index: int
    sha: str
    proposes: tuple[str, ...]
    concepts: tuple[dict, ...]


@dataclass
class Scores:
    """Counts for one part of the gold, and the errors behind them."""

    docs: int = 0
    predicted: int = 0
    correct: int = 0
    correct_typed: int = 0
    core: int = 0
    found: int = 0
    found_typed: int = 0
    proposed_docs: int = 0
    proposed_right: int = 0
    duplicates: int = 0
    by_type: dict = field(default_factory=lambda: defaultdict(lambda: [0, 0, 0, 0]))  # pred, right, core, found
    misses: list = field(default_factory=list)
    false_positives: list = field(default_factory=list)

    @staticmethod
    def _f1(p: float, r: float) -> float:
        return 2 * p * r / (p + r) if p + r else 0.0

    def figures(self) -> dict:
        p = self.correct / self.predicted if self.predicted else 0.0
        r = self.found / self.core if self.core else 0.0
        pt = self.correct_typed / self.predicted if self.predicted else 0.0
        rt = self.found_typed / self.core if self.core else 0.0
        return {"docs": self.docs, "precision": p, "recall": r, "f1": self._f1(p, r),
                "typed_precision": pt, "typed_recall": rt, "typed_f1": self._f1(pt, rt),
                "proposed_name_accuracy": self.proposed_right / self.proposed_docs if self.proposed_docs else 0.0,
                "duplicates": self.duplicates,
                "per_type": {t: {"precision": v[1] / v[0] if v[0] else 0.0, "recall": v[3] / v[2] if v[2] else 0.0,
                                 "predicted": v[0], "core": v[2]} for t, v in sorted(self.by_type.items())}}


def load_gold(directory, hint: str = "run from the repository root or give --gold DIR") -> list[GoldDoc]:
    """Every gold abstract in *directory*/*.jsonl, by index (*hint*: what to do when there is none)."""
    docs = []
    for path in sorted(Path(directory).glob("*.jsonl")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.strip():
                try:
                    d = json.loads(line)
                    docs.append(GoldDoc(d["index"], d["sha"], tuple(d["proposes"]), tuple(d["concepts"])))
                except (ValueError, KeyError) as exc:
                    raise InputError(f"{path}:{n}: not a gold record ({exc})") from exc
    if not docs:
        raise InputError(f"{directory}: no gold annotations (*.jsonl); {hint}")
    return sorted(docs, key=lambda d: d.index)


def load_split(directory) -> dict[str, list[int]]:
    """The fixed development/test split (split.json beside the gold files)."""
    path = Path(directory) / "split.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return {"dev": [int(i) for i in data["dev"]], "test": [int(i) for i in data["test"]]}
    except OSError as exc:
        raise InputError(f"{path}: cannot read the development/test split ({exc.strerror})") from exc
    except (ValueError, KeyError, TypeError) as exc:
        raise InputError(f"{path}: not a split (a JSON object with lists 'dev' and 'test' of abstract indices)") from exc


def _forms(*names) -> set[str]:
    return {normalize_label(n) for n in names if n}


def _predicted(graph, paper_iri: str) -> list[tuple[set[str], str, str]]:
    out = []
    for _, entity in sorted(set(graph.out_edges(paper_iri))):
        data = graph.nodes[entity]
        out.append((_forms(data["label"], *data["aliases"]), data["type"], data["label"]))
    return out


def _annotated(doc: GoldDoc) -> list[tuple[set[str], str, str]]:
    """A second annotator's concepts of *doc*, in the shape of ``_predicted``."""
    return [(_forms(c["name"], *c.get("aliases", ())), c["type"], c["name"]) for c in doc.concepts]


def _score_doc(scores: Scores, gold: GoldDoc, predicted: list[tuple[set[str], str, str]], label: str) -> None:
    """Add to *scores* the *predicted* concepts (names, type, label) of one abstract, *label* naming the paper."""
    concepts = [(_forms(c["name"], *c.get("aliases", ())), c) for c in gold.concepts]
    scores.docs += 1
    for forms, node_type, name in predicted:
        hits = [c for cf, c in concepts if cf & forms]
        scores.predicted += 1
        scores.by_type[node_type][0] += 1
        if hits:
            scores.correct += 1
            typed = any(c["type"] == node_type for c in hits)
            scores.correct_typed += typed
            scores.by_type[node_type][1] += typed
        else:
            scores.false_positives.append((gold.index, name, node_type))
    for forms, concept in concepts:
        if not concept.get("core", True):
            continue
        hits = [(f, t) for f, t, _ in predicted if f & forms]
        scores.core += 1
        scores.by_type[concept["type"]][2] += 1
        scores.duplicates += len(hits) > 1
        if hits:
            scores.found += 1
            typed = any(t == concept["type"] for _, t in hits)
            scores.found_typed += typed
            scores.by_type[concept["type"]][3] += typed
        else:
            scores.misses.append((gold.index, concept["name"], concept["type"]))
    if gold.proposes:
        proposed = set().union(*(f for f, c in concepts if c["role"] == "proposes")) | _forms(*gold.proposes)
        scores.proposed_docs += 1
        label_forms = {normalize_label(label)}
        for forms, _, _ in predicted:
            if normalize_label(label) in forms:
                label_forms |= forms  # the label names this entity: any of its names counts
        scores.proposed_right += bool(label_forms & proposed)


def evaluate(corpus, gold_dir, learned: bool = True) -> dict[str, Scores]:
    """Scores of the graph built from *corpus* against the gold in *gold_dir*, per part (dev, test, all); of the
    rules alone if not *learned* (text the span models were trained on is scored that way)."""
    from .api import _build
    from .graph import paper_iri
    papers = read_inputs([corpus])
    gold = load_gold(gold_dir)
    split = load_split(gold_dir)
    for doc in gold:
        if doc.index >= len(papers) or text_hash(papers[doc.index].abstract)[:12] != doc.sha:
            raise InputError(f"{corpus}: abstract {doc.index} does not match the gold annotation's hash")
    graph = _build(papers, "https://w3id.org/litkg/id/", learned=learned).graph
    parts = {"dev": Scores(), "test": Scores(), "all": Scores()}
    for doc in gold:
        iri = paper_iri(papers[doc.index].id)
        label = graph.nodes[iri]["label"]
        part = "test" if doc.index in split["test"] else "dev"
        for name in (part, "all"):
            _score_doc(parts[name], doc, _predicted(graph, iri), label)
    return parts


def agreement(gold_dir, other_dir) -> dict[str, Scores]:
    """Scores of a second annotator's gold (*other_dir*) against the gold in *gold_dir*, as if it were the
    extractor, on the abstracts both annotated: how far two annotators agree, the ceiling of any extractor.
    The other annotator's first proposed name stands for the paper's label; without a split.json beside the
    gold, only the "all" part is scored."""
    gold = load_gold(gold_dir)
    split = load_split(gold_dir) if (Path(gold_dir) / "split.json").exists() else {"dev": [], "test": []}
    others = {doc.index: doc for doc in load_gold(other_dir, hint="give the folder of the second annotator's *.jsonl")}
    parts = {"dev": Scores(), "test": Scores(), "all": Scores()}
    for doc in gold:
        other = others.get(doc.index)
        if other is None:
            continue
        if other.sha != doc.sha:
            raise InputError(f"{other_dir}: abstract {doc.index} has another hash than in {gold_dir}")
        part = "test" if doc.index in split["test"] else "dev" if doc.index in split["dev"] else None
        for name in filter(None, (part, "all")):
            _score_doc(parts[name], doc, _annotated(other), other.proposes[0] if other.proposes else "")
    if not parts["all"].docs:
        raise InputError(f"{other_dir}: no abstract in common with {gold_dir}")
    return parts


def format_report(parts: dict[str, Scores], *, errors: str | None = None) -> str:
    """A text report of the figures; with *errors* = a part name, its misses and false positives too."""
    lines = [f"{'part':<6}{'docs':>5}{'P':>7}{'R':>7}{'F1':>7}{'typedP':>8}{'typedR':>8}{'typedF1':>9}{'proposed':>10}{'dups':>6}"]
    for name, scores in parts.items():
        f = scores.figures()
        lines.append(f"{name:<6}{f['docs']:>5}{f['precision']:>7.3f}{f['recall']:>7.3f}{f['f1']:>7.3f}"
                     f"{f['typed_precision']:>8.3f}{f['typed_recall']:>8.3f}{f['typed_f1']:>9.3f}"
                     f"{f['proposed_name_accuracy']:>10.3f}{f['duplicates']:>6}")
    for name, scores in parts.items():
        per = scores.figures()["per_type"]
        lines.append(f"{name} per type: " + "; ".join(
            f"{t} P={v['precision']:.2f} R={v['recall']:.2f}" for t, v in per.items()))
    if errors:
        scores = parts[errors]
        lines.append(f"\nmisses ({errors}):")
        lines += [f"  [{i}] {name} ({t})" for i, name, t in scores.misses]
        lines.append(f"\nfalse positives ({errors}):")
        lines += [f"  [{i}] {name} ({t})" for i, name, t in scores.false_positives]
    return "\n".join(lines)
