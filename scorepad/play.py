"""The play table apart from HTTP: a match against the computer, kept as deals' event logs.

A person sits at one seat (South) with a bot partner against two bots. The state of a game is in
the database only (:mod:`scorepad.games` stores it): the rules snapshot, the seed, the match's
state after its last finished deal, and for each deal its dealer, shuffled deck, match context
and event log, and once over its record, score and the state after it. Every request rebuilds
the current deal from its log (:meth:`framework.engine.deal.Deal.from_json`), applies the person's
move, lets the bots answer on the server (:func:`framework.app.table.advance`) and stores the log
again, in one write transaction that locks the game: a restart or a second worker continues the
game, and a move that does not answer the latest event (a double tap, a stale page) is refused
and changes nothing.

A finished deal's record (:meth:`Deal.record`) is scored as a score sheet's new deal is, from
the match's stored state (:func:`scorepad.games.finish_table_deal`): the score sheet of a played
match is what a table would have written, and no request replays the match.

No variant is named here: rules come from the kernel and the variant's hooks.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine
from sqlmodel import Session

from framework.app.table import (
    Hint,
    advance,
    bot_move,
    hand_holder,
    hint,
    table_bot,
    waits_for,
)
from framework.bots.base import Bot
from framework.bots.registry import BOTS, STRONGEST
from framework.core.errors import AtoutError, NotationError, OptionError, RuleViolation
from framework.core.messages import CardCode, Message
from framework.core.options import Rules
from framework.core.seats import S, side_names
from framework.engine.deal import Deal
from framework.engine.match import MatchState, MatchStateView
from framework.rules.plugins import Variant
from framework.rules.scoring import DealScore
from scorepad import games
from scorepad.columns import team_keys
from scorepad.db import write_session
from scorepad.games import GameInputError, chosen_variant
from scorepad.i18n import DOMAIN, error_words
from scorepad.models import Deal as DealRow
from scorepad.models import Game

_ = DOMAIN.message

__all__ = [
    "Stale",
    "Table",
    "create",
    "default_bot",
    "hint_for",
    "load",
    "move",
    "person_seat",
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
class Table(MatchStateView):
    """A game as one request sees it: the current deal rebuilt, and the score sheet so far.

    :param state: the match after its last finished deal (the current one included once over).
    :param sheet: the finished deals as the score sheet shows them (stored rows).
    :param score: the current deal's score, once it is over.
    """

    game: Game
    variant: Variant
    rules: Rules
    state: MatchState
    sheet: list[Any]
    row: DealRow
    deal: Deal
    score: DealScore | None

    @property
    def seat(self) -> int:
        return self.game.seat if self.game.seat is not None else S

    @property
    def number(self) -> int:
        return self.row.number

    @property
    def match_over(self) -> bool:
        return self.outcome.over

    @property
    def my_team(self) -> str | None:
        """The person's team column: the name of their side in the deal
        (:func:`~framework.core.seats.side_names`: NS or EW in the four-seat games) when the
        variant scores it (:func:`~scorepad.columns.team_keys`); else None (a score per
        player)."""
        sides = self.deal.sides_known_to(self.seat)
        mine = side_names(sides, self.deal.seats)[sides[self.seat]]
        return mine if mine in team_keys(self.variant.table(self.rules)) else None

    @property
    def other_team(self) -> str | None:
        """The other team column (None when the variant scores per player)."""
        teams = team_keys(self.variant.table(self.rules))
        mine = self.my_team
        return next((t for t in teams if t != mine), None) if mine is not None else None

    def rows(self) -> list[dict[str, Any]]:
        """One row per finished deal: number, dealer, record, points, running totals, pot,
        explanation (a message)."""
        return [games.row_of(deal, self.deal.seats) for deal in self.sheet]


def person_seat(seats: int) -> int:
    """The person's seat at a table of ``seats`` seats: South at the four-seat and the
    ``N E S`` tables (the third seat), the last at a table of two.

    >>> person_seat(4), person_seat(3), person_seat(2)
    (2, 2, 1)
    """
    return min(S, seats - 1)


# ---- building ------------------------------------------------------------------------------


def _bot_for(game: Game, number: int) -> Callable[[Deal, int], Bot]:
    """The bots of a deal: each decision seeded by the game, the deal and the moment, so a
    replayed log meets the same choices."""

    def bot_for(deal: Deal, seat: int) -> Bot:
        seed = ((game.seed or 0) * 1009 + number) * 4099 + deal.event_count * 4 + seat
        return table_bot(game.bot or STRONGEST, seed)

    return bot_for


def _deal_of(v: Variant, rules: Rules, game: Game, row: DealRow) -> Deal:
    return Deal.from_json(
        v,
        {
            "rules": game.rules,
            "dealer": v.table(rules).seats[row.dealer or 0],
            "deck": row.deck,
            "context": row.context,
            "events": row.events,
        },
    )


def _new_deal(
    session: Session, v: Variant, rules: Rules, game: Game, state: MatchState
) -> tuple[DealRow, Deal]:
    """Deal the deal after ``state`` (the bots play until the person's turn) and store it."""
    number = state.deals + 1
    deal = Deal.new(
        v,
        rules,
        state.dealer,
        seed=(game.seed or 0) * 1_000_003 + number,
        context=state.context(rules.deals_alone),
    )
    advance(deal, game.seat if game.seat is not None else S, _bot_for(game, number))
    return games.add_table_deal(session, game, number, deal.to_json()), deal


def _finish(session: Session, table: Table) -> None:
    """Record a deal that has just ended: its record joins the score sheet."""
    table.score, table.state = games.finish_table_deal(
        session, table.game, table.row, table.deal.record()
    )
    table.sheet.append(table.row)


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
) -> tuple[Game, str]:
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

    def first_deal(session: Session, game: Game) -> None:
        row, deal = _new_deal(session, v, rules, game, games.state_of(game))
        if deal.is_over:  # (the person sits out of the first deal: the bots played it)
            games.finish_table_deal(session, game, row, deal.record())

    game = games.create_table(
        engine,
        v,
        rules,
        key,
        seat=person_seat(len(v.table(rules).seats)),
        bot=bot,
        practice=bool(practice),
        seed=secrets.randbelow(2**31),
        first_deal=first_deal,
        creator=creator,
        per_minute=per_minute,
    )
    return game, key


