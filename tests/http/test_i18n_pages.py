"""No page shows English text of the English catalogue in another language.

For each shipped language and each installed variant the scorepad's pages are rendered through
the Flask test client: the home page, the new-game page (each preset, and refused with its
errors), the rules page, game pages holding deals of every outcome (made, failed, thrown in,
capot, litige / hanging points, doubled, and deals played by rule bots), the match-end page,
each deal's edit page, the deal form refused with each kind of error, the live page (for a
spectator whose browser asks for the language), the play table (auction, play, a refused card,
a hint, the end of a deal, the end of a match), its start page refused with an error, and the
error pages (404, 400).

The language is chosen by the switch, while every request also says ``Accept-Language: en``:
a page that ignored the choice would be English. The live page is asked for with
``Accept-Language`` alone, as a spectator's browser does.

The English searched for is the real catalogue: every msgid of the kernel's, the scorepad's and
the variant's catalogs (their ``.pot`` files), cut at its placeholders. A piece counts in a
language when the domain has a catalog in that language and translates the message to something
else; words that the language's own translations use (Coinche, Total, the notation) are not
English there. A domain without a catalog in the language (the kernel and the scorepad in Dutch)
rightly shows its words in English, so its words are not searched.

What is searched is the text a person reads: text nodes (not scripts or styles) and the
``title``, ``aria-label``, ``placeholder`` and ``alt`` attributes and the words of input buttons.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from collections.abc import Iterator
from functools import cache
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po
from match_helpers import as_json
from scorepad_helpers import bearer, csrf

from framework.bots.base import play_out
from framework.bots.registry import make_bot
from framework.core.messages import KERNEL, Domain
from framework.engine.deal import Deal
from framework.engine.match import Match
from framework.rules.plugins import load_variant, variant_names
from framework.rules.schema import (
    BooleanField,
    CardField,
    ChoiceField,
    CountsField,
    IntegerField,
    ItemsField,
)
from scorepad import create_app
from scorepad.i18n import DOMAIN
from scorepad.widgets import encode

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "unit"))
from catalog_review import ALL  # noqa: E402

TEAMS = {"NS": "Ivo & Zoe", "EW": "Kai & Uma"}
PLAYERS = {"N": "Ivo", "E": "Kai", "S": "Zoe", "W": "Uma"}
#: tokens that are notation, never English: teams, seats, cards, suit codes
NOTATION = re.compile(r"^(?:ns|ew|[neswx]|[0-9tjqka]{1,2}[shdcoeb]|nt|at|[0-9]+)$")
#: the word characters of a piece of text (apostrophes inside words kept)
WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")
PLACEHOLDER = re.compile(r"\{\w+\}|%\(\w+\)[sd]")
READ_ATTRIBUTES = {"title", "aria-label", "placeholder", "alt"}

#: records of every outcome, per variant (a new game starts when a match ends)
OUTCOMES: dict[str, list[dict[str, Any]]] = {
    "coinche": [
        {"taker": "NS", "bid": 100, "trump": "H", "taker_points": 110},  # made
        {
            "taker": "EW",
            "bid": 120,
            "trump": "S",
            "taker_points": 60,
            "coinche": "coinche",
        },  # failed, doubled
        {"thrown_in": True},
        {"taker": "NS", "bid": 80, "trump": "C", "taker_points": 81},  # litige
        {
            "taker": "NS",
            "bid": 90,
            "trump": "D",
            "taker_points": 70,
            "belote": ["NS"],
            "announcements": [
                {"team": "NS", "kind": "tierce", "high": "KC"},
                {"team": "EW", "kind": "carre", "rank": "J"},
            ],
        },
        {"taker": "EW", "bid": 80, "trump": "AT", "capot": "EW", "belote": ["EW"]},
        {
            "taker": "NS",
            "bid": "capot",
            "trump": "NT",
            "capot": "NS",
            "coinche": "surcoinche",
        },  # capot bid, match over
    ],
    "french-belote": [
        {
            "taker": "EW",
            "round": 1,
            "trump": "S",
            "turn_up": "JS",
            "taker_points": 90,
            "belote": ["EW"],
        },
        {"taker": "NS", "round": 2, "trump": "H", "turn_up": "7S", "taker_points": 50},
        {"taker": "NS", "round": 1, "trump": "H", "turn_up": "8H", "taker_points": 81},
        {"thrown_in": True},
        {"taker": "EW", "round": 1, "trump": "D", "turn_up": "9D", "capot": "EW"},
        {"taker": "NS", "round": 1, "trump": "D", "turn_up": "9D", "capot": "EW"},
    ],
    "bulgarian-belot": [
        {"contract": "H", "declarer": "N", "declarer_points": 100},
        {"contract": "C", "declarer": "W", "declarer_points": 81},  # hanging points
        {"thrown_in": True},
        {
            "contract": "D",
            "declarer": "N",
            "declarer_points": 60,
            "announcements": [
                {"team": "NS", "kind": "tierce", "high": "9S"},
                {"team": "EW", "kind": "carre", "rank": "K"},
            ],
        },
        {"contract": "AT", "declarer": "N", "declarer_points": 258, "valat": "NS", "belot": ["NS"]},
        {"contract": "S", "declarer": "E", "declarer_points": 60, "doubling": "kontra"},
        {"contract": "NT", "declarer": "S", "declarer_points": 130, "doubling": "rekontra"},
    ],
    "bela": [
        {"caller": "N", "trump": "H", "caller_points": 100},
        {"caller": "E", "trump": "S", "caller_points": 50},
        {"caller": "S", "trump": "C", "caller_points": 81},
        {"caller": "W", "trump": "D", "stiglja": "EW"},
        {"caller": "N", "trump": "D", "stiglja": "EW"},
        {
            "caller": "N",
            "trump": "H",
            "caller_points": 90,
            "bela": ["NS"],
            "declarations": [{"team": "NS", "kind": "tierce", "high": "QS"}],
        },
    ],
    "cuatrola": [
        {"bet": "none", "ns_points": 70, "ew_points": 60, "trump": "C"},
        {
            "bet": "solo",
            "declarer": "E",
            "trump": "B",
            "ns_points": 47,
            "ew_points": 62,
            "dead_points": 21,
            "cantes": [{"team": "EW", "suit": "C"}],
        },
        {
            "bet": "solo",
            "declarer": "N",
            "trump": "B",
            "ns_points": 30,
            "ew_points": 80,
            "dead_points": 20,
        },
        {"thrown_in": True},
        {"bet": "cuatrola", "declarer": "N", "tricks": 4},
        {"bet": "cuatrola", "declarer": "E", "tricks": 2},
        {"bet": "quintola", "declarer": "W", "tricks": 3},
        {"bet": "none", "ns_points": 65, "ew_points": 65, "trump": "O"},
    ],
    "klaverjas": [
        {"taker": "NS", "trump": "H", "taker_points": 100},
        {"taker": "EW", "trump": "S", "taker_points": 50, "taker_roem": 20},
        {"taker": "NS", "trump": "C", "taker_points": 162, "pit": "NS", "taker_roem": 50},
        {"taker": "NS", "trump": "D", "taker_points": 81},
    ],
}
OUTCOMES["coinche-no-undertrump"] = OUTCOMES["coinche"]
#: deals played by rule bots, per variant, beside the written ones
BOT_DEALS = 12


# ---- the English catalogue -------------------------------------------------------------------


def _po(domain: Domain, lang: str | None):
    path = (
        domain.directory / f"{domain.name}.pot"
        if lang is None
        else domain.directory / lang / "LC_MESSAGES" / f"{domain.name}.po"
    )
    if not path.is_file():
        return None
    with path.open("rb") as f:
        return read_po(f)


def _words(text: str) -> list[str]:
    return [w.casefold() for w in WORD.findall(text)]


def _pieces(msgid: str) -> Iterator[str]:
    """A msgid's English pieces between its placeholders, as lower-case words."""
    for part in PLACEHOLDER.split(msgid):
        words = _words(part)
        if words:
            yield " ".join(words)


