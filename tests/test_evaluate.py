"""Extraction quality against the project's gold annotations: the figures the README reports must hold."""

import json
from pathlib import Path

import pytest

import kg.cli
from kg.evaluate import agreement, evaluate, load_gold, load_split
from kg.ingest import read_inputs, text_hash

from common import load_bench  # noqa: E402  (tests/ is on the path)

GOLD = Path(__file__).resolve().parent / "gold"
FRESH = Path(__file__).resolve().parent.parent / "bench" / "fresh"
# The test-part figures reported in README.md; a drop of more than 0.02 fails.
REPORTED_TEST = {"f1": 0.859, "typed_f1": 0.810}
# Untyped F1 on the held-out team-written sets (bench/fresh/README.md), reported in docs/extraction.md.
REPORTED_FRESH = {"b": 0.809, "d": 0.827, "g": 0.883, "h": 0.816, "l": 0.890, "m": 0.883, "n": 0.930, "q": 0.865,
                  "r": 0.858, "s": 0.886, "u": 0.877, "y": 0.852, "zg": 0.824, "zh": 0.801, "zi": 0.783, "zj": 0.770,
                  "zq": 0.802, "zr": 0.757, "zza": 0.815, "zzb": 0.774, "zzc": 0.867, "zzd": 0.818}
TOLERANCE = 0.02


@pytest.fixture(scope="module")
def parts(corpus_path):
    return evaluate(corpus_path, GOLD)


def test_gold_matches_corpus_and_split_is_disjoint(corpus_path):
    papers = read_inputs([corpus_path])
    gold = load_gold(GOLD)
    split = load_split(GOLD)
    assert len(gold) >= 50
    assert all(text_hash(papers[d.index].abstract)[:12] == d.sha for d in gold)
    assert not set(split["dev"]) & set(split["test"])
    assert len(split["test"]) >= 15
    assert {d.index for d in gold} == set(split["dev"]) | set(split["test"])


@pytest.mark.parametrize("figure", sorted(REPORTED_TEST))
def test_test_part_does_not_regress(parts, figure):
    assert parts["test"].figures()[figure] >= REPORTED_TEST[figure] - TOLERANCE


@pytest.mark.parametrize("name", sorted(REPORTED_FRESH))
def test_held_out_fresh_sets_do_not_regress(name, capsys):
    folder = FRESH / name
    assert kg.cli.main(["evaluate", "--corpus", str(folder / "abstracts.txt"), "--gold", str(folder / "gold")]) == 0
    rows = {line.split()[0]: line.split() for line in capsys.readouterr().out.splitlines()[1:3]}
    assert set(rows) == {"test", "all"}  # an all-test gold set shows no empty dev row
    assert float(rows["test"][4]) >= REPORTED_FRESH[name] - TOLERANCE


def test_team_sets_have_one_role_each_and_the_held_out_ones_are_reported():
    roles = json.loads((FRESH / "roles.json").read_text(encoding="utf-8"))  # kg.learn trains on the development ones
    assert set(roles["held out"]) == set(REPORTED_FRESH)
    assert not set(roles["development"]) & set(roles["held out"])
    assert set(roles["development"]) | set(roles["held out"]) == {p.name for p in FRESH.iterdir() if p.is_dir()}


def test_errors_are_listed(parts):
    scores = parts["dev"]
    assert len(scores.misses) == scores.core - scores.found
    assert len(scores.false_positives) == scores.predicted - scores.correct


@pytest.mark.parametrize("files, message", [
    ({}, "no gold annotations"),
    ({"a.jsonl": '{"index": 0}\n'}, "not a gold record"),
    ({"a.jsonl": (GOLD / "part1.jsonl").read_text(encoding="utf-8")}, "cannot read the development/test split"),
    ({"a.jsonl": (GOLD / "part1.jsonl").read_text(encoding="utf-8"), "split.json": '{"dev": 3}'}, "not a split"),
])
def test_bad_gold_folder_is_a_one_line_error(tmp_path, capsys, corpus_path, files, message):
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    assert kg.cli.main(["evaluate", "--corpus", str(corpus_path), "--gold", str(tmp_path)]) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and len(err.splitlines()) == 1, err


