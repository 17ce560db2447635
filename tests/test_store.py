"""The incremental store: kg add / remove / export, the what's-new report, atomic updates (issue 7)."""

from __future__ import annotations

import errno
import html
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import kg.cli
import kg.store
from kg.store import PAUSE_ENV, Store

REPO = Path(__file__).resolve().parents[1]

# Abstracts written for these tests; they share concepts so support counts move.
P1 = ("We propose SparseRoute, a routing method for large language models that reduces inference cost. "
      "SparseRoute is trained with supervised fine-tuning and evaluated on ImageNet and MMLU with accuracy.")
P2 = ("Catastrophic forgetting harms large language models during fine-tuning. We propose ReplayMix, which mixes "
      "pretraining data into every batch, and report accuracy on MMLU.")
P3 = ("We study reward hacking in reinforcement learning from human feedback and show that large language models "
      "exploit weaknesses of the reward model; a KL penalty reduces it on MMLU.")
P4 = ("Diffusion models generate images by iterative denoising. We propose FastDiff, a distillation method that "
      "cuts sampling steps and keeps FID on ImageNet.")


def jsonl(path: Path, *records) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


def run(capsys, *argv):
    rc = kg.cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return rc, out, err


def snapshot(folder: Path) -> dict:
    """Every entry of *folder* (symlinks by target, files by content), recursively, except the lock file."""
    state = {}
    for p in sorted(folder.rglob("*")):
        rel = str(p.relative_to(folder))
        if p.name == ".lock":
            continue
        if p.is_symlink():
            state[rel] = "-> " + os.readlink(p)
        elif p.is_file():
            state[rel] = p.read_bytes()
    return state


@pytest.fixture
def day1(tmp_path):
    return jsonl(tmp_path / "day1.jsonl",
                 {"arxiv_id": "2401.00001", "title": "SparseRoute", "abstract": P1, "authors": ["Ada Lovelace"]},
                 {"doi": "10.1000/replay", "title": "ReplayMix", "abstract": P2})


@pytest.fixture
def day2(tmp_path):
    return jsonl(tmp_path / "day2.jsonl",
                 {"arxiv_id": "2401.00001v2", "title": "SparseRoute", "abstract": P1},  # already stored
                 {"arxiv_id": "2402.00003", "title": "Reward Hacking", "abstract": P3},
                 {"title": "FastDiff", "abstract": P4})


def test_add_creates_the_store_and_the_report(tmp_path, day1, capsys):
    store = tmp_path / "store"
    rc, out, err = run(capsys, "add", day1, "--store", store, "-q")
    assert rc == 0, err
    assert out.splitlines()[0].startswith("added 2 papers (0 already in the store)")
    assert [p.id for p in Store(store).papers()] == ["arxiv-2401.00001", "doi-10.1000_replay"]
    report = (store / "whats-new.md").read_text(encoding="utf-8")
    assert report.startswith("# What's new: 2 new papers")
    assert "- **SparseRoute** (arXiv:2401.00001; Ada Lovelace) `arxiv-2401.00001`" in report
    assert "## New entities" in report and "| large language models | Model | 2 |" in report


def test_adding_the_same_file_twice_changes_nothing(tmp_path, day1, capsys):
    store = tmp_path / "store"
    assert run(capsys, "add", day1, "--store", store, "-q")[0] == 0
    before = snapshot(store)
    rc, out, _ = run(capsys, "add", day1, "--store", store, "-q")
    assert rc == 0 and out.startswith("nothing new: 2 papers already in the store")
    assert snapshot(store) == before


def test_counts_of_one_are_singular(tmp_path, capsys):
    store = tmp_path / "store"
    one = jsonl(tmp_path / "one.jsonl", {"abstract": P4})
    rc, out, _ = run(capsys, "add", one, "--store", store, "-q")
    n = len(Store(store).entities())
    assert (rc, out.splitlines()[0]) == (0, f"added 1 paper (0 already in the store), {n} new entities; store: 1 paper, {n} entities")
    assert (store / "whats-new.md").read_text(encoding="utf-8").startswith("# What's new: 1 new paper\n")
    rc, out, _ = run(capsys, "add", one, "--store", store, "-q")
    assert out == f"nothing new: 1 paper already in the store; store: 1 paper, {n} entities\n"
    run(capsys, "add", jsonl(tmp_path / "titled.jsonl", {"title": "FastDiff", "abstract": P4}), "--store", store, "-q")
    report = (store / "whats-new.md").read_text(encoding="utf-8")
    assert "\n1 input paper was already in the store.\n1 stored paper got more metadata from the inputs: `" in report


