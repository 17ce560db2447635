"""kg_roles: how the paper relates to each Term (proposes, addresses, uses, evaluatesOn).

The first term after "we propose / introduce / present …" (and anything it is
called, "dubbed X") is proposed; every other occurrence of a proposed name
follows it. When the object of such a cue is a descriptive phrase no earlier
component cut ("we introduce transcoder adapters", "three strategies: A, B and
C", "a new auxiliary teacher"), the phrase becomes a Term of its own, wherever
it recurs. An abstract without such a cue falls back on weaker evidence, tier
by tier (see TIERS): "we add a X", "our X outperforms", a coined name described
by an appositive, "our X", a plain phrase after a cue, after a verb of result
("we derive a X") or in the authors' advice ("we recommend that papers report
X"); then a coined name the authors train ("we pretrain ZorbNet-7B") or that a result is said of ("Collab
surpasses …"), the common terms of a release ("we release the scoring models"), and last what the authors
do to something new ("we turn this signal into an abort cascade").
Otherwise the type decides: problems are addressed, benchmarks evaluated on,
methods, models and metrics used.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections import Counter
from functools import lru_cache
from typing import NamedTuple

from spacy.language import Language
from spacy.tokens import Doc

from ..normalize import is_acronym, normalize_label, singular
from ..records import NodeType, Role
from .rules import (ACTION_SUFFIXES, ADJECTIVE_PARTS, ADJECTIVE_SUFFIXES, DETERMINERS, KIND_WORDS, MARKUP_TOKEN,
                    NAMING_VERBS, OBJECT_OPENERS, OUR_APPOSITION, PREPOSITIONS, PROPOSAL_VERBS, STUDY_WORDS,
                    boundary_words, generic_terms, head_types, is_adjective_compound, is_adverb, is_participle,
                    is_title_word, leading_modifiers, lexicon_index, looks_adjective, spelled_as_known)
from .terms import (Term, Tokens, before_adjective_suffix, register_extensions, sentence_bounds, sentence_of,
                    sentence_start_of, tokens, whole_word_count)
from .typing_cues import type_from_lexicon, type_of

__all__ = ["RoleAssigner", "PROPOSAL_CUE", "descriptive_proposals"]

# What the authors call their own text: "this paper", "this study", "this technical report".
_THIS_TEXT = r"this\s+(technical\s+)?(paper|work|report|study|article|letter|thesis)"
# An adverb between "we" and a verb of proposal or advice: "we additionally introduce", "we then recommend".
_WE_ADVERB = r"((first|further|then|also|therefore|thus|additionally|finally|next|subsequently|instead|strongly)\s+)?"
PROPOSAL_CUE = re.compile(
    rf"\b(we|{_THIS_TEXT}|our\s+(work|paper|study)|here,?\s+we)\s+" + _WE_ADVERB +
    rf"({PROPOSAL_VERBS}|release|{NAMING_VERBS})(s|d|ed)?\b(?!\s+that\b)"  # not a claim: "we propose that X is …"
    r"|\b(?P<naming>called|dubbed|named|codenamed|termed|coined)\b"
    r"|(?<!\bin\s)(?<!\bwith\s)(?<!\bfor\s)(?<!\bunder\s)(?<!\bfrom\s)"  # not "In our approach, the X …"
    r"\bour\s+((resulting|final|overall|full|complete|proposed)\s+)?"
    r"(approach|method|framework|model|system|algorithm|technique|recipe),"  # "Our (resulting) model, X, …"
    r"|\bour\s+((main|key|primary|technical)\s+)?contributions\s+(are|include)(\s+(twofold|threefold))?\s*:"
    r"|\bwe\s+make\s+(two|three|four|several)\s+((main|key)\s+)?contributions\s*:", re.I)  # then a list
# A cue later in a sentence that may open with another: "we X …, and design Y"; "we … by introducing Y";
# "we X …, proposing Y" (searched on its own, so that "We describe …, and design Y" finds both).
_AND_VERB = r"and\s+(then\s+|also\s+)?(propose|introduce|present|develop|design|devise|construct|release)s?\b"
_TO_VERB = r"to\s+(propose|introduce|present|develop|design|build|create|construct|devise)\b"
_BY_VERBING = r"by\s+(propos|introduc|present|develop|design|construct|build|curat)ing\b"
_COMMA_VERBING = r",\s+(propos|introduc)ing\b"
# "we motivate the problem …, introduce a dataset …": a verb of proposal, in its base form, after a comma
_COMMA_VERB = r",\s+(propose|introduce|present|develop|design|devise|construct|release)\b"
_SUBJECT = rf"\b(we|{_THIS_TEXT})\s+"  # "this paper treats … and constructs Y"
LATER_CUE = re.compile(_SUBJECT + r"[^.;:]{0,200}?\b" + _AND_VERB + r"|" + _SUBJECT + r"[^.;:]{0,200}?" + _COMMA_VERB
                       + r"|" + _SUBJECT + r"[^.;:]{0,100}?\b" + _BY_VERBING
                       + r"|" + _SUBJECT + r"[^.;:]{0,100}?\b" + _TO_VERB
                       + r"|" + _SUBJECT + r"[^.;:]{0,200}?" + _COMMA_VERBING, re.I)
# How every LATER_CUE match ends, in lower case (see _may_have_later_cue).
_LATER_CUE_END = re.compile("|".join((_AND_VERB, _BY_VERBING, _COMMA_VERBING, _COMMA_VERB, _TO_VERB)))
# "… which include a new auxiliary teacher": the authors' new thing, in a sentence about their work.
NEW_THING_CUE = re.compile(r"\b(a|an)\s+(new|novel)\b", re.I)
AUTHORS = re.compile(rf"\b(we|our|{_THIS_TEXT})\b", re.I)
# Weaker evidence of a contribution, trusted only in an abstract without a proposal cue: "we add a budget
# token", "we explore an X as …", "we further define structure-aware splits", "our X outperforms …", "our X,
# which …, reduces …", "our X and Y are released".
_OUTCOME = (r"(outperforms|surpasses|beats|exceeds|achieves|attains|improves|reduces|matches|raises|boosts"
            r"|(is|are|will\s+be)\s+(publicly\s+|openly\s+|freely\s+)?(released|available|open-sourced))")
WEAK_PROPOSAL_CUE = re.compile(r"\bwe\s+(also\s+|further\s+|then\s+|additionally\s+)?(add|explore|define)s?\b"
                               r"(?=\s+(a|an)\b)|\bwe\s+(further\s+|additionally\s+)?defines?\b(?=\s+[a-z]+-[a-z]+\s)"
                               r"|\bour\b(?=\s[^.;:]{1,60}?\b" + _OUTCOME + r"\b)"
                               r"|\bour\b(?=\s[\w\s-]{1,40}?,\s+which\s[^.;:]{1,150}?,\s+" + _OUTCOME + r"\b)", re.I)
_OUR = re.compile(r"\bour\b", re.I)
# "The key contribution is a Bayesian approach that …" (not a list of parts: "is a proposal, an architecture, …")
_CONTRIBUTION = re.compile(r"\bcontribution\s+(of\s+(this|our)\s+(paper|work|study)\s+)?is\s+"
                           r"(?=(a|an|the|our)\s)(?![^,.;]{1,60},\s+(a|an|and)\s)", re.I)
# Advice in a position paper: "we recommend that evaluations report X", "we … and call on developers to publish X";
# the act after a modal, "to", the subject of "that" or an enumerator "(ii)" (not "we argue that X is saturated and
# report Y").
ADVICE = re.compile(r"\bwe\s+([^.;:]{0,200}?(,|\band)\s+)?" + _WE_ADVERB
                    + r"(recommend|advocate|argue|urge|contend|encourage|call\s+(on|for|upon))\b", re.I)
_ACT = r"(report|adopt|publish|disclose)\b"
ADVISED_ACT = re.compile(r"\b(should|must|to)\s[^.;:]{0,60}?\b" + _ACT
                         + r"|\bthat\s+((?!(and|or|is|are|was|were|be|been|has|have)\b)[\w()-]+\s+){1,4}?" + _ACT
                         + r"|\(\w{1,3}\)\s+" + _ACT, re.I)  # "(ii) report …"
# What "we recommend / advocate / call for" takes as its object, when it is a thing, not a clause ("we recommend
# that …", "we recommend practitioners pretrain …", "we call for papers that …" name nothing).
_RECOMMENDED = re.compile(r"\bwe\s+" + _WE_ADVERB
                          + r"(recommend|advocate|call\s+for)\b(?=\s+(?!that\b|to\b|practitioners\b|developers\b"
                          r"|researchers\b|authors\b|users\b|papers\b|the\s+community\b)[\w-])", re.I)
# What advice or a suggestion says should be done, after "suggest / argue / contend / recommend": "we argue that
# extreme-focused evaluation should become standard", "… and that attribute-level audits should accompany …" (the
# cue ends before the subject; not "that explanation interfaces should be treated as …").
_SUGGESTS = re.compile(r"\b(suggest|argue|contend|recommend)s?\b", re.I)
# The means advice names in the passive: "we argue that claims should be tied to interventional tests", "… suggest
# that gains should be assessed with coverage-aware metrics".
_ADVISED_MEANS = re.compile(r"\b(should|must)\s+be\s+(\w+ly\s+)?(tied|assessed|measured|evaluated|judged|grounded"
                            r"|validated|complemented|supplemented|replaced)\s+(to|with|by|using|in|against)\s+", re.I)
_ADVISED_SUBJECT = re.compile(r"\bthat\s+(?=((?!should\b|must\b)[\w-]+\s+){1,4}(should|must)\s+(become|accompany|look"
                              r"|be\s+(a|an|the|standard|routine|default|mandatory|required|part)\b))", re.I)
# The weakest evidence, a result the authors arrive at: "we derive a scoring rule", "the analysis yields a
# simple diagnostic", "we address both issues with a memory mechanism".
RESULT_CUE = re.compile(r"\bwe\s+(also\s+|further\s+|then\s+|instead\s+)?(derive|provide|offer|suggest)(s|d|ed)?\b"
                        r"|\bwe\s+[^.;:]{0,200}?,?\s+and\s+(also\s+)?(provide|offer)\b"
                        r"|\byield(s|ed)?\b|\bwe\s+(close|conclude)\s+with\b"
                        r"|\bwe\s+(address|tackle|mitigate|overcome|solve)\s+(this|these|both|the|that|each)\s+"
                        r"([\w-]+\s+){0,2}?(issue|problem|challenge|gap|limitation|shortcoming)s?\s+with\b", re.I)
# "SpuriVerse, a novel benchmark …", "ReGT, our reannotation …": an appositive that introduces a name
# (not "Applied to Qwen3, our method keeps …": there "our method" is the subject of a verb).
APPOSITIVE_CUE = re.compile(r"^\s*(\([^)]*\))?\s*,\s+(our(?!\s+\w+\s+[a-z]+s\b)|a\s+(novel|new)|the\s+first"
                            r"|the\s+([\w-]+\s+){1,3}(proposed|introduced|presented)\s+(here|in\s+this))\b", re.I)
# "LiRA, a state-of-the-art MIA originally developed for …": an appositive that says the name is someone else's.
_EXISTING = (r"(a|an|the)\s+(state-of-the-art|widely[\s-]used|popular|well-known|existing|standard|classic(al)?"
             r"|conventional|established|prior|previous)\b")
_EXISTING_APPOSITIVE = re.compile(r"^\s*(\([^)]*\))?\s*,\s+" + _EXISTING, re.I)
_EXISTING_ITEM = re.compile(_EXISTING, re.I)
# "PATCHWEAVE (…), an agent scaffold that …": an appositive that describes what was just named.
_DESCRIBING_APPOSITIVE = re.compile(r"^\s*(\([^)]*\))?\s*,\s+(a|an)\s", re.I)
# … or, for a coined name, a copula or a colon: "ZorbNet is a planner …", "ZorbNet: a planner …".
_DESCRIBED_NAME = re.compile(r"^\s*(\([^)]*\))?\s*(,|:|\s+is)\s+(a|an)\s", re.I)
# "dropout, a regularization technique": an appositive that gives the kind of what was just introduced.
_KIND_APPOSITIVE = re.compile(r"^\s*,\s+(a|an)\s+([\w-]+\s+){0,3}?(method|technique|approach|algorithm|framework)\b",
                              re.I)
MAX_CUE_GAP = 40  # characters between the cue and the proposed term ("a new, simple ...")
MAX_PHRASE_WORDS = 5
# Words naming only the kind of contribution: "a framework" proposes nothing nameable.
_CONTRIBUTION_KINDS = KIND_WORDS | {"pipeline", "recipe", "issue"}
_QUANTITIES = {"one", "two", "three", "four", "five", "six", "both", "each", "several"}
DEFAULT_ROLE = {NodeType.PROBLEM: Role.ADDRESSES, NodeType.BENCHMARK: Role.EVALUATES_ON,
                 NodeType.METHOD: Role.USES, NodeType.MODEL: Role.USES, NodeType.METRIC: Role.USES}


class _Sentence(NamedTuple):
    start: int  # first token
    end: int  # token after the last
    start_char: int
    text: str
    cues: list[re.Match]  # PROPOSAL_CUE and LATER_CUE matches in text


def _sentences(doc: Doc) -> list[_Sentence]:
    """The sentences of *doc* with their proposal cues, from the token table (no Span objects), computed once."""
    if "kg_cue_sents" not in doc.user_data:
        table, sents = tokens(doc), []
        cue_starts = _cue_starts(table.text, table.lower_text)
        for start, end in sentence_bounds(doc):
            start_char, text = table.idx[start], table.span_text(start, end)
            if cue_starts is None:
                cues = _proposal_cues(text, range(len(text)))
            else:
                first, last = bisect_left(cue_starts, start_char), bisect_left(cue_starts, start_char + len(text))
                lower = table.lower_text[start_char:start_char + len(text)]
                cues = _proposal_cues(text, [i - start_char for i in cue_starts[first:last]],
                                      later=_may_have_later_cue(lower))
            sents.append(_Sentence(start, end, start_char, text, cues))
        doc.user_data["kg_cue_sents"] = sents
    return doc.user_data["kg_cue_sents"]


# Every PROPOSAL_CUE or LATER_CUE match starts with one of these words, in any case.
_CUE_WORDS = ("we", "this", "our", "here", "called", "dubbed", "named", "codenamed", "termed", "coined")
# The characters that re.I matches to an ASCII letter although their lower case is not that letter
# ("ıntroduce" is a cue); "İ" is also the one character whose lower case is longer.
_FOLDED_TO_ASCII = ("İ", "ı", "ſ")


def _cue_starts(text: str, lower_text: str) -> list[int] | None:
    """The offsets in *text* where a cue may start (a cue word in any case), in order;
    None when re.I would match a character that lower-casing does not fold to ASCII."""
    if any(char in text for char in _FOLDED_TO_ASCII):
        return None
    found = []
    for word in _CUE_WORDS:
        i = lower_text.find(word)
        while i != -1:
            found.append(i)
            i = lower_text.find(word, i + 1)
    return sorted(found)


def _proposal_cues(text: str, cue_starts, later: bool = True) -> list[re.Match]:
    """The PROPOSAL_CUE matches in *text* as ``finditer`` finds them, tried only at *cue_starts* (both
    regexes begin with \\b, so ``finditer`` would try every offset), then, if *later* (False: there are none),
    the LATER_CUE matches that do not end where one of them does; in order of their ends."""
    cues = [cue for cue in _matches_at(PROPOSAL_CUE, text, cue_starts) if not _casts_as(text, cue)]
    if later:
        ends = {cue.end() for cue in cues}
        cues += [cue for cue in _matches_at(LATER_CUE, text, cue_starts) if cue.end() not in ends]
    return sorted(cues, key=lambda cue: cue.end())


# "this paper formulates UAV mobility management as a … problem": the task is cast as another, not proposed.
_CAST_AS = re.compile(r"[^.;:]{1,80}?\bas\s+(a|an)\b")


def _casts_as(text: str, cue: re.Match) -> bool:
    return "formulat" in cue.group().lower() and _CAST_AS.match(text, cue.end()) is not None


def _may_have_later_cue(lower_text: str) -> bool:
    """False when the lower-cased sentence has no LATER_CUE match: no "we" or "this", or no ending of one.
    LATER_CUE scans up to 200 characters after each subject; this pre-test costs a search without re.I, valid
    when lower-casing neither moves offsets nor misses what re.I folds (_cue_starts checks both)."""
    return ("we" in lower_text or "this" in lower_text) and _LATER_CUE_END.search(lower_text) is not None


def _matches_at(pattern: re.Pattern, text: str, starts) -> list[re.Match]:
    """Non-overlapping matches of *pattern* in *text* that begin at one of *starts* (in order)."""
    found, end = [], 0
    for i in starts:
        if i >= end and (match := pattern.match(text, i)):
            found.append(match)
            end = match.end()
    return found


@lru_cache(maxsize=1 << 16)
def _has_capital(name: str) -> bool:
    return any(c.isupper() for c in name)


def _is_named(term: Term) -> bool:
    """A coined-looking name: any capital letter in it or its aliases."""
    return any(_has_capital(name) for name in (term.label, *term.aliases))


def proposed_terms(doc: Doc, terms: list[Term]) -> list[Term]:
    """Terms a proposal cue introduces.

    After each cue: the first term (a known lower-case lexicon concept is
    skipped: papers do not propose "machine unlearning"; a description of a
    name given right before or after it is that name's kind) and every other
    coined name later in the same sentence, unless a preposition or a list of
    examples introduces it ("offloads keys to CPU memory"). Also a coined name
    that an appositive introduces ("SpuriVerse, a novel benchmark"), or that
    stands in apposition to "our X" ("our 3B hybrid, Tessel-3B").
    """
    table = tokens(doc)
    by_start = sorted(terms, key=lambda t: t.start)
    start_chars = [table.idx[t.start] for t in by_start]
    chosen = []
    for sent in _sentences(doc):
        for cue in sent.cues:
            if _names(cue) and (_OBSERVATION_BEFORE.search(sent.text, 0, cue.start())
                                or _proposed_earlier(sent.text, cue)):
                continue  # "a failure mode we term …": a finding; "a scoring called 2D-DPO was proposed": not ours
            cue_end = sent.start_char + cue.end()
            after = []
            for t in by_start[bisect_left(start_chars, cue_end):]:
                if t.start > sent.end:
                    break
                if t.end <= sent.end:
                    after.append(t)
            fresh = [t for t in after if not _known_common(t)]
            introduced = _introduced_by_cue(table, cue_end, after)
            if introduced is not None and cue.re is LATER_CUE and _known(introduced):
                introduced = None  # "we adopt X for …, and introduce FreeU to …": a known name brought in
            if introduced is not None and not _defined_before(introduced, terms, sent.start) and (
                    _is_named(introduced) or not _kind_of_a_name(
                    doc, introduced.start, _skip_kind_words(doc, introduced.end, sent.end), sent)):
                chosen.append(introduced)
            chosen += [t for t in fresh if t is not introduced and _has_capital(t.label.split()[0])
                       and t.source != "lexicon" and not _known(t) and _introduced_here(t, terms, sent.start)
                       and not _after_preposition(table, t) and not _defined_short_form(table, t)
                       and not _a_basis(table, t) and not _EXISTING_APPOSITIVE.match(_text_after(table, t, 50))
                       and not _SHARED_TASK_PART.fullmatch(t.label)]
    chosen += [t for t in terms if t.source != "lexicon" and _is_named(t)
               and (APPOSITIVE_CUE.match(_text_after(table, t, 40))
                    or not _known(t) and (_in_apposition_to_ours(_text_before(table, t, 50))
                                          or _OURS_NAMED.search(_text_before(table, t, 60))
                                          and not _without_own_name(t.label)  # "our proposed multi-LLM framework"
                                          or _this_named_kind(table, t)))]
    return chosen


# A part of a shared task the paper takes part in: "our system for the … shared task, addressing Subtask A and
# Subtask B".
_SHARED_TASK_PART = re.compile(r"(Sub-?)?[Tt]ask\s+[A-Z0-9]\w?|Track\s+[A-Z0-9]\w?")


# Someone else's contribution, named in the passive: "… called X was proposed", "X has recently been introduced"
# (right after the name, in its clause); not the authors' own passive ("The proposed method, called X, has been …").
_PROPOSED_EARLIER = re.compile(r"\s*[^\s,;]+\s+(was|were|has|have|had)\s+(recently\s+)?(been\s+)?(recently\s+)?"
                              r"(proposed|introduced)\b", re.I)
_OWN_WORK = re.compile(r"\b(we|our|this\s+(paper|work|study|article)|novel|new|proposed)\b", re.I)


def _proposed_earlier(text: str, cue: re.Match) -> bool:
    """The name a naming cue gives is an earlier paper's: the passive right after it says it was proposed, and
    nothing before it or in its clause says the work is the authors'."""
    passive = _PROPOSED_EARLIER.match(text, cue.end())
    if not passive:
        return False
    clause_end = min((i for i in (text.find(c, passive.end()) for c in ",;") if i >= 0), default=len(text))
    return not _OWN_WORK.search(text, 0, cue.start()) and not _OWN_WORK.search(text, passive.end(), clause_end)


# What the authors observe, before a cue that names it: "a phenomenon we call …", "a failure mode termed …".
_OBSERVATION_BEFORE = re.compile(r"\b(phenomenon|phenomena|failure\s+modes?|effects?|behaviou?rs?|patterns?|problems?"
                                 r"|issues?|bias|pathology|pathologies|trade-?offs?|paradox|illusion|tendency)\s+"
                                 r"((that|which)\s+)?$", re.I)


def _named_inside(doc: Doc, term: Term) -> bool:
    """*term* is a coined-looking name, not just a capitalised first word of a sentence ("Selective mixup is a …")."""
    return _is_named(term) and (term.start != sentence_start_of(doc, term.start)
                                or any(_has_capital(name[1:]) for name in (term.label, *term.aliases)))


# What the authors call their own thing: "this … framework", "our … planner", "the proposed … method".
_OWN_KINDS = r"(method|framework|approach|algorithm|technique|system|pipeline|model|agent|architecture|tool|benchmark" \
             r"|dataset|strategy|paradigm|scheme|planner|policy|verifier|detector|classifier|retriever|generator" \
             r"|encoder|decoder|controller|solver|optimizer|library|toolkit|suite|corpus|environment)"
# "This simple and scalable GTR (Guided Thought Reinforcement) framework trains …": the authors' thing, named.
_THIS_BEFORE = re.compile(r"(^|[.!?;]\s+)(this|the\s+resulting)\s+([a-z][\w-]*\s+){0,4}$", re.I)
_KIND_AFTER = re.compile(r"^\s*(\([^)]*\)\s*)?" + _OWN_KINDS + r"\b", re.I)


def _this_named_kind(table: Tokens, term: Term) -> bool:
    """*term* is named as the kind of thing the sentence opens with "This …" about."""
    return bool(_KIND_AFTER.match(_text_after(table, term, 80)) and _THIS_BEFORE.search(_text_before(table, term, 60)))


def described_names(doc: Doc, terms: list[Term]) -> list[Term]:
    """Coined names described by an appositive where they first occur: "PATCHWEAVE (…), an agent scaffold that …"
    (weak evidence: known names and those used before are not coined here)."""
    table, seen, found = tokens(doc), set(), []
    for term in sorted(terms, key=lambda t: t.start):
        key = normalize_label(term.label)
        first = key not in seen
        if not table.span_text(term.start, term.end).islower():
            seen.add(key)  # "we derive the exact posterior score …" describes; "Exact Posterior Score (EPS), a …" names
        if (first and term.source != "lexicon" and _named_inside(doc, term) and not _known(term)
                and _DESCRIBED_NAME.match(_text_after(table, term, 200))
                and (not _after_preposition(table, term) or _MADE_INTO.search(_text_before(table, term, 120)))):
            found.append(term)  # not "experiments on FooQA, a recent QA benchmark, …"
    return found


# What the authors make something into: "We turn this identity into EPS, a denoising objective …", "We instantiate
# this duality in DexBench, a benchmark …", "we formalize it as X" (not "we convert the dialogues collected in X").
_MADE_INTO = re.compile(r"\bwe\s+((turn|transform|convert|distill|compile|instantiate|translate|cast|package"
                        r"|operationali[sz]e|formali[sz]e)\w*\b[^.;:]{0,80}\binto"
                        r"|instantiate\w*\s+(this|these|it|them|the|our)\b[^.;:,]{0,40}\bin"
                        r"|(cast|formali[sz]e)\w*\s+(this|these|it|them|the|our)\b[^.;:,]{0,40}\bas)"
                        r"\s+(the\s+|a\s+|an\s+)?$", re.I)


def subjects_after_cues(doc: Doc, terms: list[Term]) -> list[Term]:
    """A coined name that opens the sentence after a proposal cue, where it first occurs: "We propose a new
    algorithm for … . Tapered Off-Policy REINFORCE (TOPR) uses …" (weak evidence)."""
    opening = {t.start: t for t in terms}
    sents = _sentences(doc)
    found = []
    for before, sent in zip(sents, sents[1:]):
        term = opening.get(sent.start)
        if (before.cues and term is not None and term.source != "lexicon" and _named_inside(doc, term)
                and not _known(term) and _introduced_here(term, terms, sent.start)):
            found.append(term)
    return found


# A coined name that a result is said of: "Collab surpasses the current decoding strategy", "QR-LoRA matches or
# exceeds full fine-tuning".
_OUTCOME_AFTER = re.compile(r"^\s*(\([^)]*\)\s*)?((also|consistently|significantly|substantially|further)\s+)?"
                            r"(" + _OUTCOME[1:-1] + r"|outperform|surpass|achieve|improve|reduce|match)\b")


# … or that the authors train: "We pretrain ZorbNet-7B on 2T tokens".
_TRAINED_BEFORE = re.compile(r"\bwe\s+(also\s+|then\s+|first\s+)?(pre-?)?train(ed)?\s+$", re.I)
# … or that a finding reports as doing better, where it first appears: "Experiments on eight LTSF benchmarks
# demonstrate that MDMixer improves average MAE …".
_FINDING_BEFORE = re.compile(r"\b(show|shows|showed|demonstrate|demonstrates|demonstrated|confirm|confirms|indicate"
                             r"|indicates|reveal|reveals)\s+that\s+$")


def last_named_evidence(doc: Doc, terms: list[Term]) -> list[Term]:
    """The last evidence of a contribution: a coined name, known to no lexicon (not "VGG-11" either), that the
    authors train, or that is used again, or reported by a finding, and outperforms or achieves something."""
    table = tokens(doc)
    uses = Counter(normalize_label(t.label) for t in terms)
    prior = {normalize_label(t.label) for t in terms if _PRIOR_BEFORE.search(_text_before(table, t, 30))}
    return [t for t in terms if t.source != "lexicon" and _named_inside(doc, t) and not _known(t)
            and type_from_lexicon(t.label) is None and all(_has_capital(word) for word in t.label.split())
            and normalize_label(t.label) not in prior
            and (_TRAINED_BEFORE.search(_text_before(table, t, 40))
                 or (uses[normalize_label(t.label)] > 1 or _FINDING_BEFORE.search(_text_before(table, t, 40)))
                 and _OUTCOME_AFTER.match(_text_after(table, t, 60)) and not _after_preposition(table, t))]


def acting_names(doc: Doc, terms: list[Term]) -> list[Term]:
    """With no other evidence, the first coined name, known to no lexicon, that opens a sentence after the first
    where it first occurs, as the subject of a verb: "… real time. ReWorld separates the two during training",
    "The Bicameral Model couples two models" (a title-case name after "The"); of any kind but a problem when the
    verb answers the problem just stated ("FooBench addresses this gap")."""
    table = tokens(doc)
    opening = {t.start: t for t in terms}
    for sent in _sentences(doc)[1:]:
        term = _opening_term(table, opening, sent.start)
        if (term is not None and term.source != "lexicon" and _named_inside(doc, term) and not _known(term)
                and _introduced_here(term, terms, sent.start) and _acts(term, _text_after(table, term, 120))):
            return [term]
    return []


def _acts(term: Term, after: str) -> bool:
    """*term*, followed by the text *after*, does what a new thing does (a name the lexicon types only when it
    answers the problem: "FlashInfer-Bench addresses this gap")."""
    if (term.type in (NodeType.METHOD, NodeType.MODEL) and type_from_lexicon(term.label) is None
            and _ACTS.match(after)):
        return True
    return term.type is not NodeType.PROBLEM and _ANSWERS.match(after) is not None


# A count of the parts of the authors' own thing, then their list: "Our approach comprises four components: (1) a
# Trajectory Extractor that …, (2) …", "The framework introduces five key contributions: …".
_PARTS_LISTED = re.compile(r"\b(our|the|this)\s+([\w-]+\s+){0,2}?" + _OWN_KINDS + r"\s+(comprises|consists\s+of"
                           r"|includes|integrates|introduces|contains|features|has)\s+(two|three|four|five|six|several"
                           r"|\d)\s+([\w-]+\s+)?(components|modules|contributions|parts|innovations|elements|mechanisms"
                           r"|ingredients)\s*:", re.I)
# A number of new things the authors propose, named in a list after a colon: "We further propose two practical
# strategies to recover failing OPD: off-policy cold start and teacher-aligned prompt selection".
_PROPOSALS_LISTED = re.compile(r"\bwe\s+(also\s+|further\s+|then\s+)?(propose|introduce|present|develop|design)\s+"
                               r"(two|three|four|several)\s+([\w-]+\s+){0,2}?(strategies|techniques|methods|approaches"
                               r"|mechanisms|modules|components|algorithms|objectives|losses|metrics|variants)\b"
                               r"[^:;.]{0,80}:", re.I)
# Where an item of such a list starts: "(2) a", "; and a", ": ".
_ITEM_START = re.compile(r"(:|;|,|\(?\b(\d|i{1,3}|iv|v|vi)\))\s*(and\s+)?((a|an|the)\s+)?$", re.I)


def listed_parts(doc: Doc, terms: list[Term]) -> list[Term]:
    """With no other evidence, the terms (not the lexicon's) that open the items of a list of the parts of the
    authors' own thing, or of the things they propose."""
    table, found = tokens(doc), []
    for sent in _sentences(doc):
        match = (_PARTS_LISTED.search(sent.text) or _PROPOSALS_LISTED.search(sent.text)) if ":" in sent.text else None
        if match:
            list_start = sent.start_char + match.end() - 1
            found += [t for t in terms if sent.start <= t.start and t.end <= sent.end
                      and table.idx[t.start] >= list_start and t.source != "lexicon" and not _known(t)
                      and _ITEM_START.search(table.text[list_start:table.idx[t.start]])]
    return found


def _opening_term(table: Tokens, opening: dict[int, Term], start: int) -> Term | None:
    """The term that opens the sentence at token *start*, or a title-case name right after its "The"."""
    term = opening.get(start)
    if term is None and table.words[start] == "The":
        named = opening.get(start + 1)
        if named is not None and " " in named.label and all(map(is_title_word, named.label.split())):
            return named
    return term


# A verb of what a thing does, not of how it compares or falls short ("X surpasses", "X struggles": maybe a baseline).
_ACTS = re.compile(r"^\s*(\([^)]*\)\s*)?(?!" + _OUTCOME[1:-1] + r"|(fails|struggles|suffers|remains|relies|requires"
                   r"|lacks|ignores|assumes)\b)[a-z]{2,}[a-rt-z]s\s")  # "X separates", not "X is", "X across"


# A verb that answers the problem just stated: "addresses this gap", "overcomes these limitations".
_ANSWERS = re.compile(r"^\s*(\([^)]*\)\s*)?(addresses|tackles|bridges|fills|closes|overcomes|solves|resolves|remedies)"
                      r"\s+(this|these|such|both|those|the\s+above)\s+([\w-]+\s+){0,3}?(gaps?|challenges?|problems?"
                      r"|limitations?|issues?|shortcomings?|bottlenecks?|difficult(y|ies)|drawbacks?|needs?)\b", re.I)


# What others made: "Unlike traditional Robotic Process Automation (RPA), …", "existing SWE-Agent".
_PRIOR_BEFORE = re.compile(r"\b(unlike|traditional|conventional|existing|classical|prior|previous)\s+(\w+\s+)?$",
                           re.I)


_WE = re.compile(r"\bwe\b", re.I)


def defined_by_authors(doc: Doc, terms: list[Term]) -> list[Term]:
    """A coined name, known to no lexicon, that the authors define with its short form where they first use it
    ("We address these issues with Graph-Enhanced Policy Optimization (GEPO), which …"; "We train uncertainty
    quantification heads (UHeads) that …")."""
    table, seen, found = tokens(doc), set(), []
    for t in terms:
        key = normalize_label(t.label)
        if (t.source == "abbrev" and key not in seen and not _known(t) and type_from_lexicon(t.label) is None
                and table.span_text(t.start, t.end) == t.label  # not "autoregressive (AR) LLMs": a kind of models
                and (all(_has_capital(word) for word in t.label.split()) or _headed_thing(t))
                and not _right_after_preposition(table, t)
                and _WE.search(table.text[table.idx[sentence_start_of(doc, t.start)]:table.idx[t.start]])):
            found.append(t)
        seen.add(key)
    return found


def _headed_thing(term: Term) -> bool:
    """*term* ends in a head noun of a thing one builds: "uncertainty quantification heads" (not a problem or a
    measure: "the silent failure rate (SFR)")."""
    return (term.type not in (NodeType.PROBLEM, NodeType.METRIC)
            and singular(term.label.split()[-1].lower()) in head_types())


# A release statement: "we release X and Y", "X and Y are released", "weights of X will be made available" (not
# "when only API access is available").
RELEASE_CUE = re.compile(r"\bwe\s+(also\s+|further\s+|publicly\s+|openly\s+)?(release|open-source)\b"
                         r"|\b(is|are|will\s+be)\s+(publicly\s+|openly\s+|freely\s+)?(released|open-sourced)\b"
                         r"|\b(is|are|will\s+be)\s+(made\s+(publicly\s+)?|publicly\s+)available\b", re.I)


# A web address: its host ("alignmentpretraining.ai", "x-vc.github.io") and path ("/lab/ReWorld").
_ADDRESS = re.compile(r"(?<![\w.@/-])(?:https?://)?(?:www\.)?((?:[\w-]++\.)+(?:ai|io|com|org|net|dev|app))\b"
                      r"(/[^\s)]*)?", re.I)


def named_by_address(doc: Doc, terms: list[Term]) -> list[Term]:
    """The coined term (not the lexicon's, not a problem) that a web address of the abstract spells: a project page
    or repository is named after the paper's own contribution ("… available at alignmentpretraining.ai")."""
    parts = set()
    for match in _ADDRESS.finditer(tokens(doc).text):
        parts.add(_squashed(match.group(1).split(".")[0]))
        parts.update(_squashed(part) for part in (match.group(2) or "").split("/"))
    parts.discard("")
    return [t for t in terms if t.source != "lexicon" and not _known(t) and t.type is not NodeType.PROBLEM
            and any(_squashed(name) in parts for name in (t.label, *t.aliases))] if parts else []


def _squashed(text: str) -> str:
    """Letters and digits only, lower case, as an address writes a name ("Zorb Net" → "zorbnet")."""
    return "".join(c for c in text.lower() if c.isalnum())


def released_terms(doc: Doc, terms: list[Term]) -> list[Term]:
    """The weakest evidence: the common terms (not the lexicon's) of a sentence that releases them ("we release
    the curated corpus, the scoring models and the processing pipeline")."""
    found = []
    for sent in _sentences(doc):
        if _has_any(sent.text, ("releas", "available", "open-source")) and RELEASE_CUE.search(sent.text):
            found += [t for t in terms if sent.start <= t.start and t.end <= sent.end and t.source != "lexicon"]
    return found


def _after_preposition(table: Tokens, term: Term) -> bool:
    """A preposition precedes *term*, past a determiner and a list of names ("offloads keys to CPU memory"), or
    *term* is in a list of examples ("including pandas, NumPy …"): what the new thing works with, not a second
    new thing."""
    i = term.start - 1
    while i >= 0 and (table.words[i] in (",", "(") or table.words[i].lower() in ("the", "a", "an", "and")
                      or _has_capital(table.words[i]) and i < term.start - 1  # "from arXiv, GitHub and TeX SE"
                      or table.words[i].isdigit() and i < term.start - 1):  # "on IMO 2025 and CMO 2024"
        i -= 1
    if i >= 0 and table.words[i].lower() in _RESOURCE_KINDS and table.words[i + 1] == ",":
        i = _start_of_lower_phrase(table, i)  # "tests it using a challenging real world radar dataset, RadarScenes"
    return i >= 0 and table.words[i].lower() in _BEFORE_WHAT_IS_USED or _in_example_list(table, term.start)


_RESOURCE_KINDS = frozenset({"dataset", "benchmark", "corpus", "suite", "simulator", "environment", "testbed"})


def _start_of_lower_phrase(table: Tokens, i: int, width: int = 7) -> int:
    """The token before the noun phrase of lower-case words (at most *width*) that ends at token *i*."""
    first = max(i - width, 0)
    while i >= first and table.words[i].isalpha() and table.words[i].islower() \
            and table.words[i] not in _BEFORE_WHAT_IS_USED:
        i -= 1
    return i


# Words before what a new thing works with or on: prepositions, and "a framework using a TCN backbone", "a
# framework extending Prediction-Powered Inference (PPI)".
_BEFORE_A_MEANS = PREPOSITIONS | {"using", "leveraging", "utilizing", "utilising", "employing", "extending",
                                  "extends", "generalizing", "generalising", "generalizes", "generalises"}


# Also verbs before the existing things a new one is made with: "we construct X and fine-tune Phi3 and Qwen-Coder".
_BEFORE_WHAT_IS_USED = _BEFORE_A_MEANS | {"tune", "finetune", "use", "adopt", "prompt"}


def _right_after_preposition(table: Tokens, term: Term) -> bool:
    """A preposition precedes *term*, past a determiner only: "with Graph-Enhanced Policy Optimization (GEPO)" (not
    "an analysis of RIM and the Safety-Direction Penalty (SDP)", a second object of the verb)."""
    i = term.start - 1
    if i >= 0 and table.words[i].lower() in ("the", "a", "an"):
        i -= 1
    return i >= 0 and table.words[i].lower() in _BEFORE_A_MEANS


def _in_example_list(table: Tokens, start: int) -> bool:
    """Token *start* is in a list of examples: "(including pandas, NumPy and PyTorch)", "such as X, Y"."""
    for i in range(start - 1, max(-1, start - 40), -1):
        word = table.words[i].lower()
        if word in ("including", "e.g.", "such", "like"):
            return True
        if (word in boundary_words() and word not in ("and", "or")
                or not (word[:1].isalnum() or word in (",", "-", "/"))):
            return False  # the list ends at a verb or a bracket: "(…)", "… shows"
    return False


def _defined_short_form(table: Tokens, term: Term) -> bool:
    """*term* is the short form in its definition ("… from the Verilog compiler simulator (VCS)"): its long form
    is judged where it stands."""
    return term.source == "short" and term.start > 0 and table.words[term.start - 1] == "("


def _defined_before(term: Term, terms: list[Term], sent_start: int) -> bool:
    """*term* is a short form defined before the sentence starting at token *sent_start*: "libraries (CSLs) … we
    develop a benchmark CSL" uses the concept, it does not introduce it."""
    return term.source == "short" and any(t.source == "abbrev" and t.label == term.label and t.start < sent_start
                                          for t in terms)


def _known_common(term: Term) -> bool:
    """A lower-case lexicon concept: papers rarely propose one ("we propose machine unlearning for …"); not one the
    matcher extended ("a reinforcement learning agent")."""
    return term.source == "lexicon" and not _has_capital(term.label) and normalize_label(term.label) in lexicon_index()


# "we propose the reasoning MLLM, Vision-R1": a known concept gives the kind of the name after it.
_KIND_THEN_NAME = re.compile(r"^\s*(the|a|an)\s+[\w\s-]*,\s*$", re.I)


def _introduced_by_cue(table: Tokens, cue_end: int, after: list[Term]) -> Term | None:
    """The term a proposal cue introduces, among the terms *after* it in its sentence: the first one, past
    known common concepts; but a known concept that an appositive gives a kind ("we introduce dropout, a
    regularization technique": the paper that introduced it) is the one, and its kind is not."""
    def gap_to(term: Term) -> str:
        return table.text[cue_end:table.idx[term.start]]

    if not after:
        return None
    first = after[0]
    if _known_common(first):
        if _object_of_cue(gap_to(first)) and _KIND_APPOSITIVE.match(_text_after(table, first, 60)):
            return first
        first = next((t for t in after if not _known_common(t)), None)
        if first is None or "," in gap_to(first) and not (_is_named(first) and _KIND_THEN_NAME.match(gap_to(first))):
            return None
    if (first.source == "lexicon" or _known(first)) and _modifies_next_word(table, first):
        return None  # "we develop multi-task RLVR strategies": a known name as a modifier
    if _a_basis(table, first):
        return None  # "we build EM-inducing datasets": the datasets, not EM
    return first if _object_of_cue(gap_to(first)) else None


# After a known concept the cue introduces, what makes it the paper's own instance: "an agent-based model of …".
_SPECIFIED_AFTER = re.compile(r"^\s*(of|for|that|which|to|tailored|designed|built|based)\b", re.I)


def known_after_cue(doc: Doc, terms: list[Term]) -> list[Term]:
    """With no other evidence, a known common concept that a verb of proposal introduces as its direct object and
    that the sentence specifies: "We develop an agent-based model of a sustainability game"."""
    table = tokens(doc)
    for sent in _sentences(doc):
        for cue in sent.cues:
            cue_end = sent.start_char + cue.end()
            after = [t for t in terms if table.idx[t.start] >= cue_end and t.end <= sent.end]
            first = min(after, key=lambda t: t.start, default=None)
            if first is not None and _known_common(first) and first.type is not NodeType.PROBLEM and not _names(cue) \
                    and _object_of_cue(table.text[cue_end:table.idx[first.start]]) \
                    and _SPECIFIED_AFTER.match(_text_after(table, first, 30)):
                return [first]
    return []


def _modifies_next_word(table: Tokens, term: Term) -> bool:
    """A lower-case noun follows *term*, past its short form: "RLVR strategies", "large language model (LLM)
    framework" (not "RLVR for math", "RLVR, a …")."""
    i = term.end
    if table.words[i:i + 1] == ["("]:
        i = next((j + 1 for j in range(i + 1, min(i + 5, len(table.words))) if table.words[j] == ")"), i)
    following = table.words[i] if i < len(table.words) else ""
    return following.isalpha() and following.islower() and following not in boundary_words()


def _a_basis(table: Tokens, term: Term) -> bool:
    """*term* is glued to an adjective suffix: "GPT-4o" in "GPT-4o-based agents", "LLM" in "LLM-driven search"."""
    return before_adjective_suffix(table, term.end)


def _known(term: Term) -> bool:
    """The lexicon knows one of the term's names: "a Diffusion Transformer (DiT)" is used, not coined; but a short
    form the paper defines anew is its own ("GTR (Guided Thought Reinforcement)", not the known retriever GTR)."""
    known = [name for name in (term.label, *term.aliases)
             if normalize_label(name) in lexicon_index() and spelled_as_known(name)]
    long_forms = [name for name in (term.label, *term.aliases) if not is_acronym(name)]
    return bool(known) and not (term.source in ("abbrev", "short") and long_forms
                                and not any(name in known for name in long_forms))


# The authors' own thing, named right after its kind or "proposed": "Our proposed method EDC finds …", "… form our
# end-to-end algorithm ACTG-ARL", "The proposed EZ-Sort first …", "X leverages our proposed HITL-MAA".
_OURS_NAMED = re.compile(r"\b(our\s+([\w-]+\s+){0,2}?" + _OWN_KINDS + r"|(the|our)\s+proposed(\s+([\w-]+\s+){0,2}?"
                         + _OWN_KINDS + r")?)\s+$", re.I)


def _in_apposition_to_ours(before: str) -> bool:
    """*before* ends with "our X, ": the name that follows is the authors' own X ("our 3B hybrid, Tessel-3B");
    not after a verb ("our approach outperforms OMAR, ICQ")."""
    match = OUR_APPOSITION.search(before)
    return match is not None and not any(w.lower() in boundary_words() for w in match.group("words").split())


def _text_before(table: Tokens, term: Term, width: int) -> str:
    """The *width* characters before *term*."""
    start = table.idx[term.start]
    return table.text[max(0, start - width):start]


def _text_after(table: Tokens, term: Term, width: int) -> str:
    """The *width* characters after *term*."""
    end = table.end_char(term.end - 1)
    return table.text[end:end + width]


def _object_of_cue(gap: str) -> bool:
    """The term is what the cue introduces: only determiners and adjectives stand between them
    ("we propose a new X"), not a preposition or verb ("we develop a benchmark by sourcing X")."""
    words = [w.lower() for w in gap.replace(",", " ").split()]
    if any(w[:1].isdigit() for w in words):
        return False  # "we assembled 41,000 CT volumes": a count of things, not a named contribution
    if words[:1] == ["as"]:
        words = words[1:]  # "which we name as the MiP-Overthinking"
    if words[-2:-1] and words[-1] == "of" and words[-2] in _CONTAINERS:
        words = words[:-2]  # "we introduce a new concept of Brain-like Space"
    return len(gap) <= MAX_CUE_GAP and all(w in leading_modifiers() or w not in boundary_words()
                                           or _joins_modifiers(words, k) for k, w in enumerate(words))


_COORDINATORS = {"and", "but", "yet", "or"}


def _joins_modifiers(words: list[str], k: int) -> bool:
    """Word *k* of *words* (lower case) joins two modifiers: "simple yet effective", "fast and accurate",
    "high-quality, real", "simple, yet effective"; or closes such a pair: "a simple, yet effective, KV cache …"."""
    if 0 < k == len(words) - 1 and words[k] in ("and", "or"):
        return is_adjective_compound(words[k - 1])  # "both training-free and training-based approaches"
    if not (0 < k < len(words) - 1 and (words[k] in _COORDINATORS or words[k] == ",")):
        return False
    if words[k] in _COORDINATORS and words[k - 1] == "," and k >= 2:
        k -= 1  # ", yet"
    before = "".join(words[max(0, k - 3):k]) if k >= 3 and words[k - 2] == "-" else words[k - 1]
    if before not in leading_modifiers():
        return False
    after = k + 2 if words[k] == "," and words[k + 1] in _COORDINATORS and k + 2 < len(words) else k + 1
    return words[after] in leading_modifiers() or words[k] == "," and k >= 2 and words[k - 2] in _COORDINATORS


def _introduced_here(term: Term, terms: list[Term], sent_start: int) -> bool:
    """True when no term with the same label occurs before the sentence starting at token *sent_start*."""
    return not any(t.label == term.label and t.start < sent_start for t in terms)


# ------------------------------------------------------------ descriptive proposals

def descriptive_proposals(doc: Doc, terms: list[Term], tier: str = "cue") -> list[Term]:
    """Terms for the phrases the paper introduces without a coined name, after the cues of *tier* (see TIERS).

    *terms* is updated in place: a new phrase replaces the common terms nested
    in it ("transcoder" inside "transcoder adapters"), at every occurrence.
    """
    proposed = []
    for start, end, kinded, listed in _cue_objects(doc, tier):
        if tier == "this" and listed:
            continue  # "trends threaten this opportunity: A, B and C"
        if tier in ("our", "this") and not (kinded or _names_exactly(terms, start, end) or _described(doc, end)):
            end = _through_last_head(doc, start, end)  # "our probing decoder attaches …": the decoder
        if tier != "cue" and (end == start or _said_before(doc, start, end)
                              or _said_before(doc, _past_count_compound(doc, start, end, always=True), end)):
            continue  # "PRMs … our implicit PRM outperforms", "students … our one-step student": an earlier name
        if (tier in _INDEFINITE_TIERS and not (listed or _indefinite(doc, start))
                or tier in ("our", "this") and _generic_word(doc, start)):
            continue  # "we outline concrete steps"; "our results frame X as …"
        if (tier in _PLAIN_TIERS and _studies_or_measures(doc, start, end) or _a_study(doc, end)) \
                and not (tier == "advice" and _specific_study(doc, start, end)) and not kinded:
            continue  # "we provide a detailed analysis", "yields a speedup of 2x" (not "a policy evaluation framework")
        if _action_on_object(doc, start, end):
            continue  # "We propose FlowRL: matching the full reward distribution …": what it does, no concept
        if tier == "part" and singular(tokens(doc).words[end - 1].lower()) not in _PART_HEADS:
            continue  # "reaches a mean Dice score": no part of a method
        if tier in _LAST_TIERS and _holds_known(terms, start, end):
            continue  # "we run a reward shaping loop": the weakest cue does not rename a known concept
        term = _term_for(doc, terms, start, end, kinded, plain=tier in _PLAIN_TIERS)
        if tier in _INDEFINITE_TIERS + _LAST_TIERS and term is not None and term.source == "lexicon":
            continue  # "yields a Spearman correlation": a known concept (advice may name one: "report Pareto fronts")
        if tier != "cue" and term is not None and not _introduced_here(term, terms, term.start):
            continue
        if term is not None and _known(term) and _right_after_later_cue(doc, term.start):
            continue  # "we adopt X for …, and introduce FreeU to …": a known name brought into the new thing
        if tier == "this" and term is not None and term.type is NodeType.PROBLEM:
            continue  # "we show that this imbalance is not static": a problem the paper studies
        if term is not None:
            proposed.append(term)
            if term.source == "proposal":
                _mark_recurrences(doc, terms, term)
    return proposed


# The name a phrase is built on: "LLM-based" in "LLM-based planning" (not "Model-based" at a sentence's start).
_BASIS = re.compile(r"^(?=\S*[A-Z]\S*[A-Z0-9])\S+-(" + "|".join(sorted(ADJECTIVE_SUFFIXES)) + r")\s")


_ARTICLE_AT_MOST = re.compile(r"\s*((the|a|an)\s+)?", re.I)


def _right_after_later_cue(doc: Doc, start: int) -> bool:
    """Token *start* follows a cue later in its sentence ("…, and introduce"), past an article at most."""
    at = tokens(doc).idx[start]
    for sent in _sentences(doc):
        if sent.start_char <= at < sent.start_char + len(sent.text):
            return any(cue.re is LATER_CUE and _ARTICLE_AT_MOST.fullmatch(sent.text, cue.end(), at - sent.start_char)
                       for cue in sent.cues)
    return False


def _without_own_name(label: str) -> bool:
    """No capital in *label* but in known acronyms: "multi-LLM", "RL fine-tuning" (not "MemDLM", "Tool-MVR")."""
    return all(not _has_capital(part) or is_acronym(part) and normalize_label(part) in lexicon_index()
               for part in re.split(r"[\s-]+", label))


def _name_with_kind(doc: Doc, term: Term) -> None:
    """The phrase with the kind word after it is another name of a concept without a name of its own: "a
    two-stage training paradigm" is "two-stage training", also called "two-stage training paradigm"; so is "an
    LLM-based planning framework"."""
    table = tokens(doc)
    kind_start = term.end + 3 if _short_form_follows(table, term.end) else term.end  # "learning (RL) framework"
    kind_end = _skip_kind_words(doc, kind_start, len(doc))
    if kind_end > kind_start and term.source not in ("lexicon", "short") \
            and _without_own_name(_BASIS.sub("", term.label)) and not any(map(_has_capital, term.aliases)):
        alias = table.span_text(term.start, kind_end) if kind_start == term.end else \
            f"{table.span_text(term.start, term.end)} {table.span_text(kind_start, kind_end)}"
        if alias not in term.aliases:
            term.aliases.append(alias)


def _short_form_follows(table: Tokens, i: int) -> bool:
    """Tokens i, i+1, i+2 are a short form in brackets: "(RL)"."""
    words = table.words
    return i + 3 < len(words) and words[i] == "(" and words[i + 2] == ")" and is_acronym(words[i + 1])


def _described(doc: Doc, end: int) -> bool:
    """An appositive describes the phrase ending before token *end*: "our early-exit probe, a small classifier …"."""
    table = tokens(doc)
    after = table.end_char(end - 1)
    return bool(_DESCRIBING_APPOSITIVE.match(table.text[after:after + 40]))


def _a_study(doc: Doc, end: int) -> bool:
    """The phrase ending before token *end* names a study or an outcome ("a detailed analysis", "a speedup")."""
    return singular(tokens(doc).words[end - 1].lower()) in STUDY_WORDS


def _specific_study(doc: Doc, start: int, end: int) -> bool:
    """A kind of study named by a compound before the study word, which the authors may advise: "we argue that
    extreme-focused evaluation should become standard practice"."""
    words = tokens(doc).words
    return end - start >= 4 and words[end - 3] == "-" and not any(doc[i].like_num for i in range(start, end))


def _names_exactly(terms: list[Term], start: int, end: int) -> bool:
    """A coined name (not a known one) spans exactly tokens start:end."""
    return any((t.start, t.end) == (start, end) and _is_named(t) and t.source != "lexicon" for t in terms)


def _studies_or_measures(doc: Doc, start: int, end: int) -> bool:
    """Tokens start:end name a study or an outcome (see _a_study), hold a number ("a 2x speedup"), or a value
    follows them ("a correlation of 0.52", "a reduction of roughly 12%")."""
    words = tokens(doc).words
    if _a_study(doc, end) or any(doc[i].like_num for i in range(start, end)):
        return True
    if end >= len(words) or words[end] != "of":
        return False
    return any(doc[i].like_num for i in range(end + 1, min(end + 4, len(doc))))  # "of roughly 12%"


def _indefinite(doc: Doc, start: int) -> bool:
    """"a" or "an" introduces the phrase at token *start*, past its modifiers: "a minimal planning task"."""
    words = tokens(doc).words
    i = start - 1
    while i > 0 and words[i].lower() not in ("a", "an") and (doc[i].like_num
                                                             or words[i].lower() in leading_modifiers()):
        i -= 1  # back over modifiers and counts to "of"
    if i > 0 and words[i] == "of" and words[i - 1].lower() in _CONTAINERS:
        i -= 2  # "a checklist of simple tuning practices", "a suite of 1,800 tasks"
    while i >= 0 and words[i].lower() in leading_modifiers():
        if words[i].lower() in ("a", "an"):
            return True
        i -= 1
    return False


def _generic_word(doc: Doc, i: int) -> bool:
    return singular(tokens(doc).words[i].lower()) in generic_terms()


def _said_before(doc: Doc, start: int, end: int) -> bool:
    """The words of tokens start:end, singular or plural, occur earlier in the text ("PRMs … our PRM"), other
    than as the authors' own ("using our augmented tests … our augmented tests are available")."""
    table = tokens(doc)
    before, phrase = table.lower_text[:table.idx[start]], table.span_text(start, end).lower()
    forms = {phrase, phrase + "s", phrase.removesuffix("s")} - {""}
    return any(whole_word_count(re.sub(rf"\bour {re.escape(form)}\b", " ", before), form, 1) for form in forms)


def _through_last_head(doc: Doc, start: int, end: int) -> int:
    """The end of tokens start:end cut after their last head noun of known type (*start* if none)."""
    words = tokens(doc).words
    while end > start and singular(words[end - 1].lower()) not in head_types():
        end -= 1
    return end


def _cue_objects(doc: Doc, tier: str):
    """Token ranges of the phrases after the cues of *tier*, whether a kind word follows and whether they are
    listed: the items of a list after a colon or of examples replace its heading."""
    words = tokens(doc).words
    for sent in _sentences(doc):
        for cue_end in _TIER_CUE_ENDS[tier](sent):
            first = _past_markup(words, _token_at(doc, sent.start_char + cue_end, sent.end), sent.end)
            if first == sent.end:
                continue  # the cue ends the text ("… we propose", cut short)
            if words[first - 1] == ":":
                yield from _list_items(doc, first, sent.end)  # "Our contributions are: (i) A; (ii) B"
                continue
            if _verb_in_ing(words[first]) and first + 1 < sent.end and words[first + 1].isalpha() \
                    and _PROPOSAL_VERB.fullmatch(words[first - 1].lower()):
                first += 1  # "we propose extracting normative simulacra": what is extracted (not "a routing loss")
            start, end = _phrase_from(doc, first, sent.end)
            # "a suite of 1,800 tasks", "a formal notion of X": the things (the phrase may stop before "set", a verb)
            container = max(end, start + 1)
            if container < sent.end and words[container] == "of" and words[container - 1].lower() in _CONTAINERS \
                    and all(_describes(w) for w in words[start:container - 1]):
                start, end = _phrase_from(doc, container + 1, sent.end)
                if end == start + 1 and end < sent.end and words[end] == "of" and words[start].lower() in _AMOUNTS:
                    start, end = _phrase_from(doc, end + 1, sent.end)
            elif end - start <= 1 and (made := _made_thing(words, start, end, sent.end)):
                start, end = _phrase_from(doc, made, sent.end)  # "the design and evaluation of X": X
            after = _skip_kind_words(doc, end, sent.end)
            examples = _examples_start(doc, start, after, sent.end)
            colon = after < sent.end and words[after] == ":"
            if colon and tier not in _PLAIN_TIERS and _heads_a_list(start, end, after):
                yield from _list_items(doc, after + 1, sent.end)  # "three strategies: A, B and C"
            elif examples:
                yield from _list_items(doc, examples, sent.end)
            elif _kind_of_a_name(doc, first, after, sent):
                continue  # "FairMarket-RL, a novel framework that combines LLMs with …": the name is the proposal
            elif after > end and _based_on(words, after, sent.end) and _known_phrase(doc, start, end):
                start, end = _phrase_from(doc, after + 2, sent.end)  # "a KV cache compression framework based on X"
                if end > start:
                    yield start, end, False, False
            elif end > start:
                if after > end and (_bare_word(doc, start, end) or _ends_in_adjective(doc, start, end)
                                    or _common_said_before(doc, start, end) or _ends_in_short_form(doc, start, end)):
                    yield start, end + 1, True, False  # "an aggregation scheme", "a quantum adversarial framework"
                else:
                    yield start, end, after > end, False
            elif after > end and _mechanism_follows(words, after, sent.end) and words[after + 2].lower() != "the":
                start, end = _phrase_from(doc, after + 2, sent.end)  # "a novel approach that leverages X" (not "the X")
                if end > start:
                    yield start, end, False, False


_PROPOSAL_VERB = re.compile(rf"({PROPOSAL_VERBS})(s|d|ed)?")


def _verb_in_ing(word: str) -> bool:
    """A lower-case "-ing" word that no lexicon knows as a concept: a verb ("extracting"), not "learning"."""
    return (word.endswith("ing") and word.isalpha() and word.islower() and len(word) > 5
            and normalize_label(word) not in lexicon_index())


def _action_on_object(doc: Doc, start: int, end: int) -> bool:
    """Tokens start:end are a verb in "-ing" and its object after a punctuation mark, what something does: "…,
    providing a finite-sample lower bound" (an example of a remedy names one: "such as biasing the data")."""
    words = tokens(doc).words
    return (end - start > 2 and start > 0 and words[start - 1] in (":", ";", ",") and _verb_in_ing(words[start])
            and words[start + 1].lower() in DETERMINERS)



def _past_markup(words: list[str], i: int, end: int) -> int:
    """The first token from *i* that is no LaTeX markup around a phrase: "we introduce $\\textit{relative
    sharpness}$": "relative"."""
    while i < end and MARKUP_TOKEN.match(words[i]):
        i += 1
    return i


def _describes(word: str) -> bool:
    """A lower-case word that is not a head noun: it describes what follows ("semantic" in "a semantic notion")."""
    return word.isalpha() and word.islower() and singular(word) not in head_types()


_MAKING = {"design", "development", "construction", "implementation", "creation", "redesign", "deployment"}


def _made_thing(words: list[str], start: int, end: int, limit: int) -> int | None:
    """The token after "of" when the phrase start:end (at most one word), or the word after it, names the making of
    something: "the development of", "the iterative design and evaluation of" ("design" is also a verb)."""
    i = end if end < limit and words[end].lower() in _MAKING else end - 1
    if i < start or words[i].lower() not in _MAKING:
        return None
    i += 1
    if i + 1 < limit and words[i] == "and" and (words[i + 1] in _MAKING or words[i + 1] in STUDY_WORDS):
        i += 2
    return i + 1 if i + 1 < limit and words[i] == "of" else None


def _common_said_before(doc: Doc, start: int, end: int) -> bool:
    """Tokens start:end are several common words the text used before: "Counterfactual inference provides … . We
    present a counterfactual inference framework": the framework is new, not the inference."""
    text = tokens(doc).span_text(start, end)
    return " " in text and text.islower() and _said_before(doc, start, end)


def _ends_in_short_form(doc: Doc, start: int, end: int) -> bool:
    """The phrase at tokens start:end ends in a short form the text used before: "Task and Motion Planning (TAMP)
    … We propose a kinodynamic TAMP framework": the framework is new, not TAMP."""
    words = tokens(doc).words
    return is_acronym(words[end - 1]) and _said_before(doc, end - 1, end)


def _adjective(word: str) -> bool:
    """A lower-case adjective that is not a head noun of its own ("empirical"; not "objective")."""
    return looks_adjective(word) and word not in head_types()


_ADJECTIVE_PREFIXES = {"multi", "cross", "inter", "intra", "bi", "tri", "dual", "single"}  # "multi-agent"


def _ends_in_adjective(doc: Doc, start: int, end: int) -> bool:
    """The phrase at tokens start:end ends in an adjective ("quantum adversarial", "data-driven") or in one compound
    of a prefix such as multi- or a count ("multi-agent", "offline multi-agent", "3-stage"): without its kind word
    it names nothing."""
    table = tokens(doc)
    last = table.words[end - 1].lower()
    compound = table.span_text(start, end).lower().split()[-1]
    prefix = compound.split("-", 1)[0] if "-" in compound else None
    return (_adjective(last) or last in ADJECTIVE_SUFFIXES and table.words[end - 2] == "-"  # "data-driven"
            or prefix in _ADJECTIVE_PREFIXES or prefix is not None and doc.vocab[prefix].like_num)  # "two-stage"


def _heads_a_list(start: int, end: int, after: int) -> bool:
    """The phrase start:end, then kind words up to *after*, only announces the items after its colon ("three
    strategies: A, B and C"); a phrase that names something has its parts there ("a minimal reporting standard:
    samples per item, …")."""
    return after > end or end - start <= 1


def _bare_word(doc: Doc, start: int, end: int) -> bool:
    """Tokens start:end are one lower-case word without a hyphen, too plain to name a contribution alone."""
    word = tokens(doc).words[start]
    return end - start == 1 and word.isalpha() and word.islower() and not _generic_word(doc, start)


# Words for a group of things, or for an idea of a thing: what the paper introduces is the things ("a checklist of
# tuning practices", "a new notion of calibration").
_CONTAINERS = {"set", "family", "suite", "collection", "dataset", "corpus", "checklist", "series", "class", "battery",
               "list", "concept", "notion", "definition", "version"}
# Amounts of data: "a corpus of 3,150 hours of conversational speech" is the speech.
_AMOUNTS = {"hours", "minutes", "days", "years", "pages", "tokens", "words", "gigabytes", "terabytes"}


def _examples_start(doc: Doc, start: int, after: int, limit: int) -> int:
    """The first token of the examples after a word for a group of remedies or kind words ("practical
    interventions such as X"; "two techniques, including X"), or 0."""
    words = tokens(doc).words
    if after == start or not (_is_kind(words[after - 1]) or singular(words[after - 1].lower()) in _REMEDIES):
        return 0  # "evaluation practices, including X": the head word says what the examples are
    following = [w.lower() for w in words[after:min(after + 3, limit)]]
    if following[:1] == [","]:  # ", such as", ", including"
        following, after = following[1:], after + 1
    if following[:2] == ["such", "as"]:
        return after + 2
    return after + 1 if following[:1] and following[0] in ("including", "namely") else 0


# Words for a group of the paper's own remedies, whose examples name them ("interventions such as X").
_REMEDIES = {"intervention", "recommendation", "remedy", "fix", "modification", "change", "improvement", "practice",
             "safeguard", "mitigation", "measure", "defense", "defence", "component", "extension", "variant"}


# What follows the description of something the paper names: ", DiffROAR", ", which we call DMM", ", named X".
_NAME_FOLLOWS = re.compile(r"^\s*(,\s*(which\s+we\s+|that\s+we\s+)?(call|name|dub|term)(ed|s)?\b"
                           r"|,?\s*(called|named|dubbed|termed)\b|,\s*[A-Z][\w-]*[A-Z0-9][\w-]*\s*[,(.]"
                           r"|,\s*([A-Z][\w-]*\s+){1,5}\([A-Z]"  # "…, Hierarchical Reward Model (HRM)"
                           r"|\s+[A-Z][\w-]*[A-Z0-9][\w-]*\b)")  # "a novel maritime dataset MULTIAQUA"
# A name just before a description of it: "MIGA, a novel …".
_NAME_BEFORE = re.compile(r"[A-Z][\w-]*\)?,\s*$")  # also "Long Form (LF), a novel …"


def _kind_of_a_name(doc: Doc, first: int, after: int, sent: _Sentence) -> bool:
    """The phrase from token *first* to token *after* describes a thing the paper names right before or after it
    ("MIGA, a novel long video generation method"; "an evaluation framework, DiffROAR, …"): the name is the
    proposal, the description its kind."""
    table = tokens(doc)
    before = table.text[max(sent.start_char, table.idx[first] - 40):table.idx[first]]
    before = re.sub(r"\b(a|an|the)\s+(new|novel|simple|following)?\s*$", "", before, flags=re.I)
    end_char = table.end_char(after - 1) if after > first else table.idx[first]
    return bool(_NAME_BEFORE.search(before) or _NAME_FOLLOWS.match(table.text[end_char:end_char + 40]))


def _cue_ends(sent: _Sentence) -> list[int]:
    """Where the proposal cues of *sent* end, in its text."""
    cues = [m.end() for m in sent.cues if not _names(m)]  # "called X" names, it does not describe
    if _may_have_new_thing(sent.text) and AUTHORS.search(sent.text):
        cues += [m.end() for m in NEW_THING_CUE.finditer(sent.text)
                 if not _OPEN_QUESTION.search(sent.text, 0, m.start())]
    elif "propos" in sent.text or "introduc" in sent.text:
        passive = _PASSIVE_PROPOSAL.search(sent.text)
        clause = sent.text.rfind(",", 0, passive.start()) + 1 if passive else 0  # "To fix a flaw, a novel X is …"
        subject = passive and _A_THING.search(sent.text, clause, passive.start())
        cues += [subject.end()] if subject else []  # "a novel physics-informed loss function is proposed"
    return cues


# A question the paper asks: "we evaluate whether X can provide a new calibration strategy" proposes nothing.
_OPEN_QUESTION = re.compile(r"\b(whether|if)\b", re.I)
# A proposal in the passive, and its subject: "To enforce consistency, a novel physics-informed loss is proposed".
_PASSIVE_PROPOSAL = re.compile(r"\b(is|are)\s+(also\s+|further\s+|then\s+)?(proposed|introduced)\b")
_A_THING = re.compile(r"\b(a|an|A|An)\s+((new|novel)\s+)?")


def _weak_cue_ends(sent: _Sentence) -> list[int]:
    return list(_weak_cue_ends_in(sent.text))


@lru_cache(maxsize=4096)  # the plain tier asks again for the sentences the weak tier read
def _weak_cue_ends_in(text: str) -> tuple[int, ...]:
    low = text.lower()  # a cheap test first: most sentences have none of these words
    contributions = tuple(m.end() for m in _CONTRIBUTION.finditer(text)) if "contribution" in low else ()
    if "we" not in low and "our" not in low or not AUTHORS.search(text):
        return contributions
    return tuple(sorted([m.end() for m in WEAK_PROPOSAL_CUE.finditer(text)] + list(contributions)))


def _our_cue_ends(sent: _Sentence) -> list[int]:
    return [m.end() for m in _OUR.finditer(sent.text)] if "our" in sent.text.lower() else []


def _this_cue_ends(sent: _Sentence) -> list[int]:
    if "this" not in sent.text.lower() or not AUTHORS.search(sent.text):
        return []
    return [m.end() for m in _THIS.finditer(sent.text)]


_THIS = re.compile(r"\bthis\b", re.I)


def _plain_cue_ends(sent: _Sentence) -> list[int]:
    """The ends of the proposal verbs ("we design …"; not "we release …": released checkpoints or results are
    artifacts) and of the weak cues."""
    ends = [m.end() for m in sent.cues if not _names(m) and not m.group(0).split()[-1].lower().startswith("releas")]
    return sorted(ends + _weak_cue_ends(sent))


def _advice_cue_ends(sent: _Sentence) -> list[int]:
    if not _has_any(sent.text, _ADVICE_WORDS + ("suggest",)):
        return []
    direct = [m.end() for m in _RECOMMENDED.finditer(sent.text)]  # "we recommend concrete practices, namely X"
    suggests = _SUGGESTS.search(sent.text)  # "… suggest that X …, and that data audits should accompany …"
    subjects = [m.end() for m in _ADVISED_SUBJECT.finditer(sent.text, suggests.end())] if suggests else []
    means = [m.end() for m in _ADVISED_MEANS.finditer(sent.text, suggests.end())] if suggests else []
    advice = ADVICE.search(sent.text)
    acts = [m.end() for m in ADVISED_ACT.finditer(sent.text, advice.end())] if advice else []
    return direct + subjects + means + acts


def _result_cue_ends(sent: _Sentence) -> list[int]:
    return [m.end() for m in RESULT_CUE.finditer(sent.text)] if _has_any(sent.text, _RESULT_WORDS) else []


def _act_cue_ends(sent: _Sentence) -> list[int]:
    return [m.end() for m in _ACT_CUE.finditer(sent.text)]


def _part_cue_ends(sent: _Sentence) -> list[int]:
    """After every "a" / "an" of a sentence about the authors' work: "Our model, trained with a label-conditioned
    loss …" (the phrase must end in a part's head, see _PART_HEADS); not in what the authors find or analyse ("we
    show that a linear probe decodes X before a single reasoning token is produced")."""
    if not AUTHORS.search(sent.text) or _FINDING.search(sent.text):
        return []
    return [m.end() for m in _A_THING.finditer(sent.text)]


_FINDING = re.compile(r"\bwe\s+([^.;:]{0,80}?\band\s+)?((also|further|then|first|formally)\s+)?"
                      r"(show|prove|find|observe|demonstrate|analy[sz]e)", re.I)  # "we extend X and show that …"


def _lens_cue_ends(sent: _Sentence) -> list[int]:
    """After the angle the authors take: "we revisit KV cache compression from the perspective of output
    reconstruction", "we study harness design through the lens of trajectory alignment"."""
    if "perspective" not in sent.text and "lens" not in sent.text or not AUTHORS.search(sent.text):
        return []
    return [m.end() for m in _LENS.finditer(sent.text)]


# Lower case: "From the perspective of users, we …" at a sentence's start frames the discussion, not the method.
_LENS = re.compile(r"\b(from\s+the\s+perspective|through\s+the\s+lens)\s+of\s+(?!the\b)")


# The parts a method is built from, new when introduced with "a" / "an" in a sentence about the authors' work.
_PART_HEADS = {"loss", "term", "regularizer", "objective", "penalty", "token", "decoder", "encoder", "criterion",
               "schedule", "bias", "module", "block", "layer", "probe", "estimator", "adapter", "gate", "router",
               "scheduler", "constraint", "mask", "projection", "verifier", "critic", "filter"}


# The weakest evidence of all, what the authors do to something new: "we first fine-tune a lightweight motion
# critic", "we turn this signal into an abort cascade", "we replace X with a guidance-conditioned target",
# "…, resulting in Q-value policies".
_NOT_MAKING = (r"show|find|observe|demonstrate|evaluate|stud(y|ie)|analy[sz]e|investigate|examine|test|compare"
               r"|measure|report|conduct|perform|use|leverage|employ|adopt|consider|focus|identify|achieve|obtain|see"
               r"|note|characteri[sz]e|argue|prove|highlight|discuss|benchmark|quantify|explore|provide|offer|derive"
               r"|need|have|are|were|can|could|may|might|will|would|should|must|do|did|hope|aim|seek|want"
               r"|hypothesi[sz]e|believe|expect|assume|take|make|give|establish|reveal|uncover|collect|release|define")
_ACT_CUE = re.compile(r"\bwe\s+((first|then|also|instead|further|simply|additionally|next|finally)\s+)?"
                      rf"(?!({_NOT_MAKING})\w*\b)[a-z][a-z-]+\s+(?=(a|an)\s)"
                      r"|\bresulting\s+in\s+"
                      r"|\bwe\s+(turn|convert|distill|condense|cast|compile|consolidate|transform)\w*\b[^.;:]{0,60}?"
                      r"\binto\s+"
                      r"|\bwe\s+(replace|train|augment|equip|pair|extend|enhance|couple|complement)\w*\b[^.;:]{0,60}?"
                      r"\bwith\s+(?=(a|an)\s)", re.I)


# Cheap pre-tests (most sentences have none of these words; under re.I no non-ASCII letter matches theirs).
_ADVICE_WORDS = ("recommend", "advocate", "argue", "urge", "contend", "encourage", "call")
_RESULT_WORDS = ("derive", "provide", "offer", "suggest", "yield", "close", "conclude", "address", "tackle",
                 "mitigate", "overcome", "solve")


def _has_any(text: str, words: tuple[str, ...]) -> bool:
    low = text.lower()
    return any(w in low for w in words)


# Evidence of a proposal, strongest first; a tier is tried only when the ones before it found nothing.
#   cue:   "we propose X", "a novel X" in a sentence about the authors' work;
#   weak:  "we add / explore a X", "our X outperforms …", "our X is released";
#   our:   "our X" with a nameable X that ends in a known head ("our entity-aware probing decoder attaches …");
#   plain: after a proposal verb or a weak cue, a phrase of common words after "a"/"an" ("we design a minimal
#          planning task").
#   result: the same after a verb of result ("we derive a training-free scoring rule").
#   advice: a phrase of common words after what the authors advise others to do ("we recommend that evaluations
#           report image-ablated baselines").
#   this:  a thing first named as "this X" in a sentence about the authors' work ("We prove that this endogenous
#          reward is …"), not a problem and not the heading of a list.
#   act:   what the authors do to something new (_ACT_CUE), tried after the named evidence;
#   lens:  the angle the authors take ("from the perspective of X"), tried after act;
#   part:  a part of the authors' method introduced with "a" / "an" ("trained with a boundary-weighted loss"), the
#          very last.
_TIER_CUE_ENDS = {"cue": _cue_ends, "weak": _weak_cue_ends, "our": _our_cue_ends, "plain": _plain_cue_ends,
                  "result": _result_cue_ends, "advice": _advice_cue_ends, "this": _this_cue_ends,
                  "act": _act_cue_ends, "lens": _lens_cue_ends, "part": _part_cue_ends}
_LAST_TIERS = ("act", "lens", "part")  # tried after the named evidence, in this order (RoleAssigner)
TIERS = tuple(tier for tier in _TIER_CUE_ENDS if tier not in _LAST_TIERS)
_PLAIN_TIERS = ("plain", "result", "advice", "act", "lens", "part")  # a phrase of common words will do
_INDEFINITE_TIERS = ("plain", "result")  # after "a" / "an" only


# "a novel approach that leverages X": X is what the bare kind consists of.
_MECHANISM_VERBS = {"leverages", "exploits", "employs", "uses", "utilizes", "combines", "integrates"}


def _based_on(words: list[str], i: int, limit: int) -> bool:
    """Tokens i, i+1 say what a thing is built on: "based on", "built upon", "grounded in"."""
    return i + 2 < limit and (words[i].lower(), words[i + 1].lower()) in _BASES


_BASES = {("based", "on"), ("built", "on"), ("built", "upon"), ("grounded", "in"), ("founded", "on")}


def _known_phrase(doc: Doc, start: int, end: int) -> bool:
    """Tokens start:end are a concept the lexicon knows: a framework named only by its task is built on what
    follows."""
    return normalize_label(tokens(doc).span_text(start, end)) in lexicon_index()


def _mechanism_follows(words: list[str], i: int, limit: int) -> bool:
    """Tokens i, i+1 are "that/which" + a verb of mechanism."""
    return i + 2 < limit and words[i].lower() in ("that", "which") and words[i + 1].lower() in _MECHANISM_VERBS


def _names(cue: re.Match) -> bool:
    """The cue names rather than introduces: "dubbed X", "we call this effect X"."""
    naming = cue.re is PROPOSAL_CUE and bool(cue.group("naming"))  # LATER_CUE has no such group
    return naming or cue.group(0).split()[-1].lower().startswith(_NAMING_STEMS)


_NAMING_STEMS = tuple(NAMING_VERBS.split("|"))


def _may_have_new_thing(text: str) -> bool:
    """A cheap pre-test for NEW_THING_CUE (most sentences have neither word): under re.I no
    non-ASCII letter matches n, e, w, o, v or l, so every match contains "new" or "novel" once lower-cased."""
    low = text.lower()
    return "new" in low or "novel" in low


def _token_at(doc: Doc, char: int, limit: int) -> int:
    """The first token starting at or after character *char*, at most *limit*."""
    return min(limit, bisect_left(tokens(doc).idx, char))


def _phrase_from(doc: Doc, i: int, limit: int) -> tuple[int, int]:
    """Tokens of the noun phrase starting at token *i* (maybe none), leading determiners, adjectives and
    counts skipped; a modifier glued to the next word stays ("auxiliary-teacher ensemble")."""
    table = tokens(doc)
    words, space = table.words, table.space
    first, lower = i, [w.lower() for w in words[i:limit]]
    while i < limit:
        glued = i + 1 < limit and words[i + 1] == "-" and not space[i]
        end = _hyphenated_end(table, i, limit) if glued else i
        if "".join(lower[i - first:end - first]) in leading_modifiers():
            i = end  # "best-performing", "state-of-the-art"
        elif glued and _compound_modifier_before_comma(table, i, end, limit):
            i = end + 1  # "a higher-order, non-causal sequence model": the model
        elif not glued and not _opens_title(words, i, limit) and (
                lower[i - first] in leading_modifiers() or lower[i - first] in _QUANTITIES
                or doc[i].like_num or _joins_modifiers(lower, i - first) or is_adverb(lower[i - first])
                or _describes_a_name(words, i, limit)):
            i += 1
        elif not glued and _modifier_before_comma(table, i, limit):
            i += 2
        else:
            break
    j = i
    while j < limit and _continues_phrase(doc, i, j):
        j += 1
    while j > i and (words[j - 1] == "-" or is_adverb(words[j - 1])):
        j -= 1  # "a state-of-the-art MIA originally developed for …": the MIA
    if j - i > 3 and words[j - 2] == "-" and is_participle(words[j - 1]):
        j -= 3  # "a success classifier fine-tuned from …": a trailing participle describes, it does not name
    return _past_count_compound(doc, i, j), j


def _past_count_compound(doc: Doc, i: int, j: int, always: bool = False) -> int:
    """The start of the phrase i:j past a leading compound of a count ("two-step"), unless (and not *always*) the
    words after it are no name of their own: "a two-step causal experimental approach" is a causal experimental
    approach, "a two-stage AI model" stays one."""
    table = tokens(doc)
    if i >= j or not (doc[i].like_num and _opens_compound(table, i)):
        return i
    rest = _hyphenated_end(table, i, j)
    if rest < j and always:
        return rest
    return rest if rest < j - 1 and any(_describes(w) and w not in generic_terms() for w in table.words[rest:j]) else i


def _modifier_before_comma(table: Tokens, i: int, limit: int) -> bool:
    """Word *i* is the first of two modifiers joined by a comma, the second a hyphenated adjective: "an online,
    retrieval-augmented … framework"."""
    words = table.words
    if not (i + 3 < limit and words[i + 1] == "," and words[i].isalpha() and words[i].islower()):
        return False
    end = _hyphenated_end(table, i + 2, limit)
    last = words[end - 1].lower()
    return end > i + 3 and end < limit and (last in ADJECTIVE_SUFFIXES or is_participle(last))


_NOUN_ENDINGS = ("ing", "tion", "sion", "ment", "ness")


def _compound_modifier_before_comma(table: Tokens, i: int, end: int, limit: int) -> bool:
    """The hyphenated word at tokens i:end is the first of two modifiers joined by a comma ("a higher-order,
    non-causal sequence model"; not a known term or a noun: "fine-tuning, pruning and distillation")."""
    words = table.words
    if not (end + 3 < limit and words[end] == "," and words[end + 1].islower() and words[end + 1].isalpha()
            and words[end + 1] not in ("and", "or", "which", "that", "where")):
        return False
    compound = table.span_text(i, end)
    return (compound.islower() and not compound.endswith(_NOUN_ENDINGS)
            and normalize_label(compound) not in lexicon_index())


def _hyphenated_end(table: Tokens, i: int, limit: int) -> int:
    """The token after the word that starts at token *i* and goes on over hyphens without spaces."""
    j = i + 1
    while j + 1 < limit and table.words[j] == "-" and not table.space[j - 1] and not table.space[j]:
        j += 2
    return j


def _describes_a_name(words: list[str], i: int, limit: int) -> bool:
    """Word *i* is a lower-case participle before a name: "a carefully initialized LayerNorm layer"."""
    return i + 1 < limit and words[i].islower() and is_participle(words[i]) and words[i + 1][:1].isupper()


def _opens_title(words: list[str], i: int, limit: int) -> bool:
    """Word *i* starts a title-case name: "Frontier Curriculum Synthesis" keeps "Frontier"."""
    return i + 1 < limit and is_title_word(words[i]) and is_title_word(words[i + 1])


def _skip_kind_words(doc: Doc, j: int, limit: int) -> int:
    """Past the kind words that end a phrase: "three acquisition strategies: …"."""
    words = tokens(doc).words
    while j < limit and _is_kind(words[j]):
        j += 1
    return j


def _continues_phrase(doc: Doc, start: int, j: int) -> bool:
    """Token *j* extends the phrase begun at *start*; a kind word ("framework") or a participle ("equipped") ends it."""
    table = tokens(doc)
    word = table.words[j]
    glued = j > start and table.words[j - 1] == "-" and not table.space[j - 1]  # "snapshot-based"
    if word == "-":
        return j > start and not table.space[j] and not table.space[j - 1]
    title = j > start and _in_title(table.words, j)  # "Interval Velocity Matching" is one name
    if j > start and _suffix_written_apart(table.words, j):
        return True
    if not glued and (_is_kind(word) or (j > start and is_participle(word) and not title)):
        return False
    if j > start and _coined_after_kind(table.words, j):
        return False  # "a novel multimodal maritime dataset MULTIAQUA (…)": the name the phrase describes
    if j > start and word.endswith("ing") and j + 1 < len(table.words) \
            and table.words[j + 1].lower() in OBJECT_OPENERS:
        return False  # "a layer carrying neither", "a model using the …": a verb and its object
    if j > start and _acts_on_next(table, j):
        return False  # "a two-stage AI model predicting pathological complete response": what the model does
    if _opens_compound(table, j):
        return True  # "a two-stage AI model"
    return word[:1].isalnum() and (glued or title or word.lower() not in boundary_words() or _modifying_participle(
        table.words, start, j) or j > start and word == "term") and not doc[j].like_num  # "a consistency term"


def _coined_after_kind(words: list[str], j: int) -> bool:
    """Word *j* is a coined name (inner capitals or digits: "MULTIAQUA", "ZorbSet") right after a lower-case word
    for a kind of contribution ("dataset", "framework")."""
    previous = words[j - 1]
    return (previous.islower() and (previous in _RESOURCE_KINDS or _is_kind(previous))
            and re.fullmatch(r"[A-Z][\w-]*[A-Z0-9][\w-]*", words[j]) is not None)


def _suffix_written_apart(words: list[str], j: int) -> bool:
    """Word *j* is an adjective suffix written without its hyphen, before a noun: "a neural network based
    solution" (not "a method based on X")."""
    return (words[j].lower() in _APART_SUFFIXES and j + 1 < len(words)
            and words[j + 1].isalpha() and words[j + 1].lower() not in boundary_words())


_APART_SUFFIXES = {"based", "driven", "guided", "powered", "enhanced", "inspired"}


def _acts_on_next(table: Tokens, j: int) -> bool:
    """Word *j* is a verb in "-ing" after a head noun and before a word that is no kind word: "a model predicting
    response" (not "a model merging method")."""
    words = table.words
    return (_verb_in_ing(words[j]) and singular(words[j - 1].lower()) in head_types()
            and j + 1 < len(words) and words[j + 1][:1].isalpha() and not _is_kind(words[j + 1]))


def _opens_compound(table: Tokens, j: int) -> bool:
    """Word *j* is glued by a hyphen to the next word: "two" in "a two-stage AI model"."""
    return j + 2 < len(table.words) and table.words[j + 1] == "-" and not table.space[j] and not table.space[j + 1]


def _modifying_participle(words: list[str], start: int, j: int) -> bool:
    """Word *j*, first of the phrase, is a participle after an article, modifying what follows: "a learned
    orthogonal rotation" (not "the model learned to …")."""
    return j == start > 0 and words[j - 1].lower() in ("a", "an") and is_participle(words[j]) \
        and j + 1 < len(words) and words[j + 1][:1].isalpha()



def _in_title(words: list[str], j: int) -> bool:
    """Word *j* continues a title-case name: it and the word before it are capitalised."""
    return words[j][:1].isupper() and words[j - 1][:1].isupper()


# Words after a list item that make it the subject of a clause ("recommendations: LoRA is best suited …"; the
# item is skipped), and relative pronouns, after which the list goes on at the next comma ("X that improve Y and
# Z, and W": Y and Z are not items, W is).
_CLAUSE_VERBS = {"is", "are", "was", "were", "should", "can", "could", "will", "would", "must", "may", "might"}
_RELATIVES = {"that", "which", "who", "whose", "where"}


def _list_items(doc: Doc, i: int, limit: int):
    """Phrases of "A, B, and C" from token *i* to the end of the sentence, past clauses (see _CLAUSE_VERBS) and
    appositives that call the item before them someone else's ("A, a state-of-the-art attack, …")."""
    table = tokens(doc)
    words = table.words
    while i < limit:
        if words[i].lower() in ("and", "or") or doc[i].is_punct or _enumeration_mark(words, i, limit):
            i += 1
            continue
        start, end = _gerund_object(doc, i, limit) or _phrase_from(doc, i, limit)
        described = i > 0 and words[i - 1] == "," and _EXISTING_ITEM.match(table.text, table.idx[i])
        if end > start and not (end < limit and words[end].lower() in _CLAUSE_VERBS) and not described:
            yield start, end, False, True
        i, separators = max(end, i + 1), (",", ";", "and", "or")
        while i < limit and words[i].lower() not in separators:
            if words[i].lower() in _RELATIVES or words[i].lower() in _CLAUSE_VERBS:
                separators = (",", ";")  # the rest of a clause may hold "and"
            i += 1


_MARK = re.compile(r"^(\d{1,2}|[ivx]{1,4}|[a-h])$")


def _enumeration_mark(words: list[str], i: int, limit: int) -> bool:
    """Token *i* numbers a list item: the "ii" of "(ii)", the "2" of "2)"."""
    return i + 1 < limit and words[i + 1] == ")" and bool(_MARK.match(words[i]))


def _gerund_object(doc: Doc, i: int, limit: int) -> tuple[int, int] | None:
    """An item that is an act on a thing ("such as biasing the training distribution"): the "-ing" word, its
    determiner and the phrase after it, or None."""
    words = tokens(doc).words
    if not (i + 2 < limit and words[i].islower() and words[i].endswith("ing") and words[i + 1] in ("the", "a")
            and not doc[i].is_stop):  # not "during the …"
        return None
    start, end = _phrase_from(doc, i + 2, limit)
    return (i, end) if end > start else None


def _term_for(doc: Doc, terms: list[Term], start: int, end: int, kinded: bool, plain: bool) -> Term | None:
    """The Term naming tokens start:end: one that covers them already, or a new one if the phrase is nameable
    (*kinded*: a kind word follows it, "a sample selection method"; *plain*: any phrase of common words will do)."""
    start = min([t.start for t in terms if t.start < start < t.end < end and t.source == "lexicon"],
                default=start)  # "a large language model-guided …": "large" is part of a known modifier
    table = tokens(doc)
    for term in terms:
        if (term.start, term.end) == (start, end):
            if term.source != "lexicon" or _is_named(term):
                return term  # "MemDLM"
            if kinded and end < len(doc) and _is_kind(table.words[end]):  # "a curriculum learning strategy", "an
                made = _term_for(doc, terms, start, end + 1, kinded, plain)  # LLM pipeline": the kind is new, and
                if made is not None and term not in terms:  # the known concept keeps its own Term
                    terms.append(term)
                return made
            return None  # "distillation"
    text = table.span_text(start, end)
    acceptable = (_nameable(text) or kinded and (_names_a_technique(text) or _is_kind(text.split()[-1]))
                  or plain and _plain_phrase(text))
    if not acceptable or not _replaceable(table, terms, start, end):
        return None
    if _known_parts_only(doc, terms, start, end):
        return None
    term = Term(start, end, text, "proposal")
    term.type = type_of(doc, term) or NodeType.METHOD
    _replace(table, terms, term)
    return term


def _holds_known(terms: list[Term], start: int, end: int) -> bool:
    """A lexicon term lies inside tokens start:end, short of all of them."""
    return any(t.source == "lexicon" and start <= t.start and t.end <= end and (t.start, t.end) != (start, end)
               for t in terms)


def _known_parts_only(doc: Doc, terms: list[Term], start: int, end: int) -> bool:
    """Lexicon terms cover every word of tokens start:end: "a reinforcement learning fine-tuning scheme" combines
    known concepts, it names nothing new."""
    covered = {i for t in terms if t.source == "lexicon" and start <= t.start and t.end <= end
               for i in range(t.start, t.end)}
    words = tokens(doc).words
    return bool(covered) and all(i in covered or words[i] == "-" for i in range(start, end))


def _is_kind(word: str) -> bool:
    return singular(word.lower()) in _CONTRIBUTION_KINDS


def _nameable(text: str) -> bool:
    """A specific phrase: several words or a hyphenated compound, not generic, not a bare kind
    ("a versatile approach")."""
    words = text.replace(" - ", "-").split()
    if len(words) > MAX_PHRASE_WORDS or singular(text.lower()) in generic_terms():
        return False
    last = words[-1].lower()
    if _adjective(last):  # "a large-scale empirical (study)"
        return False
    specific = [w for w in words if singular(w.lower()) not in generic_terms()]
    if len(words) == 1:  # "self-verification"; not an adjective ("training-free", "task-aware")
        return "-" in words[0] and bool(specific) and words[0].rsplit("-", 1)[-1].lower() not in ADJECTIVE_PARTS
    return len(specific) >= 2 or any("-" in w or singular(w.lower()) in head_types() for w in specific)


def _plain_phrase(text: str) -> bool:
    """Two to MAX_PHRASE_WORDS words that end in a noun: "budget token", "planning task"."""
    words = text.replace(" - ", "-").split()
    return 2 <= len(words) <= MAX_PHRASE_WORDS and not looks_adjective(words[-1].lower())


def _names_a_technique(text: str) -> bool:
    """"sample selection" (before "method"): two or three lower-case words ending in an action noun."""
    words = text.split()
    return (2 <= len(words) <= 3 and text.islower() and words[-1].endswith(ACTION_SUFFIXES)
            and singular(words[-1]) not in generic_terms())


def _replaceable(table: Tokens, terms: list[Term], start: int, end: int) -> bool:
    """No term straddles the phrase's edges, and none inside it is a name, other than one that keeps its own
    Term (see _name_inside)."""
    for term in terms:
        inside = start <= term.start and term.end <= end
        if not inside and term.start < end and start < term.end:
            return False
        if inside and _has_capital(term.label) and not _name_inside(table, term, start, end):
            return False
    return True


def _name_inside(table: Tokens, term: Term, start: int, end: int) -> bool:
    """*term* is a known name inside the phrase at tokens start:end that keeps its own Term: the basis of a
    compound modifier ("a GPT-4o-based annotation pipeline"), or a known short form that is not the whole phrase
    ("a context-aware MoE system", "our implicit PRM")."""
    return _a_basis(table, term) or ((term.start > start or term.end < end) and term.source in ("short", "lexicon")
                                     and is_acronym(table.span_text(term.start, term.end)))


def _replace(table: Tokens, terms: list[Term], new: Term) -> None:
    """*new* replaces the terms inside it, but a name inside it keeps its own (see _name_inside)."""
    terms[:] = [t for t in terms if not (new.start <= t.start and t.end <= new.end)
                or _name_inside(table, t, new.start, new.end)] + [new]


def _mark_recurrences(doc: Doc, terms: list[Term], term: Term) -> None:
    """Every other occurrence of a newly introduced phrase names the same concept."""
    table = tokens(doc)
    pattern = re.compile(r"\b" + re.escape(term.label) + r"\b", re.I)
    for match in pattern.finditer(table.text):
        span = table.token_span(match.start(), match.end())
        if span is not None and span[0] != term.start and _replaceable(table, terms, *span):
            _replace(table, terms, Term(*span, term.label, "proposal", type=term.type))


@Language.factory("kg_roles", default_config={})
def make_role_assigner(nlp: Language, name: str) -> "RoleAssigner":
    return RoleAssigner()


class RoleAssigner:
    """Sets ``Term.role`` on every Term, adding the Terms of descriptive proposals and the name with its kind word
    of each concept without a name."""

    def __init__(self) -> None:
        register_extensions()

    def __call__(self, doc: Doc) -> Doc:
        terms = list(doc._.kg_terms or [])
        found = descriptive_proposals(doc, terms)
        terms.sort(key=lambda t: t.start)
        found += proposed_terms(doc, terms)
        for tier in TIERS[1:]:
            if found:
                break
            found = descriptive_proposals(doc, terms, tier)
            terms.sort(key=lambda t: t.start)
            if tier == "weak":
                found += described_names(doc, terms) + subjects_after_cues(doc, terms)
        if not found:
            found = (named_by_address(doc, terms) or last_named_evidence(doc, terms) or defined_by_authors(doc, terms)
                     or released_terms(doc, terms) or acting_names(doc, terms) or listed_parts(doc, terms)
                     or descriptive_proposals(doc, terms, "act") or known_after_cue(doc, terms)
                     or descriptive_proposals(doc, terms, "lens") or descriptive_proposals(doc, terms, "part"))
        found += _appositive_names(doc, terms, found)
        proposed = {normalize_label(t.label) for t in found}
        trained = _trained_models(doc, [t for t in terms if t.type is NodeType.MODEL
                                        and normalize_label(t.label) in proposed])
        for term in terms:
            _name_with_kind(doc, term)
            if normalize_label(term.label) in proposed:
                term.role = Role.PROPOSES
                if term.type is NodeType.MODEL and term.label not in trained:
                    term.type = NodeType.METHOD  # a new system is a method unless released as a trained model
            else:
                term.role = DEFAULT_ROLE[term.type]
        doc._.kg_terms = terms
        return doc


# "a falsifiable evaluation program, the DAB-30 benchmark": the name an appositive gives what was proposed.
_APPOSITIVE_OPENING = re.compile(r"\s*,\s+(the\s+)?")


def _appositive_names(doc: Doc, terms: list[Term], found: list[Term]) -> list[Term]:
    """Named terms in apposition to a proposed phrase without a name, not items of a list ("a loss, GRPO, and …")."""
    table = tokens(doc)
    starts = {table.idx[t.start]: t for t in terms if _is_named(t)}
    names = []
    for term in found:
        if _is_named(term):
            continue
        opening = _APPOSITIVE_OPENING.match(table.text, table.end_char(term.end - 1))
        name = starts.get(opening.end()) if opening else None
        listed = name is not None and name.end < len(doc) and table.words[name.end] in (",", "and", "or")
        if name is not None and name not in found and not listed:
            names.append(name)
    return names


def _trained_models(doc: Doc, models: list[Term]) -> set[str]:
    """Labels of the proposed *models* that are trained artefacts: the abstract releases weights, or the model's
    sentence gives a parameter count (searched only when the paper proposes a model)."""
    if models and _RELEASED.search(tokens(doc).text):
        return {t.label for t in models}
    return {t.label for t in models if _sized(doc, t)}


def _sized(doc: Doc, term: Term) -> bool:
    """The sentence of *term* gives a parameter count ("an 8B-parameter diffusion language model"): a trained model."""
    return _PARAMETER_COUNT.search(sentence_of(doc, term.start).text) is not None


_PARAMETER_COUNT = re.compile(r"\b\d+(\.\d+)?\s?[BM]\b")
# Words of a release of trained weights: a proposed model is then an artefact, not a method.
_RELEASED = re.compile(r"\b(releas(e|es|ed|ing)|open-sourc(e|ed|ing)|open-weights?|open\s+weights|publicly\s+available"
                       r"|checkpoints?|model\s+weights)\b", re.I)
