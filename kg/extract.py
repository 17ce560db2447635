"""Extract stage: papers → mentions (typed, with role and evidence) and paper labels."""

from __future__ import annotations

import logging
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from spacy.language import Language
from spacy.tokens import Doc

from .ingest.daily import text_hash
from .normalize import is_acronym, normalize_label
from .nlp.roles import RELEASE_CUE
from .nlp.rules import KIND_WORDS, STUDY_WORDS, is_adjective_compound, lexicon_index, spelled_as_known
from .nlp.terms import sentence_of, sentences
from .records import Mention, NodeType, Paper, Result, Role

__all__ = ["Extraction", "extract", "mentions_from_doc", "paper_label", "extractor_fingerprint"]

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


# A sentence that adds a further contribution ("We further present X", "Moreover, we introduce Y") or names what
# it observes ("We term this the Disney World test"; not "We call this approach X").
_SECONDARY = re.compile(r"\b(we|our)\s+(also|further|additionally)\b"
                        r"|^(Furthermore|Additionally|Moreover|Besides|Finally)\b"
                        r"|\bwe\s+(term|call|dub)\s+(this|these|it|such)\b(?!\s+(" + "|".join(KIND_WORDS) + r"))", re.I)


def _secondary_labels(proposed: list[Mention]) -> set[str]:
    """Labels of what the paper proposes besides its main contribution: introduced as a further one ("We further
    present X") or in a sentence that names an earlier proposal ("Central to D-LiFT, we propose D-SCORE")."""
    introduced: dict[str, Mention] = {}
    for m in sorted(proposed, key=lambda m: m.start):
        introduced.setdefault(m.label, m)
    return {label for label, m in introduced.items()
            if _SECONDARY.search(m.sentence) or any(_names_before(m, other) or _after_in_sentence(m, other)
                                                    for other in introduced.values())}


_DESCRIBING = re.compile(r"(?<!-)\b(that|which|where|whose|comprising|consisting|built|based|constructed|composed"
                         r"|collected|curated|derived|mined|obtained|trained|using)\b")  # not "CVAE-based"


def _after_in_sentence(mention: Mention, other: Mention) -> bool:
    """*mention* is in the description of *other*, introduced earlier in its sentence: "We introduce Code-A1, a
    framework that optimizes a Code LLM and a Test LLM" — Code-A1 is the contribution, the Test LLM a part of it;
    "we formulate DRIP, a Layered Control Architecture (LCA)": the appositive says what DRIP is."""
    if other.sentence != mention.sentence or other.start >= mention.start or other.label == mention.label \
            or _kind_of_study(other.label):  # "a novel evaluation approach based on what we call X": X names it
        return False
    after_other = mention.sentence.find(other.text) + len(other.text)
    at = mention.sentence.find(mention.text, after_other)
    gap = mention.sentence[after_other:at]
    return at >= 0 and (_DESCRIBING.search(gap) is not None or _DESCRIBED_AS.fullmatch(gap) is not None)


# An appositive that says what a name is: "DRIP (…) architecture, a Layered Control Architecture (LCA) that …",
# "BiasFlow, a hook-based toolkit for monitoring … alignment (IBMI)".
_DESCRIBED_AS = re.compile(r"[^,;:.]{0,30},\s+an?\s+[^;:.]*")


def _names_before(mention: Mention, other: Mention) -> bool:
    """The sentence of *mention* names *other*, introduced in an earlier sentence, before it."""
    where = mention.sentence.find(other.text)
    return (other.start < mention.start and other.sentence != mention.sentence
            and 0 <= where < mention.sentence.find(mention.text))


def paper_label(doc: Doc, mentions: list[Mention]) -> str:
    """The name of what the paper proposes (its short name if it has one), else a short phrase of its first sentence."""
    proposed = [m for m in mentions if m.role is Role.PROPOSES]
    uses = Counter(m.label for m in proposed if m.source != "abbrev")  # "Long Form (LF)" is one use, not two
    # the paper's own name recurs, and a problem it names is not the paper ("a problem termed DNC … we propose
    # RULE"), nor is a second contribution; stable: the first mention wins ties
    secondary = _secondary_labels(proposed)
    # a name the field already has is rarely the paper's own ("the first AT paradigm", "a Gaussian Mixture Model")
    # unless the paper releases it
    released = {m.label for m in proposed if RELEASE_CUE.search(m.sentence)}
    known = {m.label for m in proposed if _known(m.label) and m.label not in released}
    proposed.sort(key=lambda m: (m.type is NodeType.PROBLEM, m.label in secondary, m.label in known,
                                 _kind_of_study(m.label), _cut_before_noun(m.label), _plain_compound(m.label),
                                 -uses[m.label]))
    named = [m for m in proposed if any(c.isupper() for c in m.label + "".join(m.aliases)) and m.label not in known]
    for mention in named or proposed:
        written = [m.text for m in proposed if m.label == mention.label]  # "… Diffusion (ARMD) model": ARMD
        short = [a for a in (mention.label, *mention.aliases, *written) if is_acronym(a)]
        return short[0] if short else mention.label
    first = sentences(doc)[0].text.split()
    return " ".join(first[:LABEL_WORDS]).rstrip(",;:.") + ("…" if len(first) > LABEL_WORDS else "")


