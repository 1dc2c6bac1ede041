"""Fragments that many phones poll, rendered once per version in each worker.

A changed poll of a live page or of an event's wall answers a fragment; every phone watching
asks for the same one within its polling period. :class:`Fragments` keeps, in this worker's
memory, the last fragment rendered for a key (the page, its language, its view) with the version
it shows: a poll finds it without a render when it shows the version asked for (or a newer
one), or when it was rendered less than ``fresh_for`` seconds ago (a table's round end records
many deals in a few seconds: the page renders at most once in that time, and the next poll
after it shows them all). One request renders a key at a time; the others wait for its result.
Nothing here is needed by another worker: a worker without the fragment renders it.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass

__all__ = ["Fragments", "Kept"]


@dataclass(frozen=True)
class Kept:
    """A fragment as rendered: the version it shows, its text, when (``time.monotonic``)."""

    version: int
    body: str
    at: float


class Fragments:
    """The most recent fragment of up to ``size`` keys."""

    def __init__(self, size: int = 512) -> None:
        self.size = size
        self._guard = threading.Lock()
        self._kept: OrderedDict[Hashable, Kept] = OrderedDict()
        self._rendering: dict[Hashable, threading.Lock] = {}

    def _usable(self, key: Hashable, version: int, fresh_for: float) -> Kept | None:
        with self._guard:
            kept = self._kept.get(key)
            if kept is None:
                return None
            if kept.version >= version or time.monotonic() - kept.at < fresh_for:
                self._kept.move_to_end(key)
                return kept
            return None

    def fetch(
        self,
        key: Hashable,
        version: int,
        render: Callable[[], tuple[int, str]],
        fresh_for: float = 0.0,
    ) -> Kept:
        """The fragment of ``key`` at ``version`` (or newer, or fresh): kept, else rendered by
        ``render`` (which answers the version it shows and the text)."""
        kept = self._usable(key, version, fresh_for)
        if kept is not None:
            return kept
        with self._guard:
            lock = self._rendering.setdefault(key, threading.Lock())
        with lock:  # one render of a key at a time; the others take its result
            kept = self._usable(key, version, fresh_for)
            if kept is not None:
                return kept
            shown, body = render()
            made = Kept(shown, body, time.monotonic())
            with self._guard:
                self._kept[key] = made
                self._kept.move_to_end(key)
                while len(self._kept) > self.size:
                    old, _ = self._kept.popitem(last=False)
                    self._rendering.pop(old, None)
            return made
