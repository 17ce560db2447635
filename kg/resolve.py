"""Resolve stage: mentions from all papers → one Entity per concept, with every merge decision recorded.

Rules, in order (each merge is recorded on the entity as a :class:`Merge`):

``normalized``
    Names equal after :func:`kg.normalize.normalize_label` (case, hyphen/space,
    plural, British spelling) are one concept: "Diffusion Language Models",
    "diffusion language model".
``definition``
    An acronym defined in the paper's own text ("large language models (LLMs)")
    names the long form; the extractor labels the short form's uses with it.
``kind``
    A concept without a name is also called by the kind word the text gives
    it: "two-stage training" is "a two-stage training paradigm".
``lexicon``
    A name or alias of a curated lexicon entry (``kg/lexicon/*.jsonl``) maps to
    the entry's canonical label and type: "chain of thought" → "chain-of-thought
    prompting", "Training-Inference Mismatch" → "train-inference mismatch".
``acronym``
    A bare acronym that its paper never defines joins the long form another
    paper defined it as, when that long form is unique and the acronym has at
    least four letters. Short acronyms (≤ 3 letters: AR, EM, KD, TTA) are too
    ambiguous: they merge only through a definition in the same text or the
    lexicon.
``alias``
    Two concepts of the same type sharing a (non-short-acronym) name are one.
``type-vote``
    One name typed differently in different papers (a typing disagreement of the
    extractor, never of a lexicon entry) gets the majority type; the outvoted
    papers are recorded. Bare acronyms typed differently stay apart: "EM" the
    problem (emergent misalignment) is not "EM" the metric (exact match).
``ambiguous-alias``
    A short acronym that two concepts of the same type were both defined as is
    dropped from both (recorded on each) rather than merging them.
``override``, ``split``
    A user override file (:func:`load_overrides`) forces merges and splits.

Types are never merged silently: concepts of different types stay apart unless
the lexicon or a user override says they are one (the decision is recorded).
"""

from __future__ import annotations

import json
import re
import logging
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from .errors import InputError
from .normalize import is_acronym, normalize_label
from .records import ENTITY_TYPES, Mention, NodeType

__all__ = ["Entity", "Merge", "Overrides", "resolve", "load_overrides", "concept_keys", "is_short_acronym",
           "lexicon_hierarchy", "hierarchy", "name_parents"]

log = logging.getLogger(__name__)

LEXICON_WEIGHT = 10
SHORT_ACRONYM = 3  # letters; acronyms this short merge only through a definition or the lexicon


@dataclass(frozen=True)
class Merge:
    """One merge decision: the rule, the surface forms it joined, the papers (ids) they came from."""

    rule: str
    forms: tuple[str, ...]
    papers: tuple[str, ...] = ()

    def as_dict(self, paper_name=lambda p: p) -> dict:
        return {"rule": self.rule, "forms": list(self.forms), "papers": [paper_name(p) for p in self.papers]}


@dataclass(frozen=True)
class Entity:
    """One concept of the graph. ``id`` is unique (a normalized key may name concepts of two types)."""

    key: str
    type: NodeType
    label: str
    aliases: tuple[str, ...]
    papers: tuple[str, ...]
    merges: tuple[Merge, ...] = ()
    lexicon: str | None = None  # the canonical lexicon label, when the lexicon knows the concept

    @property
    def id(self) -> str:
        return f"{self.type.value}/{self.key}"


@dataclass(frozen=True)
class Overrides:
    """Forced merges (groups of names) and splits (pairs of names never merged automatically)."""

    merges: tuple[tuple[str, ...], ...] = ()
    splits: tuple[tuple[str, str], ...] = ()


def is_short_acronym(text: str) -> bool:
    """True for acronyms of at most three letters (AR, EM, TTA, LLMs), too ambiguous to merge by themselves."""
    core = text[:-1] if text.endswith("s") and len(text) > 2 else text
    return is_acronym(text) and len(core) <= SHORT_ACRONYM


