"""Exporters: the graph → files (Turtle, N-Triples, JSON-LD, HTML, node-link JSON), written atomically.

Each exporter is registered under a file name; heavy imports happen inside it.
:func:`write_exports` writes every file to a temporary name first and renames
them only when all were written, so a failed export leaves the folder as it was;
the temporaries of a build killed with ``kill -9`` are removed by the next one.
"""

from __future__ import annotations

import contextlib
import glob
import json
import logging
import os
import re
import tempfile
from pathlib import Path
from typing import Callable

import networkx as nx

from ..errors import ExportError

log = logging.getLogger(__name__)

__all__ = ["EXPORTERS", "DEFAULT_EXPORTS", "RDF_EXPORTS", "write_exports", "write_turtle", "write_ntriples",
           "write_jsonld", "write_json", "atomic_write", "export_names", "check_output_folder"]


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _stage(directory: Path, name: str) -> Path:
    """A new empty temporary file ``.NAME.PID.XXXXXXXX.tmp`` in *directory*, with the permissions a normal file would get."""
    fd, tmp = tempfile.mkstemp(dir=directory, prefix=f".{name}.{os.getpid()}.", suffix=".tmp")
    os.close(fd)
    os.chmod(tmp, 0o666 & ~_umask())
    return Path(tmp)


def _remove_stale(directory: Path, name: str) -> None:
    """Remove the temporaries of *name* in *directory* whose process is gone (``kill -9`` cleans nothing up);
    those of a running process and any other file are kept."""
    ours = re.compile(rf"\.{re.escape(name)}\.(\d+)\.[a-z0-9_]{{8}}\.tmp")  # as _stage names them
    for path in directory.glob(f".{glob.escape(name)}.*.tmp"):
        found = ours.fullmatch(path.name)
        if found and not _running(int(found.group(1))):
            with contextlib.suppress(OSError):
                path.unlink()


def _running(pid: int) -> bool:
    """Whether process *pid* exists (if unsure, it does)."""
    if os.name != "posix":  # os.kill(pid, 0) would end it on Windows
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's
        pass
    return True


def atomic_write(path: Path, write: Callable[[Path], None]) -> Path:
    """Call ``write(tmp)`` on a temporary file beside *path*, then rename it to *path*."""
    path = Path(path)
    if path.is_dir():
        raise ExportError(f"{path}: is a folder; give a file name to write")
    with _staging(path) as staged:
        path.parent.mkdir(parents=True, exist_ok=True)
        _remove_stale(path.parent, path.name)
        staged.append(_stage(path.parent, path.name))
        write(staged[0])
        os.replace(staged[0], path)
    return path


@contextlib.contextmanager
def _staging(place: Path):
    """A list for the temporary files the block makes: removed if it fails; an OS error names *place*."""
    staged: list[Path] = []
    try:
        yield staged
    except BaseException as exc:
        for tmp in staged:
            tmp.unlink(missing_ok=True)
        if isinstance(exc, OSError):
            raise _cannot_write(place, exc) from exc
        raise


def _cannot_write(path: Path, exc: OSError) -> ExportError:
    """A one-line error naming the place the user gave, not the temporary file."""
    return ExportError(f"cannot write {path}: {exc.strerror or exc}")


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


# The page's theme filter (the themes of `kg themes`) is skipped above this size: finding them takes about
# 7 s for 10,000 synthetic abstracts (27,000 nodes) and grows faster than the graph.
THEMES_MAX_NODES = 30_000


def _write_html(G: nx.MultiDiGraph, path: Path) -> None:
    from ..analysis import themes as find_themes
    from .html import write_html
    papers = sum(1 for _, t in G.nodes(data="type") if t == "Paper")
    themes = find_themes(G) if G.number_of_nodes() <= THEMES_MAX_NODES else None
    write_html(G, path, title=f"litkg · {papers} paper{'' if papers == 1 else 's'}", themes=themes)


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


def check_output_folder(out_dir, names=DEFAULT_EXPORTS, inputs=()) -> Path:
    """Make sure the exports *names* can be written in *out_dir* (made later if missing), before any work,
    and that none of them would replace one of the *inputs*."""
    from ..store import Store
    out_dir = Path(out_dir)
    if out_dir.exists() and not out_dir.is_dir():
        raise ExportError(f"{out_dir}: exists and is not a directory")
    if Store(out_dir).exists():  # its next update would leave the exports stale beside it
        raise ExportError(f"{out_dir}: is a litkg store; write into another folder (kg export --store {out_dir} "
                          "--out DIR writes the store's graph)")
    for path in map(Path, inputs):
        if path.is_file() and any(path.resolve() == (out_dir / name).resolve() for name in names):
            raise ExportError(f"{path}: is an input and would be overwritten by the export; choose another output folder")
    blocked = [out_dir / name for name in names if (out_dir / name).is_dir()]
    if blocked:
        raise ExportError(f"{blocked[0]}: is a folder, where the export {blocked[0].name} would go")
    existing = next(p for p in (out_dir, *out_dir.absolute().parents) if p.exists())
    if not existing.is_dir():
        raise ExportError(f"cannot write {out_dir}: {existing} is not a directory")
    try:
        _stage(existing, "probe").unlink()  # a file can be made there
    except OSError as exc:
        raise _cannot_write(out_dir / names[0] if len(names) == 1 else out_dir, exc) from exc  # kg view: its page
    return out_dir


def write_exports(G: nx.MultiDiGraph, out_dir, names=DEFAULT_EXPORTS, inputs=()) -> list[Path]:
    """Write the named exports of *G* into *out_dir*, replacing none of the files *inputs*; all or nothing."""
    from .rdf_formats import sharing_ntriples
    unknown = [name for name in names if name not in EXPORTERS]
    if unknown:
        raise ExportError(f"unknown export {unknown[0]!r}; expected some of {', '.join(EXPORTERS)}")
    out_dir = check_output_folder(out_dir, names, inputs)
    with _staging(out_dir) as staged, sharing_ntriples():
        out_dir.mkdir(parents=True, exist_ok=True)
        for name in EXPORTERS:  # what a killed build left, whichever exports it wrote
            _remove_stale(out_dir, name)
        for name in names:
            staged.append(_stage(out_dir, name))
            EXPORTERS[name](G, staged[-1])
        for tmp, name in zip(staged, names):
            size = tmp.stat().st_size
            os.replace(tmp, out_dir / name)
            log.info("wrote %s (%s bytes)", out_dir / name, f"{size:,}")
    _warn_stale(out_dir, names)
    return [out_dir / name for name in names]


def _warn_stale(out_dir: Path, names) -> None:
    """Say which exports in *out_dir* an earlier build left and this one did not rewrite (they are kept)."""
    for name in EXPORTERS:
        if name not in names and (out_dir / name).is_file():
            log.warning("%s is left from an earlier build and was not rewritten (kept as it was)", out_dir / name)
