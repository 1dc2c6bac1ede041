"""The scorepad's tables: games, their deals, and the app's own settings.

A game keeps a snapshot of its rules (``Rules.to_json()``), so a later change to a preset never
rescores it, and its deal records in order. Each deal also keeps what the variant's hooks made of
it — its score (points, pot, made, the explanation as a structured message), the match's state
after it (:class:`framework.match.MatchState`: running totals, pot, next dealer, outcome) and its
dealer — and the game keeps the state after its last deal and, once over, the variant's match
summary: a read or a new deal never replays the match; only an edit or a removal rescores, from
that deal on (:mod:`scorepad.games`). A game stored before these columns existed has
``state`` NULL and is scored once, on its first read or write. The other derived columns of
:class:`Game` (``deal_count``, totals, ``over``) serve the list of games; every write rewrites
them all.

``Game.version`` goes up by one with every write: the live page polls it (a cheap lookup) to
know whether anything changed. The schema is created and changed only by the Alembic migrations
in ``scorepad/migrations``.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, Column, ForeignKey, Index, Integer, UniqueConstraint
from sqlmodel import Field, SQLModel, col

__all__ = ["Deal", "Device", "Game", "Grant", "PlayDeal", "PlayGame", "Setting", "aware", "utcnow"]


def utcnow() -> datetime:
    return datetime.now(UTC)


def aware(moment: datetime) -> datetime:
    """A stored time as UTC (SQLite gives it back without its zone)."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


class Game(SQLModel, table=True):
    """One match at one table."""

    __tablename__ = "game"

    id: int | None = Field(default=None, primary_key=True)
    #: the public id of the game (live page, JSON read); not a secret
    public_id: str = Field(max_length=32, unique=True, index=True)
    variant: str = Field(max_length=100)
    preset: str = Field(max_length=100)
    #: the rules snapshot, ``Rules.to_json()``
    rules: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    team_ns: str = Field(max_length=60)
    team_ew: str = Field(max_length=60)
    #: the players' names by seat letter (``{"N": "Anne", ...}``; a seat left out is unnamed)
    players: dict[str, str] | None = Field(default=None, sa_column=Column(JSON, nullable=True))
    #: the seat that dealt the first deal (0-3, N E S W)
    first_dealer: int = Field(default=3)
    #: sha256 of the edit token; the token itself is never stored
    edit_token_hash: str = Field(max_length=64)
    version: int = Field(default=1)
    deal_count: int = Field(default=0)
    total_ns: int = Field(default=0)
    total_ew: int = Field(default=0)
    over: bool = Field(default=False)
    winner: str | None = Field(default=None, max_length=2)
    #: the match after the last deal, ``MatchState.to_json()``; NULL: not scored yet (a game
    #: stored before per-deal state; scored on first use)
    state: dict[str, Any] | None = Field(default=None, sa_column=Column(JSON, nullable=True))
    #: once the match is over: the variant's summary, ``[{"label", "label_message"?, "counts"}]``
    summary: list[Any] | None = Field(default=None, sa_column=Column(JSON, nullable=True))
    #: who created the game (a keyed hash of the client's address), for the creation limit
    creator: str | None = Field(default=None, max_length=64)
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)


Index("ix_game_creator_created_at", Game.creator, Game.created_at)  # type: ignore[arg-type]
Index("ix_game_updated_at", Game.updated_at)  # type: ignore[arg-type]


