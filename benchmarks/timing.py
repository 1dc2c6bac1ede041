"""Timing shared by the benchmark scripts (each run as ``python benchmarks/NAME.py``, so this
folder is on ``sys.path``)."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence


def best_us(
    func: Callable[..., object], calls: Sequence[tuple[object, ...]], repeat: int, passes: int = 10
) -> float:
    """Microseconds per ``func(*args)``: each of ``repeat`` runs makes every call of ``calls``
    (argument tuples) ``passes`` times; the fastest run is kept, the least disturbed by other
    work on the machine."""
    best = float("inf")
    work = list(calls) * passes
    for _ in range(repeat):
        start = time.perf_counter()
        for args in work:
            func(*args)
        best = min(best, time.perf_counter() - start)
    return best / len(work) * 1e6
