"""The store commands of ``kg`` (``kg add``, ``kg remove``, ``kg export``): argument parsing and output only.

The work is :class:`kg.store.Store`'s; :func:`add_store_parsers` registers the
commands on ``kg``'s subparsers (called from :func:`kg.cli.make_parser`).
"""

from __future__ import annotations

import argparse
import os
import sys

__all__ = ["add_store_parsers", "jobs_count", "output_path", "progress_wanted"]


def jobs_count(text: str) -> int:
    """The value of --jobs: a whole number of processes, 1 or more."""
    try:
        n = int(text)
    except ValueError:
        n = 0
    if n < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: expected a number of processes, 1 or more")
    return n


def output_path(text: str) -> str:
    """The value of --out or --store: a path, not an empty string (which would mean the current folder)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("expected a path, got an empty string")
    return text


def progress_wanted(args) -> bool:
    """A progress bar only on an interactive stderr, never with --quiet or in CI."""
    if getattr(args, "quiet", False) or os.environ.get("CI"):
        return False
    return sys.stderr.isatty()


def cmd_add(args) -> int:
    from .store import Store
    update = Store(args.store).add(args.inputs, input_format=args.input_format, jobs=args.jobs,
                                   progress=progress_wanted(args))
    print(update.summary())
    if update.changed:
        print(f"wrote      {Store(args.store).dir / 'whats-new.md'}")
    return 0


def cmd_remove(args) -> int:
    from .store import Store
    update = Store(args.store).remove(args.paper, jobs=args.jobs, progress=progress_wanted(args))
    print(update.summary())
    print(f"wrote      {Store(args.store).dir / 'whats-new.md'}")
    return 0


def cmd_export(args) -> int:
    from .cli import _summary
    from .export import EXPORTERS, check_output_folder
    from .store import Store
    check_output_folder(args.out, tuple(EXPORTERS))  # before the rebuild
    graph = Store(args.store).graph(jobs=args.jobs, progress=progress_wanted(args))
    print(_summary(graph, graph.write(args.out, tuple(EXPORTERS))))
    return 0


def _common(p) -> None:
    p.add_argument("--store", required=True, type=output_path, metavar="DIR", help="the store folder")
    p.add_argument("--jobs", "-j", type=jobs_count, default=1, metavar="N", help="extract with N processes (default 1)")
    p.add_argument("--quiet", "-q", action="store_true", help="no progress bar")


def add_store_parsers(sub, input_format_arg) -> None:
    p = sub.add_parser("add", help="merge the papers of input files into a store; write DIR/whats-new.md")
    p.add_argument("inputs", nargs="+", metavar="FILE", help="input files (any format kg build reads)")
    _common(p)
    input_format_arg(p)
    p.set_defaults(func=cmd_add)
    p = sub.add_parser("remove", help="remove a paper from a store, and whatever only it supported")
    p.add_argument("paper", metavar="PAPER", help="the paper's id, arXiv id, DOI, IRI, title or label (any case)")
    _common(p)
    p.set_defaults(func=cmd_remove)
    p = sub.add_parser("export", help="write every export (ttl, nt, jsonld, json, html) of a store's graph")
    p.add_argument("--out", required=True, type=output_path, metavar="DIR", help="folder for the exports")
    _common(p)
    p.set_defaults(func=cmd_export)
