"""An event's storage: the one module that reads and writes events, their teams, rounds and
tables (:class:`scorepad.models.Event` and its rows). The API and the event's pages call it.

The life of an event:

1. :func:`create_event` checks a new event (the API's body, :func:`parse_event`), stores it with
   its teams and proposes round 1 (``proposed``: its pairing may still change,
   :func:`change_pairing`). It returns the director's token, shown once: only its hash is kept
   (:func:`authorise`).
2. :func:`start_round` starts the proposed round: each table gets an ordinary score sheet
   (:func:`scorepad.games.new_sheet`, the event's rules snapshot, the teams' names, the players
   in their seats; the first team sits NS), in one write. The event counted once against the
   creation limit when it was made; its tables' games count nothing.
3. The director mints the tables' edit tokens (:func:`mint_tokens`: minting again revokes the
   tokens minted before) and the tables record their deals through the ordinary game API.
4. :func:`propose_next` closes the round (:func:`close_round`: refused while a table plays,
   unless forced with a reason, which is kept) and proposes the next one from the standings, or
   ends the event after its last round. :func:`withdraw` takes a team out from the next round
   on.

:func:`load_event` reads it all in a few queries (:class:`EventView`: the standings, the
tables' states and totals, the per-board comparison, the API's JSON). Every write of an event,
and every deal written to one of its tables' games, raises :attr:`Event.version`
(:func:`event_version` reads it in one indexed lookup, for the wall's polls).

A write locks the event's row (``BEGIN IMMEDIATE`` on SQLite, ``FOR UPDATE`` elsewhere); a
refused write changes nothing. Errors: :class:`scorepad.events.EventError` (a bad field, HTTP
422), :class:`scorepad.games.NotFound` (404), :class:`NotDirector` (403),
:class:`scorepad.games.Conflict` (409), :class:`scorepad.games.TooManyGames` (429).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import Engine, bindparam, delete, select
from sqlalchemy.orm import defer
from sqlmodel import Session, col

from framework.core.errors import AtoutError
from framework.core.messages import Message
from framework.core.options import Rules
from framework.core.untrusted import InputError, check_int, check_text
from framework.rules.plugins import Variant
from scorepad import games
from scorepad.columns import plays_as_two_teams, team_keys, team_seats
from scorepad.db import polled_scalar, positional, write_session
from scorepad.events import EventError
from scorepad.events.boards import BoardScore, Comparison, board_totals, compare
from scorepad.events.pairing import (
    Round,
    Table,
    check_rounds,
    random_round,
    round_robin,
    swiss_round,
    without,
)
from scorepad.events.standings import (
    BYES,
    RANKINGS,
    ByeRule,
    MatchPoints,
    RoundResult,
    Standing,
    standings,
    tie_breaks,
)
from scorepad.i18n import DOMAIN, error_words
from scorepad.installed import variant
from scorepad.models import Deal, Event, EventRound, EventTable, EventTeam, Game, Grant, utcnow
from scorepad.security import hash_token, new_edit_token, new_public_id, token_matches

_ = DOMAIN.message

__all__ = [
    "FORMAT_FIELDS",
    "MATCH_POINT_FIELDS",
    "MAX_EVENT_NAME",
    "MAX_REASON",
    "MAX_TEAMS",
    "NEW_EVENT_FIELDS",
    "TABLE_STATES",
    "EventView",
    "Minted",
    "NewEvent",
    "NotDirector",
    "RoundView",
    "TableView",
    "authorise",
    "change_pairing",
    "close_round",
    "create_event",
    "event_version",
    "find_event",
    "load_event",
    "mint_tokens",
    "parse_event",
    "propose_next",
    "set_due",
    "start_round",
    "withdraw",
]

#: the fields of an event's format: as a new event gives them (``NewEvent`` in
#: :mod:`scorepad.openapi`) and as an event shows them (``Event.format``, with its tie-breaks)
FORMAT_FIELDS = ("rounds", "round", "pairing", "boards", "bye", "match_points", "ranking")
#: the fields of a new event (``NewEvent`` in :mod:`scorepad.openapi`)
NEW_EVENT_FIELDS = ("name", "variant", "preset", "options", "teams", *FORMAT_FIELDS, "seed")
#: the fields of a team, of a round's length, of a bye's score, of the match points
TEAM_FIELDS = ("name", "players", "club")
ROUND_FIELDS = ("deals", "target")
BYE_FIELDS = ("kind", "points", "against")
MATCH_POINT_FIELDS = ("win", "draw", "loss")

MAX_EVENT_NAME = 80
#: the most teams an event holds (100 tables)
MAX_TEAMS = 200
#: the longest reason a director gives for closing a round while a table plays
MAX_REASON = 200
#: the most match points a result is worth, the largest fixed score of a bye
MAX_MATCH_POINTS = 100
MAX_BYE_SCORE = 100_000


class NotDirector(AtoutError):
    """A token that is not the event's director token (HTTP 403)."""


# ---- a new event ---------------------------------------------------------------------------


@dataclass(frozen=True)
class TeamEntry:
    """A team as the organiser enters it: its name, its players (in seat order on its side, at
    most as many as the side has seats) and its club."""

    name: str
    players: tuple[str, ...] = ()
    club: str | None = None


