"""Fragments that many phones poll, rendered once per version in each worker.

A changed poll of a live page or of an event's wall answers a fragment; every phone watching
asks for the same one within its polling period. :class:`Fragments` keeps, in this worker's
memory, the last fragment rendered for a key (the page, its language, its view) with the version
it shows: a poll finds it without a render when it shows the version asked for (or a newer
one), or when it was rendered less than ``fresh_for`` seconds ago (a table's round end records
many deals in a few seconds: the page renders at most once in that time, and the next poll
after it shows them all). One request renders a key at a time; the others wait for its result.
Nothing here is needed by another worker: a worker without the fragment renders it.

:func:`answer_poll` is a poll's answer, the same for a live page and a wall: ``410 Gone`` once
the thing polled is gone, ``204 No Content`` while the phone shows the version to show, else the
fragment.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from flask import Response, render_template

from scorepad.htmx import add_vary

__all__ = ["Fragments", "Kept", "answer_poll"]


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


def answer_poll(seen: int | None, version: int | None, fragment: Callable[[int], Kept]) -> Response:
    """The answer to a poll from a phone showing version ``seen`` of a page whose version is
    now ``version`` (None: it is gone): 410 with a fragment that says so and polls no more;
    204 while ``seen`` is the one to show (the version read, or the version of the fragment
    kept for it: one rendered within its fresh time); else ``fragment(version)``'s text."""
    if version is None:
        return add_vary(Response(render_template("_gone.html"), 410))
    if version == seen:
        return add_vary(Response(status=204))
    kept = fragment(version)
    if kept.version == seen:  # the fragment kept is the one the phone shows
        return add_vary(Response(status=204))
    return add_vary(Response(kept.body))
