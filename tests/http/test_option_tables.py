"""Option values a user gives whose table cannot be dealt are refused by the scorepad with the
field and a clear message (422 from the API, the form again from the pages), never a 500: the
kernel's check (``Variant.rules``), on the toy ``tests/unit/toy_hands.py`` (its option ``hand``
deals that many cards to each of four seats from 32)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from scorepad_helpers import csrf

from framework.rules import plugins
from scorepad import i18n, installed

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "unit"))

import toy_hands

REFUSED = "the table cannot be dealt: atout_deal_pattern: dealing 36 cards before the auction"


class _EntryPoint:
    def __init__(self, name, plugin):
        self.name, self.value, self.plugin, self.dist = name, f"fake.{name}", plugin, None

    def load(self):
        return self.plugin


@pytest.fixture(autouse=True)
def hands_toy(monkeypatch):
    real = plugins._entry_points()
    monkeypatch.setattr(
        plugins, "_entry_points", lambda: {**real, "toy-hands": _EntryPoint("toy-hands", toy_hands)}
    )
    for cached in (installed.variant, i18n.domains, i18n.languages):
        cached.cache_clear()
    yield
    for cached in (installed.variant, i18n.domains, i18n.languages):
        cached.cache_clear()


def test_the_api_refuses_a_new_game_whose_options_cannot_be_dealt_naming_the_option(client):
    refused = client.post("/api/games", json={"variant": "toy-hands", "options": {"hand": 9}})
    assert refused.status_code == 422, refused.data[:300]
    assert refused.json["field"] == "options.hand"
    assert REFUSED in refused.json["error"] and "the deck has 32" in refused.json["error"]
    made = client.post("/api/games", json={"variant": "toy-hands", "options": {"hand": 7}})
    assert made.status_code == 201


def test_the_api_refuses_several_options_under_options(client):
    body = {"variant": "toy-hands", "options": {"hand": 12, "target": 30}}
    refused = client.post("/api/games", json=body)
    assert refused.status_code == 422 and refused.json["field"] == "options"
    assert "with hand=12, target=30 the table cannot be dealt" in refused.json["error"]


def test_the_new_game_page_and_the_play_table_say_why_in_the_form(client):
    token = csrf(client)
    page = client.post("/new", data={"_csrf": token, "variant": "toy-hands", "opt-hand": "9"})
    assert page.status_code == 422, page.status_code
    assert REFUSED in page.get_data(as_text=True)
    table = client.post("/play/", data={"_csrf": token, "variant": "toy-hands", "opt-hand": "9"})
    assert table.status_code in (400, 422), table.status_code
    assert REFUSED in table.get_data(as_text=True).replace("&#39;", "'")