@dataclass(frozen=True)
class NewEvent:
    """A new event, checked (:func:`parse_event`)."""

    name: str
    variant: Variant
    rules: Rules
    options: dict[str, Any]
    teams: tuple[TeamEntry, ...]
    rounds: int
    round_deals: int | None
    round_target: int | None
    pairing: str
    boards: bool
    bye: ByeRule
    match_points: MatchPoints
    seed: int
    ranking: str = "match_points"


def _fail(where: str, exc: InputError) -> EventError:
    return EventError(where, error_words(exc))


def _text(value: Any, where: str, most: int, *, required: bool) -> str:
    """A name typed by a person (spaces tidied, no control character, at most ``most``
    characters); '' when absent and not ``required``."""
    if value is None and not required:
        return ""
    try:
        return check_text(value, where, max_length=most, normalize=True, allow_empty=not required)
    except InputError as exc:
        raise _fail(where, exc) from None


def _int(value: Any, where: str, low: int, high: int) -> int:
    try:
        return check_int(value, where, minimum=low, maximum=high)
    except InputError as exc:
        raise _fail(where, exc) from None


def _object(value: Any, where: str, known: Sequence[str]) -> Mapping[str, Any]:
    """A JSON object with only the ``known`` keys."""
    if not isinstance(value, Mapping):
        raise EventError(where, _("is an object with {keys}", keys=", ".join(known)))
    for key in value:
        if key not in known:
            raise EventError(
                f"{where}.{key}",
                _("unknown field; known: {keys}", keys=", ".join(known)),
            )
    return value


def _given(data: Mapping[str, Any], key: str, default: Any) -> Any:
    """``data[key]``, or ``default`` when it is absent or ``null``."""
    value = data.get(key)
    return default if value is None else value


def _team(value: Any, where: str, seats: int) -> TeamEntry:
    team = _object(value, where, TEAM_FIELDS)
    name = _text(team.get("name"), f"{where}.name", games.MAX_TEAM_NAME, required=True)
    players: list[str] = []
    given = team.get("players")
    if given is not None:
        if not isinstance(given, list) or len(given) > seats:
            raise EventError(
                f"{where}.players",
                _("is a list of at most {most} names", most=seats),
            )
        for i, player in enumerate(given):
            players.append(
                _text(player, f"{where}.players.{i}", games.MAX_PLAYER_NAME, required=False)
            )
    club = _text(team.get("club"), f"{where}.club", games.MAX_TEAM_NAME, required=False)
    return TeamEntry(name, tuple(players), club or None)


# complexity: a new event's request body checked field by field (name, round, boards, the
# rules, teams, rounds, pairing, bye, ranking, seed), each refusal naming its field.
def parse_event(data: Mapping[str, Any]) -> NewEvent:
    """Check a new event as the API sends it (``POST /api/events``, :data:`NEW_EVENT_FIELDS`):

    ``name``; ``variant``, ``preset``?, ``options``? as a game's; ``teams``: ``[{"name",
    "players"?: [..], "club"?}]``, 2 to :data:`MAX_TEAMS`, names unique (ignoring case);
    ``rounds``; ``round``?: ``{"deals": n}`` (a fixed number of deals) or ``{"target":
    points}`` (default: the preset's end of a match); ``pairing``: ``"swiss"``,
    ``"round-robin"`` or ``"random"``; ``boards``?: rounds played on boards (needs
    ``round.deals``); ``bye``?: ``{"kind": "average" | "fixed" | "none", "points"?,
    "against"?}`` (default average); ``match_points``?: ``{"win", "draw", "loss"}`` (default 2,
    1, 0); ``ranking``?: ``"match_points"`` (the default) or ``"boards"`` (the sum of the
    board differences first: an event on boards only); ``seed``? (default: random). An
    optional field sent as ``null`` is not given.

    :raises EventError: naming the first bad field (dotted: ``teams.3.name``).
    """
    unknown = sorted(str(k) for k in data if k not in NEW_EVENT_FIELDS)
    if unknown:
        raise EventError(
            unknown[0] or "body",
            _("unknown field; a new event has {keys}", keys=", ".join(NEW_EVENT_FIELDS)),
        )
    name = _text(data.get("name"), "name", MAX_EVENT_NAME, required=True)
    length = _object(_given(data, "round", {}), "round", ROUND_FIELDS)
    if length.get("deals") is not None and length.get("target") is not None:
        raise EventError("round", _("a round is a number of deals or a target, not both"))
    deals, target = length.get("deals"), length.get("target")
    boards = _given(data, "boards", False)
    if not isinstance(boards, bool):
        raise EventError("boards", _("is true or false"))
    try:  # a board is scored alone: nothing carried from one board to the next
        v, rules = games.chosen_rules(
            data.get("variant"), data.get("preset"), target, data.get("options"), deals, boards
        )
    except games.GameInputError as exc:
        where = {"target": "round.target", "match_deals": "round.deals"}.get(exc.field, exc.field)
        raise EventError(where, error_words(exc)) from None
    if not plays_as_two_teams(v.info):
        raise EventError(
            "variant", _("an event is for games of two teams of two; choose another variant")
        )
    raw_teams = data.get("teams")
    if not isinstance(raw_teams, list) or not 2 <= len(raw_teams) <= MAX_TEAMS:
        raise EventError("teams", _("is a list of 2 to {most} teams", most=MAX_TEAMS))
    seats = len(team_seats(v.info)[0])
    teams = tuple(_team(t, f"teams.{i}", seats) for i, t in enumerate(raw_teams))
    seen: dict[str, int] = {}
    for i, team in enumerate(teams):  # a wall and a card must tell two teams apart
        key = team.name.casefold()
        if key in seen:
            raise EventError(
                f"teams.{i}.name", _("team {other} has this name too", other=seen[key])
            )
        seen[key] = i
    rounds = _int(data.get("rounds"), "rounds", 1, MAX_TEAMS)
    pairing = data.get("pairing")
    check_rounds(pairing if isinstance(pairing, str) else repr(pairing), len(teams), rounds)
    if boards and rules.match_deals is None:
        raise EventError("boards", _("boards need a round of a fixed number of deals"))
    bye_data = _object(_given(data, "bye", {}), "bye", BYE_FIELDS)
    kind = _given(bye_data, "kind", "average")
    if kind not in BYES:
        raise EventError("bye.kind", _("is average, fixed or none"))
    bye = ByeRule(
        kind,
        _int(_given(bye_data, "points", 0), "bye.points", 0, MAX_BYE_SCORE),
        _int(_given(bye_data, "against", 0), "bye.against", 0, MAX_BYE_SCORE),
    )
    worth = _object(_given(data, "match_points", {}), "match_points", MATCH_POINT_FIELDS)
    match_points = MatchPoints(
        *(
            _int(_given(worth, key, default), f"match_points.{key}", 0, MAX_MATCH_POINTS)
            for key, default in zip(MATCH_POINT_FIELDS, (2, 1, 0), strict=True)
        )
    )
    if not match_points.win >= match_points.draw >= match_points.loss:
        raise EventError(
            "match_points", _("a win is worth at least a draw, a draw at least a loss")
        )
    ranking = _given(data, "ranking", "match_points")
    if ranking not in RANKINGS:
        raise EventError("ranking", _("is match_points or boards"))
    if ranking == "boards" and not boards:
        raise EventError(
            "ranking", _("ranking by board differences needs an event played on boards")
        )
    seed = data.get("seed")
    seed = random.randrange(2**31) if seed is None else _int(seed, "seed", 0, 2**31 - 1)
    return NewEvent(
        name,
        v,
        rules,
        dict(rules.overrides),
        teams,
        rounds,
        rules.match_deals,
        None if rules.match_deals is not None else getattr(rules, "target", None),
        str(pairing),
        boards,
        bye,
        match_points,
        seed,
        ranking,
    )


