"""RDF exports: Turtle, N-Triples and JSON-LD, each byte-identical for identical input.

* N-Triples: one line per triple, as rdflib writes them, sorted.
* Turtle: those sorted triples written by Oxigraph, which groups each subject's
  triples (rdflib's Turtle serializer grows faster than linearly).
* JSON-LD: written here, compacted with the published context
  (``ontology/context.jsonld``, embedded so the file reads offline): one node
  object per subject, sorted by ``@id``; values sorted; keys sorted.

All three are written from the triples ``kg.rdf.add_triples`` gives, without an rdflib graph.
"""

from __future__ import annotations

import contextlib
import json
from functools import lru_cache
from pathlib import Path

import networkx as nx
from rdflib import BNode, Literal, URIRef
from rdflib.namespace import RDF

__all__ = ["write_turtle", "write_ntriples", "write_jsonld", "turtle_bytes", "ntriples_bytes", "sharing_ntriples",
           "jsonld_document", "published_context", "RDF_FORMATS", "rdflib_format"]

# extension → rdflib parser name
RDF_FORMATS = {".ttl": "turtle", ".nt": "nt", ".jsonld": "json-ld", ".json-ld": "json-ld"}


def rdflib_format(path) -> str:
    """The rdflib format name of an RDF file, from its extension (.ttl, .nt, .jsonld)."""
    from ..errors import InputError
    if Path(path).is_dir():
        raise InputError(f"{path}: is a directory; give the graph file in it (for example {Path(path) / 'graph.ttl'})")
    suffix = Path(path).suffix.lower()
    if suffix == ".json":  # kg build's graph.json: the page's data, not RDF
        raise InputError(f"{path}: the HTML page's data, not RDF; give the graph.ttl (or .nt, .jsonld) written beside it")
    if suffix not in RDF_FORMATS:
        raise InputError(f"{path}: unknown RDF file extension {suffix or '(none)'!r}; expected one of "
                         + ", ".join(sorted(RDF_FORMATS)))
    return RDF_FORMATS[suffix]


def write_turtle(G: nx.MultiDiGraph, path: Path) -> None:
    Path(path).write_bytes(turtle_bytes(G))


def turtle_bytes(G: nx.MultiDiGraph) -> bytes:
    """*G* as Turtle with the litkg prefixes, subjects in sorted order, a blank line between them."""
    import pyoxigraph as ox
    from ..rdf import PREFIXES
    triples = ox.parse(ntriples_bytes(G), format=ox.RdfFormat.N_TRIPLES)
    text = ox.serialize(triples, format=ox.RdfFormat.TURTLE, prefixes=dict(sorted(PREFIXES.items())))
    # a statement ends in " .\n" (literals hold no raw line break): set each subject apart
    return text.replace(b" .\n<", b" .\n\n<").replace(b" .\n_:", b" .\n\n_:")


class _Lines(set):
    """Collects triples as their N-Triples lines: an rdflib graph would cost ~20 µs and its indexes
    several hundred bytes per triple (7 s and gigabytes for the exports of 1,000 abstracts)."""

    def add(self, triple) -> None:
        super().add(" ".join(map(_nt_term, triple)) + " .\n")


def _nt_term(term) -> str:
    """*term* in N-Triples, written as rdflib's N-Triples serializer writes it."""
    if not isinstance(term, Literal):
        return term.n3()
    quoted = '"' + term.replace("\\", "\\\\").replace("\n", "\\n").replace('"', '\\"').replace("\r", "\\r") + '"'
    if term.language:
        return f"{quoted}@{term.language}"
    return f"{quoted}^^<{term.datatype}>" if term.datatype else quoted


# graph id → its N-Triples, while sharing_ntriples() is active
_SHARED: dict[int, bytes] | None = None


@contextlib.contextmanager
def sharing_ntriples():
    """Within the block, a graph's N-Triples are formatted once for all the RDF files written from it
    (graph.ttl is made from them too); the graph must not change meanwhile."""
    global _SHARED
    _SHARED = {}
    try:
        yield
    finally:
        _SHARED = None


def ntriples_bytes(G: nx.MultiDiGraph) -> bytes:
    """The triples of *G* as N-Triples, one per line, sorted, each once."""
    if _SHARED is not None and id(G) in _SHARED:
        return _SHARED[id(G)]
    from ..rdf import add_triples
    lines = _Lines()
    add_triples(lines, G)
    data = "".join(sorted(lines)).encode("utf-8")
    if _SHARED is not None:
        _SHARED[id(G)] = data
    return data


