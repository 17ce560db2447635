"""Shared fixtures: the real Daily Papers corpus, its graph and its CLI export, each built once per session.

The corpus lives outside the repository (read-only, shared between checkouts):
``<repo>/../shared/corpus/daily_papers.txt``. Tests that need it are skipped
when it is absent; its text is never copied into the repository.
"""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest

import kg
import kg.cli

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO.parent / "shared" / "corpus" / "daily_papers.txt"


@pytest.fixture(scope="session")
def corpus_path() -> Path:
    """Path of the real corpus (80 Daily Papers abstracts); skips the test if it is missing."""
    if not CORPUS.is_file():
        pytest.skip(f"corpus not found at {CORPUS} (expected the shared Daily Papers file beside the repository)")
    return CORPUS


@pytest.fixture(scope="session")
def corpus_graph(corpus_path) -> kg.KnowledgeGraph:
    """kg.build(corpus) — built once for the whole session."""
    return kg.build(corpus_path)


@pytest.fixture(scope="session")
def corpus_export(corpus_path, tmp_path_factory) -> Path:
    """A folder holding graph.ttl / graph.json / graph.html from ``kg build corpus --out DIR``, built once."""
    out = tmp_path_factory.mktemp("corpus_export")
    stdout, stderr = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
        rc = kg.cli.main(["build", str(corpus_path), "--out", str(out)])
    assert rc == 0, f"kg build failed ({rc}): {stderr.getvalue()}"
    return out