# ---- reading -------------------------------------------------------------------------------


def _table(session: Session, game: Game) -> Table:
    v, rules = games.rules_of(game)
    state = games.state_of(game)
    sheet, row = games.table_deals(session, game)
    deal = _deal_of(v, rules, game, row)
    score = DealScore.from_json(row.score) if row.record is not None and row.score else None
    return Table(game, v, rules, state, sheet, row, deal, score)


def load(session: Session, key: str) -> Table:
    """The game of ``key`` with its current deal.

    :raises NotFound: for an unknown key. :raises NotScored: not backfilled yet.
    :raises PluginError: if its variant is no longer installed.
    """
    return _table(session, games.find_table(session, key))


# ---- moving --------------------------------------------------------------------------------


# complexity: the person's move is one of six actions (next, wait, takeback, call, act,
# card), each checked against the page's deal and event, and applied in one transaction.
def move(
    engine: Engine,
    key: str,
    number: Any,
    event: Any,
    action: str,
    value: str = "",
    quiet: Sequence[int] = (),
) -> Table:
    """Make the person's move and let the bots answer; returns the table after it.

    :param number: the deal the move answers; :param event: the number of events of that deal
        the page showed. Both must be the latest, or :class:`Stale` is raised.
    :param action: ``call`` (``value``: the call's text), ``card`` (``value``: its notation),
        ``act`` (an action of a phase after the auction: its code, or the cards of a discard),
        ``takeback`` (practice mode: take back the person's last card), ``wait`` (let the seat
        to speak go on, not making a call the person may make out of turn) or ``next`` (deal
        the next deal once this one is over).
    :param quiet: with a first ``card``, the combinations the person keeps quiet: indexes in
        the deal's ``optional_announcements`` of the person (asked "Announce your tierce?").
    :raises RuleViolation: a call or card the rules refuse (with the rule's reason).
    :raises Stale: when the move does not answer the table as it is.
    """
    with write_session(engine) as session:
        game = games.find_table(session, key, lock=True)
        table = _table(session, game)
        if number != table.number or (action != "next" and event != table.deal.event_count):
            raise Stale("this move answers an older state of the table")
        deal = table.deal
        me = table.seat
        bots = _bot_for(game, table.number)
        if action == "next":
            if not deal.is_over:
                raise RuleViolation("the deal is not over yet")
            if table.match_over:
                raise RuleViolation(_("the match is over"))
            row, deal = _new_deal(session, table.variant, table.rules, game, table.state)
            table.row, table.deal, table.score = row, deal, None
            if deal.is_over:  # (the bots played it all: the person sits out of this deal)
                _finish(session, table)
        elif action == "wait":
            # A call the person may make out of turn, not made: the seat to speak goes on.
            seat = deal.current_seat
            if seat is None or seat == me or not waits_for(deal, me):
                raise RuleViolation("there is nothing to wait for")
            bot_move(deal, seat, bots(deal, seat))
            advance(deal, me, bots)
            games.store_events(session, table.row, deal.to_json()["events"])
            if deal.is_over:
                _finish(session, table)
        elif action == "takeback":
            _take_back(session, table)
        else:
            if action == "call":
                calls = deal.legal_calls(me)
                found = next((c for c in calls if c.text == value), None)
                if found is None:
                    deal.call(value, me)  # raises the auction's own reason
                else:
                    deal.apply_call(me, found)
            elif action == "act":  # a phase's action: its code, or the cards of a discard
                deal.act(value, me)
            elif action == "card":
                try:
                    card = deal.deck.parse(value)
                except NotationError as exc:
                    raise RuleViolation(str(exc)) from None
                holder = hand_holder(deal, me)  # the person's, or one played for (open whist)
                if not deal.hand(holder) >> card & 1:  # said to the person: "you do not hold"
                    raise RuleViolation(
                        _("you do not hold {card}", card=CardCode(deal.deck.format(card)))
                    )
                optional = deal.optional_announcements(me)
                for i in sorted(set(quiet), reverse=True):
                    if not 0 <= i < len(optional):
                        raise RuleViolation(_("there is no such announcement to keep quiet"))
                    deal.waive(me, optional[i])
                deal.play(card, holder)
            else:
                raise RuleViolation(f"unknown move {action!r}")
            advance(deal, me, bots)
            games.store_events(session, table.row, deal.to_json()["events"])
            if deal.is_over:
                _finish(session, table)
        games.save_move(session, game)
    return table


def announce_questions(deal: Deal, me: int) -> list[Message]:
    """ "Announce your tierce?" of each combination the rules let the person keep quiet now
    (before their first card), in the variant's words; answered with the card
    (:func:`move`'s ``quiet``)."""
    return [
        _("Announce your {announcement}?", announcement=a.shown)
        for a in deal.optional_announcements(me)
    ]


def _take_back(session: Session, table: Table) -> None:
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
    games.store_events(session, table.row, fresh.to_json()["events"])


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
