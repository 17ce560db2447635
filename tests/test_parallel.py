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


def test_ctrl_c_during_parallel_extraction_prints_one_line(corpus_path, tmp_path):
    """Ctrl-C reaches the whole process group: the workers leave it to kg, which says it in one line.
    (They used to print a traceback each, with kg.cli's SIGTERM handler inherited through fork.)"""
    import os
    import signal
    import subprocess
    import sys
    import time
    from pathlib import Path
    proc = subprocess.Popen([sys.executable, "-m", "kg.cli", "build", str(corpus_path), "--out", str(tmp_path / "out"),
                             "--jobs", "2"], cwd=Path(kg.__file__).parents[1], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)
    children = Path(f"/proc/{proc.pid}/task/{proc.pid}/children")
    deadline = time.monotonic() + 60
    while not children.read_text().split():  # the workers are forked: extraction has begun
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline, "the workers never started"
        time.sleep(0.02)
    time.sleep(0.3)
    os.killpg(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert (proc.returncode, out, err) == (128 + signal.SIGINT, "", "kg: interrupted\n")
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").iterdir())