def domains_of(variant_name: str) -> tuple[Domain, ...]:
    """The catalogs a variant's pages draw on: the kernel's, the scorepad's, the variant's."""
    return (KERNEL, DOMAIN, *load_variant(variant_name).translations)


@cache
def translated_words(lang: str) -> frozenset[str]:
    """Every word the translations into ``lang`` use (of every installed catalog)."""
    seen: set[str] = set()
    for domain in {d.name: d for v in variant_names() for d in domains_of(v)}.values():
        po = _po(domain, lang)
        for m in po or ():
            strings = m.string if isinstance(m.string, tuple) else (m.string,)
            for s in strings:
                if s:
                    seen.update(_words(PLACEHOLDER.sub(" ", s)))
    return frozenset(seen)


@cache
def english(domains: tuple[Domain, ...], lang: str) -> tuple[str, ...]:
    """The English pieces a page in ``lang`` drawing on ``domains`` must not show."""
    searched: set[str] = set()
    shown_in_english: set[str] = set()
    for domain in domains:
        po = _po(domain, lang)
        if po is None:  # no catalog in this language: its words are rightly English
            shown_in_english.update(
                p for m in _po(domain, None) if m.id for i in _ids(m.id) for p in _pieces(i)
            )
            continue
        for m in po:
            if not m.id:
                continue
            strings = m.string if isinstance(m.string, tuple) else (m.string,)
            if not m.fuzzy and all(strings) and all(s in _ids(m.id) for s in strings):
                continue  # the same text in this language (reviewed by the catalog tests)
            searched.update(p for i in _ids(m.id) for p in _pieces(i))
    theirs = translated_words(lang)
    out = []
    for piece in searched - shown_in_english:
        words = piece.split()
        foreign = [w for w in words if w not in theirs and not NOTATION.match(w)]
        if not foreign or (len(words) == 1 and len(words[0]) < 3):
            continue
        out.append(piece)
    return tuple(sorted(out, key=len, reverse=True))


