"""The ``kg`` command: a thin layer over the library (parse arguments, call, format, map errors to exit codes)."""

from __future__ import annotations

import argparse
import logging
import sys
from collections import Counter
from pathlib import Path

from . import __version__
from .errors import InputError, KGError

__all__ = ["main"]

log = logging.getLogger("kg")


def _summary(graph, out_paths=()) -> str:
    counts = graph.counts()
    papers = counts.pop("Paper", 0)
    roles = Counter(k for _, _, k in graph.graph.edges(keys=True))
    lines = [f"papers     {papers}",
             "nodes      " + ", ".join(f"{n} {t}" for t, n in sorted(counts.items(), key=lambda kv: -kv[1])),
             f"edges      {graph.graph.number_of_edges()} (" + ", ".join(f"{n} {r}" for r, n in roles.most_common()) + ")"]
    problems = graph.entities("Problem")[:5]
    if problems:
        lines.append("top problems   " + "; ".join(f"{p['label']} ({len(p['papers'])})" for p in problems))
    for path in out_paths:
        lines.append(f"wrote      {path}")
    return "\n".join(lines)


def cmd_build(args) -> int:
    from .api import build
    graph = build(args.inputs, base=args.base)
    for paper, reason in graph.failed:
        print(f"kg: warning: {paper.source}: paper {paper.id} skipped ({reason})", file=sys.stderr)
    print(_summary(graph, graph.write(args.out)))
    return 0


def cmd_query(args) -> int:
    from .query import format_result, load_store, run_query
    if args.file:
        sparql = Path(args.file).read_text(encoding="utf-8") if Path(args.file).is_file() else None
        if sparql is None:
            raise InputError(f"{args.file}: no such query file")
    elif args.sparql:
        sparql = args.sparql
    else:
        raise InputError("give a SPARQL query as an argument or with --file")
    bindings = dict(_param(p) for p in args.param)
    print(format_result(run_query(load_store(args.graph), sparql, bindings), args.format))
    return 0


def _param(text: str) -> tuple[str, str]:
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise InputError(f"--param {text!r}: expected NAME=VALUE")
    return name, value


def cmd_stats(args) -> int:
    from .api import load
    graph = load(args.graph)
    print(_summary(graph))
    for node_type in ("Method", "Model", "Benchmark", "Metric"):
        top = graph.entities(node_type)[:5]
        if top:
            print(f"top {node_type.lower()}s ".ljust(15) + "; ".join(f"{e['label']} ({len(e['papers'])})" for e in top))
    return 0


def cmd_evaluate(args) -> int:
    from .evaluate import evaluate, format_report
    parts = evaluate(args.corpus, args.gold)
    shown = {name: parts[name] for name in ("dev", "test", "all")}
    print(format_report(shown, errors=args.errors))
    return 0


def cmd_view(args) -> int:
    """Write the HTML page of one node's neighbourhood (NODE given by IRI or name)."""
    from .api import load
    from .export.html import neighbourhood, write_html
    if not Path(args.graph).exists():
        raise InputError(f"{args.graph}: no such graph file (make one with: kg build INPUT... --out DIR)")
    if args.depth < 0:
        raise InputError(f"--depth {args.depth}: expected 0 or more hops")
    graph = load(args.graph)
    try:
        node = graph.find(args.node)
    except KeyError:
        raise InputError(f"{args.node!r}: no node with this IRI, name or alias in {args.graph}") from None
    view = neighbourhood(graph.graph, node, depth=args.depth)
    label = graph.graph.nodes[node].get("label") or node
    papers = sum(1 for _, t in view.nodes(data="type") if t == "Paper")
    hops = f"{args.depth} hop{'' if args.depth == 1 else 's'}"
    path = write_html(view, args.out, title=f"litkg · {label} · {hops}, {papers} paper{'' if papers == 1 else 's'}")
    print(f"wrote      {path} ({view.number_of_nodes()} nodes, {view.number_of_edges()} edges within {hops} of {label})")
    return 0


def make_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="kg", description="Paper abstracts → knowledge graph (RDF, HTML, JSON).")
    parser.add_argument("--version", action="version", version=f"kg {__version__}")
    parser.add_argument("-v", "--verbose", action="store_true", help="log what each stage does")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("build", help="build the graph of abstract files")
    p.add_argument("inputs", nargs="+", metavar="INPUT", help="Daily Papers text files (one abstract per paragraph)")
    p.add_argument("--out", required=True, metavar="DIR", help="folder for graph.ttl, graph.html, graph.json")
    p.add_argument("--base", default="https://w3id.org/litkg/id/", help="base IRI of papers and entities")
    p.set_defaults(func=cmd_build)

    p = sub.add_parser("query", help="run SPARQL over a graph.ttl export")
    p.add_argument("graph", metavar="GRAPH.ttl")
    p.add_argument("sparql", nargs="?", help="the query text (prefixes kg:, rdfs:, skos:, dcterms:, schema: are predeclared)")
    p.add_argument("--file", metavar="Q.rq", help="read the query from a file")
    p.add_argument("--param", action="append", default=[], metavar="NAME=VALUE",
                   help="bind ?NAME to VALUE (an IRI if it starts with http, else a literal)")
    p.add_argument("--format", choices=["table", "csv", "tsv", "json"], default="table")
    p.set_defaults(func=cmd_query)

    p = sub.add_parser("stats", help="summarise a graph.ttl export")
    p.add_argument("graph", metavar="GRAPH.ttl")
    p.set_defaults(func=cmd_stats)
    p = sub.add_parser("evaluate", help="score the extractor against the gold annotations")
    p.add_argument("--corpus", default="../shared/corpus/daily_papers.txt", help="the annotated corpus")
    p.add_argument("--gold", default="tests/gold", help="folder of gold *.jsonl and split.json")
    p.add_argument("--errors", choices=["dev", "test", "all"], help="also list misses and false positives of a part")
    p.set_defaults(func=cmd_evaluate)

    p = sub.add_parser("view", help="write the HTML page of one node's neighbourhood")
    p.add_argument("node", metavar="NODE", help="an IRI, or a name or alias (entities before papers)")
    p.add_argument("--depth", type=int, default=1, metavar="N", help="hops from NODE, either direction (default 1)")
    p.add_argument("--out", required=True, metavar="FILE", help="the HTML file to write")
    p.add_argument("--graph", default="exports/graph.ttl", metavar="GRAPH.ttl",
                   help="the graph to read (default exports/graph.ttl)")
    p.set_defaults(func=cmd_view)
    return parser


def main(argv=None) -> int:
    parser = make_parser()
    args, extra = parser.parse_known_args(argv)
    # argparse cannot take the query text after an option ("kg query G --param k=v 'SELECT …'")
    if extra and args.command == "query" and args.sparql is None and len(extra) == 1 and not extra[0].startswith("-"):
        args.sparql, extra = extra[0], []
    if extra:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING, format="kg: %(levelname)s: %(message)s")
    try:
        return args.func(args)
    except KGError as exc:
        print(f"kg: error: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("kg: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
