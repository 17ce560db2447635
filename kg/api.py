"""The Python API: build a knowledge graph from files or strings, load one back, and explore it.

Examples
--------
>>> import kg
>>> g = kg.from_texts(["We propose FooNet, a transformer that mitigates exposure bias on ImageNet."])
>>> [e["label"] for e in g.entities("Problem")]
['exposure bias']
"""

from __future__ import annotations

import logging
import re
import time
from collections import Counter
from pathlib import Path

import networkx as nx

from .errors import InputError
from .graph import DEFAULT_BASE, add_results, build_graph
from .ingest import papers_from_texts, read_inputs
from .records import NodeType, Role
from .resolve import resolve

__all__ = ["KnowledgeGraph", "build", "from_texts", "from_papers", "load"]

log = logging.getLogger(__name__)


class KnowledgeGraph:
    """A built graph: ``.graph`` is the networkx MultiDiGraph; the methods are typed helpers over it."""

    def __init__(self, graph: nx.MultiDiGraph, *, failed=(), sources=()) -> None:
        self.graph = graph
        self.failed = tuple(failed)
        self.sources = tuple(sources)  # the files it was built from: write() never replaces one

    def __repr__(self) -> str:
        papers, nodes = len(self.papers()), self.graph.number_of_nodes()
        return f"<KnowledgeGraph {papers} paper{'s' * (papers != 1)}, {nodes} node{'s' * (nodes != 1)}>"

    def _node(self, iri: str) -> dict:
        return {"iri": iri, **self.graph.nodes[iri]}

    def papers(self) -> list[dict]:
        """Paper nodes, as dicts with their IRI under ``"iri"``."""
        return [self._node(n) for n, t in self.graph.nodes(data="type") if t == NodeType.PAPER.value]

    def entities(self, type: str | NodeType | None = None) -> list[dict]:
        """Entity nodes, optionally of one type ("Method", "Problem", ..., any case), most-linked first."""
        entity_types = [t for t in NodeType if t is not NodeType.PAPER]
        wanted = _member(entity_types, type, "entity type").value if type else None
        nodes = [self._node(n) for n, t in self.graph.nodes(data="type")
                 if t != NodeType.PAPER.value and (wanted is None or t == wanted)]
        return sorted(nodes, key=lambda d: (-len(d["papers"]), d["label"].lower()))

    def find(self, name: str) -> str:
        """The IRI of the node whose IRI, label or alias is *name* (normalized), entities before papers, as the
        CLI finds it (:func:`kg.analysis.find_node`); NotFoundError (a KeyError) if none."""
        from .analysis import find_node
        return find_node(self.graph, name)

    def papers_of(self, entity: str, role: str | Role | None = None) -> list[dict]:
        """Papers linked to *entity* (IRI or name), optionally by one role only ("evaluatesOn", ...); each once,
        also when it has several roles for the entity."""
        iri = self.find(entity)
        wanted = _member(list(Role), role, "role").value if role else None
        papers = dict.fromkeys(p for p, _, r in self.graph.in_edges(iri, keys=True)
                               if wanted in (None, r) and self.graph.nodes[p]["type"] == NodeType.PAPER.value)
        return [self._node(p) for p in papers]

    def neighbors(self, node: str) -> list[dict]:
        """Nodes one edge away from *node* (IRI or name), in either direction."""
        iri = self.find(node)
        near = set(self.graph.successors(iri)) | set(self.graph.predecessors(iri))
        return [self._node(n) for n in sorted(near)]

    def counts(self) -> dict[str, int]:
        """Number of nodes of each type."""
        return dict(sorted(Counter(t for _, t in self.graph.nodes(data="type")).items()))

    def write(self, out_dir, names=None) -> list[Path]:
        """Write graph.ttl, graph.html and graph.json (or the files *names*: see kg.export.EXPORTERS) into *out_dir*, atomically."""
        from .export import DEFAULT_EXPORTS, write_exports
        return write_exports(self.graph, out_dir, names or DEFAULT_EXPORTS, inputs=self.sources)


def _member(members, name, what: str):
    """The member of *members* (an Enum's) whose value is *name* in any case; InputError naming them otherwise."""
    found = [m for m in members if str(getattr(name, "value", name)).lower() == m.value.lower()]
    if not found:
        raise InputError(f"unknown {what} {name!r}; expected one of {', '.join(m.value for m in members)}")
    return found[0]


# An absolute IRI ending in "/" or "#", to which paper and concept ids are appended.
BASE_IRI = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://[^\s<>\"{}|\\^`]+[/#]")


def _check_build_options(base: str, jobs: int) -> None:
    if not isinstance(base, str) or not BASE_IRI.fullmatch(base):
        raise InputError(f"base {base!r}: expected an absolute IRI ending in / or #, e.g. https://example.org/id/")
    if not isinstance(jobs, int) or isinstance(jobs, bool) or jobs < 1:
        raise InputError(f"jobs {jobs!r}: expected a number of processes, 1 or more")