@cache
def rightly_english(domains: tuple[Domain, ...], lang: str) -> re.Pattern[str] | None:
    """The texts of the domains that have no catalog in ``lang`` (Klaverjas's on a French
    page), as one pattern: they are rightly shown in English, and words of the other catalogs
    inside them ("your partner" in one of Klaverjas's option labels) are not English left."""
    patterns = []
    for domain in domains:
        if _po(domain, lang) is not None:
            continue
        for m in _po(domain, None):
            for i in _ids(m.id) if m.id else ():
                if len("".join(_words(PLACEHOLDER.sub(" ", i)))) < 4:
                    continue  # too little text of its own ("{a} > {b}")
                patterns.append(r"[^\n]{0,200}?".join(re.escape(p) for p in PLACEHOLDER.split(i)))
    if not patterns:
        return None
    return re.compile("|".join(sorted(patterns, key=len, reverse=True)), re.IGNORECASE)


@cache
def uncatalogued() -> tuple[str, ...]:
    """The words of installed plugins that ship no catalog of their own (a variant built on
    another one, answering with plain strings): shown as they are, in English."""
    out: list[str] = []
    for name in variant_names():
        v = load_variant(name)
        spec = importlib.util.find_spec(v.module)
        assert spec is not None and spec.origin is not None, v.module
        home = Path(spec.origin).parent
        if any(Path(d.directory).is_relative_to(home) for d in v.translations):
            continue
        out += [s for s in (v.info.title, v.info.summary) if type(s) is str]
    return tuple(sorted(out, key=len, reverse=True))


def _ids(msgid: str | tuple[str, ...]) -> tuple[str, ...]:
    return msgid if isinstance(msgid, tuple) else (msgid,)


