"""Tests for kg.export.html: the self-contained interactive page and neighbourhood().

Browser tests drive the system Chromium through Playwright (no browser
download); they are marked ``browser`` and skipped when Chromium is absent.
"""

from __future__ import annotations

import copy
import hashlib
import json
import logging
import os
import random
import re
import shutil
from pathlib import Path

import networkx as nx
import pytest

from kg.errors import ExportError
from kg.export import html as html_export
from kg.export.html import LARGE_GRAPH_MIN_PAPERS, LARGE_GRAPH_NODES, neighbourhood, write_html

BASE = "https://w3id.org/litkg/id"
ARTIFACTS = Path(__file__).parent / "_artifacts"

# --- building graphs with the documented schema ----------------------------


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def entity_iri(etype: str, label: str) -> str:
    return f"{BASE}/{etype.lower()}/{slug(label)}"


def sentence_at(abstract: str, start: int) -> str:
    """The sentence of ``abstract`` containing offset ``start``."""
    begin = 0
    for m in re.finditer(r"(?<=[.!?])\s+", abstract):
        if m.start() >= start:
            return abstract[begin:m.start()]
        begin = m.end()
    return abstract[begin:]


def build_graph(papers: list[dict]) -> nx.MultiDiGraph:
    """A MultiDiGraph in litkg's schema from paper specs.

    Each spec: label, abstract, urls, and mentions as (text, type, role) or
    (text, type, role, label, aliases); every occurrence of ``text`` in the
    abstract becomes evidence, with offsets computed from the abstract.
    """
    G = nx.MultiDiGraph()
    for spec in papers:
        abstract = spec["abstract"]
        pkey = f"{BASE}/paper/{hashlib.sha1(abstract.encode()).hexdigest()[:12]}"
        G.add_node(pkey, type="Paper", label=spec["label"], abstract=abstract, urls=list(spec.get("urls", [])),
                   **({"theme": spec["theme"]} if "theme" in spec else {}))
        for mention in spec["mentions"]:
            text, etype, role = mention[:3]
            label = mention[3] if len(mention) > 3 else text
            aliases = list(mention[4]) if len(mention) > 4 else []
            ekey = entity_iri(etype, label)
            if ekey not in G:
                G.add_node(ekey, type=etype, label=label, aliases=[], papers=[])
            node = G.nodes[ekey]
            node["aliases"] = sorted(set(node["aliases"]) | set(aliases))
            if pkey not in node["papers"]:
                node["papers"].append(pkey)
            if "theme" in spec:
                node.setdefault("theme", spec["theme"])
            evidence = [{"sentence": sentence_at(abstract, m.start()), "start": m.start(), "end": m.end(),
                         "text": text} for m in re.finditer(re.escape(text), abstract)]
            assert evidence, f"{text!r} not in abstract"
            G.add_edge(pkey, ekey, key=role, role=role, paper=pkey, evidence=evidence)
    return G


MEMDLM = {
    "label": "MemDLM: memory-augmented diffusion language models",
    "abstract": (
        "Diffusion language models suffer from a train-inference mismatch: they are trained to denoise "
        "random masks but decode with confidence-based schedules. We propose MemDLM, a memory-augmented "
        "diffusion language model that conditions each denoising step on a cache of earlier predictions. "
        "Starting from Qwen3-8B, MemDLM reduces the train-inference mismatch and improves exact match on "
        "GSM8K by 4.1 points."
    ),
    "urls": ["https://arxiv.org/abs/2511.00001", "http://example.org/memdlm"],
    "mentions": [
        ("train-inference mismatch", "Problem", "addresses"),
        ("MemDLM", "Method", "proposes", "MemDLM", ["memory-augmented DLM"]),
        ("Diffusion language models", "Method", "mentions", "diffusion language model", ["DLM"]),
        ("Qwen3-8B", "Model", "uses"),
        ("GSM8K", "Benchmark", "evaluatesOn"),
        ("exact match", "Metric", "uses"),
    ],
}
GLANCE = {
    "label": "Glance Tuning for visual perception",
    "abstract": (
        "Vision-language models still fail on perception tasks that humans solve at a glance. "
        "We introduce Glance Tuning, a lightweight visual instruction tuning recipe, and evaluate it on "
        "BLINK and MMMU. Applied to Qwen3-8B, Glance Tuning raises accuracy on BLINK from 51.2 to 58.7 "
        "while keeping MMMU accuracy unchanged."
    ),
    "urls": ["https://arxiv.org/abs/2511.00002"],
    "mentions": [
        ("Glance Tuning", "Method", "proposes"),
        ("visual instruction tuning", "Method", "mentions"),
        ("BLINK", "Benchmark", "evaluatesOn"),
        ("MMMU", "Benchmark", "evaluatesOn"),
        ("Qwen3-8B", "Model", "uses"),
        ("accuracy", "Metric", "uses"),
    ],
}
SELF_DRAFT = {
    "label": "Self-Drafting closes the train-inference gap in speculative decoding",
    "abstract": (
        "Speculative decoding accelerates inference, but its draft model is trained with teacher forcing, "
        "which creates a train-inference mismatch between training and decoding. We study this mismatch on "
        "GSM8K and propose Self-Drafting, which trains the draft model on its own rollouts. With Qwen3-8B as "
        "the target model, Self-Drafting raises the acceptance rate by 12% and speeds up decoding 2.3x."
    ),
    "urls": ["https://arxiv.org/abs/2511.00003"],
    "mentions": [
        ("Speculative decoding", "Method", "mentions", "speculative decoding"),
        ("train-inference mismatch", "Problem", "addresses"),
        ("teacher forcing", "Method", "mentions"),
        ("GSM8K", "Benchmark", "evaluatesOn"),
        ("Self-Drafting", "Method", "proposes"),
        ("Qwen3-8B", "Model", "uses"),
        ("acceptance rate", "Metric", "uses"),
    ],
}
MISMATCH = entity_iri("Problem", "train-inference mismatch")
QWEN = entity_iri("Model", "Qwen3-8B")


