"""The scorepad's matches apart from HTTP: the one module that reads and writes them.

Views parse requests, call this module (or the play table's moves, :mod:`scorepad.play`, which
stores through it) and render; every query of the matches' and deals' tables is here (the
device grants' lists join the matches in :mod:`scorepad.devices`). A match
is a score sheet or a game against the computer (:class:`scorepad.models.Game`), both created
by one flow (:func:`create_game`, :func:`create_table`). A match keeps its rules snapshot and
its deals; with each deal it stores what the variant's hooks made of it (its score with the
explanation as a structured message, the dealer, the match's state after it: running totals,
pot, next dealer, outcome) and with the match the state after its last deal
(:class:`framework.engine.match.MatchState`) and, once over, the variant's summary. So a read draws
stored rows (the pages only the newest, :data:`NEWEST`), and a new deal — typed in or played to
its end — is scored from the last stored state: neither replays the match. Only replacing or
removing a score sheet's past deal rescores, from that deal on (its state before is stored with
the deal before it), and the write is refused — changing nothing — if a later deal no longer
holds. A match stored by an earlier version is scored by ``atout backfill`` (:func:`backfill`);
until then a read or a write answers :class:`NotScored`.

A write is one transaction that locks its game (``BEGIN IMMEDIATE`` on SQLite, ``FOR UPDATE``
elsewhere). The scorepad never names a variant: it reaches them through
:func:`framework.rules.plugins.load_variant`.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, overload

from sqlalchemy import ColumnElement, Engine, and_, bindparam, delete, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col

from framework.core.errors import AtoutError, OptionError, PluginError, RecordError
from framework.core.messages import Message, Names, Team, render, with_messages
from framework.core.options import Option, Rules
from framework.core.seats import seat_word
from framework.core.untrusted import InputError, check_int, check_text
from framework.engine.match import MatchState, MatchStateView
from framework.rules.declaration import VariantInfo
from framework.rules.outcome import MatchOutcome, SummaryLine
from framework.rules.plugins import Variant
from framework.rules.schema import DEALER
from framework.rules.scoring import DealScore
from scorepad.columns import Column, Group, columns_of, groups, team_keys
from scorepad.db import after_commit, polled_scalar, positional, write_session
from scorepad.i18n import DOMAIN, error_words
from scorepad.installed import variant
from scorepad.models import (
    Deal,
    Event,
    EventRound,
    EventTable,
    EventTeam,
    Game,
    Kind,
    aware,
    utcnow,
)
from scorepad.security import hash_token, new_edit_token, new_public_id

_ = DOMAIN.message
_n = DOMAIN.plural

__all__ = [
    "MAX_DEALS",
    "MAX_TEAM_NAME",
    "NEWEST",
    "Backfilled",
    "Conflict",
    "GameInputError",
    "NotFound",
    "NotScored",
    "Sheet",
    "TooManyGames",
    "add_deal",
    "add_table_deal",
    "backfill",
    "check_rate",
    "chosen_rules",
    "chosen_variant",
    "create_game",
    "create_table",
    "delete_deal",
    "delete_game",
    "find_game",
    "find_table",
    "finish_table_deal",
    "largest_target",
    "load_sheet",
    "new_sheet",
    "plays_clockwise",
    "preview_deal",
    "purge",
    "rename",
    "replace_deal",
    "row_of",
    "rules_of",
    "save_move",
    "set_token",
    "set_tokens",
    "state_of",
    "store_events",
    "table_deals",
    "touch",
]

MAX_TEAM_NAME = 40
#: The most deals one game holds (a write past it is a 409): bounds what a read or a write of one
#: game costs. :func:`largest_target` keeps targets a match can reach well within it.
MAX_DEALS = 500
#: the longest name of a player
MAX_PLAYER_NAME = 40


class NotFound(AtoutError):
    """An unknown game or deal (HTTP 404)."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


class Conflict(AtoutError):
    """A write that conflicts with the sheet as it is now (HTTP 409).

    :param ends_at: for a change that ends the match at an earlier deal, that deal's number
        (the write can be made again removing the deals after it).
    """

    def __init__(self, message: str, field: str | None = None, ends_at: int | None = None) -> None:
        super().__init__(message)
        self.field = field
        self.ends_at = ends_at


class NotScored(AtoutError):
    """A match stored by an earlier version of atout, not scored yet (HTTP 503): the server's
    keeper runs ``atout backfill`` once (the scorepad never scores a match on a read)."""

    def __init__(self) -> None:
        super().__init__(
            _(
                "this game was stored by an earlier version of atout and is not scored yet: "
                "the server's keeper runs atout backfill once"
            )
        )


class TooManyGames(AtoutError):
    """One client created too many games in the last minute (HTTP 429).

    :param most: the games a client may create per minute.
    :param retry_after: seconds until it may create one again.
    """

    def __init__(self, most: int, retry_after: int) -> None:
        super().__init__(
            f"too many new games from this address: at most {most} a minute; "
            f"try again in {retry_after} s"
        )
        self.most, self.retry_after = most, retry_after


class GameInputError(AtoutError):
    """A bad choice when creating a game (HTTP 422), naming the field."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


def plays_clockwise(variant: Variant, rules: Rules) -> bool:
    """Whether the cards go round a real table clockwise under these rules: the variant's deal
    pattern says (``DealPattern.clockwise``)."""
    return variant.hooks.deal_pattern(rules).clockwise


# ---- reading ------------------------------------------------------------------------------

#: how many of the newest deals the game and live pages draw (the whole sheet is a link away)
NEWEST = 25


def _explanation(score: Mapping[str, Any]) -> str:
    """A stored score's explanation: its message (renders in any language), else its text."""
    message = score.get("explanation_message")
    if message is not None:
        try:
            return Message.from_json(message)
        except ValueError:
            pass
    return str(score.get("explanation", ""))


def row_of(deal: Any, seats: Sequence[str]) -> dict[str, Any]:
    """A stored deal (a :class:`Deal`, or a row with its columns) as a row of the sheet, its
    dealer by the variant's name of the seat (``seats``)."""
    score, state = deal.score or {}, deal.state or {}
    return {
        "number": deal.number,
        "board": deal.board,
        "dealer": seats[deal.dealer or 0],
        "record": deal.record,
        "score": score,
        "points": dict(score.get("points") or {}),
        "totals": dict(state.get("totals") or {}),
        "pot": score.get("pot", 0),
        "made": score.get("made"),
        "explanation": _explanation(score),
    }