class _Reader(HTMLParser):
    """The text of a page that a person reads."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style", "template"):
            self._hidden += 1
        values = dict(attrs)
        for name, value in attrs:
            if value and name in READ_ATTRIBUTES:
                self.parts.append(value)
        if tag == "input" and values.get("type") in ("submit", "button", "reset"):
            self.parts.append(values.get("value") or "")  # a button's words

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "template") and self._hidden:
            self._hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self._hidden and data.strip():
            self.parts.append(data)


#: an address shown on a page (the live page's link): its letters are a host and a path, not words
URL = re.compile(r"https?://\S+")


def page_text(html_text: str) -> str:
    reader = _Reader()
    reader.feed(html_text)
    reader.close()
    return URL.sub(" ", "\n".join(reader.parts))


def english_on(
    text: str, pieces: tuple[str, ...], shown_as_it_is: re.Pattern[str] | None = None
) -> list[str]:
    """The English pieces found in a page's text (whole words, any case), each with the line
    of the page it stands in; the texts ``shown_as_it_is`` matches are left out."""
    for plain in uncatalogued():
        text = text.replace(plain, " ")
    if shown_as_it_is is not None:
        text = shown_as_it_is.sub(" ", text)
    lines = [line for line in text.splitlines() if line.strip()]
    flat = [" " + " ".join(_words(line)) + " " for line in lines]
    whole = " " + " ".join(f.strip() for f in flat) + " "
    present = set(whole.split())
    found: dict[str, list[str]] = {}  # line -> the pieces found in it, longest first
    for piece in pieces:  # longest first: a piece inside one already found is not repeated
        if piece.split(" ", 1)[0] not in present or f" {piece} " not in whole:
            continue
        where = next(
            (line.strip() for line, f in zip(lines, flat, strict=True) if f" {piece} " in f),
            "(across lines)",
        )
        seen = found.setdefault(where, [])
        if not any(f" {piece} " in f" {other} " for other in seen):
            seen.append(piece)
    return [f"{piece!r} in {where[:120]!r}" for where, left in found.items() for piece in left]


# ---- the site: games, tables, deals of every outcome ----------------------------------------


def _bot_records(variant_name: str) -> list[dict[str, Any]]:
    variant = load_variant(variant_name)
    rules = variant.rules()
    match = Match(variant, rules)
    out = []
    for n in range(BOT_DEALS):
        if match.outcome.over:
            match = Match(variant, rules, first_dealer=match.dealer)
        deal = Deal.new(variant, rules, match.dealer, seed=7000 + n, context=match.context())
        play_out(deal, [make_bot("rules", n * 4 + s) for s in range(len(variant.info.seats))])
        record = as_json(deal.record())
        match.add(record)
        out.append(record)
    return out


def _new_game(client, variant_name: str, **body: Any) -> dict[str, Any]:
    variant = load_variant(variant_name)
    who: dict[str, Any] = {"players": {s: PLAYERS[s] for s in variant.info.seats}}
    if variant.info.scores_teams:  # (two teams; else a sheet per player)
        who["teams"] = TEAMS
    response = client.post("/api/games", json={"variant": variant_name, **who, **body})
    assert response.status_code == 201, response.json
    return response.json


def _games(client, variant_name: str) -> list[dict[str, Any]]:
    """Games holding every outcome's deal (a new one when a match ends), the last one a match
    ended by a low target."""
    made = [_new_game(client, variant_name)]
    written = OUTCOMES.get(variant_name, [])
    for i, record in enumerate([*written, *_bot_records(variant_name)]):
        game = made[-1]
        response = client.post(
            f"/api/games/{game['id']}/deals", json=record, headers=bearer(game["edit_token"])
        )
        assert response.status_code == 201, (variant_name, record, response.json)
        if i < len(written):  # its edit page is read too
            game.setdefault("edited", []).append(response.json["number"])
        if response.json.get("over"):
            made.append(_new_game(client, variant_name))
    options = load_variant(variant_name).options
    ends_soon = {"deals": 1} if "deals" in options else {}
    # a target of 1, or (a variant with no target) a match of one deal
    short = (
        _new_game(client, variant_name, target=1, options=ends_soon)
        if "target" in options
        else _new_game(client, variant_name, match_deals=1)
    )
    for record in OUTCOMES.get(variant_name, [])[:1] or _bot_records(variant_name)[:1]:
        client.post(
            f"/api/games/{short['id']}/deals", json=record, headers=bearer(short["edit_token"])
        )
    state = client.get(f"/api/games/{short['id']}").json
    assert state["over"], state
    return [*made, short]


def _step(client, key: str, bid: bool) -> str:
    """One move of the person (the first legal card; a bid if ``bid``, else a pass); returns
    the phase of the table after it."""
    state = client.get(f"/play/{key}/state.json").json
    if state["phase"] == "over":
        return "over"
    move: dict[str, str]
    if state["legal_calls"]:
        calls = state["legal_calls"]
        passes = [c for c in calls if c.lower() in ("pass", "p")]
        bids = [c for c in calls if c not in passes]
        move = {"call": (bids[0] if bid and bids else (passes or calls)[0])}
    elif state.get("legal_actions"):  # a phase after the auction: its first action
        move = {"action": "act", "value": state["legal_actions"][0]}
    elif any(c["legal"] for c in state["hand"]):
        move = {"card": next(c["card"] for c in state["hand"] if c["legal"])}
    else:
        move = {"action": "wait"}
    response = client.post(
        f"/play/{key}/move",
        headers={"HX-Request": "true"},
        data={"_csrf": csrf(client), "deal": state["deal"], "event": state["event"], **move},
    )
    return str(re.search(r'data-phase="(\w+)"', response.get_data(as_text=True)).group(1))


def _tables(client, variant_name: str) -> dict[str, Any]:
    """Play tables of one variant stopped at each moment: the auction, the play (with a card
    the rules refuse, if the hand holds one), a deal's end, a match's end."""

    def start(**form: str) -> str:
        response = client.post(
            "/play/", data={"_csrf": csrf(client), "variant": variant_name, "bot": "rules", **form}
        )
        assert response.status_code == 303, response.get_data(as_text=True)[:500]
        return response.headers["Location"].rstrip("/").rsplit("/", 1)[-1]

    def state(key: str) -> dict[str, Any]:
        return dict(client.get(f"/play/{key}/state.json").json)

    def refused(key: str) -> str | None:
        return next((c["card"] for c in state(key)["hand"] if not c["legal"]), None)

    out: dict[str, Any] = {"dealt": start()}  # the auction, unless the bots ended it

    def refusing() -> str | None:
        """A table in play where the person holds a card the rules refuse (the deals are
        random: a deal may end first, then another table is tried)."""
        playing = start()
        for _ in range(100):
            if state(playing)["phase"] == "play" and (
                state(playing)["turn"] == "S" and refused(playing)
            ):
                return playing
            if _step(client, playing, bid=True) == "over":
                return None
        return None

    playing = next((key for key in (refusing() for _ in range(5)) if key), None)
    assert playing is not None, "no card was ever refused in five deals"
    out["play"], out["refused"] = playing, refused(playing)
    ends_soon = {"opt-target": "1"}
    if "deals" in load_variant(variant_name).options:  # a match of so many deals
        ends_soon["opt-deals"] = "1"
    if "pool_size" in load_variant(variant_name).options:  # a match to full pools (Préférence)
        ends_soon["opt-pool_size"] = "1"
    # (a match to full pools ends when the bots make games too: the person passes then)
    to_pools = "pool_size" in load_variant(variant_name).options
    for moment, form in (("over", {}), ("match over", ends_soon)):
        key = out[moment] = start(**form)
        bid = not (to_pools and moment == "match over")
        for _ in range(20):  # deals: a thrown-in one (or hanging points) ends no match
            for _ in range(200):
                if _step(client, key, bid=bid) == "over":
                    break
            now = state(key)
            if moment == "over" or now["over"]:
                break
            client.post(
                f"/play/{key}/move",
                headers={"HX-Request": "true"},
                data={
                    "_csrf": csrf(client),
                    "deal": now["deal"],
                    "event": now["event"],
                    "action": "next",
                },
            )
        assert state(key)["over"] == (moment == "match over"), (moment, state(key))
    return out


VARIANTS = variant_names()


def languages_of(variant_name: str) -> tuple[str, ...]:
    """The shipped languages, and any other language one of the variant's catalogs has."""
    extra = sorted(
        {lang for d in load_variant(variant_name).translations for lang in d.languages()}
        - set(ALL)
        - {"en"}
    )
    return (*ALL, *extra)


