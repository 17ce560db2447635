"""SPARQL over an exported graph: an embedded Oxigraph store (the fast path) or rdflib (the reference engine).

Values from users are bound as RDF terms (serialized and escaped by
Oxigraph, in a VALUES block opening the WHERE group; rdflib's ``initBindings``),
never spliced into the query's own text. The litkg prefixes (kg:, rdfs:, skos:, dcterms:,
schema:, xsd:, rdf:, prov:) are predeclared. Named queries are the ``queries/*.rq`` files:
a first line ``# description``, then ``# param NAME: what it is`` lines for the values they need.
"""

from __future__ import annotations

import csv
import io
import json
import math
import re
from dataclasses import dataclass
from pathlib import Path

import pyoxigraph as ox

from .errors import InputError, QueryError
from .ingest import read_text_file
from .ontology import data_folder
from .rdf import PREFIXES, bind_prefixes

__all__ = ["QueryResult", "load_store", "load_graph", "run_query", "format_result", "ENGINES",
           "NamedQuery", "QUERIES_DIR", "named_queries", "named_query"]

ENGINES = ("oxigraph", "rdflib")
QUERIES_DIR = data_folder("queries")


class Value(str):
    """A result value: its text, and the datatype IRI of a literal (None for an IRI or a blank node)."""

    datatype: str | None = None


def _value(text: str, datatype: str | None) -> Value:
    value = Value(text)
    value.datatype = datatype
    return value


_XSD = "http://www.w3.org/2001/XMLSchema#"
_JSON_NUMBERS = {**{f"{_XSD}{t}": int for t in ("integer", "int", "long", "short", "byte", "nonNegativeInteger",
                                                 "positiveInteger", "negativeInteger", "nonPositiveInteger")},
                 **{f"{_XSD}{t}": float for t in ("decimal", "double", "float")}}


def _json_value(value: str | None):
    """*value* as JSON has it: numbers and booleans of typed literals as such, other values as text."""
    datatype = getattr(value, "datatype", None)
    if datatype == f"{_XSD}boolean":
        return value in ("true", "1")
    convert = _JSON_NUMBERS.get(datatype)
    if convert is None:
        return value if value is None else str(value)
    try:
        number = convert(value)
    except ValueError:
        return str(value)
    return number if math.isfinite(number) else str(value)  # JSON has no NaN or INF


@dataclass(frozen=True)
class QueryResult:
    """A SELECT result: variable names and rows of ``Value`` strings (None for unbound). A CONSTRUCT or DESCRIBE
    result has the rows subject, predicate, object, and its triples as N-Triples lines in *triples*."""

    variables: tuple[str, ...]
    rows: tuple[tuple[str | None, ...], ...]
    triples: tuple[str, ...] | None = None


_TRIPLE_COLUMNS = ("subject", "predicate", "object")


_OX_FORMATS = {"turtle": (ox.RdfFormat.TURTLE, "Turtle"), "nt": (ox.RdfFormat.N_TRIPLES, "N-Triples"),
               "json-ld": (ox.RdfFormat.JSON_LD, "JSON-LD")}


def load_store(path) -> ox.Store:
    """An in-memory Oxigraph store holding the RDF file at *path* (.ttl, .nt or .jsonld)."""
    from .export.rdf_formats import rdflib_format
    fmt, name = _OX_FORMATS[rdflib_format(path)]
    data = read_text_file(path).encode("utf-8")
    store = ox.Store()
    try:
        store.load(data, format=fmt)
    except (SyntaxError, ValueError, OSError) as exc:
        message = getattr(exc, "msg", None) or str(exc)  # a SyntaxError's str() is the repr of its args
        raise InputError(f"{path}: not valid {name} ({message.splitlines()[0] if message else repr(exc)})") from exc
    return store