def create_event(
    engine: Engine,
    data: Mapping[str, Any],
    creator: str | None = None,
    per_minute: int = 0,
) -> tuple[Event, str]:
    """Check and store a new event (:func:`parse_event`) with its teams, and propose round 1.
    Returns the event and its director's token (the only time the token is seen).

    :param creator: who creates it (a keyed hash of the client's address).
    :param per_minute: the most creations (games, play tables, events) one ``creator`` may make
        in a minute (0: no limit); the event is one of them.
    :raises EventError: a bad field. :raises scorepad.games.TooManyGames: past the limit.
    """
    new = parse_event(data)
    token = new_edit_token()
    event = Event(
        public_id=new_public_id(),
        token_hash=hash_token(token),
        name=new.name,
        variant=new.variant.name,
        preset=new.rules.preset,
        options=new.options,
        rules=new.rules.to_json(),
        rounds=new.rounds,
        round_deals=new.round_deals,
        round_target=new.round_target,
        pairing=new.pairing,
        bye=new.bye.kind,
        bye_points=new.bye.points,
        bye_against=new.bye.against,
        win=new.match_points.win,
        draw=new.match_points.draw,
        loss=new.match_points.loss,
        boards=new.boards,
        ranking=new.ranking,
        seed=new.seed,
        creator=creator,
    )
    with write_session(engine) as session:
        if creator and per_minute > 0:
            games.check_rate(session, creator, per_minute)
        session.add(event)
        session.flush()
        for number, team in enumerate(new.teams):
            session.add(
                EventTeam(
                    event_id=event.id or 0,
                    number=number,
                    name=team.name,
                    players=list(team.players) or None,
                    club=team.club,
                )
            )
        session.flush()
        view = _view(session, event)
        _propose(session, view, 1)
    return event, token


# ---- finding and reading -------------------------------------------------------------------


def find_event(session: Session, public_id: str, *, lock: bool = False) -> Event:
    """The event with this public id.

    :raises scorepad.games.NotFound: naming ``id``.
    """
    stmt = select(Event).where(col(Event.public_id) == public_id)
    if lock:
        stmt = stmt.with_for_update()
    event = session.scalars(stmt).first()
    if event is None:
        raise games.NotFound(_("no such event"), "id")
    return event


def authorise(session: Session, public_id: str, token: str) -> Event:
    """The event, if ``token`` is its director's.

    :raises scorepad.games.NotFound: no such event. :raises NotDirector: another token.
    """
    event = find_event(session, public_id)
    if not token_matches(token, event.token_hash):
        raise NotDirector(_("this is not the director's token of this event"))
    return event


def directs(session: Session, game: Game, token: str) -> bool:
    """Whether ``token`` is the director's token of the event that ``game`` is a table of: the
    director corrects any table's deals with it (the game page, the game API's deal writes),
    while the table's own edit token stays as it is. A game of no event has no director."""
    hashed = session.scalar(
        select(col(Event.token_hash))
        .join(EventRound, col(EventRound.event_id) == col(Event.id))
        .join(EventTable, col(EventTable.round_id) == col(EventRound.id))
        .where(col(EventTable.game_id) == game.id)
    )
    return hashed is not None and token_matches(token, hashed)


