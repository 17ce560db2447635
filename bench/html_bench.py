"""Time until the HTML page is interactive in headless Chromium: litkg vs plain pyvis.

For a synthetic graph (5,000 nodes, and a 200-node one) this writes two pages:

* ours: ``kg.export.html.write_html`` — interactive when ``window.kgReady``;
  above LARGE_GRAPH_NODES it opens on the core view, so the big graph also
  gets a row "litkg, all nodes" with that threshold raised;
* plain pyvis: ``Network(cdn_resources="in_line", directed=True).from_nx(copy)``
  with pyvis's default template and physics — interactive when vis-network
  fires ``stabilizationIterationsDone`` (pyvis then hides its loading bar).
  Its Bootstrap CDN requests are aborted at once (we are offline) and counted.

Both pages are loaded from file:// in the same Chromium, one after the other,
and times are ``performance.now()`` in the page (from navigation start).

    .venv/bin/python bench/html_bench.py [--repeat 3] [--timeout 300]
"""

from __future__ import annotations

import argparse
import copy
import logging
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import networkx as nx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from kg.export import html as html_export  # noqa: E402

log = logging.getLogger("html_bench")

CHROMIUM = "/usr/bin/chromium"
LAUNCH_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
               "--disable-component-update", "--no-first-run"]
BASE = "https://w3id.org/litkg/id"
SLOW_MS = 60_000  # a page slower than this is loaded once, not --repeat times

# Same instrument for both pages: wrap vis.Network as vis-network's UMD
# wrapper defines it, and stamp the time of the first stabilizationIterationsDone.
HOOK = """
window.__bench = {};
(() => {
  let Real;
  const vis = {};
  Object.defineProperty(vis, "Network", {
    configurable: true, enumerable: true,
    get() { return Real; },
    set(N) {
      Real = function (...args) {
        const net = new N(...args);
        net.once("stabilizationIterationsDone", () => { window.__bench.stabilized = performance.now(); });
        return net;
      };
      Real.prototype = N.prototype;
    },
  });
  window.vis = vis;
  // <html> does not exist yet when this runs: watch the document for data-ready
  new MutationObserver(() => {
    if (!window.__bench.ready && document.documentElement.dataset.ready === "true") window.__bench.ready = performance.now();
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-ready"] });
})();
"""