def test_report_shows_titles_and_names_with_markdown_characters_literally(tmp_path, capsys):
    import markdown_it  # a dev dependency (pyproject.toml)
    title = r"`Code` **bold** _it_ [link](x) <b>tag</b> a|b &amp; ~~s~~ $x$ back\slash"
    author = "O*Brien_ <i>"
    store = tmp_path / "store"
    run(capsys, "add", jsonl(tmp_path / "t.jsonl", {"title": title, "authors": [author], "abstract": P4}), "--store", store, "-q")
    page = markdown_it.MarkdownIt("commonmark").enable(["table", "strikethrough"]).render(
        (store / "whats-new.md").read_text(encoding="utf-8"))
    shown = html.escape(title, quote=False)
    assert f"<li><strong>{shown}</strong> ({html.escape(author, quote=False)}) <code>" in page


def test_second_day_reports_new_papers_entities_and_grown_support(tmp_path, day1, day2, capsys):
    store = tmp_path / "store"
    run(capsys, "add", day1, "--store", store, "-q")
    support_before = Store(store).entities()
    rc, out, _ = run(capsys, "add", day2, "--store", store, "-q")
    assert rc == 0 and out.startswith("added 2 papers (1 already in the store)")
    s = Store(store)
    assert len(s.papers()) == 4 and s.generation == 2
    report = (store / "whats-new.md").read_text(encoding="utf-8")
    assert "Reward Hacking" in report and "FastDiff" in report and "SparseRoute**" not in report
    assert "## Support grew most" in report
    llm = "https://w3id.org/litkg/id/model/large-language-model"
    assert support_before[llm][2] == 2 and s.entities()[llm][2] == 3
    assert "| large language models | Model | 2 | 3 (+1) |" in report
    # the store's graph is what kg build makes of the same papers
    built = kg.api.from_papers(s.papers()).graph
    assert sorted(built.nodes) == sorted(s.graph().graph.nodes)


def test_remove_drops_the_paper_and_what_only_it_supported(tmp_path, day1, day2, capsys):
    store = tmp_path / "store"
    run(capsys, "add", day1, day2, "--store", store, "-q")
    before = Store(store).entities()
    rc, out, _ = run(capsys, "remove", "FastDiff", "--store", store, "-q")
    assert rc == 0 and out.startswith("removed 1 paper,")
    after = Store(store).entities()
    gone = set(before) - set(after)
    assert gone and all(before[iri][2] == 1 for iri in gone)
    assert "https://w3id.org/litkg/id/benchmark/imagenet" in after  # P1 still evaluates on it
    assert after["https://w3id.org/litkg/id/benchmark/imagenet"][2] == before["https://w3id.org/litkg/id/benchmark/imagenet"][2] - 1
    report = (store / "whats-new.md").read_text(encoding="utf-8")
    assert report.startswith("# What's new: 1 paper removed") and "## Entities no paper supports any more" in report
    assert run(capsys, "remove", "arXiv:2402.00003", "--store", store, "-q")[0] == 0
    assert run(capsys, "remove", "https://doi.org/10.1000/REPLAY", "--store", store, "-q")[0] == 0
    assert [p.id for p in Store(store).papers()] == ["arxiv-2401.00001"]


def test_remove_by_the_label_a_paper_without_title_is_shown_with(tmp_path, capsys):
    page = tmp_path / "daily.txt"
    page.write_text("Daily Papers\n\nWe propose FooNet, a convolutional network that mitigates overfitting on "
                    "CIFAR-10.\n\nWe introduce BarFormer, a transformer that reduces exposure bias in long "
                    "text generation.\n", encoding="utf-8")
    store = tmp_path / "store"
    run(capsys, "add", page, "--store", store, "-q")
    rc, out, err = run(capsys, "remove", "foonet", "--store", store, "-q")
    assert (rc, err) == (0, "") and out.startswith("removed 1 paper,")
    assert [p.abstract[:24] for p in Store(store).papers()] == ["We introduce BarFormer, "]


