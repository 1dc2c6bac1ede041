"""The play table apart from HTTP: a match against the computer, kept as deals' event logs.

A person sits at one seat (South) with a bot partner against two bots. The state of a game is in
the database only: the rules snapshot, the seed, and for each deal its dealer, shuffled deck,
match context and event log (:class:`scorepad.models.PlayDeal`). Every request rebuilds the deal
from its log (:meth:`framework.deal.Deal.from_json`), applies the person's move, lets the bots
answer on the server (:func:`framework.table.advance`) and stores the log again, in one write
transaction that locks the game: a restart or a second worker continues the game, and a move
that does not answer the latest event (a double tap, a stale page) is refused and changes
nothing.

A finished deal's record (:meth:`Deal.record`) is scored by :class:`framework.match.Match`, the
scorepad's own path: the score sheet of a played match is what a table would have written.

No variant is named here: rules come from the kernel and the variant's hooks.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine, select
from sqlmodel import Session, col

from framework.bots import BOTS, STRONGEST, Bot
from framework.deal import Deal
from framework.errors import AtoutError, NotationError, OptionError, RuleViolation
from framework.match import Match
from framework.messages import CardCode
from framework.options import Rules
from framework.plugins import Variant
from framework.scoring import DealScore
from framework.seats import SEATS, TEAMS, S, W
from framework.table import Hint, advance, bot_move, hint, table_bot, waits_for
from scorepad.db import write_session
from scorepad.games import GameInputError, NotFound, check_rate, chosen_variant, variant
from scorepad.i18n import DOMAIN, error_words
from scorepad.models import PlayDeal, PlayGame, utcnow
from scorepad.security import hash_token

_ = DOMAIN.message

__all__ = [
    "Stale",
    "Table",
    "create",
    "default_bot",
    "hint_for",
    "load",
    "move",
]


class Stale(AtoutError):
    """A move that does not answer the table as it is now (played twice, or from an old page)."""


def default_bot() -> str:
    """The bot a person plays with by default: the strongest one installed."""
    return STRONGEST


def new_key() -> str:
    """The secret in a game's link (192 bits); only its hash is stored."""
    return secrets.token_urlsafe(24)


@dataclass
class Table:
    """A game as one request sees it: the current deal rebuilt, and the score sheet so far.

    :param match: the score sheet of the finished deals (the current one included once over).
    :param score: the current deal's score, once it is over.
    """

    game: PlayGame
    variant: Variant
    rules: Rules
    row: PlayDeal
    deal: Deal
    match: Match
    score: DealScore | None

    @property
    def seat(self) -> int:
        return self.game.seat

    @property
    def number(self) -> int:
        return self.row.number

    @property
    def deal_over(self) -> bool:
        return self.deal.is_over

    @property
    def match_over(self) -> bool:
        return self.match.outcome.over

    @property
    def my_team(self) -> str:
        return TEAMS[self.seat % 2]


# ---- building ------------------------------------------------------------------------------


def _rules_of(game: PlayGame) -> tuple[Variant, Rules]:
    v = variant(game.variant)
    return v, v.rules_from_json(game.rules)


def _bot_for(game: PlayGame, number: int) -> Any:
    """The bots of a deal: each decision seeded by the game, the deal and the moment, so a
    replayed log meets the same choices."""

    def bot_for(deal: Deal, seat: int) -> Bot:
        seed = (game.seed * 1009 + number) * 4099 + deal.event_count * 4 + seat
        return table_bot(game.bot, seed)

    return bot_for


def _deal_of(v: Variant, game: PlayGame, row: PlayDeal) -> Deal:
    return Deal.from_json(
        v,
        {
            "rules": game.rules,
            "dealer": SEATS[row.dealer],
            "deck": row.deck,
            "context": row.context,
            "events": row.events,
        },
    )


def _store(row: PlayDeal, deal: Deal) -> None:
    data = deal.to_json()
    row.events = data["events"]
    row.updated_at = utcnow()