@dataclass
class Sheet(MatchStateView):
    """A game and its score sheet, read from the stored state of the game and of its deals.

    ``deals`` are the deals read, oldest first: every deal, or only the newest (``complete``
    False), as rows with a :class:`Deal`'s attributes; :meth:`row` and :meth:`state_before`
    read any other deal on demand.
    """

    game: Game
    variant: Variant
    rules: Rules
    #: the match after the last deal
    state: MatchState
    deals: list[Deal] = field(default_factory=list)
    #: a stored deal the variant now refuses (a plugin changed); the sheet stops before it
    problem: str | None = None
    complete: bool = True
    session: Session | None = field(default=None, repr=False)
    _rows: list[dict[str, Any]] | None = field(default=None, repr=False)
    _summary: list[SummaryLine] | None = field(default=None, repr=False)
    _boards: bool | None = field(default=None, repr=False)

    @property
    def on_boards(self) -> bool:
        """Whether the game is a table of an event played on boards (:func:`on_boards`): each
        deal is one of the round's boards, dealt by that board's dealer."""
        if self._boards is None:
            self._boards = self.session is not None and on_boards(
                self.session, self.game, self.rules
            )
        return self._boards

    @functools.cached_property
    def boards_taken(self) -> dict[int, int]:
        """On boards, the board of each deal by deal number (:func:`boards_of`); else empty."""
        if not self.on_boards or self.session is None:
            return {}
        return boards_of(self.session, self.game)

    @property
    def free_boards(self) -> list[int]:
        """On boards, the boards not recorded yet, in order (the next deal may be any)."""
        return free_boards(set(self.boards_taken.values()), self.deal_limit)

    def board_dealer(self, board: int) -> str:
        """The seat that deals ``board`` (:func:`board_dealer`)."""
        return self.seats[board_dealer(board, len(self.seats))]

    def board_for(self, number: int | None, given: Any = None) -> int | None:
        """The board a deal written from this sheet is: None for a game not on boards; the
        ``given`` one, checked; else the first not recorded (a new deal) or deal ``number``'s
        own (an edit).

        :raises RecordError: naming ``board`` (:func:`_chosen_board`), or given off boards."""
        if not self.on_boards:
            if given is not None:
                raise RecordError("board", _("this game is not played on boards"))
            return None
        taken = self.boards_taken
        if number is None:
            return _chosen_board(given, taken, self.deal_limit)
        if given is None:
            return taken.get(number, number)
        others = {n: b for n, b in taken.items() if n != number}
        return _chosen_board(given, others, self.deal_limit)

    @property
    def seats(self) -> tuple[str, ...]:
        """The seats of the game's table, in playing order."""
        seats: tuple[str, ...] = self.table.seats
        return seats

    @property
    def table(self) -> VariantInfo:
        """The variant with the table's shape under the game's rules (its seats and score
        columns: Préférence's ``players = 4`` seats four)."""
        return self.variant.table(self.rules)

    @property
    def teams(self) -> dict[str, str]:
        """The names of the variant's team columns (:func:`scorepad.columns.team_keys`; none
        when it scores per player)."""
        return team_names_of(self.game, team_keys(self.table))

    # The sheet's shape is read for every cell the sheet draws: made once per sheet read (a
    # Sheet is read for one request; a write reads the game again).

    @functools.cached_property
    def columns(self) -> tuple[Column, ...]:
        """The score columns, one per column of the sheet, in the variant's order."""
        return columns_of(self.table, self.teams, self.players)

    @functools.cached_property
    def groups(self) -> tuple[Group, ...]:
        """The columns in runs of one group (a header per group when any has one)."""
        return groups(self.columns, self.players)

    @functools.cached_property
    def group_starts(self) -> frozenset[str]:
        """The columns that begin a group (the sheet draws a line before them)."""
        return frozenset(group.columns[0].key for group in self.groups if group.key)

    @functools.cached_property
    def grouped(self) -> bool:
        """Whether any column is in a group (the sheet then has a row of group headers)."""
        return any(group.key for group in self.groups)

    @property
    def players(self) -> dict[str, str]:
        """The named players by seat name (unnamed seats left out)."""
        return dict(self.game.players or {})

    def seat_name(self, seat: str) -> str:
        """A seat as the table calls it: the player's name, else the seat's."""
        return self.players.get(seat) or seat

    def who(self, key: str) -> str:
        """A team or a seat (a match summary's, a winner's key) as the table calls it: the
        team's name, the player's name, else the key."""
        return self.teams.get(key) or self.seat_name(key)

    @property
    def title(self) -> str:
        """The game in a few words: its teams ("Nous – Eux"), else its players."""
        names = list(self.teams.values()) or [self.seat_name(s) for s in self.seats]
        return " – ".join(names)

    @property
    def winner_is_team(self) -> bool:
        """Whether the match's winner is one of its teams (else a player)."""
        return self.outcome.winner in self.teams

    @functools.cached_property
    def names(self) -> Names:
        """The names a message renderer puts in for team and seat parameters (made once per
        sheet: a page renders a message of the game in each row and field)."""
        seats = self.seats
        return Names(
            teams=self.teams,
            seats={seats.index(s): n for s, n in self.players.items() if s in seats},
        )

    @property
    def settlement(self) -> dict[str, int]:
        """The variant's final settlement by seat name, once the match is over (empty when
        the variant settles nothing)."""
        if not self.outcome.over:
            return {}
        return dict(self.outcome.settlement)

    @property
    def clockwise(self) -> bool:
        """Whether play goes clockwise at this table (:func:`plays_clockwise`)."""
        return plays_clockwise(self.variant, self.rules)

    @property
    def preset_title(self) -> str:
        """The rules' name for players."""
        preset = self.variant.presets.get(self.game.preset)
        return preset.title if preset is not None and preset.title else self.game.preset

    @property
    def house_rules(self) -> list[Message]:
        """The options the table changed from its preset, in players' words."""
        out = []
        for name, value in self.rules.overrides.items():
            option = self.variant.options.get(name)
            if option is None or name == "target":
                continue
            out.append(_("{option}: {value}", option=option.title, value=option.value_label(value)))
        return out

    def summary(self) -> list[SummaryLine]:
        """What each team did over the match, counted by the variant in its own words (stored
        when the match ended; empty while it goes on)."""
        if self._summary is not None:
            return self._summary
        return [
            SummaryLine(_label(line), line.get("counts") or {}) for line in self.game.summary or ()
        ]

    def summary_keys(self, lines: Sequence[SummaryLine]) -> list[str]:
        """The teams or seats the summary counts, one column each: the teams, then the seats,
        in their order, then any other key in the order the lines give it."""
        named = [*self.teams, *self.seats]
        keys = {key for line in lines for key in line.counts}
        others = [k for line in lines for k in line.counts if k not in named]
        return [k for k in named if k in keys] + list(dict.fromkeys(others))

    def share_text(self) -> Message:
        """The result in one line to send to friends ("Anne & Paul 1001 – Léa & Marc 850 ·
        Whist · 12 deals" once rendered with the game's names, :func:`views.common.say`)."""
        totals = self.totals
        teams = tuple(self.teams)
        if len(teams) == 2 and len(self.columns) == 2:
            ns, ew = teams
            return _n(
                "{ns} {ns_total} – {ew} {ew_total} · {variant} · {n} deal",
                "{ns} {ns_total} – {ew} {ew_total} · {variant} · {n} deals",
                n=self.deal_count,
                ns=Team(ns),
                ns_total=totals.get(ns, 0),
                ew=Team(ew),
                ew_total=totals.get(ew, 0),
                variant=self.variant.info.title,
            )
        return _n(
            "{scores} · {variant} · {n} deal",
            "{scores} · {variant} · {n} deals",
            n=self.deal_count,
            scores=self._scores_text(),
            variant=self.variant.info.title,
        )

    def _scores_text(self) -> str:
        """The result's scores: the settlement by player when the variant settles, else each
        column by its words ("Anne +40 – Léa −30 – Paul −10")."""
        parts: list[str]
        if self.settlement:
            parts = [
                _("{who} {points}", who=self.seat_name(seat), points=points)
                for seat, points in self.settlement.items()
            ]
        else:
            parts = [
                _("{who} {points}", who=self.column_words(c), points=self.totals.get(c.key, 0))
                for c in self.columns
            ]
        text: str = parts[-1] if parts else ""
        for part in reversed(parts[:-1]):
            text = _("{first} – {rest}", first=part, rest=text)
        return text

    def column_words(self, column: Column) -> str:
        """A column in words: its label, after its group's name when it has one and the label
        does not name it already."""
        if not column.group or column.names_its_group:
            return column.label
        return _("{group} {column}", group=self.seat_name(column.group), column=column.label)

    @property
    def next_dealer_name(self) -> str | None:
        """The next dealer's name (None when that seat is unnamed or the match is over)."""
        if self.outcome.over:
            return None
        return self.players.get(self.next_dealer)

    @property
    def deal_count(self) -> int:
        return self.state.deals

    @property
    def hidden(self) -> int:
        """How many older deals were not read (the pages link to the whole sheet)."""
        return self.deal_count - len(self.deals)

    @property
    def target(self) -> Any:
        """The points to win; None when the variant has none or the match is a fixed number of
        deals (:attr:`deal_limit`: the target then ends no match)."""
        if self.rules.match_deals is not None:
            return None
        return getattr(self.rules, "target", None)

    @property
    def deal_limit(self) -> int | None:
        """The deals the match lasts, when it is a fixed number of deals (else None)."""
        deals: int | None = self.rules.match_deals
        return deals

    @property
    def next_number(self) -> int:
        return self.deal_count + 1

    @property
    def next_dealer(self) -> str:
        return self.seats[self.state.dealer]

    def rows(self) -> list[dict[str, Any]]:
        """One row per deal read: number, dealer, record, points, running totals, pot,
        explanation (a message)."""
        if self._rows is None:
            self._rows = [row_of(deal, self.seats) for deal in self.deals]
        return self._rows

    def _deal(self, number: int) -> Deal:
        for deal in self.deals:
            if deal.number == number:
                return deal
        if self.session is not None and 1 <= number <= self.deal_count:
            found = self.session.scalars(
                select(Deal).where(col(Deal.game_id) == self.game.id, col(Deal.number) == number)
            ).first()
            if found is not None:
                return found
        raise NotFound(_("no deal {number}", number=number), "number")

    def row(self, number: int) -> dict[str, Any]:
        """The row of deal ``number``, read or not.

        :raises NotFound: no such deal.
        """
        return row_of(self._deal(number), self.seats)

    def state_before(self, number: int) -> MatchState:
        """The match as it stood before deal ``number`` (to score a replacement of it)."""
        if number <= 1:
            return MatchState.start(self.variant, self.rules, self.game.first_dealer)
        return MatchState.from_json(self._deal(number - 1).state or {})

    def to_json(self) -> dict[str, Any]:
        """The game as ``GET /api/games/<id>`` returns it (every deal: read the sheet with
        :func:`load_sheet` without ``newest``)."""
        deals = []
        for deal in self.deals:
            score = deal.score or {}
            item = {
                "number": deal.number,
                **({"board": deal.board or deal.number} if self.on_boards else {}),
                "dealer": self.seats[deal.dealer or 0],
                "record": deal.record,
                "points": score.get("points"),
                "totals": (deal.state or {}).get("totals"),
                "pot": score.get("pot", 0),
                "made": score.get("made"),
                "explanation": score.get("explanation", ""),
            }
            if score.get("explanation_message") is not None:
                item["explanation_message"] = score["explanation_message"]
            deals.append(item)
        out = {
            "id": self.game.public_id,
            "variant": self.game.variant,
            "preset": self.game.preset,
            "rules": self.rules.to_json(),
            "teams": self.teams,
            "target": self.target,
            "players": self.players,
            "first_dealer": self.seats[self.game.first_dealer],
            "seats": list(self.seats),
            "columns": [
                {"key": c.key, "label": self._say(c.label), "group": c.group} for c in self.columns
            ],
            "deals": deals,
            "totals": self.totals,
            "pot": self.pot,
            "over": self.outcome.over,
            "winner": self.outcome.winner if self.outcome.over else None,
            "result": self.outcome.reason,
            "next_dealer": None if self.outcome.over else self.next_dealer,
            "next_dealer_name": self.next_dealer_name,
            "version": self.game.version,
        }
        if self.settlement:
            out["settlement"] = self.settlement
        if self.problem:
            out["problem"] = self.problem
        return with_messages(out, "result")

    def _say(self, words: object) -> str:
        """A variant's words in English with the game's names (the JSON's text)."""
        return render(words, names=self.names)