def _second_annotator(tmp_path, edit) -> tuple[Path, Path]:
    """A reference gold of the first three abstracts of part1.jsonl and a second annotator's copy changed by
    *edit* (called on the list of its records)."""
    records = [json.loads(line) for line in (GOLD / "part1.jsonl").read_text(encoding="utf-8").splitlines()[:3]]
    ref, other = tmp_path / "ref", tmp_path / "other"
    for folder, recs in ((ref, records), (other, edit(json.loads(json.dumps(records))))):
        folder.mkdir()
        (folder / "a.jsonl").write_text("".join(json.dumps(r) + "\n" for r in recs), encoding="utf-8")
    (ref / "split.json").write_text(json.dumps({"dev": [r["index"] for r in records], "test": []}), encoding="utf-8")
    return ref, other


def test_agreement_scores_a_second_annotator_as_the_extractor(tmp_path, capsys):
    def edit(records):
        core = [c for c in records[0]["concepts"] if c["core"] and c["role"] != "proposes"]
        records[0]["concepts"].remove(core[-1])  # a core concept missed
        records[1]["concepts"].append({"name": "made-up widget", "aliases": [], "type": "Method", "role": "uses",
                                       "core": True})  # a concept the reference does not have
        records[2]["proposes"] = ["made-up widget"]
        return records

    ref, other = _second_annotator(tmp_path, edit)
    scores = agreement(ref, other)["dev"]
    gold = load_gold(ref)
    core = sum(c["core"] for d in gold for c in d.concepts)
    assert (scores.docs, scores.core, scores.found) == (3, core, core - 1)
    assert scores.predicted - scores.correct == 1 and scores.false_positives[0][1] == "made-up widget"
    proposing = sum(bool(d.proposes) for d in gold)
    assert scores.proposed_docs == proposing and scores.proposed_right == proposing - bool(gold[2].proposes)
    assert kg.cli.main(["evaluate", "--gold", str(ref), "--annotator", str(other)]) == 0
    assert capsys.readouterr().out.splitlines()[1].split()[:2] == ["dev", "3"]


def test_agreement_the_other_way_round_needs_no_split(capsys):
    other = FRESH.parent / "agreement" / "zk"
    assert kg.cli.main(["evaluate", "--gold", str(other), "--annotator", str(FRESH / "zk" / "gold")]) == 0
    rows = [line.split()[:2] for line in capsys.readouterr().out.splitlines()[1:] if "per type" not in line]
    assert rows == [["all", "12"]]


def test_rules_only_scores_the_rules_without_the_span_models(capsys):
    """Gold the span models were trained on is scored with the rules alone; the models change what is predicted."""
    folder = FRESH / "zzb"
    with_models = evaluate(folder / "abstracts.txt", folder / "gold")["all"]
    rules = evaluate(folder / "abstracts.txt", folder / "gold", learned=False)["all"]
    assert rules.docs == with_models.docs == 12 and rules.predicted != with_models.predicted
    assert kg.cli.main(["evaluate", "--corpus", str(folder / "abstracts.txt"), "--gold", str(folder / "gold"),
                        "--rules-only"]) == 0
    all_row = next(line.split() for line in capsys.readouterr().out.splitlines() if line.startswith("all "))
    assert float(all_row[4]) == round(rules.figures()["f1"], 3)
    assert kg.cli.main(["evaluate", "--gold", str(folder / "gold"), "--annotator", str(folder / "gold"),
                        "--rules-only"]) == 2
    assert "--rules-only" in capsys.readouterr().err


@pytest.mark.parametrize("edit, message", [
    (lambda records: [], "the second annotator's"),  # an empty folder
    (lambda records: [dict(r, sha="0" * 12) for r in records], "has another hash than in"),
    (lambda records: [dict(r, index=r["index"] + 1000) for r in records], "no abstract in common with"),
])
def test_agreement_of_other_abstracts_is_a_one_line_error(tmp_path, capsys, edit, message):
    ref, other = _second_annotator(tmp_path, edit)
    assert kg.cli.main(["evaluate", "--gold", str(ref), "--annotator", str(other)]) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and len(err.splitlines()) == 1, err


# bench/agreement/README.md: a second annotator scored against the first gold (F1, typed F1).
REPORTED_AGREEMENT = {"corpus20": (GOLD, 0.978, 0.971), "zk": (FRESH / "zk" / "gold", 0.958, 0.921),
                      "zn": (FRESH / "zn" / "gold", 0.966, 0.942), "test18": (GOLD, 0.910, 0.896)}


