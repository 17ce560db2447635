"""kg_lexicon: known concepts from the curated lexicon (kg/lexicon/*.jsonl).

Names and aliases are matched case-insensitively, acronym-like aliases
(LLM, MoE, GRPO) case-sensitively; a word in capitals ("MATH") matches only
a name that spells it so, not "math reasoning". Hyphen/space and plural variants are
generated, so "chain of thought" also finds "chain-of-thought". A
parameter count, version or size word after a known model ("Llama 3 405B",
"SeamlessM4T v2 Large", "Whisper 4"), a sized backbone after a known model
("CLIP ViT-L/14") and "objective", "loss" or "agents" after a known
concept ("language modeling objective") extend the match: the longer
phrase is the concept.
"""

from __future__ import annotations

import re
from pathlib import Path

from spacy.language import Language
from spacy.matcher import PhraseMatcher
from spacy.tokenizer import Tokenizer
from spacy.tokens import Doc

from ..normalize import is_acronym, normalize_label, singular
from ..records import NodeType
from .rules import BUILT_ON, LEXICON_DIR, PARAMETER_COUNT, head_types, is_title_word, lexicon_entries
from .terms import Term, Tokens, register_extensions, tokens, whole_words

__all__ = ["LexiconMatcher", "surface_variants"]

# What may follow a model's name as part of it: a parameter count ("Llama 3 405B"), a version, a size or
# variant word; and a benchmark's: a version ("LongBench v2").
_SIZED = re.compile(f"(^|-){PARAMETER_COUNT}$")  # the last word of a model's name gives its size
_VARIANT = re.compile(f"^({PARAMETER_COUNT}|v\\d+(\\.\\d+)*|Large|Medium|Base|Small|Mini|mini|Tiny|Nano|XL|XXL"
                      "|Pro|Ultra|Max|Plus|Flash|Lite|Turbo|Instruct|instruct|Chat|chat"
                      "|(Sonnet|Opus|Haiku)(-\\d(\\.\\d)?)?)$")
_VERSION = re.compile(r"^(v\d+(\.\d+)*|(19|20)\d\d)$")  # "LongBench v2", "CMO 2024"; not "GSM8K 85.2, MATH 60.1"
_SIZED_BACKBONE = re.compile(r"^(ViT|RN|ResNet|ConvNeXt|Swin|EVA)[\w/-]*\d")  # "ViT-L/14" in "CLIP ViT-L/14"
# "SigLIP 2", "Stable Diffusion 3", "Gemini 3.5": only after a named model, not "VLMs"
_GENERATION = re.compile(r"^([2-9]|[1-9]\.\d)$")
_TIERS = ("Sonnet", "Opus", "Haiku")  # a generation may follow one: "Claude Sonnet 3.7"


_BRITISH_IZ = re.compile(r"iz(ations?|ed|es|ers?|ing)\b")


def surface_variants(name: str) -> set[str]:
    """Hyphen/space and plural variants of a name ("chains of thought" too)."""
    forms = {name, name.replace("-", " "), name.replace(" ", "-")}
    if not is_acronym(name):
        forms |= {_plural(f) for f in forms if not f.endswith("s") and f[-1].isalpha()}
        forms |= {f[:-1] for f in forms if f.endswith("s") and not f.endswith(("ss", "ies")) and len(f) > 4}
        forms |= {f[:-3] + "y" for f in forms if f.endswith("ies") and len(f) > 5}  # "policies": "policy"
        forms |= {f.replace(of, "s" + of, 1) for f in forms for of in (" of ", "-of-")
                  if of in f and not f.split(of)[0].endswith("s")}  # "chains of thought", "chains-of-thought"
        forms |= {_BRITISH_IZ.sub(r"is\1", f) for f in forms if "iz" in f}  # "generalisation", "quantised"
    return {f for f in forms if f.strip()}


def _plural(name: str) -> str:
    """The plural of a name's last word: "KL penalty" → "KL penalties", "search" → "searches", "model" → "models"."""
    if name[-1] == "y" and len(name) > 2 and name[-2] not in "aeiou" and name[-2].isalpha():
        return name[:-1] + "ies"
    return name + ("es" if name.endswith(("ch", "sh", "x")) else "s")


@Language.factory("kg_lexicon", default_config={"directory": None})
def make_lexicon_matcher(nlp: Language, name: str, directory: str | None) -> "LexiconMatcher":
    return LexiconMatcher(nlp, Path(directory) if directory else LEXICON_DIR)


