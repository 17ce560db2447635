"""Entity-to-entity relations read off the mentions of one sentence, each with its evidence.

Relations (subject → object):

``mitigates``   Method/Model → Problem      "X mitigates / alleviates / addresses Y"
``appliedTo``   Method → Model              "apply X to Y", "Y fine-tuned with X"
``evaluatedOn`` Method/Model → Benchmark    "X achieves 71% on Y", "experiments on Y" (subject: what the paper proposes)
``outperforms`` Method/Model → Method/Model "X outperforms / surpasses Y"
``broader``     narrower → broader concept  Hearst patterns: "X such as Y", "Y and other X", "a X called Y"

A subject written as a pronoun or a stand-in ("it", "our method", "the
proposed approach") is the paper's proposed concept. The functions work on
the mentions of one sentence, in text order, with their entity ids and types.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass

from .records import Mention, NodeType, Role

__all__ = ["Relation", "RELATIONS", "relations_from_sentence", "extract_relations"]

RELATIONS = ("mitigates", "appliedTo", "evaluatedOn", "outperforms", "broader")

_ACTORS = (NodeType.METHOD, NodeType.MODEL)
MAX_GAP_WORDS = 6

# "fix" but not "a fixed order"
_MITIGATE = re.compile(r"\b(mitigat|alleviat|address|tackl|reduc|resolv|prevent|overcom|eliminat|combat|solv|"
                       r"suppress|counteract|fix(es|ing)?\b|curb|avoid|remed|cur(e|es|ed|ing)\b|handl)\w*", re.I)
_OUTPERFORM = re.compile(r"\b(outperform\w*|surpass\w*|beat(s|ing)?|exceed\w*|better\s+than|superior\s+to)\b", re.I)
_EVAL_CUE = re.compile(r"\b(evaluat\w*|experiment\w*|achiev\w*|results?|outperform\w*|surpass\w*|scor\w*|"
                       r"accura\w*|tested|benchmark\w*|improv\w*|gains?|reach\w*|sets?\s+new|state-of-the-art|sota)\b", re.I)
# A preposition between the verb and a mention: "outperforms baselines across model architectures",
# "reduces overfitting in speech recognition", "solves problems by interleaving reasoning": not its object.
_PREPOSITION = re.compile(r"\b(in|on|across|over|for|at|by|under|within|among|into|via|through)\b", re.I)
_ON = re.compile(r"\b(on|across|over|in)\s+(the\s+|both\s+|several\s+|multiple\s+|\w+\s+)?$", re.I)
_APPLY_BEFORE = re.compile(r"\b(appl(y|ies|ied|ying)|us(e|es|ed|ing)|employ\w*|adopt\w*)\s+(the\s+|a\s+|an\s+)?$", re.I)
_APPLY_GAP = re.compile(r"^\s*(\w+\s+){0,3}?(to|on)\s+(the\s+|a\s+|an\s+)?$", re.I)
_TRAINED_WITH = re.compile(r"^\s*(\w+\s+)?(is\s+|are\s+|was\s+|were\s+)?(trained|fine-?tuned|finetuned|post-trained|"
                           r"optimi[sz]ed|aligned|distilled|adapted|augmented|equipped)\s+(\w+\s+){0,2}?"
                           r"(with|using|via|by|through)\s+(the\s+|a\s+|an\s+)?$", re.I)
_TRAIN_BEFORE = re.compile(r"\b(fine-?tun\w*|finetun\w*|train\w*|post-train\w*|align\w*)\s+(the\s+|a\s+)?$", re.I)
_WITH_GAP = re.compile(r"^\s*(with|using|via|through)\s+(the\s+|a\s+|an\s+)?$", re.I)
_STAND_IN = re.compile(r"(^|[,;:]\s*|\b(and|but|that|where|while|thus|moreover|furthermore|overall|finally),?\s+)"
                       r"(it|this|our\s+(\w+\s+)?(method|approach|framework|model|system|technique|algorithm)|"
                       r"(the\s+)?(proposed|resulting)\s+(\w+\s+)?(method|approach|framework|model|system|technique)|"
                       r"this\s+(method|approach|framework|model|technique))\s+(\w+\s+)?$", re.I)
_HEARST_SUCH = re.compile(r"^\s*,?\s*(such\s+as|including|e\.g\.,?|especially|particularly)\s+(the\s+)?$", re.I)
_HEARST_OTHER = re.compile(r"^\s*,?\s*(and|or)\s+other\s+$", re.I)
_HEARST_CALLED = re.compile(r"^\s*,?\s*(called|named|dubbed|termed|known\s+as)\s+$", re.I)
_LIST_GAP = re.compile(r"^\s*(,|,?\s*(and|or))\s*(the\s+)?$", re.I)
# A mention inside a prepositional phrase is no subject: "… by 54% on Qwen-1.5B, outperforming Y", "injecting
# drafts into a stronger learner's GRPO context outperforms Y".
_IN_PHRASE = re.compile(r"\b(on|in|into|of|for|to|from|with|by|across|over|under|at|within)\s+([\w'’-]+\s+){0,3}$",
                        re.I)
_RELATIVE = re.compile(r"\b(that|which|who)\b", re.I)  # "resulting in X that outperform Y": X does
# A participle after a comma says what the clause's subject does: "X reduces Z by 54%, outperforming Y".
_COMMA_PARTICIPLE = re.compile(r",\s*(\w+\s+)?$")
_PARTICIPLE = re.compile(r"\w+ing\b")


@dataclass(frozen=True)
class Relation:
    """One entity → entity statement found in one sentence; ``start``/``end`` span it in the abstract."""

    subject: str
    relation: str
    object: str
    paper_id: str
    sentence: str
    start: int
    end: int
    text: str


@dataclass(frozen=True)
class _M:
    mention: Mention
    entity: str
    type: NodeType


def _words(text: str) -> int:
    return len(re.findall(r"\w+", text))


def _list_members(items: list[_M], first: int, abstract: str) -> list[int]:
    """Index *first* and the mentions of its type that continue a list after it ("Y1, Y2 and Y3")."""
    out = [first]
    j = first + 1
    while j < len(items) and items[j].type == items[first].type \
            and _LIST_GAP.match(abstract[items[out[-1]].mention.end:items[j].mention.start]):
        out.append(j)
        j += 1
    return out


def relations_from_sentence(items: list[_M], abstract: str, *, proposed: _M | None = None) -> list[Relation]:
    """Relations between the mentions *items* of one sentence (in text order)."""
    if not items:
        return []
    paper, sentence = items[0].mention.paper_id, items[0].mention.sentence
    sent_start = abstract.rfind(sentence, 0, items[0].mention.start + len(sentence)) if sentence else -1
    sent_start = max(sent_start, 0)
    found: list[tuple] = []

    def add(subj: _M | None, rel: str, obj: _M, start: int | None = None) -> None:
        if subj is None or subj.entity == obj.entity:
            return
        points = [obj.mention.start, obj.mention.end]
        if subj.mention.sentence == sentence and sent_start <= subj.mention.start <= sent_start + len(sentence):
            points += [subj.mention.start, subj.mention.end]
        if start is not None and start >= sent_start:
            points.append(start)
        begin, end = min(points), max(points)
        found.append(Relation(subj.entity, rel, obj.entity, paper, sentence, begin, end, abstract[begin:end]))

    def subject_before(pos: int, j: int) -> tuple[_M | None, int | None]:
        """The actor mention just before the verb at *pos* (≤ MAX_GAP_WORDS words), the subject of the clause
        before a participle ("X reduces Z, outperforming Y"), or the proposed concept."""
        if _PARTICIPLE.match(abstract, pos) and _COMMA_PARTICIPLE.search(abstract[sent_start:pos]):
            first = items[0]
            if first.type in _ACTORS and first.mention.end <= pos and not re.search(r"[;:()]", abstract[
                    first.mention.end:pos]) and not _IN_PHRASE.search(abstract[sent_start:first.mention.start]):
                return first, None
        for i in range(j - 1, -1, -1):
            m = items[i]
            if m.mention.end > pos:
                continue
            if m.type in _ACTORS and _words(abstract[m.mention.end:pos]) <= MAX_GAP_WORDS \
                    and (_RELATIVE.search(abstract[m.mention.end:pos])
                         or not _IN_PHRASE.search(abstract[max(sent_start, m.mention.start - 40):m.mention.start])) \
                    and not re.search(r"[;:]|\b(than|to|with|over|shows?|showing|finds?|demonstrat\w*)\b", abstract[m.mention.end:pos]):
                return m, None
            break
        clause = abstract[sent_start:pos]
        if proposed is not None and _STAND_IN.search(clause[-60:]):
            match = _STAND_IN.search(clause[-60:])
            return proposed, pos - len(clause[-60:]) + match.start(3)
        return None, None

    for j, obj in enumerate(items):
        before = abstract[items[j - 1].mention.end if j else sent_start:obj.mention.start]
        prev = items[j - 1] if j else None
        # Hearst: "X such as Y1, Y2", "a X called Y": Y is narrower than X
        if prev is not None and prev.type == obj.type and (_HEARST_SUCH.match(before) or _HEARST_CALLED.match(before)):
            for k in _list_members(items, j, abstract):
                add(items[k], "broader", prev, start=prev.mention.start)
        if prev is not None and prev.type == obj.type and _HEARST_OTHER.match(before):
            # "Y1, Y2 and other X"
            k = j - 1
            while k >= 0 and items[k].type == obj.type:
                add(items[k], "broader", obj)
                if k == 0 or not _LIST_GAP.match(abstract[items[k - 1].mention.end:items[k].mention.start]):
                    break
                k -= 1
        window = abstract[max(sent_start, obj.mention.start - 90):obj.mention.start]
        if obj.type is NodeType.PROBLEM:
            verb = _last(_MITIGATE, window)
            if verb is not None and _direct_object(window, verb) and not _other_between(items, j, obj, window, verb):
                pos = obj.mention.start - len(window) + verb.start()
                subj, start = subject_before(pos, j)
                add(subj, "mitigates", obj, start)
        if obj.type in _ACTORS:
            verb = _last(_OUTPERFORM, window)
            if verb is not None and _direct_object(window, verb) \
                    and not _other_between(items, j, obj, window, verb, same=True):
                pos = obj.mention.start - len(window) + verb.start()
                subj, start = subject_before(pos, j)
                if subj is not None:
                    for k in _list_members(items, j, abstract):
                        add(subj, "outperforms", items[k], start)
        head = j  # the first benchmark of a list ("on GSM8K, MATH and AIME")
        while head > 0 and items[head - 1].type is NodeType.BENCHMARK \
                and _LIST_GAP.match(abstract[items[head - 1].mention.end:items[head].mention.start]):
            head -= 1
        before_list = abstract[items[head - 1].mention.end if head else sent_start:items[head].mention.start]
        if obj.type is NodeType.BENCHMARK and _EVAL_CUE.search(sentence) and _ON.search(before_list[-40:]):
            subj = None
            for i in range(head - 1, -1, -1):
                if items[i].type in _ACTORS:
                    if _words(abstract[items[i].mention.end:obj.mention.start]) <= 12:
                        subj = items[i]
                    break
            if subj is None and proposed is not None and proposed.type in _ACTORS:
                subj = proposed
            if subj is not None:
                add(subj, "evaluatedOn", obj, subj.mention.start if subj is not proposed else obj.mention.start)
        if obj.type is NodeType.MODEL and prev is not None and prev.type is NodeType.METHOD:
            pre = abstract[max(sent_start, prev.mention.start - 30):prev.mention.start]
            if _APPLY_GAP.match(before) and _APPLY_BEFORE.search(pre):
                add(prev, "appliedTo", obj)
        if obj.type is NodeType.METHOD and prev is not None and prev.type is NodeType.MODEL:
            pre = abstract[max(sent_start, prev.mention.start - 30):prev.mention.start]
            if _TRAINED_WITH.match(before) or (_WITH_GAP.match(before) and _TRAIN_BEFORE.search(pre)):
                add(obj, "appliedTo", prev, prev.mention.start)
    return found


def _last(pattern: re.Pattern, text: str):
    match = None
    for match in pattern.finditer(text):
        pass
    return match


def _direct_object(window: str, verb: re.Match) -> bool:
    """The mention that ends *window* is close after *verb*, with no preposition between them."""
    gap = window[verb.end():]
    return _words(gap) <= 4 and not _PREPOSITION.search(gap)


def _other_between(items: list[_M], j: int, obj: _M, window: str, verb, *, same: bool = False) -> bool:
    """True when a mention other than a list-mate of *obj* sits between the verb and *obj*."""
    verb_pos = obj.mention.start - len(window) + verb.end()
    for i in range(j - 1, -1, -1):
        m = items[i]
        if m.mention.start < verb_pos:
            break
        if not (same and m.type in _ACTORS) and not (m.type == obj.type):
            return True
    return False


def extract_relations(papers, mentions, entity_ids, entity_types: dict[str, NodeType]) -> list[Relation]:
    """Relations of every paper, from its mentions grouped by sentence.

    *entity_ids* is aligned with *mentions* (see :func:`kg.resolve.resolve`);
    *entity_types* maps an entity id to its type.
    """
    abstracts = {p.id: p.abstract for p in papers}
    by_sentence: dict[tuple[str, str], list[_M]] = defaultdict(list)
    proposed: dict[str, _M] = {}
    for m, eid in zip(mentions, entity_ids):
        if m.paper_id not in abstracts:
            continue
        item = _M(m, eid, entity_types[eid])
        by_sentence[m.paper_id, m.sentence].append(item)
        if m.role is Role.PROPOSES and item.type in _ACTORS:
            first = proposed.get(m.paper_id)
            if first is None or m.start < first.mention.start:
                proposed[m.paper_id] = item
    out = []
    for (paper, _), items in sorted(by_sentence.items(), key=lambda kv: (kv[0][0], kv[1][0].mention.start)):
        items.sort(key=lambda x: (x.mention.start, x.mention.end))
        out += relations_from_sentence(items, abstracts[paper], proposed=proposed.get(paper))
    return sorted(set(out), key=lambda r: (r.paper_id, r.start, r.end, r.relation, r.subject, r.object))
