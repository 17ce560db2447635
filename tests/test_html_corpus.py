"""The HTML page and ``kg view`` on the real corpus (built once per session by ``kg build``).

Expectations come from the same export's graph.json, never from the page
itself. Browser tests share one Chromium and one loaded corpus page (module
scope); each test leaves the page as it found it (filters on, panel closed).
"""

from __future__ import annotations

import json
import re
from collections import deque
from pathlib import Path

import pytest

import kg.api
import kg.cli
from test_html import Page, browser, page_json  # noqa: F401  (browser is a fixture)

MISMATCH = "train-inference mismatch"
MISMATCH_IRI = "https://w3id.org/litkg/id/problem/train-inference-mismatch"
PAPER_LINKS = "#panel h3[data-role] + ul .node-link"  # the panel's lists of papers, by role


@pytest.fixture(scope="module")
def corpus_json(corpus_export) -> dict:
    """graph.json of the corpus export: node-link data, ``nodes`` with ``id`` = IRI, ``links`` with source/target."""
    return json.loads((corpus_export / "graph.json").read_text(encoding="utf-8"))


def node_by_label(data: dict, label: str) -> dict:
    found = [n for n in data["nodes"] if n["label"] == label and n["type"] != "Paper"]
    assert len(found) == 1, found
    return found[0]


def papers_linked_to(data: dict, iri: str) -> set[str]:
    papers = {n["id"] for n in data["nodes"] if n["type"] == "Paper"}  # entity → entity edges (broader, …) aside
    return {link["source"] for link in data["links"] if link["target"] == iri and link["source"] in papers}


def within(data: dict, iri: str, depth: int) -> set[str]:
    """Nodes at most ``depth`` hops from ``iri``, edge direction ignored (breadth-first over graph.json)."""
    near: dict[str, set[str]] = {}
    for link in data["links"]:
        near.setdefault(link["source"], set()).add(link["target"])
        near.setdefault(link["target"], set()).add(link["source"])
    seen, queue = {iri: 0}, deque([iri])
    while queue:
        node = queue.popleft()
        if seen[node] < depth:
            for nb in near.get(node, ()):
                if nb not in seen:
                    seen[nb] = seen[node] + 1
                    queue.append(nb)
    return set(seen)


# --------------------------------------------------------------------- kg view


@pytest.fixture(scope="module", autouse=True)
def load_each_graph_once():
    """``kg view`` reads its graph with kg.api.load: parse each file once per module (about 2 s a time)."""
    real, cache = kg.api.load, {}

    def load(path):
        key = Path(path).resolve()
        if key not in cache:
            cache[key] = real(path)
        return cache[key]

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(kg.api, "load", load)
        yield


def view(capsys, *argv) -> tuple[int, str, str]:
    rc = kg.cli.main(["view", *map(str, argv)])
    out, err = capsys.readouterr()
    return rc, out, err


@pytest.fixture(scope="module")
def mismatch_view(corpus_export, tmp_path_factory) -> Path:
    """``kg view "train-inference mismatch" --depth 1`` of the corpus graph."""
    out = tmp_path_factory.mktemp("view") / "mismatch.html"
    assert kg.cli.main(["view", MISMATCH, "--depth", "1", "--out", str(out),
                        "--graph", str(corpus_export / "graph.ttl")]) == 0
    return out


def test_view_writes_only_the_neighbourhood(mismatch_view, corpus_json):
    assert node_by_label(corpus_json, MISMATCH)["id"] == MISMATCH_IRI
    data = page_json(mismatch_view.read_text(encoding="utf-8"), "kg-data")
    expected = within(corpus_json, MISMATCH_IRI, 1)
    papers = papers_linked_to(corpus_json, MISMATCH_IRI)
    assert expected >= {MISMATCH_IRI} | papers and len(papers) >= 6  # its papers, and concepts related to it
    assert {n["iri"] for n in data["nodes"]} == expected
    assert data["title"] == f"litkg · {MISMATCH} · 1 hop, {len(papers)} papers"
    edges = {(e["from"], e["to"], e["role"]) for e in data["edges"]}
    assert len(edges) == sum(1 for link in corpus_json["links"]
                             if link["source"] in expected and link["target"] in expected)
    for node in (n for n in data["nodes"] if n["type"] == "Paper"):  # its panel names the concepts left out
        linked = {link["target"] for link in corpus_json["links"] if link["source"] == node["iri"]}
        assert node["externalConcepts"] == sorted(linked - expected)
    assert any(n.get("externalConcepts") for n in data["nodes"])