def _private_copy(tokenizer: Tokenizer) -> Tokenizer:
    """The same tokenizer with a cache of its own: tokenizing the ~15k pattern strings with the pipeline's
    tokenizer fills its cache past the point where spaCy's tokenizer runs about 6× slower on every text."""
    return Tokenizer(tokenizer.vocab, rules=tokenizer.rules, prefix_search=tokenizer.prefix_search,
                     suffix_search=tokenizer.suffix_search, infix_finditer=tokenizer.infix_finditer,
                     token_match=tokenizer.token_match, url_match=tokenizer.url_match)


class LexiconMatcher:
    """Adds a Term, typed and with its canonical label, for each lexicon match."""

    def __init__(self, nlp: Language, directory: Path) -> None:
        register_extensions()
        self.entries: dict[int, tuple[str, NodeType]] = {}  # match key (a string hash) → (label, type)
        self.capitals: dict[int, set[str]] = {}  # match key → the words in capitals its names spell
        self.exact = PhraseMatcher(nlp.vocab, attr="ORTH")
        self.folded = PhraseMatcher(nlp.vocab, attr="NORM")  # lower case; an en dash or LaTeX's "--" is a hyphen
        tokenize = _private_copy(nlp.tokenizer)
        for entry, node_type in lexicon_entries(directory):
            key = str(len(self.entries))
            match_key = nlp.vocab.strings.add(key)
            self.entries[match_key] = (entry["label"], node_type)
            names = [entry["label"], *entry.get("aliases", [])]
            self.capitals[match_key] = {word for name in names for word in re.findall(r"[^\W\d_]+", name)
                                        if _in_capitals(word)}
            for name in names:
                matcher = self.exact if is_acronym(name) else self.folded
                matcher.add(key, [tokenize(v) for v in sorted(surface_variants(name))])

    def __call__(self, doc: Doc) -> Doc:
        terms = list(doc._.kg_terms or [])
        taken = {i for t in terms for i in range(t.start, t.end)}
        found = {(s, e): key for key, s, e in self.exact(doc)
                 if taken.isdisjoint(range(s, e)) and whole_words(doc, s, e)}
        table = tokens(doc)
        found.update({(s, e): key for key, s, e in self.folded(doc)
                      if taken.isdisjoint(range(s, e)) and whole_words(doc, s, e)
                      and all(not _in_capitals(w) or w in self.capitals[key] for w in table.words[s:e])
                      and not _object_goes_on(table, s, e)
                      and not (_direction_as_modifier(table, s, e)
                               and normalize_label(table.span_text(s, e)) != normalize_label(self.entries[key][0]))})
        own = _own_acronyms(terms)
        for start, end in _without_overlaps(found):
            label, node_type = self.entries[found[start, end]]
            if end - start == 1 and table.words[start] in own:
                continue  # "SAC-MIL (…) has a SAC block": the text's own SAC, not Soft Actor-Critic
            extended = _extended_end(table, end, node_type, taken, named=not label[:1].islower())
            if extended > end:  # "Llama 3 405B", "language modeling objective": the longer phrase is the concept
                label = table.span_text(start, extended)
                node_type = BUILT_ON.get(table.words[extended - 1].lower(), node_type)
            term = Term(start, extended, label, "lexicon", type=node_type)
            if _is_variant_of(terms[-1] if terms else None, term, table):  # "CLIP ViT-L/14": one model
                start = terms.pop().start
                term = Term(start, extended, table.span_text(start, extended), "lexicon", type=NodeType.MODEL)
            terms.append(term)
            if node_type is NodeType.METHOD and extended == end and _free(table, end, taken) \
                    and table.words[end] == "models":  # "flow matching models": a class of models, and the method
                terms.append(Term(start, end + 1, table.span_text(start, end + 1), "chunk", type=NodeType.MODEL))
        doc._.kg_terms = terms
        return doc


def _own_acronyms(terms: list[Term]) -> set[str]:
    """The acronyms that open a hyphenated short form the text defines: "SAC" of "SAC-MIL"."""
    return {short.split("-")[0] for t in terms if t.source == "abbrev" for short in t.aliases
            if "-" in short and is_acronym(short.split("-")[0])}