CASES = [pytest.param(v, lang, id=f"{v}-{lang}") for v in VARIANTS for lang in languages_of(v)]


class Site:
    """One app for the module; each variant's games and tables are made once, when a test
    first needs them (the pages are then read in each language)."""

    def __init__(self) -> None:
        self.app = create_app(
            {
                "TESTING": True,
                "DATABASE_URL": "sqlite://",
                "PUBLIC_URL": "http://table.example:8000",
            }
        )
        self._client = self.app.test_client()
        self._games: dict[str, list[dict[str, Any]]] = {}
        self._tables: dict[str, dict[str, Any]] = {}

    def games(self, variant_name: str) -> list[dict[str, Any]]:
        if variant_name not in self._games:
            self._games[variant_name] = _games(self._client, variant_name)
        return self._games[variant_name]

    def tables(self, variant_name: str) -> dict[str, Any]:
        if variant_name not in self._tables:
            self._tables[variant_name] = _tables(self._client, variant_name)
        return self._tables[variant_name]


@pytest.fixture(scope="module")
def site() -> Iterator[Site]:
    made = Site()
    yield made
    made.app.extensions["atout_engine"].dispose()


def _first_record(variant_name: str) -> dict[str, Any]:
    return (OUTCOMES.get(variant_name) or _bot_records(variant_name))[0]