def _label(line: Mapping[str, Any]) -> str:
    """A stored summary line's label: its message, else its text."""
    if line.get("label_message") is not None:
        try:
            return Message.from_json(line["label_message"])
        except ValueError:
            pass
    return str(line.get("label", ""))


def _check(
    state: MatchState, v: Variant, rules: Rules, record: Any, board: int | None = None
) -> tuple[dict[str, Any], DealScore]:
    """``state.check``, with any other user error of a variant reported as a record error; as
    ``board`` of a game on boards (``state`` then :func:`_dealt`'s), a record naming another
    dealer than the board's is refused (:func:`_check_board`)."""
    if not isinstance(record, Mapping):
        raise RecordError("record", "a deal record is an object")
    try:
        clean, score = state.check(v, rules, record)
    except RecordError:
        raise
    except AtoutError as exc:
        raise RecordError("record", str(exc)) from None
    if board is not None:
        _check_board(state, v, clean, board)
    return clean, score


def rules_of(game: Game) -> tuple[Variant, Rules]:
    """A match's variant and its rules snapshot.

    :raises PluginError: the variant is no longer installed.
    """
    v = variant(game.variant)
    return v, v.rules_from_json(game.rules)


def _table_of(game: Game) -> VariantInfo:
    """A match's table: its variant with the shape of its rules (seats, score columns)."""
    v, rules = rules_of(game)
    return v.table(rules)


def board_dealer(board: int, seats: int) -> int:
    """The seat that deals board ``board`` (1, 2, ...) of a round played on boards, at a table
    of ``seats`` seats: the last seat, then the first, the second...: W, N, E, S, W at four.
    The one truth of a board's dealer: its slips (:mod:`scorepad.events.slips`) deal its hands
    so, and a game on boards (:func:`on_boards`) has its deal of board ``board`` dealt so, whatever
    the variant's own rotation.

    >>> [board_dealer(k, 4) for k in (1, 2, 3, 4, 5)]
    [3, 0, 1, 2, 3]
    >>> [board_dealer(k, 3) for k in (1, 2, 3, 4)]
    [2, 0, 1, 2]
    """
    return (seats - 1 + board - 1) % seats


def on_boards(session: Session, game: Game, rules: Rules) -> bool:
    """Whether ``game`` is a table of an event played on boards: each of its deals is one of
    the round's boards (:attr:`Deal.board`). Boards are scored alone: a game whose deals are
    not (``rules``) is on none, and costs no query."""
    if not rules.deals_alone:
        return False
    found = session.scalar(
        select(col(Event.boards))
        .join(EventRound, col(EventRound.event_id) == col(Event.id))
        .join(EventTable, col(EventTable.round_id) == col(EventRound.id))
        .where(col(EventTable.game_id) == game.id)
    )
    return bool(found)


def _dealt(state: MatchState, v: Variant, board: int | None) -> MatchState:
    """``state``, its next deal dealt by ``board``'s dealer when that deal is a board (None: a
    game not on boards, or no board left) (:func:`board_dealer`, not the variant's rotation:
    every table plays the board's hands)."""
    if board is None:
        return state
    dealer = board_dealer(board, len(v.info.seats))
    return state if state.dealer == dealer else state._replace(dealer=dealer)


def boards_of(session: Session, game: Game) -> dict[int, int]:
    """The board of each deal of a game on boards, by deal number (a deal stored without one,
    which no write leaves, is the board of its position)."""
    rows = session.execute(
        select(col(Deal.number), col(Deal.board)).where(col(Deal.game_id) == game.id)
    )
    return {number: number if board is None else board for number, board in rows}


def free_boards(taken: Collection[int], count: int | None) -> list[int]:
    """The boards of a round of ``count`` boards not recorded yet (``taken``), in order.

    >>> free_boards({1, 3}, 4)
    [2, 4]
    """
    return [board for board in range(1, (count or 0) + 1) if board not in taken]


def _next_board(taken: Collection[int], count: int | None) -> int | None:
    """The board a table records next unless its scorer says another: the first not recorded
    (None: every board is)."""
    free = free_boards(taken, count)
    return free[0] if free else None


def _chosen_board(given: Any, taken: Mapping[int, int], count: int | None) -> int:
    """The board a deal write records: ``given`` (the scorer's, checked), or else the first
    board not recorded yet (``taken``: the board of each other deal, by deal number).

    :raises RecordError: naming ``board``: not a board of the round, or recorded already.
    """
    if given is None:
        found = _next_board(set(taken.values()), count)
        if found is None:
            raise RecordError("board", _("every board of this round is recorded"))
        return found
    if isinstance(given, bool) or not isinstance(given, int) or not 1 <= given <= (count or 0):
        raise RecordError(
            "board",
            _("is a board of this round: a whole number from 1 to {count}", count=count or 0),
        )
    for number, board in taken.items():
        if board == given:
            raise RecordError(
                "board",
                _(
                    "board {board} is recorded already, as deal {number}: correct that deal "
                    "instead",
                    board=given,
                    number=number,
                ),
            )
    return given


def _check_board(state: MatchState, v: Variant, clean: Mapping[str, Any], board: int) -> None:
    """A deal on boards is its board's: a record naming its dealer (:data:`DEALER`) names the
    board's, the dealer of the slips (``state``: :func:`_dealt`'s).

    :raises RecordError: naming :data:`DEALER`.
    """
    named, seats = clean.get(DEALER), v.info.seats
    if named is not None and named != seats[state.dealer]:
        raise RecordError(
            DEALER,
            _(
                "board {board} is dealt by {seat}, as its slips say, not by {named}",
                board=board,
                seat=seat_word(state.dealer, seats),
                named=seat_word(seats.index(named), seats) if named in seats else str(named),
            ),
        )


class _Scores(Sequence[DealScore]):
    """Every deal's score so far, as the variant's end-of-match hook reads them: the first
    ``stored`` read back from the database only if the hook reads one of them (most read the
    count and the last score), then those scored by this write (``new``)."""

    def __init__(self, session: Session, game_id: int | None, stored: int) -> None:
        self._session, self._game_id, self._stored = session, game_id, stored
        self._old: list[DealScore] | None = None
        self.new: list[DealScore] = []

    def __len__(self) -> int:
        return self._stored + len(self.new)

    @overload
    def __getitem__(self, index: int) -> DealScore: ...

    @overload
    def __getitem__(self, index: slice) -> list[DealScore]: ...

    def __getitem__(self, index: int | slice) -> DealScore | list[DealScore]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("deal score index out of range")
        if index >= self._stored:
            return self.new[index - self._stored]
        if self._old is None:
            stmt = (
                select(col(Deal.score))
                .where(col(Deal.game_id) == self._game_id, col(Deal.number) <= self._stored)
                .order_by(col(Deal.number))
            )
            self._old = [DealScore.from_json(score or {}) for score in self._session.scalars(stmt)]
        return self._old[index]


@dataclass(frozen=True)
class _Scored:
    """A deal as a write scored it."""

    record: dict[str, Any]
    score: DealScore
    dealer: int
    state: MatchState


def _rescore(
    v: Variant,
    rules: Rules,
    start: MatchState,
    scores: _Scores,
    records: Sequence[Any],
    first: int,
    changed: int,
    stop_at_end: bool = False,
    boards: Sequence[int] | None = None,
    next_board: int | None = None,
) -> list[_Scored]:
    """Score ``records`` as deals ``first``, ``first + 1``... from the state ``start``.

    :param changed: the number of the deal being written: its invalid record is a
        :class:`RecordError`; any other deal that no longer holds is a :class:`Conflict`.
    :param stop_at_end: stop where the match now ends, rather than refuse the deals after it
        (a :class:`Conflict` with ``ends_at``).
    :param boards: the game is on boards (:func:`on_boards`): the board of each record, whose
        dealer deals it; ``next_board``: the board the table records after them.
    """

    def board(i: int) -> int | None:
        if boards is None:
            return None
        return boards[i] if i < len(boards) else next_board

    out: list[_Scored] = []
    state = _dealt(start, v, board(0))
    last = first + len(records) - 1
    for number, record in enumerate(records, first):
        if state.outcome.over:
            if stop_at_end:
                break
            ended = number - 1
            raise Conflict(
                _(
                    "the match now ends at deal {ended}: deals {first} to {last} "
                    "would come after its end",
                    ended=ended,
                    first=ended + 1,
                    last=last,
                ),
                f"deals.{number}",
                ends_at=ended,
            )
        try:
            clean, score = _check(state, v, rules, record, board(number - first))
        except RecordError as exc:
            if number == changed:
                raise
            raise Conflict(
                _(
                    "deal {number} would no longer be valid: {reason}",
                    number=number,
                    reason=exc.reason,
                ),
                f"deals.{number}",
            ) from None
        scores.new.append(score)
        dealer = state.dealer
        state = _dealt(state.after(v, rules, score, scores), v, board(number - first + 1))
        out.append(_Scored(clean, score, dealer, state))
    return out


