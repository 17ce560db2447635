"""Extract stage: papers → mentions (typed, with role and evidence) and paper labels."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from spacy.language import Language
from spacy.tokens import Doc

from .normalize import is_acronym, normalize_label
from .nlp.terms import sentence_of, sentences
from .records import Mention, Paper, Result, Role

__all__ = ["Extraction", "extract", "mentions_from_doc", "paper_label"]

log = logging.getLogger(__name__)

LABEL_WORDS = 8


@dataclass(frozen=True)
class Extraction:
    """What the extract stage returns: labelled papers, their mentions, and the papers that failed."""

    papers: tuple[Paper, ...]
    mentions: tuple[Mention, ...]
    failed: tuple[tuple[Paper, str], ...] = ()
    results: tuple[Result, ...] = ()


def mentions_from_doc(doc: Doc, paper: Paper) -> list[Mention]:
    """One Mention per Term the pipeline left on *doc*, in text order."""
    mentions = []
    for term in sorted(doc._.kg_terms or [], key=lambda t: t.start):
        span = doc[term.start:term.end]
        mentions.append(Mention(
            paper_id=paper.id, text=span.text, label=term.label, type=term.type, role=term.role,
            start=span.start_char, end=span.end_char, sentence=sentence_of(doc, span.start).text.strip(),
            aliases=tuple(a for a in term.aliases if a != term.label), source=term.source))
    return mentions


def paper_label(doc: Doc, mentions: list[Mention]) -> str:
    """The name of what the paper proposes (its short name if it has one), else a short phrase of its first sentence."""
    proposed = [m for m in mentions if m.role is Role.PROPOSES]
    named = [m for m in proposed if any(c.isupper() for c in m.label + "".join(m.aliases))]
    coined = [m for m in named if m.source != "lexicon"]  # a new name beats a known model it was built on
    for mention in coined or named or proposed:
        short = [a for a in (mention.label, *mention.aliases) if is_acronym(a)]
        return short[0] if short else mention.label
    first = sentences(doc)[0].text.split()
    return " ".join(first[:LABEL_WORDS]).rstrip(",;:.") + ("…" if len(first) > LABEL_WORDS else "")


def _unify_roles(mentions: list[Mention]) -> list[Mention]:
    """Within one paper, every mention of a concept carries the concept's strongest role."""
    best: dict[str, Role] = {}
    for m in mentions:
        key = normalize_label(m.label)
        if key not in best or m.role.strength > best[key].strength:
            best[key] = m.role
    return [m if m.role is best[normalize_label(m.label)] else _with_role(m, best[normalize_label(m.label)])
            for m in mentions]


def _with_role(m: Mention, role: Role) -> Mention:
    return Mention(m.paper_id, m.text, m.label, m.type, role, m.start, m.end, m.sentence, m.aliases, m.source)


def extract(papers, *, nlp: Language | None = None) -> Extraction:
    """Run the pipeline over *papers*; a paper whose extraction fails is logged and skipped."""
    if nlp is None:
        from .nlp import default_pipeline
        nlp = default_pipeline()
    done, mentions, failed, results = [], [], [], []
    for paper in papers:
        try:
            doc = nlp(paper.abstract)
            found = _unify_roles(mentions_from_doc(doc, paper))
            label = paper_label(doc, found)
        except Exception as exc:  # one bad abstract must not stop the build
            log.error("paper %s: extraction failed (%s: %s); skipped", paper.id, type(exc).__name__, exc)
            failed.append((paper, f"{type(exc).__name__}: {exc}"))
            continue
        done.append(paper.with_label(label))
        mentions.extend(found)
        results.extend(Result(paper.id, r["value"], r["metric"], r["benchmark"], r["sentence"], r["start"], r["end"])
                       for r in doc._.kg_results or [])
    return Extraction(tuple(done), tuple(mentions), tuple(failed), tuple(results))