def _new_deal(v: Variant, rules: Rules, game: PlayGame, match: Match) -> tuple[PlayDeal, Deal]:
    number = len(match.records) + 1
    deal = Deal.new(
        v, rules, match.dealer, seed=game.seed * 1_000_003 + number, context=match.context()
    )
    advance(deal, game.seat, _bot_for(game, number))
    data = deal.to_json()
    row = PlayDeal(
        game_id=game.id or 0,
        number=number,
        dealer=deal.dealer,
        deck=data["deck"],
        context=data["context"],
        events=data["events"],
    )
    return row, deal


def _match_of(v: Variant, rules: Rules, game: PlayGame, rows: list[PlayDeal]) -> Match:
    return Match(v, rules, game.first_dealer, [r.record for r in rows if r.record is not None])


def _finish(table: Table) -> None:
    """Record a deal that has just ended: its record joins the score sheet."""
    record = table.deal.record()
    table.score = table.match.add(record)
    table.row.record = dict(table.match.records[-1])
    game = table.game
    game.deal_count = len(table.match.records)
    game.total_ns = table.match.totals["NS"]
    game.total_ew = table.match.totals["EW"]
    game.over = table.match.outcome.over
    game.winner = table.match.outcome.winner


# ---- creating ------------------------------------------------------------------------------


def create(
    engine: Engine,
    variant_name: Any,
    preset: Any = None,
    options: Mapping[str, Any] | None = None,
    bot: Any = None,
    practice: bool = False,
    creator: str | None = None,
    per_minute: int = 0,
) -> tuple[PlayGame, str]:
    """Start a match; returns the game and the secret key of its link (seen only now).

    :param options: house rules: option values (text, as a form sends them) over the preset's.
    :param creator: who starts it and ``per_minute`` how many a minute it may (as
        :func:`scorepad.games.create_game`).
    :raises GameInputError: naming the bad field. :raises TooManyGames: past the limit.
    """
    v, preset = chosen_variant(variant_name, preset)
    bot = bot or default_bot()
    if bot not in BOTS:
        raise GameInputError(
            "bot", _("no bot {bot}; bots: {bots}", bot=repr(bot), bots=", ".join(BOTS))
        )
    try:
        rules = v.rules(preset, dict(options or {}))
    except OptionError as exc:
        if exc.option in v.options:  # the option's label, as the form shows it
            raise GameInputError(
                "options", _("{option}: {value}", option=v.options[exc.option].title, value=exc.why)
            ) from None
        raise GameInputError("options", error_words(exc)) from None
    key = new_key()
    game = PlayGame(
        key_hash=hash_token(key),
        variant=v.name,
        preset=rules.preset,
        rules=rules.to_json(),
        bot=bot,
        seat=S,
        practice=bool(practice),
        seed=secrets.randbelow(2**31),
        first_dealer=W,
        creator=creator,
    )
    with write_session(engine) as session:
        if creator and per_minute > 0:
            check_rate(session, creator, per_minute)
        session.add(game)
        session.flush()
        row, _deal = _new_deal(v, rules, game, Match(v, rules, game.first_dealer))
        row.game_id = game.id or 0
        session.add(row)
    return game, key


# ---- reading -------------------------------------------------------------------------------


def _find(session: Session, key: str, lock: bool = False) -> PlayGame:
    if not isinstance(key, str) or not 20 <= len(key) <= 64:
        raise NotFound(_("no such game"), "key")
    stmt = select(PlayGame).where(col(PlayGame.key_hash) == hash_token(key))
    if lock:
        stmt = stmt.with_for_update()
    game = session.scalars(stmt).first()
    if game is None:
        raise NotFound(_("no such game"), "key")
    return game


def _table(session: Session, game: PlayGame) -> Table:
    v, rules = _rules_of(game)
    rows = list(
        session.scalars(
            select(PlayDeal).where(col(PlayDeal.game_id) == game.id).order_by(col(PlayDeal.number))
        )
    )
    row = rows[-1]
    deal = _deal_of(v, game, row)
    match = _match_of(v, rules, game, rows)
    score = match.scores[-1] if row.record is not None and match.scores else None
    return Table(game, v, rules, row, deal, match, score)


