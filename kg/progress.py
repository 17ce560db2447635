"""A progress bar on stderr for long extractions (tqdm, which spaCy already depends on)."""

from __future__ import annotations

import contextlib
import sys

__all__ = ["progress_bar"]


@contextlib.contextmanager
def progress_bar(total: int, *, enabled: bool, desc: str = "extracting"):
    """Yield a callable ``step(n)`` that advances a bar of *total* abstracts on stderr, or does nothing if not *enabled*."""
    if not enabled:
        yield None
        return
    try:
        from tqdm import tqdm
    except ImportError:  # pragma: no cover - tqdm comes with spaCy
        yield None
        return
    with tqdm(total=total, desc=desc, unit="abstract", file=sys.stderr, leave=False, dynamic_ncols=True) as bar:
        yield bar.update
