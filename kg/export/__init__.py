"""Exporters: the graph → files (Turtle, N-Triples, JSON-LD, HTML, node-link JSON), written atomically.

Each exporter is registered under a file name; heavy imports happen inside it.
:func:`write_exports` writes every file to a temporary name first and renames
them only when all were written, so a failed export leaves the folder as it was.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Callable

import networkx as nx

from ..errors import ExportError

__all__ = ["EXPORTERS", "DEFAULT_EXPORTS", "RDF_EXPORTS", "write_exports", "write_turtle", "write_ntriples",
           "write_jsonld", "write_json", "atomic_write", "export_names"]


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _stage(directory: Path, name: str) -> Path:
    """A new empty temporary file in *directory*, with the permissions a normal file would get."""
    fd, tmp = tempfile.mkstemp(dir=directory, prefix=f".{name}.", suffix=".tmp")
    os.close(fd)
    os.chmod(tmp, 0o666 & ~_umask())
    return Path(tmp)


def atomic_write(path: Path, write: Callable[[Path], None]) -> Path:
    """Call ``write(tmp)`` on a temporary file beside *path*, then rename it to *path*."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = _stage(path.parent, path.name)
    try:
        write(tmp)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return path


def write_turtle(G: nx.MultiDiGraph, path: Path) -> None:
    from .rdf_formats import write_turtle
    write_turtle(G, path)


def write_ntriples(G: nx.MultiDiGraph, path: Path) -> None:
    from .rdf_formats import write_ntriples
    write_ntriples(G, path)


def write_jsonld(G: nx.MultiDiGraph, path: Path) -> None:
    from .rdf_formats import write_jsonld
    write_jsonld(G, path)


def write_json(G: nx.MultiDiGraph, path: Path) -> None:
    data = nx.node_link_data(G, edges="links")
    Path(path).write_text(json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def _write_html(G: nx.MultiDiGraph, path: Path) -> None:
    from .html import write_html
    papers = sum(1 for _, t in G.nodes(data="type") if t == "Paper")
    write_html(G, path, title=f"litkg · {papers} paper{'' if papers == 1 else 's'}")


EXPORTERS: dict[str, Callable[[nx.MultiDiGraph, Path], None]] = {
    "graph.ttl": write_turtle,
    "graph.nt": write_ntriples,
    "graph.jsonld": write_jsonld,
    "graph.json": write_json,
    "graph.html": _write_html,
}


# RDF format name (kg build --format) → file name
RDF_EXPORTS = {"ttl": "graph.ttl", "nt": "graph.nt", "jsonld": "graph.jsonld"}
DEFAULT_EXPORTS = ("graph.ttl", "graph.json", "graph.html")


def export_names(rdf_formats=("ttl",)) -> tuple[str, ...]:
    """File names to write for the RDF formats *rdf_formats* (ttl, nt, jsonld), plus graph.json and graph.html."""
    unknown = [f for f in rdf_formats if f not in RDF_EXPORTS]
    if unknown or not rdf_formats:
        raise ExportError(f"unknown RDF format {', '.join(unknown) or '(none)'}; expected a comma-separated list of "
                          + ", ".join(RDF_EXPORTS))
    return tuple(dict.fromkeys(RDF_EXPORTS[f] for f in rdf_formats)) + ("graph.json", "graph.html")


def write_exports(G: nx.MultiDiGraph, out_dir, names=DEFAULT_EXPORTS) -> list[Path]:
    """Write the named exports of *G* into *out_dir*; all or nothing."""
    out_dir = Path(out_dir)
    if out_dir.exists() and not out_dir.is_dir():
        raise ExportError(f"{out_dir}: exists and is not a directory")
    out_dir.mkdir(parents=True, exist_ok=True)
    staged = []
    try:
        for name in names:
            tmp = _stage(out_dir, name)
            staged.append((tmp, out_dir / name))
            EXPORTERS[name](G, tmp)
    except BaseException:
        for tmp, _ in staged:
            tmp.unlink(missing_ok=True)
        raise
    for tmp, final in staged:
        os.replace(tmp, final)
    return [final for _, final in staged]