def load_graph(path, engine: str = "oxigraph"):
    """The graph file at *path* loaded for *engine*: an Oxigraph store, or an rdflib Graph."""
    if engine == "oxigraph":
        return load_store(path)
    if engine == "rdflib":
        from .rdf import read_rdf
        return read_rdf(path)
    raise QueryError(f"unknown engine {engine!r}; expected one of {', '.join(ENGINES)}")


def _plain(term) -> Value | None:
    if term is None:
        return None
    datatype = term.datatype.value if isinstance(term, ox.Literal) else None
    return _value(term.value, datatype)


def _braces(sparql: str):
    """The offsets and characters of the braces of *sparql* outside IRIs, strings and comments."""
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
        elif c in "{}":
            yield i, c
        i += 1


_TEMPLATE = re.compile(r"\bCONSTRUCT\s*$", re.I)


def _where_group(sparql: str) -> int:
    """Offset just after the "{" that opens the WHERE group of *sparql* (past a CONSTRUCT template)."""
    depth, template = 0, False
    for i, c in _braces(sparql):
        if c == "}":
            depth -= 1
            continue
        if depth == 0 and not template and _TEMPLATE.search(_IRIS_AND_STRINGS.sub(" ", sparql[:i])):
            template = True  # "CONSTRUCT { ?s ?p ?o } WHERE { … }": the first group is the template
        elif depth == 0:
            return i + 1
        depth += 1
    raise QueryError("the query has no { … } group to bind --param values in")


def _bind(sparql: str, bindings: dict) -> str:
    """*sparql* with a VALUES block opening its WHERE group, so the bindings constrain every pattern."""
    if not bindings:
        return sparql
    at = _where_group(sparql)
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


def run_query(store, sparql: str, bindings: dict | None = None) -> QueryResult:
    """Run a SELECT, ASK, CONSTRUCT or DESCRIBE query; *bindings* maps variable names to IRIs (str starting with
    http) or literals.

    *store* is an Oxigraph store, or an rdflib Graph (the reference engine; bindings go in as ``initBindings``).
    """
    if re.search(r"\bSERVICE\b", _IRIS_AND_STRINGS.sub(" ", sparql), re.I):
        raise QueryError("SERVICE is not supported: kg query reads the graph file only, offline")
    update = _UPDATE.match(_IRIS_AND_STRINGS.sub(" ", sparql))
    if update:
        raise QueryError(f"only SELECT, ASK, CONSTRUCT and DESCRIBE queries are supported "
                         f"({update.group(1).upper()} is an update; kg query never changes the graph file)")
    for name, value in (bindings or {}).items():
        if value.startswith(("http://", "https://")):
            try:
                ox.NamedNode(value)
            except ValueError as exc:
                raise QueryError(f"--param {name}: {value!r} is not a valid IRI ({exc})") from exc
    unused = [name for name in bindings or {} if not re.search(rf"[?$]{re.escape(name)}\b", sparql)]
    if unused:
        raise QueryError(f"--param {unused[0]}: the query has no variable ?{unused[0]}")
    if not isinstance(store, ox.Store):
        return _run_rdflib(store, sparql, bindings or {})
    try:
        result = store.query(_bind(sparql, bindings or {}), prefixes=PREFIXES)
    except (SyntaxError, RuntimeError, ValueError) as exc:
        _check_prefixes(sparql)
        raise QueryError(f"invalid SPARQL: {_syntax_error(sparql, str(exc).splitlines()[0])[:300]}") from exc
    if isinstance(result, ox.QueryBoolean):
        return QueryResult(("result",), ((_value(str(bool(result)).lower(), f"{_XSD}boolean"),),))
    if isinstance(result, ox.QueryTriples):
        triples = list(result)
        return QueryResult(_TRIPLE_COLUMNS, tuple(tuple(_plain(term) for term in t) for t in triples),
                           tuple(f"{t.subject} {t.predicate} {t.object} ." for t in triples))
    variables = tuple(v.value for v in result.variables)
    rows = tuple(tuple(_plain(sol[v]) for v in variables) for sol in result)
    return QueryResult(variables, rows)


