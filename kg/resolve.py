"""Resolve stage: mentions from all papers → one Entity per concept.

Mentions name the same concept when their normalized labels are equal
(case, hyphens, plurals, British spellings folded). A bare short form
("LLMs") joins the long form it was defined as anywhere in the corpus, when
that long form is unique. Each concept gets one type, by vote, lexicon
mentions weighing most.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass

from .normalize import is_acronym, normalize_label
from .records import ENTITY_TYPES, Mention, NodeType

__all__ = ["Entity", "resolve"]

LEXICON_WEIGHT = 10


@dataclass(frozen=True)
class Entity:
    """One concept of the graph."""

    key: str
    type: NodeType
    label: str
    aliases: tuple[str, ...]
    papers: tuple[str, ...]


def _acronym_table(mentions) -> dict[str, set[str]]:
    """Normalized short form → normalized long forms it is defined as."""
    table = defaultdict(set)
    for m in mentions:
        if is_acronym(m.label):
            continue
        for form in (*m.aliases, m.text):
            if is_acronym(form) and normalize_label(form) != normalize_label(m.label):
                table[normalize_label(form)].add(normalize_label(m.label))
    return table


def concept_keys(mentions) -> list[str]:
    """The concept key of each mention (aligned with *mentions*)."""
    table = _acronym_table(mentions)
    keys = []
    for m in mentions:
        key = normalize_label(m.label)
        if is_acronym(m.label) and len(table.get(key, ())) == 1:
            key = next(iter(table[key]))
        keys.append(key)
    return keys


def _vote_type(group: list[Mention]) -> NodeType:
    votes = Counter()
    for m in group:
        votes[m.type] += LEXICON_WEIGHT if m.source == "lexicon" else 1
    return max(ENTITY_TYPES, key=lambda t: (votes[t], -ENTITY_TYPES.index(t)))


def _display_label(group: list[Mention], key: str) -> str:
    lexicon = [m.label for m in group if m.source == "lexicon"]
    if lexicon:
        return lexicon[0]
    labels = Counter(m.label for m in group if normalize_label(m.label) == key) or Counter(m.label for m in group)
    # most frequent; ties → the lower-case spelling, then alphabetical
    return min(labels, key=lambda s: (-labels[s], not s.islower(), s))


def resolve(mentions) -> tuple[list[Entity], list[str]]:
    """Entities (sorted by key) and the entity key of each mention."""
    mentions = list(mentions)
    keys = concept_keys(mentions)
    groups: dict[str, list[Mention]] = defaultdict(list)
    for key, m in zip(keys, mentions):
        groups[key].append(m)
    entities = []
    for key in sorted(groups):
        group = groups[key]
        label = _display_label(group, key)
        forms = {f for m in group for f in (m.label, m.text, *m.aliases)}
        entities.append(Entity(key, _vote_type(group), label, tuple(sorted(forms - {label})),
                               tuple(sorted({m.paper_id for m in group}))))
    return entities, keys