def _deals_of(session: Session, game: Game, first: int = 1) -> list[Deal]:
    """The game's deals from number ``first`` on, oldest first (the ORM objects a write
    changes; a read draws :func:`_stored_rows`)."""
    stmt = select(Deal).where(col(Deal.game_id) == game.id)
    if first > 1:
        stmt = stmt.where(col(Deal.number) >= first)
    return list(session.scalars(stmt.order_by(col(Deal.number))))


def _summary_json(session: Session, game: Game) -> list[dict[str, Any]]:
    """The variant's match summary of the stored deals, as the game stores it."""
    v, rules = rules_of(game)
    deals = [d for d in _deals_of(session, game) if d.record is not None]
    lines = v.hooks.match_summary(
        rules,
        [d.record or {} for d in deals],
        [DealScore.from_json(d.score or {}) for d in deals],
    )
    return [
        with_messages({"label": line.label, "counts": dict(line.counts)}, "label") for line in lines
    ]


def state_of(game: Game) -> MatchState:
    """The match after its last scored deal.

    :raises NotScored: a match stored by an earlier version, not backfilled yet.
    """
    if game.state is None:
        raise NotScored()
    return MatchState.from_json(game.state)


def _find(session: Session, kind: Kind, lock: bool, **where: str) -> Game | None:
    """The match of this kind whose columns hold these values (locked for a write)."""
    stmt = select(Game).where(col(Game.kind) == kind)
    for column, value in where.items():
        stmt = stmt.where(getattr(Game, column) == value)
    if lock:
        stmt = stmt.with_for_update()
    return session.scalars(stmt).first()


def find_game(session: Session, public_id: str, *, lock: bool = False) -> Game:
    """The score sheet with this public id.

    :raises NotFound: if there is none.
    """
    game = _find(session, "sheet", lock, public_id=public_id)
    if game is None:
        raise NotFound(_("no such game"), "id")
    return game


def find_table(session: Session, key: str, *, lock: bool = False) -> Game:
    """The game against the computer whose link's key is ``key``.

    :raises NotFound: if there is none.
    """
    if not isinstance(key, str) or not 20 <= len(key) <= 64:
        raise NotFound(_("no such game"), "key")
    game = _find(session, "play", lock, token_hash=hash_token(key))
    if game is None:
        raise NotFound(_("no such game"), "key")
    return game


def load_sheet(session: Session, public_id: str, newest: int | None = None) -> Sheet:
    """The game and its score sheet, from the stored state (nothing replayed).

    :param newest: read only this many of the newest deals (the pages); None: every deal.
    :raises NotFound: for an unknown id. :raises NotScored: not backfilled yet.
    :raises PluginError: if its variant is no longer installed.
    """
    game = find_game(session, public_id)
    state = state_of(game)
    v, rules = rules_of(game)
    deals = _stored_rows(session, game, newest)
    return Sheet(game, v, rules, state, deals, complete=len(deals) == state.deals, session=session)


def _stored_rows(session: Session, game: Game, newest: int | None) -> list[Any]:
    """What a read draws of the scored deals (oldest first; only the ``newest`` if given): rows
    of just the columns the sheet shows (attribute access like a :class:`Deal`), no ORM
    objects."""
    stmt = select(
        col(Deal.id),
        col(Deal.game_id),
        col(Deal.number),
        col(Deal.board),
        col(Deal.dealer),
        col(Deal.record),
        col(Deal.score),
        col(Deal.state),
    ).where(col(Deal.game_id) == game.id, col(Deal.number) <= game.deal_count)
    if newest is None:
        return list(session.execute(stmt.order_by(col(Deal.number))))
    return list(
        reversed(list(session.execute(stmt.order_by(col(Deal.number).desc()).limit(newest))))
    )


#: the live page's poll (:func:`scorepad.db.polled_scalar`)
_VERSION_SQL = positional("SELECT version FROM game WHERE kind = 'sheet' AND public_id = ?")
_VERSION = select(col(Game.version)).where(
    col(Game.kind) == "sheet", col(Game.public_id) == bindparam("value")
)


def version_of(engine: Engine, public_id: str) -> int | None:
    """The game's version, from one indexed lookup (the live page's poll): it runs for every
    poll of every spectator, so it goes straight to the driver
    (:func:`scorepad.db.polled_scalar`)."""
    version: int | None = polled_scalar(engine, _VERSION_SQL, _VERSION, public_id)
    return version


def preview_deal(
    sheet: Sheet, record: Mapping[str, Any], number: int | None = None, board: Any = None
) -> tuple[dict[str, Any], DealScore]:
    """Validate and score a record as the next deal, or as a replacement of deal ``number``;
    on boards, as ``board`` (default: the next board, or the deal's own).

    :raises RecordError: for an invalid record, or board (``board``).
    """
    state = sheet.state if number is None else sheet.state_before(number)
    chosen = sheet.board_for(number, board)
    return _check(_dealt(state, sheet.variant, chosen), sheet.variant, sheet.rules, record, chosen)


# ---- creating -----------------------------------------------------------------------------


def _name(raw: Any, where: str, what: Message, most: int) -> str:
    """A name typed by a person (:func:`framework.core.untrusted.check_text`: text, no control
    character, spaces tidied, at most ``most`` characters); '' for none."""
    if raw is None:
        return ""
    if not isinstance(raw, str):
        raise GameInputError(where, _("{what} is text", what=what))
    try:
        name = check_text(raw, where, max_length=4 * most, normalize=True)
    except InputError as exc:
        raise GameInputError(where, _("{what} {reason}", what=what, reason=exc.reason)) from None
    if len(name) > most:
        raise GameInputError(where, _("{what} has at most {most} characters", what=what, most=most))
    return name


def _target(option: Option, value: Any) -> int:
    """The points to win, within the variant's bounds, or an error in players' words."""
    low = option.minimum if option.minimum is not None else 1
    high = _largest(option)  # a match must be able to end within MAX_DEALS deals
    between = (
        _("between {low} and {high}", low=low, high=high)
        if high is not None
        else _("at least {low}", low=low)
    )
    try:
        number = check_int(value, "target")
    except InputError:
        raise GameInputError(
            "target", _("type the points to win as a whole number, {between}", between=between)
        ) from None
    if number < low or (high is not None and number > high):
        raise GameInputError(
            "target",
            _("the points to win are {between}, not {number}", between=between, number=number),
        )
    return number


def _deal_limit(value: Any) -> int:
    """The deals a match lasts: from 1 to :data:`MAX_DEALS`, or an error in players' words."""
    try:
        number = check_int(value, "match_deals")
    except InputError:
        number = None
    if number is None or not 1 <= number <= MAX_DEALS:
        raise GameInputError(
            "match_deals",
            _("the deals to play are a whole number from 1 to {most}", most=MAX_DEALS),
        )
    return number


def _listed(names: Sequence[str]) -> str:
    """Seat or team names as a list a person reads ("N, E, S and W"; none: "")."""
    if len(names) < 2:
        return "".join(names)
    return _("{names} and {last}", names=", ".join(names[:-1]), last=names[-1])


def _names_by(
    given: Any,
    field: str,
    keys: Sequence[str],
    shape: Message,
    unknown: Callable[[str], Message],
    what: Message,
    most: int,
) -> dict[str, str]:
    """The names of ``given`` (a person's object of names) by each of ``keys``, '' where none is
    given; ``given`` not an object is refused with ``shape``, a key not in ``keys`` with
    ``unknown`` of it, a bad name with ``what``."""
    if not isinstance(given, Mapping):
        raise GameInputError(field, shape)
    stray = [k for k in given if k not in keys]
    if stray:
        raise GameInputError(field, unknown(repr(stray[0])))
    return {key: _name(given.get(key), f"{field}.{key}", what, most) for key in keys}


def _players(players: Any, seats: Sequence[str]) -> dict[str, str]:
    """The players' names by the variant's seat names (unnamed seats left out)."""
    if players is None:
        return {}
    listed = _listed(seats)
    names = _names_by(
        players,
        "players",
        seats,
        _("players are an object of names by seat: {seats}", seats=listed),
        lambda seat: _("unknown seat {seat}; use {seats}", seat=seat, seats=listed),
        _("a player's name"),
        MAX_PLAYER_NAME,
    )
    return {seat: name for seat, name in names.items() if name}


