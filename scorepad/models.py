"""The scorepad's tables: matches, their deals, the devices that may open them, and the app's
own settings.

A match (:class:`Game`) is either a **score sheet** kept at a real table (``kind`` ``"sheet"``:
deal records typed in, a public id for its live page, an edit token) or a **game against the
computer** on the play table (``kind`` ``"play"``: the person's seat, the bot of the three other
seats, the seed of the shuffles and of the bots' choices, a link's key). Both keep a snapshot of
their rules (``Rules.to_json()``: the preset with the house rules, the target among them), so a
later change to a preset never rescores them, and their deals in order (:class:`Deal`).

Each deal keeps its record and what the variant's hooks made of it — its score (points, pot,
made, the explanation as a structured message), the match's state after it
(:class:`framework.engine.match.MatchState`: running totals, pot, next dealer, outcome) and its
dealer — and the match keeps the state after its last scored deal and, once over, the variant's
match summary: a read, a new deal or a played deal's end never replays the match; only an edit or a
removal of a score sheet's deal rescores, from that deal on (:mod:`scorepad.games`). A deal
played here also keeps its shuffled deck, match context and event log, and has no record until
it is over. A match stored by an earlier version has ``state`` NULL until ``atout backfill``
scores it (never on a read). The other derived columns of :class:`Game` (``deal_count``,
totals, ``over``) serve lists; every write rewrites them all.

An **event** (:class:`Event`, a club night or a tournament) holds teams (:class:`EventTeam`),
rounds (:class:`EventRound`) and each round's tables (:class:`EventTable`); a table's match is an
ordinary score sheet (``EventTable.game_id``), created when its round starts
(:mod:`scorepad.events.store`).

``Game.version`` goes up by one with every write: the live page polls it (a cheap lookup) to
know whether anything changed. The schema is created and changed only by the Alembic migrations
in ``scorepad/migrations``.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, Literal

from sqlalchemy import JSON, Column, ForeignKey, Index, Integer, UniqueConstraint
from sqlmodel import Field, SQLModel, col

from framework.rules.declaration import NAME_LENGTH

__all__ = [
    "KINDS",
    "ROUND_STATES",
    "Deal",
    "Device",
    "Event",
    "EventRound",
    "EventTable",
    "EventTeam",
    "Game",
    "Grant",
    "Kind",
    "Setting",
    "aware",
    "utcnow",
]


def _nullable_json() -> Column[Any]:
    """A JSON column that may be NULL: None is stored as SQL NULL (not JSON ``null``), so that
    ``IS NULL`` finds it."""
    return Column(JSON(none_as_null=True), nullable=True)


def _refers_to(child: str, parent: str, *, removed_with: bool = True) -> Column[Any]:
    """A ``child`` row's reference (column ``<parent>_id``, ``round_id`` for a round) to a
    ``parent`` row: removed with it, or else NULL from its removal on (and NULL is allowed)."""
    column = parent.removeprefix("event_") + "_id"
    return Column(
        column,
        Integer,
        ForeignKey(
            f"{parent}.id",
            name=f"fk_{child}_{column}_{parent}",
            ondelete="CASCADE" if removed_with else "SET NULL",
        ),
        nullable=not removed_with,
        index=True,
    )


def _unique(table: str, *columns: str) -> UniqueConstraint:
    """``columns`` taken together are unique in ``table`` (the constraint named for them)."""
    return UniqueConstraint(*columns, name=f"uq_{table}_{'_'.join(columns)}")


#: a match's kinds: a score sheet, a game against the computer
KINDS = ("sheet", "play")
Kind = Literal["sheet", "play"]


def utcnow() -> datetime:
    return datetime.now(UTC)


def aware(moment: datetime) -> datetime:
    """A stored time as UTC (SQLite gives it back without its zone)."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