def edits_with(session: Session, game: Game, token: str) -> str | None:
    """Whose key ``token`` is to write ``game``'s deals: ``"table"`` (the game's own edit
    token), ``"director"`` (the director's token of the event the game is a table of:
    :func:`directs`), or None."""
    if token_matches(token, game.token_hash):
        return "table"
    return "director" if directs(session, game, token) else None


#: a table's states (:attr:`TableView.state`)
TABLE_STATES = ("waiting", "not_started", "playing", "finished")


@dataclass
class TableView:
    """A table of a round: its row, its game (None before the round starts, or once the game
    was deleted) and the teams' names."""

    table: EventTable
    game: Game | None
    names: tuple[str, str]
    round_state: str

    @property
    def number(self) -> int:
        return self.table.number

    @property
    def teams(self) -> tuple[int, int]:
        """The two teams: the first sits NS (the variant's first side)."""
        return self.table.team_a, self.table.team_b

    @property
    def state(self) -> str:
        """``"waiting"`` (the round is proposed), ``"not_started"`` (no deal yet),
        ``"playing"`` or ``"finished"`` (the match is over)."""
        if self.round_state == "proposed":
            return "waiting"
        if self.game is None:
            return "not_started"
        if self.game.over:
            return "finished"
        return "playing" if self.game.deal_count else "not_started"

    @property
    def totals(self) -> tuple[int, int]:
        """The two teams' totals, in the order of :attr:`teams` (0 and 0 without a game)."""
        if self.game is None:
            return 0, 0
        return self.game.total_ns, self.game.total_ew

    @property
    def deals(self) -> int:
        return self.game.deal_count if self.game is not None else 0

    @property
    def finished(self) -> bool:
        return self.state == "finished"

    def to_json(self) -> dict[str, Any]:
        return {
            "table": self.number,
            "teams": list(self.teams),
            "game_id": self.game.public_id if self.game is not None else None,
            "state": self.state,
            "totals": list(self.totals),
            "deals": self.deals,
        }


@dataclass
class RoundView:
    """A round and its tables, in table order."""

    round: EventRound
    tables: list[TableView]

    @property
    def number(self) -> int:
        return self.round.number

    @property
    def state(self) -> str:
        """``"proposed"``, ``"playing"`` or ``"closed"``."""
        return self.round.state

    @property
    def byes(self) -> tuple[int, ...]:
        return tuple(self.round.byes or ())

    @property
    def pairing(self) -> Round:
        """The round as the pairing rules see it."""
        return Round(tuple(Table(*t.teams) for t in self.tables), self.byes)

    def late(self, now: datetime | None = None) -> list[int]:
        """The numbers of the tables that are late: still unfinished while the round plays,
        once three quarters of its tables have finished or past the time the director set."""
        if self.state != "playing":
            return []
        now = now or utcnow()
        done = sum(t.finished for t in self.tables)
        due = self.round.due_at
        overdue = due is not None and now >= (due if due.tzinfo else due.replace(tzinfo=now.tzinfo))
        if not overdue and 4 * done < 3 * len(self.tables):
            return []
        return [t.number for t in self.tables if not t.finished]

    def result(self) -> RoundResult:
        """What the round counts in the standings: every table once it is closed; while it
        plays, its finished tables (and its byes)."""
        counted = [t for t in self.tables if self.state == "closed" or t.finished]
        return RoundResult(
            Round(tuple(Table(*t.teams) for t in counted), self.byes),
            tuple(t.totals for t in counted),
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "number": self.number,
            "state": self.state,
            "tables": [t.to_json() for t in self.tables],
            "byes": list(self.byes),
        }
        if self.round.forced_reason is not None:
            out["forced_reason"] = self.round.forced_reason
        return out