def load(session: Session, key: str) -> Table:
    """The game of ``key`` with its current deal.

    :raises NotFound: for an unknown key.
    :raises PluginError: if its variant is no longer installed.
    """
    return _table(session, _find(session, key))


# ---- moving --------------------------------------------------------------------------------


def move(engine: Engine, key: str, number: Any, event: Any, action: str, value: str = "") -> Table:
    """Make the person's move and let the bots answer; returns the table after it.

    :param number: the deal the move answers; :param event: the number of events of that deal
        the page showed. Both must be the latest, or :class:`Stale` is raised.
    :param action: ``call`` (``value``: the call's text), ``card`` (``value``: its notation),
        ``takeback`` (practice mode: take back the person's last card), ``wait`` (let the seat
        to speak go on, not making a call the person may make out of turn) or ``next`` (deal
        the next deal once this one is over).
    :raises RuleViolation: a call or card the rules refuse (with the rule's reason).
    :raises Stale: when the move does not answer the table as it is.
    """
    with write_session(engine) as session:
        game = _find(session, key, lock=True)
        table = _table(session, game)
        if number != table.number or (action != "next" and event != table.deal.event_count):
            raise Stale("this move answers an older state of the table")
        deal = table.deal
        me = game.seat
        bots = _bot_for(game, table.number)
        if action == "next":
            if not deal.is_over:
                raise RuleViolation("the deal is not over yet")
            if table.match_over:
                raise RuleViolation(_("the match is over"))
            row, deal = _new_deal(table.variant, table.rules, game, table.match)
            row.game_id = game.id or 0
            session.add(row)
            table.row, table.deal, table.score = row, deal, None
        elif action == "wait":
            # A call the person may make out of turn, not made: the seat to speak goes on.
            seat = deal.current_seat
            if seat is None or seat == me or not waits_for(deal, me):
                raise RuleViolation("there is nothing to wait for")
            bot_move(deal, seat, bots(deal, seat))
            advance(deal, me, bots)
            _store(table.row, deal)
            if deal.is_over:
                _finish(table)
            session.add(table.row)
        elif action == "takeback":
            _take_back(table)
            session.add(table.row)
        else:
            if action == "call":
                calls = deal.legal_calls(me)
                found = next((c for c in calls if c.text == value), None)
                if found is None:
                    deal.call(value, me)  # raises the auction's own reason
                else:
                    deal.apply_call(me, found)
            elif action == "card":
                try:
                    card = deal.deck.parse(value)
                except NotationError as exc:
                    raise RuleViolation(str(exc)) from None
                if not deal.hand(me) >> card & 1:  # said to the person: "you do not hold"
                    raise RuleViolation(
                        _("you do not hold {card}", card=CardCode(deal.deck.format(card)))
                    )
                deal.play(card, me)
            else:
                raise RuleViolation(f"unknown move {action!r}")
            advance(deal, me, bots)
            _store(table.row, deal)
            if deal.is_over:
                _finish(table)
            session.add(table.row)
        game.version += 1
        game.updated_at = utcnow()
        session.add(game)
    return table


def _take_back(table: Table) -> None:
    """Practice mode: the log as it was just before the person's last card."""
    if not table.game.practice:
        raise RuleViolation("taking back a card is for practice games")
    deal = table.deal
    if deal.is_over:
        raise RuleViolation("the deal is over: its score is written")
    actions = deal.actions
    me = table.seat
    mine = [i for i, e in enumerate(actions) if e.kind == "play" and e.seat == me]
    if not mine:
        raise RuleViolation("you have not played a card in this deal yet")
    keep = actions[: mine[-1]]
    fresh = deal.replay(keep)
    table.deal = fresh
    _store(table.row, fresh)


def hint_for(table: Table) -> Hint:
    """What the game's bot would do in the person's place now.

    :raises RuleViolation: when the person has nothing to do.
    """
    bot = _bot_for(table.game, table.number)(table.deal, table.seat)
    return hint(table.deal, table.seat, bot)


def can_take_back(table: Table) -> bool:
    if not table.game.practice or table.deal.is_over:
        return False
    return any(e.kind == "play" and e.seat == table.seat for e in table.deal.actions)