def _form_of(variant_name: str, record: dict[str, Any]) -> dict[str, str]:
    """The deal form's answers for a record's plain fields (choices JSON-encoded)."""
    variant = load_variant(variant_name)
    out: dict[str, str] = {}
    for f in variant.hooks.record_schema(variant.rules()).fields:
        value = record.get(f.name)
        if value is None or isinstance(f, CountsField | ItemsField):
            continue
        if isinstance(f, BooleanField):
            if value:
                out[f.name] = "on"
        elif isinstance(f, ChoiceField):
            out[f.name] = encode(value)
        elif isinstance(f, IntegerField | CardField):
            out[f.name] = str(value)
    return out


def _bad_forms(variant_name: str) -> Iterator[tuple[str, dict[str, str]]]:
    """Deal forms the scorepad refuses, one wrong answer each: nothing typed; a number that is
    not one; each field given a value out of its range or choices (over a valid record)."""
    variant = load_variant(variant_name)
    schema = variant.hooks.record_schema(variant.rules())
    valid = _form_of(variant_name, _first_record(variant_name))
    yield "nothing typed", {}
    numbers = [f for f in schema.fields if isinstance(f, IntegerField)]
    choices = [f for f in schema.fields if isinstance(f, ChoiceField)]
    cards = [f for f in schema.fields if isinstance(f, CardField)]
    for f in numbers[:1]:
        yield f"{f.name} not a number", {**valid, f.name: "lots"}
        yield f"{f.name} too large", {**valid, f.name: str(f.most + 10)}
    for f in choices[:1]:
        yield f"{f.name} no such choice", {**valid, f.name: "123456"}
        # (the refusal lists the field's codes, what a client sends: notation, not English)
    for f in cards[:1]:
        yield f"{f.name} not a card", {**valid, f.name: "ZZ"}