@dataclass
class EventView:
    """An event as its pages and the API show it: its teams, its rounds with their tables'
    games, and what follows from them (:meth:`standings`, :meth:`comparisons`)."""

    event: Event
    teams: list[EventTeam]
    rounds: list[RoundView]
    session: Session | None = field(default=None, repr=False)

    @property
    def current(self) -> RoundView | None:
        """The last round (proposed, playing or closed)."""
        return self.rounds[-1] if self.rounds else None

    @property
    def over(self) -> bool:
        """Whether every round is played and closed."""
        last = self.current
        return last is not None and last.number == self.event.rounds and last.state == "closed"

    @property
    def match_points(self) -> MatchPoints:
        return MatchPoints(self.event.win, self.event.draw, self.event.loss)

    @property
    def bye_rule(self) -> ByeRule:
        kind: Any = self.event.bye
        return ByeRule(kind, self.event.bye_points, self.event.bye_against)

    def withdrawn(self, number: int) -> set[int]:
        """The teams not paired in round ``number``."""
        return {
            t.number
            for t in self.teams
            if t.withdrawn_from is not None and t.withdrawn_from <= number
        }

    @property
    def tie_breaks(self) -> tuple[str, ...]:
        """What ranks the teams, in order (:func:`~scorepad.events.standings.tie_breaks` of
        the event's ranking)."""
        return tie_breaks(self.event.ranking)

    def standings(self) -> tuple[Standing, ...]:
        """The ranking: the closed rounds, and the finished tables of a round being played
        (:meth:`RoundView.result`), by :attr:`tie_breaks`. Ranked by boards, the sums of the
        board differences are those of the closed rounds only (a round's boards are compared
        once it is closed: before, they would tell a table still playing a board what the
        others made)."""
        results = [r.result() for r in self.rounds if r.state != "proposed"]
        sums = None
        if self.event.ranking == "boards":
            closed = (r.number for r in self.rounds if r.state == "closed")
            sums, _counts = board_totals(len(self.teams), self.comparisons(*closed))
        return standings(len(self.teams), results, self.match_points, self.bye_rule, sums)

    @property
    def sides(self) -> tuple[str, ...]:
        """The variant's two teams (its score columns, :func:`scorepad.columns.team_keys`):
        a table's first team plays the first, its second team the other."""
        return team_keys(variant(self.event.variant).info)

    def comparisons(self, *numbers: int) -> tuple[Comparison, ...]:
        """Rounds ``numbers``' boards compared (:func:`scorepad.events.boards.compare`), each
        round on its own, in the order given: each deal of a table's game is the board its
        scorer said (:attr:`scorepad.models.Deal.board`, in any order); each side's points on
        it against the same side at the round's other tables. The deals of them all are
        read in one query. Empty for an event not played on boards."""
        if not self.event.boards or self.session is None:
            return ()
        by_game = {
            t.game.id: (r.number, t)
            for r in self.rounds
            if r.number in numbers
            for t in r.tables
            if t.game is not None
        }
        if not by_game:
            return ()
        rows = self.session.execute(
            select(col(Deal.game_id), col(Deal.number), col(Deal.board), col(Deal.score)).where(
                col(Deal.game_id).in_(list(by_game)), col(Deal.score).is_not(None)
            )
        )
        first, second = self.sides
        scores: dict[int, list[BoardScore]] = {}
        for game_id, position, recorded, score in rows:
            board = position if recorded is None else recorded
            number, table = by_game[game_id]
            points = (score or {}).get("points") or {}
            scores.setdefault(number, []).append(
                BoardScore(
                    board,
                    table.number,
                    table.teams[0],
                    table.teams[1],
                    int(points.get(first, 0)),
                    int(points.get(second, 0)),
                )
            )
        return tuple(c for number in numbers for c in compare(scores.get(number, ())))

    def to_json(self) -> dict[str, Any]:
        """The event as ``GET /api/events/<id>`` answers it."""
        names = [t.name for t in self.teams]
        length: dict[str, int] = {}
        if self.event.round_deals is not None:
            length["deals"] = self.event.round_deals
        elif self.event.round_target is not None:
            length["target"] = self.event.round_target
        bye: dict[str, Any] = {"kind": self.event.bye}
        if self.event.bye == "fixed":
            bye.update(points=self.event.bye_points, against=self.event.bye_against)
        return {
            "id": self.event.public_id,
            "name": self.event.name,
            "variant": self.event.variant,
            "preset": self.event.preset,
            "options": dict(self.event.options),
            "format": {
                "rounds": self.event.rounds,
                "round": length,
                "pairing": self.event.pairing,
                "boards": self.event.boards,
                "bye": bye,
                "match_points": {
                    "win": self.event.win,
                    "draw": self.event.draw,
                    "loss": self.event.loss,
                },
                "ranking": self.event.ranking,
                "tie_breaks": list(self.tie_breaks),
            },
            "teams": [
                {
                    "name": t.name,
                    "players": list(t.players or ()),
                    "club": t.club,
                    "withdrawn_from": t.withdrawn_from,
                }
                for t in self.teams
            ],
            "rounds": [r.to_json() for r in self.rounds],
            "standings": [
                {
                    "rank": s.rank,
                    "team": s.team,
                    "name": names[s.team],
                    "played": s.played,
                    "won": s.won,
                    "drawn": s.drawn,
                    "lost": s.lost,
                    "byes": s.byes,
                    "match_points": s.match_points,
                    "points": s.points,
                    "against": s.against,
                    "difference": s.difference,
                    **({"boards": s.boards_shown} if self.event.ranking == "boards" else {}),
                }
                for s in self.standings()
            ],
            "over": self.over,
            "version": self.event.version,
        }


#: a table's game as an event's pages read it: its state and totals; not its rules, its match's
#: state, its summary or its players, JSON read (and parsed) for every table of every round
_TABLE_GAME = tuple(defer(getattr(Game, name)) for name in ("rules", "state", "summary", "players"))


def _view(session: Session, event: Event) -> EventView:
    """Read an event's teams, rounds, tables and tables' games (four queries)."""
    teams = list(
        session.scalars(
            select(EventTeam)
            .where(col(EventTeam.event_id) == event.id)
            .order_by(col(EventTeam.number))
        )
    )
    rounds = list(
        session.scalars(
            select(EventRound)
            .where(col(EventRound.event_id) == event.id)
            .order_by(col(EventRound.number))
        )
    )
    tables = (
        list(
            session.scalars(
                select(EventTable)
                .where(col(EventTable.round_id).in_([r.id for r in rounds]))
                .order_by(col(EventTable.round_id), col(EventTable.number))
            )
        )
        if rounds
        else []
    )
    ids = [t.game_id for t in tables if t.game_id is not None]
    found = (
        {
            g.id: g
            for g in session.scalars(
                select(Game).where(col(Game.id).in_(ids)).options(*_TABLE_GAME)
            )
        }
        if ids
        else {}
    )
    names = [t.name for t in teams]
    views = []
    for r in rounds:
        views.append(
            RoundView(
                r,
                [
                    TableView(
                        t,
                        found.get(t.game_id) if t.game_id is not None else None,
                        (names[t.team_a], names[t.team_b]),
                        r.state,
                    )
                    for t in tables
                    if t.round_id == r.id
                ],
            )
        )
    return EventView(event, teams, views, session)