def test_view_by_iri_at_depth_2(corpus_export, corpus_json, tmp_path, capsys):
    out = tmp_path / "deeper" / "view.html"
    rc, stdout, err = view(capsys, MISMATCH_IRI, "--depth", 2, "--out", out, "--graph", corpus_export / "graph.ttl")
    assert rc == 0, err
    iris = {n["iri"] for n in page_json(out.read_text(encoding="utf-8"), "kg-data")["nodes"]}
    assert iris == within(corpus_json, MISMATCH_IRI, 2)
    assert len(iris) < len(corpus_json["nodes"])
    assert stdout.startswith(f"wrote      {out} ({len(iris)} nodes,") and err == ""


@pytest.mark.parametrize("argv, message", [
    (["no such concept xyz"], "'no such concept xyz': no node with this IRI, name or alias in"),
    ([MISMATCH, "--depth", "-1"], "--depth -1: expected 0 or more hops"),
])
def test_view_bad_node_exits_2_and_writes_nothing(corpus_export, tmp_path, capsys, argv, message):
    out = tmp_path / "view.html"
    rc, stdout, err = view(capsys, *argv, "--out", out, "--graph", corpus_export / "graph.ttl")
    assert rc == 2 and stdout == ""
    assert err.count("\n") == 1 and err.startswith("kg: error: ") and message in err
    assert not out.exists()


def test_view_without_a_graph_exits_2(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)  # no exports/graph.ttl here: the default graph is missing
    rc, stdout, err = view(capsys, MISMATCH, "--out", "view.html")
    assert rc == 2 and stdout == ""
    assert err == "kg: error: exports/graph.ttl: no such graph file (make one with: kg build INPUT... --out DIR)\n"
    rc, _, err = view(capsys, MISMATCH, "--out", "view.html", "--graph", "absent.ttl")
    assert rc == 2 and err.startswith("kg: error: absent.ttl: no such graph file")
    assert list(tmp_path.iterdir()) == []


# ------------------------------------------------------------------ in the browser


@pytest.fixture(scope="module")
def corpus_page(browser, corpus_export):
    page = Page(browser, corpus_export / "graph.html")
    yield page
    page.close()


def search(page: Page, text: str) -> None:
    page.page.fill("#search", text)
    page.page.press("#search", "Enter")


def type_counts(data: dict) -> dict[str, int]:
    counts: dict[str, int] = {}
    for n in data["nodes"]:
        counts[n["type"]] = counts.get(n["type"], 0) + 1
    return counts


@pytest.mark.browser
def test_corpus_page_draws_every_node_offline(corpus_page, corpus_json):
    page, n = corpus_page, len(corpus_json["nodes"])
    assert page.js("Object.keys(kgNetwork.getPositions()).length") == n
    assert page.visible() == n
    assert page.page.text_content("#stats") == f"Showing {n} of {n} nodes"
    papers = type_counts(corpus_json)["Paper"]
    assert page.js("document.title") == page.page.text_content("#controls h1") == f"litkg · {papers} papers"
    legend = page.js("[...document.querySelectorAll('#legend .legend-item')]"
                     ".map(b => [b.dataset.type, Number(b.querySelector('.legend-count').textContent)])")
    assert dict(legend) == type_counts(corpus_json)
    page.screenshot("corpus.png")
    page.assert_quiet()


