"""An installed wheel carries what the package reads at run time: the lexicon, the HTML templates, the
named queries and the ontology files (pyproject.toml maps queries/ and ontology/ into the package)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _install_like_a_wheel(site: Path) -> None:
    """Lay out the packages and package data of pyproject.toml under *site*, as installing the wheel would."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    for package in config["packages"]:
        source = ROOT / config.get("package-dir", {}).get(package, package.replace(".", "/"))
        target = site / package.replace(".", "/")
        target.mkdir(parents=True, exist_ok=True)
        patterns = ["*.py", *config["package-data"].get(package, [])]
        for pattern in patterns:
            for file in source.glob(pattern):
                shutil.copy2(file, target / file.name)


def test_an_installed_package_finds_its_queries_ontology_and_lexicon(tmp_path):
    _install_like_a_wheel(tmp_path)
    script = ("from kg.query import named_queries; from kg.ontology import CONTEXT_PATH, ONTOLOGY_PATH\n"
              "from kg.nlp.rules import lexicon_index\n"
              "print(len(named_queries()), CONTEXT_PATH.is_file(), ONTOLOGY_PATH.is_file(), len(lexicon_index()) > 1000)")
    run = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, capture_output=True, text=True,
                         env={"PYTHONPATH": str(tmp_path), "PATH": ""})
    assert run.returncode == 0, run.stderr
    queries = len(list((ROOT / "queries").glob("*.rq")))
    assert run.stdout.split() == [str(queries), "True", "True", "True"]
    assert (tmp_path / "kg" / "export" / "templates" / "graph.html").is_file()
