"""The ``kg`` command: a thin layer over the library (parse arguments, call, format, map errors to exit codes)."""

from __future__ import annotations

import argparse
import functools
import logging
import os
import re
import signal
import sys
import threading
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
    roles = sorted(roles.items(), key=lambda kv: (-kv[1], kv[0]))  # ties by name, not edge order (a loaded graph has another)
    lines = [f"papers     {papers}",
             "nodes      " + ", ".join(f"{n} {t}" for t, n in sorted(counts.items(), key=lambda kv: -kv[1])),
             f"edges      {graph.graph.number_of_edges()} (" + ", ".join(f"{n} {r}" for r, n in roles) + ")"]
    problems = graph.entities("Problem")[:5]
    if problems:
        lines.append("top problems   " + "; ".join(f"{p['label']} ({len(p['papers'])})" for p in problems))
    for path in out_paths:
        lines.append(f"wrote      {path}")
    return "\n".join(lines)


def _rdf_formats(text: str) -> tuple[str, ...]:
    from .export import RDF_EXPORTS
    formats = tuple(f.strip() for f in text.split(",") if f.strip())
    unknown = [f for f in formats if f not in RDF_EXPORTS]
    if unknown or not formats:
        raise InputError(f"--format {text!r}: expected a comma-separated list of {', '.join(RDF_EXPORTS)}")
    return formats


def _base_iri(text: str) -> str:
    from .api import BASE_IRI
    if not BASE_IRI.fullmatch(text):
        raise InputError(f"--base {text!r}: expected an absolute IRI ending in / or #, e.g. https://example.org/id/")
    return text


def _input_format_arg(p) -> None:
    from .ingest import INPUT_FORMATS
    p.add_argument("--input-format", "--format-in", dest="input_format", choices=list(INPUT_FORMATS), metavar="FORMAT",
                   help="read every input as FORMAT (" + ", ".join(INPUT_FORMATS) + ") instead of detecting it")


def cmd_build(args) -> int:
    from .api import build
    from .export import check_output_folder, export_names
    names = export_names(_rdf_formats(args.format))
    base = _base_iri(args.base)
    check_output_folder(args.out, names, [*args.inputs, *([args.merges] if args.merges else [])])  # before extracting
    from .cli_store import progress_wanted
    graph = build(args.inputs, base=base, merges=args.merges, input_format=args.input_format, jobs=args.jobs,
                  progress=progress_wanted(args), learned=not args.rules_only)
    for paper, reason in graph.failed:
        print(f"kg: warning: {paper.source}: paper {paper.id} skipped ({reason})", file=sys.stderr)
    print(_summary(graph, graph.write(args.out, names)))
    return 0


def _list_queries() -> str:
    from .query import named_queries
    queries = named_queries()
    width = max((len(q.name) for q in queries), default=0)
    lines = []
    for q in queries:
        lines.append(f"{q.name.ljust(width)}  {q.description}")
        lines += [f"{''.ljust(width)}    --param {name}=…  {what}" for name, what in q.params]
    return "\n".join(lines)


def cmd_query(args) -> int:
    from .errors import QueryError
    from .query import format_result, load_graph, named_query, run_query
    if args.list:
        if args.file or args.sparql or args.named or args.param:
            raise InputError("--list lists the named queries and runs none: give it alone (kg query --list)")
        print(_list_queries())
        return 0
    bindings = {}
    for name, value in map(_param, args.param):
        if name in bindings:
            raise InputError(f"--param {name} is given twice ({bindings[name]!r} and {value!r}); give it once")
        bindings[name] = value
    if args.graph and args.sparql is None and re.search(r"\b(SELECT|ASK|CONSTRUCT|DESCRIBE)\b|\{", args.graph, re.I):
        raise InputError("the query was given where the graph file goes: kg query GRAPH.ttl 'SELECT …'")
    if sum(map(bool, (args.file, args.sparql, args.named))) > 1:
        raise InputError("give one query: the text, --file or --named")
    if args.named:
        query = named_query(args.named)
        query.check(bindings)
        sparql = query.text
    elif args.file:
        from .ingest import read_text_file
        if not Path(args.file).exists():
            raise InputError(f"{args.file}: no such query file")
        if Path(args.file).is_dir():
            raise InputError(f"{args.file}: is a directory; give the query file (.rq) in it")
        sparql = read_text_file(args.file)
    elif args.sparql:
        sparql = args.sparql
    else:
        raise InputError("give a SPARQL query as an argument, with --file or with --named (kg query --list)")
    if args.graph is None:
        raise InputError("give the graph file to query (graph.ttl, graph.nt or graph.jsonld)")
    graph = load_graph(args.graph, args.engine)
    try:
        result = run_query(graph, sparql, bindings)
    except QueryError as exc:
        if not args.file:
            raise
        raise QueryError(f"{args.file}: {exc}") from exc  # which file holds the bad query, as for every input
    print(format_result(result, args.format))
    return 0


