"""The scorepad offers whatever variants are installed — built-in or third-party — and a broken
variant plugin never takes it down: it is just not offered, and naming it says why."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator, Sequence
from importlib import metadata
from typing import Any

import pytest
from scorepad_helpers import csrf

from framework.rules import plugins
from framework.rules.declaration import Declaration
from framework.rules.hookspecs import hookimpl
from framework.rules.plugins import ENTRY_POINT_GROUP, load_variant, variant_names
from scorepad.security import CSRF_FIELD

INSTALLED = variant_names()


class FakeEntryPoint:
    """An installed plugin object, as an entry point would load it."""

    def __init__(self, name: str, plugin: object) -> None:
        self.name = name
        self.value = f"fake.{name}"
        self.plugin = plugin
        self.dist = None

    def load(self) -> object:
        return self.plugin


class Extends:
    """A plugin that builds on an installed variant."""

    def __init__(self, base: str) -> None:
        self.base = base

    @hookimpl
    def atout_bases(self) -> Sequence[object]:
        return [self.base]


class OnlyInfo:
    """Leaves out every required hook but one."""

    @hookimpl
    def atout_declare(self) -> Any:
        info = load_variant("coinche").info
        return Declaration(title=info.title, summary=info.summary, deck=info.deck)


class CrashingPresets(Extends):
    @hookimpl
    def atout_declare(self) -> Any:
        raise RuntimeError("presets file missing")


class CrashingRecordFields(Extends):
    """Loads, but its deal form cannot be described."""

    @hookimpl(tryfirst=True)
    def atout_record_schema(self, rules: Any) -> Any:
        raise RuntimeError("record fields file missing")


BROKEN = {
    "broken-import": metadata.EntryPoint(
        "broken-import", "atout_no_such_module_xyz", ENTRY_POINT_GROUP
    ),
    "broken-hooks": FakeEntryPoint("broken-hooks", OnlyInfo()),
    "broken-presets": FakeEntryPoint("broken-presets", CrashingPresets("coinche")),
    "broken-fields": FakeEntryPoint("broken-fields", CrashingRecordFields("coinche")),
}


@pytest.fixture
def broken_plugins(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The installed variants plus four broken ones."""
    from scorepad import installed

    real = plugins._entry_points()
    monkeypatch.setattr(plugins, "_entry_points", lambda: {**real, **BROKEN})
    assert set(BROKEN) <= set(variant_names())
    installed.variant.cache_clear()
    yield sorted(BROKEN)
    installed.variant.cache_clear()  # (their errors are remembered)


def offered(page: str) -> list[str]:
    """The variants of the new-game form's variant menu."""
    menu = re.search(r'<select name="variant".*?</select>', page, re.S)
    assert menu is not None
    return re.findall(r'<option value="([^"]+)"', menu.group(0))


@pytest.mark.parametrize("name", INSTALLED)
def test_the_new_game_form_offers_every_installed_variant(client, name):
    page = client.get("/new").get_data(as_text=True)
    assert name in offered(page)
    variant = load_variant(name)
    chosen = client.get(f"/new?variant={name}").get_data(as_text=True)
    assert html.unescape(variant.info.summary) in html.unescape(chosen)
    for preset in variant.presets:
        assert f'<option value="{preset}"' in chosen
    listed = {v["name"]: v for v in client.get("/api/variants").json["variants"]}
    assert [p["name"] for p in listed[name]["presets"]] == list(variant.presets)


@pytest.mark.parametrize("name", INSTALLED)
def test_a_game_of_every_installed_variant_starts_from_the_form_with_its_deal_form(client, name):
    variant = load_variant(name)
    response = client.post(
        "/new",
        data={
            CSRF_FIELD: csrf(client),
            "variant": name,
            "preset": variant.default_preset,
            "team_ns": "Nous",
            "team_ew": "Eux",
            "first_dealer": "N",
        },
    )
    assert response.status_code == 303, response.get_data(as_text=True)
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    for spec in variant.hooks.record_fields(variant.rules()):
        assert f'data-field="{spec.name}"' in page


