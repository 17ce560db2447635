"""bench/scale_bench.py: the synthetic corpus is deterministic, ingestible and built from the lexicon only."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import kg

from common import load_bench  # noqa: E402  (tests/ is on the path)

BENCH = Path(__file__).resolve().parents[1] / "bench" / "scale_bench.py"


def test_synthetic_corpus_is_deterministic_and_builds(tmp_path):
    bench = load_bench("scale_bench")
    records = list(bench.synthetic_records(30))
    assert records == list(bench.synthetic_records(30)) and records != list(bench.synthetic_records(30, seed=1))
    path = tmp_path / "synthetic.jsonl"
    bench.write_corpus(path, 30)
    graph = kg.build(path)
    assert len(graph.papers()) == 30
    assert all(p["identifier"].startswith("doi:10.5555/litkg.synthetic.") and p["authors"] for p in graph.papers())
    assert graph.entities("Benchmark") and graph.entities("Problem")


def test_run_one_reports_the_figures(tmp_path):
    row = load_bench("scale_bench").run_one(20, 1, ["graph.json"], tmp_path)
    assert row["papers"] == 20 and row["export_bytes"]["graph.json"] > 0 and row["peak_rss_mib"] > 0
    assert row["themes"] >= 1 and row["themes_s"] >= 0
    assert json.loads(json.dumps(row)) == row


def test_the_command_runs_in_a_fresh_process():
    # each size runs in a fresh subprocess: nothing the test session imported may be relied on
    done = subprocess.run([sys.executable, str(BENCH), "--sizes", "20", "--exports", "graph.json", "--markdown"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "| 20 | 1 |" in done.stdout