def write_ntriples(G: nx.MultiDiGraph, path: Path) -> None:
    Path(path).write_bytes(ntriples_bytes(G))


@lru_cache(maxsize=1)
def published_context() -> dict:
    """The ``@context`` object of ontology/context.jsonld."""
    from ..ontology import CONTEXT_PATH
    return json.loads(CONTEXT_PATH.read_text(encoding="utf-8"))["@context"]


def _expand(value: str, prefixes: dict) -> str:
    prefix, sep, local = value.partition(":")
    return prefixes[prefix] + local if sep and prefix in prefixes else value


class _Compactor:
    def __init__(self, context: dict) -> None:
        self.prefixes = {k: v for k, v in context.items() if isinstance(v, str) and v.endswith(("#", "/"))}
        self.class_terms: dict[str, str] = {}
        self.terms: dict[tuple[str, str | None], str] = {}  # (property IRI, coercion) → term
        for term, definition in context.items():
            if term in self.prefixes:
                continue
            if isinstance(definition, str):
                iri, coercion = _expand(definition, self.prefixes), None
                self.class_terms.setdefault(iri, term)
            else:
                iri = _expand(definition["@id"], self.prefixes)
                coercion = definition.get("@type")
                coercion = coercion if coercion == "@id" or coercion is None else _expand(coercion, self.prefixes)
            self.terms.setdefault((iri, coercion), term)
        self.longest_first = sorted(self.prefixes.items(), key=lambda kv: -len(kv[1]))
        self.iri = lru_cache(maxsize=1 << 16)(self._compact)  # classes, properties and concepts recur

    def _compact(self, value: str) -> str:
        """A compact IRI (prefix:local) when a prefix covers *value* with a simple local name, else the IRI."""
        for prefix, ns in self.longest_first:
            local = value[len(ns):]
            if value.startswith(ns) and local and all(c.isalnum() or c in "_-." for c in local):
                return f"{prefix}:{local}"
        return value

    def node_id(self, term) -> str:
        return f"_:{term}" if isinstance(term, BNode) else str(term)

    def entry(self, p: URIRef, o) -> tuple[str, object]:
        """(key, JSON value) of the triple's predicate and object."""
        p = str(p)
        if isinstance(o, (URIRef, BNode)):
            term = self.terms.get((p, "@id"))
            if term:
                return term, self.iri(str(o)) if isinstance(o, URIRef) else self.node_id(o)
            return self.iri(p), {"@id": self.iri(str(o)) if isinstance(o, URIRef) else self.node_id(o)}
        lex = str(o)
        datatype = str(o.datatype) if o.datatype is not None else None
        if o.language:
            return self.terms.get((p, None), self.iri(p)), {"@value": lex, "@language": o.language}
        if datatype is None:
            return self.terms.get((p, None), self.iri(p)), lex
        term = self.terms.get((p, datatype))
        if term:
            return term, lex
        return self.terms.get((p, None), self.iri(p)), {"@value": lex, "@type": self.iri(datatype)}


def _sort_key(value) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def jsonld_document(g, context: dict | None = None) -> dict:
    """*g* (an rdflib Graph or a set of triples) as a compacted, flattened JSON-LD document with *context*
    (the published one by default) embedded."""
    context = published_context() if context is None else context
    c = _Compactor(context)
    nodes: dict[str, dict[str, list]] = {}
    for s, p, o in g:
        node = nodes.setdefault(c.node_id(s), {})
        if p == RDF.type and isinstance(o, URIRef):
            node.setdefault("@type", []).append(c.class_terms.get(str(o), c.iri(str(o))))
        else:
            key, value = c.entry(p, o)
            node.setdefault(key, []).append(value)
    graph = []
    for node_id in sorted(nodes):
        obj = {"@id": node_id}
        for key, values in nodes[node_id].items():
            obj[key] = values[0] if len(values) == 1 else sorted(values, key=_sort_key)
        graph.append(obj)
    return {"@context": context, "@graph": graph}


def write_jsonld(G: nx.MultiDiGraph, path: Path) -> None:
    from ..rdf import add_triples
    triples: set = set()
    add_triples(triples, G)
    text = json.dumps(jsonld_document(triples), ensure_ascii=False, indent=1, sort_keys=True)
    Path(path).write_text(text + "\n", encoding="utf-8")