def _param(text: str) -> tuple[str, str]:
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise InputError(f"--param {text!r}: expected NAME=VALUE")
    return name, value


def cmd_stats(args) -> int:
    from .api import load
    if not Path(args.graph).exists():
        raise InputError(f"{args.graph}: no such graph file (make one with: kg build INPUT... --out DIR)")
    graph = load(args.graph)
    print(_summary(graph))
    for node_type in ("Method", "Model", "Benchmark", "Metric"):
        top = graph.entities(node_type)[:5]
        if top:
            print(f"top {node_type.lower()}s ".ljust(15) + "; ".join(f"{e['label']} ({len(e['papers'])})" for e in top))
    return 0


def cmd_evaluate(args) -> int:
    from .evaluate import agreement, evaluate, format_report
    if args.annotator and args.rules_only:
        raise InputError("--rules-only scores the extractor; --annotator scores a second annotator instead")
    parts = (agreement(args.gold, args.annotator) if args.annotator
             else evaluate(args.corpus, args.gold, learned=not args.rules_only))
    shown = {name: parts[name] for name in ("dev", "test", "all") if parts[name].docs}  # a gold set may be all test
    print(format_report(shown, errors=args.errors))
    return 0


def cmd_view(args) -> int:
    """Write the HTML page of one node's neighbourhood (NODE given by IRI or name)."""
    from .api import load
    from .export import check_output_folder
    from .export.html import neighbourhood, write_html
    if not Path(args.graph).exists():
        raise InputError(f"{args.graph}: no such graph file (make one with: kg build INPUT... --out DIR)")
    if args.depth < 0:
        raise InputError(f"--depth {args.depth}: expected 0 or more hops")
    out = Path(args.out)
    if out.suffix.lower() not in (".html", ".htm"):  # not the graph it reads, or any other file by mistake
        raise InputError(f"--out {args.out}: kg view writes an HTML page; give a file ending in .html")
    check_output_folder(out.parent, names=(out.name,))
    graph = load(args.graph)
    try:
        node = graph.find(args.node)
    except KeyError as exc:
        raise InputError(f"{args.node!r}: no node with this IRI, name or alias in {args.graph}{_hint(exc)}") from None
    view = neighbourhood(graph.graph, node, depth=args.depth)
    label = graph.graph.nodes[node].get("label") or node
    papers = sum(1 for _, t in view.nodes(data="type") if t == "Paper")
    hops = f"{args.depth} hop{'' if args.depth == 1 else 's'}"
    path = write_html(view, args.out, title=f"litkg · {label} · {hops}, {papers} paper{'' if papers == 1 else 's'}")
    print(f"wrote      {path} ({_plural(view.number_of_nodes(), 'node')}, {_plural(view.number_of_edges(), 'edge')} "
          f"within {hops} of {label})")
    return 0


# --------------------------------------------------------------- exploring a built graph (kg/analysis.py)


def _load_graph(path):
    """The graph of an export, parsed once per file version (the exploring commands never modify it)."""
    p = Path(path)
    try:
        stat = p.stat()
    except OSError:
        stat = None
    return _load_cached(str(path), (str(p.resolve()), stat and (stat.st_mtime_ns, stat.st_size)))


@functools.lru_cache(maxsize=4)
def _load_cached(path: str, version):
    """*version*: the file's real path, modification time and size (messages name *path* as given)."""
    from .api import load
    return load(path).graph


def _lookup(fn, G, name: str, graph):
    """``fn(G, name)``; a name it does not know is an InputError that also names the *graph* file searched."""
    try:
        return fn(G, name)
    except KeyError as exc:
        raise InputError(f"{exc.args[0] if exc.args else exc} in {graph}{_hint(exc)}") from exc


def _hint(exc: KeyError) -> str:
    """" (did you mean …?)" when the failed lookup *exc* (a NotFoundError) has a suggestion, else ""."""
    return f" ({exc.hint})" if getattr(exc, "hint", "") else ""


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _count(text: str) -> int:
    """The value of --top / -n: how many to list, 0 or more."""
    try:
        n = int(text)
    except ValueError:
        n = -1
    if n < 0:
        raise argparse.ArgumentTypeError(f"{text!r}: expected a number, 0 or more")
    return n