@pytest.mark.parametrize("name", sorted(REPORTED_AGREEMENT))
def test_reported_agreement_of_two_annotators(name):
    gold, f1, typed_f1 = REPORTED_AGREEMENT[name]
    figures = agreement(gold, FRESH.parent / "agreement" / name)["all"].figures()
    assert (round(figures["f1"], 3), round(figures["typed_f1"], 3)) == (f1, typed_f1)


# docs/extraction.md: reported results (value, metric, benchmark) on the corpus test part, against
# bench/results/gold.jsonl; a drop of more than 0.02 fails. (Session 26 lowered whole_recall from 0.448 with a rule
# that gains on every development set and loses one record here: see docs/extraction.md, session 26.)
REPORTED_RESULTS_TEST = {"f1": 0.889, "whole_recall": 0.414}


def test_reported_results_do_not_regress(corpus_path):
    bench = load_bench("results_eval")
    counts = bench.score(Path(corpus_path), bench.DEFAULT_GOLD, set(load_split(GOLD)["test"]))
    figures = bench.figures(counts)
    assert counts["docs"] == 18
    for name, reported in REPORTED_RESULTS_TEST.items():
        assert figures[name] >= reported - TOLERANCE, (name, figures[name])


# ------------------------------------------------------------ bench/title_names.py

@pytest.mark.parametrize("title, name", [
    ("MiCRo: Mixture Modeling and Context-aware Routing", "MiCRo"),
    ("VIKI-R: Coordinating Embodied Multi-Agent Cooperation", "VIKI-R"),
    ("Mathesis: Towards Formal Theorem Proving", "Mathesis"),
    ("Tapered Off-Policy REINFORCE: Stable RL for LLMs", "Tapered Off-Policy REINFORCE"),
    ("The Hallucination Dilemma: Factuality-Aware RL", None),  # a phrase, not a name
    ("Towards Effective Code-Integrated Reasoning", None),
])
def test_title_name(title, name):
    assert load_bench("title_names").title_name(title) == name


def test_title_names_compares_the_label_with_the_name_the_title_opens_with(tmp_path):
    feed = tmp_path / "feed.jsonl"
    feed.write_text("\n".join(json.dumps(r) for r in [
        {"id": "arXiv:2501.00001", "title": "ZorbNet: Replanning for Agents",
         "abstract": "Plans drift over long horizons. We propose ZorbNet, a planner that replans after each step. "
                     "ZorbNet halves errors on ALFWorld."},
        {"id": "arXiv:2501.00002", "title": "QuillBench: Grading Essays",
         "abstract": "Essay graders are biased. We study why graders disagree with teachers on QuillBench and "
                     "find that length explains most of it."},
        {"id": "arXiv:2501.00003", "title": "On the Limits of Probing",
         "abstract": "We propose FooProbe, a probe for syntax. FooProbe finds little."},
    ]), encoding="utf-8")
    bench = load_bench("title_names")
    n, agree, proposed, misses = bench.score(bench.read_inputs([str(feed)]))
    assert (n, agree, proposed) == (2, 1, 1)  # the benchmark paper proposes nothing; the third has no title name
    assert [name for name, _, _ in misses] == ["QuillBench"]


def test_title_names_reports_a_bad_feed_in_one_line(tmp_path):
    with pytest.raises(SystemExit, match=r"title_names: .*missing\.jsonl: no such file"):
        load_bench("title_names").main([str(tmp_path / "missing.jsonl")])


