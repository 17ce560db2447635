"""kg_results: reported figures, (metric, value, benchmark), from the sentence around a number.

"achieves 6.71% average WER on the Open ASR Leaderboard" → (WER, 6.71%, Open ASR
Leaderboard); "+10.83 on BLINK" → (None, +10.83, BLINK); "99% coherence" →
(None, 99%, None). The Metric and Benchmark terms of the sentence that words tie
to the figure are taken ("an F1 of 0.42", "accuracy rose from 0.78 to 0.84",
"47.5 on OSWorld"), else the nearest ones when near enough, else the one
benchmark the sentence opens on ("On X, …"). A figure without a metric of its
own takes the one of the figure of its kind before it in its sentence ("3.64%
WER on TED-LIUM and 10.88% on Earnings-22"). Years, model sizes (8B), versions
inside a name ("Claude 3.5 Sonnet"), counts of things ("124 distinct types")
and citations are not values.
"""

from __future__ import annotations

import re

from spacy.language import Language
from spacy.tokens import Doc

from ..records import NodeType
from .terms import register_extensions, sentence_bounds, tokens

__all__ = ["ResultFinder", "find_values"]

# The unit of a share or a factor, also as LaTeX writes it: "50\\%", "$2\\times$".
_UNIT = r"(?:\\?%|pp|points?|x|×|\\times)"
# Not inside a word, a version ("1.2.3") or a range ("3--5", "50-90%"); a sentence's full stop may follow.
_VALUE = re.compile(
    rf"(?<![\w.\-–—])(?P<value>[+\-−±]?\d+(?:\.\d+)?\s?{_UNIT}|[+\-−]\d+(?:\.\d+)?|\d+\.\d+"
    r"|\d+(?:\.\d+)?\s?(?:BLEU|FID))(?!\w|\.\d|[\-–—]\d)")
# What a figure is not a result after: the spread of the figure before it ("47.1% +/- 10.3%"), the top of a scale
# ("2.17 out of 3.0"), a name it versions ("Apache 2.0", "Spider 2.0").
_SPREAD_BEFORE = re.compile(r"\d[%x×]?\s*\(?\s*(±|\+/-|\+-|\+/|\\pm)\s*$")  # "47.1 +/- 10.3", "$47.1 \\pm 2.3$"
_FIGURE_BEFORE = re.compile(r"\d[%x×]?\s*\(?\s*$")  # before "±10.3%": "47.1% ±10.3%", "85.2% (±0.3%)"
_PLUS_AFTER_FIGURE = re.compile(r"\d[%x×]?\s*\+$")  # before "-10.3": "47.1 +-10.3"
_SCALE_TOP_BEFORE = re.compile(r"\bout\s+of\s+$")
# "p=0.0015", "a p-value of 0.03": a statistical test's figure, not a result
_P_VALUE_BEFORE = re.compile(r"\bp(\s*[=<>≤≥]=?|-values?(\s+of)?(\s*[=<>≤≥]=?)?)\s*$", re.I)
_VERSIONED_NAME = re.compile(r"\b[A-Z][a-z]+\s+$")
_VERSION_NUMBER = re.compile(r"\d\.0")
# A range whose upper end has a unit: "44 to 94%", "50-90%", "1.36-100x" (not "3--5" or "2020-2024").
_RANGE = re.compile(r"(?<![\w.\-–—])(?P<low>\d+(?:\.\d+)?)\s?(?:-|–|to\s)\s?"
                    r"(?P<high>\d+(?:\.\d+)?\s?(?:%|pp|x|×))(?!\w)")
_VALUE_START = re.compile(r"[+\-−±\d]")  # every _VALUE match starts with a sign or a digit
_NOT_A_RESULT = re.compile(r"^(19|20)\d\d$")
_DIGIT = re.compile(r"\d")
_NOT_UNIT = re.compile(r"[\d.,\s+\-−±]")
# After a figure, a word saying it measures something else than the figure before it: "35% fewer parameters".
_OTHER_MEASURE_AFTER = re.compile(r"\s*(fewer|less|more|faster|slower|lower|higher|smaller|larger|cheaper|longer"
                                  r"|shorter)\b", re.I)
_PAIRED = re.compile(r"\s*(to|→|->|-->)\s*")  # "from 0.78 to 0.84", "66.1 -> 84.6": one measure
# characters between a value and the metric it measures / the benchmark it is reported on
MAX_METRIC_DISTANCE = 40
MAX_BENCHMARK_DISTANCE = 80


