"""Fragments many phones poll, rendered once per version, and at most once in a short time
while versions pour in (scorepad.views.fragments)."""

from __future__ import annotations

import threading

from scorepad.views import fragments
from scorepad.views.fragments import Fragments


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_version_is_rendered_once_and_a_burst_once_in_its_window(monkeypatch):
    clock = Clock()
    monkeypatch.setattr(fragments.time, "monotonic", clock)
    kept = Fragments()
    renders = []
    current = {"version": 1}

    def render():
        renders.append(current["version"])
        return current["version"], f"v{current['version']}"

    assert kept.fetch("k", 1, render, fresh_for=1.0).body == "v1"
    assert kept.fetch("k", 1, render, fresh_for=1.0).body == "v1"  # kept: no render
    current["version"] = 4  # three deals at once
    clock.now += 0.5
    assert kept.fetch("k", 4, render, fresh_for=1.0).version == 1  # within the window
    clock.now += 0.6
    assert kept.fetch("k", 4, render, fresh_for=1.0).body == "v4"  # past it: all three
    assert kept.fetch("k", 3, render, fresh_for=0.0).body == "v4"  # newer than asked: kept
    assert renders == [1, 4]
    assert kept.fetch("other", 4, render).body == "v4" and renders == [1, 4, 4]


def test_one_render_at_a_time_the_others_take_its_result():
    kept = Fragments()
    started, release = threading.Event(), threading.Event()
    renders = []

    def slow():
        renders.append(1)
        started.set()
        release.wait(5)
        return 2, "v2"

    results = []
    first = threading.Thread(target=lambda: results.append(kept.fetch("k", 2, slow).body))
    first.start()
    started.wait(5)
    second = threading.Thread(target=lambda: results.append(kept.fetch("k", 2, slow).body))
    second.start()
    release.set()
    first.join(5)
    second.join(5)
    assert results == ["v2", "v2"] and renders == [1]


def test_the_oldest_keys_go_first():
    kept = Fragments(size=2)
    for key in ("a", "b", "c"):
        kept.fetch(key, 1, lambda: (1, "x"))
    renders = []
    kept.fetch("a", 1, lambda: renders.append("a") or (1, "x"))
    assert renders == ["a"]