class Deal(SQLModel, table=True):
    """One deal record of a game; ``number`` counts from 1 with no gap."""

    __tablename__ = "deal"
    __table_args__ = (UniqueConstraint("game_id", "number", name="uq_deal_game_id_number"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(
        sa_column=Column(
            Integer,
            ForeignKey("game.id", name="fk_deal_game_id_game", ondelete="CASCADE"),
            nullable=False,
            index=True,
        )
    )
    number: int
    record: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    #: the seat that dealt it (NULL until scored, see the module's docstring)
    dealer: int | None = Field(default=None)
    #: its score, ``DealScore.to_json()`` (the explanation with its message)
    score: dict[str, Any] | None = Field(default=None, sa_column=Column(JSON, nullable=True))
    #: the match after it, ``MatchState.to_json()``
    state: dict[str, Any] | None = Field(default=None, sa_column=Column(JSON, nullable=True))
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)


class Setting(SQLModel, table=True):
    """A value the app keeps for itself across restarts and workers (the session key)."""

    __tablename__ = "setting"

    key: str = Field(primary_key=True, max_length=60)
    value: str = Field(max_length=500)


class PlayGame(SQLModel, table=True):
    """A match played against the computer on the play table (:mod:`scorepad.play`).

    The person's link carries a secret key; only its sha256 is kept (``key_hash``), so the
    database never holds a usable link. Totals and ``over`` only serve lists: the score is
    recomputed from the deals' records.
    """

    __tablename__ = "play_game"

    id: int | None = Field(default=None, primary_key=True)
    key_hash: str = Field(max_length=64, unique=True, index=True)
    variant: str = Field(max_length=100)
    preset: str = Field(max_length=100)
    #: the rules snapshot, ``Rules.to_json()``
    rules: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    #: the bot playing the three other seats (a name of ``framework.bots.BOTS``)
    bot: str = Field(max_length=40)
    #: the person's seat (0-3, N E S W)
    seat: int = Field(default=2)
    #: practice mode: the person may take back a card
    practice: bool = Field(default=False)
    #: the seed of the shuffles and of the bots' choices
    seed: int = Field(default=0)
    first_dealer: int = Field(default=3)
    version: int = Field(default=1)
    deal_count: int = Field(default=0)
    total_ns: int = Field(default=0)
    total_ew: int = Field(default=0)
    over: bool = Field(default=False)
    winner: str | None = Field(default=None, max_length=2)
    #: who started it (a keyed hash of the client's address), for the creation limit
    creator: str | None = Field(default=None, max_length=64)
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)


Index("ix_play_game_creator_created_at", col(PlayGame.creator), col(PlayGame.created_at))
Index("ix_play_game_updated_at", col(PlayGame.updated_at))


class PlayDeal(SQLModel, table=True):
    """One deal of a :class:`PlayGame`: its cards and its event log, and its record once over.

    The deal is rebuilt from ``dealer``, ``deck`` (the shuffled order in card notation),
    ``context`` and ``events`` (``Deal.to_json()``'s keys) on every request, so any worker
    continues it.
    """

    __tablename__ = "play_deal"
    __table_args__ = (UniqueConstraint("game_id", "number", name="uq_play_deal_game_id_number"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(
        sa_column=Column(
            Integer,
            ForeignKey("play_game.id", name="fk_play_deal_game_id_play_game", ondelete="CASCADE"),
            nullable=False,
            index=True,
        )
    )
    number: int
    dealer: int
    deck: str = Field(max_length=400)
    context: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    events: list[Any] = Field(sa_column=Column(JSON, nullable=False))
    #: the deal record once the deal is over (what the score sheet holds)
    record: dict[str, Any] | None = Field(default=None, sa_column=Column(JSON, nullable=True))
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)


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
    """What one device may open: a scorepad game it may edit or a play table it plays.

    ``sealed`` is the capability (the game's edit token, the table's key) encrypted with the
    device key, which only the device holds (:func:`scorepad.devices.seal`): the page can show
    the edit link again, and neither the database nor the cookie alone gives it away. A grant
    counts only while the unsealed token is the game's current one, so rotating the token
    revokes every grant of the game even before they are deleted.
    """

    __tablename__ = "device_grant"
    __table_args__ = (
        UniqueConstraint("device_id", "game_id", name="uq_device_grant_device_id_game_id"),
        UniqueConstraint(
            "device_id", "play_game_id", name="uq_device_grant_device_id_play_game_id"
        ),
    )

    id: int | None = Field(default=None, primary_key=True)
    device_id: int = Field(
        sa_column=Column(
            Integer,
            ForeignKey("device.id", name="fk_device_grant_device_id_device", ondelete="CASCADE"),
            nullable=False,
            index=True,
        )
    )
    game_id: int | None = Field(
        default=None,
        sa_column=Column(
            Integer,
            ForeignKey("game.id", name="fk_device_grant_game_id_game", ondelete="CASCADE"),
            nullable=True,
            index=True,
        ),
    )
    play_game_id: int | None = Field(
        default=None,
        sa_column=Column(
            Integer,
            ForeignKey(
                "play_game.id", name="fk_device_grant_play_game_id_play_game", ondelete="CASCADE"
            ),
            nullable=True,
            index=True,
        ),
    )
    #: the random nonce of the sealing (hex)
    nonce: str = Field(max_length=32)
    #: the sealed capability (hex)
    sealed: str = Field(max_length=200)
    granted_at: datetime = Field(default_factory=utcnow)