def choice_codes(variant_name: str) -> frozenset[str]:
    """The codes of the first choice field (``none``, ``solo``…), which the refusal of a value
    that is none of them lists as they are sent."""
    variant = load_variant(variant_name)
    fields = [
        f for f in variant.hooks.record_schema(variant.rules()).fields if isinstance(f, ChoiceField)
    ]
    return frozenset(
        " ".join(_words(str(v))) for f in fields[:1] for v in f.values if isinstance(v, str)
    )


def _one_option_of_each_kind(variant_name: str) -> list[str]:
    """A house rule of each kind (yes/no, a choice, a number), each refusal says its own."""
    kinds: dict[Any, str] = {}
    for name, option in load_variant(variant_name).options.items():
        if name != "target":
            kinds.setdefault((option.kind, bool(option.choices)), name)
    return list(kinds.values())


def pages(site: Site, variant_name: str, lang: str) -> Iterator[tuple[str, Any]]:
    """(name, response) of every page of one variant in one language."""
    app = site.app
    client = app.test_client()
    assert client.get(f"/lang/{lang}").status_code in (302, 303)
    get = client.get
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    variant = load_variant(variant_name)

    yield "home", get("/")
    yield "new game", get(f"/new?variant={variant_name}")
    for preset in variant.presets:
        yield f"new game, preset {preset}", get(f"/new?variant={variant_name}&preset={preset}")
    yield (
        "new game refused",
        client.post(
            "/new",
            data={
                "_csrf": csrf(client),
                "variant": variant_name,
                "team_ns": "",
                "team_ew": "x" * 500,
                "target": "lots",
            },
        ),
    )
    for name in _one_option_of_each_kind(variant_name):
        yield (
            f"new game refused, option {name}",
            client.post(
                "/new",
                data={
                    "_csrf": csrf(client),
                    "variant": variant_name,
                    "team_ns": "A",
                    "team_ew": "B",
                    f"opt-{name}": "no-such-value-42",
                },
            ),
        )
    yield "rules", get(f"/rules/{variant_name}")

    spectator = app.test_client()
    spectator.environ_base["HTTP_ACCEPT_LANGUAGE"] = f"{lang},en;q=0.5"
    for i, game in enumerate(site.games(variant_name)):
        gid, token = game["id"], game["edit_token"]
        assert get(f"/e/{gid}?t={token}").status_code == 303
        yield f"game {i}", get(f"/e/{gid}")
        yield f"live {i}", spectator.get(f"/g/{gid}")
        for n in game.get("edited", []):  # each written outcome's deal, edited
            yield f"game {i} deal {n} edit", get(f"/e/{gid}/deals/{n}")
        if i == 0 and client.get(f"/api/games/{gid}").json["over"]:
            yield (
                "deal form refused (the match is over)",
                client.post(
                    f"/e/{gid}/deals",
                    data={
                        "_csrf": csrf(client),
                        **_form_of(variant_name, _first_record(variant_name)),
                    },
                ),
            )
    fresh = _new_game(client, variant_name)
    assert get(f"/e/{fresh['id']}?t={fresh['edit_token']}").status_code == 303
    for what, form in _bad_forms(variant_name):
        yield (
            f"deal form refused ({what})",
            client.post(
                f"/e/{fresh['id']}/deals",
                data={"_csrf": csrf(client), "expected_number": "1", **form},
            ),
        )
    yield (
        "deal form, someone else saved first",
        client.post(
            f"/e/{fresh['id']}/deals",
            data={
                "_csrf": csrf(client),
                "expected_number": "2",
                **_form_of(variant_name, _first_record(variant_name)),
            },
        ),
    )
    yield (
        "deal preview",
        client.post(
            f"/e/{fresh['id']}/preview",
            headers={"HX-Request": "true"},
            data={"_csrf": csrf(client), **_form_of(variant_name, _first_record(variant_name))},
        ),
    )
    yield "400 (form expired)", client.post(f"/e/{fresh['id']}/deals", data={"_csrf": "old"})
    yield "404 (no such deal)", get(f"/e/{fresh['id']}/deals/999")
    yield "405", client.put(f"/e/{fresh['id']}")

    tables = site.tables(variant_name)
    yield "play start", get(f"/play/?variant={variant_name}")
    yield (
        "play start refused",
        client.post(
            "/play/",
            data={
                "_csrf": csrf(client),
                "variant": variant_name,
                f"opt-{_number_option(variant_name)}": "lots",
            },
        ),
    )
    for moment in ("dealt", "play", "over", "match over"):
        yield f"play table ({moment})", get(f"/play/{tables[moment]}")
    yield "play hint", get(f"/play/{tables['play']}/hint")
    yield (
        "play hint (fragment)",
        get(f"/play/{tables['play']}/hint", headers={"HX-Request": "true"}),
    )
    state = client.get(f"/play/{tables['play']}/state.json").json
    yield (
        "play table (card refused)",
        client.post(
            f"/play/{tables['play']}/move",
            headers={"HX-Request": "true"},
            data={
                "_csrf": csrf(client),
                "deal": state["deal"],
                "event": state["event"],
                "card": tables["refused"],
            },
        ),
    )
    yield "404", get("/no/such/page")
    yield "404 (no such game)", get("/g/nosuchgame0000")
    yield "404 (no such variant)", get("/rules/no-such-variant")