def _team_names(
    teams: Any, players: Mapping[str, str], keys: Sequence[str], seats: Sequence[str]
) -> dict[str, str]:
    """The teams' names (``keys``: the variant's team columns): as given, else their players'
    ("Anne & Paul"), else the team key. A variant with no teams takes none."""
    if teams is None:
        teams = {}
    if not keys and (teams or not isinstance(teams, Mapping)):
        raise GameInputError("teams", _("this game has no teams: name the players"))
    listed = _listed(keys)
    names = _names_by(
        teams,
        "teams",
        keys,
        _("teams are an object of names by team: {teams}", teams=listed),
        lambda team: _("unknown team {team}; use {teams}", team=team, teams=listed),
        _("a team name"),
        MAX_TEAM_NAME,
    )
    out = {}
    for key, name in names.items():
        members = [players[s] for s in seats if s in key and s in players]
        out[key] = name or " & ".join(members) or key
    return out


def team_names_of(game: Game, keys: Sequence[str]) -> dict[str, str]:
    """A game's team names by team key (the two-team view: the first team's name is stored in
    ``team_ns``, the second's in ``team_ew``)."""
    return dict(zip(keys, (game.team_ns, game.team_ew), strict=False))


def _store_teams(game: Game, names: Mapping[str, str]) -> None:
    """Keep a game's team names (:func:`team_names_of` reads them)."""
    stored = [*names.values(), "", ""]
    game.team_ns, game.team_ew = stored[0], stored[1]


def largest_target(v: Variant) -> int | None:
    """The largest ``target`` a game may have, so that a match can still end within
    :data:`MAX_DEALS` deals: the option's own maximum, else ten times its default (None when the
    variant has no integer ``target`` option)."""
    option = v.options.get("target")
    if option is None or option.kind != "int":
        return None
    return _largest(option)


def _largest(option: Option) -> int:
    return option.maximum if option.maximum is not None else 10 * option.default


def _identifier(value: Any, field: str) -> str:
    try:
        return check_text(value, field, max_length=100, allow_empty=False)
    except InputError as exc:
        raise GameInputError(field, exc.reason) from None


def chosen_variant(variant_name: Any, preset: Any = None) -> tuple[Variant, str | None]:
    """The installed variant a new game (or play table) names, and its preset if one is named.

    :raises GameInputError: naming ``variant`` or ``preset``.
    """
    if not isinstance(variant_name, str) or not variant_name:
        raise GameInputError("variant", _("choose a variant"))
    try:
        v = variant(_identifier(variant_name, "variant"))
    except PluginError as exc:
        raise GameInputError("variant", str(exc)) from None
    if preset is None:
        return v, None
    if not isinstance(preset, str):
        raise GameInputError("preset", _("a preset is a name"))
    preset = _identifier(preset, "preset")
    if preset not in v.presets:
        raise GameInputError(
            "preset",
            _(
                "{variant} has no preset {preset}; presets: {known}",
                variant=v.name,
                preset=repr(preset),
                known=", ".join(v.presets),
            ),
        )
    return v, preset


def chosen_rules(
    variant_name: Any,
    preset: Any = None,
    target: Any = None,
    options: Any = None,
    match_deals: Any = None,
    deals_alone: Any = None,
) -> tuple[Variant, Rules]:
    """The variant and the rules a new game (or an event's tables) is played under: the preset
    (default: the variant's first), the house rules ``options`` over it, the ``target`` (a
    shortcut of that option, winning over it), a match of ``match_deals`` deals
    (:attr:`framework.core.options.Rules.match_deals`; None: the match ends at the variant's
    end, its target) and ``deals_alone``, true: each deal scored alone, nothing carried
    (:attr:`framework.core.options.Rules.deals_alone`; None: false).

    :raises GameInputError: naming ``variant``, ``preset``, ``target``, ``match_deals``,
        ``deals_alone``, ``options`` or ``options.<name>``.
    """
    if deals_alone is not None and not isinstance(deals_alone, bool):
        raise GameInputError("deals_alone", _("is true or false"))
    v, preset = chosen_variant(variant_name, preset)
    overrides: dict[str, Any] = {}
    if options is not None:
        if not isinstance(options, Mapping):
            raise GameInputError("options", _("options are an object of option values"))
        overrides.update(options)
    for name in overrides:
        if not isinstance(name, str) or name not in v.options:
            raise GameInputError(
                f"options.{_identifier(name, 'options')}",
                _("{variant} has no option {name}", variant=v.name, name=repr(name)),
            )
    if "target" in overrides:  # checked even when `target` is given too (which wins)
        try:
            overrides["target"] = _target(v.options["target"], overrides["target"])
        except GameInputError as exc:
            raise GameInputError("options.target", error_words(exc)) from None
    if target is not None:
        if "target" not in v.options:
            raise GameInputError("target", _("{variant} has no target", variant=v.info.title))
        overrides["target"] = _target(v.options["target"], target)
    limit = None if match_deals is None else _deal_limit(match_deals)
    try:
        return v, v.rules(
            preset or v.default_preset, overrides, match_deals=limit, deals_alone=deals_alone
        )
    except OptionError as exc:
        bad = exc.option if exc.option in overrides else None
        where = (
            "target"
            if bad == "target" and target is not None
            else (f"options.{bad}" if bad else "options")
        )
        raise GameInputError(where, error_words(exc)) from None


def new_sheet(
    v: Variant,
    rules: Rules,
    teams: Any = None,
    players: Any = None,
    first_dealer: int | None = None,
    creator: str | None = None,
) -> tuple[Game, str]:
    """A new score sheet under these rules, not stored yet, and its edit token (the only time
    the token is seen): the teams' names (by the variant's team columns, ``{"NS": name, "EW":
    name}``; a team left out takes its players' names) and the players' by the variant's seat
    names, checked. ``first_dealer``: a seat's index (default: the last seat, W).

    :raises GameInputError: naming ``teams`` or ``players`` (or ``teams.<team>``,
        ``players.<seat>`` for a bad name).
    """
    table = v.table(rules)
    seats = table.seats
    named = _players(players, seats)
    team_names = _team_names(teams, named, team_keys(table), seats)
    token = new_edit_token()
    dealer = last_seat(v, rules) if first_dealer is None else first_dealer
    game = _new_match("sheet", token, v, rules, dealer, creator, players=named or None)
    _store_teams(game, team_names)
    return game, token


def create_game(
    engine: Engine,
    variant_name: Any,
    preset: Any = None,
    teams: Any = None,
    target: Any = None,
    options: Any = None,
    first_dealer: Any = None,
    players: Any = None,
    creator: str | None = None,
    per_minute: int = 0,
    match_deals: Any = None,
    deals_alone: Any = None,
) -> tuple[Game, str]:
    """Create a game; returns it and its edit token (the only time the token is seen).

    The rules are :func:`chosen_rules`' (``preset``, ``target``, ``options``: house rules over
    the preset, ``match_deals``, ``deals_alone``), the names :func:`new_sheet`'s;
    ``first_dealer`` is one of the variant's seat names (default: its last).

    :param creator: who creates it (a keyed hash of the client's address), kept with the game.
    :param per_minute: the most creations one ``creator`` may make in a minute (0: no limit).
    :raises TooManyGames: past that limit (nothing is created).
    :raises GameInputError: naming the bad field.
    """
    v, rules = chosen_rules(variant_name, preset, target, options, match_deals, deals_alone)
    seats = v.table(rules).seats
    dealer = None
    if first_dealer is not None:
        if first_dealer not in seats:
            raise GameInputError(
                "first_dealer", _("the first dealer is a seat: {seats}", seats=_listed(seats))
            )
        dealer = seats.index(first_dealer)
    game, token = new_sheet(v, rules, teams, players, dealer, creator)
    _create(engine, game, per_minute)
    return game, token


def create_table(
    engine: Engine,
    v: Variant,
    rules: Rules,
    key: str,
    *,
    seat: int,
    bot: str,
    practice: bool,
    seed: int,
    first_deal: Callable[[Session, Game], None],
    creator: str | None = None,
    per_minute: int = 0,
) -> Game:
    """Store a new game against the computer (:func:`scorepad.play.create` checks the
    choices): the link's ``key`` (only its hash is kept), the person's ``seat``, the ``bot`` of
    the three other seats, practice mode and the ``seed``; ``first_deal`` deals its first deal
    in the same write. ``creator`` and ``per_minute`` as for :func:`create_game`."""
    game = _new_match(
        "play",
        key,
        v,
        rules,
        last_seat(v, rules),
        creator,
        seat=seat,
        bot=bot,
        practice=practice,
        seed=seed,
    )
    _create(engine, game, per_minute, first_deal)
    return game