class Game(SQLModel, table=True):
    """One match: a score sheet or a game against the computer (``kind``)."""

    __tablename__ = "game"

    id: int | None = Field(default=None, primary_key=True)
    #: ``"sheet"`` or ``"play"`` (:data:`KINDS`)
    kind: str = Field(max_length=10)
    #: the match's public id: a score sheet's live page and JSON read (not a secret); a game
    #: against the computer is opened by its link's key alone
    public_id: str = Field(max_length=32, unique=True, index=True)
    #: sha256 of the match's capability: a score sheet's edit token, a play table's link key
    #: (the secret itself is never stored)
    token_hash: str = Field(max_length=64, unique=True, index=True)
    variant: str = Field(max_length=100)
    preset: str = Field(max_length=100)
    #: the rules snapshot, ``Rules.to_json()`` (its options, the target among them)
    rules: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    team_ns: str = Field(default="NS", max_length=60)
    team_ew: str = Field(default="EW", max_length=60)
    #: the players' names by seat letter (``{"N": "Anne", ...}``; a seat left out is unnamed)
    players: dict[str, str] | None = Field(default=None, sa_column=_nullable_json())
    #: the seat that dealt the first deal (0-3, N E S W)
    first_dealer: int = Field(default=3)
    #: a game against the computer: the person's seat (0-3), the bot playing the three others
    #: (a name of ``framework.bots.registry.BOTS``), practice mode (the person may take back a
    #: card), the seed of the shuffles and of the bots' choices; NULL for a score sheet
    seat: int | None = Field(default=None)
    bot: str | None = Field(default=None, max_length=40)
    practice: bool = Field(default=False)
    seed: int | None = Field(default=None)
    version: int = Field(default=1)
    deal_count: int = Field(default=0)
    total_ns: int = Field(default=0)
    total_ew: int = Field(default=0)
    over: bool = Field(default=False)
    #: once the match is over, who won it (``MatchOutcome.winner``: one of the variant's score
    #: columns or their groups, a team, a seat, of at most ``NAME_LENGTH`` characters); NULL for a
    #: draw or a match going on
    winner: str | None = Field(default=None, max_length=NAME_LENGTH)
    #: the match after the last scored deal, ``MatchState.to_json()``; NULL: stored by an
    #: earlier version and not scored yet (``atout backfill``)
    state: dict[str, Any] | None = Field(default=None, sa_column=_nullable_json())
    #: once the match is over: the variant's summary, ``[{"label", "label_message"?, "counts"}]``
    summary: list[Any] | None = Field(default=None, sa_column=_nullable_json())
    #: who created the match (a keyed hash of the client's address), for the creation limit
    creator: str | None = Field(default=None, max_length=64)
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)


Index("ix_game_creator_created_at", col(Game.creator), col(Game.created_at))
Index("ix_game_updated_at", col(Game.updated_at))