def test_a_label_a_paper_lost_to_a_title_no_longer_finds_it(tmp_path, capsys):
    foonet = "We propose FooNet, a convolutional network that mitigates overfitting on CIFAR-10."
    page = tmp_path / "daily.txt"
    page.write_text(f"Daily Papers\n\n{foonet}\n\nWe introduce BarFormer, a transformer that reduces exposure "
                    "bias in long text generation.\n", encoding="utf-8")
    store = tmp_path / "store"
    run(capsys, "add", page, "--store", store, "-q")
    run(capsys, "add", jsonl(tmp_path / "titled.jsonl", {"title": "Regularizing Small Networks", "abstract": foonet}),
        "--store", store, "-q")
    before = snapshot(store)
    rc, out, err = run(capsys, "remove", "FooNet", "--store", store, "-q")  # its label before it had a title
    assert (rc, out) == (2, "") and "'FooNet': no paper with this id" in err
    assert snapshot(store) == before
    rc, out, err = run(capsys, "remove", "regularizing small networks", "--store", store, "-q")
    assert (rc, err) == (0, "") and out.startswith("removed 1 paper,")
    assert [p.abstract[:24] for p in Store(store).papers()] == ["We introduce BarFormer, "]


def test_remove_unknown_paper_or_missing_store_exits_2(tmp_path, day1, capsys):
    store = tmp_path / "store"
    rc, _, err = run(capsys, "remove", "x", "--store", store)
    assert rc == 2 and "not a litkg store" in err
    assert not store.exists()
    run(capsys, "add", day1, "--store", store, "-q")
    before = snapshot(store)
    rc, _, err = run(capsys, "remove", "No Such Title", "--store", store)
    assert rc == 2 and "no paper with this id" in err
    assert snapshot(store) == before


def test_bad_input_leaves_the_store_untouched(tmp_path, day1, capsys):
    store = tmp_path / "store"
    run(capsys, "add", day1, "--store", store, "-q")
    before = snapshot(store)
    bad = jsonl(tmp_path / "bad.jsonl", {"abstract": ""})
    rc, _, err = run(capsys, "add", day1, bad, "--store", store)
    assert rc == 2 and str(bad) in err
    assert snapshot(store) == before


def test_a_full_disk_during_an_update_names_the_store_and_leaves_it_as_it_was(tmp_path, day1, day2, capsys,
                                                                             monkeypatch):
    store = tmp_path / "store"
    run(capsys, "add", day1, "--store", store, "-q")
    before = snapshot(store)
    real_write, written = kg.store._write, []

    def fills_the_disk(path, text):  # the disk fills while the third file of the generation is written
        written.append(path)
        if len(written) == 3:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real_write(path, text)
    monkeypatch.setattr(kg.store, "_write", fills_the_disk)
    rc, _, err = run(capsys, "add", day2, "--store", store, "-q")
    assert rc == 2 and err.count("\n") == 1 and str(store) in err and "No space left on device" in err, err
    assert snapshot(store) == before  # no partial generation left either


@pytest.mark.parametrize("name, text", [("papers.jsonl", "{bad\n"), ("papers.jsonl", "[1]\n"),
                                        ("papers.jsonl", '{"id": "x"}\n'), ("store.json", "{"), ("store.json", "[1]")])
def test_corrupt_store_file_exits_2_with_one_line(tmp_path, day1, capsys, name, text):
    store = tmp_path / "store"
    run(capsys, "add", day1, "--store", store, "-q")
    with open(store / "current" / name, "a" if name == "papers.jsonl" else "w", encoding="utf-8") as f:
        f.write(text)
    for argv in (["export", "--store", store, "--out", tmp_path / "out"], ["add", day1, "--store", store]):
        rc, out, err = run(capsys, *argv)
        assert rc == 2 and name in err and "corrupt store file" in err
        assert len(err.strip().splitlines()) == 1
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("text", ["[1]", '{"iri": 1}'])
def test_corrupt_entities_file_exits_2_with_one_line(tmp_path, day1, day2, capsys, text):
    store = tmp_path / "store"
    run(capsys, "add", day1, "--store", store, "-q")
    (store / "current" / "entities.json").write_text(text, encoding="utf-8")
    rc, out, err = run(capsys, "add", day2, "--store", store)
    assert rc == 2 and out == "" and len(err.splitlines()) == 1
    assert "entities.json: corrupt store file" in err and "Traceback" not in err


def test_a_store_without_its_current_link_is_called_damaged(tmp_path, day1, day2, capsys):
    store = tmp_path / "store"
    run(capsys, "add", day1, "--store", store, "-q")
    (store / "current").unlink()
    rc, out, err = run(capsys, "add", day2, "--store", store)
    assert rc == 2 and out == "" and "a damaged litkg store" in err


def test_a_folder_with_other_files_is_not_made_a_store(tmp_path, day1, capsys):
    folder = tmp_path / "project"
    folder.mkdir()
    (folder / "notes.txt").write_text("mine", encoding="utf-8")
    rc, out, err = run(capsys, "add", day1, "--store", folder)
    assert rc == 2 and out == "" and "holds notes.txt and is not a litkg store" in err
    assert [p.name for p in folder.iterdir()] == ["notes.txt"]