def seat_options(v: Variant, rules: Rules) -> tuple[frozenset[str], tuple[str, ...]]:
    """The options of ``v`` whose value changes the table's seats from those of ``rules``
    (Préférence's ``players``: a form redraws its seats when one changes), and every seat of
    the tables they make, those of ``rules`` first (what a new game may name)."""
    every = dict.fromkeys(v.table(rules).seats)
    found: set[str] = set()
    for name, _value, seats in _other_tables(v, rules):
        found.add(name)
        every.update(dict.fromkeys(seats))
    return frozenset(found), tuple(every)


def added_seats(v: Variant, rules: Rules) -> dict[str, list[tuple[str, Any]]]:
    """Each seat that only some option values put at the table (not one of ``rules``'), and
    those values as ``(option, value)``: what a new game must choose to name that seat."""
    default = set(v.table(rules).seats)
    opening: dict[str, list[tuple[str, Any]]] = {}
    for name, value, seats in _other_tables(v, rules):
        for seat in seats:
            if seat not in default:
                opening.setdefault(seat, []).append((name, value))
    return opening


def _other_tables(v: Variant, rules: Rules) -> Iterator[tuple[str, Any, tuple[str, ...]]]:
    """``(option, value, seats)`` for each single option value that seats another table than
    ``rules`` does (none unless the variant shapes its table by its options)."""
    if not v.hooks.shapes_table:
        return
    seats = v.table(rules).seats
    for name, option in v.options.items():
        for value in (True, False) if option.kind == "bool" else tuple(option.choices or ()):
            try:
                other = v.table(v.rules(rules.preset, {name: value})).seats
            except OptionError:
                continue
            if other != seats:
                yield name, value, other


def last_seat(v: Variant, rules: Rules) -> int:
    """The seat that deals first unless the table says otherwise: the last in playing order
    (of the table under ``rules``), so that the first seat plays first."""
    return len(v.table(rules).seats) - 1


def _new_match(
    kind: Kind,
    token: str,
    v: Variant,
    rules: Rules,
    first_dealer: int,
    creator: str | None,
    **columns: Any,
) -> Game:
    """A new match of either kind, before its first deal."""
    return Game(
        kind=kind,
        public_id=new_public_id(),
        token_hash=hash_token(token),
        variant=v.name,
        preset=rules.preset,
        rules=rules.to_json(),
        first_dealer=first_dealer,
        state=MatchState.start(v, rules, first_dealer).to_json(),
        creator=creator,
        **columns,
    )


def _create(
    engine: Engine,
    game: Game,
    per_minute: int,
    first_deal: Callable[[Session, Game], None] | None = None,
) -> None:
    """Store a new match (one write: the creation limit counted, the match, its first deal)."""
    with write_session(engine) as session:
        if game.creator and per_minute > 0:
            check_rate(session, game.creator, per_minute)
        session.add(game)
        session.flush()
        if first_deal is not None:
            first_deal(session, game)


def check_rate(session: Session, creator: str, most: int) -> None:
    """:class:`TooManyGames` when ``creator`` made ``most`` creations in the last minute: score
    sheets, play tables and events share the one budget (an event counts once: its tables'
    games have no creator). Counted in the write that creates the next one (on SQLite writes
    queue, so the count is exact; on PostgreSQL two writers at the same instant may both
    pass)."""
    now = utcnow()
    recent: list[datetime] = []
    for made in (Game, Event):
        stmt = (
            select(col(made.created_at))
            .where(col(made.creator) == creator, col(made.created_at) > now - timedelta(minutes=1))
            .order_by(col(made.created_at).desc())
            .limit(most)
        )
        recent.extend(session.scalars(stmt))
    recent = sorted(recent, key=aware, reverse=True)[:most]
    if len(recent) >= most:
        oldest = aware(recent[-1])  # of the newest ``most``, the first to leave the window
        wait = 60 - (now - oldest).total_seconds()
        raise TooManyGames(most, max(1, math.ceil(wait)))


# ---- writing deals ------------------------------------------------------------------------


def _save(session: Session, game: Game, state: MatchState) -> None:
    """The game after a write of its deals (flushed; the deals are already): its state and the
    columns derived from it, a new version, and, once the write is committed, a new version of
    the event it is a table of (its wall polls the event's version alone), in a statement of
    its own (:func:`scorepad.db.after_commit`: the event's row is not locked for the deal's
    whole write, so a hundred tables' deals do not wait on each other)."""
    touch(game)
    _store_state(session, game, state)
    tables = (
        select(col(EventRound.event_id))
        .join(EventTable, col(EventTable.round_id) == col(EventRound.id))
        .where(col(EventTable.game_id) == game.id)
    )
    after_commit(
        session,
        update(Event)
        .where(col(Event.id).in_(tables))
        .values(version=col(Event.version) + 1, updated_at=utcnow()),
    )


def touch(game: Game) -> None:
    """A write changed ``game``: a new version (its pages reload), a new time of change."""
    game.version += 1
    game.updated_at = utcnow()


def _store_state(session: Session, game: Game, state: MatchState) -> None:
    """The match after its last scored deal, the columns the lists read, and once over the
    variant's summary (flushed; the deals are already)."""
    game.state = state.to_json()
    game.deal_count = state.deals
    teams = [*team_keys(variant(game.variant).info), "", ""]
    game.total_ns, game.total_ew = state.totals.get(teams[0], 0), state.totals.get(teams[1], 0)
    game.over = state.outcome.over
    game.winner = state.outcome.winner if state.outcome.over else None
    session.add(game)
    try:
        session.flush()
        game.summary = _summary_json(session, game) if state.outcome.over else None
        session.add(game)
        session.flush()
    except IntegrityError:
        raise Conflict(_("another phone changed this game at the same time; try again")) from None


def _score_next(
    session: Session,
    game: Game,
    state: MatchState,
    record: Any,
    played: bool = False,
    board: int | None = None,
    next_board: int | None = None,
) -> tuple[dict[str, Any], DealScore, MatchState]:
    """Validate and score ``record`` as the deal after ``state``: the clean record, its score
    and the state after it (the older scores are read only if the variant's end-of-match hook
    reads them).

    :param played: the engine's record of a deal played here (a variant's refusal of it is
        not the person's error).
    :param board: the deal is this board of a game on boards (``state`` then :func:`_dealt`'s);
        ``next_board``: the board the table records after it, whose dealer deals next.
    :raises RecordError: an invalid record typed in.
    """
    v, rules = rules_of(game)
    clean, score = (
        state.check(v, rules, record) if played else _check(state, v, rules, record, board)
    )
    scores = _Scores(session, game.id, state.deals)
    scores.new.append(score)
    return clean, score, _dealt(state.after(v, rules, score, scores), v, next_board)


@dataclass(frozen=True)
class WriteResult:
    """What a deal write answers: the deal's number and score, and the sheet after it."""

    number: int
    score: DealScore | None
    totals: dict[str, int]
    outcome: MatchOutcome
    version: int

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "number": self.number,
            "totals": self.totals,
            "over": self.outcome.over,
            "winner": self.outcome.winner if self.outcome.over else None,
            "version": self.version,
        }
        if self.score is not None:
            out.update(
                points=dict(self.score.points),
                made=self.score.made,
                pot=self.score.pot,
                explanation=self.score.explanation,
            )
        return with_messages(out, "explanation")


def add_deal(
    engine: Engine, public_id: str, record: Any, expected_number: Any = None, board: Any = None
) -> WriteResult:
    """Record the next deal, scored from the state stored with the last one (the match is not
    replayed).

    :param expected_number: the number the client believes the deal gets; a mismatch (another
        phone was faster) is a :class:`Conflict`.
    :param board: a game on boards: which board this deal is (default: the first board not
        recorded yet), dealt by its dealer; a table may record its boards in any order.
    :raises RecordError: invalid record; ``board`` not a board of the round, recorded already,
        or given for a game not on boards. :raises Conflict: see above, or the match is over.
    """
    if expected_number is not None and (
        isinstance(expected_number, bool) or not isinstance(expected_number, int)
    ):
        raise RecordError("expected_number", f"{expected_number!r} is not a whole number")
    with write_session(engine) as session:
        game = find_game(session, public_id, lock=True)
        v, rules = rules_of(game)
        boards = on_boards(session, game, rules)
        state = state_of(game)
        number = state.deals + 1
        if number > MAX_DEALS:
            raise Conflict(
                _(
                    "a game holds at most {most} deals: start a new game (a rematch) to go on",
                    most=MAX_DEALS,
                ),
                "number",
            )
        if expected_number is not None and expected_number != number:
            raise Conflict(
                _(
                    "this would be deal {number}, not {expected}: the sheet changed meanwhile",
                    number=number,
                    expected=expected_number,
                ),
                "expected_number",
            )
        if state.outcome.over:
            raise Conflict(_("the match is over"), "record")
        chosen = following = None
        if boards:
            taken = boards_of(session, game)
            chosen = _chosen_board(board, taken, rules.match_deals)
            following = _next_board({*taken.values(), chosen}, rules.match_deals)
        elif board is not None:
            raise RecordError("board", _("this game is not played on boards"))
        state = _dealt(state, v, chosen)
        clean, score, after = _score_next(
            session, game, state, record, board=chosen, next_board=following
        )
        session.add(
            Deal(
                game_id=game.id or 0,
                number=number,
                board=chosen,
                record=clean,
                dealer=state.dealer,
                score=score.to_json(),
                state=after.to_json(),
            )
        )
        _save(session, game, after)
        return WriteResult(number, score, dict(after.totals), after.outcome, game.version)


