"""Incremental store: a folder that accumulates papers day after day and says what each update brought.

The store keeps the input papers (JSON Lines of :class:`~kg.records.Paper`
records, before extraction) and rebuilds the graph from them on every change,
so that entities are resolved across the whole collection exactly as
``kg build`` on the same papers would; only abstracts not seen before are
extracted (``extractions.jsonl`` keeps the others' extraction, under a
fingerprint of the extractor: when the extractor changes, all are extracted again).

Layout of ``DIR``::

    current -> .gen-000007          symlink: the committed generation
    .gen-000007/papers.jsonl        the papers, in order of arrival
    .gen-000007/entities.json       {entity IRI: [type, label, support]} after this generation
    .gen-000007/whats-new.md        the report of the update that made this generation
    .gen-000007/store.json          format, generation number, base IRI
    .gen-000007/extractions.jsonl   what extraction found in each abstract (a cache: a paper already
                                    there is not extracted again while the extractor is unchanged)
    papers.jsonl -> current/papers.jsonl
    whats-new.md -> current/whats-new.md
    .lock                           held (flock) while an update runs

An update writes a complete new generation folder, then switches ``current``
to it with one atomic rename (``os.replace`` of a symlink): a process killed
at any point leaves either the old generation or the new one committed,
never a mix. Leftover folders of interrupted updates are removed by the next
update. Adding papers that are already in the store changes nothing: no new
generation is written.

Set ``KG_STORE_PAUSE_BEFORE_COMMIT`` (seconds) to sleep between writing a
generation and committing it (used by the tests that kill an update midway).
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import re
import shutil
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

from .errors import ExportError, InputError
from .graph import DEFAULT_BASE, paper_iri
from .records import NodeType, Paper

__all__ = ["Store", "Update", "paper_to_json", "paper_from_json", "STORE_FORMAT"]

log = logging.getLogger(__name__)

STORE_FORMAT = "litkg-store/1"
_EXTRACTIONS, _EXTRACTIONS_FORMAT = "extractions.jsonl", "litkg-extractions/1"
_GEN = re.compile(r"^\.gen-(\d{6})$")
PAUSE_ENV = "KG_STORE_PAUSE_BEFORE_COMMIT"
_SHOWN = ("papers.jsonl", "whats-new.md")  # linked into current/ at the top of the store
_LEFTOVER = re.compile(r"^\.(lock|gen-\d{6}(\.partial)?|current\.\d+\.tmp)$")  # of an update that never committed
REPORT_ROWS = 25
REPORT_PAPERS = 200


def paper_to_json(paper: Paper) -> dict:
    """The store's record of *paper*: its fields without the label (extraction recomputes it), empty values left out."""
    data = asdict(paper)
    data.pop("label")
    return {k: (list(v) if isinstance(v, tuple) else v) for k, v in data.items() if v not in (None, "", (), [])}


def paper_from_json(data: dict) -> Paper:
    return Paper(**{k: (tuple(v) if isinstance(v, list) else v) for k, v in data.items()})