def _direction_as_modifier(table: Tokens, start: int, end: int) -> bool:
    """A bare "A-to-B" match before a lower-case noun: "text-to-video diffusion models" are models, not the
    task text-to-video generation (which "text-to-video" also names; a task named so, "text-to-SQL", stays)."""
    words = table.words
    return (end - start == 5 and words[start + 1:start + 4] == ["-", "to", "-"] and end < len(words)
            and table.space[end - 1] and words[end].isalpha() and words[end].islower()
            and words[end] not in _AFTER_A_TASK)


_AFTER_A_TASK = {"and", "or", "of", "in", "on", "for", "with", "to", "is", "are", "was", "were", "by", "from", "at",
                 "that", "which", "as", "via", "tasks", "task", "generation", "synthesis", "translation"}


def _object_goes_on(table: Tokens, start: int, end: int) -> bool:
    """A match of the "X of Y" form whose Y goes on past it: "evaluations of LLM agents" does not name "LLM
    evaluation" (the object is "LLM agents")."""
    words = table.words
    return any(words[i] == "of" and table.space[i - 1] and not is_title_word(words[i + 1])
               for i in range(start + 1, end - 1)) \
        and end < len(words) and table.space[end - 1] and words[end].islower() \
        and singular(words[end]) in head_types()  # not "chain-of-thought traces", "the Tree of Thoughts method"


def _in_capitals(word: str) -> bool:
    """A word of three or more capital letters: an acronym or a name ("MATH"), which a lower-case lexicon name
    ("math reasoning") does not match."""
    return len(word) > 2 and word.isalpha() and word.isupper()


def _without_overlaps(spans) -> list[tuple[int, int]]:
    """The (start, end) token *spans* that spaCy's ``filter_spans`` keeps (the longest, then the first, of
    overlapping ones), in text order, without creating Span objects."""
    kept, seen = [], set()
    for start, end in sorted(spans, key=lambda span: (span[1] - span[0], -span[0]), reverse=True):
        if start not in seen and end - 1 not in seen:
            kept.append((start, end))
            seen.update(range(start, end))
    return sorted(kept)


def _is_variant_of(previous: Term | None, term: Term, table: Tokens) -> bool:
    """*term* is a sized backbone ("ViT-L/14") right after the model *previous* names ("CLIP")."""
    return (previous is not None and previous.source == "lexicon" and previous.end == term.start
            and previous.type is NodeType.MODEL is term.type and bool(table.space[term.start - 1])
            and bool(_SIZED_BACKBONE.match(table.span_text(term.start, term.end))))


def _extended_end(table: Tokens, end: int, node_type: NodeType, taken: set[int], named: bool) -> int:
    """The end of a match at token *end* extended over a model's variant words (a generation number only
    after a *named* model) or one "objective"-like word."""
    words, start = table.words, end
    if node_type is NodeType.MODEL:
        while True:
            if _free(table, end, taken) and (
                    _VARIANT.match(words[end]) or (named and _GENERATION.match(words[end])
                                                   and (end == start or words[end - 1] in _TIERS))):
                end += 1
            elif (end > start or words[end - 1][-1:].isdigit() or _SIZED.search(words[end - 1])) \
                    and _joined_variant(table, end, taken):
                end += 2  # "Gemini 3.5-Pro", "Mistral-7B-Instruct"
            else:
                break
    elif node_type is NodeType.BENCHMARK and _free(table, end, taken) and _VERSION.match(words[end]):
        end += 1
    if end == start and _free(table, end, taken) and words[end].lower() in BUILT_ON \
            and not (node_type is NodeType.PROBLEM and words[end].lower().startswith("network")) \
            and not (node_type is NodeType.MODEL and _SIZED.search(words[end - 1])):
        end += 1  # "semantic segmentation networks": the task stays the concept; "Qwen2.5-14B agents": the model
    return end


def _joined_variant(table: Tokens, i: int, taken: set[int]) -> bool:
    """Tokens *i* and *i* + 1 are a hyphen and a variant word, joined to the word before ("2.5-Pro")."""
    return (i + 1 < len(table.words) and table.words[i] == "-" and not table.space[i - 1] and not table.space[i]
            and i not in taken and i + 1 not in taken and bool(_VARIANT.match(table.words[i + 1])))


def _free(table: Tokens, i: int, taken: set[int]) -> bool:
    """Token *i* is a word of its own that no earlier term holds."""
    return i < len(table.words) and i not in taken and bool(table.space[i - 1])