def small_graph(themes: bool = False) -> nx.MultiDiGraph:
    specs = copy.deepcopy([MEMDLM, GLANCE, SELF_DRAFT])
    if themes:
        for spec, theme in zip(specs, ["generation", "vision", "generation"]):
            spec["theme"] = theme
    return build_graph(specs)


def paper_key(G: nx.MultiDiGraph, label: str) -> str:
    return next(n for n, d in G.nodes(data=True) if d["type"] == "Paper" and d["label"] == label)


ALERT = "<script>alert(1)</script>"
IMG = "<img src=x onerror=alert(1)>"
HOSTILE = f"\"'{ALERT}</script><script>alert(2)</script>{IMG} href=\"javascript:alert(3)\" \u2028\u2029 &amp; -->"


def hostile_graph() -> nx.MultiDiGraph:
    abstract = f"We propose {IMG} and study {ALERT} on the <b>bold</b> benchmark.\u2028 Also </script> here."
    G = nx.MultiDiGraph()
    paper = f"{BASE}/paper/{ALERT}"
    entity = f"{BASE}/method/{IMG}"
    G.add_node(paper, type="Paper", label=HOSTILE, abstract=abstract,
               urls=["javascript:alert(1)", " javascript:alert(4)", "https://example.org/?q=<script>alert(5)</script>"],
               theme=HOSTILE)
    G.add_node(entity, type="Method", label=IMG, aliases=[ALERT, HOSTILE], papers=[paper], theme=ALERT)
    G.add_node(f"{BASE}/x/{IMG}", type=HOSTILE, label=ALERT, aliases=[], papers=[paper])
    start = abstract.index(IMG)
    G.add_edge(paper, entity, key="proposes", role="proposes", paper=paper,
               evidence=[{"sentence": HOSTILE, "start": start, "end": start + len(IMG), "text": IMG}])
    start = abstract.index(ALERT)
    G.add_edge(paper, f"{BASE}/x/{IMG}", key="mentions", role="mentions", paper=paper,
               evidence=[{"sentence": ALERT, "start": start, "end": start + len(ALERT), "text": ALERT}])
    return G


def large_graph(n_papers: int = 1000, n_entities: int = 4000, seed: int = 13) -> nx.MultiDiGraph:
    """A synthetic 5,000-node graph: each entity in one paper, a popular few in many."""
    rng = random.Random(seed)
    types = ["Method", "Problem", "Model", "Benchmark", "Metric"]
    roles = ["proposes", "addresses", "uses", "evaluatesOn", "mentions"]
    G = nx.MultiDiGraph()
    papers = [f"{BASE}/paper/{i:06x}" for i in range(n_papers)]
    entities = [entity_iri(types[i % 5], f"concept {i}") for i in range(n_entities)]
    links: dict[str, set[str]] = {p: set() for p in papers}
    for i, e in enumerate(entities):
        links[papers[i % n_papers]].add(e)
    for p in papers:  # extra links to a skewed set of popular entities
        for _ in range(2):
            links[p].add(entities[int(rng.random() ** 3 * 400)])
    for i, e in enumerate(entities):
        G.add_node(e, type=types[i % 5], label=f"concept {i}", aliases=[], papers=[])
    for i, p in enumerate(papers):
        labels = [G.nodes[e]["label"] for e in sorted(links[p])]
        abstract = "We study " + ", ".join(labels) + "."
        G.add_node(p, type="Paper", label=f"Paper {i}", abstract=abstract, urls=[])
        for e, label in zip(sorted(links[p]), labels):
            start = abstract.index(label + (",", ".")[label == labels[-1]])
            G.nodes[e]["papers"].append(p)
            role = roles[(i + len(label)) % 5]
            G.add_edge(p, e, key=role, role=role, paper=p,
                       evidence=[{"sentence": abstract, "start": start, "end": start + len(label), "text": label}])
    return G


def core_view_size(G: nx.MultiDiGraph, min_papers: int) -> int:
    core = {n for n, d in G.nodes(data=True) if d["type"] != "Paper" and len(d["papers"]) >= min_papers}
    return len(core | {p for p, e in G.edges() if e in core})


def page_json(page_html: str, block: str) -> dict:
    m = re.search(rf'<script type="application/json" id="{block}">(.*?)</script>', page_html, re.S)
    assert m, f"no {block} block"
    return json.loads(m.group(1))


def snapshot(G: nx.MultiDiGraph):
    return (copy.deepcopy(G.graph), copy.deepcopy(list(G.nodes(data=True))),
            copy.deepcopy(list(G.edges(keys=True, data=True))))


@pytest.fixture
def small_page(tmp_path):
    G = small_graph()
    return G, write_html(G, tmp_path / "graph.html", title="litkg demo")


# --- the file --------------------------------------------------------------


def test_page_is_self_contained(small_page):
    _, path = small_page
    text = path.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>")
    tags = re.findall(r"<(?:script|link|img|iframe|object|embed)\b[^>]*>", text, re.I)
    remote = [t for t in tags if re.search(r"\b(?:src|href)\s*=\s*[\"']?\s*(?:https?:)?//", t, re.I)]
    assert remote == []
    assert not re.search(r"<link\b", text, re.I)
    assert "bootstrap" not in text.lower() and "cdnjs" not in text.lower()
    assert "vis-network" in text and "kg-data" in text  # vis inlined, data embedded