def load_overrides(path) -> Overrides:
    """Read a merge/split override file.

    TSV (any extension but ``.json``): one decision a line, ``#`` comments::

        merge<TAB>Auto-Regressive models<TAB>autoregressive models
        split<TAB>machine learning<TAB>machine learning models

    JSON: ``{"merge": [["A", "B", ...], ...], "split": [["A", "B"], ...]}``.
    Names are matched normalized against labels and aliases of any type; in a
    merge the first name's concept keeps its label and type.
    """
    from .ingest import read_text_file
    path = Path(path)
    text = read_text_file(path, allow_empty=True)  # an empty file holds no decision
    merges, splits = [], []
    if path.suffix.lower() == ".json":
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise InputError(f"{path}: not valid JSON ({exc})") from exc
        if not isinstance(data, dict) or set(data) - {"merge", "split"}:
            raise InputError(f'{path}: expected {{"merge": [[names…]], "split": [[a, b]]}}')
        merge, split = data.get("merge", []), data.get("split", [])
        if not all(isinstance(gs, list) and all(isinstance(g, list) and all(isinstance(name, str) for name in g)
                                                for g in gs) for gs in (merge, split)):
            raise InputError(f'{path}: expected {{"merge": [[names…]], "split": [[a, b]]}} (lists of names)')
        rows = [("merge", *g) for g in merge] + [("split", *g) for g in split]
    else:
        rows = [line.split("\t") for line in text.splitlines() if line.strip() and not line.startswith("#")]
    for n, row in enumerate(rows, 1):
        action, names = row[0].strip().lower(), tuple(s.strip() for s in row[1:] if s.strip())
        if action not in ("merge", "split") or len(names) < 2 or (action == "split" and len(names) != 2):
            raise InputError(f"{path}: decision {n}: expected 'merge<TAB>name<TAB>name…' or "
                             f"'split<TAB>name<TAB>name', got {row!r}")
        (merges if action == "merge" else splits).append(names)
    for pair in splits:
        keys = {normalize_label(name) for name in pair}
        if any(keys <= {normalize_label(name) for name in group} for group in merges):
            raise InputError(f"{path}: {pair[0]!r} and {pair[1]!r} are both merged and split; keep one decision")
    return Overrides(tuple(merges), tuple(splits))


# ------------------------------------------------------------------- lexicon


def _lexicon():
    from .nlp.rules import lexicon_index
    return lexicon_index()


def _spelled_as_known(name: str) -> bool:
    from .nlp.rules import spelled_as_known
    return spelled_as_known(name)


def lexicon_hierarchy() -> dict[str, str]:
    """Normalized canonical lexicon label → canonical label of its "broader" entry."""
    from .nlp.rules import lexicon_entries
    return {normalize_label(e["label"]): e["broader"] for e, _ in lexicon_entries() if e.get("broader")}


# ------------------------------------------------------------------ grouping


@dataclass
class _Group:
    """Mentions resolved together so far (a union-find node)."""

    key: str
    type: NodeType
    mentions: list = field(default_factory=list)
    lexicon: str | None = None
    merges: list = field(default_factory=list)

    def names(self) -> set[str]:
        return {normalize_label(f) for m in self.mentions for f in (m.label, m.text, *m.aliases)}

    def papers(self) -> tuple[str, ...]:
        return tuple(sorted({m.paper_id for m in self.mentions}))


# a head noun the extractor appends to a defined long form ("Mixture-of-Experts (MoE) architectures"):
# without it, the name may be a lexicon concept. "models" is not one: "machine learning models" ≠ machine learning.
_HEAD_TAIL = re.compile(r" (architecture|layer|method|approach|technique|framework|mechanism|paradigm)$")


def _mention_key(m: Mention, lexicon) -> tuple[str, NodeType, str | None, bool]:
    """(key, type, lexicon label, mapped through the lexicon?) of one mention."""
    key = normalize_label(m.label)
    names = [m.label] + [a for a in m.aliases if not is_acronym(a)]
    if m.source == "short" and not is_acronym(m.label):
        names = [m.label]  # a short form's use: its long form decides
    for name in names:
        form = name
        hit = lexicon.get(normalize_label(form))
        if not hit and _HEAD_TAIL.search(normalize_label(form)):
            form = form.rsplit(" ", 1)[0]  # "Mixture-of-Experts architectures"; "hidden layer" is no HiDDeN
            hit = lexicon.get(normalize_label(form))
        if hit and _spelled_as_known(form) and not (is_acronym(name) and name != m.label):
            canonical, node_type = hit
            return normalize_label(canonical), node_type, canonical, normalize_label(canonical) != key
    return key, m.type, None, False