FRAGMENTS = ("fragment", "card refused", "preview")


def _number_option(variant_name: str) -> str:
    """An option whose value is a number (the target, where there is one): "lots" is refused."""
    options = load_variant(variant_name).options
    if "target" in options:
        return "target"
    return next(name for name, option in options.items() if option.kind == "int")


@pytest.mark.parametrize(("variant_name", "lang"), CASES)
def test_no_english_on_any_page(site, variant_name, lang):
    pieces = english(domains_of(variant_name), lang)
    shown_as_it_is = rightly_english(domains_of(variant_name), lang)
    found: dict[str, list[str]] = {}
    for name, response in pages(site, variant_name, lang):
        html_text = response.get_data(as_text=True)
        assert response.status_code < 500, (name, html_text[:500])
        if not any(f in name for f in FRAGMENTS):
            assert f'<html lang="{lang}">' in html_text, f"{name}: not <html lang={lang}>"
        listed = choice_codes(variant_name) if "no such choice" in name else frozenset()
        left = english_on(
            page_text(html_text), tuple(p for p in pieces if p not in listed), shown_as_it_is
        )
        if left:
            found[name] = left
    report = "\n".join(f"  {name}: " + "; ".join(words) for name, words in found.items())
    assert not found, f"{variant_name} in {lang}: English on the page:\n{report}"


# ---- the check itself ------------------------------------------------------------------------


def test_the_search_finds_english_of_the_catalogue_and_only_that():
    pieces = english(domains_of("coinche"), "fr")
    assert "new game" in pieces  # the scorepad's
    assert "thrown in" in pieces  # the variant's
    text = page_text(
        "<p>Nouvelle partie</p><button title='New game'>x</button>"
        "<script>var a = 'Thrown in';</script>"
    )
    assert english_on(text, pieces) == ["'new game' in 'New game'"]
    assert english_on(page_text("<p>Nouvelle partie · NS · JS · Coinche · Total</p>"), pieces) == []


def test_a_language_a_catalog_lacks_is_not_searched_for_its_words():
    """In Dutch only Klaverjas is translated: the scorepad's words are rightly English."""
    dutch = english(domains_of("klaverjas"), "nl")
    assert "new game" not in dutch
    assert dutch, "Klaverjas's Dutch words are searched"
    assert english(domains_of("coinche"), "nl") == ()
