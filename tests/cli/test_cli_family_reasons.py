"""A game standing alone on the belote family's cards (Bela, Bulgarian Belot) gives the family's
reasons for the legal-play rules it shares with it (``variants.belote``'s ``*_reason``), and
``atout legal --lang`` says them in the language: the family's catalog is loaded for the game
(its base ``variants.belote.words``), in the game's own rendering of the suit and card."""

from __future__ import annotations

import json
import random
import shlex

import pytest

from framework.api import Translator, load_variant
from framework.app.cli import main

LANGUAGES = ("fr", "ru", "bg", "hr", "es")


@pytest.fixture(autouse=True)
def _no_language(monkeypatch):
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)


def legal(capsys, command: str) -> tuple[dict[str, object], str]:
    """``atout legal`` as typed (its language given with ``--lang``): its JSON, and the reason
    line a person reads."""
    args = ["legal", *shlex.split(command)]
    assert main([*args, "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert main(args) == 0
    return found, capsys.readouterr().out.splitlines()[1]


# atout legal ..., the step that decides and its reason in the language
SAID = [
    (
        "bela -c H --hand '7S 8C' --trick N:AS -o must_head_led_suit=0 --lang hr",
        "follow",
        "morate odgovoriti na boju (pik)",
    ),
    (
        "bela -c H --hand '7H 8C' --trick N:AS --lang hr",
        "trump",
        "nemate tražene boje (pik): morate rezati adutom (herc)",
    ),
    (
        "bela -c H --hand '7D 8C' --trick N:AS --lang bg",
        "any_card",
        "нямате нито пика, нито коз: може да играете всяка карта",
    ),
    (
        "bulgarian-belot -c AT --hand '7D 8C' --trick N:AS --lang bg",
        "any_card",
        "всичко коз: нямате пика, може да играете всяка карта",
    ),
    (
        "bulgarian-belot -c H --hand '7D 8C' --trick N:AH --lang bg",
        "any_card",
        "изигран е коз, а нямате: може да играете всяка карта",
    ),
    (
        "bulgarian-belot -c NT --hand '7D 8C' --trick N:AS --lang hr",
        "any_card",
        "bez aduta: nemate tražene boje (pik), smijete baciti bilo koju kartu",
    ),
]


@pytest.mark.parametrize(("command", "step", "words"), SAID)
def test_a_family_reason_is_said_in_the_language_of_a_game_standing_alone(
    capsys, command, step, words
):
    found, line = legal(capsys, command)
    assert found["step"] == step
    assert found["reason_message"]["domain"] == "atout_belote"
    assert line == words


@pytest.mark.parametrize("name", ["bela", "bulgarian-belot"])
def test_the_games_own_catalogs_translate_every_family_reason_it_gives(name):
    """With the catalogs the game itself loads (what ``atout play`` and a plugin's own page
    render with, where ``atout legal`` loads every installed one), each reason of the family's
    catalog is said in every language: none is left in English."""
    variant = load_variant(name)
    translators = [Translator(lang, variant.translations) for lang in LANGUAGES]
    rng = random.Random(name)
    steps = set()
    for preset in [None, *variant.presets]:
        rules = variant.rules(preset)
        for kind in variant.hooks.contract_kinds(rules):
            play = variant.hooks.play_rules(rules, kind.contract(0))
            for _ in range(200):
                cards = rng.sample(range(32), 11)
                hand = sum(1 << c for c in cards[: rng.randint(1, 8)])
                trick = tuple(cards[8 : 8 + rng.randint(1, 3)])
                decision = play.decision(hand, trick, play.best_of(trick), rng.random() < 0.5)
                if decision.reason.domain != "atout_belote":
                    continue
                steps.add(decision.step)
                reason = decision.reason
                for translator in translators:
                    said = translator.gettext(reason.domain, reason.id)
                    assert said != reason.id, (translator.lang, reason.id)
                    assert translator.render(reason) != str(reason), (translator.lang, reason)
    assert {"trump", "overtrump", "any_card"} <= steps