class _UnionFind:
    def __init__(self, groups: list[_Group], splits) -> None:
        self.parent = list(range(len(groups)))
        self.groups = groups
        self.splits = [(normalize_label(a), normalize_label(b)) for a, b in splits]
        self.names = [g.names() for g in groups]

    def find(self, i: int) -> int:
        while self.parent[i] != i:
            self.parent[i] = self.parent[self.parent[i]]
            i = self.parent[i]
        return i

    def union(self, keep: int, other: int, merge: Merge | None) -> bool:
        a, b = self.find(keep), self.find(other)
        if a == b:
            return False
        for x, y in self.splits:
            if (x in self.names[a] and y in self.names[b]) or (y in self.names[a] and x in self.names[b]):
                self.groups[a].merges.append(Merge("split", (x, y)))
                return False
        self.parent[b] = a
        self.names[a] |= self.names[b]
        ga, gb = self.groups[a], self.groups[b]
        ga.mentions += gb.mentions
        ga.merges += gb.merges
        ga.lexicon = ga.lexicon or gb.lexicon
        if merge is not None:
            ga.merges.append(merge)
        return True


def _labels(group_mentions) -> tuple[str, ...]:
    return tuple(sorted({m.label for m in group_mentions}))


def _vote(mentions) -> Counter:
    votes = Counter()
    for m in mentions:
        votes[m.type] += LEXICON_WEIGHT if m.source == "lexicon" else 1
    return votes


def _groups(mentions, lexicon) -> tuple[list[_Group], list[int]]:
    """Initial groups by (key, type) with the lexicon applied, and each mention's group index."""
    index: dict[tuple[str, NodeType], int] = {}
    groups: list[_Group] = []
    of_mention = []
    lexicon_forms: dict[int, set] = defaultdict(set)
    retyped: dict[int, set] = defaultdict(set)
    for m in mentions:
        key, node_type, canonical, mapped = _mention_key(m, lexicon)
        gid = index.get((key, node_type))
        if gid is None:
            gid = index[key, node_type] = len(groups)
            groups.append(_Group(key, node_type, lexicon=canonical))
        groups[gid].mentions.append(m)
        groups[gid].lexicon = groups[gid].lexicon or canonical
        if mapped:
            lexicon_forms[gid].add(m.label)
        if canonical and normalize_label(m.text) != key and (m.source == "lexicon" or not is_acronym(m.text)):
            lexicon_forms[gid].add(m.text)  # the lexicon matcher already put the canonical label on it
        if canonical and m.type is not node_type and m.source != "lexicon":
            retyped[gid].add((f"{m.label} ({m.type.value} → {node_type.value})", m.paper_id))
        of_mention.append(gid)
    for gid, forms in lexicon_forms.items():
        g = groups[gid]
        papers = tuple(sorted({m.paper_id for m in g.mentions if m.label in forms or m.text in forms}))
        g.merges.append(Merge("lexicon", tuple(sorted(forms | {g.lexicon})), papers))
    for gid, items in retyped.items():  # the lexicon's type beats the extractor's: recorded, never silent
        groups[gid].merges.append(Merge("lexicon-type", tuple(sorted({f for f, _ in items})),
                                        tuple(sorted({p for _, p in items}))))
    return groups, of_mention


def _type_votes(groups: list[_Group], uf: _UnionFind) -> None:
    """Same non-acronym key, different types, no lexicon: the majority type wins (recorded)."""
    by_key = defaultdict(list)
    for i, g in enumerate(groups):
        by_key[g.key].append(i)
    for key, ids in sorted(by_key.items()):
        if len(ids) < 2 or any(groups[i].lexicon for i in ids):
            continue
        paper_sets = [set(groups[i].papers()) for i in ids]
        shared_paper = any(a & b for n, a in enumerate(paper_sets) for b in paper_sets[n + 1:])
        if not shared_paper and any(is_short_acronym(m.label) for i in ids for m in groups[i].mentions):
            continue  # a short acronym typed differently in different papers: maybe two meanings
        votes = _vote(m for i in ids for m in groups[i].mentions)
        winner = max(ENTITY_TYPES, key=lambda t: (votes[t], -ENTITY_TYPES.index(t)))
        keep = next(i for i in ids if groups[i].type == winner)
        for i in ids:
            if i != keep:
                losers = groups[i].mentions
                forms = tuple(sorted({f"{m.label} ({m.type.value})" for m in losers}))
                uf.union(keep, i, Merge("type-vote", forms, tuple(sorted({m.paper_id for m in losers}))))