def _brief(sentence: str | None, width: int = 160) -> str:
    if not sentence:
        return ""
    return sentence if len(sentence) <= width else sentence[:width - 1] + "…"


def cmd_related(args) -> int:
    from .analysis import find_paper, related
    G = _load_graph(args.graph)
    paper = _lookup(find_paper, G, args.paper, args.graph)
    print(f"papers related to {G.nodes[paper]['label']} (shared concepts, rarest first)")
    found = related(G, paper, top=args.top)
    for other, score, shared in found:
        names = ", ".join(G.nodes[e]["label"] for e in shared[:4]) + (" …" if len(shared) > 4 else "")
        print(f"{score:6.2f}  {G.nodes[other]['label']}  [{names}]")
    if not found:
        print("(none: no other paper shares a concept with it)" if args.top else "(none asked for: --top 0)")
    return 0


def cmd_themes(args) -> int:
    from .analysis import themes
    if not args.resolution > 0:
        raise InputError(f"--resolution {args.resolution}: expected a number above 0")
    G = _load_graph(args.graph)
    found = themes(G, seed=args.seed, resolution=args.resolution)
    if not found:
        print("no themes: no group of two or more concepts that two or more papers share "
              "(a lower --resolution makes larger groups)")
    for n, theme in enumerate(found, 1):
        print(f"{n:2}. {theme['name']}  ({_plural(len(theme['papers']), 'paper')}, "
              f"{_plural(len(theme['entities']), 'concept')})")
        if args.papers:
            for p in theme["papers"]:
                print(f"      {G.nodes[p]['label']}")
    return 0


def cmd_top(args) -> int:
    from .analysis import top_entities
    G = _load_graph(args.graph)
    found = top_entities(G, args.type, n=args.n)
    for entity, count in found:
        print(f"{count:4}  {G.nodes[entity]['label']}" + ("" if args.type else f"  ({G.nodes[entity]['type']})"))
    if not found:
        print(f"(none: no {args.type or 'concept'} in the graph)" if args.n else "(none asked for: -n 0)")
    return 0


def cmd_path(args) -> int:
    from .analysis import connection, find_node
    G = _load_graph(args.graph)
    a, b = _lookup(find_node, G, args.a, args.graph), _lookup(find_node, G, args.b, args.graph)
    try:
        steps = connection(G, a, b)
    except KGError:
        print(f"no connection between {G.nodes[a]['label']} and {G.nodes[b]['label']}")
        return 1
    print(f"{G.nodes[a]['label']} → {G.nodes[b]['label']}: {_plural(len(steps), 'step')}")
    for step in steps:
        u, v = G.nodes[step["from"]], G.nodes[step["to"]]
        print(f"  {u['label']} ({u['type']}) —{step['relation']}→ {v['label']} ({v['type']})")
        if step["sentence"] and not args.no_evidence:
            print(f"      “{_brief(step['sentence'])}”")
    return 0


def cmd_show(args) -> int:
    from .analysis import describe, find_node
    G = _load_graph(args.graph)
    card = describe(G, _lookup(find_node, G, args.entity, args.graph))
    label = lambda n: G.nodes[n]["label"]  # noqa: E731
    print(f"{card['label']}  ({card['type']})  {card['iri']}")
    if card["aliases"]:
        print("aliases    " + "; ".join(card["aliases"]))
    for name in ("broader", "narrower"):
        if card[name]:
            print(f"{name:<10} " + "; ".join(label(n) for n in card[name]))
    if card["merges"]:
        print("merged")
        for m in card["merges"]:
            print(f"  {m['rule']:<16} {' | '.join(m['forms'])}  ({len(m['papers'])} paper{'s' * (len(m['papers']) != 1)})")
    if card["papers"]:
        print("papers")
        for role, ps in card["papers"].items():
            names = "; ".join(label(p) for p in ps[:args.n]) + (" …" if 0 < args.n < len(ps) else "")
            print(f"  {role:<12} {len(ps):3}  {names}".rstrip())
    for title, rels in (("relations", card["relations"]), ("inverse", card["inverse_relations"])):
        for rel, ns in rels.items():
            print(f"{title:<10} {rel}: " + "; ".join(label(n) for n in ns))
    return 0