@pytest.mark.browser
def test_corpus_theme_filter_shows_one_theme_of_kg_themes(corpus_page, corpus_export, corpus_json):
    from kg.analysis import themes
    G = kg.api.load(corpus_export / "graph.ttl").graph
    found = themes(G)
    options = corpus_page.js("[...document.querySelectorAll('#theme option')].map(o => o.value).filter(Boolean)")
    assert options == [t["name"] for t in found]  # largest first, as kg themes lists them
    members = {*found[0]["entities"], *found[0]["papers"]}  # its concepts and every paper kg themes lists
    scale = corpus_page.js("kgNetwork.getScale()")
    corpus_page.page.select_option("#theme", found[0]["name"])
    try:
        assert corpus_page.visible() == len(members)
        # the view is fitted to what is left: every node left on the canvas, none under the controls card
        assert corpus_page.js("kgNetwork.getScale()") != scale
        width, height = corpus_page.js("[document.getElementById('graph').clientWidth,"
                                       " document.getElementById('graph').clientHeight]")
        card = corpus_page.js("""(() => { const c = document.getElementById('controls').getBoundingClientRect();
            const g = document.getElementById('graph').getBoundingClientRect();
            return { right: c.right - g.left, bottom: c.bottom - g.top }; })()""")  # in canvas coordinates
        points = corpus_page.js("Object.entries(kgNetwork.getPositions())"
                                ".filter(([id]) => !kgNetwork.body.nodes[id].options.hidden)"
                                ".map(([, p]) => kgNetwork.canvasToDOM(p))")
        assert len(points) == len(members)
        assert all(0 <= p["x"] <= width and 0 <= p["y"] <= height for p in points)
        assert not any(p["x"] <= card["right"] and p["y"] <= card["bottom"] for p in points)
    finally:
        corpus_page.page.select_option("#theme", "")
    assert corpus_page.visible() == len(corpus_json["nodes"])


LABEL_PX = """() => Object.keys(kgNetwork.getPositions()).filter(id => !kgNetwork.body.nodes[id].options.hidden)
    .map(id => kgNetwork.body.nodes[id].options.font.size * kgNetwork.getScale())"""  # each drawn label's height


@pytest.mark.browser
def test_corpus_theme_view_keeps_its_labels_readable(corpus_page):
    page = corpus_page
    assert max(page.js(LABEL_PX)) < 4  # the whole corpus, fitted: vis draws no label (hundreds would cover it)
    page.page.select_option("#theme", page.js("document.querySelectorAll('#theme option')[1].value"))
    try:
        # the theme's nodes keep their far-apart places, so the fitted view is small; its labels grow to stay
        # readable, also when zoomed out further, and shrink back to their size when zoomed in (a search)
        assert page.js("kgNetwork.getScale()") < 0.5
        assert min(page.js(LABEL_PX)) >= 9.99
        page.page.mouse.move(700, 400)
        page.page.mouse.wheel(0, 400)
        page.wait_for_still_view()
        assert min(page.js(LABEL_PX)) >= 9.99
        search(page, MISMATCH)
        page.page.wait_for_timeout(600)  # focus animation (400 ms)
        assert page.js("kgNetwork.getScale()") > 0.99 and 12.8 < min(page.js(LABEL_PX)) <= max(page.js(LABEL_PX)) <= 13
        page.page.click("#panel-close")
    finally:
        page.page.select_option("#theme", "")
    assert max(page.js(LABEL_PX)) < 4
    page.assert_quiet()


DRAWN_AT = """() => Object.entries(kgNetwork.getPositions()).filter(([id]) => !kgNetwork.body.nodes[id].options.hidden)
    .map(([, p]) => kgNetwork.canvasToDOM(p))"""  # where each drawn node is, in canvas pixels
RECT = "id => { const r = document.getElementById(id).getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }"


@pytest.mark.browser
def test_corpus_filter_change_fits_the_nodes_beside_an_open_panel(corpus_page):
    page = corpus_page
    search(page, MISMATCH)  # opens its panel
    page.page.select_option("#theme", page.js("document.querySelectorAll('#theme option')[1].value"))
    page.page.wait_for_timeout(600)  # the fit animation (400 ms), which a loaded machine may start late
    page.wait_for_still_view()
    try:
        panel_left = page.js(RECT, "panel")[0]
        card_right, card_bottom = page.js(RECT, "controls")[2:]
        points = page.js(DRAWN_AT)
        assert len(points) == page.visible()
        assert all(0 <= p["x"] < panel_left and 0 <= p["y"] <= 800 for p in points), panel_left
        assert not any(p["x"] <= card_right and p["y"] <= card_bottom for p in points)
        page.page.click("#panel-close")
    finally:
        page.page.select_option("#theme", "")
    page.assert_quiet()