def _defined_acronyms(groups: list[_Group]) -> dict[str, set[int]]:
    """Normalized short form → groups whose long form it was defined as."""
    table = defaultdict(set)
    for i, g in enumerate(groups):
        for m in g.mentions:
            if is_acronym(m.label):
                continue
            for form in (*m.aliases, m.text):
                if is_acronym(form) and normalize_label(form) != normalize_label(m.label):
                    table[normalize_label(form)].add(i)
    return table


def _acronym_merges(groups: list[_Group], uf: _UnionFind) -> None:
    """Bare, undefined acronyms (≥ 4 letters) join the unique long form defined elsewhere."""
    table = _defined_acronyms(groups)
    for i, g in enumerate(groups):
        bare = [m for m in g.mentions if is_acronym(m.label) and not m.aliases]
        if not bare or g.lexicon or is_short_acronym(bare[0].label):
            continue
        targets = {uf.find(t) for t in table.get(g.key, ()) if groups[t].type == g.type} - {uf.find(i)}
        if len(targets) == 1:
            target = targets.pop()
            long = _labels(groups[target].mentions)[0]
            uf.union(target, i, Merge("acronym", tuple(sorted({*_labels(bare), long})),
                                      tuple(sorted({m.paper_id for m in bare}))))


def _mergeable_names(g: _Group) -> set[str]:
    """Normalized names of *g* that may join it to another concept (short acronyms may not)."""
    forms = {f for m in g.mentions for f in (m.label, m.text, *m.aliases)} | ({g.lexicon} if g.lexicon else set())
    return {normalize_label(f) for f in forms if f.strip() and not is_short_acronym(f)}


def _alias_merges(groups: list[_Group], uf: _UnionFind) -> None:
    """Same type, a shared name that is not a short acronym → one concept."""
    changed = True
    while changed:
        changed = False
        owner: dict[tuple[NodeType, str], int] = {}
        roots = sorted({uf.find(i) for i in range(len(groups))},
                       key=lambda r: (-len(groups[r].mentions), groups[r].key))
        for r in roots:
            for name in sorted(_mergeable_names(groups[r])):
                other = owner.setdefault((groups[r].type, name), r)
                if other == r:
                    continue
                a, b = uf.find(other), uf.find(r)
                forms = tuple(sorted({_display(groups[a]), _display(groups[b])}))
                papers = tuple(sorted({*groups[a].papers(), *groups[b].papers()}))
                if uf.union(a, b, Merge("alias", forms, papers)):
                    changed = True
                    break
            if changed:
                break


def _override_merges(groups: list[_Group], uf: _UnionFind, overrides: Overrides) -> None:
    for names in overrides.merges:
        ids = []
        for name in names:
            key = normalize_label(name)
            found = sorted({uf.find(i) for i in range(len(groups)) if key in uf.names[uf.find(i)]},
                           key=lambda r: -len(groups[r].mentions))
            if not found:
                log.warning("merge override: no concept named %r", name)
            ids += found  # every concept that carries the name ("LMs" defined in one paper, bare in another)
        kept = groups[uf.find(ids[0])].type if ids else None
        if any(groups[uf.find(i)].type is not kept for i in ids):
            log.warning("merge override %s: concepts of different types; the merged one is a %s",
                        " + ".join(repr(n) for n in names), kept.value)
        for other in ids[1:]:
            papers = tuple(sorted({*groups[uf.find(ids[0])].papers(), *groups[uf.find(other)].papers()}))
            uf.splits, saved = [], uf.splits  # a forced merge beats automatic splits
            uf.union(ids[0], other, Merge("override", tuple(names), papers))
            uf.splits = saved


def _unapplied_splits(groups: list[_Group], uf: _UnionFind, splits) -> None:
    """Warn of a split no rule could have applied: a name no concept carries, or two names one mention carries
    together (an abstract defines one as the other, or the lexicon knows them as one concept)."""
    roots = {uf.find(i) for i in range(len(groups))}
    for pair in splits:
        x, y = map(normalize_label, pair)
        missing = [name for name, key in zip(pair, (x, y)) if not any(key in uf.names[r] for r in roots)]
        if missing:
            log.warning("split override: no concept named %s", " or ".join(map(repr, missing)))
        elif any(x in names and y in names for names in (g.names() for g in groups)):
            log.warning("split override %r / %r: one concept by a definition in an abstract or by the lexicon; "
                        "kept together", *pair)


def _display(g: _Group) -> str:
    if g.lexicon:
        return g.lexicon
    key = g.key
    labels = Counter(m.label for m in g.mentions if normalize_label(m.label) == key) or Counter(m.label for m in g.mentions)
    # most frequent; ties → the lower-case spelling, then alphabetical
    return min(labels, key=lambda s: (-labels[s], not s.islower(), s))


