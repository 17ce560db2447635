"""Graph analytics over a litkg MultiDiGraph: related papers, themes, top concepts, paths, entity cards.

Every function takes the graph ``G`` first (the schema is in :mod:`kg.graph`)
and never modifies it. "Specific" concepts are those that say something about
a paper: not linked to more than :data:`GENERIC_SHARE` of all papers, and not a
lone lower-case word ("reasoning", "accuracy"). Rarity is measured by IDF,
``log(N / df)`` over the N papers, so a link through "large language models"
counts far less than one through "KV cache reuse".
"""

from __future__ import annotations

import difflib
import functools
import math
import random
import threading
from collections import Counter, defaultdict
from itertools import combinations

import networkx as nx

from .errors import InputError, KGError, NotFoundError
from .normalize import normalize_label
from .records import NodeType, Role

__all__ = ["GENERIC_SHARE", "ROLE_WEIGHT", "papers", "paper_entities", "document_frequency", "idf", "is_generic",
           "generic_entities", "family_of", "related", "linked_share", "themes", "top_entities", "find_node",
           "find_paper", "connection", "describe"]


def _graph_first(fn):
    """Let *fn* take a KnowledgeGraph as well as its networkx graph (``kg.load(...)`` or ``.graph``)."""
    @functools.wraps(fn)
    def wrapper(G, *args, **kwargs):
        return fn(G if isinstance(G, nx.Graph) else G.graph, *args, **kwargs)
    return wrapper


GENERIC_SHARE = 0.2
ROLE_WEIGHT = {Role.PROPOSES.value: 1.0, Role.ADDRESSES.value: 1.0, Role.EVALUATES_ON.value: 0.6,
               Role.USES.value: 0.4, Role.MENTIONS.value: 0.2}
_TYPE_WEIGHT = {NodeType.METRIC.value: 0.3}
_PAPER = NodeType.PAPER.value