def load_event(session: Session, public_id: str) -> EventView:
    """The event and everything its pages show.

    :raises scorepad.games.NotFound: no such event.
    """
    return _view(session, find_event(session, public_id))


#: the wall's poll (:func:`scorepad.db.polled_scalar`)
_VERSION_SQL = positional("SELECT version FROM event WHERE public_id = ?")
_VERSION = select(col(Event.version)).where(col(Event.public_id) == bindparam("value"))


def event_version(engine: Engine, public_id: str) -> int | None:
    """The event's version (None: no such event), from one indexed lookup: it goes up with
    every write of the event and every deal written to one of its tables' games. For the
    wall's polls, straight to the driver (:func:`scorepad.db.polled_scalar`)."""
    version: int | None = polled_scalar(engine, _VERSION_SQL, _VERSION, public_id)
    return version


# ---- writing -------------------------------------------------------------------------------


def _touch(session: Session, event: Event) -> None:
    event.version += 1
    event.updated_at = utcnow()
    session.add(event)


def _round(view: EventView, number: Any) -> RoundView:
    for r in view.rounds:
        if r.number == number:
            return r
    raise games.NotFound(
        _("no round {number}", number=number if isinstance(number, int) else str(number)),
        "number",
    )


def _proposed(view: EventView, number: Any) -> RoundView:
    """Round ``number``, still proposed (its pairing may change, it may start).

    :raises scorepad.games.NotFound: no such round. :raises scorepad.games.Conflict: it has
        started."""
    proposed = _round(view, number)
    if proposed.state != "proposed":
        raise games.Conflict(
            _("round {number} has already started", number=proposed.number), "number"
        )
    return proposed


def _pairing(view: EventView, number: int) -> Round:
    """Round ``number``'s pairing by the event's system, after the rounds before it."""
    event = view.event
    gone = view.withdrawn(number)
    history = [r.pairing for r in view.rounds if r.number < number]
    if event.pairing == "round-robin":
        return without(round_robin(len(view.teams), event.rounds)[number - 1], gone)
    if event.pairing == "random":
        return random_round(len(view.teams), history, event.seed, gone)
    ranking = [s.team for s in view.standings()] if number > 1 else range(len(view.teams))
    return swiss_round(list(ranking), history, gone)


def _store_pairing(session: Session, row: EventRound, pairing: Round) -> None:
    """A proposed round's tables and byes, replacing any it had."""
    session.execute(delete(EventTable).where(col(EventTable.round_id) == row.id))
    for number, table in enumerate(pairing.tables, 1):
        session.add(
            EventTable(round_id=row.id or 0, number=number, team_a=table.first, team_b=table.second)
        )
    row.byes = list(pairing.byes)
    session.add(row)
    session.flush()


def _propose(session: Session, view: EventView, number: int) -> EventRound:
    row = EventRound(event_id=view.event.id or 0, number=number, state="proposed")
    session.add(row)
    session.flush()
    _store_pairing(session, row, _pairing(view, number))
    return row


def start_round(engine: Engine, public_id: str, number: Any) -> RoundView:
    """Start the proposed round ``number``: each table gets its score sheet (the event's rules,
    the teams' names, the players in their seats; the first team NS), in one write.

    :raises scorepad.games.NotFound: no such event or round.
    :raises scorepad.games.Conflict: the round is not proposed.
    """
    with write_session(engine) as session:
        event = find_event(session, public_id, lock=True)
        view = _view(session, event)
        played = _proposed(view, number)
        v = variant(event.variant)
        rules = v.rules_from_json(event.rules)
        by_number = {t.number: t for t in view.teams}
        keys, seated = team_keys(v.info), team_seats(v.info)
        made: list[tuple[TableView, Game]] = []
        for table in played.tables:
            pair = [by_number[n] for n in table.teams]
            players = {
                seat: name
                for team, seats in zip(pair, seated, strict=True)
                for seat, name in zip(seats, team.players or (), strict=False)
                if name
            }
            names = {key: team.name for key, team in zip(keys, pair, strict=True)}
            # the token is minted by the director later (mint_tokens); on boards, board 1's
            # dealer deals first (and every board after it is dealt by its own: games.on_boards)
            first = games.board_dealer(1, len(v.info.seats)) if event.boards else None
            game, _token = games.new_sheet(v, rules, names, players, first)
            session.add(game)
            made.append((table, game))
        session.flush()  # the games, in one batch: their ids
        for table, game in made:
            table.table.game_id = game.id
            session.add(table.table)
        played.round.state = "playing"
        played.round.started_at = utcnow()
        session.add(played.round)
        _touch(session, event)
        session.flush()
        return _round(_view(session, event), played.number)


def close_round(
    engine: Engine, public_id: str, force: Any = False, reason: Any = None
) -> RoundView:
    """Close the round being played. Refused while a table plays (its match is not over),
    unless ``force`` with a ``reason``, which is kept: the unfinished tables then count as
    they stand.

    :raises scorepad.games.Conflict: no round is being played (``number``), or a table plays
        (``force``). :raises EventError: naming ``force`` or ``reason``.
    """
    forced, why = _close_request(force, reason)
    with write_session(engine) as session:
        event = find_event(session, public_id, lock=True)
        view = _view(session, event)
        closed = _close(session, view, forced, why)
        _touch(session, event)
        return closed