def find_values(text: str) -> list[tuple[int, int]]:
    """Where the candidate reported values of *text* are (percentages, signed gains, decimals, multipliers, and
    both ends of a range of them: "44 to 94%", "1.36-100x"), in order."""
    spans = {m.span("value") for m in _value_matches(text)
             if not _NOT_A_RESULT.match(m.group("value")) and not _qualifies_another(text, m)}
    if "-" in text or "–" in text or " to " in text:
        for m in _RANGE.finditer(text):
            spans |= {m.span("low"), m.span("high")}
    return sorted(spans)


def _qualifies_another(text: str, match: re.Match) -> bool:
    """The figure of *match* is the spread of another ("± 10.3%"), the top of a scale, a name's version or a
    p-value."""
    value, before = match.group("value"), text[max(0, match.start() - 12):match.start()]
    spread = (_SPREAD_BEFORE.search(before) or value.startswith("±") and _FIGURE_BEFORE.search(before)
              or value.startswith("-") and _PLUS_AFTER_FIGURE.search(before))
    return bool(spread or _SCALE_TOP_BEFORE.search(before) or _P_VALUE_BEFORE.search(before)
                or _VERSION_NUMBER.fullmatch(value) and _VERSIONED_NAME.search(before))


def _value_matches(text: str) -> list[re.Match]:
    """``_VALUE.finditer(text)``, tried only at signs and digits: _VALUE begins with a lookbehind, so
    ``finditer`` would try every offset of the text."""
    found, pos = [], 0
    while start := _VALUE_START.search(text, pos):
        match = _VALUE.match(text, start.start())
        if match:
            found.append(match)
            pos = match.end()
        else:
            pos = start.start() + 1
    return found


# Words that tie a measure written before a figure to it: "an F1 of 0.42", "OR = 1.60", "accuracy is 0.81",
# "reduces token usage by 54%", "accuracy increased from 0.78 to 0.84", "accuracy drops by an average of 7.0".
_HEDGE = r"((up\s+to|about|around|approximately|nearly|roughly|over|more\s+than|an\s+average\s+of|~)\s*)?"
_MEASURE_BEFORE = re.compile(
    r"(\s*\([^()]{1,12}\))?\s*(\(|of|=|:|is|was|are|were|reaches|reached|by|from)\s*" + _HEDGE + r"$"
    r"|\s+((has|have|was|were|is|are)\s+)?(\w+ly\s+)?(increas|improv|rais|ris|ros|drop|decreas|reduc|fall|fell|grow"
    r"|grew|climb|jump|boost|lower|shrink|shrank|go|went)\w*\s+(by|from|to)\s+" + _HEDGE + r"$", re.I)
# … and a benchmark written after it: "47.5 on OSWorld", "91.0% accuracy on the X" (not past a comma).
# (Both are matched from the figure's end or the measure's end with ``match(text, pos, endpos)``.)
_BENCHMARK_AFTER = re.compile(r"[^,;()]{0,30}?\b(on|in)\s+(the\s+)?$", re.I)


# A benchmark, then its measure and a word that gives the figure: "AIME2025 accuracy from 86.5%", "BLINK score of 82".
_BENCHMARK_BEFORE = re.compile(r"\s+((?!(and|or|to)\b)[\w-]+\s+){1,2}(from|of|=|:)\s*", re.I)


# … or its figures in brackets right after it: "surpasses DeBERTa on DBpedia-14 (98.06% vs. 97.80%)".
_BENCHMARK_BRACKET = re.compile(r"\s*\(([^()]{1,15}?\s(vs\.?|versus)\s)?")


def _nearest(terms, position: int, end_of_value: int, node_type: NodeType, doc: Doc, limit: int):
    """The term of *node_type* that the figure at characters position:end_of_value reports on: one tied to it by
    its words (see _MEASURE_BEFORE, _BENCHMARK_AFTER), else the nearest within *limit* characters."""
    best, toks = None, tokens(doc)
    text = toks.text
    for term in terms:
        if term.type is not node_type:
            continue
        start, end = toks.idx[term.start], toks.end_char(term.end - 1)
        # both usually follow their figure ("6.71% WER", "+10.83 on BLINK"); one before it counts triple
        distance = start - position if start >= position else (position - end) * 3
        if _tied(text, node_type, start, end, position, end_of_value):
            distance = -1 / (1 + abs(start - position))  # it wins, the nearest first
        if distance <= limit and (best is None or distance < best[0]):
            best = (distance, term)
    return best[1] if best else None


def _tied(text: str, node_type: NodeType, start: int, end: int, position: int, end_of_value: int) -> bool:
    """Words tie the term at characters start:end to the figure at position:end_of_value."""
    if node_type is NodeType.METRIC:
        return end <= position and bool(_MEASURE_BEFORE.match(text, end, position))
    if node_type is NodeType.BENCHMARK:
        return (start >= end_of_value and bool(_BENCHMARK_AFTER.match(text, end_of_value, start))
                or end <= position and bool(_BENCHMARK_BEFORE.fullmatch(text, end, position)
                                            or _BENCHMARK_BRACKET.fullmatch(text, end, position)))
    return False