@pytest.mark.browser
def test_corpus_tooltip_beside_the_panel_stays_clear_of_it(corpus_page):
    page = corpus_page
    search(page, MISMATCH)
    page.wait_for_still_view()
    panel_left = page.js(RECT, "panel")[0]
    target = page.node_id(MISMATCH_IRI)
    page.js("""([id, x]) => kgNetwork.moveTo({ position: kgNetwork.getPositions([id])[id], scale: 1,
        offset: { x: x - document.getElementById('graph').clientWidth / 2, y: 0 } })""", [target, panel_left - 20])
    x, y = page.js("id => kgNetwork.canvasToDOM(kgNetwork.getPositions([id])[id])", target).values()
    page.page.mouse.move(x, y)
    page.page.wait_for_selector("div.vis-tooltip", state="visible")
    tip = page.js("(() => { const r = document.querySelector('div.vis-tooltip').getBoundingClientRect();"
                  " return [r.left, r.right, r.width]; })()")
    assert tip[2] > 100 and 0 <= tip[0] and tip[1] <= panel_left, (tip, panel_left)
    page.page.mouse.move(640, 795)
    page.page.click("#panel-close")
    page.assert_quiet()


@pytest.mark.browser
def test_corpus_panel_badge_quotes_each_theme(corpus_page, corpus_export, corpus_json):
    from kg.analysis import themes
    found = themes(kg.api.load(corpus_export / "graph.ttl").graph)
    page = corpus_page
    search(page, MISMATCH)
    names = [t["name"] for t in found if MISMATCH_IRI in t["entities"]]
    assert len(names) == 1 and " · " in names[0]  # "train-inference mismatch · post-training · …": one item
    assert page.page.text_content("#panel .badge") == f"Problem · theme “{names[0]}”"
    paper = next(p for p in sorted(papers_linked_to(corpus_json, MISMATCH_IRI))
                 if sum(p in t["papers"] for t in found) > 1)
    page.page.click(f"#panel .node-link[data-node={page.node_id(paper)}]")
    quoted = ", ".join(f"“{t['name']}”" for t in found if paper in t["papers"])
    assert page.page.text_content("#panel .badge") == f"Paper · themes {quoted}"
    page.page.click("#panel-close")
    page.assert_quiet()


@pytest.mark.browser
def test_corpus_search_focuses_the_node(corpus_page):
    page = corpus_page
    target = page.node_id(MISMATCH_IRI)
    search(page, MISMATCH)
    assert page.page.text_content("#search-status") == ""
    assert page.js("kgNetwork.getSelectedNodes()") == [target]
    assert page.page.get_attribute("#panel", "data-node") == target
    assert page.page.text_content("#panel h2") == MISMATCH
    page.page.wait_for_timeout(600)  # focus animation (400 ms)
    # the node is now in the clear part of the screen, between the controls and the panel
    x, y = page.js("id => kgNetwork.canvasToDOM(kgNetwork.getPositions([id])[id])", target).values()
    left = page.js("document.getElementById('controls').getBoundingClientRect().right")
    right = page.js("document.getElementById('panel').getBoundingClientRect().left")
    assert left < x < right and 0 < y < 800
    page.page.click("#panel-close")
    assert page.page.is_hidden("#panel") and page.js("kgNetwork.getSelectedNodes()") == []
    page.assert_quiet()


@pytest.mark.browser
def test_corpus_search_ranks_fragments_and_offers_every_node_of_a_shared_name(browser, corpus_export, corpus_json):
    page = Page(browser, corpus_export / "graph.html")  # its own page: dozens of searches move the shared one
    search(page, "mismatch")  # a fragment: the concept in most papers among those starting a word with it
    assert page.page.get_attribute("#panel", "data-node") == page.node_id(MISMATCH_IRI)
    names = {}
    for n in corpus_json["nodes"]:
        for name in {n["label"].lower(), *(a.lower() for a in n.get("aliases", []))}:
            names.setdefault(name, []).append(n["id"])
    shared = {name: iris for name, iris in names.items() if len(iris) > 1}
    assert shared  # paper labels that are also concept aliases ("OOD", "AR", …)
    options = page.js("[...document.querySelectorAll('#search-list option')].map(o => o.value)")
    for name, iris in shared.items():
        for iri in iris:  # each node carrying the name has a suggestion of its own that opens it
            offered = [o for o in options if o.lower() == name or o.lower().startswith(name + " (")]
            opened = set()
            for value in offered:
                page.page.fill("#search", value)
                page.page.press("#search", "Enter")
                opened.add(page.page.get_attribute("#panel", "data-node"))
            assert page.node_id(iri) in opened, (name, offered)
    page.assert_quiet()
    page.close()