class Deal(SQLModel, table=True):
    """One deal of a match; ``number`` counts from 1 with no gap.

    A score sheet's deals all have a record. A deal played here is rebuilt from ``dealer``,
    ``deck`` (the shuffled order in card notation), ``context`` and ``events``
    (``framework.engine.deal.Deal.to_json()``'s keys) on every request, so any worker continues it;
    its record, score and state are written when it ends (the last deal of a play table has
    none while it is being played).
    """

    __tablename__ = "deal"
    __table_args__ = (_unique("deal", "game_id", "number"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(sa_column=_refers_to("deal", "game"))
    number: int
    #: the deal record (NULL: a deal played here, not over yet)
    record: dict[str, Any] | None = Field(default=None, sa_column=_nullable_json())
    #: the seat that dealt it (NULL: a score sheet's deal stored by an earlier version, until
    #: ``atout backfill``)
    dealer: int | None = Field(default=None)
    #: a deal of a table of an event on boards: which board it is (1 to the round's deals), as
    #: its scorer said (a table may play its boards in any order); NULL elsewhere
    board: int | None = Field(default=None)
    #: its score, ``DealScore.to_json()`` (the explanation with its message)
    score: dict[str, Any] | None = Field(default=None, sa_column=_nullable_json())
    #: the match after it, ``MatchState.to_json()``
    state: dict[str, Any] | None = Field(default=None, sa_column=_nullable_json())
    #: a deal played here: the shuffled deck (card notation), the match context it was dealt
    #: in, and its event log; NULL for a score sheet's deal
    deck: str | None = Field(default=None, max_length=400)
    context: dict[str, Any] | None = Field(default=None, sa_column=_nullable_json())
    events: list[Any] | None = Field(default=None, sa_column=_nullable_json())
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)


class Setting(SQLModel, table=True):
    """A value the app keeps for itself across restarts and workers (the session key)."""

    __tablename__ = "setting"

    key: str = Field(primary_key=True, max_length=60)
    value: str = Field(max_length=500)


class Device(SQLModel, table=True):
    """A browser that keeps a device key in its cookie (:mod:`scorepad.devices`).

    Only the key's sha256 is kept (``key_hash``): the database alone never holds a usable
    cookie. ``seen_at`` moves at most once a day; a device unseen for the cookie's lifetime is
    purged with its grants.
    """

    __tablename__ = "device"

    id: int | None = Field(default=None, primary_key=True)
    key_hash: str = Field(max_length=64, unique=True, index=True)
    created_at: datetime = Field(default_factory=utcnow)
    seen_at: datetime = Field(default_factory=utcnow, index=True)


class Grant(SQLModel, table=True):
    """A match one device may open: a score sheet it may edit or a play table it plays.

    ``sealed`` is the capability (the sheet's edit token, the table's key) encrypted with the
    device key, which only the device holds (:func:`scorepad.devices.seal`): the page can show
    the edit link again, and neither the database nor the cookie alone gives it away. A grant
    counts only while the unsealed token is the match's current one, so rotating the token
    revokes every grant of the match even before they are deleted.
    """

    __tablename__ = "device_grant"
    __table_args__ = (_unique("device_grant", "device_id", "game_id"),)

    id: int | None = Field(default=None, primary_key=True)
    device_id: int = Field(sa_column=_refers_to("device_grant", "device"))
    game_id: int = Field(sa_column=_refers_to("device_grant", "game"))
    #: the random nonce of the sealing (hex)
    nonce: str = Field(max_length=32)
    #: the sealed capability (hex)
    sealed: str = Field(max_length=200)
    granted_at: datetime = Field(default_factory=utcnow)


# ---- events --------------------------------------------------------------------------------

#: a round's states, in the order it goes through them
ROUND_STATES = ("proposed", "playing", "closed")


class Event(SQLModel, table=True):
    """A team event: its name, its rules (as a game's, the round's length among them), its
    format and its director's capability."""

    __tablename__ = "event"

    id: int | None = Field(default=None, primary_key=True)
    #: the event's public id: its wall and JSON read (not a secret)
    public_id: str = Field(max_length=32, unique=True, index=True)
    #: sha256 of the director's token (the token itself is never stored)
    token_hash: str = Field(max_length=64, unique=True, index=True)
    name: str = Field(max_length=80)
    variant: str = Field(max_length=100)
    preset: str = Field(max_length=100)
    #: the house rules over the preset, as sent (checked), given to every table's game
    options: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    #: the rules snapshot every table's game gets, ``Rules.to_json()`` (``match_deals`` for a
    #: round of a fixed number of deals, the target among the options)
    rules: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    #: how many rounds the event has
    rounds: int
    #: a round's length: a fixed number of deals (the kernel's ``match_deals``), or the points
    #: to win (``target``); both NULL: the preset's end of a match
    round_deals: int | None = Field(default=None)
    round_target: int | None = Field(default=None)
    #: ``"swiss"``, ``"round-robin"`` or ``"random"``
    pairing: str = Field(max_length=20)
    #: how a bye scores: ``"average"``, ``"fixed"`` (``bye_points`` for, ``bye_against``
    #: against) or ``"none"`` (:class:`scorepad.events.standings.ByeRule`)
    bye: str = Field(default="average", max_length=10)
    bye_points: int = Field(default=0)
    bye_against: int = Field(default=0)
    #: match points of a win, a draw and a loss
    win: int = Field(default=2)
    draw: int = Field(default=1)
    loss: int = Field(default=0)
    #: rounds played on boards (duplicate): every table plays the same hands, dealt from ``seed``
    boards: bool = Field(default=False)
    #: what ranks the teams first (:data:`scorepad.events.standings.RANKINGS`):
    #: ``"match_points"``, or ``"boards"`` (the sum of the board differences of the closed
    #: rounds; an event on boards only)
    ranking: str = Field(
        default="match_points", max_length=20, sa_column_kwargs={"server_default": "match_points"}
    )
    #: the seed of the random pairings and of the boards' hands
    seed: int
    #: goes up by one with every write to the event or one of its tables' games (the wall polls
    #: it)
    version: int = Field(default=1)
    #: who created the event (a keyed hash of the client's address), for the creation limit
    creator: str | None = Field(default=None, max_length=64)
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)