def _from(session: Session, game: Game, number: Any) -> tuple[int, int, MatchState]:
    """For a write of deal ``number``: the number of deals, the first deal to rescore (that
    one) and the state before it.

    :raises NotFound: no such deal. :raises NotScored: not backfilled yet.
    """
    count = state_of(game).deals
    if not (isinstance(number, int) and 1 <= number <= count):
        raise NotFound(
            _("no deal {number}", number=number if isinstance(number, int) else str(number)),
            "number",
        )
    if number == 1:
        return count, 1, MatchState.start(*rules_of(game), game.first_dealer)
    before = session.scalars(
        select(col(Deal.state)).where(col(Deal.game_id) == game.id, col(Deal.number) == number - 1)
    ).first()
    return count, number, MatchState.from_json(before or {})


@dataclass
class _Rewrite:
    """A write that changes a game's deal ``number``: the game (locked), the stored deals from
    that one on, and what scoring them again needs (:func:`_from`, :func:`_rescore`); on
    boards, the board of every deal of the game, by deal number (``taken``; else None)."""

    session: Session
    game: Game
    first: int
    start: MatchState
    variant: Variant
    rules: Rules
    taken: dict[int, int] | None
    deals: list[Deal]

    @classmethod
    def of(cls, session: Session, public_id: str, number: Any) -> _Rewrite:
        game = find_game(session, public_id, lock=True)
        _count, first, start = _from(session, game, number)
        v, rules = rules_of(game)
        taken = boards_of(session, game) if on_boards(session, game, rules) else None
        deals = _deals_of(session, game, first=first)
        return cls(session, game, first, start, v, rules, taken, deals)

    def rescore(
        self, records: Sequence[Any], changed: int, stop_at_end: bool = False
    ) -> list[_Scored]:
        """``records`` scored as the deals from ``first`` on (:func:`_rescore`), each on its
        board (``taken``) when the game is on boards."""
        boards = None
        following = None
        if self.taken is not None:
            count = self.first + len(records)
            boards = [self.taken[n] for n in range(self.first, count)]
            kept = [b for n, b in self.taken.items() if n < count]
            following = _next_board(kept, self.rules.match_deals)
        return _rescore(
            self.variant,
            self.rules,
            self.start,
            _Scores(self.session, self.game.id, self.first - 1),
            records,
            self.first,
            changed,
            stop_at_end=stop_at_end,
            boards=boards,
            next_board=following,
        )

    def move(self, number: int, board: Any) -> None:
        """Deal ``number`` becomes ``board`` (None: it stays on its own).

        :raises RecordError: naming ``board`` (:func:`_chosen_board`), or given for a game
            not on boards."""
        if board is None:
            return
        if self.taken is None:
            raise RecordError("board", _("this game is not played on boards"))
        others = {n: b for n, b in self.taken.items() if n != number}
        self.taken[number] = _chosen_board(board, others, self.rules.match_deals)

    def drop(self, number: int) -> None:
        """Deal ``number`` is removed: the deals after it move up one, each with its board."""
        if self.taken is None:
            return
        self.taken = {(n if n < number else n - 1): b for n, b in self.taken.items() if n != number}


def replace_deal(
    engine: Engine,
    public_id: str,
    number: int,
    record: Any,
    drop_later: bool = False,
    board: Any = None,
) -> WriteResult:
    """Replace deal ``number``: it and every deal after it are rescored, from the state stored
    with the deal before it.

    :param drop_later: when the change ends the match at an earlier deal, remove the deals
        after that one (otherwise that is a :class:`Conflict` with ``ends_at`` set).
    :param board: a game on boards: the board the deal is now (a board no other deal is;
        default: the one it was).
    :raises NotFound: no such deal. :raises RecordError: invalid record, or board (``board``).
    :raises Conflict: a later deal would no longer be valid.
    """
    with write_session(engine) as session:
        change = _Rewrite.of(session, public_id, number)
        change.move(number, board)
        first, deals = change.first, change.deals
        records: list[Any] = [d.record for d in deals]
        records[number - first] = record
        try:
            scored = change.rescore(records, number)
        except Conflict as exc:
            if not drop_later or exc.ends_at is None:
                raise
            scored = change.rescore(records, number, stop_at_end=True)
            for later in deals[len(scored) :]:
                session.delete(later)
            session.flush()
        deals[number - first].record = scored[number - first].record
        deals[number - first].updated_at = utcnow()
        if change.taken is not None:
            deals[number - first].board = change.taken[number]
        final = scored[-1].state
        _store_scored_deals(session, deals, scored)
        _save(session, change.game, final)
        return WriteResult(
            number,
            scored[number - first].score,
            dict(final.totals),
            final.outcome,
            change.game.version,
        )


def _store_scored_deals(session: Session, deals: Sequence[Deal], scored: Sequence[_Scored]) -> None:
    for deal, item in zip(deals, scored, strict=False):
        deal.dealer = item.dealer
        deal.score = item.score.to_json()
        deal.state = item.state.to_json()
        session.add(deal)
    session.flush()


def delete_deal(engine: Engine, public_id: str, number: int) -> WriteResult:
    """Remove deal ``number``; the deals after it move up one and are rescored, from the state
    stored with the deal before it.

    :raises NotFound: no such deal. :raises Conflict: a later deal would no longer be valid.
    """
    with write_session(engine) as session:
        change = _Rewrite.of(session, public_id, number)
        first, deals = change.first, change.deals
        records = [d.record for d in deals]
        del records[number - first]
        change.drop(number)
        scored = change.rescore(records, 0)
        gone = deals.pop(number - first)
        session.delete(gone)
        session.flush()
        for later in deals[number - first :]:  # ascending: (game, number) stays unique
            later.number -= 1
            session.add(later)
            session.flush()
        _store_scored_deals(session, deals, scored)
        following = None
        if change.taken is not None:
            following = _next_board(change.taken.values(), change.rules.match_deals)
        final = scored[-1].state if scored else _dealt(change.start, change.variant, following)
        _save(session, change.game, final)
        return WriteResult(number, None, dict(final.totals), final.outcome, change.game.version)


def rename(engine: Engine, public_id: str, teams: Any, players: Any) -> Game:
    """Give new names to a game's players and teams (a team left blank takes its players').

    :raises GameInputError: naming the bad field. :raises NotFound: unknown game.
    """
    with write_session(engine) as session:
        game = find_game(session, public_id, lock=True)
        v, rules = rules_of(game)
        info = v.table(rules)
        named = _players(players, info.seats)
        team_names = _team_names(teams, named, team_keys(info), info.seats)
        game.players = named or None
        _store_teams(game, team_names)
        touch(game)
        session.add(game)
        return game


def delete_game(engine: Engine, public_id: str) -> None:
    """Delete a game and its deals. A table of an event is not deleted: its deals are its
    team's results (its scorer corrects or removes deals; the event's director closes it).

    :raises NotFound: unknown game. :raises Conflict: the game is an event's table.
    """
    with write_session(engine) as session:
        game = find_game(session, public_id, lock=True)
        table = session.scalars(
            select(col(EventTable.number)).where(col(EventTable.game_id) == game.id)
        ).first()
        if table is not None:
            raise Conflict(
                _("this game is table {table} of an event: it stays with the event", table=table),
                "id",
            )
        session.execute(delete(Deal).where(col(Deal.game_id) == game.id))
        session.delete(game)


# ---- the play table's deals ----------------------------------------------------------------


def table_deals(session: Session, game: Game) -> tuple[list[Any], Deal]:
    """A game against the computer's scored deals, oldest first, as rows of the columns a
    sheet shows (as :func:`load_sheet` reads them), and its last deal (the one being played,
    or the last one played once the match is over) as the object a move changes."""
    last = session.scalars(
        select(Deal).where(col(Deal.game_id) == game.id).order_by(col(Deal.number).desc()).limit(1)
    ).one()
    return _stored_rows(session, game, None), last


def add_table_deal(session: Session, game: Game, number: int, played: Mapping[str, Any]) -> Deal:
    """Store deal ``number`` of a game against the computer as it was dealt: ``played`` is
    ``framework.engine.deal.Deal.to_json()`` (its dealer, deck, context and event log)."""
    row = Deal(
        game_id=game.id or 0,
        number=number,
        dealer=_table_of(game).seats.index(played["dealer"]),
        deck=played["deck"],
        context=played["context"],
        events=played["events"],
    )
    session.add(row)
    return row


def store_events(session: Session, row: Deal, events: list[Any]) -> None:
    """A played deal's event log after a move."""
    row.events = events
    row.updated_at = utcnow()
    session.add(row)


