"""The README's transcripts print what the commands print: every `$ kg …` over `out/graph.ttl` or `out/graph.jsonld`
(the corpus export), run on the real corpus, and the Python session on examples/."""

from __future__ import annotations

import doctest
import os
import re
import shlex
from pathlib import Path

import pytest

import kg.cli

REPO = Path(__file__).resolve().parents[1]
README = REPO / "README.md"


def transcripts() -> list[tuple[str, list[str]]]:
    """(command, the lines the README shows after it) for each `$ kg …` reading out/graph.ttl or out/graph.jsonld."""
    found, block, command = [], False, None
    lines = README.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("```"):
            block, command = not block, None
        elif block and line.startswith("$ "):
            command = None
            text = line[2:]
            while text.endswith("\\") or _open_quote(text):  # a continued line, or a query over several lines
                i += 1
                text = text[:-1] + " " + lines[i].strip() if text.endswith("\\") else text + "\n" + lines[i]
            if text.startswith("kg ") and re.search(r"\bout/graph\.(ttl|jsonld)\b", text):
                command = text
                found.append((command, []))
        elif block and command:
            found[-1][1].append(line.rstrip())
        i += 1
    for _, shown in found:  # the blank line between two commands of one block
        while shown and not shown[-1]:
            shown.pop()
    return found


def _open_quote(text: str) -> bool:
    try:
        shlex.split(text, comments=True)
    except ValueError:  # "No closing quotation"
        return True
    return False


TRANSCRIPTS = transcripts()


def test_the_readme_has_transcripts_of_the_exploring_commands():
    commands = {shlex.split(c, comments=True)[1] for c, _ in TRANSCRIPTS}
    assert {"stats", "query", "related", "themes", "top", "path", "show"} <= commands


@pytest.fixture(scope="module")
def out(corpus_graph, tmp_path_factory):
    folder = tmp_path_factory.mktemp("readme") / "out"
    corpus_graph.write(folder, ["graph.ttl", "graph.jsonld"])
    return folder


@pytest.mark.parametrize("command,shown", TRANSCRIPTS, ids=[c[:60] for c, _ in TRANSCRIPTS])
def test_transcript(out, capsys, command, shown):
    argv = [re.sub(r"^out/", f"{out}/", a) for a in shlex.split(command, comments=True)[1:]]
    rc = kg.cli.main(argv)
    printed = [line.rstrip() for line in capsys.readouterr().out.splitlines()]
    assert rc == 0
    if "#" in command:  # "# first rows of 25": the README shows the beginning
        printed = printed[:len(shown)]
    assert printed == shown


def test_python_session(monkeypatch):
    monkeypatch.chdir(REPO)  # the session reads examples/landmark_papers.txt
    (session,) = re.findall(r"^```python\n(.*?)^```", README.read_text(encoding="utf-8"), re.M | re.S)
    test = doctest.DocTestParser().get_doctest(session, {}, "README.md", os.fspath(README), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.tries >= 8 and runner.failures == 0


def test_the_build_transcript_agrees_with_the_stats_transcript():
    """`kg build` prints the first lines `kg stats` prints of the same graph (the stats one is run above)."""
    blocks = README.read_text(encoding="utf-8").split("```")
    build = next(b for b in blocks if "$ kg build ../shared/corpus/daily_papers.txt --out out\n" in b)
    stats = dict(TRANSCRIPTS)["kg stats out/graph.ttl"]
    built = build.split("--out out\n", 1)[1].splitlines()
    summary = [line for line in built if not line.startswith("wrote")]
    assert summary and summary == stats[:len(summary)]