def test_data_and_options_reach_the_page(small_page):
    G, path = small_page
    text = path.read_text(encoding="utf-8")
    data, vis = page_json(text, "kg-data"), page_json(text, "kg-vis")
    assert {n["iri"] for n in data["nodes"]} == set(G)
    assert len(data["edges"]) == len(vis["edges"]) == G.number_of_edges()
    assert [n["id"] for n in vis["nodes"]] == [f"n{i}" for i in range(len(G))]
    # pyvis only sees opaque ids and styling: no graph text in its nodes
    assert all(v["label"] == v["id"] for v in vis["nodes"])
    physics = vis["options"]["physics"]
    assert physics["stabilization"]["iterations"] <= html_export.MAX_STABILIZATION_ITERATIONS
    by_iri = {n["iri"]: n for n in data["nodes"]}
    assert by_iri[MISMATCH]["nPapers"] == 2 and by_iri[QWEN]["nPapers"] == 3
    assert sorted(by_iri[entity_iri("Method", "MemDLM")]["aliases"]) == ["memory-augmented DLM"]


def test_same_graph_gives_identical_bytes(tmp_path):
    a = write_html(small_graph(), tmp_path / "a.html")
    b = write_html(small_graph(), tmp_path / "b.html")
    assert a.read_bytes() == b.read_bytes()


def test_hostile_strings_are_escaped(tmp_path):
    G = hostile_graph()
    path = write_html(G, tmp_path / "graph.html", title=HOSTILE)
    text = path.read_text(encoding="utf-8")
    lowered = text.lower()
    for needle in ("<script>alert", "<img src=x onerror", "</script><script>alert", "javascript:alert(3)\"", "<b>bold"):
        assert needle not in lowered, needle
    # as the HTML parser sees it: exactly the page's own four script elements,
    # no raw U+2028/U+2029 inside them, and no other script tag anywhere
    elements = re.findall(r"<script\b[^>]*>(.*?)</script\s*>", text, re.S | re.I)
    assert len(elements) == 4
    assert not any("\u2028" in s or "\u2029" in s for s in elements)
    outside = re.sub(r"<script\b[^>]*>.*?</script\s*>", "", text, flags=re.S | re.I)
    assert "<script" not in outside.lower()
    # escaping loses nothing: every string comes back intact from the JSON block
    data = page_json(text, "kg-data")
    by_iri = {n["iri"]: n for n in data["nodes"]}
    assert set(by_iri) == set(G)
    paper = by_iri[f"{BASE}/paper/{ALERT}"]
    assert paper["label"] == HOSTILE and paper["themes"] == [HOSTILE]
    assert paper["abstract"] == G.nodes[f"{BASE}/paper/{ALERT}"]["abstract"]
    assert paper["urls"][0] == "javascript:alert(1)"
    assert by_iri[f"{BASE}/method/{IMG}"]["aliases"] == [ALERT, HOSTILE]
    assert data["title"] == HOSTILE and HOSTILE in {t["name"] for t in data["types"]}


def test_mention_offsets_are_utf16_for_the_browser(tmp_path):
    spec = copy.deepcopy(MEMDLM)
    spec["abstract"] = "🧠 𝑥-scaled " + spec["abstract"]  # two astral characters before every mention
    G = build_graph([spec])
    data = page_json(write_html(G, tmp_path / "g.html").read_text(encoding="utf-8"), "kg-data")
    paper = next(n for n in data["nodes"] if n["type"] == "Paper")
    units = paper["abstract"].encode("utf-16-le")
    labels = {n["id"]: n for n in data["nodes"]}
    texts = {units[2 * s:2 * e].decode("utf-16-le") for s, e, *_ in paper["spans"]}
    assert "train-inference mismatch" in texts and "Qwen3-8B" in texts
    assert all(labels[eid]["type"] != "Paper" for _, _, eid, _ in paper["spans"])


def test_bad_evidence_is_dropped_and_logged(tmp_path, caplog):
    G = small_graph()
    paper = paper_key(G, MEMDLM["label"])
    G.edges[paper, QWEN, "uses"]["evidence"].append({"sentence": "x", "start": 0, "end": 5, "text": "Qwen3"})
    G.edges[paper, QWEN, "uses"]["evidence"].append({"sentence": "x", "start": 10_000, "end": 10_008, "text": "Qwen3-8B"})
    with caplog.at_level(logging.WARNING, logger="kg.export.html"):
        text = write_html(G, tmp_path / "g.html").read_text(encoding="utf-8")
    assert "dropped 2 evidence span(s)" in caplog.text
    spans = next(n for n in page_json(text, "kg-data")["nodes"] if n["iri"] == paper)["spans"]
    valid = sum(len(d["evidence"]) for *_, d in G.out_edges(paper, data=True)) - 2
    assert len(spans) == valid
    assert all(0 <= s < e <= len(MEMDLM["abstract"]) for s, e, *_ in spans)


