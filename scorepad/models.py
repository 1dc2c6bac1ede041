"""The scorepad's tables: games, their deals, and the app's own settings.

A game keeps a snapshot of its rules (``Rules.to_json()``), so a later change to a preset never
rescores it, and its deal records in order; everything else on the score sheet (points, totals,
pots, dealers, the winner) is recomputed from the records by :class:`framework.match.Match`.
The few derived columns kept on :class:`Game` (``deal_count``, totals, ``over``) only serve the
list of games and are rewritten by every write.

``Game.version`` goes up by one with every write: the live page polls it (a cheap lookup) to
know whether anything changed. The schema is created and changed only by the Alembic migrations
in ``scorepad/migrations``.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, Column, ForeignKey, Integer, UniqueConstraint
from sqlmodel import Field, SQLModel

__all__ = ["Deal", "Game", "PlayDeal", "PlayGame", "Setting", "utcnow"]


def utcnow() -> datetime:
    return datetime.now(UTC)


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
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)


class Deal(SQLModel, table=True):
    """One deal record of a game; ``number`` counts from 1 with no gap."""

    __tablename__ = "deal"
    __table_args__ = (UniqueConstraint("game_id", "number", name="uq_deal_game_id_number"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(sa_column=Column(
        Integer, ForeignKey("game.id", name="fk_deal_game_id_game", ondelete="CASCADE"),
        nullable=False, index=True))
    number: int
    record: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
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
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)


class PlayDeal(SQLModel, table=True):
    """One deal of a :class:`PlayGame`: its cards and its event log, and its record once over.

    The deal is rebuilt from ``dealer``, ``deck`` (the shuffled order in card notation),
    ``context`` and ``events`` (``Deal.to_json()``'s keys) on every request, so any worker
    continues it.
    """

    __tablename__ = "play_deal"
    __table_args__ = (UniqueConstraint("game_id", "number", name="uq_play_deal_game_id_number"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(sa_column=Column(
        Integer, ForeignKey("play_game.id", name="fk_play_deal_game_id_play_game",
                            ondelete="CASCADE"), nullable=False, index=True))
    number: int
    dealer: int
    deck: str = Field(max_length=400)
    context: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    events: list[Any] = Field(sa_column=Column(JSON, nullable=False))
    #: the deal record once the deal is over (what the score sheet holds)
    record: dict[str, Any] | None = Field(default=None, sa_column=Column(JSON, nullable=True))
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)