def test_what_an_interrupted_first_update_left_does_not_block_the_next(tmp_path, day1, capsys):
    store = tmp_path / "store"
    (store / ".gen-000001.partial").mkdir(parents=True)
    (store / ".lock").write_text("", encoding="utf-8")
    rc, out, err = run(capsys, "add", day1, "--store", store)
    assert rc == 0, err
    assert sorted(p.name for p in store.iterdir()) == [".gen-000001", ".lock", "current", "papers.jsonl", "whats-new.md"]


def test_a_place_that_cannot_hold_a_store_is_one_line(tmp_path, day1, capsys):
    (tmp_path / "file").write_text("mine", encoding="utf-8")
    rc, out, err = run(capsys, "add", day1, "--store", tmp_path / "file" / "store")
    assert rc == 2 and out == "" and err.startswith(f"kg: error: {tmp_path / 'file' / 'store'}: cannot write a store")
    assert (tmp_path / "file").read_text(encoding="utf-8") == "mine"


@pytest.mark.parametrize("command", [["add", "DAY1"], ["remove", "SparseRoute"], ["export", "--out", "OUT"]])
def test_an_empty_store_is_a_usage_error(tmp_path, day1, capsys, monkeypatch, command):
    here = tmp_path / "here"  # the current folder, which an empty path would mean
    here.mkdir()
    monkeypatch.chdir(here)
    argv = [{"DAY1": day1, "OUT": tmp_path / "out"}.get(a, a) for a in command]
    with pytest.raises(SystemExit) as exit_:
        run(capsys, *argv, "--store", "")
    assert exit_.value.code == 2 and "--store: expected a path, got an empty string" in capsys.readouterr().err
    assert list(here.iterdir()) == [] and not (tmp_path / "out").exists()


def test_a_folder_with_files_of_the_same_names_is_not_taken_over(tmp_path, day1, capsys):
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "papers.jsonl").write_text('{"my": "data"}\n', encoding="utf-8")
    (folder / "whats-new.md").write_text("notes\n", encoding="utf-8")
    rc, out, err = run(capsys, "add", day1, "--store", folder)
    assert rc == 2 and out == "" and len(err.splitlines()) == 1 and "papers.jsonl" in err, err
    assert sorted(p.name for p in folder.iterdir()) == ["papers.jsonl", "whats-new.md"]
    assert (folder / "papers.jsonl").read_text(encoding="utf-8") == '{"my": "data"}\n'


def test_export_writes_every_export(tmp_path, day1, capsys):
    store = tmp_path / "store"
    run(capsys, "add", day1, "--store", store, "-q")
    rc, out, _ = run(capsys, "export", "--store", store, "--out", tmp_path / "out")
    assert rc == 0
    assert out.startswith("papers     2\nnodes      ") and "\nedges      " in out  # as kg build says it
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [
        "graph.html", "graph.json", "graph.jsonld", "graph.nt", "graph.ttl"]
    back = kg.load(tmp_path / "out" / "graph.ttl")
    assert {p["label"] for p in back.papers()} == {"SparseRoute", "ReplayMix"}


@pytest.fixture
def extracted(monkeypatch):
    """The abstracts the extractor runs on, call by call (the store's cache spares the others)."""
    import kg.extract
    calls, real = [], kg.extract._extract
    monkeypatch.setattr(kg.extract, "_extract", lambda papers, *a: calls.append([p.title for p in papers]) or real(papers, *a))
    return calls


def _graph_json(folder: Path) -> dict:
    data = json.loads((folder / "graph.json").read_text(encoding="utf-8"))
    data["graph"].pop("provenance")  # the inputs differ: files for kg build, none for the store
    return data


def test_a_store_extracts_only_new_abstracts_and_builds_what_kg_build_builds(tmp_path, day1, day2, capsys, extracted):
    store = tmp_path / "store"
    run(capsys, "add", day1, "--store", store, "-q")
    run(capsys, "add", day2, "--store", store, "-q")
    assert extracted == [["SparseRoute", "ReplayMix"], ["Reward Hacking", "FastDiff"]]
    extracted.clear()
    assert run(capsys, "export", "--store", store, "--out", tmp_path / "out")[0] == 0
    run(capsys, "remove", "FastDiff", "--store", store)
    assert extracted == []  # every abstract was in the store's cache
    assert run(capsys, "build", day1, day2, "--out", tmp_path / "built")[0] == 0
    assert _graph_json(tmp_path / "out") == _graph_json(tmp_path / "built")


