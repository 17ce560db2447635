"""Shared by several test modules: short abstracts written for the tests (not from the corpus) and helpers."""

import importlib.util
import json
from pathlib import Path

A = ("Sparse mixture-of-experts models route each token to a small subset of expert networks, "
     "which reduces compute per token while keeping the total parameter count high.")
B = ("We study label noise in crowd-sourced datasets and show that a simple loss reweighting "
     "recovers most of the accuracy lost to noisy annotations on CIFAR-10.")
C = ("Contrastive pretraining aligns images and captions in a shared embedding space, and we show "
     "that hard negative mining sharpens this alignment on retrieval benchmarks.")


def canonical(value):
    """Attribute values with lists sorted (RDF has no order), as comparable JSON-like data."""
    if isinstance(value, dict):
        return {k: canonical(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return sorted((canonical(v) for v in value), key=lambda v: json.dumps(v, sort_keys=True))
    return value


def load_bench(name: str):
    """The module of bench/NAME.py (bench/ is not a package)."""
    path = Path(__file__).resolve().parents[1] / "bench" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