def _syntax_error(sparql: str, oxigraph_message: str) -> str:
    """Where *sparql* breaks, as rdflib's parser says it: the token found, its line and column (Oxigraph's
    "error at 1:26: expected one of …" often points at the end); Oxigraph's message if rdflib parses it."""
    from rdflib.plugins.sparql.parser import parseQuery
    try:
        parseQuery(sparql)
    except Exception as exc:  # pyparsing's ParseException
        return _where(str(exc).splitlines()[0])
    return oxigraph_message


def _where(message: str) -> str:
    """pyparsing's "… (at char 32), (line:1, col:33)" as "… at line 1, column 33"."""
    return re.sub(r"\s*\(at char \d+\), \(line:(\d+), col:(\d+)\)", r" at line \1, column \2", message)


_IRIS_AND_STRINGS = re.compile(r"""<[^<>\s]*>|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|#[^\n]*""")
_PREFIXED_NAME = re.compile(r"(?<![\w?$:.-])([A-Za-z][\w.-]*)?:(?=[\w<])")
_UPDATE = re.compile(r"(?:\s*(?:PREFIX\s+(?:[A-Za-z][\w.-]*)?:|BASE))*\s*"
                     r"(INSERT|DELETE|LOAD|CLEAR|DROP|CREATE|ADD|MOVE|COPY|WITH)\b", re.I)  # after the prologue
_DECLARED = re.compile(r"\bPREFIX\s+([A-Za-z][\w.-]*)?:", re.I)


def _check_prefixes(sparql: str) -> None:
    """QueryError naming the first prefix *sparql* uses without declaring it, if any."""
    unknown = _undeclared_prefixes(sparql)
    if unknown:
        raise QueryError(f"invalid SPARQL: unknown prefix {unknown[0]}: (declare it with PREFIX {unknown[0]}: <…>; "
                         f"predeclared: {', '.join(sorted(PREFIXES))})")


def _undeclared_prefixes(sparql: str) -> list[str]:
    """Prefixes the query uses but neither declares nor finds predeclared (IRIs, strings and comments left out)."""
    text = _IRIS_AND_STRINGS.sub(" ", sparql)
    declared = set(PREFIXES) | {p or "" for p in _DECLARED.findall(text)}
    return [p for p in dict.fromkeys(m or "" for m in _PREFIXED_NAME.findall(text)) if p not in declared]


def _run_rdflib(graph, sparql: str, bindings: dict) -> QueryResult:
    from rdflib import Literal, URIRef, Variable
    from rdflib.plugins.sparql import prepareQuery
    init = {}
    for name, value in bindings.items():
        if not name.isidentifier():
            raise QueryError(f"--param {name!r}: not a variable name")
        init[Variable(name)] = URIRef(value) if value.startswith(("http://", "https://")) else Literal(value)
    try:
        query = prepareQuery(sparql, initNs=PREFIXES)
        result = graph.query(query, initBindings=init)
    except Exception as exc:  # pyparsing's ParseException and rdflib's evaluation errors
        _check_prefixes(sparql)
        first = str(exc).splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise QueryError(f"invalid SPARQL: {_where(first)}") from exc
    if result.type == "ASK":
        return QueryResult(("result",), ((_value(str(bool(result.askAnswer)).lower(), f"{_XSD}boolean"),),))
    if result.type in ("CONSTRUCT", "DESCRIBE"):
        triples = list(result)
        return QueryResult(_TRIPLE_COLUMNS, tuple(tuple(_rdflib_value(term) for term in t) for t in triples),
                           tuple(" ".join(term.n3() for term in t) + " ." for t in triples))
    columns = sorted(range(len(result.vars)), key=lambda i: str(result.vars[i])) if _selects_all(sparql) \
        else range(len(result.vars))  # rdflib lists SELECT *'s variables in set order, another each run; Oxigraph sorts them
    variables = tuple(str(result.vars[i]) for i in columns)
    rows = tuple(tuple(_rdflib_value(row[i]) for i in columns) for row in result)
    return QueryResult(variables, rows)