def finish_table_deal(
    session: Session, game: Game, row: Deal, record: Mapping[str, Any]
) -> tuple[DealScore, MatchState]:
    """A played deal has just ended: its record is scored from the match's stored state (as a
    score sheet's new deal is) and stored with its score and the state after it, and the
    match's state moves on. Returns the deal's score and the match after it."""
    clean, score, after = _score_next(session, game, state_of(game), record, played=True)
    row.record = clean
    row.score = score.to_json()
    row.state = after.to_json()
    session.add(row)
    session.flush()
    _store_state(session, game, after)
    return score, after


def set_token(session: Session, game_id: int | None, token: str) -> Game | None:
    """Give a match a new capability (a sheet's edit token, a table's key: its hash is kept),
    with a new version (its open pages reload); None when the match is gone."""
    return set_tokens(session, {game_id: token}).get(game_id) if game_id is not None else None


def set_tokens(session: Session, tokens: Mapping[int, str]) -> dict[int, Game]:
    """:func:`set_token` for many matches (``tokens``: each one's id and new token) in one
    read, locking them in the order of their ids; the matches found, by id. A match the
    session read before is read again under the lock (a deal written meanwhile raised its
    version)."""
    found = session.scalars(
        select(Game)
        .where(col(Game.id).in_(list(tokens)))
        .order_by(col(Game.id))
        .with_for_update()
        .execution_options(populate_existing=True)
    )
    out = {}
    for game in found:
        assert game.id is not None
        game.token_hash = hash_token(tokens[game.id])
        touch(game)
        session.add(game)
        out[game.id] = game
    return out


def save_move(session: Session, game: Game) -> None:
    """A move changed the game (see :func:`touch`)."""
    touch(game)
    session.add(game)


# ---- matches stored by an earlier version ----------------------------------------------------


@dataclass(frozen=True)
class Backfilled:
    """What :func:`backfill` did with one match: its kind, public id and the deals scored, or
    why it was left unscored (a stored deal the installed variant now refuses, or a variant no
    longer installed)."""

    kind: str
    public_id: str
    deals: int
    problem: str | None = None


def backfill(engine: Engine) -> list[Backfilled]:
    """Score every match stored by an earlier version of atout (``state`` NULL), each in a
    write of its own: deal by deal from the first, its dealer, score and the state after it,
    and the match's state and summary (its version and time do not change: nothing a person
    saw changes). A match one of whose deals no longer holds is left as it was."""
    with write_session(engine) as session:
        todo = list(session.scalars(select(col(Game.id)).where(col(Game.state).is_(None))))
    done = []
    for game_id in todo:
        try:
            with write_session(engine) as session:
                game = session.get(Game, game_id, with_for_update=True)
                if game is None or game.state is not None:  # deleted or scored meanwhile
                    continue
                done.append(_backfill(session, game))
        except _Unscorable as exc:
            done.append(exc.result)
    return done


class _Unscorable(Exception):
    def __init__(self, result: Backfilled) -> None:
        super().__init__(result.problem)
        self.result = result


def _backfill(session: Session, game: Game) -> Backfilled:
    """Score one match (see :func:`backfill`).

    :raises _Unscorable: a deal that no longer holds, or a variant that does not load (the
        write is rolled back).
    """

    def unscorable(problem: str) -> _Unscorable:
        return _Unscorable(Backfilled(game.kind, game.public_id, 0, problem))

    try:
        v, rules = rules_of(game)
    except PluginError as exc:
        raise unscorable(str(exc)) from None
    state = MatchState.start(v, rules, game.first_dealer)
    scores = _Scores(session, game.id, 0)
    for deal in _deals_of(session, game):
        if deal.record is None:  # the deal being played: scored when it ends
            break
        try:
            clean, score = _check(state, v, rules, deal.record)
        except RecordError as exc:
            raise unscorable(
                _(
                    "deal {number}: {field}: {reason}",
                    number=deal.number,
                    field=exc.field,
                    reason=exc.reason,
                )
            ) from None
        scores.new.append(score)
        after = state.after(v, rules, score, scores)
        deal.record, deal.dealer = clean, state.dealer
        deal.score, deal.state = score.to_json(), after.to_json()
        session.add(deal)
        state = after
    session.flush()
    _store_state(session, game, state)
    return Backfilled(game.kind, game.public_id, state.deals)


@dataclass(frozen=True)
class Purged:
    """What :func:`purge` removed: score sheets, play-table matches and events."""

    games: int
    play_games: int
    events: int = 0


def purge(engine: Engine, empty_days: float, days: float, now: datetime | None = None) -> Purged:
    """Remove abandoned matches: score sheets with no deal untouched for ``empty_days`` (but
    an event's tables), and any match untouched (no write) for ``days``. 0 or less: that rule
    is off. One indexed delete of each kind in one transaction (their deals go with them:
    ``ON DELETE CASCADE``, and by hand for a database that does not enforce it). Events
    alike: one whose rounds have not started, untouched for ``empty_days``; any event untouched
    for ``days`` (a deal at one of its tables touches it), with its teams, rounds and tables
    (its tables' games go by their own rules).
    """
    now = now or utcnow()
    removed: dict[str, int] = {}
    with write_session(engine) as session:
        for kind in ("sheet", "play"):
            touched = col(Game.updated_at)
            rules: list[ColumnElement[bool]] = []
            if days > 0:
                rules.append(touched < now - timedelta(days=days))
            if empty_days > 0 and kind == "sheet":
                # (an event's table stays while its event does: its director records a table
                # that wrote nothing down, from the director's page, days after)
                table = select(col(EventTable.id)).where(col(EventTable.game_id) == col(Game.id))
                rules.append(
                    and_(
                        col(Game.deal_count) == 0,
                        touched < now - timedelta(days=empty_days),
                        ~table.exists(),
                    )
                )
            removed[kind] = 0
            if not rules:
                continue
            ids = select(col(Game.id)).where(col(Game.kind) == kind, or_(*rules))
            session.execute(delete(Deal).where(col(Deal.game_id).in_(ids)))
            result = session.execute(delete(Game).where(col(Game.id).in_(ids)))
            removed[kind] = int(getattr(result, "rowcount", 0) or 0)
        removed["events"] = _purge_events(session, now, empty_days, days)
    return Purged(removed["sheet"], removed["play"], removed["events"])


def _purge_events(session: Session, now: datetime, empty_days: float, days: float) -> int:
    touched = col(Event.updated_at)
    rules: list[ColumnElement[bool]] = []
    if days > 0:
        rules.append(touched < now - timedelta(days=days))
    if empty_days > 0:
        started = select(col(EventRound.id)).where(
            col(EventRound.event_id) == col(Event.id), col(EventRound.started_at).is_not(None)
        )
        rules.append(and_(~started.exists(), touched < now - timedelta(days=empty_days)))
    if not rules:
        return 0
    ids = list(session.scalars(select(col(Event.id)).where(or_(*rules))))
    if not ids:
        return 0
    rounds = select(col(EventRound.id)).where(col(EventRound.event_id).in_(ids))
    session.execute(delete(EventTable).where(col(EventTable.round_id).in_(rounds)))
    session.execute(delete(EventRound).where(col(EventRound.event_id).in_(ids)))
    session.execute(delete(EventTeam).where(col(EventTeam.event_id).in_(ids)))
    session.execute(delete(Event).where(col(Event.id).in_(ids)))
    return len(ids)


def sides_of(game: Game) -> list[tuple[str, str | None]]:
    """What a list of games shows of one: its teams' names and totals, else its players' names
    and where each stands in the settlement (a score per player has too many columns for a
    line; what each would win or pay were the match settled now says it in one number)."""
    try:
        v, rules = rules_of(game)
    except (PluginError, OptionError):  # no longer installed (or not so): its stored teams
        return [(game.team_ns, str(game.total_ns)), (game.team_ew, str(game.total_ew))]
    table = v.table(rules)
    keys = team_keys(table)
    if keys:
        totals = (game.total_ns, game.total_ew)
        names = team_names_of(game, keys).values()
        return [(name, str(totals[i])) for i, name in enumerate(names)]
    players = game.players or {}
    balance = _balance(v, rules, game)
    return [
        (players.get(seat) or seat, None if balance is None else _signed(balance.get(seat, 0)))
        for seat in table.seats
    ]


def _balance(v: Variant, rules: Rules, game: Game) -> Mapping[str, int] | None:
    """Each seat's settlement: the match's own once it is over, else the variant's settlement
    of the running totals; None for a variant with none, or a match not scored yet."""
    if game.state is None:
        return None
    state = MatchState.from_json(game.state)
    if state.outcome.settlement:
        return state.outcome.settlement
    return v.hooks.settle(rules, state.totals) or None


def _signed(points: int) -> str:
    """A settlement as the sheet shows it: ``+12``, ``-5``, ``0``."""
    return f"{points:+d}" if points else "0"


def list_games(session: Session, public_ids: list[str]) -> list[Game]:
    """These score sheets, most recently changed first (unknown ids are skipped)."""
    if not public_ids:
        return []
    stmt = (
        select(Game)
        .where(col(Game.kind) == "sheet", col(Game.public_id).in_(public_ids))
        .order_by(col(Game.updated_at).desc())
    )
    return list(session.scalars(stmt))
