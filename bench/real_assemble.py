"""Rebuild a real set's abstracts.txt from copies fetched again, checking every copy against the gold's hash.

Usage: .venv/bin/python bench/real_assemble.py --copies DIR SET [SET ...] [--root bench/real]

For abstract N of SET (its line in SET/sources.jsonl names where it was read), DIR/SET holds one copy, in
whichever form was easiest to take from the listing without retyping escapes:

- N.txt: the text as a reader sees it (a Markdown listing's paragraph, without its label or quote mark);
- N.json: the JSON string literal exactly as the .json listing stores it, with its double quotes;
- N.py: the Python string literal exactly as a papers.jsonl line (a Python dict) stores it, with its quotes.

A set whose 12 copies all match their hashes gets SET/abstracts.txt (a header line, then one abstract per
paragraph, in index order); otherwise each missing or differing copy is named and nothing is written.
The exit code is 1 when any set is left unwritten.
"""

from __future__ import annotations

import argparse
import ast
import json
import sys
from pathlib import Path

from kg.ingest import text_hash

ROOT = Path(__file__).resolve().parent / "real"
DECODERS = {".txt": lambda raw: raw, ".json": lambda raw: json.loads(raw.strip()),
            ".py": lambda raw: ast.literal_eval(raw.strip())}


def read_copy(folder: Path, index: int) -> str | None:
    """The abstract text of copy *index* in *folder*, decoded; None when there is no copy."""
    for suffix, decode in DECODERS.items():
        path = folder / f"{index}{suffix}"
        if path.exists():
            return decode(path.read_text(encoding="utf-8"))
    return None


def check_set(root: Path, copies: Path, name: str) -> list[str]:
    """Problems of the copies of set *name* (empty when all match); writes its abstracts.txt when none."""
    sources = [json.loads(line) for line in (root / name / "sources.jsonl").read_text(encoding="utf-8").splitlines()
               if line.strip()]
    texts, problems = [], []
    for source in sorted(sources, key=lambda s: s["index"]):
        index = source["index"]
        try:
            text = read_copy(copies / name, index)
        except (ValueError, SyntaxError) as exc:  # not UTF-8, or not a literal
            problems.append(f"{index}: cannot be read ({exc})")
            continue
        if text is None:
            problems.append(f"{index}: no copy")
        elif not isinstance(text, str):
            problems.append(f"{index}: the literal is not a string")
        elif not text_hash(text).startswith(source["sha"]):
            problems.append(f"{index}: text differs from the gold's ({source['arxiv']})")
        else:
            texts.append(" ".join(text.split()))
    if not problems:
        body = "\n\n".join(texts)
        target = root / name / "abstracts.txt"
        partial = target.with_suffix(".tmp")
        partial.write_text(f"Real abstracts, set {name}\n\n{body}\n", encoding="utf-8")
        partial.replace(target)
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sets", nargs="+", metavar="SET")
    parser.add_argument("--copies", type=Path, required=True, help="the folder with one sub-folder of copies per set")
    parser.add_argument("--root", type=Path, default=ROOT, help="the folder of the sets")
    args = parser.parse_args(argv)
    unwritten = 0
    for name in args.sets:
        if not (args.root / name / "sources.jsonl").exists():
            print(f"{name}: no such set ({args.root / name / 'sources.jsonl'} is missing)")
            unwritten += 1
            continue
        problems = check_set(args.root, args.copies, name)
        print(f"{name}: " + ("all copies match; abstracts.txt written" if not problems else "; ".join(problems)))
        unwritten += bool(problems)
    return 1 if unwritten else 0


if __name__ == "__main__":
    sys.exit(main())