def test_atomic_write_leaves_no_temp_files(tmp_path, monkeypatch):
    out = tmp_path / "graph.html"
    write_html(small_graph(), out)
    write_html(small_graph(), out)  # overwrite
    assert sorted(p.name for p in tmp_path.iterdir()) == ["graph.html"]
    before = out.read_bytes()

    def fail(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(ExportError, match="disk full"):
        write_html(hostile_graph(), out)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["graph.html"]
    assert out.read_bytes() == before


def test_missing_folders_are_created_like_other_exports(tmp_path):
    out = write_html(small_graph(), tmp_path / "views" / "qwen.html")
    assert out.is_file() and sorted(p.name for p in out.parent.iterdir()) == ["qwen.html"]


def test_unwritable_target_is_an_export_error(tmp_path):
    (tmp_path / "graph.html").mkdir()  # a folder where the file should go
    with pytest.raises(ExportError, match="graph.html: is a folder"):
        write_html(small_graph(), tmp_path / "graph.html")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["graph.html"]


@pytest.mark.parametrize("make", [small_graph, hostile_graph, lambda: neighbourhood(small_graph(), QWEN, 1)])
def test_export_does_not_change_the_graph(tmp_path, make):
    G = make()
    before = snapshot(G)
    write_html(G, tmp_path / "graph.html")
    assert snapshot(G) == before


def test_large_graph_opens_on_the_core_view(tmp_path):
    G = large_graph()
    assert G.number_of_nodes() > LARGE_GRAPH_NODES
    text = write_html(G, tmp_path / "big.html").read_text(encoding="utf-8")
    data, vis = page_json(text, "kg-data"), page_json(text, "kg-vis")
    assert data["large"] and data["defaultMinPapers"] == LARGE_GRAPH_MIN_PAPERS
    assert not page_json(write_html(small_graph(), tmp_path / "s.html").read_text(encoding="utf-8"), "kg-data")["large"]
    assert vis["options"]["physics"]["stabilization"]["iterations"] >= html_export.MIN_STABILIZATION_ITERATIONS
    assert vis["options"]["layout"]["improvedLayout"] is False


def test_a_large_graph_with_a_big_core_opens_on_its_busiest_concepts(tmp_path):
    G = nx.MultiDiGraph()
    papers = [f"{BASE}/paper/{i:06x}" for i in range(1000)]
    for i, p in enumerate(papers):
        G.add_node(p, type="Paper", label=f"Paper {i}", abstract="", urls=[])
    for i in range(3600):  # 3,600 concepts in 2 papers each: a core of 4,600 nodes at "2 papers"
        add_entity(G, f"pair concept {i}", [papers[i % 1000], papers[(i + 1) % 1000]])
    for i in range(50):  # 50 concepts in 10 papers each
        add_entity(G, f"busy concept {i}", papers[i * 10:i * 10 + 10])
    data = page_json(write_html(G, tmp_path / "big.html").read_text(encoding="utf-8"), "kg-data")
    assert data["large"] and data["defaultMinPapers"] == data["largeMinPapers"] == 10
    assert core_view_size(G, 10) <= LARGE_GRAPH_NODES < core_view_size(G, 2)


def add_entity(G: nx.MultiDiGraph, label: str, papers: list[str]) -> None:
    e = entity_iri("Method", label)
    G.add_node(e, type="Method", label=label, aliases=[], papers=list(papers))
    for p in papers:
        G.add_edge(p, e, key="uses", role="uses", paper=p, evidence=[])


def test_a_large_graph_exported_by_kg_has_its_themes_up_to_a_size(tmp_path, monkeypatch):
    import kg.export
    G = large_graph()
    kg.export.EXPORTERS["graph.html"](G, tmp_path / "big.html")
    data = page_json((tmp_path / "big.html").read_text(encoding="utf-8"), "kg-data")
    assert data["large"] and data["themes"], "a 5,000-node page offers no theme filter"
    monkeypatch.setattr(kg.export, "THEMES_MAX_NODES", len(G) - 1)
    kg.export.EXPORTERS["graph.html"](G, tmp_path / "bigger.html")
    assert not page_json((tmp_path / "bigger.html").read_text(encoding="utf-8"), "kg-data")["themes"]


# --- neighbourhood -----------------------------------------------------------


def test_neighbourhood_depths():
    G = small_graph()
    memdlm_paper = paper_key(G, MEMDLM["label"])
    assert list(neighbourhood(G, memdlm_paper, depth=0)) == [memdlm_paper]
    one = neighbourhood(G, memdlm_paper, depth=1)
    assert set(one) == {memdlm_paper} | set(G.successors(memdlm_paper))
    assert one.number_of_edges() == G.out_degree(memdlm_paper)
    # direction is ignored: from an entity, one hop reaches the papers pointing at it
    assert set(neighbourhood(G, MISMATCH, 1)) == {MISMATCH, memdlm_paper, paper_key(G, SELF_DRAFT["label"])}
    papers = {n for n, d in G.nodes(data=True) if d["type"] == "Paper"}
    assert set(neighbourhood(G, memdlm_paper, depth=2)) == set(one) | papers  # via Qwen3-8B and GSM8K
    assert set(neighbourhood(G, memdlm_paper, depth=3)) == set(G)
    assert isinstance(one, nx.MultiDiGraph)
    assert one.edges[memdlm_paper, MISMATCH, "addresses"] == G.edges[memdlm_paper, MISMATCH, "addresses"]


def test_neighbourhood_is_an_independent_copy():
    G = small_graph()
    before = snapshot(G)
    H = neighbourhood(G, QWEN, depth=1)
    H.nodes[QWEN]["aliases"].append("changed")
    H.nodes[QWEN]["papers"].clear()
    next(iter(H.edges(data=True)))[2]["evidence"][0]["text"] = "changed"
    H.remove_node(MISMATCH) if MISMATCH in H else None
    assert snapshot(G) == before


def test_neighbourhood_errors():
    G = small_graph()
    with pytest.raises(KeyError, match="not in the graph"):
        neighbourhood(G, f"{BASE}/model/gpt-5")
    with pytest.raises(ValueError):
        neighbourhood(G, QWEN, depth=-1)


# --- in the browser ------------------------------------------------------------

CHROMIUM = "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else shutil.which("chromium")
LAUNCH_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
               "--disable-component-update", "--no-first-run"]


@pytest.fixture(scope="module")
def browser():
    if not CHROMIUM:
        pytest.skip("Chromium not found at /usr/bin/chromium or on PATH (apt-get install chromium)")
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        yield b
        b.close()