def _normalized_merges(g: _Group) -> list[Merge]:
    """Record the spellings that normalization and in-text definitions joined."""
    out = []
    by_key = defaultdict(lambda: defaultdict(set))
    for m in g.mentions:
        for form in {m.label, m.text}:
            by_key[normalize_label(form)][form].add(m.paper_id)
    if g.lexicon:  # the lexicon's spelling, when the text only used another one ("implicit biases")
        by_key[normalize_label(g.lexicon)].setdefault(g.lexicon, set())
    for key, forms in sorted(by_key.items()):
        if len(forms) > 1:
            out.append(Merge("normalized", tuple(sorted(forms)), tuple(sorted(set().union(*forms.values())))))
    defined, kinded = defaultdict(set), defaultdict(set)
    for m in g.mentions:
        for a in m.aliases:
            if is_acronym(a) != is_acronym(m.label) or m.source == "abbrev":  # "Speech LLMs" is no acronym
                # the long form as written, when the extractor extended it ("X (SF) models" → label "X models")
                extra = (m.text,) if m.text not in (m.label, a) and not is_acronym(m.text) else ()
                defined[(m.label, a, *extra)].add(m.paper_id)
            elif a.startswith(m.label + " "):
                kinded[(m.label, a)].add(m.paper_id)  # "two-stage training" / "two-stage training paradigm"
        if m.source == "short" and not is_acronym(m.label) and normalize_label(m.text) != normalize_label(m.label):
            defined[(m.label, m.text)].add(m.paper_id)  # a later use of a defined short form ("GMs")
    for rule, joined in (("definition", defined), ("kind", kinded)):
        for forms, papers in sorted(joined.items()):
            out.append(Merge(rule, forms, tuple(sorted(papers))))
    return out


def _entity(g: _Group) -> Entity:
    label = _display(g)
    forms = {f for m in g.mentions for f in (m.label, m.text, *m.aliases)}
    if g.lexicon:
        forms.discard(g.lexicon)
    merges = sorted(set(_normalized_merges(g) + g.merges), key=lambda x: (x.rule, x.forms, x.papers))
    key = normalize_label(label)
    return Entity(key, g.type, label, tuple(sorted(forms - {label})), g.papers(), tuple(merges), g.lexicon)


def _drop_ambiguous(entities: list[Entity]) -> list[Entity]:
    """A short acronym alias shared by two concepts of one type is dropped from both (recorded)."""
    holders = defaultdict(set)
    for i, e in enumerate(entities):
        for name in {e.key, *(normalize_label(a) for a in e.aliases)}:
            holders[e.type, name].add(i)
    drop = defaultdict(set)
    for (_, name), ids in holders.items():
        if len(ids) > 1:
            for i in ids:
                if name != entities[i].key:
                    drop[i].add(name)
    out = []
    for i, e in enumerate(entities):
        if i not in drop:
            out.append(e)
            continue
        gone = tuple(sorted(a for a in e.aliases if normalize_label(a) in drop[i]))
        kept = tuple(a for a in e.aliases if a not in gone)
        merges = tuple(sorted((*e.merges, Merge("ambiguous-alias", gone, e.papers)),
                              key=lambda x: (x.rule, x.forms, x.papers)))
        out.append(Entity(e.key, e.type, e.label, kept, e.papers, merges, e.lexicon))
    return out


def resolve(mentions, *, overrides: Overrides | None = None) -> tuple[list[Entity], list[str]]:
    """Entities (sorted by id) and the entity id of each mention (aligned with *mentions*)."""
    mentions = list(mentions)
    overrides = overrides or Overrides()
    groups, of_mention = _groups(mentions, _lexicon())
    uf = _UnionFind(groups, overrides.splits)
    _type_votes(groups, uf)
    _acronym_merges(groups, uf)
    _alias_merges(groups, uf)
    _override_merges(groups, uf, overrides)
    _unapplied_splits(groups, uf, overrides.splits)
    roots = sorted({uf.find(i) for i in range(len(groups))})
    entity_of_root = {r: _entity(groups[r]) for r in roots}
    # two roots may end up with the same display key and type (rare): make ids unique
    seen = Counter()
    for r in roots:
        e = entity_of_root[r]
        seen[e.id] += 1
        if seen[e.id] > 1:
            entity_of_root[r] = Entity(f"{e.key} {seen[e.id]}", e.type, e.label, e.aliases, e.papers, e.merges, e.lexicon)
    entities = _drop_ambiguous([entity_of_root[r] for r in roots])
    by_id = {e.id: e for e in entities}
    ids = [entity_of_root[uf.find(g)].id for g in of_mention]
    return sorted(by_id.values(), key=lambda e: e.id), ids