def _known(label: str) -> bool:
    """The lexicon has *label*, spelled as it spells it (a paper's "V-STAR" is not the known V-STaR)."""
    return normalize_label(label) in lexicon_index() and spelled_as_known(label)


def _cut_before_noun(label: str) -> bool:
    """A name that ends in an adjective compound ("NP-hard" of "NP-hard (NPH) graph problems"; not "VISTA-Hard"):
    no name for a paper."""
    return is_adjective_compound(label.split()[-1])


def _plain_compound(label: str) -> bool:
    """"Multi-view" of "Multi-view Dynamic Graph Embeddings … (DyGSSM)", "Feasibility-Aware" of "Feasibility-Aware
    offline Safe RL … (FASP)": one hyphenated word of plain words, a modifier cut from a longer name, rather than
    the paper's name when it proposes another."""
    parts = label.split("-")
    return " " not in label and len(parts) > 1 and all(p.isalpha() and p[1:].islower() for p in parts)


def _kind_of_study(label: str) -> bool:
    """"evaluation approach", "analysis framework", "pre-training approach": a kind of study or a known concept
    with a kind word, no name ("… based on what we call X", "a pre-training approach that builds X")."""
    words = label.lower().split()
    if len(words) < 2 or words[-1] not in KIND_WORDS:
        return False
    return (len(words) == 2 and words[0] in STUDY_WORDS) or normalize_label(" ".join(words[:-1])) in lexicon_index()


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


def _extract_papers(nlp: Language, papers) -> tuple[list, list, list, list]:
    """(labelled papers, mentions, failed, results) of *papers*;
    a paper whose extraction fails is logged and skipped."""
    done, mentions, failed, results = [], [], [], []
    for paper in papers:
        try:
            doc = nlp(paper.abstract)
            found = _unify_roles(mentions_from_doc(doc, paper))
            label = paper_label(doc, found)
        except Exception as exc:  # one bad abstract must not stop the build
            log.error("%s: paper %s: extraction failed (%s: %s); skipped", paper.source or "input", paper.id,
                      type(exc).__name__, exc)
            failed.append((paper, f"{type(exc).__name__}: {exc}"))
            continue
        done.append(paper.with_label(paper.title or label))  # a known title names the paper
        mentions.extend(found)
        results.extend(Result(paper.id, r["value"], r["metric"], r["benchmark"], r["sentence"], r["start"], r["end"])
                       for r in doc._.kg_results or [])
    return done, mentions, failed, results


def _worker_init():
    """In a worker: Ctrl-C is the parent's to handle, and the parent's SIGTERM (ending the pool) ends it quietly."""
    import signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the handler of kg.cli, inherited through fork


def _worker_chunk(papers, learned: bool = True):
    from .nlp import default_pipeline
    return _extract_papers(default_pipeline(learned), papers)