def _build(papers, base: str, inputs=(), merges=None, jobs: int = 1, progress: bool = False,
           cache: dict | None = None, learned: bool = True) -> KnowledgeGraph:
    _check_build_options(base, jobs)
    from . import __version__
    from .progress import progress_bar
    from .extract import extract  # imports spaCy: only what builds pays for it
    from .rdf import build_time
    from .resolve import hierarchy, load_overrides
    overrides = load_overrides(merges) if merges is not None else None  # before extracting: a bad file fails fast
    started = time.perf_counter()
    with progress_bar(len(papers), enabled=progress) as step:
        extraction = extract(papers, jobs=jobs, progress=step, cache=cache, learned=learned)
    if not extraction.papers:
        raise InputError("no paper could be extracted")
    log.info("extract: %d papers, %d mentions, %d results (%s%.1f s)", len(extraction.papers),
             len(extraction.mentions), len(extraction.results), "" if learned else "rules only, ",
             time.perf_counter() - started)
    from .relations import extract_relations
    entities, keys = resolve(extraction.mentions, overrides=overrides)
    families, broader = hierarchy(entities)
    log.info("resolve: %d concepts, %d lexicon families above them, %d broader links", len(entities), len(families),
             len(broader))
    relations = extract_relations(extraction.papers, extraction.mentions, keys, {e.id: e.type for e in entities})
    graph = build_graph(extraction.papers, extraction.mentions, entities, keys, base=base,
                        relations=relations, broader=broader, families=families)
    add_results(graph, extraction.results)
    log.info("graph: %d relations between concepts, %d nodes, %d edges", len(relations), graph.number_of_nodes(),
             graph.number_of_edges())
    # what the RDF export records as the build (a prov:Activity); no wall-clock time unless SOURCE_DATE_EPOCH is set
    graph.graph["provenance"] = {"software": "litkg", "version": __version__, "inputs": list(inputs),
                                 "time": build_time()}
    return KnowledgeGraph(graph, failed=extraction.failed)


def _input_record(path) -> dict:
    """Name (without folder) and SHA-256 of an input file's bytes."""
    import hashlib
    return {"name": Path(path).name, "sha256": hashlib.sha256(Path(path).read_bytes()).hexdigest()}


def build(paths, *, base: str = DEFAULT_BASE, merges=None, input_format: str | None = None, jobs: int = 1,
          progress: bool = False, learned: bool = True) -> KnowledgeGraph:
    """Build the graph of the abstracts in *paths*: Daily Papers text, JSON, JSON Lines, CSV, TSV, BibTeX or
    Atom files (see :mod:`kg.ingest`; *input_format* forces one format for every file).

    *merges*: an optional override file of forced merges and splits (see :func:`kg.resolve.load_overrides`).
    *jobs*: worker processes for extraction; *progress*: show a progress bar on stderr.
    *learned*: False extracts with the rules alone, without the span models of ``kg_learned`` (about 30 times
    faster, less accurate: docs/extraction.md).
    """
    paths = [paths] if isinstance(paths, (str, Path)) else list(paths)
    if not paths:
        raise InputError("no input files given")
    papers = read_inputs(paths, input_format=input_format)
    graph = _build(papers, base, [_input_record(p) for p in paths], merges, jobs, progress, learned=learned)
    graph.sources = (*paths, *([merges] if merges is not None else []))
    return graph


def from_texts(texts, *, base: str = DEFAULT_BASE) -> KnowledgeGraph:
    """Build the graph of abstracts given as strings."""
    papers = papers_from_texts([texts] if isinstance(texts, str) else texts)
    if not papers:
        raise InputError("no abstracts given")
    return _build(papers, base)


def from_papers(papers, *, base: str = DEFAULT_BASE, merges=None, jobs: int = 1, progress: bool = False,
                cache: dict | None = None) -> KnowledgeGraph:
    """Build the graph of :class:`~kg.records.Paper` records (as :mod:`kg.ingest` or a :mod:`kg.store` gives them).

    *cache*: extractions by abstract, reused and completed (see :func:`kg.extract.extract`)."""
    papers = list(papers)
    if not papers:
        raise InputError("no papers given")
    return _build(papers, base, (), merges, jobs, progress, cache)


def load(path) -> KnowledgeGraph:
    """Load a graph back from its RDF export: graph.ttl, graph.nt or graph.jsonld (format from the extension)."""
    from rdflib.namespace import RDF
    from .namespace import KG
    from .rdf import from_rdf, read_rdf
    g = read_rdf(path)
    if (None, RDF.type, KG.Paper) not in g:
        raise InputError(f"{path}: no litkg paper in this RDF (expected a graph written by kg build or kg export)")
    try:
        return KnowledgeGraph(from_rdf(g))
    except (KeyError, ValueError, TypeError) as exc:  # what kg build writes always reads back
        detail = "a linked node has no rdf:type" if exc.args == ("type",) else str(exc).splitlines()[0]
        detail = re.sub(r"rdflib\.term\.Literal\(('[^']*').*", r"\1", detail)[:200]  # the literal's text only
        raise InputError(f"{path}: not a well-formed litkg graph ({detail}); was it edited by hand?") from exc