Index("ix_event_creator_created_at", col(Event.creator), col(Event.created_at))


class EventTeam(SQLModel, table=True):
    """A team of an event; ``number`` counts from 0 in the order the teams were given (the
    index the API and the pairings use)."""

    __tablename__ = "event_team"
    __table_args__ = (_unique("event_team", "event_id", "number"),)

    id: int | None = Field(default=None, primary_key=True)
    event_id: int = Field(sa_column=_refers_to("event_team", "event"))
    number: int
    name: str = Field(max_length=60)
    #: the players' names, in seat order on the team's side (``["Anne", "Paul"]``), each optional
    players: list[str] | None = Field(default=None, sa_column=_nullable_json())
    club: str | None = Field(default=None, max_length=60)
    #: the first round it is no longer paired in (NULL: still playing)
    withdrawn_from: int | None = Field(default=None)


class EventRound(SQLModel, table=True):
    """A round of an event: ``proposed`` (its pairings may change), ``playing`` (its tables'
    games exist), ``closed``."""

    __tablename__ = "event_round"
    __table_args__ = (_unique("event_round", "event_id", "number"),)

    id: int | None = Field(default=None, primary_key=True)
    event_id: int = Field(sa_column=_refers_to("event_round", "event"))
    #: from 1
    number: int
    #: one of :data:`ROUND_STATES`
    state: str = Field(default="proposed", max_length=10)
    #: the teams with a bye this round (their numbers)
    byes: list[int] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    #: a round closed while a table still played: the director's reason (kept)
    forced_reason: str | None = Field(default=None, max_length=200)
    #: the time the director set for the round's end (a table still playing after it is late)
    due_at: datetime | None = Field(default=None)
    started_at: datetime | None = Field(default=None)
    closed_at: datetime | None = Field(default=None)


class EventTable(SQLModel, table=True):
    """A table of a round: its number (from 1), its two teams (``team_a`` sits NS, the variant's
    first side; ``team_b`` the other) and, once the round started, its game."""

    __tablename__ = "event_table"
    __table_args__ = (_unique("event_table", "round_id", "number"),)

    id: int | None = Field(default=None, primary_key=True)
    round_id: int = Field(sa_column=_refers_to("event_table", "event_round"))
    number: int
    team_a: int
    team_b: int
    #: the table's score sheet (NULL until the round starts, or once the game was purged)
    game_id: int | None = Field(
        default=None, sa_column=_refers_to("event_table", "game", removed_with=False)
    )
    #: when the director last minted the table's edit token (NULL: never; minting again
    #: revokes the one before)
    minted_at: datetime | None = Field(default=None)