def concept_keys(mentions) -> list[str]:
    """The entity id of each mention (aligned with *mentions*)."""
    return resolve(mentions)[1]


# ----------------------------------------------------------------- hierarchy

_SIZE_PART = re.compile(r"^(\d+(\.\d+)?[BMKbmk]|v\d+(\.\d+)*|base|instruct|chat|it|preview|thinking|distill)$", re.I)
_SPLIT_NAME = re.compile(r"[- ](?=[^- ]+$)")


def name_parents(label: str) -> list[str]:
    """Candidate family names of a variant, nearest first: 'Qwen2.5-Math-7B' → ['Qwen2.5-Math', 'Qwen2.5']."""
    out, name = [], label
    while True:
        parts = _SPLIT_NAME.split(name)
        if len(parts) != 2 or not parts[0]:
            break
        name = parts[0]
        out.append(name)
    return out


def hierarchy(entities: list[Entity]) -> tuple[list[Entity], list[tuple[str, str, str]]]:
    """Broader links between entities, from the lexicon's "broader" and from variant names.

    Returns the lexicon family concepts that had to be added (those at least two
    entities sit below, e.g. "Qwen3" over Qwen3-8B and Qwen3-4B; they have no
    papers) and the links as (narrower id, broader id, rule) with rule
    ``lexicon`` or ``name``.
    """
    lexicon, up = _lexicon(), lexicon_hierarchy()
    by_name: dict[tuple[NodeType, str], str] = {}
    for e in entities:
        for name in (e.label, *e.aliases):
            if not is_short_acronym(name):
                by_name.setdefault((e.type, normalize_label(name)), e.id)
    existing = {e.id for e in entities}

    def lexicon_chain(e: Entity) -> list[tuple[str, NodeType]]:
        """Lexicon ancestors of *e* (canonical label, type), nearest first."""
        chain, seen = [], set()
        start = e.lexicon
        if start is None:  # a variant name whose family the lexicon knows: Qwen3-8B → Qwen3
            for parent in name_parents(e.label) if e.type is NodeType.MODEL or e.type is NodeType.BENCHMARK else []:
                hit = lexicon.get(normalize_label(parent))
                if hit and hit[1] is e.type:
                    chain.append(hit)
                    start = hit[0]
                    break
        while start is not None and normalize_label(start) in up and normalize_label(start) not in seen:
            seen.add(normalize_label(start))
            hit = lexicon.get(normalize_label(up[normalize_label(start)]))
            if hit is None:
                break
            chain.append(hit)
            start = hit[0]
        return chain

    def found(label: str, node_type: NodeType) -> str | None:
        return by_name.get((node_type, normalize_label(label))) or next(
            (by_name[t, normalize_label(label)] for t in ENTITY_TYPES if (t, normalize_label(label)) in by_name), None)

    chains = {e.id: lexicon_chain(e) for e in entities}
    below = Counter()
    for e in entities:
        for label, node_type in chains[e.id]:
            if found(label, node_type):
                break
            below[label, node_type] += 1
    added = {}
    for (label, node_type), n in sorted(below.items(), key=lambda kv: (kv[0][0], kv[0][1].value)):
        if n >= 2:
            fam = Entity(normalize_label(label), node_type, label, (), (), (), label)
            if fam.id not in existing:
                added[fam.id] = fam
                by_name.setdefault((node_type, fam.key), fam.id)
    links = set()
    for e in [*entities, *added.values()]:
        chain = chains.get(e.id) if e.id in chains else lexicon_chain(e)
        for label, node_type in chain:
            target = found(label, node_type)
            if target and target != e.id:
                links.add((e.id, target, "lexicon"))
                break
        if e.type in (NodeType.MODEL, NodeType.BENCHMARK) and re.search(r"[A-Z0-9]", e.label):
            for parent in name_parents(e.label):
                target = by_name.get((e.type, normalize_label(parent)))
                if target and target != e.id:
                    links.add((e.id, target, "name"))
                    break
    return sorted(added.values(), key=lambda x: x.id), sorted(links)