def test_a_broken_variant_plugin_does_not_take_the_scorepad_down(client, broken_plugins):
    assert client.get("/").status_code == 200
    form = client.get("/new")
    assert form.status_code == 200
    menu = offered(form.get_data(as_text=True))
    assert set(INSTALLED) <= set(menu)
    assert not set(broken_plugins) & set(menu)
    for name in broken_plugins:
        # naming it anyway falls back to an installed variant
        assert client.get(f"/new?variant={name}").status_code == 200
    variants = client.get("/api/variants")
    assert variants.status_code == 200
    assert {v["name"] for v in variants.json["variants"]} == set(INSTALLED)


def test_a_broken_plugin_is_loaded_once_not_on_every_page(client, broken_plugins, monkeypatch):
    from scorepad import installed

    loads: list[str] = []
    real_load = installed.load_variant
    monkeypatch.setattr(
        installed, "load_variant", lambda name: loads.append(name) or real_load(name)
    )
    for _ in range(3):
        assert client.get("/new").status_code == 200
        assert client.get("/api/variants").status_code == 200
    assert sorted(n for n in loads if n in BROKEN) == broken_plugins  # once each
    # and each time it is named, its reason again
    for _ in range(2):
        response = client.post("/api/games", json={"variant": "broken-fields"})
        assert response.status_code == 422 and "broken-fields" in response.json["error"]


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_a_game_of_a_broken_variant_is_refused_with_the_reason(client, broken_plugins, name):
    response = client.post("/api/games", json={"variant": name})
    assert response.status_code == 422
    assert response.json["field"] == "variant"
    assert name in response.json["error"]
    page = client.post("/new", data={CSRF_FIELD: csrf(client), "variant": name})
    assert page.status_code == 422
    assert name in html.unescape(page.get_data(as_text=True))


@pytest.fixture
def uninstall(monkeypatch: pytest.MonkeyPatch):
    """Uninstall an installed variant for the rest of the test (the scorepad's cache of loaded
    variants is emptied before and after)."""
    from scorepad import installed

    def remove(name: str) -> None:
        real = plugins._entry_points()
        monkeypatch.setattr(
            plugins, "_entry_points", lambda: {k: v for k, v in real.items() if k != name}
        )
        installed.variant.cache_clear()

    yield remove
    installed.variant.cache_clear()


def test_a_game_whose_variant_was_uninstalled_says_so_and_the_rest_works(
    client, new_game, uninstall
):
    from scorepad_helpers import bearer, login

    gid, token, _ = new_game(variant="cuatrola")
    login(client, gid, token)
    uninstall("cuatrola")
    assert client.get("/").status_code == 200
    assert "cuatrola" not in offered(client.get("/new").get_data(as_text=True))
    read = client.get(f"/api/games/{gid}")
    assert read.status_code == 500 and "cuatrola" in read.json["error"]
    write = client.post(f"/api/games/{gid}/deals", headers=bearer(token), json={"thrown_in": True})
    assert write.status_code == 500 and "cuatrola" in write.json["error"]
    for url in (f"/g/{gid}", f"/e/{gid}"):
        page = client.get(url)
        assert page.status_code == 500
        assert "not installed" in page.get_data(as_text=True)
    other, _token, _ = new_game(variant="coinche")
    assert client.get(f"/g/{other}").status_code == 200


def test_a_play_table_whose_variant_was_uninstalled_is_an_error_page(client, uninstall):
    page = client.get("/play/")
    token = re.search(rb'name="_csrf" value="([^"]+)"', page.data).group(1).decode()
    started = client.post("/play/", data={"_csrf": token, "variant": "cuatrola"})
    assert started.status_code == 303
    key = started.headers["Location"].rsplit("/", 1)[1]
    uninstall("cuatrola")
    for url in (f"/play/{key}", f"/play/{key}/state.json", f"/play/{key}/hint"):
        response = client.get(url)
        assert response.status_code == 500
        body = response.get_data(as_text=True)
        assert "not installed" in body and "<html" in body and "Traceback" not in body