# A sentence that opens on its benchmark: "On the Google Next-Day Wildfire Spread benchmark, we …", "Evaluated on
# ARC-AGI-3, X improves …".
_FRONTED = re.compile(r"((evaluated|tested|experiments|results)\s+)?(on|across)\s+(the\s+)?([\w+-]+\s+){0,2}?$", re.I)


def _fronted_benchmark(terms, toks, sent_char: int):
    """The one benchmark a sentence opens on, before a comma ("On MMLU, GSM8K and X, …" opens on a list): it holds for
    the sentence's figures that name none."""
    benchmarks = [t for t in terms if t.type is NodeType.BENCHMARK]
    if not benchmarks:
        return None
    text, first = toks.text, benchmarks[0]
    start, end = toks.idx[first.start], toks.end_char(first.end - 1)
    comma = text.find(",", end, end + 30)
    if comma < 0 or not _FRONTED.fullmatch(text, sent_char, start):
        return None
    return None if any(toks.idx[t.start] < comma + 40 for t in benchmarks[1:]) else first


def _only_benchmark_before(terms, toks, start: int):
    """The one benchmark its sentence names, when it names it before the figure at *start*."""
    benchmarks = {t.label: t for t in terms if t.type is NodeType.BENCHMARK}
    if len(benchmarks) != 1:
        return None
    only = next(iter(benchmarks.values()))
    return only if toks.idx[only.start] < start else None


def _kind(value: str) -> tuple[bool, str]:
    """Signed or not, and the unit: "6.71%", "10.88\\%" are of one kind, "+10.83" of another, "2x" and "3×" of a
    third."""
    unit = _NOT_UNIT.sub("", value).replace("\\", "").replace("times", "x").replace("×", "x")
    return value[:1] in "+-−±", unit


def _inside_a_term(terms, toks, start: int, end: int) -> bool:
    """Characters start:end lie inside one of *terms*."""
    return any(toks.idx[t.start] <= start and end <= toks.end_char(t.end - 1) for t in terms)


@Language.factory("kg_results", default_config={})
def make_result_finder(nlp: Language, name: str) -> "ResultFinder":
    return ResultFinder()


class ResultFinder:
    """Sets ``doc._.kg_results``: dicts with value, metric, benchmark, start, end, sentence."""

    def __init__(self) -> None:
        register_extensions()

    def __call__(self, doc: Doc) -> Doc:
        toks, results = tokens(doc), []
        text, terms = toks.text, doc._.kg_terms or []
        for sent_start, sent_end in sentence_bounds(doc) if _DIGIT.search(text) else ():  # every value has a digit
            start_char = toks.idx[sent_start]
            sent_text = toks.span_text(sent_start, sent_end)
            matches = find_values(sent_text)
            in_sent = [t for t in terms if sent_start <= t.start and t.end <= sent_end] if matches else []
            before = None  # (end, kind, metric) of the figure before: a series of one kind shares its metric
            setting = _fronted_benchmark(in_sent, toks, start_char) if matches else None
            for value_start, value_end in matches:
                start, end = start_char + value_start, start_char + value_end
                if _inside_a_term(in_sent, toks, start, end):
                    continue  # "Claude 3.5 Sonnet", "Gemini 2.0 Flash": a version in a name
                metric = _nearest(in_sent, start, end, NodeType.METRIC, doc, MAX_METRIC_DISTANCE)
                benchmark = _nearest(in_sent, start, end, NodeType.BENCHMARK, doc, MAX_BENCHMARK_DISTANCE)
                kind = _kind(text[start:end])
                label = metric.label if metric else None
                paired = before and _PAIRED.fullmatch(text, before[0], start)
                if before and before[2] and (paired or not label and before[1] == kind
                                             and not _OTHER_MEASURE_AFTER.match(text, end)):
                    label = before[2]  # "from 0.78 to 0.84"; "3.64% WER on A and 10.88% on B"
                if paired and before[3]:
                    benchmark = before[3]  # "improves AIME2025 accuracy from 86.5% to 93.3% and BeyondAIME …"
                benchmark = benchmark or setting or _only_benchmark_before(in_sent, toks, start)
                before = (end, kind, label, benchmark)
                results.append({"value": text[start:end], "metric": label,
                                "benchmark": benchmark.label if benchmark else None,
                                "start": start, "end": end, "sentence": sent_text.strip()})
        doc._.kg_results = results
        return doc
