"""Parallel extraction (--jobs) and the progress bar (issue 7)."""

from __future__ import annotations

import argparse

import pytest

import kg
import kg.cli
from kg.cli_store import progress_wanted
from kg.extract import extract
from kg.ingest import read_inputs
from kg.progress import progress_bar


@pytest.fixture(scope="module")
def papers(corpus_path):
    return read_inputs([corpus_path])[:24]


def test_parallel_extraction_equals_sequential(papers):
    steps = []
    parallel = extract(papers, jobs=2, progress=steps.append)
    assert parallel == extract(papers)
    assert sum(steps) == len(papers) and len(steps) > 1


def test_build_with_jobs_writes_the_same_exports(corpus_path, corpus_export, tmp_path, capsys):
    assert kg.cli.main(["build", str(corpus_path), "--out", str(tmp_path), "--jobs", "2"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("papers     80") and err == ""  # no bar: stderr is not a terminal
    for name in ("graph.ttl", "graph.json"):
        assert (tmp_path / name).read_bytes() == (corpus_export / name).read_bytes()


@pytest.mark.parametrize("quiet, ci, tty, expected", [
    (False, None, True, True), (True, None, True, False), (False, "true", True, False), (False, None, False, False),
])
def test_progress_only_on_an_interactive_terminal(monkeypatch, quiet, ci, tty, expected):
    if ci is None:
        monkeypatch.delenv("CI", raising=False)
    else:
        monkeypatch.setenv("CI", ci)
    monkeypatch.setattr("sys.stderr.isatty", lambda: tty)
    assert progress_wanted(argparse.Namespace(quiet=quiet)) is expected


def test_progress_bar_draws_on_stderr(capsys):
    with progress_bar(3, enabled=True) as step:
        step(1)
        step(2)
    out, err = capsys.readouterr()
    assert out == "" and "extracting" in err and "/3 " in err
    with progress_bar(3, enabled=False) as step:
        assert step is None


def test_build_api_with_progress(papers, capsys):
    texts = [p.abstract for p in papers[:4]]
    graph = kg.api.from_papers(papers[:4], progress=True)
    assert len(graph.papers()) == 4 and texts
    assert "extracting" in capsys.readouterr().err