@pytest.mark.browser
def test_narrow_window_search_puts_the_node_between_the_cards(browser, corpus_export):
    page = Page(browser, corpus_export / "graph.html")
    page.page.set_viewport_size({"width": 800, "height": 600})
    search(page, MISMATCH)
    page.wait_for_still_view()
    target = page.node_id(MISMATCH_IRI)
    x = page.js("id => kgNetwork.canvasToDOM(kgNetwork.getPositions([id])[id]).x", target)
    left = page.js("document.getElementById('controls').getBoundingClientRect().right")
    right = page.js("document.getElementById('panel').getBoundingClientRect().left")
    assert left < x < right, (left, x, right)
    page.close()


@pytest.mark.browser
@pytest.mark.parametrize("viewport", [(420, 800), (800, 600)])
def test_narrow_window_shows_the_graph_clear_of_the_controls(browser, corpus_export, viewport):
    page = Page(browser, corpus_export / "graph.html", viewport=viewport)
    covered = """() => { const card = document.getElementById('controls').getBoundingClientRect();
        const box = document.getElementById('graph').getBoundingClientRect();
        return Object.values(kgNetwork.getPositions()).map(p => kgNetwork.canvasToDOM(p))
            .filter(p => p.x + box.left <= card.right && p.y + box.top <= card.bottom).length; }"""
    assert page.js(covered) == 0
    page.page.click("#legend button >> nth=1")  # hide a type: the view fits the nodes left, clear of the card
    page.wait_for_still_view()
    assert page.js(covered) == 0
    page.close()


@pytest.mark.browser
def test_narrow_window_opens_the_panel_as_a_sheet_below_the_node(browser, corpus_export):
    page = Page(browser, corpus_export / "graph.html", viewport=(420, 800))
    search(page, MISMATCH)
    page.wait_for_still_view()
    rect = "id => { const r = document.getElementById(id).getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }"
    left, top, right, _ = page.js(rect, "panel")
    assert right - left >= 300  # beside the controls it was 110 px wide: a word or two a line
    x, y = page.js("id => kgNetwork.canvasToDOM(kgNetwork.getPositions([id])[id])", page.node_id(MISMATCH_IRI)).values()
    card_right, card_bottom = page.js(rect, "controls")[2:]
    assert 0 < y < top and not (x <= card_right and y <= card_bottom), (x, y)  # above the sheet, beside the card
    page.assert_quiet()
    page.close()


@pytest.mark.browser
def test_zoomed_in_window_search_shows_the_node_clear_of_both_cards(browser, corpus_export):
    # 700 px: a 1400 px window at 200 % zoom; 640 x 400: a 1280 x 800 one. Too narrow for the panel beside the
    # controls (a 16 to 100 px gap between them): the node found was put under the controls card.
    page = Page(browser, corpus_export / "graph.html", viewport=(700, 800))
    try:
        for width, height in [(700, 800), (640, 400)]:
            page.page.set_viewport_size({"width": width, "height": height})
            search(page, MISMATCH)
            page.wait_for_still_view()
            x, y = page.js("id => kgNetwork.canvasToDOM(kgNetwork.getPositions([id])[id])",
                           page.node_id(MISMATCH_IRI)).values()
            card_right, card_bottom = page.js(RECT, "controls")[2:]
            left, top, right, bottom = page.js(RECT, "panel")
            assert 0 < x < width and 0 < y < height, (width, x, y)
            assert not (x <= card_right and y <= card_bottom), (width, x, y)  # under the controls
            assert not (left <= x <= right and top <= y <= bottom), (width, x, y)  # under the panel
        page.assert_quiet()
    finally:
        page.close()


