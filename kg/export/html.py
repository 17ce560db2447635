"""Interactive HTML export: one self-contained page, generated through pyvis.

The page works offline and makes no network request: vis-network's JS and CSS
are read from the pyvis package at build time and inlined, and the project's
own template (``templates/graph.html`` + ``templates/graph.js``) replaces
pyvis's, which links Bootstrap from a CDN and renders some text as raw HTML.

Safety model: pyvis only ever sees opaque node ids (``n0``, ``n1`` …), shapes,
colours and sizes.  Every string from the graph travels in a
``<script type="application/json">`` block with ``<``, ``>``, ``&``, U+2028
and U+2029 escaped, and the page's JS puts text into the DOM with
``textContent`` only (tooltips are DOM elements, links get ``href`` only for
http(s) URLs).  A Content-Security-Policy that allows only the page's own two
scripts (by hash) backs this up.
"""

from __future__ import annotations

import base64
import copy
import functools
import hashlib
import json
import logging
import math
import os
from bisect import bisect_left
from importlib import resources
from pathlib import Path
from typing import Any, Callable, NamedTuple

import networkx as nx
from markupsafe import Markup

from kg.errors import ExportError
from kg.export import atomic_write
from kg.records import NodeType, Role

__all__ = ["write_html", "neighbourhood"]

log = logging.getLogger(__name__)

#: Above this many nodes the page opens on the "core" view: entities found in
#: at least LARGE_GRAPH_MIN_PAPERS papers (more, until the view has at most
#: LARGE_GRAPH_NODES nodes), and their papers.
LARGE_GRAPH_NODES = 3000
LARGE_GRAPH_MIN_PAPERS = 2

#: Physics settles in at most this many iterations, fewer for bigger views;
#: physics is then switched off.
MAX_STABILIZATION_ITERATIONS = 150
MIN_STABILIZATION_ITERATIONS = 40
_FULL_ITERATIONS_UP_TO = 300  # views up to this size get the maximum

#: vis-network's "improved layout" (Kamada-Kawai seeding) is slow on big views.
IMPROVED_LAYOUT_UP_TO = 100


class Style(NamedTuple):
    """How one node type is drawn: a colour and a vis-network shape.

    Only shapes with the label underneath are used, so ``size`` applies.
    """

    color: str
    shape: str


#: Colours from Tableau 10 (colour-blind friendly), one shape per type.
PALETTE: dict[str, Style] = {
    NodeType.PAPER.value: Style("#4e79a7", "square"),
    NodeType.METHOD.value: Style("#f28e2b", "dot"),
    NodeType.PROBLEM.value: Style("#e15759", "diamond"),
    NodeType.MODEL.value: Style("#59a14f", "triangle"),
    NodeType.BENCHMARK.value: Style("#b07aa1", "hexagon"),
    NodeType.METRIC.value: Style("#9c755f", "star"),
}
FALLBACK_STYLE = Style("#8c8c8c", "dot")  # any type missing from PALETTE

#: How the page words each role: (paper → entity, "papers that … it").
ROLE_PHRASES: dict[str, tuple[str, str]] = {
    Role.PROPOSES.value: ("proposes", "propose"),
    Role.ADDRESSES.value: ("addresses", "address"),
    Role.EVALUATES_ON.value: ("evaluates on", "evaluate on"),
    Role.USES.value: ("uses", "use"),
    Role.MENTIONS.value: ("mentions", "mention"),
}

#: How the page words each entity → entity relation (kg/graph.py), "A … B";
#: a relation missing here is shown by its name.
RELATION_PHRASES: dict[str, str] = {
    "broader": "is a kind of",
    "mitigates": "mitigates",
    "appliedTo": "is applied to",
    "evaluatedOn": "is evaluated on",
    "outperforms": "outperforms",
}

_PAPER = NodeType.PAPER.value
_TEMPLATES = Path(__file__).with_name("templates")
_TEMPLATE = "graph.html"
_SCRIPT = "graph.js"
_VIS_DIR = ("templates", "lib", "vis-9.1.2")  # inside the pyvis package