def _selects_all(sparql: str) -> bool:
    """True if the query is ``SELECT *`` (its first SELECT, IRIs, strings and comments left out, is the outer one)."""
    match = re.search(r"\bSELECT\b\s*(?:(?:DISTINCT|REDUCED)\s+)?(\*)?", _IRIS_AND_STRINGS.sub(" ", sparql), re.I)
    return bool(match and match.group(1))


def _rdflib_value(term) -> Value | None:
    if term is None:
        return None
    datatype = getattr(term, "datatype", None)
    return _value(str(term), None if datatype is None else str(datatype))


@dataclass(frozen=True)
class NamedQuery:
    """A query of the queries/ folder: its name (file stem), one-line description, parameters and text."""

    name: str
    description: str
    params: tuple[tuple[str, str], ...]
    text: str
    path: Path

    @classmethod
    def from_file(cls, path: Path) -> "NamedQuery":
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines()
        if not lines or not lines[0].startswith("#"):
            raise QueryError(f"{path}: a named query starts with a one-line '# description' comment")
        params = []
        for line in lines[1:]:
            match = re.match(r"#\s*param\s+(\w+)\s*:\s*(.*)", line)
            if match:
                params.append((match.group(1), match.group(2).strip()))
        return cls(path.stem, lines[0].lstrip("#").strip(), tuple(params), text, path)

    def check(self, bindings: dict) -> None:
        """QueryError unless *bindings* gives exactly the parameters this query declares."""
        declared = [name for name, _ in self.params]
        missing = [n for n in declared if n not in bindings]
        unknown = [n for n in bindings if n not in declared]
        if missing or unknown:
            usage = " ".join(f"--param {n}=…" for n in declared) or "no --param"
            problem = "; ".join(([f"missing --param {', '.join(missing)}"] if missing else [])
                                + ([f"unknown --param {', '.join(unknown)}"] if unknown else []))
            raise QueryError(f"named query {self.name}: {problem} (it takes {usage})")


def named_queries(folder: Path = QUERIES_DIR) -> list[NamedQuery]:
    """The named queries (queries/*.rq), sorted by name."""
    return [NamedQuery.from_file(p) for p in sorted(Path(folder).glob("*.rq"))]


def named_query(name: str, folder: Path = QUERIES_DIR) -> NamedQuery:
    """The named query *name*; QueryError listing the available ones if there is none."""
    path = Path(folder) / f"{name}.rq"
    if not re.fullmatch(r"[\w-]+", name) or not path.is_file():
        available = ", ".join(q.name for q in named_queries(folder)) or "none"
        raise QueryError(f"no named query {name!r}; available: {available}")
    return NamedQuery.from_file(path)


def format_result(result: QueryResult, fmt: str = "table") -> str:
    """The result as an aligned text table, CSV, TSV or JSON; a CONSTRUCT or DESCRIBE result also as Turtle."""
    if fmt == "turtle":
        return _turtle(result)
    if fmt == "json":
        rows = [{name: _json_value(value) for name, value in zip(result.variables, row)} for row in result.rows]
        return json.dumps(rows, ensure_ascii=False, indent=1)
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


def _turtle(result: QueryResult) -> str:
    """The triples of a CONSTRUCT or DESCRIBE result as Turtle, with the prefixes of the exports."""
    if result.triples is None:
        raise QueryError("--format turtle is for CONSTRUCT and DESCRIBE queries; a SELECT or ASK result has no triples")
    import rdflib
    graph = bind_prefixes(rdflib.Graph())
    graph.parse(data="\n".join(result.triples), format="nt")
    return graph.serialize(format="turtle").rstrip("\n")


def _short(value: str, width: int = 80) -> str:
    value = " ".join(value.split())
    return value if len(value) <= width else value[:width - 1] + "…"