@pytest.mark.browser
def test_narrow_window_sheet_leaves_the_filters_reachable(browser, corpus_export):
    page = Page(browser, corpus_export / "graph.html", viewport=(420, 700))
    search(page, MISMATCH)
    assert page.js(RECT, "controls")[3] <= page.js(RECT, "panel")[1]  # the card ends above the sheet (and scrolls)
    page.page.click("#min-papers", position={"x": 2, "y": 8}, timeout=2_000)  # scrolled into view, not covered
    page.page.keyboard.press("ArrowRight")
    page.page.keyboard.press("ArrowRight")
    assert page.page.text_content("#min-papers-value") == "2"
    assert page.visible() < page.js("JSON.parse(document.getElementById('kg-data').textContent).nodes.length")
    page.page.select_option("#theme", index=1, timeout=2_000)
    assert page.page.is_visible("#panel")
    # fitted above the sheet, beside the card: too little room to grow their labels (they would cover it)
    assert page.visible() > 420 * 350 / (125 * 80)
    assert {round(px / page.js("kgNetwork.getScale()"), 3) for px in page.js(LABEL_PX)} == {13}
    page.assert_quiet()
    page.close()


@pytest.mark.browser
def test_corpus_click_opens_the_panel_with_its_papers(corpus_page, corpus_json):
    page = corpus_page
    target = page.node_id(MISMATCH_IRI)
    search(page, MISMATCH)  # brings the node into view
    page.page.click("#panel-close")
    page.page.wait_for_timeout(600)
    page.click_node(target)
    assert page.js("kgNetwork.getSelectedNodes()") == [target]
    assert page.page.is_visible("#panel")
    assert page.page.text_content("#panel h2") == MISMATCH
    labels = {n["id"]: n["label"] for n in corpus_json["nodes"]}
    expected = {labels[p] for p in papers_linked_to(corpus_json, MISMATCH_IRI)}
    # papers are listed under their roles; concepts related to it (graph.json has those too) come apart
    listed = page.page.locator(PAPER_LINKS).all_text_contents()
    assert set(listed) == expected and len(expected) >= 6
    related = page.page.locator("#panel h3[data-section=relations] + ul .node-link").all_text_contents()
    assert sorted(related) == sorted(labels[n] for n in within(corpus_json, MISMATCH_IRI, 1) - {MISMATCH_IRI}
                                     if n not in papers_linked_to(corpus_json, MISMATCH_IRI))
    assert page.page.text_content("#panel p.tip-meta") == f"Found in {len(expected)} papers."
    assert page.page.locator("#panel h3[data-role=addresses]").count() == 1
    page.screenshot("corpus-panel.png")

    # a listed paper opens with its abstract, the mention of the problem highlighted
    page.page.locator(PAPER_LINKS).first.click()
    assert page.page.locator("#panel .abstract").count() == 1
    marks = page.page.locator(f"#panel .abstract mark[data-node={target}]").all_text_contents()
    names = {name.lower() for name in [MISMATCH, *node_by_label(corpus_json, MISMATCH)["aliases"]]}
    assert marks and all(re.sub(r"(es|s)$", "", m.lower()) in names or m.lower() in names for m in marks), marks
    page.page.click("#panel-close")
    page.assert_quiet()


@pytest.mark.browser
def test_corpus_legend_toggle_hides_a_type(corpus_page, corpus_json):
    page, n = corpus_page, len(corpus_json["nodes"])
    counts = type_counts(corpus_json)
    types = page.js("() => { const d = JSON.parse(document.getElementById('kg-data').textContent);"
                    " return Object.fromEntries(d.nodes.map(x => [x.id, x.type])); }")
    drawn_ids = "() => kgNetwork.body.data.nodes.getIds()"
    for node_type in ("Method", "Paper"):
        page.page.click(f"#legend [data-type={node_type}]")
        assert page.visible() == n - counts[node_type]
        assert node_type not in {types[i] for i in page.js(drawn_ids)}
        assert page.page.get_attribute(f"#legend [data-type={node_type}]", "aria-pressed") == "false"
        page.page.click(f"#legend [data-type={node_type}]")
        assert page.visible() == n
    page.assert_quiet()


@pytest.mark.browser
def test_view_page_draws_the_neighbourhood(browser, mismatch_view):
    data = page_json(mismatch_view.read_text(encoding="utf-8"), "kg-data")
    page = Page(browser, mismatch_view)
    try:
        assert page.visible() == len(data["nodes"])
        assert page.js("document.title") == data["title"]
        search(page, MISMATCH)
        listed = page.js(f"[...document.querySelectorAll('{PAPER_LINKS}')].map(b => b.dataset.node)")
        assert set(listed) == {n["id"] for n in data["nodes"] if n["type"] == "Paper"}
        page.assert_quiet()
    finally:
        page.close()