# Characters that must not appear raw in JSON inside a <script> element.
_SCRIPT_JSON_ESCAPES = str.maketrans(
    {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029"}
)


def write_html(G: nx.MultiDiGraph, path: str | os.PathLike[str], *, title: str = "litkg",
               themes: list[dict] | None = None) -> Path:
    """Write ``G`` as one self-contained interactive HTML page.

    The file is written atomically (temporary file in the same folder, then
    ``os.replace``; missing folders are created); ``G`` is not modified.

    Parameters
    ----------
    G : networkx.MultiDiGraph
        A litkg graph (node key = IRI; ``type``/``label`` on every node,
        paper → entity edges keyed by role with ``evidence``).
    path : path-like
        Where to write the page.
    title : str, keyword-only
        Shown as the page title and heading.
    themes : list of dict, keyword-only
        Themes as :func:`kg.analysis.themes` returns them, for the page's theme filter: a theme shows its
        concepts and papers. A node's own ``theme`` attribute adds one more.

    Returns
    -------
    pathlib.Path
        The path written.

    Raises
    ------
    ExportError
        If the page cannot be written.

    Examples
    --------
    >>> import networkx as nx, tempfile, pathlib
    >>> G = nx.MultiDiGraph()
    >>> G.add_node("https://w3id.org/litkg/id/model/qwen3-8b", type="Model", label="Qwen3-8B")
    >>> out = write_html(G, pathlib.Path(tempfile.mkdtemp()) / "graph.html")
    >>> out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    True
    """
    path = Path(path)
    ids = {key: f"n{i}" for i, key in enumerate(sorted(G.nodes, key=str))}
    data = _page_data(G, ids, title, themes or [])
    net = _network(G, ids, data)
    html = _render(net, data)
    _write(path, html)
    return path


def neighbourhood(G: nx.MultiDiGraph, node: str, depth: int = 1) -> nx.MultiDiGraph:
    """Return a copy of the part of ``G`` within ``depth`` hops of ``node``.

    Edge direction is ignored when counting hops; every edge of ``G`` between
    two kept nodes is kept.  Attribute values are deep-copied, so the result
    can be changed without touching ``G``.  A kept paper linked to concepts
    outside the part gets their IRIs as ``concepts_outside``, for its panel.

    Parameters
    ----------
    G : networkx.MultiDiGraph
    node : str
        Key (IRI) of the centre node.
    depth : int
        Maximum number of hops (0 keeps the node alone).

    Raises
    ------
    KeyError
        If ``node`` is not in ``G``.
    ValueError
        If ``depth`` is negative.

    Examples
    --------
    >>> G = nx.MultiDiGraph([("p1", "m"), ("p2", "m"), ("p2", "x")])
    >>> sorted(neighbourhood(G, "p1", depth=2))
    ['m', 'p1', 'p2']
    """
    if node not in G:
        raise KeyError(
            f"node {node!r} is not in the graph ({G.number_of_nodes()} nodes); "
            "expected a node IRI such as 'https://w3id.org/litkg/id/...'"
        )
    if depth < 0:
        raise ValueError(f"depth must be 0 or more, got {depth}")
    within = nx.single_source_shortest_path_length(G.to_undirected(as_view=True), node, cutoff=depth)
    H = G.__class__()
    H.graph.update(copy.deepcopy(G.graph))
    H.add_nodes_from((n, copy.deepcopy(attrs)) for n, attrs in G.nodes(data=True) if n in within)
    H.add_edges_from(
        (u, v, k, copy.deepcopy(attrs))
        for u, v, k, attrs in G.edges(list(H), keys=True, data=True)
        if v in within
    )
    for paper in [n for n, t in H.nodes(data="type") if t == _PAPER]:
        outside = sorted({v for v in G.successors(paper) if v not in within})
        if outside:
            H.nodes[paper]["concepts_outside"] = outside
    return H


# --- page data (all text lives here, in the JSON block) -------------------


def _page_data(G: nx.MultiDiGraph, ids: dict[Any, str], title: str, themes: list[dict]) -> dict[str, Any]:
    """Everything the page's JS needs, keyed by opaque id."""
    members: dict[Any, list[str]] = {}
    for theme in themes:
        for key in (*theme["entities"], *theme["papers"]):
            members.setdefault(key, []).append(theme["name"])
    nodes = [_node_record(G, key, ids, members.get(key, [])) for key in sorted(G.nodes, key=str)]
    own = sorted({t for n in nodes for t in n["themes"]} - {t["name"] for t in themes})
    large = len(nodes) > LARGE_GRAPH_NODES
    edges = _edge_records(G, ids)
    core_min_papers = _core_min_papers(nodes, edges) if large else 0
    types = _type_legend(nodes)
    return {
        "title": title,
        "paperType": _PAPER,
        "types": types,
        "styles": {t["name"]: {"color": t["color"], "shape": t["shape"]} for t in types},
        "roles": [{"name": r, "verb": v, "plural": p} for r, (v, p) in ROLE_PHRASES.items()],
        "relations": [{"name": r, "verb": v} for r, v in RELATION_PHRASES.items()],
        "themes": [t["name"] for t in themes] + own,  # as `kg themes` lists them, largest first
        "large": large,
        "largeMinPapers": core_min_papers,
        "defaultMinPapers": core_min_papers,
        "maxPapers": max((n["nPapers"] for n in nodes if n["type"] != _PAPER), default=0),
        "nodes": nodes,
        "edges": edges,
    }


def _core_min_papers(nodes: list[dict], edges: list[dict]) -> int:
    """The least number of papers, from LARGE_GRAPH_MIN_PAPERS up, whose core view (the entities found in that
    many papers, and their papers) has at most LARGE_GRAPH_NODES nodes; the largest count if none has."""
    n_papers = {n["id"]: n["nPapers"] for n in nodes if n["type"] != _PAPER}
    reach: dict[str, int] = {}  # paper → the most papers any of its entities is found in
    for e in edges:
        if e["to"] in n_papers and e["from"] not in n_papers:
            reach[e["from"]] = max(reach.get(e["from"], 0), n_papers[e["to"]])
    entities, papers = sorted(n_papers.values()), sorted(reach.values())
    counts = sorted({c for c in entities if c >= LARGE_GRAPH_MIN_PAPERS})
    for m in counts:  # the core view at m: entities and papers whose count is at least m
        if len(entities) - bisect_left(entities, m) + len(papers) - bisect_left(papers, m) <= LARGE_GRAPH_NODES:
            return m
    return counts[-1] if counts else LARGE_GRAPH_MIN_PAPERS


def _node_record(G: nx.MultiDiGraph, key: Any, ids: dict[Any, str], themes: list[str]) -> dict[str, Any]:
    attrs = G.nodes[key]
    ntype = str(attrs.get("type") or "Unknown")
    own = attrs.get("theme")
    record = {
        "id": ids[key],
        "iri": str(key),
        "type": ntype,
        "label": str(attrs.get("label") or key),
        "aliases": [str(a) for a in attrs.get("aliases") or ()],
        "themes": themes + ([str(own)] if own is not None and str(own) not in themes else []),
        "degree": len(set(G.predecessors(key)) | set(G.successors(key))),
    }
    if ntype == _PAPER:
        abstract = str(attrs.get("abstract") or "")
        record.update(abstract=abstract, urls=[str(u) for u in attrs.get("urls") or ()],
                      spans=_mention_spans(G, key, abstract, ids),
                      externalConcepts=[str(c) for c in attrs.get("concepts_outside") or ()])
    else:
        record.update(_entity_papers(G, key, ids))
    return record


def _entity_papers(G: nx.MultiDiGraph, key: Any, ids: dict[Any, str]) -> dict[str, Any]:
    """Paper count, plus listed papers that no edge in ``G`` explains.

    Papers linked by an edge are shown (grouped by role) from the edge list;
    ``otherPapers`` are in ``G`` but unlinked, ``externalPapers`` are not in
    ``G`` at all (for instance outside a neighbourhood) and shown as IRIs.
    """
    listed = list(dict.fromkeys(_listed_papers(G.nodes[key])))
    linked = set(G.predecessors(key))
    return {
        "nPapers": len(set(listed) | {p for p in linked if G.nodes[p].get("type") == _PAPER}),
        "otherPapers": [ids[p] for p in listed if p in G and p not in linked],
        "externalPapers": [str(p) for p in listed if p not in G],
    }


def _listed_papers(attrs: dict[str, Any]) -> list[Any]:
    papers = attrs.get("papers") or ()
    return [papers] if isinstance(papers, str) else list(papers)


def _mention_spans(G: nx.MultiDiGraph, paper: Any, abstract: str, ids: dict[Any, str]) -> list[list[Any]]:
    """Mentions to highlight: [start, end, entity id, role], sorted, in UTF-16 units.

    JS strings index UTF-16 code units, Python strings code points; they
    differ after any character outside the BMP (emoji, math letters).
    Evidence whose offsets do not match its text is dropped and counted.
    """
    to_js = _utf16_offsets(abstract)
    spans, dropped = [], 0
    for _, entity, key, attrs in G.out_edges(paper, keys=True, data=True):
        for ev in attrs.get("evidence") or ():
            start, end, text = ev.get("start"), ev.get("end"), ev.get("text")
            ok = (isinstance(start, int) and isinstance(end, int) and 0 <= start < end <= len(abstract)
                  and (text is None or abstract[start:end] == text))
            if not ok:
                dropped += 1
                continue
            spans.append([to_js(start), to_js(end), ids[entity], str(attrs.get("role") or key)])
    if dropped:
        log.warning("paper %s: dropped %d evidence span(s) whose offsets do not match the abstract",
                    paper, dropped)
    spans.sort(key=lambda s: (s[0], -s[1], s[2], s[3]))
    return spans


def _utf16_offsets(text: str) -> Callable[[int], int]:
    """Map code-point offsets in ``text`` to UTF-16 code-unit offsets."""
    if all(ord(ch) <= 0xFFFF for ch in text):
        return lambda i: i
    prefix = [0]
    for ch in text:
        prefix.append(prefix[-1] + (2 if ord(ch) > 0xFFFF else 1))
    return prefix.__getitem__


def _edge_records(G: nx.MultiDiGraph, ids: dict[Any, str]) -> list[dict[str, Any]]:
    """One record per graph edge, with its distinct evidence sentences.

    ``role`` is the paper → entity role or, for entity → entity edges, the relation.
    """
    records = []
    for i, (u, v, k, attrs) in enumerate(_sorted_edges(G)):
        sentences = [str(ev.get("sentence")) for ev in attrs.get("evidence") or () if ev.get("sentence")]
        records.append({"id": f"e{i}", "from": ids[u], "to": ids[v],
                        "role": str(attrs.get("role") or attrs.get("relation") or k),
                        "sentences": list(dict.fromkeys(sentences))})
    return records


def _sorted_edges(G: nx.MultiDiGraph) -> list[tuple[Any, Any, Any, dict[str, Any]]]:
    return sorted(G.edges(keys=True, data=True), key=lambda e: (str(e[0]), str(e[1]), str(e[2])))


def _type_legend(nodes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Types present in the graph, palette order first, with counts."""
    counts: dict[str, int] = {}
    for n in nodes:
        counts[n["type"]] = counts.get(n["type"], 0) + 1
    order = [t for t in PALETTE if t in counts] + sorted(t for t in counts if t not in PALETTE)
    unknown = [t for t in order if t not in PALETTE]
    if unknown:
        log.warning("%d node type(s) not in the palette, drawn in grey: %s", len(unknown),
                    ", ".join(map(repr, unknown)))
    return [{"name": t, "count": counts[t], **PALETTE.get(t, FALLBACK_STYLE)._asdict()} for t in order]


# --- pyvis: opaque ids, shapes, colours, sizes and options only -----------


def _network(G: nx.MultiDiGraph, ids: dict[Any, str], data: dict[str, Any]):
    from pyvis.network import Network  # heavy import, only when exporting

    net = Network(height="100%", width="100%", directed=True, cdn_resources="in_line",
                  heading=data["title"])
    for n in data["nodes"]:
        style = PALETTE.get(n["type"], FALLBACK_STYLE)
        # label defaults to the opaque id; the page replaces it with the real one
        net.add_node(n["id"], shape=style.shape, color=style.color, size=_node_size(n["degree"]))
    for e in data["edges"]:
        net.add_edge(e["from"], e["to"], id=e["id"], width=2 if e["role"] == Role.PROPOSES.value else 1,
                     dashes=e["role"] == Role.MENTIONS.value)
    # pyvis's set_options strips every space: keep option strings space-free
    net.set_options(json.dumps(_vis_options(_initial_view_size(data), large=data["large"])))
    net.set_template_dir(str(_TEMPLATES), _TEMPLATE)
    return net


def _node_size(degree: int) -> float:
    return round(min(10 + 5 * math.sqrt(degree), 45), 1)


def _initial_view_size(data: dict[str, Any]) -> int:
    """Nodes in the opening view (the page applies the same rule)."""
    m = data["defaultMinPapers"]
    return len(data["nodes"]) if m <= 1 else _core_view_size(data["nodes"], data["edges"], m)


def _core_view_size(nodes: list[dict], edges: list[dict], min_papers: int) -> int:
    core = {n["id"] for n in nodes if n["type"] != _PAPER and n["nPapers"] >= min_papers}
    return len(core | {e["from"] for e in edges if e["to"] in core})


def _stabilization_iterations(n_nodes: int) -> int:
    scaled = MAX_STABILIZATION_ITERATIONS * math.sqrt(_FULL_ITERATIONS_UP_TO / max(n_nodes, 1))
    return int(min(MAX_STABILIZATION_ITERATIONS, max(MIN_STABILIZATION_ITERATIONS, scaled)))


def _vis_options(n_view: int, *, large: bool) -> dict[str, Any]:
    return {
        "nodes": {"borderWidth": 1, "font": {"size": 13, "color": "#24292f", "strokeWidth": 3,
                                             "strokeColor": "#ffffff"}},
        "edges": {"color": {"color": "#b8c0cc", "highlight": "#39424e", "hover": "#39424e",
                            "inherit": False},
                  "smooth": {"enabled": not large, "type": "continuous"},
                  "arrows": {"to": {"enabled": True, "scaleFactor": 0.5}}},
        "interaction": {"hover": True, "tooltipDelay": 120, "hideEdgesOnDrag": large,
                        "hideEdgesOnZoom": large,
                        # arrows pan, +/- zoom while the graph has the focus (Tab); the mouse does not take it
                        "keyboard": {"enabled": True, "bindToWindow": False, "autoFocus": False}},
        "layout": {"randomSeed": 7, "improvedLayout": n_view <= IMPROVED_LAYOUT_UP_TO},
        "physics": {
            "enabled": True,
            "solver": "forceAtlas2Based",
            "forceAtlas2Based": {"gravitationalConstant": -60, "centralGravity": 0.008,
                                 "springLength": 90, "springConstant": 0.08, "avoidOverlap": 0.3},
            "stabilization": {"enabled": True, "iterations": _stabilization_iterations(n_view),
                              "updateInterval": 10, "fit": True},
        },
    }


# --- rendering and writing --------------------------------------------------


def _render(net, data: dict[str, Any]) -> str:
    """Render the page through pyvis with our template and inlined assets."""
    vis_js, vis_css = _vis_assets()
    app_js = (_TEMPLATES / _SCRIPT).read_text(encoding="utf-8")
    env = net.templateEnv
    env.filters["script_json"] = lambda value: Markup(_script_json(value))
    env.filters["script_json_text"] = lambda text: Markup(_escape_json_text(text))
    env.globals.update(
        kg_data=Markup(_script_json(data)),
        vis_js=Markup(vis_js),
        vis_css=Markup(vis_css),
        app_js=Markup(app_js),
        script_hashes=Markup(" ".join(_csp_hash(s) for s in (vis_js, app_js))),
    )
    return net.generate_html()


@functools.lru_cache(maxsize=1)
def _vis_assets() -> tuple[str, str]:
    """vis-network's JS and CSS as shipped inside the pyvis package."""
    folder = resources.files("pyvis").joinpath(*_VIS_DIR)
    try:
        js = folder.joinpath("vis-network.min.js").read_text(encoding="utf-8")
        css = folder.joinpath("vis-network.css").read_text(encoding="utf-8")
    except OSError as exc:
        raise ExportError(f"cannot read vis-network from the pyvis package ({folder}): {exc}") from exc
    # an end tag inside would close the inline element early
    return js.replace("</script", "<\\/script"), css.replace("</style", "<\\/style")


def _script_json(value: Any) -> str:
    """JSON safe to place inside a ``<script>`` element."""
    return _escape_json_text(json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":")))


def _escape_json_text(text: str) -> str:
    # these characters can only occur inside JSON strings, where \uXXXX means the same
    return text.translate(_SCRIPT_JSON_ESCAPES)


def _csp_hash(script: str) -> str:
    digest = hashlib.sha256(script.encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode('ascii')}'"


def _write(path: Path, text: str) -> None:
    """Write ``text`` atomically with the package's helper (temp file beside ``path``)."""
    payload = text.encode("utf-8", errors="replace")  # lone surrogates become '?'
    atomic_write(path, lambda tmp: tmp.write_bytes(payload))