def _explore_parsers(sub) -> None:
    def graph_arg(p):
        p.add_argument("--graph", default="exports/graph.ttl", metavar="GRAPH.ttl",
                       help="the graph to read (default exports/graph.ttl)")

    p = sub.add_parser("related", help="papers related to a paper through rare shared concepts")
    p.add_argument("paper", metavar="PAPER", help="a paper label or IRI, or the name of what it proposes")
    p.add_argument("--top", type=_count, default=10, metavar="N", help="how many papers to list (default 10)")
    graph_arg(p)
    p.set_defaults(func=cmd_related)
    p = sub.add_parser("themes", help="themes of the corpus (Louvain communities of co-occurring concepts)")
    p.add_argument("--seed", type=int, default=42, help="seed of the community detection (default 42)")
    p.add_argument("--resolution", type=float, default=1.0, help="higher → more, smaller themes (default 1)")
    p.add_argument("--papers", action="store_true", help="list each theme's papers")
    graph_arg(p)
    p.set_defaults(func=cmd_themes)
    p = sub.add_parser("top", help="concepts linked to most papers")
    p.add_argument("--type", type=str.capitalize, choices=["Method", "Problem", "Model", "Benchmark", "Metric"],
                   help="rank concepts of this type only (default: all types)")
    p.add_argument("-n", type=_count, default=10, metavar="N", help="how many to list (default 10)")
    graph_arg(p)
    p.set_defaults(func=cmd_top)
    p = sub.add_parser("path", help="how two papers or concepts connect, with the evidence sentences")
    p.add_argument("a", metavar="A", help="a paper or concept: label, alias or IRI")
    p.add_argument("b", metavar="B", help="another paper or concept")
    p.add_argument("--no-evidence", action="store_true", help="labels only, no sentences")
    graph_arg(p)
    p.set_defaults(func=cmd_path)
    p = sub.add_parser("show", help="one concept: names, merge decisions, papers by role, hierarchy, relations")
    p.add_argument("entity", metavar="ENTITY", help="a label, alias or IRI")
    p.add_argument("-n", type=_count, default=8, metavar="N", help="papers listed per role (default 8)")
    graph_arg(p)
    p.set_defaults(func=cmd_show)