def _count(value, name: str) -> int:
    """*value* if it is a whole number, 0 or more (how many to return); InputError naming *name* otherwise."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InputError(f"{name}={value!r}: expected a whole number, 0 or more")
    return value


def _entity_type(name) -> str:
    """The entity type called *name* in any case ("Problem", "problem", NodeType.PROBLEM); InputError otherwise."""
    types = [t.value for t in NodeType if t is not NodeType.PAPER]
    found = [t for t in types if t.lower() == str(getattr(name, "value", name)).lower()]
    if not found:
        raise InputError(f"unknown entity type {name!r}; expected one of {', '.join(types)}")
    return found[0]


@_graph_first
def papers(G: nx.MultiDiGraph) -> list[str]:
    """Paper nodes, sorted.

    Examples
    --------
    >>> import networkx as nx
    >>> G = nx.MultiDiGraph()
    >>> G.add_node("p1", type="Paper", label="P1"); G.add_node("e", type="Method", label="GRPO", papers=["p1"])
    >>> papers(G)
    ['p1']
    """
    return sorted(n for n, t in G.nodes(data="type") if t == _PAPER)


@_graph_first
def paper_entities(G: nx.MultiDiGraph) -> dict[str, dict[str, str]]:
    """Paper → {entity: strongest role} over the paper → entity edges.

    Examples
    --------
    >>> import networkx as nx
    >>> G = nx.MultiDiGraph()
    >>> G.add_node("p1", type="Paper", label="P1"); G.add_node("e", type="Method", label="GRPO", papers=["p1"])
    >>> _ = G.add_edge("p1", "e", key="uses"); _ = G.add_edge("p1", "e", key="proposes")
    >>> paper_entities(G)
    {'p1': {'e': 'proposes'}}
    """
    strength = {r.value: r.strength for r in Role}
    out: dict[str, dict[str, str]] = {p: {} for p in papers(G)}
    for u, v, k in G.edges(keys=True):
        if u in out and k in strength:
            if v not in out[u] or strength[k] > strength[out[u][v]]:
                out[u][v] = k
    return out


@_graph_first
def family_of(G: nx.MultiDiGraph, entity: str) -> list[str]:
    """The direct broader concepts of *entity* (skos:broader edges), sorted.

    Examples
    --------
    >>> import networkx as nx
    >>> G = nx.MultiDiGraph()
    >>> G.add_node("q8", type="Model", label="Qwen3-8B"); G.add_node("q", type="Model", label="Qwen3")
    >>> _ = G.add_edge("q8", "q", key="broader")
    >>> family_of(G, "q8")
    ['q']
    """
    return sorted(v for _, v, k in G.out_edges(entity, keys=True) if k == "broader")


@_graph_first
def document_frequency(G: nx.MultiDiGraph) -> dict[str, int]:
    """Entity → number of papers linked to it, or to a concept directly below it (a family counts its variants).

    Examples
    --------
    >>> import networkx as nx
    >>> G = nx.MultiDiGraph()
    >>> for p in ("p1", "p2"): G.add_node(p, type="Paper", label=p)
    >>> G.add_node("q8", type="Model", label="Qwen3-8B", papers=["p1"])
    >>> G.add_node("q4", type="Model", label="Qwen3-4B", papers=["p2"])
    >>> G.add_node("q", type="Model", label="Qwen3", papers=[])
    >>> _ = G.add_edges_from([("p1", "q8", "uses"), ("p2", "q4", "uses"), ("q8", "q", "broader"), ("q4", "q", "broader")])
    >>> document_frequency(G)["q"]
    2
    """
    linked: dict[str, set] = defaultdict(set)
    for p, ents in paper_entities(G).items():
        for e in ents:
            linked[e].add(p)
            for parent in family_of(G, e):
                linked[parent].add(p)
    return {n: len(linked.get(n, ())) for n, t in G.nodes(data="type") if t != _PAPER}


@_graph_first
def idf(G: nx.MultiDiGraph, df: dict[str, int] | None = None) -> dict[str, float]:
    """Entity → ``log(N / df)`` (0 for an entity of no paper).

    Examples
    --------
    >>> import networkx as nx
    >>> G = nx.MultiDiGraph()
    >>> for p in ("p1", "p2"): G.add_node(p, type="Paper", label=p)
    >>> G.add_node("e", type="Method", label="GRPO", papers=["p1"])
    >>> _ = G.add_edge("p1", "e", key="uses")
    >>> round(idf(G)["e"], 3)
    0.693
    """
    df = document_frequency(G) if df is None else df
    n = max(len(papers(G)), 1)
    return {e: math.log(n / d) if d else 0.0 for e, d in df.items()}


@_graph_first
def is_generic(G: nx.MultiDiGraph, entity: str, df: dict[str, int] | None = None, *,
               share: float = GENERIC_SHARE) -> bool:
    """True for a concept too common or too vague to tell papers apart.

    Linked to more than *share* of all papers, or a lone lower-case word
    ("reasoning", "generation", "accuracy").

    Examples
    --------
    >>> import networkx as nx
    >>> G = nx.MultiDiGraph()
    >>> G.add_node("p1", type="Paper", label="P1")
    >>> G.add_node("r", type="Problem", label="reasoning", papers=["p1"])
    >>> G.add_node("kv", type="Method", label="KV cache reuse", papers=["p1"])
    >>> _ = G.add_edges_from([("p1", "r", "addresses"), ("p1", "kv", "uses")])
    >>> is_generic(G, "r"), is_generic(G, "kv", share=1.0)
    (True, False)
    """
    df = document_frequency(G) if df is None else df
    return entity in generic_entities(G, {entity: df.get(entity, 0)}, share=share)


@_graph_first
def generic_entities(G: nx.MultiDiGraph, df: dict[str, int] | None = None, *,
                     share: float = GENERIC_SHARE) -> set[str]:
    """The entities of *df* (all, by default) for which :func:`is_generic` holds, found in one pass."""
    df = document_frequency(G) if df is None else df
    limit = share * max(len(papers(G)), 1)
    return {e for e, d in df.items() if _vague(G.nodes[e]["label"]) or d > limit}


def _vague(label: str) -> bool:
    """A lone lower-case word: "reasoning", "generation", "accuracy"."""
    return " " not in label and "-" not in label and label.islower()


def _paper_profile(G, ents: dict[str, str], weights: dict[str, float], generic: set) -> dict[str, float]:
    """Entity (and its families, at half weight) → weight of the link for one paper."""
    profile: dict[str, float] = {}
    for e, role in ents.items():
        w = weights.get(e, 0.0) * ROLE_WEIGHT.get(role, 0.2) * _TYPE_WEIGHT.get(G.nodes[e]["type"], 1.0)
        w *= 0.1 if e in generic else 1.0
        profile[e] = max(profile.get(e, 0.0), w)
        for parent in family_of(G, e):
            wp = weights.get(parent, 0.0) * 0.5 * ROLE_WEIGHT.get(role, 0.2) * (0.1 if parent in generic else 1.0)
            profile[parent] = max(profile.get(parent, 0.0), wp)
    return profile


@_graph_first
def related(G: nx.MultiDiGraph, paper: str, *, top: int = 10) -> list[tuple[str, float, list[str]]]:
    """Papers that share specific concepts with *paper*, best first.

    The score sums, over shared concepts, the concept's IDF times the weight
    of its role in each paper (geometric mean of the two sides; proposes and
    addresses 1, evaluates on 0.6, uses 0.4, mentions 0.2); metrics count 0.3,
    generic concepts 0.1, a shared family ("Qwen3" above Qwen3-8B and
    Qwen3-4B) half. What papers are *about* (their problems and proposals)
    therefore weighs most.

    Returns
    -------
    list of (paper, score, shared entities by weight)

    Examples
    --------
    >>> import networkx as nx
    >>> G = nx.MultiDiGraph()
    >>> for p in ("a", "b", "c", "d"): G.add_node(p, type="Paper", label=p.upper())
    >>> G.add_node("kv", type="Method", label="KV cache reuse", papers=["a", "b"])
    >>> G.add_node("llm", type="Model", label="large language models", papers=["a", "b", "c", "d"])
    >>> _ = G.add_edges_from([("a", "kv", "uses"), ("b", "kv", "uses"), ("a", "llm", "uses"), ("b", "llm", "uses"),
    ...                       ("c", "llm", "uses"), ("d", "llm", "uses")])
    >>> [(p, shared) for p, _, shared in related(G, "a")]
    [('b', ['kv'])]
    """
    top = _count(top, "top")
    paper = find_paper(G, paper)  # an IRI, a paper's label, or the name of what it proposes
    df = document_frequency(G)
    weights = idf(G, df)
    generic = generic_entities(G, df)
    ents = paper_entities(G)
    mine = _paper_profile(G, ents[paper], weights, generic)
    scored = []
    for other, theirs_ents in ents.items():
        if other == paper:
            continue
        theirs = _paper_profile(G, theirs_ents, weights, generic)
        shared = {e: math.sqrt(mine[e] * theirs[e]) for e in mine.keys() & theirs.keys()}
        shared = {e: w for e, w in shared.items() if w > 0}
        if shared:
            scored.append((other, round(sum(shared.values()), 4),
                           sorted(shared, key=lambda e: (-shared[e], G.nodes[e]["label"].lower()))))
    scored.sort(key=lambda s: (-s[1], G.nodes[s[0]]["label"].lower(), s[0]))
    return scored[:top]


@_graph_first
def linked_share(G: nx.MultiDiGraph, *, share: float = GENERIC_SHARE) -> tuple[float, list[str]]:
    """Share of papers linked to another paper through a specific (non-generic) concept, and the unlinked papers.

    A concept links papers when two or more papers name it, or name concepts
    directly below it (variants of one family).

    Examples
    --------
    >>> import networkx as nx
    >>> G = nx.MultiDiGraph()
    >>> for p in ("a", "b", "c"): G.add_node(p, type="Paper", label=p)
    >>> G.add_node("kv", type="Method", label="KV cache reuse", papers=["a", "b"])
    >>> _ = G.add_edges_from([("a", "kv", "uses"), ("b", "kv", "uses")])
    >>> linked_share(G, share=1.0)
    (0.6667, ['c'])
    """
    df = document_frequency(G)
    ents = paper_entities(G)
    generic = generic_entities(G, df, share=share)
    linked = set()
    for p, mine in ents.items():
        for e in mine:
            for c in (e, *family_of(G, e)):
                if df.get(c, 0) >= 2 and c not in generic:
                    linked.add(p)
    all_papers = papers(G)
    share = round(len(linked) / len(all_papers), 4) if all_papers else 0.0
    return share, sorted(set(all_papers) - linked)


@_graph_first
def themes(G: nx.MultiDiGraph, *, seed: int = 42, resolution: float = 1.0, name_size: int = 3,
           share: float = GENERIC_SHARE) -> list[dict]:
    """Themes: Louvain communities (fixed *seed*) of the entity co-occurrence projection.

    Nodes are the specific concepts of two or more papers; two concepts are
    joined with the number of papers naming both. Each theme is named by its
    top concepts (papers × links inside the theme) and lists its papers (those
    naming one of its concepts). Themes come largest first.

    Returns
    -------
    list of dict
        ``{"name", "entities", "papers"}``, entity and paper IRIs sorted by weight.

    Examples
    --------
    >>> import networkx as nx
    >>> G = nx.MultiDiGraph()
    >>> for p in ("a", "b", "c", "d"): G.add_node(p, type="Paper", label=p)
    >>> for e, ps in (("x", "ab"), ("y", "ab"), ("z", "cd"), ("w", "cd")):
    ...     G.add_node(e, type="Problem", label=f"{e} problem", papers=list(ps))
    ...     _ = G.add_edges_from((p, e, "addresses") for p in ps)
    >>> sorted(t["name"] for t in themes(G, share=1.0))
    ['w problem · z problem', 'x problem · y problem']
    """
    if not resolution > 0:  # igraph fails on a negative one, and 0 is one theme of everything
        raise InputError(f"resolution={resolution!r}: expected a number above 0")
    df = document_frequency(G)
    ents = paper_entities(G)
    keep = {e for e, d in df.items() if d >= 2} - generic_entities(G, df, share=share)
    families = {e: set(family_of(G, e)) for e in df}
    weights: Counter[tuple[str, str]] = Counter()  # (a, b), a < b → papers naming both
    for p in sorted(ents):
        chosen = sorted(keep.intersection(ents[p]) | {f for e in ents[p] for f in families.get(e, ()) if f in keep})
        weights.update(combinations(chosen, 2))
    communities = [c for c in _louvain(sorted(keep), weights, seed=seed, resolution=resolution) if len(c) >= 2]
    theme_of = {e: k for k, members in enumerate(communities) for e in members}
    inside = Counter()  # weighted degree of each concept within its theme
    for (a, b), w in weights.items():
        if a in theme_of and theme_of[a] == theme_of.get(b):
            inside[a] += w
            inside[b] += w
    theme_papers = defaultdict(set)  # a theme's papers: those naming one of its concepts or their narrower ones
    for p, mine in ents.items():
        for e in mine:
            for k in {theme_of[f] for f in (e, *families.get(e, ())) if f in theme_of}:
                theme_papers[k].add(p)
    out = []
    for k, members in enumerate(communities):
        score = {e: df[e] * (1 + inside[e]) for e in members}
        ranked = sorted(members, key=lambda e: (-score[e], G.nodes[e]["label"].lower()))
        out.append({"name": " · ".join(G.nodes[e]["label"] for e in ranked[:name_size]),
                    "entities": ranked, "papers": sorted(theme_papers[k])})
    out.sort(key=lambda t: (-len(t["papers"]), t["name"]))
    return out


def _louvain(nodes: list[str], weights: Counter, *, seed: int, resolution: float) -> list[set[str]]:
    """Louvain communities of the weighted graph on *nodes* (igraph's implementation, in C; its random order
    drawn from a generator seeded with *seed*, so that a run can be repeated)."""
    import igraph

    index = {n: i for i, n in enumerate(nodes)}
    graph = igraph.Graph(n=len(nodes), edges=[(index[a], index[b]) for a, b in weights])
    with _IGRAPH_RANDOM:  # igraph's generator is global: seeded for this run only, then igraph's default again
        igraph.set_random_number_generator(random.Random(seed))
        try:
            clusters = graph.community_multilevel(weights=list(weights.values()), resolution=resolution)
        finally:
            igraph.set_random_number_generator(random)
    return [{nodes[i] for i in cluster} for cluster in clusters]


_IGRAPH_RANDOM = threading.Lock()


@_graph_first
def top_entities(G: nx.MultiDiGraph, type: str | None = None, *, n: int = 10) -> list[tuple[str, int]]:
    """The *n* entities (optionally of one type) linked to most papers, with their paper counts.

    Examples
    --------
    >>> import networkx as nx
    >>> G = nx.MultiDiGraph()
    >>> G.add_node("e", type="Problem", label="exposure bias", papers=["p1", "p2"])
    >>> G.add_node("f", type="Problem", label="hallucination", papers=["p1"])
    >>> top_entities(G, "Problem")
    [('e', 2), ('f', 1)]
    """
    wanted = _entity_type(type) if type else None
    n = _count(n, "n")
    nodes = [(e, len(d.get("papers", []))) for e, d in G.nodes(data=True)
             if d["type"] != _PAPER and wanted in (None, d["type"])]
    nodes.sort(key=lambda x: (-x[1], G.nodes[x[0]]["label"].lower(), x[0]))
    return nodes[:n]


@_graph_first
def find_node(G: nx.MultiDiGraph, name: str, *, prefer: str = "entity") -> str:
    """The node named *name*: an IRI, else a label or alias (normalized); entities first unless *prefer* is "paper".

    Examples
    --------
    >>> import networkx as nx
    >>> G = nx.MultiDiGraph()
    >>> G.add_node("e", type="Model", label="large language models", aliases=["LLMs"])
    >>> find_node(G, "LLM")
    'e'
    """
    if name in G:
        return name
    key = normalize_label(name)
    hits = [(n, d) for n, d in G.nodes(data=True)
            if any(normalize_label(x) == key for x in [d["label"], *d.get("aliases", [])])]
    if not hits:
        close = _close_labels(G, name)
        raise NotFoundError(f"no paper or entity named {name!r}", f"did you mean {close}?" if close else "")
    first = _PAPER if prefer == "paper" else None
    hits.sort(key=lambda nd: ((nd[1]["type"] == _PAPER) != (first == _PAPER), -len(nd[1].get("papers", [])), nd[0]))
    return hits[0][0]


def _close_labels(G: nx.MultiDiGraph, name: str) -> str:
    """Up to three labels of *G* spelled like *name*, quoted and joined with "or"."""
    labels = sorted({d["label"] for _, d in G.nodes(data=True) if d.get("label")})
    by_key = {normalize_label(label): label for label in labels}
    close = difflib.get_close_matches(normalize_label(name), list(by_key), n=3, cutoff=0.8)
    return " or ".join(repr(by_key[k]) for k in close)


@_graph_first
def find_paper(G: nx.MultiDiGraph, name: str) -> str:
    """The paper labelled *name*, or else the paper that proposes the entity named *name*.

    Examples
    --------
    >>> import networkx as nx
    >>> G = nx.MultiDiGraph()
    >>> G.add_node("p", type="Paper", label="P"); G.add_node("m", type="Method", label="MemDLM", aliases=[])
    >>> _ = G.add_edge("p", "m", key="proposes")
    >>> find_paper(G, "MemDLM")
    'p'
    """
    node = find_node(G, name, prefer="paper")
    if G.nodes[node]["type"] == _PAPER:
        return node
    proposers = sorted(p for p, _, k in G.in_edges(node, keys=True) if k == Role.PROPOSES.value)
    if not proposers:
        raise NotFoundError(f"{name!r} is an entity that no paper proposes; give a paper label or IRI")
    return proposers[0]


@_graph_first
def connection(G: nx.MultiDiGraph, source: str, target: str) -> list[dict]:
    """How two nodes (papers or entities) connect: the cheapest path, with the evidence of each step.

    Steps through common concepts cost more (a step's cost grows with the
    number of papers of the concept it touches), so the path prefers specific
    links. Each step is ``{"from", "to", "relation", "sentence"}`` (the
    relation read from ``from`` to ``to``; ``sentence`` is one evidence
    sentence, or None). Raises :class:`~kg.errors.KGError` if no path joins them.

    Examples
    --------
    >>> import networkx as nx
    >>> G = nx.MultiDiGraph()
    >>> for p in ("a", "b"): G.add_node(p, type="Paper", label=p)
    >>> G.add_node("kv", type="Method", label="KV cache reuse", papers=["a", "b"])
    >>> _ = G.add_edge("a", "kv", key="uses", evidence=[{"sentence": "We reuse the KV cache."}])
    >>> _ = G.add_edge("b", "kv", key="uses", evidence=[])
    >>> [(s["from"], s["relation"], s["to"]) for s in connection(G, "a", "b")]
    [('a', 'uses', 'kv'), ('kv', 'uses (inverse)', 'b')]
    """
    source, target = find_node(G, source), find_node(G, target)  # IRIs, names or aliases
    n = max(len(papers(G)), 1)
    U = nx.Graph()
    for u, v, k, d in G.edges(keys=True, data=True):
        entity = v if G.nodes[u]["type"] == _PAPER else None
        cost = 1.0 + (10.0 * len(G.nodes[entity].get("papers", [])) / n if entity else 0.5)
        if not U.has_edge(u, v) or U[u][v]["weight"] > cost:
            U.add_edge(u, v, weight=cost)
    if source not in U or target not in U or not nx.has_path(U, source, target):
        raise KGError(f"no connection between {G.nodes[source]['label']} and {G.nodes[target]['label']}")
    nodes = nx.shortest_path(U, source, target, weight="weight")
    steps = []
    for a, b in zip(nodes, nodes[1:]):
        forward = G.get_edge_data(a, b) or {}
        backward = G.get_edge_data(b, a) or {}
        key, data, inverse = (next(iter(sorted(forward.items()))) + (False,)) if forward else \
            (next(iter(sorted(backward.items()))) + (True,))
        sentence = next((ev.get("sentence") for ev in data.get("evidence") or () if ev.get("sentence")), None)
        steps.append({"from": a, "to": b, "relation": f"{key} (inverse)" if inverse else key, "sentence": sentence})
    return steps


@_graph_first
def describe(G: nx.MultiDiGraph, entity: str) -> dict:
    """Everything about one entity: label, type, aliases, merge decisions, papers by role, hierarchy, relations.

    Examples
    --------
    >>> import networkx as nx
    >>> G = nx.MultiDiGraph()
    >>> G.add_node("p", type="Paper", label="P")
    >>> G.add_node("e", type="Model", label="large language models", aliases=["LLMs"], papers=["p"],
    ...            merges=[{"rule": "definition", "forms": ["large language models", "LLMs"], "papers": ["p"]}])
    >>> _ = G.add_edge("p", "e", key="uses")
    >>> card = describe(G, "e")
    >>> card["aliases"], card["papers"]
    (['LLMs'], {'uses': ['p']})
    """
    entity = find_node(G, entity)  # an IRI, a name or an alias
    d = G.nodes[entity]
    by_role: dict[str, list[str]] = defaultdict(list)
    out_rel: dict[str, list[str]] = defaultdict(list)
    in_rel: dict[str, list[str]] = defaultdict(list)
    for u, _, k in G.in_edges(entity, keys=True):
        (by_role[k] if G.nodes[u]["type"] == _PAPER else in_rel[k]).append(u)
    for _, v, k in G.out_edges(entity, keys=True):
        out_rel[k].append(v)
    order = [r.value for r in Role]
    return {"iri": entity, "label": d["label"], "type": d["type"], "aliases": list(d.get("aliases", [])),
            "merges": list(d.get("merges", [])),
            "papers": {r: sorted(by_role[r]) for r in order if by_role.get(r)},
            "broader": sorted(out_rel.pop("broader", [])), "narrower": sorted(in_rel.pop("broader", [])),
            "relations": {k: sorted(v) for k, v in sorted(out_rel.items())},
            "inverse_relations": {k: sorted(v) for k, v in sorted(in_rel.items())}}