class Page:
    """A loaded page plus everything it requested, logged as an error, or alerted."""

    def __init__(self, browser, path: Path, timeout_ms: int = 30_000, bypass_csp: bool = False,
                 viewport: tuple[int, int] = (1280, 800)):
        self.url = path.resolve().as_uri()
        self.requests: list[str] = []
        self.errors: list[str] = []
        self.dialogs: list[str] = []
        self.context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]},
                                           bypass_csp=bypass_csp)
        self.page = self.context.new_page()
        self.page.on("request", lambda r: r.url != self.url and self.requests.append(r.url))
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("dialog", lambda d: (self.dialogs.append(d.message), d.dismiss()))
        self.page.add_init_script("window.__pwned = 0; window.alert = () => { window.__pwned += 1; };")
        self.page.goto(self.url)
        # a selector, not wait_for_function: the page's CSP forbids the eval that polling needs
        self.page.wait_for_selector("html[data-ready='true']", state="attached", timeout=timeout_ms)
        assert self.js("window.kgReady") is True

    def wait_until(self, predicate: str, arg=None, timeout_ms: int = 5_000) -> None:
        """Poll a JS function ``(arg) => bool`` from Python (the page's CSP forbids eval)."""
        for _ in range(timeout_ms // 25):
            if self.js(predicate, arg):
                return
            self.page.wait_for_timeout(25)
        raise AssertionError(f"timed out waiting for {predicate}")

    def js(self, expression: str, arg=None):
        return self.page.evaluate(expression, arg)

    def node_id(self, iri: str) -> str:
        return self.js("iri => JSON.parse(document.getElementById('kg-data').textContent)"
                       ".nodes.find(n => n.iri === iri).id", iri)

    def visible(self) -> int:
        return self.js("window.kgVisibleCount()")

    def click_node(self, node_id: str) -> None:
        self.wait_for_still_view()  # a click during a focus animation lands where the node was
        x, y = self.js("""id => {
            const p = kgNetwork.canvasToDOM(kgNetwork.getPositions([id])[id]);
            const r = document.querySelector('#graph canvas').getBoundingClientRect();
            return [r.left + p.x, r.top + p.y];
        }""", node_id)
        self.page.mouse.click(x, y)

    def wait_for_still_view(self, timeout_ms: int = 3_000) -> None:
        view = "() => JSON.stringify([kgNetwork.getViewPosition(), kgNetwork.getScale()])"
        last = self.js(view)
        for _ in range(timeout_ms // 50):
            self.page.wait_for_timeout(50)
            now = self.js(view)
            if now == last:
                return
            last = now
        raise AssertionError("the view kept moving")

    def screenshot(self, name: str) -> None:
        ARTIFACTS.mkdir(exist_ok=True)
        self.page.screenshot(path=str(ARTIFACTS / name))

    def assert_quiet(self) -> None:
        assert self.requests == [], f"network requests: {self.requests}"
        assert self.errors == [], f"console errors: {self.errors}"
        assert self.dialogs == [] and self.js("window.__pwned") == 0

    def close(self) -> None:
        self.context.close()


@pytest.fixture
def open_page(browser):
    pages = []

    def _open(path: Path, **kw) -> Page:
        pages.append(Page(browser, path, **kw))
        return pages[-1]

    yield _open
    for p in pages:
        p.close()


@pytest.mark.browser
def test_browser_draws_every_node_offline(open_page, small_page):
    G, path = small_page
    page = open_page(path)
    page.screenshot("small.png")
    assert page.js("Object.keys(kgNetwork.getPositions()).length") == G.number_of_nodes()
    assert page.visible() == G.number_of_nodes()
    assert page.js("kgNetwork.physics.physicsEnabled") is False  # switched off after stabilizing
    assert page.page.text_content("#stats").startswith(f"Showing {len(G)} of {len(G)}")
    # no themes and a small graph: neither the theme filter nor "show everything"
    assert page.page.is_hidden("#theme") and page.page.is_hidden("#show-all")
    assert page.page.is_hidden("#panel")
    page.assert_quiet()


@pytest.mark.browser
def test_browser_search_focuses_and_panel_lists_papers(open_page, small_page):
    G, path = small_page
    page = open_page(path)
    target = page.node_id(MISMATCH)
    assert page.js("document.querySelector('#search-list').options.length") >= len(G)
    page.page.fill("#search", "train-inference mismatch")
    page.page.press("#search", "Enter")
    assert page.js("kgNetwork.getSelectedNodes()") == [target]
    assert page.page.get_attribute("#panel", "data-node") == target
    page.page.wait_for_timeout(500)  # focus animation
    page.screenshot("search.png")

    # close, then click the node itself on the canvas
    page.page.click("#panel-close")
    assert page.page.is_hidden("#panel")
    page.click_node(target)
    assert page.page.is_visible("#panel")
    assert page.page.text_content("#panel h2") == "train-inference mismatch"
    listed = page.page.locator("#panel .node-link").all_text_contents()
    assert sorted(listed) == sorted([MEMDLM["label"], SELF_DRAFT["label"]])
    assert page.page.locator("#panel h3[data-role=addresses]").count() == 1

    # clicking a listed paper focuses it and shows its abstract with highlighted mentions
    page.page.locator("#panel .node-link", has_text="Self-Drafting").click()
    self_draft = page.node_id(paper_key(G, SELF_DRAFT["label"]))
    assert page.js("kgNetwork.getSelectedNodes()") == [self_draft]
    assert page.page.text_content("#panel .abstract") == SELF_DRAFT["abstract"]
    marks = page.page.locator("#panel .abstract mark").all_text_contents()
    expected = sorted(t for t, *_ in SELF_DRAFT["mentions"] for _ in re.finditer(re.escape(t), SELF_DRAFT["abstract"]))
    assert sorted(marks) == expected
    assert page.js("[...document.querySelectorAll('#panel a')].map(a => a.href)") == SELF_DRAFT["urls"]
    sentences = sum(len({ev["sentence"] for ev in d["evidence"]})
                    for *_, d in G.out_edges(paper_key(G, SELF_DRAFT["label"]), data=True))
    assert page.page.locator("#panel .evidence").count() == sentences > len(SELF_DRAFT["mentions"])
    page.screenshot("paper-panel.png")
    page.assert_quiet()


@pytest.mark.browser
def test_browser_search_compares_names_as_the_cli_does(open_page, small_page):
    """Case, hyphens, spaces and a plural ending aside, as `kg view` finds a node."""
    from kg.analysis import find_node
    G, path = small_page
    page = open_page(path)
    for query in ("Train Inference Mismatches", "train_inference-mismatch"):
        assert find_node(G, query) == MISMATCH
        page.page.fill("#search", query)
        page.page.press("#search", "Enter")
        assert page.js("kgNetwork.getSelectedNodes()") == [page.node_id(MISMATCH)], query
    # a node the filters hide again takes its panel with it
    page.page.click("#legend [data-type=Problem]")
    assert page.page.is_hidden("#panel") and page.js("kgNetwork.getSelectedNodes()") == []
    page.assert_quiet()


@pytest.mark.browser
def test_browser_the_slider_and_the_graph_have_names_for_a_screen_reader(open_page, small_page):
    _, path = small_page
    page = open_page(path)
    assert page.js("[...document.getElementById('min-papers').labels].map(l => l.textContent.trim())") == [
        "Minimum papers per entity: 0"]
    page.page.keyboard.press("Tab")  # the graph is the first stop
    assert page.js("[document.activeElement.getAttribute('role'), document.activeElement.getAttribute('aria-label')]") \
        == ["application", "Knowledge graph"]
    page.assert_quiet()


@pytest.mark.browser
def test_browser_a_node_clicked_where_the_panel_opens_moves_clear_of_it(open_page, small_page):
    G, path = small_page
    page = open_page(path)
    target = page.node_id(QWEN)
    # the node drawn near the right edge, where the panel opens
    page.js("id => kgNetwork.moveTo({ position: kgNetwork.getPositions([id])[id], scale: 1, offset: { x: 500, y: 0 } })",
            target)
    page.click_node(target)
    assert page.page.text_content("#panel h2") == "Qwen3-8B"
    page.wait_for_still_view()
    x, y = page.js("id => kgNetwork.canvasToDOM(kgNetwork.getPositions([id])[id])", target).values()
    panel_left = page.js("document.getElementById('panel').getBoundingClientRect().left")
    card_right = page.js("document.getElementById('controls').getBoundingClientRect().right")
    assert card_right < x < panel_left and 0 < y < 800, (x, y)  # not hidden under the panel it opened
    assert page.js("kgNetwork.getScale()") == 1  # moved, not zoomed
    scroll = "() => JSON.stringify([kgNetwork.getViewPosition(), kgNetwork.getScale()])"
    view = page.js(scroll)
    page.click_node(target)  # a node already clear of the panel stays where it is
    assert page.js(scroll) == view
    page.assert_quiet()


@pytest.mark.browser
def test_browser_search_by_alias_and_overlapping_mentions(open_page, tmp_path):
    spec = copy.deepcopy(MEMDLM)
    spec["mentions"].append(("language models", "Method", "mentions"))  # only inside "Diffusion language models"
    G = build_graph([spec])
    page = open_page(write_html(G, tmp_path / "g.html"))
    page.page.fill("#search", "dlm")  # alias, case-insensitive
    page.page.press("#search", "Enter")
    assert page.js("kgNetwork.getSelectedNodes()") == [page.node_id(entity_iri("Method", "diffusion language model"))]
    page.click_node(page.node_id(paper_key(G, MEMDLM["label"])))
    assert page.page.text_content("#panel .abstract") == MEMDLM["abstract"]
    outer = page.page.locator("#panel .abstract mark", has_text="Diffusion language models").first
    inner = outer.locator("mark")  # a mention inside another is a mark inside its mark
    assert inner.all_text_contents() == ["language models"]
    inner.click()
    assert page.page.text_content("#panel h2") == "language models"
    page.click_node(page.node_id(paper_key(G, MEMDLM["label"])))
    page.page.fill("#search", "no such thing")
    page.page.press("#search", "Enter")
    assert "No node matches" in page.page.text_content("#search-status")
    assert page.page.locator("#panel").is_hidden() and page.js("kgNetwork.getSelectedNodes()") == []
    page.page.type("#search", "x")  # typing a new query clears the message
    assert page.page.text_content("#search-status") == ""
    page.assert_quiet()


@pytest.mark.browser
def test_browser_long_labels_are_shortened_by_code_point(open_page, tmp_path):
    G = nx.MultiDiGraph()
    label = "x" * 38 + "\U0001F600 and more words"  # the emoji is the 39th character, 2 UTF-16 units
    G.add_node(f"{BASE}/paper/emoji", type="Paper", label=label, abstract="An abstract.", urls=[])
    page = open_page(write_html(G, tmp_path / "g.html"))
    assert page.js("kgNetwork.body.data.nodes.get()[0].label") == "x" * 38 + "\U0001F600…"  # not half an emoji
    page.assert_quiet()


@pytest.mark.browser
def test_browser_right_to_left_text_runs_right_to_left(open_page, tmp_path):
    G = build_graph([{"label": "האם מודלי שפה מבינים הקשר?", "abstract": "אנו מציעים את MemDLM לשיפור הביצועים.",
                      "mentions": [("MemDLM", "Method", "proposes")]}])
    page = open_page(write_html(G, tmp_path / "g.html"))
    page.page.fill("#search", "האם מודלי שפה מבינים הקשר?")
    page.page.press("#search", "Enter")
    direction = "sel => getComputedStyle(document.querySelector(sel)).direction"
    # left to right, the "?" and "." at the ends would show on the left, where a Hebrew reader starts
    assert [page.js(direction, s) for s in ("#panel h2", "#panel .abstract", "#panel .evidence")] == ["rtl"] * 3
    assert page.js(direction, "#panel .node-link") == "ltr"  # MemDLM
    page.assert_quiet()


@pytest.mark.browser
def test_browser_following_a_name_by_keyboard_keeps_focus_in_the_panel(open_page, small_page):
    G, path = small_page
    page = open_page(path)
    page.page.fill("#search", "Qwen3-8B")
    page.page.press("#search", "Enter")
    page.page.focus("#panel .node-link >> nth=0")
    page.page.keyboard.press("Enter")
    assert page.page.text_content("#panel h2") != "Qwen3-8B"  # the paper's panel replaced the button
    assert page.js("document.activeElement === document.querySelector('#panel h2')")  # not <body>
    page.page.keyboard.press("Tab")
    assert page.js("document.getElementById('panel').contains(document.activeElement)")
    # closed by keyboard: focus goes back to the search box, not to <body> (the next Tab would start over)
    page.page.keyboard.press("Escape")
    assert page.page.is_hidden("#panel")
    assert page.js("document.activeElement.id") == "search"
    page.page.fill("#search", "Qwen3-8B")
    page.page.press("#search", "Enter")
    page.page.focus("#panel-close")
    page.page.keyboard.press("Enter")
    assert page.page.is_hidden("#panel") and page.js("document.activeElement.id") == "search"
    page.assert_quiet()


@pytest.mark.browser
def test_browser_the_open_panel_is_one_tab_after_the_search_box(open_page, small_page):
    # before: nine Tabs past the legend, the slider and the checkbox
    _, path = small_page
    page = open_page(path)
    page.page.press("#search", "Tab")
    assert page.js("document.activeElement.id") != "to-panel"  # no panel open: no shortcut to it
    page.page.fill("#search", "Qwen3-8B")
    page.page.press("#search", "Enter")
    page.page.keyboard.press("Tab")
    assert page.js("document.activeElement.id") == "to-panel" and page.page.is_visible("#to-panel")
    page.page.keyboard.press("Enter")
    assert page.js("document.activeElement === document.querySelector('#panel h2')")
    assert page.page.text_content("#panel h2") == "Qwen3-8B"
    page.page.keyboard.press("Escape")
    assert page.page.is_hidden("#to-panel") and page.js("document.activeElement.id") == "search"
    page.assert_quiet()


@pytest.mark.browser
def test_browser_graph_pans_and_zooms_by_keyboard(open_page, small_page):
    _, path = small_page
    page = open_page(path)
    view = "() => [kgNetwork.getScale(), kgNetwork.getViewPosition()]"
    page.page.keyboard.press("Tab")  # the first stop is the graph, first in the page
    assert page.js("document.activeElement.classList.contains('vis-network')")
    (scale, at) = page.js(view)
    for key in ("Equal", "ArrowRight", "ArrowDown"):  # held, as a person does: vis moves on each frame while down
        page.page.keyboard.down(key)
        page.page.wait_for_timeout(150)
        page.page.keyboard.up(key)
    page.wait_until("s => kgNetwork.getScale() > s", scale)
    page.wait_until("p => kgNetwork.getViewPosition().x !== p.x && kgNetwork.getViewPosition().y !== p.y", at)
    # the keys belong to the focused graph alone: typed into the search box, and with the mouse over the
    # graph, they are text (and the mouse does not steal the focus)
    page.page.focus("#search")
    page.page.mouse.move(700, 400)
    page.page.keyboard.type("+-")
    page.page.wait_for_timeout(200)
    assert page.js("document.activeElement.id") == "search" and page.js("document.getElementById('search').value") == "+-"
    scale = page.js(view)[0]
    for key in ("ArrowLeft", "Equal"):
        page.page.keyboard.down(key)
        page.page.wait_for_timeout(150)
        page.page.keyboard.up(key)
    assert page.js(view)[0] == scale
    page.assert_quiet()


@pytest.mark.browser
def test_browser_entity_relations_are_not_listed_as_papers(open_page, tmp_path):
    # entity → entity edges (kg/graph.py): keyed by relation, evidence carries its paper
    G = small_graph()
    self_drafting = entity_iri("Method", "Self-Drafting")
    paper = paper_key(G, SELF_DRAFT["label"])
    sentence = sentence_at(SELF_DRAFT["abstract"], SELF_DRAFT["abstract"].index("propose Self-Drafting"))
    G.add_edge(self_drafting, MISMATCH, key="mitigates", relation="mitigates", support=1,
               evidence=[{"paper": paper, "sentence": sentence, "start": 0, "end": 10, "text": "x"}])
    family = entity_iri("Model", "Qwen3")
    G.add_node(family, type="Model", label="Qwen3", aliases=[], papers=[])
    G.add_edge(QWEN, family, key="broader", relation="broader", support=0, rules=["name"], evidence=[])
    page = open_page(write_html(G, tmp_path / "g.html"))
    page.click_node(page.node_id(MISMATCH))
    papers = page.page.locator("#panel h3[data-role] + ul .node-link").all_text_contents()
    assert sorted(papers) == sorted([MEMDLM["label"], SELF_DRAFT["label"]])
    related = page.page.locator("#panel h3[data-section=relations] + ul li")
    assert related.count() == 1
    assert related.first.text_content().strip() == f"Self-Drafting mitigates it{sentence}"
    page.page.fill("#search", "Qwen3-8B")
    page.page.press("#search", "Enter")
    assert page.page.text_content("#panel p.tip-meta") == "Found in 3 papers."
    assert page.page.locator("#panel h3[data-section=relations] + ul li").all_text_contents() == [
        "it is a kind of Qwen3"]
    page.assert_quiet()


@pytest.mark.browser
def test_browser_filters(open_page, tmp_path):
    G = small_graph(themes=True)
    page = open_page(write_html(G, tmp_path / "g.html"))
    n = len(G)
    by_type = {t: sum(1 for _, d in G.nodes(data=True) if d["type"] == t) for t in ("Method", "Paper")}

    page.page.click("#legend [data-type=Method]")
    assert page.visible() == n - by_type["Method"]
    assert page.page.get_attribute("#legend [data-type=Method]", "aria-pressed") == "false"
    page.page.click("#legend [data-type=Paper]")
    assert page.visible() == n - by_type["Method"] - by_type["Paper"]
    page.page.click("#legend [data-type=Method]")
    page.page.click("#legend [data-type=Paper]")
    assert page.visible() == n

    page.js("s => { const el = document.getElementById('min-papers'); el.value = s;"
            " el.dispatchEvent(new Event('input')); }", "2")
    assert page.visible() == core_view_size(G, 2)
    page.js("() => { const el = document.getElementById('min-papers'); el.value = '0';"
            " el.dispatchEvent(new Event('input')); }")
    assert page.visible() == n

    assert page.page.is_visible("#theme")
    page.page.select_option("#theme", "vision")
    assert page.visible() == sum(1 for _, d in G.nodes(data=True) if d.get("theme") == "vision")
    page.page.select_option("#theme", "")
    assert page.visible() == n

    # hover: neighbours keep their colour, the rest is dimmed (read through vis's
    # DataView, kgNetwork.body.data.nodes: the page keeps its DataSet private)
    qwen = page.node_id(QWEN)
    x, y = page.js("""id => { const p = kgNetwork.canvasToDOM(kgNetwork.getPositions([id])[id]);
        const r = document.querySelector('#graph canvas').getBoundingClientRect(); return [r.left + p.x, r.top + p.y]; }""", qwen)
    page.page.mouse.move(x, y)
    page.wait_until("id => typeof kgNetwork.body.data.nodes.get(id).color === 'object' || "
                    "kgNetwork.body.data.nodes.get().some(n => typeof n.color === 'object')", qwen)
    colours = page.js("() => Object.fromEntries(kgNetwork.body.data.nodes.get().map(n => [n.id, n.color]))")
    neighbours = {page.node_id(p) for p in G.predecessors(QWEN)} | {qwen}
    dimmed = {i for i, c in colours.items() if isinstance(c, dict)}
    assert dimmed and dimmed == set(colours) - neighbours
    page.page.mouse.move(2, 790)
    page.wait_until("() => kgNetwork.body.data.nodes.get().every(n => typeof n.color === 'string')")
    page.assert_quiet()


@pytest.mark.browser
@pytest.mark.parametrize("bypass_csp", [False, True], ids=["with-csp", "csp-bypassed"])
def test_browser_hostile_page_runs_no_script(open_page, tmp_path, bypass_csp):
    # with the CSP bypassed, escaping and textContent alone must keep the payloads inert
    G = hostile_graph()
    page = open_page(write_html(G, tmp_path / "hostile.html", title=HOSTILE), bypass_csp=bypass_csp)
    assert page.visible() == len(G)
    assert page.js("document.title") == HOSTILE
    paper = page.node_id(f"{BASE}/paper/{ALERT}")
    page.click_node(paper)
    assert page.page.text_content("#panel h2") == HOSTILE
    assert page.page.text_content("#panel .abstract") == G.nodes[f"{BASE}/paper/{ALERT}"]["abstract"]
    hrefs = page.js("[...document.querySelectorAll('a')].map(a => a.getAttribute('href'))")
    assert hrefs == ["https://example.org/?q=<script>alert(5)</script>"]
    assert page.page.locator("#panel .inert").all_text_contents() == ["javascript:alert(1)", " javascript:alert(4)"]
    page.page.fill("#search", ALERT)
    page.page.press("#search", "Enter")
    page.page.hover("#panel h2")
    # nothing injected: no element from the payloads exists anywhere
    assert page.js("document.querySelectorAll('img, iframe, object, embed').length") == 0
    assert page.js("document.querySelectorAll('script').length") == 4
    page.page.wait_for_timeout(200)
    page.screenshot(f"hostile-{'no-csp' if bypass_csp else 'csp'}.png")
    page.assert_quiet()


# How many drawn nodes share a 12-unit cell of the layout with another one (a node is drawn about that wide).
PILED_NODES = """(() => {
  const cells = new Map();
  for (const p of Object.values(kgNetwork.getPositions())) {
    const key = Math.round(p.x / 12) + "," + Math.round(p.y / 12);
    cells.set(key, (cells.get(key) || 0) + 1);
  }
  let piled = 0;
  for (const n of cells.values()) if (n > 1) piled += n;
  return piled;
})()"""


@pytest.mark.browser
def test_browser_large_graph_default_view(open_page, tmp_path):
    G = large_graph()
    page = open_page(write_html(G, tmp_path / "big.html"), timeout_ms=60_000)
    core = core_view_size(G, LARGE_GRAPH_MIN_PAPERS)
    assert core < len(G)
    assert page.visible() == core
    assert page.page.is_visible("#show-all")
    assert not page.page.is_checked("#show-all")
    page.page.check("#show-all")
    assert page.visible() == len(G)
    assert page.js("Object.keys(kgNetwork.getPositions()).length") == len(G)
    assert page.js(PILED_NODES) < 0.08 * len(G)  # the nodes never drawn before are spread out, not stacked
    page.page.uncheck("#show-all")
    assert page.visible() == core
    page.screenshot("large.png")
    page.assert_quiet()


@pytest.mark.browser
def test_browser_show_everything_spreads_nodes_without_a_drawn_neighbour(open_page, tmp_path):
    G = large_graph()
    for i in range(300):  # entities of no paper: hidden at first, with no neighbour to start next to
        G.add_node(entity_iri("Method", f"loner {i}"), type="Method", label=f"loner {i}", aliases=[], papers=[])
    page = open_page(write_html(G, tmp_path / "big.html"), timeout_ms=60_000)
    page.page.check("#show-all")
    assert page.visible() == len(G)
    assert page.js(PILED_NODES) < 0.08 * len(G)
    page.assert_quiet()


@pytest.mark.browser
def test_browser_empty_graph_is_ready(open_page, tmp_path):
    page = open_page(write_html(nx.MultiDiGraph(), tmp_path / "empty.html"))
    assert page.visible() == 0
    page.assert_quiet()
