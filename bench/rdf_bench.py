"""SPARQL engines on a synthetic export of about 1M triples: rdflib (the reference) vs Oxigraph (the fast path).

The synthetic graph is shaped like a real litkg build — papers with abstracts, entities of the five
types with aliases, paper→entity edges with their evidence (sentence, offsets, anchor text), exported
by litkg's own N-Triples exporter (``kg build --format nt``: ``kg.rdf.add_triples``, so mentions,
statements, support and the build activity are there too). N-Triples because rdflib's Turtle
serializer grows faster than linearly (52k triples: 9 s, 205k: 77 s on the 2-CPU VM); the Turtle
copy the bench also parses is re-serialized from it by Oxigraph (which writes derived integer types
such as xsd:nonNegativeInteger as plain integers). Entity names come from the project's own lexicon (``kg/lexicon/*.jsonl``); abstracts are
sentences assembled from a few templates around those names. No corpus text is used.

One run measures, for each engine, loading the N-Triples and the Turtle file the way ``kg query``
does (``kg.query.load_graph``, timed once) and three named queries (median of 5 runs) (``queries/*.rq``), checks that both engines
return the same rows, and prints a table with the ratios.

    .venv/bin/python bench/rdf_bench.py [--triples 1000000] [--regenerate]
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import statistics
import sys
import time
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from kg import __version__  # noqa: E402
from rdflib.namespace import DCTERMS, PROV, RDF, RDFS, SKOS, XSD  # noqa: E402

from kg.export import atomic_write, write_ntriples  # noqa: E402
from kg.graph import DEFAULT_BASE, node_iri, paper_iri  # noqa: E402
from kg.normalize import normalize_label  # noqa: E402
from kg.query import load_graph, named_query, run_query  # noqa: E402
from kg.rdf import to_rdf  # noqa: E402
from kg.records import NodeType  # noqa: E402

OUT = ROOT / "bench" / "out"
LEXICON = ROOT / "kg" / "lexicon"
FILES = {NodeType.METHOD: "methods.jsonl", NodeType.PROBLEM: "problems.jsonl", NodeType.MODEL: "models.jsonl",
         NodeType.BENCHMARK: "benchmarks.jsonl", NodeType.METRIC: "metrics.jsonl"}
# (role, entity type, how many per paper): about the mix of the real corpus build
PLAN = [("proposes", NodeType.METHOD, (1, 1)), ("addresses", NodeType.PROBLEM, (2, 4)),
        ("uses", NodeType.METHOD, (3, 6)), ("uses", NodeType.MODEL, (1, 3)),
        ("evaluatesOn", NodeType.BENCHMARK, (0, 2)), ("uses", NodeType.METRIC, (1, 2)),
        ("mentions", NodeType.PROBLEM, (0, 1))]
TEMPLATES = {
    "proposes": ["We propose {}, a simple approach.", "This paper introduces {}.", "{} is our main contribution."],
    "addresses": ["A central difficulty is {}.", "We study {} in detail.", "Our approach mitigates {}."],
    "uses": ["The method builds on {}.", "We rely on {} throughout.", "Results are reported with {}."],
    "evaluatesOn": ["Experiments on {} confirm the gains.", "We evaluate on {}."],
    "mentions": ["Related work also considers {}."],
}
REPEAT = 5  # query runs per engine; the table shows the median (parsing is timed once)
QUERIES = [("most-used-benchmarks", {}), ("problems-by-papers", {}), ("papers-addressing-problem", None)]


def lexicon() -> dict[NodeType, list[dict]]:
    entries = {}
    for node_type, name in FILES.items():
        lines = (LEXICON / name).read_text(encoding="utf-8").splitlines()
        entries[node_type] = [json.loads(line) for line in lines if line.strip()]
    return entries


def synthetic_graph(n_papers: int, seed: int = 7) -> nx.MultiDiGraph:
    """A MultiDiGraph with the schema of kg/graph.py; popular entities follow a Zipf-like law."""
    rng = random.Random(seed)
    lex = lexicon()
    G = nx.MultiDiGraph(base=DEFAULT_BASE, provenance={"software": "litkg", "version": __version__,
                                                      "inputs": [{"name": "synthetic.txt", "sha256": "0" * 64}],
                                                      "time": None})
    iris = {}
    for node_type, entries in lex.items():
        iris[node_type] = []
        for entry in entries:
            iri = node_iri(node_type, normalize_label(entry["label"]))
            if iri in G:
                continue
            G.add_node(iri, type=node_type.value, label=entry["label"], aliases=sorted(entry.get("aliases", [])),
                       papers=[])
            iris[node_type].append(iri)
    weights = {t: [1 / (rank + 1) for rank in range(len(v))] for t, v in iris.items()}
    for n in range(n_papers):
        paper = paper_iri(f"{n:016x}")
        picks = []
        for role, node_type, (low, high) in PLAN:
            if role == "proposes":  # a new method per paper, named from the lexicon
                base = rng.choice(lex[NodeType.METHOD])["label"]
                name = "".join(w[0].upper() for w in base.split() if w)[:6] + f"-{n}"
                iri = node_iri(NodeType.METHOD, normalize_label(name))
                G.add_node(iri, type="Method", label=name, aliases=[], papers=[])
                picks.append((role, iri))
                continue
            for iri in set(rng.choices(iris[node_type], weights[node_type], k=rng.randint(low, high))):
                picks.append((role, iri))
        text, evidence = "", {}
        for role, iri in picks:
            for _ in range(rng.choice((1, 1, 2))):
                template = rng.choice(TEMPLATES[role])
                label = G.nodes[iri]["label"]
                sentence = template.format(label)
                start = len(text) + (len(" ") if text else 0) + template.index("{}")
                text += (" " if text else "") + sentence
                evidence.setdefault((role, iri), []).append(
                    {"sentence": sentence, "start": start, "end": start + len(label), "text": label})
        G.add_node(paper, type="Paper", label=G.nodes[picks[0][1]]["label"], abstract=text, urls=[], results=[])
        for (role, iri), items in evidence.items():
            G.add_edge(paper, iri, key=role, role=role, paper=paper, evidence=items)
            G.nodes[iri]["papers"].append(paper)
    for node in [n for n, d in G.nodes(data=True) if d["type"] != "Paper" and not d["papers"]]:
        G.remove_node(node)
    for _, data in G.nodes(data=True):
        if "papers" in data:
            data["papers"] = sorted(set(data["papers"]))
    return G


def generate(path: Path, target: int) -> int:
    """Write the synthetic export with about *target* triples as ``kg build --format nt`` writes graph.nt,
    and a Turtle copy (same stem, .ttl) re-serialized by Oxigraph."""
    import pyoxigraph as ox
    probe = len(to_rdf(synthetic_graph(200)))
    n_papers = max(50, round(200 * target / probe))
    G = synthetic_graph(n_papers)
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(path, lambda tmp: write_ntriples(G, tmp))
    store = ox.Store()
    store.bulk_load(path=str(path), format=ox.RdfFormat.N_TRIPLES)
    prefixes = {"kg": "https://w3id.org/litkg/ontology#", "id": DEFAULT_BASE, "rdf": str(RDF), "rdfs": str(RDFS),
                "xsd": str(XSD), "skos": str(SKOS), "dcterms": str(DCTERMS), "prov": str(PROV)}
    atomic_write(path.with_suffix(".ttl"), lambda tmp: store.dump(str(tmp), format=ox.RdfFormat.TURTLE,
                                                                   from_graph=ox.DefaultGraph(), prefixes=prefixes))
    print(f"generated {path} and its .ttl ({n_papers:,} papers)", file=sys.stderr)
    return n_papers


def timed(fn):
    gc.collect()
    start = time.perf_counter()
    value = fn()
    return value, time.perf_counter() - start


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--triples", type=int, default=1_000_000)
    parser.add_argument("--regenerate", action="store_true")
    args = parser.parse_args(argv)
    path = OUT / f"synthetic-{args.triples}.nt"
    if args.regenerate or not path.exists() or not path.with_suffix(".ttl").exists():
        generate(path, args.triples)

    results, stores = {}, {}
    warm = OUT / "warm-up.ttl"  # parser plugins and SPARQL grammars initialised before anything is timed
    warm.write_text("<urn:a> <urn:b> <urn:c> .\n", encoding="utf-8")
    for engine in ("rdflib", "oxigraph"):
        run_query(load_graph(warm, engine), "ASK { ?s ?p ?o }")
    for engine in ("rdflib", "oxigraph"):  # Turtle first, dropped, then N-Triples (kept for the queries)
        loaded, seconds = timed(lambda: load_graph(path.with_suffix(".ttl"), engine))
        results[("load-ttl", engine)] = seconds
        del loaded
        stores[engine], seconds = timed(lambda: load_graph(path, engine))
        results[("load-nt", engine)] = seconds
    n = len(stores["rdflib"])
    print(f"{path.name}: {n:,} triples, {path.stat().st_size / 1e6:.0f} MB of N-Triples, "
          f"{path.with_suffix('.ttl').stat().st_size / 1e6:.0f} MB of Turtle", file=sys.stderr)
    # the parameter of papers-addressing-problem: the most addressed problem's label
    top = run_query(stores["oxigraph"], named_query("problems-by-papers").text).rows[0][1]
    for name, params in QUERIES:
        params = {"problem": top} if params is None else params
        text = named_query(name).text
        out = {}
        for engine in ("rdflib", "oxigraph"):
            runs = [timed(lambda: run_query(stores[engine], text, params)) for _ in range(REPEAT)]
            out[engine] = runs[0][0]
            results[(name, engine)] = statistics.median(seconds for _, seconds in runs)
        assert out["rdflib"] == out["oxigraph"], f"{name}: the engines disagree"
        results[(name, "rows")] = len(out["oxigraph"].rows)

    steps = ["load-nt", "load-ttl"] + [name for name, _ in QUERIES]
    labels = {"load-nt": "parse N-Triples", "load-ttl": "parse Turtle"}
    print(f"{n:,} triples ({path.name}); rdflib {__import__('rdflib').__version__}, "
          f"pyoxigraph {__import__('pyoxigraph').__version__}; same rows from both engines")
    print()
    print(f"{'step':<28} {'rows':>5} {'rdflib s':>9} {'oxigraph s':>11} {'ratio':>7}")
    for step in steps:
        r, o = results[(step, "rdflib")], results[(step, "oxigraph")]
        rows_text = str(results.get((step, "rows"), ""))
        label = labels.get(step, step)
        print(f"{label:<28} {rows_text:>5} {r:>9.3f} {o:>11.4f} {r / o:>6.0f}×")
    return 0


if __name__ == "__main__":
    sys.exit(main())
