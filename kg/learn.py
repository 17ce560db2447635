"""Train the span models of ``kg_learned`` on the project's development gold.

Usage (from the repository, after the real sets' texts are fetched, bench/real/README.md):

    .venv/bin/python -m kg.learn [--out kg/models] [--seeds 0 1 2]

The training data are the development parts only: the team-written sets (bench/fresh/roles.json), the corpus's
development part (tests/gold/split.json; the corpus is read from ../shared) and the real development sets (every
role of bench/real/roles.json whose name starts with "development"). Every mention of a gold concept's name or
alias is one span, labelled with its type.
One model is trained per seed with kg/models/spans.cfg (about 4 minutes each on two cores).
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import tempfile
from pathlib import Path

import spacy
from spacy.tokens import DocBin

from .evaluate import load_gold, load_split
from .ingest import read_inputs

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus" / "daily_papers.txt"
CONFIG = Path(__file__).resolve().parent / "models" / "spans.cfg"


def _development(folder: str) -> list[tuple[Path, Path, None]]:
    """The sets of every role of *folder*/roles.json whose name starts with "development", in the file's order."""
    roles = json.loads((ROOT / "bench" / folder / "roles.json").read_text(encoding="utf-8"))
    names = [name for role, sets in roles.items() if role.startswith("development") for name in sets]
    return [(ROOT / "bench" / folder / name / "abstracts.txt", ROOT / "bench" / folder / name / "gold", None)
            for name in names]


def development_sets(corpus: Path) -> list[tuple[Path, Path, set[int] | None]]:
    """(abstracts, gold folder, indices to keep or None for all) of every development set, in a fixed order."""
    corpus_part = (corpus, ROOT / "tests" / "gold", set(load_split(ROOT / "tests" / "gold")["dev"]))
    return [*_development("fresh"), corpus_part, *_development("real")]


def gold_spans(text: str, concepts: list[dict]) -> list[tuple[int, int, str]]:
    """Every mention of the concepts' names and aliases in *text* (a plural too, any hyphen or space between words),
    the longest first where two overlap, as (start char, end char, type)."""
    found = []
    for concept in concepts:
        for form in (concept["name"], *concept.get("aliases", ())):
            if len(form) < 2:
                continue
            pattern = re.escape(form).replace(r"\-", "[- ]?").replace(r"\ ", r"[\s-]+")
            for match in re.finditer(r"(?<![\w-])" + pattern + r"(s|es)?(?![\w-])", text, re.I):
                found.append((match.start(), match.end(), concept["type"]))
    found.sort(key=lambda s: (s[0] - s[1], s[0]))
    taken: list[tuple[int, int, str]] = []
    for start, end, type_name in found:
        if not any(start < e and s < end for s, e, _ in taken):
            taken.append((start, end, type_name))
    return sorted(taken)


def training_docs(nlp, sets) -> DocBin:
    """The abstracts of *sets* as Docs whose entities are their gold spans."""
    docs = DocBin()
    for abstracts, gold, keep in sets:
        papers = read_inputs([abstracts])
        for entry in load_gold(gold):
            if keep is not None and entry.index not in keep:
                continue
            text = papers[entry.index].abstract
            doc = nlp.make_doc(text)
            ents = []
            for start, end, type_name in gold_spans(text, entry.concepts):
                span = doc.char_span(start, end, label=type_name, alignment_mode="expand")
                if span is not None and not any(span.start < e.end and e.start < span.end for e in ents):
                    ents.append(span)
            doc.ents = ents
            docs.add(doc)
    return docs


def train(out: Path, seeds: list[int], corpus: Path = CORPUS) -> None:
    """Train one model per seed into *out*/spans-SEED, replacing what is there only once all are trained."""
    from spacy.cli.train import train as spacy_train
    sets = development_sets(corpus)
    missing = [str(a) for a, _, _ in sets if not a.exists()]
    if missing:
        raise SystemExit(f"{missing[0]}: missing, and {len(missing) - 1} more sets' abstracts.txt; fetch them first "
                         "(bench/real/README.md)")
    with tempfile.TemporaryDirectory() as tmp:
        nlp = spacy.blank("en")
        training_docs(nlp, sets).to_disk(Path(tmp) / "train.spacy")
        training_docs(nlp, sets[-1:]).to_disk(Path(tmp) / "watch.spacy")  # progress shown on the last set
        for seed in seeds:
            spacy_train(CONFIG, Path(tmp) / f"spans-{seed}", overrides={
                "paths.train": str(Path(tmp) / "train.spacy"), "paths.dev": str(Path(tmp) / "watch.spacy"),
                "system.seed": seed, "training.seed": seed})
        for seed in seeds:
            target = out / f"spans-{seed}"
            shutil.rmtree(target, ignore_errors=True)
            shutil.copytree(Path(tmp) / f"spans-{seed}" / "model-last", target)
            config = target / "config.cfg"  # its training paths named the temporary folder
            config.write_text(config.read_text(encoding="utf-8").replace(f"{tmp}/", ""), encoding="utf-8")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m kg.learn", description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=CONFIG.parent, help="where the spans-SEED models go")
    parser.add_argument("--seeds", type=int, nargs="+", default=[0, 1, 2])
    parser.add_argument("--corpus", type=Path, default=CORPUS, help="the annotated corpus (default ../shared/corpus)")
    args = parser.parse_args(argv)
    train(args.out, args.seeds, args.corpus)


if __name__ == "__main__":
    main()