@pytest.mark.parametrize("damage", ["another extractor", "unreadable", "of another shape"])
def test_a_cache_of_another_extractor_or_unreadable_is_not_used(tmp_path, day1, day2, capsys, caplog, extracted,
                                                                damage):
    store = tmp_path / "store"
    run(capsys, "add", day1, "--store", store, "-q")
    cache = store / "current" / "extractions.jsonl"
    lines = cache.read_text(encoding="utf-8").splitlines(keepends=True)
    if damage == "another extractor":
        cache.write_text(lines[0].replace('"fingerprint": "', '"fingerprint": "0') + "".join(lines[1:]), encoding="utf-8")
    elif damage == "unreadable":
        cache.write_text(lines[0] + "{not json\n", encoding="utf-8")
    else:
        entry = json.loads(lines[1])
        entry["mentions"][0] = entry["mentions"][0][:3]
        cache.write_text(lines[0] + json.dumps(entry) + "\n" + "".join(lines[2:]), encoding="utf-8")
    rc, _, err = run(capsys, "add", day2, "--store", store)
    assert rc == 0 and extracted[-1] == ["SparseRoute", "ReplayMix", "Reward Hacking", "FastDiff"]
    assert ("unreadable" in caplog.text or "unusable" in caplog.text) == (damage != "another extractor")


def _kg(*argv, env=None):
    return subprocess.Popen([sys.executable, "-m", "kg.cli", *map(str, argv)], cwd=REPO, env={**os.environ, **(env or {})},
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_update_killed_before_commit_leaves_the_store_as_it_was(tmp_path, day1, day2, capsys):
    store = tmp_path / "store"
    run(capsys, "add", day1, "--store", store, "-q")
    before = snapshot(store)
    proc = _kg("add", day2, "--store", store, "-q", env={PAUSE_ENV: "60"})
    deadline = time.monotonic() + 60
    while not (store / ".gen-000002").is_dir():  # the new generation is written, not committed
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline, "the update never reached its commit point"
        time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    assert {k: v for k, v in snapshot(store).items() if not k.startswith(".gen-000002")} == before
    assert len(Store(store).papers()) == 2 and Store(store).generation == 1
    # the next update recovers: it commits and removes the leftover
    assert run(capsys, "add", day2, "--store", store, "-q")[0] == 0
    assert len(Store(store).papers()) == 4
    assert sorted(p.name for p in store.iterdir() if p.name.startswith(".gen")) == [".gen-000002"]


def test_update_killed_at_any_moment_leaves_old_or_new_state(tmp_path, day1, corpus_path, capsys):
    store = tmp_path / "store"
    run(capsys, "add", day1, "--store", store, "-q")
    old = [p.id for p in Store(store).papers()]
    proc = _kg("add", corpus_path, "--store", store, "-q")
    time.sleep(1.5)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    ids = [p.id for p in Store(store).papers()]
    assert ids == old or (ids[:2] == old and len(ids) == 82)
    assert len(Store(store).entities()) > 0


def test_report_lists_theme_pairs_a_new_paper_joins(tmp_path, corpus_path):
    """On the real corpus plus two abstracts that each straddle two research lines, the report names
    the theme pairs they join, and only new papers count as bridges."""
    store = Store(tmp_path / "store")
    store.add([corpus_path])
    bridge = ("We study emergent misalignment after supervised fine-tuning of large language models and fix it "
              "with reinforcement learning using policy gradient methods, evaluated on MATH.")
    update = store.add([jsonl(tmp_path / "new.jsonl", {"id": "x1", "title": "Bridge Paper", "abstract": bridge})])
    assert update.theme_links, "the bridging paper joins no themes"
    assert all(papers == ["Bridge Paper"] for _, _, papers in update.theme_links)
    report = (tmp_path / "store" / "whats-new.md").read_text(encoding="utf-8")
    assert "## New links between themes" in report and "Bridge Paper" in report


@pytest.mark.parametrize("command", [["export", "--store", "STORE", "--out", "STORE"], ["build", "DAY1", "--out", "STORE"]])
def test_exports_are_never_written_into_a_store(tmp_path, day1, capsys, command):
    store = tmp_path / "store"
    run(capsys, "add", day1, "--store", store, "-q")
    before = sorted(p.name for p in store.iterdir())
    argv = [{"STORE": store, "DAY1": day1}.get(a, a) for a in command]
    rc, _, err = run(capsys, *argv)
    assert rc == 2 and err == f"kg: error: {store}: is a litkg store; write into another folder (kg export --store " \
                              f"{store} --out DIR writes the store's graph)\n"
    assert sorted(p.name for p in store.iterdir()) == before