def _chunks(papers: list, jobs: int) -> list[list]:
    size = max(1, min(64, -(-len(papers) // (jobs * 4))))
    return [papers[i:i + size] for i in range(0, len(papers), size)]


def extract(papers, *, nlp: Language | None = None, jobs: int = 1, progress=None, cache: dict | None = None,
            learned: bool = True) -> Extraction:
    """Run the pipeline over *papers*; a paper whose extraction fails is logged and skipped.

    *cache*, if given, maps the hash of an abstract to its extraction (see ``extractor_fingerprint``): papers
    found there are not extracted again, and the others are added to it (``kg add`` keeps one per store).

    *jobs* > 1 runs the default pipeline in that many worker processes, on chunks
    of papers, and gathers the records in input order (the same result as one
    process). spaCy's ``nlp.pipe(n_process=...)`` is not used: it sends Docs back
    through msgpack, which cannot carry the Spans in litkg's Doc extensions;
    workers return the plain records instead. *progress*, if given, is called
    with the number of papers each step finished. *learned* False runs the default pipeline without
    ``kg_learned`` (the rules alone); its extractions are never cached.
    """
    papers = list(papers)
    if cache is None or not learned:
        return _extract(papers, nlp, jobs, progress, learned)
    hashes = [text_hash(p.abstract) for p in papers]
    todo = [p for p, h in zip(papers, hashes) if h not in cache]
    if progress and len(todo) < len(papers):
        progress(len(papers) - len(todo))  # the cached ones are done
    fresh = _extract(todo, nlp, jobs, progress, learned) if todo else Extraction((), ())
    cache.update(_entries(fresh))
    cached = [_from_entry(p, cache[h]) for p, h in zip(papers, hashes) if h in cache]  # not the failed ones
    return Extraction(tuple(p for p, _, _ in cached), tuple(m for _, ms, _ in cached for m in ms), fresh.failed,
                      tuple(r for _, _, rs in cached for r in rs))


def _extract(papers: list, nlp: Language | None, jobs: int, progress, learned: bool = True) -> Extraction:
    parts = []
    if jobs > 1 and nlp is None and len(papers) > 1:
        import multiprocessing as mp
        from functools import partial
        from .nlp import default_pipeline
        default_pipeline(learned)  # loaded once here; forked workers inherit it
        method = "fork" if "fork" in mp.get_all_start_methods() else "spawn"
        chunks = _chunks(papers, jobs)
        with mp.get_context(method).Pool(min(jobs, len(chunks)), initializer=_worker_init) as pool:
            for chunk, part in zip(chunks, pool.imap(partial(_worker_chunk, learned=learned), chunks)):
                parts.append(part)
                if progress:
                    progress(len(chunk))
    else:
        if nlp is None:
            from .nlp import default_pipeline
            nlp = default_pipeline(learned)
        for chunk in _chunks(papers, 4) if progress else [papers]:
            parts.append(_extract_papers(nlp, chunk))
            if progress:
                progress(len(chunk))
    done, mentions, failed, results = ([x for part in parts for x in part[i]] for i in range(4))
    return Extraction(tuple(done), tuple(mentions), tuple(failed), tuple(results))


# ------------------------------------------------------------ the cache of extractions

def extractor_fingerprint() -> str:
    """A hash of what extraction depends on: litkg's and spaCy's versions, the extractor's code, lexicon and models.
    A cache made under another fingerprint is not used."""
    import hashlib
    import spacy
    from . import __version__
    here = Path(__file__).parent
    digest = hashlib.sha256(f"{__version__} {spacy.__version__}".encode())
    for path in sorted([here / "extract.py", here / "normalize.py", here / "records.py", *(here / "nlp").glob("*.py"),
                        *(here / "lexicon").glob("*.*"), *(here / "models").glob("spans-*/*/model")]):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def _entries(extraction: Extraction) -> dict[str, dict]:
    """Cache entries (abstract hash → label, mentions and results, JSON-ready) of the papers of *extraction*.
    Evidence sentences are kept as [offset, length] in the abstract."""
    entries = {}
    for paper in extraction.papers:
        entries[text_hash(paper.abstract)] = {"label": paper.label, "mentions": [], "results": []}
    by_id = {paper.id: (paper.abstract, entries[text_hash(paper.abstract)]) for paper in extraction.papers}
    for m in extraction.mentions:
        abstract, entry = by_id[m.paper_id]
        entry["mentions"].append([m.text, m.label, m.type.value, m.role.value, m.start, m.end,
                                  _place(abstract, m.sentence, m.end), list(m.aliases), m.source])
    for r in extraction.results:
        abstract, entry = by_id[r.paper_id]
        entry["results"].append([r.value, r.metric, r.benchmark, _place(abstract, r.sentence, r.end), r.start, r.end])
    return entries


def _place(abstract: str, sentence: str, end: int) -> list[int]:
    """[offset, length] of *sentence*, which holds the evidence ending at *end*, in *abstract*."""
    return [abstract.find(sentence, max(0, end - len(sentence))), len(sentence)]


def _from_entry(paper: Paper, entry: dict) -> tuple[Paper, list[Mention], list[Result]]:
    """The labelled paper, mentions and results a cache entry holds for *paper*."""
    def text(place):
        return paper.abstract[place[0]:place[0] + place[1]]
    mentions = [Mention(paper.id, t, label, NodeType(type_), Role(role), start, end, text(place), tuple(aliases), source)
                for t, label, type_, role, start, end, place, aliases, source in entry["mentions"]]
    results = [Result(paper.id, value, metric, benchmark, text(place), start, end)
               for value, metric, benchmark, place, start, end in entry["results"]]
    return paper.with_label(paper.title or entry["label"]), mentions, results
