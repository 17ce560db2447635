"""SPARQL over an exported graph, on an embedded Oxigraph store.

Values from users are bound as RDF terms (serialized and escaped by
Oxigraph, in a VALUES block opening the WHERE group), never spliced into the query's own text. The litkg prefixes (kg:, rdfs:, skos:, dcterms:,
schema:, xsd:, rdf:) are predeclared.
"""

from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import dataclass

import pyoxigraph as ox

from .errors import InputError, QueryError
from .ingest import read_text_file
from .rdf import PREFIXES

__all__ = ["QueryResult", "load_store", "run_query", "format_result"]


@dataclass(frozen=True)
class QueryResult:
    """A SELECT result: variable names and rows of plain strings (None for unbound)."""

    variables: tuple[str, ...]
    rows: tuple[tuple[str | None, ...], ...]


def load_store(path) -> ox.Store:
    """An in-memory Oxigraph store holding the Turtle file at *path*."""
    data = read_text_file(path).encode("utf-8")
    store = ox.Store()
    try:
        store.load(data, format=ox.RdfFormat.TURTLE)
    except SyntaxError as exc:
        raise InputError(f"{path}: not valid Turtle ({exc})") from exc
    return store


def _plain(term) -> str | None:
    if term is None:
        return None
    return term.value


def _first_group(sparql: str) -> int:
    """Offset just after the first "{" of *sparql* outside IRIs, strings and comments (the WHERE group)."""
    i, quote = 0, None
    while i < len(sparql):
        c = sparql[i]
        if quote:
            if c == "\\":
                i += 1
            elif c == quote:
                quote = None
        elif c in "\"'":
            quote = c
        elif c == "#":
            i = sparql.find("\n", i)
            if i < 0:
                break
        elif c == "<" and re.match(r"<[^<>\"{}|^`\\\s]*>", sparql[i:]):
            i += re.match(r"<[^<>\"{}|^`\\\s]*>", sparql[i:]).end() - 1
        elif c == "{":
            return i + 1
        i += 1
    raise QueryError("the query has no { … } group to bind --param values in")


def _bind(sparql: str, bindings: dict) -> str:
    """*sparql* with a VALUES block opening its WHERE group, so the bindings constrain every pattern."""
    if not bindings:
        return sparql
    at = _first_group(sparql)
    return sparql[:at] + _values_clause(bindings) + "\n" + sparql[at:]


def _values_clause(bindings: dict) -> str:
    """A VALUES block binding each variable; every value is serialized as an escaped RDF term."""
    clause = ""
    for name, value in bindings.items():
        if not name.isidentifier():
            raise QueryError(f"--param {name!r}: not a variable name")
        term = ox.NamedNode(value) if value.startswith(("http://", "https://")) else ox.Literal(value)
        clause += f"\nVALUES ?{name} {{ {term} }}"
    return clause


def run_query(store: ox.Store, sparql: str, bindings: dict | None = None) -> QueryResult:
    """Run a SELECT (or ASK) query; *bindings* maps variable names to IRIs (str starting with http) or literals."""
    try:
        result = store.query(_bind(sparql, bindings or {}), prefixes=PREFIXES)
    except (SyntaxError, RuntimeError, ValueError) as exc:
        raise QueryError(f"invalid SPARQL: {str(exc).splitlines()[0]}") from exc
    if isinstance(result, ox.QueryBoolean):
        return QueryResult(("result",), ((str(bool(result)).lower(),),))
    if not isinstance(result, ox.QuerySolutions):
        raise QueryError("only SELECT and ASK queries are supported")
    variables = tuple(v.value for v in result.variables)
    rows = tuple(tuple(_plain(sol[v]) for v in variables) for sol in result)
    return QueryResult(variables, rows)


def format_result(result: QueryResult, fmt: str = "table") -> str:
    """The result as an aligned text table, CSV, TSV or JSON."""
    if fmt == "json":
        return json.dumps([dict(zip(result.variables, row)) for row in result.rows], ensure_ascii=False, indent=1)
    if fmt in ("csv", "tsv"):
        buf = io.StringIO()
        writer = csv.writer(buf, delimiter="," if fmt == "csv" else "\t", lineterminator="\n")
        writer.writerow(result.variables)
        writer.writerows([["" if v is None else v for v in row] for row in result.rows])
        return buf.getvalue().rstrip("\n")
    cells = [list(result.variables)] + [["" if v is None else _short(v) for v in row] for row in result.rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(result.variables))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip() for row in cells]
    lines.insert(1, "  ".join("-" * w for w in widths))
    lines.append(f"({len(result.rows)} row{'s' if len(result.rows) != 1 else ''})")
    return "\n".join(lines)


def _short(value: str, width: int = 80) -> str:
    value = " ".join(value.split())
    return value if len(value) <= width else value[:width - 1] + "…"