def _close_request(force: Any, reason: Any) -> tuple[bool, str | None]:
    """A request to close a round: ``force`` (true or false; ``null``: false) and the
    ``reason`` (checked whenever it is given).

    :raises EventError: naming ``force`` or ``reason``."""
    force = False if force is None else force
    if not isinstance(force, bool):
        raise EventError("force", _("is true or false"))
    if reason is None:
        return force, None
    return force, _text(reason, "reason", MAX_REASON, required=True)


def _close(session: Session, view: EventView, force: bool, reason: str | None) -> RoundView:
    current = view.current
    if current is None or current.state != "playing":
        raise games.Conflict(_("no round is being played"), "number")
    playing = [t.number for t in current.tables if not t.finished]
    kept: str | None = None
    if playing:
        if not force:
            raise games.Conflict(
                _(
                    "tables {tables} still play: wait for them, or force the close with a reason",
                    tables=", ".join(map(str, playing)),
                ),
                "force",
            )
        if reason is None:
            raise EventError("reason", _("say why the round closes while tables still play"))
        kept = reason
    current.round.state = "closed"
    current.round.closed_at = utcnow()
    current.round.forced_reason = kept
    session.add(current.round)
    session.flush()
    return current


def propose_next(
    engine: Engine, public_id: str, force: Any = False, reason: Any = None
) -> RoundView | None:
    """Close the round being played (:func:`close_round`'s rules; a round closed already stays
    as it is) and propose the next one from the standings; None when that was the event's last
    round (the event is over).

    :raises scorepad.games.Conflict: the last round is still proposed, a table plays, or every
        round is already played. :raises EventError: naming ``force`` or ``reason``.
    """
    forced, why = _close_request(force, reason)
    with write_session(engine) as session:
        event = find_event(session, public_id, lock=True)
        view = _view(session, event)
        current = view.current
        if current is not None and current.state == "proposed":
            raise games.Conflict(
                _(
                    "round {number} is proposed: start it (its pairing may still change)",
                    number=current.number,
                ),
                "number",
            )
        if view.over:
            raise games.Conflict(
                _("the event's {rounds} rounds are played", rounds=event.rounds), "number"
            )
        assert current is not None  # an event always has its round 1
        # a round closed already (close_round) is not closed again
        closed = current if current.state == "closed" else _close(session, view, forced, why)
        _touch(session, event)
        if closed.number >= event.rounds:
            return None
        view = _view(session, event)
        row = _propose(session, view, closed.number + 1)
        return _round(_view(session, event), row.number)


def change_pairing(
    engine: Engine, public_id: str, number: Any, tables: Any, *, named: bool = False
) -> list[Message]:
    """Replace the pairing of the proposed round ``number`` by ``tables``: ``[{"teams": [a,
    b]}, ...]`` in table order (``a`` sits NS). Every team still in the event plays, except
    one with the bye when their count is odd. Answers warnings (pairs that met before, a
    team's second bye while another has none), which do not refuse it.

    :param named: the errors and warnings name the teams (a page's words); else they number
        them, as the API's ``teams`` do.

    :raises EventError: naming ``tables`` or ``tables.<i>.teams``.
    :raises scorepad.games.NotFound: no such event or round.
    :raises scorepad.games.Conflict: the round is not proposed.
    """
    pairs = _pairs(tables)
    with write_session(engine) as session:
        event = find_event(session, public_id, lock=True)
        view = _view(session, event)
        changed = _proposed(view, number)
        who = _team_words(view, named)
        pairing = _checked_pairing(view, changed.number, pairs, who)
        _store_pairing(session, changed.round, pairing)
        _touch(session, event)
        return _warnings(view, changed.number, pairing, who)


def _team_words(view: EventView, named: bool) -> Callable[[int], str | int]:
    """How a message of a pairing says a team: its name, or its number in the event."""
    if not named:
        return lambda team: team
    names = [t.name for t in view.teams]
    return lambda team: names[team] if 0 <= team < len(names) else team


def _pairs(tables: Any) -> list[tuple[int, int]]:
    """The tables of a changed pairing, as pairs of team numbers (their shape only)."""
    if not isinstance(tables, list) or not tables:
        raise EventError("tables", _('is a list of tables, {"teams": [a, b]} each'))
    pairs = []
    for i, entry in enumerate(tables):
        where = f"tables.{i}.teams"
        pair = _object(entry, f"tables.{i}", ("teams",)).get("teams")
        if not isinstance(pair, list) or len(pair) != 2:
            raise EventError(where, _("is a list of two team numbers"))
        a, b = (_int(t, where, 0, MAX_TEAMS - 1) for t in pair)
        pairs.append((a, b))
    return pairs