def synthetic_graph(n_papers: int, n_entities: int, *, extra_links: int = 2, seed: int = 13) -> nx.MultiDiGraph:
    """litkg-schema graph: every entity in one paper, plus links to a skewed popular set."""
    rng = random.Random(seed)
    types = ["Method", "Problem", "Model", "Benchmark", "Metric"]
    roles = ["proposes", "addresses", "uses", "evaluatesOn", "mentions"]
    papers = [f"{BASE}/paper/{i:06x}" for i in range(n_papers)]
    entities = [f"{BASE}/{types[i % 5].lower()}/concept-{i}" for i in range(n_entities)]
    links: dict[str, set[str]] = {p: set() for p in papers}
    for i, e in enumerate(entities):
        links[papers[i % n_papers]].add(e)
    popular = max(n_entities // 10, 1)
    for p in papers:
        for _ in range(extra_links):
            links[p].add(entities[int(rng.random() ** 3 * popular)])
    G = nx.MultiDiGraph()
    for i, e in enumerate(entities):
        G.add_node(e, type=types[i % 5], label=f"concept {i}", aliases=[], papers=[])
    for i, p in enumerate(papers):
        targets = sorted(links[p])
        labels = [G.nodes[e]["label"] for e in targets]
        abstract = "We study " + "; ".join(labels) + "."
        G.add_node(p, type="Paper", label=f"Paper {i}", abstract=abstract, urls=[])
        cursor = 0
        for e, label in zip(targets, labels):
            start = abstract.index(label, cursor)
            cursor = start + len(label)
            role = roles[(i + len(label)) % 5]
            G.nodes[e]["papers"].append(p)
            G.add_edge(p, e, key=role, role=role, paper=p,
                       evidence=[{"sentence": abstract, "start": start, "end": cursor, "text": label}])
    return G


def write_plain_pyvis(G: nx.MultiDiGraph, path: Path) -> Path:
    """pyvis's default page, offline recipe: in_line resources, default template and physics."""
    from pyvis.network import Network

    net = Network(directed=True, cdn_resources="in_line")
    net.from_nx(copy.deepcopy(G))  # from_nx writes into the graph it is given
    path.write_text(net.generate_html(), encoding="utf-8")
    return path


def write_ours(G: nx.MultiDiGraph, path: Path, *, everything: bool = False) -> Path:
    threshold = html_export.LARGE_GRAPH_NODES
    if everything:  # open on every node, like the plain page
        html_export.LARGE_GRAPH_NODES = G.number_of_nodes()
    try:
        return html_export.write_html(G, path, title="bench")
    finally:
        html_export.LARGE_GRAPH_NODES = threshold


def timed(write, *args, **kwargs) -> tuple[Path, float]:
    t = time.perf_counter()
    path = write(*args, **kwargs)
    return path, time.perf_counter() - t


def measure(browser, path: Path, key: str, timeout_s: float) -> dict:
    """Load ``path`` and wait for ``window.__bench[key]``; times in ms."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    aborted: list[str] = []

    def block(route):
        aborted.append(route.request.url)
        route.abort()

    page.route("http://**/*", block)
    page.route("https://**/*", block)
    page.add_init_script(HOOK)
    t0 = time.perf_counter()
    page.goto(path.resolve().as_uri(), timeout=timeout_s * 1000)
    result = {"aborted": len(aborted)}
    deadline = t0 + timeout_s
    while time.perf_counter() < deadline:
        value = page.evaluate(f"window.__bench && window.__bench.{key}")
        if value:
            result["ms"] = value
            break
        page.wait_for_timeout(50)
    result["visible"] = page.evaluate(
        "window.kgVisibleCount ? kgVisibleCount() : (window.network ? network.body.nodeIndices.length : 0)")
    result["aborted"] = len(aborted)
    context.close()
    return result


def run(repeat: int, timeout_s: float) -> list[dict]:
    from playwright.sync_api import sync_playwright

    cases = [("200 nodes", synthetic_graph(40, 160)), ("5,000 nodes", synthetic_graph(1000, 4000))]
    rows = []
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        for name, G in cases:
            pages = [("litkg", *timed(write_ours, G, Path(tmp) / "ours.html"), "ready")]
            if G.number_of_nodes() > html_export.LARGE_GRAPH_NODES:
                pages.append(("litkg, all", *timed(write_ours, G, Path(tmp) / "all.html", everything=True), "ready"))
            pages.append(("plain pyvis", *timed(write_plain_pyvis, G, Path(tmp) / "plain.html"), "stabilized"))
            for label, path, build, key in pages:
                runs = []
                for _ in range(repeat):
                    r = measure(browser, path, key, timeout_s)
                    runs.append(r)
                    if r.get("ms", float("inf")) > SLOW_MS:
                        break  # timed out or very slow: one run says enough
                times = [r["ms"] for r in runs if "ms" in r]
                rows.append({
                    "graph": name, "page": label, "nodes": G.number_of_nodes(),
                    "drawn": runs[-1]["visible"], "mb": path.stat().st_size / 1e6, "build_s": build,
                    "ms": statistics.median(times) if len(times) == len(runs) else None,
                    "runs": len(runs), "aborted": runs[-1]["aborted"],
                })
                log.info("%s", rows[-1])
        browser.close()
    return rows


def report(rows: list[dict], timeout_s: float) -> str:
    lines = [f"{'graph':<12} {'page':<12} {'drawn':>11} {'size MB':>8} {'build s':>8} {'interactive':>12}"
             f" {'CDN reqs':>9}", "-" * 78]
    for r in rows:
        t = f"{r['ms'] / 1000:.2f} s" if r["ms"] is not None else f"> {timeout_s:.0f} s"
        lines.append(f"{r['graph']:<12} {r['page']:<12} {r['drawn']:>5}/{r['nodes']:<5} {r['mb']:>8.2f}"
                     f" {r['build_s']:>8.2f} {t:>12} {r['aborted']:>9}")
    lines.append("")
    for graph in dict.fromkeys(r["graph"] for r in rows):
        plain = next(r for r in rows if r["graph"] == graph and r["page"] == "plain pyvis")
        for ours in (r for r in rows if r["graph"] == graph and r["page"] != "plain pyvis"):
            if ours["ms"] and plain["ms"]:
                lines.append(f"{graph}: plain pyvis / {ours['page']} = {plain['ms'] / ours['ms']:.1f}x")
            elif ours["ms"]:
                lines.append(f"{graph}: plain pyvis did not settle within {timeout_s:.0f} s "
                             f"(≥ {timeout_s * 1000 / ours['ms']:.0f}x {ours['page']})")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3, help="page loads per case (median reported)")
    ap.add_argument("--timeout", type=float, default=300, help="seconds to wait for a page")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING, format="%(message)s")
    rows = run(args.repeat, args.timeout)
    print(report(rows, args.timeout))


if __name__ == "__main__":
    main()