@dataclass
class Update:
    """What one change of the store did (``markdown()`` is the what's-new report)."""

    action: str  # "add" or "remove"
    inputs: list[str] = field(default_factory=list)
    new_papers: list[dict] = field(default_factory=list)  # {"id", "label", "identifier", "authors", "date"}
    updated_papers: list[str] = field(default_factory=list)
    removed_papers: list[dict] = field(default_factory=list)
    known_papers: int = 0  # input papers that were already in the store, unchanged
    new_entities: list[tuple] = field(default_factory=list)  # (iri, type, label, support)
    grown: list[tuple] = field(default_factory=list)  # (iri, type, label, before, after)
    gone: list[tuple] = field(default_factory=list)  # (iri, type, label, support before)
    theme_links: list[tuple] = field(default_factory=list)  # (theme, theme, labels of the new papers joining them)
    papers_before: int = 0
    papers_after: int = 0
    entities_before: int = 0
    entities_after: int = 0
    generation: int = 0

    @property
    def changed(self) -> bool:
        return bool(self.new_papers or self.updated_papers or self.removed_papers)

    def summary(self) -> str:
        """One line for the terminal."""
        store = f"store: {_count(self.papers_after, 'paper')}, {_count(self.entities_after, 'entity', 'entities')}"
        if self.action == "remove":
            return (f"removed {_count(len(self.removed_papers), 'paper')}, {_count(len(self.gone), 'entity', 'entities')} "
                    f"only it supported; {store}")
        if not self.changed:
            return f"nothing new: {_count(self.known_papers, 'paper')} already in the store; {store}"
        return (f"added {_count(len(self.new_papers), 'paper')}" + (f", updated {len(self.updated_papers)}" if self.updated_papers else "")
                + f" ({self.known_papers} already in the store), {_count(len(self.new_entities), 'new entity', 'new entities')}; "
                f"{store}")

    def markdown(self) -> str:
        """The what's-new report (deterministic: no clock time)."""
        def esc(text) -> str:  # shown as is: no markup, link, HTML, entity or table cell break, on one line
            return re.sub(r"([\\`*_\[\]<>|&~$])", r"\\\1", re.sub(r"[\r\n]+", " ", str(text)))

        lines = []
        if self.action == "remove":
            lines.append(f"# What's new: {_count(len(self.removed_papers), 'paper')} removed")
        else:
            lines.append(f"# What's new: {_count(len(self.new_papers), 'new paper')}")
        lines += ["", f"Store generation {self.generation}: {self.papers_before} → {self.papers_after} papers, "
                  f"{self.entities_before} → {self.entities_after} entities."]
        if self.inputs:
            lines.append("Inputs: " + ", ".join(f"`{Path(i).name}`" for i in self.inputs) + ".")
        if self.known_papers:
            lines.append(f"{_count(self.known_papers, 'input paper was', 'input papers were')} already in the store.")
        if self.updated_papers:
            lines.append(f"{_count(len(self.updated_papers), 'stored paper')} got more metadata from the inputs: "
                         + ", ".join(f"`{i}`" for i in self.updated_papers[:REPORT_ROWS]) + ".")
        for title, papers in (("New papers", self.new_papers), ("Removed papers", self.removed_papers)):
            if papers:
                lines += ["", f"## {title}", ""]
                for p in papers[:REPORT_PAPERS]:
                    extra = [x for x in (p.get("identifier"), p.get("date"),
                                         ", ".join(p.get("authors", [])[:3]) + (" et al." if len(p.get("authors", [])) > 3 else ""))
                             if x]
                    lines.append(f"- **{esc(p['label'])}**" + (f" ({esc('; '.join(extra))})" if extra else "") + f" `{p['id']}`")
                if len(papers) > REPORT_PAPERS:
                    lines.append(f"- … and {len(papers) - REPORT_PAPERS} more.")
        if self.new_entities:
            lines += ["", "## New entities", "", "| entity | type | papers |", "|---|---|---|"]
            lines += [f"| {esc(label)} | {t} | {n} |" for _, t, label, n in self.new_entities[:REPORT_ROWS]]
            if len(self.new_entities) > REPORT_ROWS:
                lines.append(f"\n… and {len(self.new_entities) - REPORT_ROWS} more.")
        if self.grown:
            lines += ["", "## Support grew most", "", "| entity | type | before | now |", "|---|---|---|---|"]
            lines += [f"| {esc(label)} | {t} | {a} | {b} (+{b - a}) |" for _, t, label, a, b in self.grown[:REPORT_ROWS]]
        if self.theme_links:
            lines += ["", "## New links between themes", "", "| theme | theme | through new paper(s) |", "|---|---|---|"]
            lines += [f"| {esc(a)} | {esc(b)} | {esc('; '.join(papers))} |" for a, b, papers in self.theme_links[:REPORT_ROWS]]
        if self.gone:
            lines += ["", "## Entities no paper supports any more", "", "| entity | type | papers before |", "|---|---|---|"]
            lines += [f"| {esc(label)} | {t} | {n} |" for _, t, label, n in self.gone[:REPORT_ROWS]]
            if len(self.gone) > REPORT_ROWS:
                lines.append(f"\n… and {len(self.gone) - REPORT_ROWS} more.")
        return "\n".join(lines) + "\n"


