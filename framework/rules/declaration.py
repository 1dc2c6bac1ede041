"""What a variant declares: its name for players, deck, options with their words, presets and
catalog, seats and score columns, said once in one :class:`Declaration` that the plugin's
``atout_declare`` hook returns.

Every plugin of a variant's stack may declare: a family plugin its options and its catalog, the
variant its title, deck, own options and presets, a house rule what it adds. :func:`collect` joins
the declarations of a stack, top plugin first, into what :class:`framework.rules.plugins.Variant`
keeps: a :class:`VariantInfo`, the options and the presets (the first preset is the default), and
the catalogs, checking each name once.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from framework.core.cards import Deck
from framework.core.errors import OptionError, PluginError
from framework.core.messages import KERNEL, Domain, error_words
from framework.core.options import RESERVED_NAMES, Option, Preset
from framework.core.seats import SEATS, TEAMS

__all__ = [
    "NAME_LENGTH",
    "TEAM_COLUMNS",
    "Declaration",
    "ScoreColumn",
    "TableShape",
    "VariantInfo",
    "collect",
]

_ = KERNEL.message

#: The longest name of a seat, of a score column's key and of its group: a match's winner is
#: one of them (:attr:`MatchOutcome.winner <framework.rules.outcome.MatchOutcome>`), and a store
#: keeps it in a column this wide (the scorepad's ``game.winner``).
NAME_LENGTH = 40


@dataclass(frozen=True)
class ScoreColumn:
    """One column of a variant's score sheet: what a deal's score and the totals are keyed by.

    :param key: the column's code, in :attr:`DealScore.points
        <framework.rules.scoring.DealScore.points>`, the totals, the records and the API
        (``"NS"``; ``"N.pool"``): not empty, no spaces, at most :data:`NAME_LENGTH` characters,
        unique in the variant.
    :param label: its name for players, in the variant's words (a message of its catalog, or
        plain text).
    :param group: the group it is shown in on the sheet (a seat's name, for a score per
        player), or empty for none; at most :data:`NAME_LENGTH` characters.
    """

    key: str
    label: str
    group: str = ""


#: The score columns of a variant that declares none: the two teams of a four-seat game.
TEAM_COLUMNS = (ScoreColumn("NS", "NS"), ScoreColumn("EW", "EW"))


@dataclass(frozen=True)
class Declaration:
    """What one plugin declares, once: the answer of its ``atout_declare`` hook.

    A variant's own plugin gives its ``title``, ``summary`` and ``deck``; a plugin below or
    above it (a family, a house rule) gives what it adds, and the top-most plugin that gives
    a title, a summary or a deck names the variant.

    :param title: the variant's name for players ("Coinche (belote coinchée / contrée)").
    :param summary: one paragraph: the game, and whose rules the presets follow.
    :param deck: the deck it is played with.
    :param options: the rule options this plugin implements, each with its words for players
        (:class:`framework.core.options.Option`'s ``label``, ``help`` and the words of its
        ``choices``).
    :param presets: the named presets, each with its title and description for players; the
        first preset of the top-most plugin that declares any is the variant's default.
    :param catalog: the plugin's gettext catalog (its words written with ``catalog.message``),
        or None for a plugin whose words are shown in English.
    :param seat_may_sit_out: a contract can leave one seat out of the play (Cuatrola's bets);
        None leaves it to the plugins below (False when none says).
    :param seats: the seats' names in playing order, 2 to 6 distinct names of at most
        :data:`NAME_LENGTH` characters (a seat is its index in this tuple; the CLI, the API and
        the deal log write seats by these names); empty leaves them to the plugins below
        (``N E S W`` when none says). The four-seat teams (N and S against E and W) are the
        default sides of a table of four; at any other table every seat plays alone unless the
        variant says otherwise.
    :param score_columns: the columns of the score sheet, in the order they are shown
        (:class:`ScoreColumn`); empty leaves them to the plugins below (the teams ``NS`` and
        ``EW`` when none says). The top-most plugin that declares any gives them all.
    """

    title: str = ""
    summary: str = ""
    deck: Deck | None = None
    options: tuple[Option, ...] = ()
    presets: tuple[Preset, ...] = ()
    catalog: Domain | None = None
    seat_may_sit_out: bool | None = None
    seats: tuple[str, ...] = ()
    score_columns: tuple[ScoreColumn, ...] = ()


@dataclass(frozen=True)
class TableShape:
    """The table's shape under a game's rules, when the variant's options change it: the
    answer of ``atout_table_shape`` (Préférence's ``players = 4`` seats ``N E S W`` and writes
    20 score columns where three players have ``N E S`` and 12).

    :param seats: the seats' names in playing order, as :attr:`Declaration.seats`; empty keeps
        the declared ones.
    :param score_columns: the score sheet's columns, as :attr:`Declaration.score_columns`;
        empty keeps the declared ones.
    """

    seats: tuple[str, ...] = ()
    score_columns: tuple[ScoreColumn, ...] = ()


@dataclass(frozen=True)
class VariantInfo:
    """What a variant is, for ``atout variants`` and the scorepad: what its declarations name.

    :param title: its name for people ("Coinche (belote contrée)").
    :param summary: one paragraph: the game, and whose rules the presets follow.
    :param deck: the deck it is played with.
    :param teams: the team names used on the score sheet (always ``NS`` and ``EW`` here).
    :param seat_may_sit_out: a contract can leave one seat out of the play (Cuatrola's bets),
        or the deal pattern seats one out of every deal (``DealPattern.sitting_out``: the
        four-handed Préférence dealer), so a trick may skip that seat; ``atout legal/trick``
        accept such tricks only then.
    :param seats: the seats' names in playing order (``N E S W`` unless declared).
    :param score_columns: the score sheet's columns (the teams ``NS`` and ``EW`` unless the
        variant declares others).
    """

    title: str
    summary: str
    deck: Deck
    teams: tuple[str, str] = ("NS", "EW")
    seat_may_sit_out: bool = False
    seats: tuple[str, ...] = SEATS
    score_columns: tuple[ScoreColumn, ...] = TEAM_COLUMNS
    #: the score columns' keys, in order (made from them)
    column_keys: tuple[str, ...] = field(init=False, repr=False, compare=False)
    #: whether the score columns are the two teams, ``NS`` and ``EW``, and nothing else (the
    #: four-seat games' sheet): a score's points are then read by team
    scores_teams: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        keys = tuple(column.key for column in self.score_columns)
        object.__setattr__(self, "column_keys", keys)  # (frozen: the writes made once)
        object.__setattr__(self, "scores_teams", keys == TEAMS)

    def shaped(self, name: str, shape: object) -> VariantInfo:
        """This info with the seats and score columns of ``shape``, the answer of variant
        ``name``'s ``atout_table_shape`` (None: this info itself).

        :raises PluginError: for an answer that is not a :class:`TableShape`, or seats or
            columns refused as a declaration's are.
        """
        if shape is None:
            return self
        if not isinstance(shape, TableShape):
            raise PluginError(  # (a plugin author's error: in English)
                name, f"atout_table_shape answered {shape!r}, not a TableShape"
            )
        seats = tuple(shape.seats) or self.seats
        columns = tuple(shape.score_columns) or self.score_columns
        _check_seats(name, seats)
        _check_columns(name, columns)
        return replace(self, seats=seats, score_columns=columns)


@dataclass(frozen=True)
class Declared:
    """The declarations of a variant's stack, joined (see :func:`collect`)."""

    info: VariantInfo
    options: dict[str, Option]
    presets: dict[str, Preset]
    catalogs: tuple[Domain, ...]


def collect(name: str, declarations: Iterable[object]) -> Declared:
    """Join the declarations of variant ``name``'s stack, top plugin first.

    :raises PluginError: for an answer that is not a :class:`Declaration`, an option or preset
        declared twice or badly, a preset setting an unknown option or a bad value, a stack
        that declares no deck or no preset.
    """
    title = summary = ""
    deck: Deck | None = None
    sit_out: bool | None = None
    seats: tuple[str, ...] = ()
    columns: tuple[ScoreColumn, ...] = ()
    options: dict[str, Option] = {}
    collected: list[Preset] = []
    catalogs: dict[str, Domain] = {}
    for declaration in declarations:
        if not isinstance(declaration, Declaration):
            raise PluginError(name, _("atout_declare must return a Declaration"))
        title = title or declaration.title
        summary = summary or declaration.summary
        deck = deck or declaration.deck
        sit_out = declaration.seat_may_sit_out if sit_out is None else sit_out
        seats = seats or tuple(declaration.seats)
        columns = columns or tuple(declaration.score_columns)
        for option in declaration.options:
            _add_option(name, options, option)
        for preset in declaration.presets:
            if not isinstance(preset, Preset):
                raise PluginError(
                    name, _("presets holds {value}, not a Preset", value=repr(preset))
                )
            collected.append(preset)
        if declaration.catalog is not None:
            catalogs.setdefault(declaration.catalog.name, declaration.catalog)
    if deck is None:
        raise PluginError(name, _("declares no deck"))
    presets: dict[str, Preset] = {}
    for preset in collected:
        _check_preset(name, options, presets, preset)
        presets[preset.name] = preset
    if not presets:
        raise PluginError(name, _("declares no preset"))
    seats = seats or SEATS
    _check_seats(name, seats)
    columns = columns or TEAM_COLUMNS
    _check_columns(name, columns)
    info = VariantInfo(
        title or name,
        summary,
        deck,
        seat_may_sit_out=bool(sit_out),
        seats=seats,
        score_columns=columns,
    )
    return Declared(info, options, presets, tuple(catalogs.values()))


def _check_seats(name: str, seats: tuple[str, ...]) -> None:
    """Refuse seats that are not 2 to 6 distinct names (case aside: a seat is typed in any
    case), each without spaces and at most :data:`NAME_LENGTH` characters long."""
    listed = " ".join(str(seat) for seat in seats)
    if (
        not 2 <= len(seats) <= 6
        or not all(isinstance(seat, str) and seat and seat.split() == [seat] for seat in seats)
        or len({seat.upper() for seat in seats}) != len(seats)
    ):
        raise PluginError(
            name, _("seats {seats}: a table has 2 to 6 seats, each named once", seats=listed)
        )
    for seat in seats:
        if len(seat) > NAME_LENGTH:
            raise PluginError(
                name,
                _(
                    "seat {seat}: a seat's name has at most {length} characters",
                    seat=repr(seat),
                    length=NAME_LENGTH,
                ),
            )


def _check_columns(name: str, columns: tuple[ScoreColumn, ...]) -> None:
    """Refuse score columns that are not :class:`ScoreColumn` s with distinct keys, each a
    word without spaces, and a label; a key or a group longer than :data:`NAME_LENGTH`."""
    keys: set[str] = set()
    for column in columns:
        if not isinstance(column, ScoreColumn):
            raise PluginError(
                name, _("score_columns holds {value}, not a ScoreColumn", value=repr(column))
            )
        key = column.key
        if not isinstance(key, str) or not key or key.split() != [key]:
            raise PluginError(
                name,
                _(
                    "score column {key}: a key is a word without spaces",
                    key=repr(key),
                ),
            )
        if key in keys:
            raise PluginError(name, _("score column {key} is declared twice", key=repr(key)))
        if not isinstance(column.group, str):
            raise PluginError(name, _("score column {key}: its group is text", key=repr(key)))
        if max(len(key), len(column.group)) > NAME_LENGTH:
            raise PluginError(
                name,
                _(
                    "score column {key}: its key and its group have at most {length} "
                    "characters each",
                    key=repr(key),
                    length=NAME_LENGTH,
                ),
            )
        keys.add(key)


def _add_option(name: str, options: dict[str, Option], option: object) -> None:
    if not isinstance(option, Option):
        raise PluginError(name, _("options holds {value}, not an Option", value=repr(option)))
    if not option.name.isidentifier() or option.name in RESERVED_NAMES:
        raise PluginError(name, _("{name} cannot name an option", name=repr(option.name)))
    if option.name in options:
        raise PluginError(name, _("option {name} is declared twice", name=repr(option.name)))
    try:
        option.check(option.default)
    except OptionError as exc:
        raise PluginError(name, error_words(exc)) from exc
    options[option.name] = option


def _check_preset(
    name: str, options: dict[str, Option], presets: dict[str, Preset], preset: Preset
) -> None:
    if preset.name in presets:
        raise PluginError(name, _("preset {name} is declared twice", name=repr(preset.name)))
    unknown = [k for k in preset.values if k not in options]
    if unknown:
        raise PluginError(
            name,
            _(
                "preset {name} sets unknown options {options}",
                name=repr(preset.name),
                options=", ".join(unknown),
            ),
        )
    try:
        for key, value in preset.values.items():
            options[key].check(value)
    except OptionError as exc:
        raise PluginError(
            name, _("preset {name}: {reason}", name=repr(preset.name), reason=error_words(exc))
        ) from exc