def make_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="kg", description="Paper abstracts → knowledge graph (RDF, HTML, JSON).")
    parser.add_argument("--version", action="version", version=f"kg {__version__}")
    parser.add_argument("-v", "--verbose", action="store_true", help="log what each stage does")
    sub = parser.add_subparsers(dest="command", required=True)

    from .cli_store import jobs_count, output_path
    p = sub.add_parser("build", help="build the graph of abstract files")
    p.add_argument("inputs", nargs="+", metavar="INPUT",
                   help="input files: Daily Papers text, .json, .jsonl, .csv, .tsv, .bib, .atom (format from extension and content)")
    p.add_argument("--out", required=True, type=output_path, metavar="DIR",
                   help="folder for graph.ttl, graph.html, graph.json")
    _input_format_arg(p)
    p.add_argument("--jobs", "-j", type=jobs_count, default=1, metavar="N", help="extract with N processes (default 1)")
    p.add_argument("--quiet", "-q", action="store_true", help="no progress bar (there is none when stderr is not a terminal or CI is set)")
    p.add_argument("--format", default="ttl", metavar="ttl,nt,jsonld",
                   help="RDF formats to write, comma-separated: ttl (graph.ttl), nt (graph.nt), jsonld (graph.jsonld); "
                        "default ttl")
    p.add_argument("--base", default="https://w3id.org/litkg/id/",
                   help="base IRI of papers and entities (default https://w3id.org/litkg/id/)")
    p.add_argument("--merges", metavar="FILE", help="forced merges and splits of concepts (TSV or JSON, see docs/resolution.md)")
    p.add_argument("--rules-only", action="store_true",
                   help="extract without the span models: about 30 times faster, less accurate (docs/extraction.md)")
    p.set_defaults(func=cmd_build)

    p = sub.add_parser("query", help="run SPARQL over a graph export (.ttl, .nt or .jsonld)")
    p.add_argument("graph", metavar="GRAPH.ttl", nargs="?", help="the graph export to query (.ttl, .nt or .jsonld)")
    p.add_argument("sparql", nargs="?", help="the query text (prefixes kg:, rdfs:, rdf:, skos:, dcterms:, schema:, prov:, xsd: "
                   "are predeclared)")
    p.add_argument("--file", metavar="Q.rq", help="read the query from a file")
    p.add_argument("--param", action="append", default=[], metavar="NAME=VALUE",
                   help="bind ?NAME to VALUE (an IRI if it starts with http:// or https://, else a literal)")
    p.add_argument("--format", choices=["table", "csv", "tsv", "json", "turtle"], default="table",
                   help="table, csv, tsv or json; turtle for the triples of a CONSTRUCT or DESCRIBE query")
    p.add_argument("--named", metavar="NAME", help="run the named query queries/NAME.rq (see --list)")
    p.add_argument("--list", action="store_true", help="list the named queries and their parameters")
    p.add_argument("--engine", choices=["oxigraph", "rdflib"], default="oxigraph",
                   help="SPARQL engine: oxigraph (fast, default) or rdflib (the reference)")
    p.set_defaults(func=cmd_query)

    p = sub.add_parser("stats", help="summarise a graph export (.ttl, .nt or .jsonld)")
    p.add_argument("graph", metavar="GRAPH.ttl", nargs="?", default="exports/graph.ttl",
                   help="the graph export to summarise (default exports/graph.ttl)")
    p.set_defaults(func=cmd_stats)
    p = sub.add_parser("evaluate", help="score the extractor against the gold annotations")
    p.add_argument("--corpus", default="../shared/corpus/daily_papers.txt",
                   help="the annotated corpus (default ../shared/corpus/daily_papers.txt)")
    p.add_argument("--gold", default="tests/gold", help="folder of gold *.jsonl and split.json (default tests/gold)")
    p.add_argument("--errors", choices=["dev", "test", "all"], help="also list misses and false positives of a part")
    p.add_argument("--annotator", metavar="DIR", help="score a second annotator's gold *.jsonl (same abstracts) "
                   "instead of the extractor: the agreement of two annotators")
    p.add_argument("--rules-only", action="store_true",
                   help="score the rules without the span models (for gold the models were trained on)")
    p.set_defaults(func=cmd_evaluate)

    p = sub.add_parser("view", help="write the HTML page of one node's neighbourhood")
    p.add_argument("node", metavar="NODE", help="an IRI, or a name or alias (entities before papers)")
    p.add_argument("--depth", type=int, default=1, metavar="N", help="hops from NODE, either direction (default 1)")
    p.add_argument("--out", required=True, type=output_path, metavar="FILE.html", help="the HTML file to write")
    p.add_argument("--graph", default="exports/graph.ttl", metavar="GRAPH.ttl",
                   help="the graph to read (default exports/graph.ttl)")
    p.set_defaults(func=cmd_view)
    _explore_parsers(sub)
    from .cli_store import add_store_parsers  # kg add / remove / export (kg/store.py)
    add_store_parsers(sub, _input_format_arg)
    for command in sub.choices.values():  # "kg build … -v" as well as "kg -v build …"
        command.add_argument("-v", "--verbose", action="store_true", default=argparse.SUPPRESS,
                             help="log what each stage does")
    return parser


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised where the program is, like Ctrl-C."""


def _terminate(signum, frame):
    raise Terminated


def main(argv=None) -> int:
    parser = make_parser()
    args, extra = parser.parse_known_args(argv)
    # argparse cannot take the query text after an option ("kg query G --param k=v 'SELECT …'")
    if extra and args.command == "query" and args.sparql is None and len(extra) == 1 and not extra[0].startswith("-"):
        args.sparql, extra = extra[0], []
    if extra:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    for level in (logging.INFO, logging.WARNING, logging.ERROR):  # "kg: warning: …", as the CLI's own messages
        logging.addLevelName(level, logging.getLevelName(level).lower())
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING, format="kg: %(levelname)s: %(message)s")
    logging.getLogger("rdflib").setLevel(logging.ERROR)  # its warnings carry tracebacks; kg's errors say it
    # "kill": unwind, so that no temporary file is left behind (handlers can be set in the main thread only)
    in_main_thread = threading.current_thread() is threading.main_thread()
    on_term = signal.signal(signal.SIGTERM, _terminate) if in_main_thread else None
    try:
        return args.func(args)
    except KGError as exc:
        print(f"kg: error: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt as exc:
        print("kg: interrupted", file=sys.stderr)
        return 128 + (signal.SIGTERM if isinstance(exc, Terminated) else signal.SIGINT)
    except BrokenPipeError:  # "kg query … | head" closed the pipe: not an error
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no second error at exit
        return 0
    except OSError as exc:  # the disk, not the input: full, read-only, gone
        place = f" {exc.filename}" if exc.filename else ""
        print(f"kg: error: cannot read or write{place}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    finally:
        if in_main_thread:
            signal.signal(signal.SIGTERM, on_term)


if __name__ == "__main__":
    sys.exit(main())