def _count(n: int, word: str, words: str | None = None) -> str:
    """*n* and *word*, or its plural *words* (*word* + "s" by default) unless *n* is 1."""
    return f"{n} {word if n == 1 else words or word + 's'}"


def _supports(G) -> dict[str, list]:
    return {n: [d["type"], d["label"], len(d.get("papers", []))]
            for n, d in sorted(G.nodes(data=True)) if d["type"] != NodeType.PAPER.value}


def new_theme_links(G, new_papers: set[str]) -> list[tuple]:
    """Pairs of themes (of the updated graph) that a new paper joins: it names concepts of both.

    Returns ``(theme name, theme name, [labels of the new papers])``, most-joined first.
    """
    from .analysis import themes
    found = themes(G)
    joined = {}
    for i, a in enumerate(found):
        for b in found[i + 1:]:
            bridges = sorted(set(a["papers"]) & set(b["papers"]) & new_papers)
            if bridges:
                joined[a["name"], b["name"]] = [G.nodes[p]["label"] for p in bridges]
    return sorted(((a, b, papers) for (a, b), papers in joined.items()), key=lambda t: (-len(t[2]), t[0], t[1]))


def _paper_card(G, paper: Paper, base: str) -> dict:
    data = G.nodes.get(paper_iri(paper.id, base), {}) if G is not None else {}
    return {"id": paper.id, "label": data.get("label") or paper.title or paper.id, "identifier": paper.identifier,
            "authors": list(paper.authors), "date": paper.date}


