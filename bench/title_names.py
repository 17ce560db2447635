"""How often the extractor names a paper as its authors do, on any feed that has titles.

Usage: .venv/bin/python bench/title_names.py FILE... [--misses]

Many titles open with the name of what the paper proposes ("MiCRo: Mixture Modeling and …"). For every
paper whose title opens with such a name (one to three words before a colon, a single word or one written
like a name: "ReVeal", "VIKI-R", "L0") and whose abstract uses it, the extractor reads the abstract alone,
without the title, and the paper's label (what ``kg`` names the paper: its proposal, see
``kg.extract.paper_label``) is compared with the title's name, as ``kg evaluate`` compares names (case,
hyphens, plurals; a label may also be an alias of the name's concept). A silver standard: no annotator is
needed, so it can run on a day of arXiv, but a title may name something the abstract calls otherwise.
FILE is anything ``kg build`` reads that carries titles (JSON Lines, CSV, BibTeX, an arXiv Atom feed).
"""

from __future__ import annotations

import argparse
import re
from dataclasses import replace

from kg.errors import InputError
from kg.extract import extract
from kg.ingest import read_inputs
from kg.normalize import normalize_label
from kg.records import Role

_NAME_LIKE = re.compile(r"[a-z][A-Z]|[A-Z]{2}|\d|^[A-Z][a-z]+-[A-Z]")  # "ReVeal", "GRPO", "L0", "Vision-R1"


def title_name(title: str | None) -> str | None:
    """The name a title opens with ("MiCRo: Mixture Modeling …" → "MiCRo"), or None."""
    if not title or ":" not in title:
        return None
    head = title.split(":", 1)[0].strip()
    words = head.split()
    if len(words) == 1 or 1 < len(words) <= 3 and any(_NAME_LIKE.search(w) for w in words):
        return head
    return None


def score(papers) -> tuple[int, int, int, list]:
    """(papers with a title name, labels that agree, names among the proposals, the disagreements)."""
    named = [(p, title_name(p.title)) for p in papers]
    named = [(p, name) for p, name in named if name and normalize_label(name) in normalize_label(p.abstract)]
    extraction = extract([replace(p, title=None) for p, _ in named])
    by_paper: dict[str, list] = {}
    for m in extraction.mentions:
        by_paper.setdefault(m.paper_id, []).append(m)
    labels = {p.id: p.label for p in extraction.papers}
    agree = proposed = 0
    misses = []
    for paper, name in named:
        key, label = normalize_label(name), labels.get(paper.id, "")
        mentions = by_paper.get(paper.id, [])
        same_concept = any(normalize_label(label) in {normalize_label(n) for n in (m.label, *m.aliases)}
                           and key in {normalize_label(n) for n in (m.label, *m.aliases)} for m in mentions)
        agree += normalize_label(label) == key or same_concept
        proposed += any(key in {normalize_label(n) for n in (m.label, *m.aliases)}
                        for m in mentions if m.role is Role.PROPOSES)
        if not (normalize_label(label) == key or same_concept):
            misses.append((name, label, paper.id))
    return len(named), agree, proposed, misses


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", metavar="FILE")
    parser.add_argument("--misses", action="store_true", help="list the papers whose label differs")
    args = parser.parse_args(argv)
    try:
        papers = read_inputs(args.files)
    except InputError as exc:
        raise SystemExit(f"title_names: {exc}") from None  # one line, exit status 1
    n, agree, proposed, misses = score(papers)
    print(f"{len(papers)} papers, {n} with a title that opens with a name the abstract uses")
    if n:
        print(f"label agrees with the title's name: {agree} ({agree / n:.3f})")
        print(f"the name is among the proposals:    {proposed} ({proposed / n:.3f})")
    if args.misses:
        for name, label, paper_id in misses:
            print(f"  {paper_id}: title names {name!r}, label {label!r}")


if __name__ == "__main__":
    main()