def test_real_eval_scores_each_role_over_the_sets_it_has(tmp_path, monkeypatch, capsys):
    """bench/real_eval.py sums `kg evaluate` over the sets of a role, names a set whose text is missing, and shows
    errors of the development sets only."""
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[1] / "bench"))
    real = load_bench("real_eval")
    team = Path(__file__).resolve().parents[1] / "bench" / "fresh" / "a"
    for name in ("xa", "xb"):
        (tmp_path / name / "gold").mkdir(parents=True)
        for f in (team / "gold").iterdir():
            (tmp_path / name / "gold" / f.name).write_bytes(f.read_bytes())
    (tmp_path / "xa" / "abstracts.txt").write_bytes((team / "abstracts.txt").read_bytes())  # xb: not fetched
    (tmp_path / "xa" / "results.jsonl").write_text("".join(
        json.dumps({"index": d.index, "sha": d.sha, "results": []}) + "\n" for d in load_gold(team / "gold")))
    (tmp_path / "roles.json").write_text(json.dumps({"development": ["xa", "xb"], "held out": ["xa"],
                                                     "held out, later": ["xa"]}))
    concepts, results, missing = real.score_role(tmp_path, ["xa", "xb"], None)
    alone = evaluate(team / "abstracts.txt", team / "gold")["all"].figures()
    assert concepts.figures()["f1"] == alone["f1"] and concepts.docs == 12 and missing == ["xb"]
    assert results["docs"] == 12 and results["gold"] == 0
    monkeypatch.setattr("sys.argv", ["real_eval.py", "--root", str(tmp_path), "--errors"])
    real.main()
    out = capsys.readouterr().out
    assert "== development: 12 abstracts (not fetched: xb)" in out and "== held out: 12 abstracts" in out
    errors = [line for line in out.splitlines() if line.startswith("  ")]
    assert errors and out.index(errors[-1]) < out.index("== held out")  # only the development part's errors
    later = out[out.index("== held out, later: 12 abstracts"):]
    assert not [line for line in later.splitlines() if line.startswith("  ")]  # nor of a later held-out role


# ------------------------------------------------------------ bench/real_assemble.py

def _real_set(root: Path, texts: list[str]) -> None:
    """A set "xa" under *root* whose sources.jsonl holds the hashes of *texts*."""
    (root / "xa").mkdir(parents=True)
    (root / "xa" / "sources.jsonl").write_text("".join(
        json.dumps({"index": i, "sha": text_hash(t)[:12], "arxiv": f"2501.0000{i}v1"}) + "\n"
        for i, t in enumerate(texts)), encoding="utf-8")


def test_real_assemble_decodes_each_form_of_copy_and_writes_the_set(tmp_path):
    texts = ['Agents drift over long horizons, so we propose "ZorbNet", a re-planner; it halves errors on ALFWorld.',
             "We study why graders disagree with teachers on essays -- and find that length explains most of it.",
             "Retrieval helps small models. We show that it helps less when the passages are long and noisy."]
    _real_set(tmp_path / "root", texts)
    copies = tmp_path / "copies" / "xa"
    copies.mkdir(parents=True)
    (copies / "0.json").write_text(json.dumps(texts[0]))  # "\"ZorbNet\"" as a JSON listing stores it
    (copies / "1.py").write_text(repr(texts[1]))
    (copies / "2.txt").write_text(texts[2].replace(". ", ".\n"))  # a Markdown paragraph over two lines
    assemble = load_bench("real_assemble")
    assert assemble.main(["--copies", str(tmp_path / "copies"), "--root", str(tmp_path / "root"), "xa"]) == 0
    papers = read_inputs([tmp_path / "root" / "xa" / "abstracts.txt"])
    assert [p.abstract for p in papers] == texts


def test_real_assemble_names_each_bad_copy_and_writes_nothing(tmp_path, capsys):
    texts = ["Agents drift over long horizons, so we propose ZorbNet, a re-planner that halves errors on ALFWorld.",
             "We study why graders disagree with teachers on essays and find that length explains most of it."]
    _real_set(tmp_path / "root", texts)
    copies = tmp_path / "copies" / "xa"
    copies.mkdir(parents=True)
    (copies / "0.txt").write_text(texts[0].replace("halves", "halve"))  # one letter dropped
    assemble = load_bench("real_assemble")
    assert assemble.main(["--copies", str(tmp_path / "copies"), "--root", str(tmp_path / "root"), "xa", "xz"]) == 1
    out = capsys.readouterr().out
    assert "xa: 0: text differs from the gold's (2501.00000v1); 1: no copy" in out
    (copies / "1.json").write_text("[1, 2]")
    (copies / "0.txt").write_bytes(b"caf\xe9")
    assert assemble.main(["--copies", str(tmp_path / "copies"), "--root", str(tmp_path / "root"), "xa"]) == 1
    again = capsys.readouterr().out
    assert "xa: 0: cannot be read (" in again and "; 1: the literal is not a string" in again
    assert "xz: no such set" in out
    assert not (tmp_path / "root" / "xa" / "abstracts.txt").exists()