class Store:
    """A store folder (see the module docstring). ``Store(dir).add(paths)`` creates it when missing."""

    def __init__(self, directory, *, base: str | None = None) -> None:
        self.dir = Path(directory)
        if self.dir.exists() and not self.dir.is_dir():
            raise InputError(f"{self.dir}: exists and is not a folder (expected a litkg store)")
        meta = self._meta()
        self.base = meta.get("base", base or DEFAULT_BASE)
        if base is not None and base != self.base:
            raise InputError(f"{self.dir}: the store's base IRI is {self.base}, not {base}")

    # ------------------------------------------------------------ reading

    @property
    def current(self) -> Path | None:
        link = self.dir / "current"
        return link.resolve() if link.is_symlink() and link.resolve().is_dir() else None

    def exists(self) -> bool:
        return self.current is not None

    def _require(self) -> Path:
        current = self.current
        if current is None:
            raise InputError(f"{self.dir}: not a litkg store (make one with: kg add FILE... --store {self.dir})")
        return current

    def _meta(self) -> dict:
        current = self.current
        if current is None:
            return {}
        path = current / "store.json"
        meta = _read_json_object(path)
        if meta.get("format") != STORE_FORMAT:
            raise InputError(f"{self.dir}: unknown store format {meta.get('format')!r}; expected {STORE_FORMAT}")
        return meta

    @property
    def generation(self) -> int:
        return self._meta().get("generation", 0)

    def papers(self) -> list[Paper]:
        """The stored papers, in order of arrival."""
        current = self.current
        if current is None:
            return []
        path, papers, n = current / "papers.jsonl", [], 0
        try:
            with open(path, encoding="utf-8") as f:
                for n, line in enumerate(f, 1):
                    if line.strip():
                        papers.append(paper_from_json(json.loads(line)))
        except (OSError, ValueError) as exc:
            raise InputError(f"{path}: {f'line {n}: ' if n else ''}corrupt store file ({exc})") from exc
        except (TypeError, AttributeError) as exc:  # valid JSON, but not the fields of a paper
            raise InputError(f"{path}: line {n}: corrupt store file (not a paper record)") from exc
        return papers

    def entities(self) -> dict[str, list]:
        """{entity IRI: [type, label, support]} of the committed generation."""
        current = self.current
        if current is None:
            return {}
        path = current / "entities.json"
        entities = _read_json_object(path)
        if not all(isinstance(v, list) and len(v) == 3 for v in entities.values()):
            raise InputError(f"{path}: corrupt store file (expected [type, label, support] for each entity)")
        return entities

    def graph(self, *, jobs: int = 1, progress: bool = False):
        """The :class:`~kg.api.KnowledgeGraph` of the stored papers (rebuilt, from the cached extractions)."""
        self._require()
        papers = self.papers()
        if not papers:
            raise InputError(f"{self.dir}: the store holds no papers")
        return self._build(papers, jobs, progress)[0]

    # ------------------------------------------------------------ changing

    @contextlib.contextmanager
    def _locked(self):
        import fcntl
        try:
            self.dir.mkdir(parents=True, exist_ok=True)
            lock = open(self.dir / ".lock", "w")
        except OSError as exc:  # before any work: the place the user gave cannot hold a store
            raise InputError(f"{self.dir}: cannot write a store there ({exc.strerror or exc})") from exc
        with lock:
            try:
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raise InputError(f"{self.dir}: another update of this store is running") from None
            try:
                yield
            finally:
                fcntl.flock(lock, fcntl.LOCK_UN)

    def add(self, paths, *, input_format: str | None = None, jobs: int = 1, progress: bool = False) -> Update:
        """Merge the papers of *paths* into the store; write a new generation only if something changed."""
        from .ingest import merge_papers, read_inputs
        paths = [paths] if isinstance(paths, (str, Path)) else list(paths)
        if not paths:
            raise InputError("no input files given")
        self._refuse_foreign_files()
        incoming = read_inputs(paths, input_format=input_format)  # before the lock: bad input fails fast
        with self._locked():
            old = self.papers()
            old_by_id = {p.id: p for p in old}
            merged = merge_papers(incoming, known=old)
            from .ingest import text_hash
            old_ids_by_text = {text_hash(p.abstract): p.id for p in old}
            new = [p for p in merged if p.id not in old_by_id and text_hash(p.abstract) not in old_ids_by_text]
            updated = [p.id for p in merged if p not in new and old_by_id.get(p.id) != p]
            before = self.entities()
            update = Update("add", inputs=[str(p) for p in paths], known_papers=len(incoming) - len(new),
                            papers_before=len(old), entities_before=len(before), generation=self.generation)
            if not new and not updated:
                update.papers_after, update.entities_after = len(old), len(before)
                return update
            G, extractions = self._rebuild(merged, jobs, progress)
            after = _supports(G)
            update.new_papers = [_paper_card(G, p, self.base) for p in new]
            update.updated_papers = updated
            update.theme_links = new_theme_links(G, {paper_iri(p.id, self.base) for p in new})
            self._diff(update, before, after)
            self._commit(merged, after, update, extractions)
            return update

    def remove(self, name: str, *, jobs: int = 1, progress: bool = False) -> Update:
        """Remove the paper *name* (id, arXiv id, DOI, IRI, title or label) and what only it supported."""
        self._require()  # before the lock: no folder is created for a store that does not exist
        with self._locked():
            old = self.papers()
            target = self.find(name, old)
            kept = [p for p in old if p.id != target.id]
            before = self.entities()
            update = Update("remove", papers_before=len(old), entities_before=len(before), generation=self.generation)
            update.removed_papers = [_paper_card(None, target, self.base)]
            G, extractions = self._rebuild(kept, jobs, progress) if kept else (None, {})
            after = _supports(G) if G is not None else {}
            self._diff(update, before, after)
            self._commit(kept, after, update, extractions)
            return update

    def find(self, name: str, papers=None) -> Paper:
        """The stored paper called *name*: its id, IRI, identifier (arXiv:…, doi:…), bare arXiv id or DOI, canonical URL, or title."""
        from .ingest.fields import normalize_arxiv, normalize_doi
        papers = self.papers() if papers is None else papers
        text = name.strip()
        arxiv, doi = normalize_arxiv(text), normalize_doi(text)
        for p in papers:
            if text in (p.id, paper_iri(p.id, self.base), p.identifier) or (arxiv and p.arxiv == arxiv) or (doi and p.doi == doi):
                return p
        for what, named in (("title", self._titled), ("label", self._labelled)):
            found = named(text.casefold(), papers)
            if len(found) == 1:
                return found[0]
            if found:
                raise InputError(f"{name!r}: {len(found)} papers have this {what} ({', '.join(p.id for p in found)}); "
                                 "give an id")
        raise InputError(f"{name!r}: no paper with this id, arXiv id, DOI, title or label in {self.dir}")

    @staticmethod
    def _titled(folded: str, papers) -> list[Paper]:
        return [p for p in papers if p.title and p.title.casefold() == folded]

    def _labelled(self, folded: str, papers) -> list[Paper]:
        """The papers without a title whose label (what the graph shows for them) is *folded*, any case.

        A paper's title is its label: the label cached when it had none is stale once an update gave it one.
        """
        from .ingest import text_hash
        labels = {h: entry.get("label", "") for h, entry in self.extractions().items()}
        return [p for p in papers if not p.title and str(labels.get(text_hash(p.abstract), "")).casefold() == folded]

    def _rebuild(self, papers, jobs, progress) -> tuple:
        """The networkx graph of *papers*, and the extractions of their abstracts."""
        from .ingest import text_hash
        graph, cache = self._build(papers, jobs, progress)
        wanted = {text_hash(p.abstract) for p in papers}
        return graph.graph, {h: entry for h, entry in cache.items() if h in wanted}

    def _build(self, papers, jobs, progress) -> tuple:
        """The KnowledgeGraph of *papers*, extracting only abstracts not in the cache, and the cache then."""
        from .api import from_papers
        cache = self.extractions()
        try:
            return from_papers(papers, base=self.base, jobs=jobs, progress=progress, cache=cache), cache
        except (TypeError, ValueError, KeyError, IndexError) as exc:  # an entry of another shape: hand-edited?
            if not cache:
                raise
            log.warning("%s: unusable (%s); every paper is extracted again", self.current / _EXTRACTIONS, exc)
        cache = {}
        return from_papers(papers, base=self.base, jobs=jobs, progress=progress, cache=cache), cache

    def extractions(self) -> dict[str, dict]:
        """The committed generation's cache of extractions ({} if it has none, or if the extractor changed)."""
        from .extract import extractor_fingerprint
        path = self.current / _EXTRACTIONS if self.current else None
        if path is None or not path.is_file():
            return {}
        try:
            with open(path, encoding="utf-8") as f:
                header = json.loads(f.readline())
                if header != {"format": _EXTRACTIONS_FORMAT, "fingerprint": extractor_fingerprint()}:
                    return {}  # another extractor made it: every paper is extracted again
                return {entry.pop("hash"): entry for entry in map(json.loads, f)}
        except (OSError, ValueError, TypeError, AttributeError, KeyError) as exc:  # derived data: extract again
            log.warning("%s: unreadable (%s); every paper is extracted again", path, exc)
            return {}

    @staticmethod
    def _diff(update: Update, before: dict, after: dict) -> None:
        update.new_entities = sorted(((iri, t, label, n) for iri, (t, label, n) in after.items() if iri not in before),
                                     key=lambda e: (-e[3], e[2].lower(), e[0]))
        update.grown = sorted(((iri, t, label, before[iri][2], n) for iri, (t, label, n) in after.items()
                               if iri in before and n > before[iri][2]), key=lambda e: (-(e[4] - e[3]), -e[4], e[2].lower()))
        update.gone = sorted(((iri, t, label, n) for iri, (t, label, n) in before.items() if iri not in after),
                             key=lambda e: (-e[3], e[2].lower(), e[0]))
        update.entities_after = len(after)

    def _refuse_foreign_files(self) -> None:
        """A folder that is not a store yet must be empty (but for what an interrupted first update left):
        a store adds its own files and links to it."""
        if self.exists() or not self.dir.is_dir():
            return
        if any(os.path.islink(self.dir / name) and os.readlink(self.dir / name) == f"current/{name}" for name in _SHOWN):
            raise InputError(f"{self.dir}: a damaged litkg store: its link 'current' to the committed generation is "
                             "missing or broken")
        held = sorted(p.name for p in self.dir.iterdir() if not _LEFTOVER.match(p.name))
        if held:
            raise InputError(f"{self.dir}: holds {held[0]}{' and more' if len(held) > 1 else ''} and is not a litkg "
                             "store; give an empty or new folder for the store")

    def _commit(self, papers, entities: dict, update: Update, extractions: dict) -> None:
        """Write a new generation folder, then switch ``current`` to it atomically."""
        number = update.generation + 1  # the committed generation's successor
        update.generation = number
        update.papers_after = len(papers)
        name = f".gen-{number:06d}"
        staging = self.dir / f"{name}.partial"
        for leftover in (staging, self.dir / name):  # of an interrupted update (we hold the lock)
            shutil.rmtree(leftover, ignore_errors=True)
        try:
            self._write_generation(staging, papers, entities, update, extractions)
        except OSError as exc:  # a full or read-only disk: the committed generation stays current
            shutil.rmtree(staging, ignore_errors=True)
            raise ExportError(f"{self.dir}: cannot write the store's new generation ({exc.strerror or exc}); "
                              "the store is unchanged") from exc
        os.replace(staging, self.dir / name)
        _fsync_dir(self.dir)
        pause = os.environ.get(PAUSE_ENV)
        if pause:
            time.sleep(float(pause))
        link = self.dir / f".current.{os.getpid()}.tmp"
        link.unlink(missing_ok=True)
        os.symlink(name, link)
        os.replace(link, self.dir / "current")  # the commit point
        _fsync_dir(self.dir)
        for shown in _SHOWN:
            path = self.dir / shown
            if not path.is_symlink():
                tmp = self.dir / f".{shown}.{os.getpid()}.tmp"
                tmp.unlink(missing_ok=True)
                os.symlink(f"current/{shown}", tmp)
                os.replace(tmp, path)
        self._clean(keep=name)

    def _write_generation(self, staging: Path, papers, entities: dict, update: Update, extractions: dict) -> None:
        """The files of a generation, in the folder *staging*."""
        staging.mkdir()
        _write(staging / "papers.jsonl", "".join(json.dumps(paper_to_json(p), ensure_ascii=False, sort_keys=True) + "\n"
                                               for p in papers))
        _write(staging / "entities.json", json.dumps(entities, ensure_ascii=False, indent=0, sort_keys=True) + "\n")
        _write(staging / "whats-new.md", update.markdown())
        from .extract import extractor_fingerprint
        header = {"format": _EXTRACTIONS_FORMAT, "fingerprint": extractor_fingerprint()}
        _write(staging / _EXTRACTIONS, "".join(json.dumps(line, ensure_ascii=False, sort_keys=True) + "\n" for line in
                                               [header, *({"hash": h, **e} for h, e in sorted(extractions.items()))]))
        _write(staging / "store.json", json.dumps({"format": STORE_FORMAT, "generation": update.generation,
                                                   "base": self.base}, indent=1, sort_keys=True) + "\n")

    def _clean(self, keep: str) -> None:
        """Remove generations other than *keep* and leftovers of interrupted updates."""
        for p in self.dir.iterdir():
            if p.name != keep and (_GEN.match(p.name) or (p.name.startswith(".gen-") and p.name.endswith(".partial"))):
                shutil.rmtree(p, ignore_errors=True)
            elif p.name.startswith(".current.") and p.name.endswith(".tmp"):
                p.unlink(missing_ok=True)

    def export(self, out_dir, names=None, *, jobs: int = 1, progress: bool = False) -> list[Path]:
        """Write every export (or the files *names*) of the store's graph into *out_dir*, atomically."""
        from .export import EXPORTERS
        self._require()
        return self.graph(jobs=jobs, progress=progress).write(out_dir, names or tuple(EXPORTERS))


def _read_json_object(path: Path) -> dict:
    """The JSON object in the store file *path*; InputError naming it if it is unreadable or not an object."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise InputError(f"{path}: corrupt store file ({exc})") from exc
    if not isinstance(data, dict):
        raise InputError(f"{path}: corrupt store file (not a JSON object)")
    return data


def _write(path: Path, text: str) -> None:
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())


def _fsync_dir(path: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(path, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
