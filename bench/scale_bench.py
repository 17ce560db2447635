"""Scale benchmark: build graphs of 1k, 10k, 100k synthetic abstracts; time per abstract, themes, peak memory, exports.

The synthetic corpus is generated here from the project's own lexicon
(kg/lexicon/*.jsonl) and sentence templates written for this benchmark: no
text is copied from any corpus. Each abstract proposes a coined method name,
addresses a problem, uses methods and models, evaluates on benchmarks with
metrics, so every stage of the pipeline has work to do. Records are JSON Lines
with title, authors, date and a DOI under the 10.5555 test prefix, so the
structured ingest path is exercised too.

Each size runs in a fresh subprocess (peak RSS is per process; with --jobs the
workers' peak is reported separately).

    python bench/scale_bench.py                      # 1k, 10k, 100k
    python bench/scale_bench.py --sizes 1000,10000 --jobs 2 --markdown
    python bench/scale_bench.py --generate 5000 > synthetic.jsonl
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
LEXICON = REPO / "kg" / "lexicon"

SYLLABLES = ["ve", "lo", "ra", "ti", "mo", "zen", "qua", "dri", "fex", "nor", "pal", "sy", "tor", "gra", "mi", "ko"]
FIRST = ["Ana", "Ben", "Chen", "Dana", "Emil", "Farah", "Goran", "Hana", "Ivo", "Jun", "Kira", "Luis", "Mei", "Nils",
         "Omar", "Priya", "Quinn", "Rosa", "Sven", "Tara", "Uma", "Viktor", "Wen", "Yara", "Zoltan"]
LAST = ["Example", "Sample", "Placeholder", "Demo", "Testwell", "Mockford", "Synth", "Fakeham", "Dummett", "Proto"]

TEMPLATES = [
    "We propose {name}, a {method} for {problem} in {model}.",
    "{Problem} remains a central obstacle when training {model}, and existing {method2} only partly addresses it.",
    "{name} combines {method2} with {method3} and needs no extra labels.",
    "Unlike prior work on {problem2}, our approach scales to {model2} without changing the architecture.",
    "Experiments on {bench} and {bench2} show that {name} improves {metric} by {x} points over strong baselines.",
    "We further find that {method3} reduces {problem2}, measured by {metric2} on {bench}.",
    "Ablations show that each component of {name} contributes, and code is available at https://example.org/{slug}.",
]


def _load(name: str) -> list[str]:
    with open(LEXICON / f"{name}.jsonl", encoding="utf-8") as f:
        return [json.loads(line)["label"] for line in f if line.strip()]


def _coined(rng: random.Random) -> str:
    word = "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 3)))
    return word.capitalize() + rng.choice(["", "", "Net", "Former", "-" + str(rng.randint(2, 9)), "++"])


def synthetic_records(n: int, seed: int = 13):
    """*n* synthetic paper records (dicts), deterministic for a seed."""
    rng = random.Random(seed)
    lex = {k: _load(k) for k in ("methods", "problems", "models", "benchmarks", "metrics")}
    for i in range(n):
        name = _coined(rng)
        pick = {k: rng.sample(v, 3) for k, v in lex.items()}
        values = {"name": name, "slug": name.lower(), "x": f"{rng.uniform(0.5, 9.5):.1f}",
                  "method": pick["methods"][0], "method2": pick["methods"][1], "method3": pick["methods"][2],
                  "problem": pick["problems"][0], "problem2": pick["problems"][1],
                  "Problem": pick["problems"][0][:1].upper() + pick["problems"][0][1:],
                  "model": pick["models"][0], "model2": pick["models"][1],
                  "bench": pick["benchmarks"][0], "bench2": pick["benchmarks"][1],
                  "metric": pick["metrics"][0], "metric2": pick["metrics"][1]}
        sentences = [TEMPLATES[0]] + rng.sample(TEMPLATES[1:], rng.randint(3, len(TEMPLATES) - 1))
        authors = [f"{rng.choice(FIRST)} {rng.choice(LAST)}" for _ in range(rng.randint(1, 5))]
        yield {"doi": f"10.5555/litkg.synthetic.{seed}.{i}", "title": f"{name}: {values['method']} for {values['problem']}",
               "authors": authors, "date": f"2026-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}",
               "abstract": " ".join(s.format(**values) for s in sentences)}


def write_corpus(path: Path, n: int, seed: int = 13) -> None:
    with open(path, "w", encoding="utf-8") as f:
        for record in synthetic_records(n, seed):
            f.write(json.dumps(record, ensure_ascii=False) + "\n")


def _peak_mib(who=resource.RUSAGE_SELF) -> float:
    return resource.getrusage(who).ru_maxrss / 1024  # KiB on Linux


def run_one(n: int, jobs: int, exports: list[str], workdir: Path) -> dict:
    """Build and export one synthetic corpus of *n* abstracts in this process; the measurements."""
    from kg.analysis import themes
    from kg.api import from_papers
    from kg.export import write_exports
    from kg.ingest import read_inputs
    path = workdir / f"synthetic_{n}.jsonl"
    write_corpus(path, n)
    t0 = time.perf_counter()
    import kg.nlp
    kg.nlp.default_pipeline()
    t_load = time.perf_counter() - t0
    t0 = time.perf_counter()
    papers = read_inputs([path])
    t_ingest = time.perf_counter() - t0
    t0 = time.perf_counter()
    graph = from_papers(papers, jobs=jobs)
    t_build = time.perf_counter() - t0
    t0 = time.perf_counter()
    n_themes = len(themes(graph.graph))
    t_themes = time.perf_counter() - t0
    out = workdir / f"out_{n}"
    sizes, times = {}, {}
    for name in exports:
        t0 = time.perf_counter()
        (written,) = write_exports(graph.graph, out, [name])
        times[name] = time.perf_counter() - t0
        sizes[name] = written.stat().st_size
    G = graph.graph
    return {"abstracts": n, "papers": len(papers), "jobs": jobs, "input_bytes": path.stat().st_size,
            "nodes": G.number_of_nodes(), "edges": G.number_of_edges(), "pipeline_load_s": round(t_load, 2),
            "ingest_s": round(t_ingest, 2), "build_s": round(t_build, 2),
            "ms_per_abstract": round(1000 * t_build / n, 2), "themes": n_themes, "themes_s": round(t_themes, 2),
            "export_s": {k: round(v, 2) for k, v in times.items()},
            "export_bytes": sizes, "peak_rss_mib": round(_peak_mib(), 1),
            "workers_peak_rss_mib": round(_peak_mib(resource.RUSAGE_CHILDREN), 1) if jobs > 1 else None}


def _mib(n: int) -> str:
    return f"{n / 2**20:.1f} MiB"


def markdown(rows: list[dict]) -> str:
    exports = sorted({k for r in rows for k in r["export_bytes"]})
    head = ["abstracts", "jobs", "nodes", "edges", "build (extract+resolve+graph)", "ms / abstract", "themes",
            "peak RSS"]
    head += [f"{e} (size, time)" for e in exports]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for r in rows:
        workers = f" (+ workers {r['workers_peak_rss_mib']} MiB)" if r.get("workers_peak_rss_mib") else ""
        cells = [f"{r['abstracts']:,}", str(r["jobs"]), f"{r['nodes']:,}", f"{r['edges']:,}", f"{r['build_s']} s",
                 f"{r['ms_per_abstract']}", f"{r['themes']} in {r['themes_s']} s", f"{r['peak_rss_mib']} MiB{workers}"]
        cells += [f"{_mib(r['export_bytes'][e])}, {r['export_s'][e]} s" if e in r["export_bytes"] else "—" for e in exports]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="1000,10000,100000", help="comma-separated corpus sizes")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--exports", default="graph.ttl,graph.nt,graph.jsonld,graph.json,graph.html",
                        help="export files to write and measure")
    parser.add_argument("--html-max", type=int, default=20000, help="skip graph.html above this many abstracts")
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table (else JSON lines)")
    parser.add_argument("--generate", type=int, metavar="N", help="only write N synthetic records to stdout")
    parser.add_argument("--one", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--workdir", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.generate:
        for record in synthetic_records(args.generate):
            print(json.dumps(record, ensure_ascii=False))
        return 0
    exports = [e for e in args.exports.split(",") if e]
    if args.one:
        if args.one > args.html_max:
            exports = [e for e in exports if e != "graph.html"]
        print(json.dumps(run_one(args.one, args.jobs, exports, Path(args.workdir))))
        return 0
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for n in (int(s) for s in args.sizes.split(",")):
            proc = subprocess.run([sys.executable, __file__, "--one", str(n), "--jobs", str(args.jobs), "--exports",
                                   args.exports, "--html-max", str(args.html_max), "--workdir", tmp],
                                  capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"})
            if proc.returncode != 0:
                print(proc.stderr, file=sys.stderr)
                return proc.returncode
            row = json.loads(proc.stdout.splitlines()[-1])
            rows.append(row)
            if not args.markdown:
                print(json.dumps(row), flush=True)
            else:
                print(f"{n} done: {row['build_s']} s", file=sys.stderr, flush=True)
    if args.markdown:
        print(markdown(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