def _checked_pairing(
    view: EventView, number: int, pairs: list[tuple[int, int]], who: Callable[[int], str | int]
) -> Round:
    gone = view.withdrawn(number)
    active = [t.number for t in view.teams if t.number not in gone]
    seated: list[Table] = []
    used: set[int] = set()
    for i, (a, b) in enumerate(pairs):
        where = f"tables.{i}.teams"
        for team in (a, b):
            if team >= len(view.teams):
                raise EventError(where, _("no team {team}", team=str(team)))
            if team in gone:
                raise EventError(where, _("team {team} has withdrawn", team=who(team)))
            if team in used:
                raise EventError(where, _("team {team} is at two tables", team=who(team)))
            used.add(team)
        seated.append(Table(a, b))
    idle = [t for t in active if t not in used]
    if len(idle) > len(active) % 2:
        raise EventError(
            "tables",
            _(
                "every team plays (one has the bye when their count is odd): teams {teams} "
                "are at no table",
                teams=", ".join(str(who(team)) for team in idle),
            ),
        )
    return Round(tuple(seated), tuple(idle))


def _warnings(
    view: EventView, number: int, pairing: Round, who: Callable[[int], str | int]
) -> list[Message]:
    before = [r.pairing for r in view.rounds if r.number < number]
    met: dict[frozenset[int], int] = {}
    byes: dict[int, int] = {}
    for n, r in enumerate(before, 1):
        for table in r.tables:
            met.setdefault(table.teams, n)
        for team in r.byes:
            byes[team] = byes.get(team, 0) + 1
    out = []
    for table in pairing.tables:
        if table.teams in met:
            out.append(
                _(
                    "teams {a} and {b} met in round {round}",
                    a=who(table.first),
                    b=who(table.second),
                    round=met[table.teams],
                )
            )
    gone = view.withdrawn(number)
    fewest = min((byes.get(t.number, 0) for t in view.teams if t.number not in gone), default=0)
    for team in pairing.byes:
        if byes.get(team, 0) > fewest:
            out.append(_("team {team} had a bye already", team=who(team)))
    return out


def withdraw(engine: Engine, public_id: str, team: Any) -> int:
    """Withdraw ``team`` (its number) from the next round on: the round proposed now, whose
    pairing is made again without it, or else the one after the round being played. Its
    results so far stay in the standings. Answers the first round it misses.

    :raises scorepad.games.NotFound: no such event or team (``team``).
    :raises scorepad.games.Conflict: the team has already withdrawn, or the event is over.
    """
    with write_session(engine) as session:
        event = find_event(session, public_id, lock=True)
        view = _view(session, event)
        found = next((t for t in view.teams if isinstance(team, int) and t.number == team), None)
        if found is None:
            raise games.NotFound(_("no team {team}", team=str(team)), "team")
        if found.withdrawn_from is not None:
            raise games.Conflict(_("team {team} has withdrawn already", team=found.number), "team")
        if view.over:
            raise games.Conflict(
                _("the event's {rounds} rounds are played", rounds=event.rounds), "number"
            )
        current = view.current
        assert current is not None  # an event always has its round 1
        proposed = current.state == "proposed"
        found.withdrawn_from = current.number if proposed else current.number + 1
        session.add(found)
        session.flush()
        if proposed:
            _store_pairing(session, current.round, _pairing(view, current.number))
        _touch(session, event)
        return found.withdrawn_from


def set_due(engine: Engine, public_id: str, number: Any, due_at: datetime | None) -> None:
    """The time the director sets for round ``number`` to end (None: none): a table still
    playing after it is late (:meth:`RoundView.late`).

    :raises scorepad.games.NotFound: no such event or round.
    """
    with write_session(engine) as session:
        event = find_event(session, public_id, lock=True)
        row = _round(_view(session, event), number).round
        row.due_at = due_at
        session.add(row)
        _touch(session, event)


@dataclass(frozen=True)
class Minted:
    """A table's freshly minted edit token: the table, its game's public id, the token (shown
    once) and whether it revoked a token minted before."""

    table: int
    teams: tuple[int, int]
    game_id: str
    token: str
    revoked: bool


def mint_tokens(engine: Engine, public_id: str, number: Any = None) -> list[Minted]:
    """New edit tokens for the tables of round ``number`` (default: the last round started):
    each game's hash changes, so the tokens minted before stop working and the browsers that
    opened them lose their grants.

    :raises scorepad.games.NotFound: no such event or round.
    :raises scorepad.games.Conflict: the round has not started (its tables have no game).
    """
    with write_session(engine) as session:
        # The tables' games are locked (in one read, by id) before the event, in the order of
        # a deal's write (a game; its event's version once the deal is committed, alone):
        # no two writes wait in a circle.
        event = find_event(session, public_id)
        view = _view(session, event)
        if number is None:
            started = [r for r in view.rounds if r.state != "proposed"]
            number = started[-1].number if started else view.rounds[0].number
        minted_round = _round(view, number)
        if minted_round.state == "proposed":
            raise games.Conflict(
                _("round {number} has not started", number=minted_round.number), "number"
            )
        now = utcnow()
        tabled = {
            t.game.id: t
            for t in minted_round.tables
            if t.game is not None and t.game.id is not None
        }
        tokens = {game_id: new_edit_token() for game_id in tabled}
        minted = games.set_tokens(session, tokens)
        session.execute(delete(Grant).where(col(Grant.game_id).in_(list(minted))))
        out = []
        for game_id, table in tabled.items():
            game = minted.get(game_id)
            if game is None:
                continue
            out.append(
                Minted(
                    table.number,
                    table.teams,
                    game.public_id,
                    tokens[game_id],
                    table.table.minted_at is not None,
                )
            )
            table.table.minted_at = now
            session.add(table.table)
        event = find_event(session, public_id, lock=True)
        _touch(session, event)
        return out
