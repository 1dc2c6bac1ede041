"""The catalog of a declaration (``atout_declare``): each plugin of a stack names its own
gettext catalog, a
third-party plugin's catalog is picked up with no change to atout, and a plugin without one
shows its words in English."""

from __future__ import annotations

from pathlib import Path

import pytest
import toy_game
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from framework.core.messages import Domain, Names, Team, Translator
from framework.rules.declaration import Declaration
from framework.rules.hookspecs import hookimpl
from framework.rules.plugins import load_variant, variant_from_plugins


def compiled(root: Path, domain: str, lang: str, entries: dict[object, object]) -> Domain:
    """A plugin catalog compiled into ``root`` (what a plugin's wheel ships)."""
    catalog = Catalog(locale=lang, domain=domain)
    for msgid, msgstr in entries.items():
        catalog.add(msgid, msgstr)
    target = root / lang / "LC_MESSAGES"
    target.mkdir(parents=True)
    with (target / f"{domain}.mo").open("wb") as f:
        write_mo(f, catalog)
    return Domain(domain, root)


class Translated:
    """A third-party house rule with its own catalog: renames the toy game."""

    def __init__(self, domain: Domain) -> None:
        self.domain = domain

    @hookimpl
    def atout_declare(self) -> Declaration:
        return Declaration(title=self.domain.message("Toy with names"), catalog=self.domain)


def test_each_plugin_of_a_built_in_stack_names_its_own_catalog():
    coinche = load_variant("coinche")
    assert [d.name for d in coinche.translations] == ["atout_coinche", "atout_belote"]
    answers = coinche.pm.hook.atout_declare()
    assert {d.catalog.name for d in answers} == {"atout_coinche", "atout_belote"}
    for domain in coinche.translations:
        assert "fr" in domain.languages()


def test_a_third_party_catalog_is_picked_up(tmp_path):
    domain = compiled(
        tmp_path,
        "atout_test_toy",
        "de",
        {
            "Toy with names": "Spielzeug mit Namen",
            "{team} made {points}": "{team} hat {points} gemacht",
            ("{n} trick", "{n} tricks"): ("{n} Stich", "{n} Stiche"),
        },
    )
    variant = variant_from_plugins("toy-de", [toy_game, Translated(domain)])
    assert [d.name for d in variant.translations] == ["atout_test_toy"]
    assert domain.languages() == ["de"]
    german = Translator("de", variant.translations, Names(teams={"NS": "Anne & Paul"}))
    assert german.render(variant.info.title) == "Spielzeug mit Namen"
    _ = domain.message
    assert (
        german.render(_("{team} made {points}", team=Team("NS"), points=1001))
        == "Anne & Paul hat 1.001 gemacht"
    )
    assert german.render(domain.plural("{n} trick", "{n} tricks", n=2)) == "2 Stiche"
    # a language the plugin lacks shows its words in English
    assert Translator("fr", variant.translations).render(variant.info.title) == "Toy with names"
    assert str(variant.info.title) == "Toy with names"


def test_a_plugin_without_a_catalog_shows_its_words_as_written():
    toy = variant_from_plugins("toy", [toy_game])
    assert toy.translations == []
    assert Translator("fr", toy.translations).render(toy.info.title) == "Toy"


@pytest.mark.parametrize(
    ("lang", "counts"),
    [
        ("ru", {1: 0, 2: 1, 5: 2, 21: 0, 22: 1, 11: 2}),
        ("hr", {1: 0, 3: 1, 5: 2, 21: 0, 12: 2}),
        ("fr", {0: 0, 1: 0, 2: 2}),
    ],
)
def test_plural_forms_follow_the_language(tmp_path, lang, counts):
    """Russian and Croatian have three forms; French counts 0 as singular."""
    from babel import Locale

    forms = Locale.parse(lang).plural_form
    nplurals = {"ru": 3, "hr": 3, "fr": 3}[lang]
    domain = compiled(
        tmp_path,
        "atout_test_plural",
        lang,
        {("{n} trick", "{n} tricks"): tuple(f"form{i} {{n}}" for i in range(nplurals))},
    )
    t = Translator(lang, [domain])
    for n, form in counts.items():
        assert t.render(domain.plural("{n} trick", "{n} tricks", n=n)).startswith(f"form{form}"), (
            lang,
            n,
            forms(n),
        )
