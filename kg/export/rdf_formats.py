"""RDF exports: Turtle, N-Triples and JSON-LD, each byte-identical for identical input.

* N-Triples: rdflib's lines, sorted.
* Turtle: those sorted triples written by Oxigraph, which groups each subject's
  triples (rdflib's Turtle serializer grows faster than linearly: 60 s for the
  exports of 1,000 abstracts).
* JSON-LD: written here, compacted with the published context
  (``ontology/context.jsonld``, embedded so the file reads offline): one node
  object per subject, sorted by ``@id``; values sorted; keys sorted.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import networkx as nx
import rdflib
from rdflib import BNode, Literal, URIRef
from rdflib.namespace import RDF, XSD

__all__ = ["write_turtle", "write_ntriples", "write_jsonld", "turtle_bytes", "ntriples_bytes", "jsonld_document", "published_context",
           "RDF_FORMATS", "rdflib_format"]

# extension → rdflib parser name
RDF_FORMATS = {".ttl": "turtle", ".nt": "nt", ".jsonld": "json-ld", ".json-ld": "json-ld"}


def rdflib_format(path) -> str:
    """The rdflib format name of an RDF file, from its extension (.ttl, .nt, .jsonld)."""
    from ..errors import InputError
    suffix = Path(path).suffix.lower()
    if suffix not in RDF_FORMATS:
        raise InputError(f"{path}: unknown RDF file extension {suffix or '(none)'!r}; expected one of "
                         + ", ".join(sorted(RDF_FORMATS)))
    return RDF_FORMATS[suffix]


def write_turtle(G: nx.MultiDiGraph, path: Path) -> None:
    from ..rdf import to_rdf
    Path(path).write_bytes(turtle_bytes(to_rdf(G)))


def turtle_bytes(g: rdflib.Graph) -> bytes:
    """*g* as Turtle with the litkg prefixes, subjects in sorted order, a blank line between them."""
    import pyoxigraph as ox
    from ..rdf import PREFIXES
    triples = ox.parse(ntriples_bytes(g), format=ox.RdfFormat.N_TRIPLES)
    text = ox.serialize(triples, format=ox.RdfFormat.TURTLE, prefixes=dict(sorted(PREFIXES.items())))
    # a statement ends in " .\n" (literals hold no raw line break): set each subject apart
    return text.replace(b" .\n<", b" .\n\n<").replace(b" .\n_:", b" .\n\n_:")


def ntriples_bytes(g: rdflib.Graph) -> bytes:
    lines = g.serialize(format="nt", encoding="utf-8").splitlines()
    return b"".join(line + b"\n" for line in sorted(set(lines)) if line.strip())


def write_ntriples(G: nx.MultiDiGraph, path: Path) -> None:
    from ..rdf import to_rdf
    Path(path).write_bytes(ntriples_bytes(to_rdf(G)))


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

    def iri(self, value: str) -> str:
        """A compact IRI (prefix:local) when a prefix covers *value* with a simple local name, else the IRI."""
        for prefix, ns in sorted(self.prefixes.items(), key=lambda kv: -len(kv[1])):
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


def jsonld_document(g: rdflib.Graph, context: dict | None = None) -> dict:
    """*g* as a compacted, flattened JSON-LD document with *context* (the published one by default) embedded."""
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
            values = sorted(values, key=_sort_key)
            obj[key] = values[0] if len(values) == 1 else values
        graph.append(obj)
    return {"@context": context, "@graph": graph}


def write_jsonld(G: nx.MultiDiGraph, path: Path) -> None:
    from ..rdf import to_rdf
    text = json.dumps(jsonld_document(to_rdf(G)), ensure_ascii=False, indent=1, sort_keys=True)
    Path(path).write_text(text + "\n", encoding="utf-8")
