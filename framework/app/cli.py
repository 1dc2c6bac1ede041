"""The ``atout`` command line: the contract of ``design.md``.

::

    atout variants [--json]
    atout legal VARIANT [--preset P] [--option K=V]... --contract K --hand "CARDS" [--trick "SEAT:CARD ..."] [--json]
    atout trick VARIANT [--preset P] [--option K=V]... --contract K --trick "SEAT:CARD x4" [--json]
    atout score VARIANT [--preset P] [--option K=V]... [FILE|-] [--json]
    atout simulate VARIANT [--preset P] [--option K=V]... [--deals N] [--seed S] [--bot NAME] [--jobs N] [--json]
    atout duel VARIANT --bot A --against B [--preset P] [--deals N] [--seed S] [--jobs N] [--budget K] [--json]
    atout serve ...        (and any command a plugin adds through the entry points "atout.commands")

Errors go to stderr as one line naming what is wrong, with exit status 2; never a traceback.
Other commands (the scorepad's ``serve``) are plugged in through the entry-point group
``atout.commands``, so the kernel does not import the scorepad.
"""  # noqa: E501

from __future__ import annotations

import json
import os
import re
import sys
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextvars import ContextVar
from importlib import metadata
from itertools import pairwise
from typing import IO, Any

import click

from framework.app.cli_params import (
    AS_JSON,
    DEALS_ALONE,
    HELP,
    MATCH_DEALS,
    SEED,
    check_bot,
    help_text,
    jobs_option,
    load_rules,
    open_to_write,
    os_reason,
    variant_options,
    whole_number_option,
)
from framework.app.duel import Progress, duel, match_sides, run_simulation
from framework.app.language import add_domains, command_language, is_english, say
from framework.app.play_cli import (
    columns_words,
    deal_points,
    play,
    settlement_words,
    totals_words,
)
from framework.core.errors import AtoutError, NotationError, RecordError
from framework.core.messages import (
    KERNEL,
    Message,
    Number,
    Team,
    error_words,
    join,
    with_messages,
)
from framework.core.options import Rules
from framework.core.seats import are_teams, parse_seat_of, same_side, seat_after, seat_word
from framework.core.untrusted import JSONError, load_json
from framework.engine.deal_log import write_line
from framework.engine.match import Match
from framework.rules.auction import Contract
from framework.rules.plugins import Variant, load_all
from framework.rules.tricks import PlayRules

#: the largest score sheet ``atout score`` reads (a match of thousands of deals fits)
MAX_SHEET_BYTES = 16 * 1024 * 1024

COMMANDS_GROUP = "atout.commands"

_ = KERNEL.message
_n = KERNEL.plural


class _Group(click.Group):
    """The ``atout`` group: built-in commands plus the ``atout.commands`` entry points,
    imported only when invoked; every command's help in the command's language."""

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        commands = [
            (name, command)
            for name in self.list_commands(ctx)
            if (command := self.get_command(ctx, name)) is not None and not command.hidden
        ]
        if not commands:
            return
        limit = formatter.width - 6 - max(len(name) for name, _c in commands)
        lang = _help_language()
        with formatter.section(say(_("Commands"), lang)):
            formatter.write_dl(
                [(name, _short_help(command, limit, lang)) for name, command in commands]
            )

    def _plugged(self) -> dict[str, metadata.EntryPoint]:
        return {ep.name: ep for ep in metadata.entry_points(group=COMMANDS_GROUP)}

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(super().list_commands(ctx)) | set(self._plugged()))

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        found = super().get_command(ctx, name)
        if found is not None:
            return found
        ep = self._plugged().get(name)
        if ep is None:
            return None
        try:
            command: click.Command = ep.load()
        except Exception as exc:
            raise AtoutError(
                _("the command {name} cannot be loaded: {error}", name=repr(name), error=str(exc))
            ) from exc
        return _as_atout_command(command)


def _as_atout_command(command: click.Command) -> click.Command:
    """``command`` made an ``atout`` command like the built-in ones: its own catalogs known (a
    ``translations`` attribute, if any), a ``--lang`` option, its help in the language. For the
    commands of other modules (duel, play) and the plugged ones."""
    add_domains(getattr(command, "translations", ()))
    if not any(p.name == "lang" for p in command.params):
        _LANG_OPTION(command)
    command.context_class = _Context
    return command


def _set_lang(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    if value:  # ctx.meta is shared by the group's context and the command's
        ctx.meta["atout.lang"] = value  # normalised by command_language
    return value


# ---- --help in the command's language ----------------------------------------------------

#: the arguments of the running command line: ``--help`` is answered as soon as it is read,
#: so a ``--lang`` after it is found here
_ARGV: ContextVar[Sequence[str]] = ContextVar("atout_argv", default=())

#: click's own words in a help page, as messages (the English is click's)
_CLICK_WORDS = {
    "Options": _("Options"),
    "Commands": _("Commands"),
    "Show this message and exit.": _("Show this message and exit."),
}
#: the placeholders of a help page ("--deals INTEGER", "[OPTIONS] VARIANT") and of a usage
#: error ("Missing argument 'VARIANT'"), as messages: click writes them from a value type's
#: name and an option's metavar, fixed when a command is declared, before its language is
#: known. (URL is the same word in every language.)
_METAVARS = {
    str(m): m
    for m in (
        _("TEXT"),
        _("INTEGER"),
        _("KEY=VALUE"),
        _("VARIANT"),
        _("LANG"),
        _("FILE"),
        _("[FILE|-]"),
        _("NAME"),
        _("DAYS"),
        _("[OPTIONS]"),
        _("COMMAND"),
        _("[ARGS]..."),
    )
}
_WORD = re.compile(r"[^\s',/]+")
#: the notes click puts after an option's help: ``[default: 1000]``, ``[required]``
_NOTES = re.compile(r"(.*?)\s*\[([^\[\]]*)\]", re.DOTALL)


def _help_language() -> str:
    return command_language(_ARGV.get())


def _said_help(text: str, lang: str) -> str:
    """A help text (a command's, an option's or one of click's words) in ``lang``."""
    key = " ".join(text.split())
    found = HELP.get(key) or _CLICK_WORDS.get(key)
    return text if found is None else say(found, lang)


def _said_metavars(text: str, lang: str) -> str:
    """The placeholders of a usage line, an option's term or an error's hint in ``lang``."""
    if is_english(lang):
        return text
    return _WORD.sub(lambda m: say(_METAVARS[m[0]], lang) if m[0] in _METAVARS else m[0], text)


def _said_notes(notes: str, lang: str) -> str:
    said = []
    for note in notes.split("; "):
        name, sep, value = note.partition(": ")
        said.append(
            say(_("default: {value}", value=value), lang)
            if sep and name == "default"
            else say(_("required"), lang)
            if note == "required"
            else note
        )
    return "; ".join(said)


class _Formatter(click.HelpFormatter):
    """click's help formatter, saying the help texts in the command's language (English: as
    click writes them)."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        lang = _help_language()
        if prefix is None and not is_english(lang):
            prefix = say(_("Usage: "), lang)
        super().write_usage(prog, _said_metavars(args, lang), prefix)

    def write_heading(self, heading: str) -> None:
        super().write_heading(_said_help(heading, _help_language()))

    def write_text(self, text: str) -> None:
        super().write_text(_said_help(text, _help_language()))

    def write_dl(
        self, rows: Iterable[tuple[str, str]], col_max: int = 30, col_spacing: int = 2
    ) -> None:
        lang = _help_language()
        if not is_english(lang):
            rows = [(_said_metavars(term, lang), self._said_row(text, lang)) for term, text in rows]
        super().write_dl(rows, col_max, col_spacing)

    @staticmethod
    def _said_row(text: str, lang: str) -> str:
        notes = _NOTES.fullmatch(text)
        if notes is None:
            return _said_help(text, lang)
        return f"{_said_help(notes.group(1), lang)}  [{_said_notes(notes.group(2), lang)}]"


class _Context(click.Context):
    formatter_class = _Formatter


class _Command(click.Command):
    """An ``atout`` command: its help said in the command's language."""

    context_class = _Context


def _short_help(command: click.Command, limit: int, lang: str) -> str:
    """A command's line in the group's list: its help's first sentence, in ``lang``."""
    if is_english(lang) or not command.help:
        return command.get_short_help_str(limit)
    said = click.Command(None, help=_said_help(command.help, lang))  # click's own shortening
    return said.get_short_help_str(limit)


_LANG_OPTION = click.option(
    "--lang",
    expose_value=False,
    callback=_set_lang,
    is_eager=True,
    metavar="LANG",
    help=help_text(
        _(
            "Language of explanations and reasons (fr, ru, bg, hr, es, ...); "
            "default: LANG, else English. JSON keeps the English text and adds each "
            "message's id and params."
        )
    ),
)


def _show_version(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    """``atout --version``: click's line ("atout, version 1.0.0"), in the command's language."""
    if not value or ctx.resilient_parsing:
        return
    click.echo(
        say(
            _(
                "{prog}, version {version}",
                prog=ctx.find_root().info_name or "atout",
                version=metadata.version("atout"),
            ),
            _help_language(),
        )
    )
    ctx.exit()


_Group.command_class = _Command
_Group.context_class = _Context


@click.group(
    cls=_Group,
    context_settings={"help_option_names": ["-h", "--help"]},
    help=help_text(
        _(
            "atout: trick-taking card games of the Belote family and their cousins, "
            "and a scorepad for real tables."
        )
    ),
)
@click.option(
    "--version",
    is_flag=True,
    expose_value=False,
    is_eager=True,
    callback=_show_version,
    help=help_text(_("Show the version and exit.")),
)
@_LANG_OPTION
def cli() -> None:
    """The ``atout`` group: the commands below, and those plugged in."""


# ---- shared options ----------------------------------------------------------------------


def _variant_options(func: Any) -> Any:
    """VARIANT, --preset and --option, then --lang."""
    return variant_options(_LANG_OPTION(func))


#: ``--contract``, on atout legal and atout trick: the contract kind the cards are played to.
_CONTRACT_OPTION = click.option(
    "--contract",
    "-c",
    default=None,
    help=help_text(
        _(
            "A contract kind of the variant: a trump suit letter, NT, AT or its own; "
            "left out, the variant's only one."
        )
    ),
)


def _emit(data: Any, as_json: bool, text: str) -> None:
    click.echo(json.dumps(data, ensure_ascii=False) if as_json else text)


def _refused(flag: str, reason: str) -> NotationError:
    """The error of a bad command-line value: ``--trick: S plays twice in a row``."""
    return NotationError(_("{flag}: {reason}", flag=flag, reason=reason))


#: ``--led-by``: a card of no seat that leads the trick (atout_play_plan's talon leads)
_LED_OPTION = click.option(
    "--led-by",
    default="",
    help=help_text(
        _(
            'A card of no seat that leads the trick (a talon card turned face up), e.g. "9S": '
            'its suit is led, it wins nothing; or SEAT:CARD, e.g. "W:9S", the card of a seat '
            "that plays no other card to the trick (one sitting out): it wins when best."
        )
    ),
)


def _led_card(
    variant: Variant, rules: Rules, text: str, taken: Sequence[int], flag: str
) -> tuple[int | None, int | None]:
    """The card of ``--led-by`` (None when not given) and the seat whose card it is (None: no
    seat's; ``SEAT:CARD``: a seat sitting out, ``PlayPlan.talon_owner``), the card refused
    when it is also in ``flag``'s cards ``taken``."""
    if not text.strip():
        return None, None
    seat_text, sep, card_text = text.strip().rpartition(":")
    try:
        card = variant.deck.parse(card_text)
        owner = parse_seat_of(seat_text, variant.table(rules).seats) if sep else None
    except NotationError as exc:
        raise _refused("--led-by", error_words(exc)) from None
    if card in taken:
        raise _refused("--led-by", _("{card} is already in {flag}", card=card_text, flag=flag))
    return card, owner


def _best_played(play: PlayRules, led: int | None, cards: Sequence[int]) -> int:
    """The position in ``cards`` (the seats' cards, in playing order) of the one winning the
    trick among them: led by ``led``, a card of no seat, or else by the first card."""
    key = play.keys[play.deck.suit_of[cards[0] if led is None else led]]
    best = 0
    for i in range(1, len(cards)):
        if key[cards[i]] > key[cards[best]]:
            best = i
    return best


def _owner_plays(owner: int | None, plays: Sequence[tuple[int, int]], names: Sequence[str]) -> None:
    """Refuse a ``--led-by SEAT:CARD`` whose seat also plays a card of ``--trick``."""
    if owner is not None and any(seat == owner for seat, _card in plays):
        raise _refused(
            "--led-by",
            _(
                "{seat} plays a card of --trick: the talon's card is the card of a seat that "
                "plays no other",
                seat=names[owner],
            ),
        )


def _lead_wins(play: PlayRules, led: int | None, owner: int | None, best: int) -> bool:
    """Whether ``led``, a seat's talon card (``owner``), beats ``best``, the seats' best."""
    return led is not None and owner is not None and play.beats(led, best, play.deck.suit_of[led])


def _parse_trick(variant: Variant, rules: Rules, text: str) -> list[tuple[int, int]]:
    """``"W:AS N:8S"`` into (seat, card) pairs, checking that seats follow playing order (the
    variant's seats under ``rules``, by name).

    A seat may be skipped once, and only in a game where a seat can sit out of the play
    (``VariantInfo.seat_may_sit_out``); the cards must all differ."""
    table_info = variant.table(rules)
    names = table_info.seats
    table = len(names)
    plays = []
    for word in text.replace(",", " ").split():
        seat_text, sep, card_text = word.partition(":")
        if not sep:
            raise _refused("--trick", _("{word} is not SEAT:CARD, e.g. W:AS", word=repr(word)))
        try:
            plays.append((parse_seat_of(seat_text, names), variant.deck.parse(card_text)))
        except NotationError as exc:
            raise _refused("--trick", error_words(exc)) from None
    seen: set[int] = set()
    skipped = 0
    for i, (seat, card) in enumerate(plays):
        if card in seen:
            raise _refused("--trick", _("{card} is played twice", card=variant.deck.format(card)))
        seen.add(card)
        if not i:
            continue
        before = plays[i - 1][0]
        if seat == before:
            raise _refused("--trick", _("{seat} plays twice in a row", seat=seat_word(seat, names)))
        if any(s == seat for s, _c in plays[:i]):
            raise _refused(
                "--trick", _("{seat} plays twice in one trick", seat=seat_word(seat, names))
            )
        if seat != seat_after(before, table):
            skipped += 1
            if (
                not table_info.seat_may_sit_out
                or skipped > 1
                or seat != seat_after(seat_after(before, table), table)
            ):
                raise _refused(
                    "--trick",
                    _(
                        "{seat} cannot play after {before}: the seats play in the order {order}",
                        seat=seat_word(seat, names),
                        before=seat_word(before, names),
                        order=" ".join(names),
                    ),
                )
    return plays


def _contract_code(variant: Variant, rules: Rules, contract: str | None) -> str:
    """``--contract`` as given; left out, the code of the variant's one contract kind (a game
    of one contract, with no auction), else missing as click says an option is."""
    if contract is not None:
        return contract
    kinds = variant.hooks.contract_kinds(rules)
    if len(kinds) == 1:
        return kinds[0].code
    ctx = click.get_current_context()
    param = next(p for p in ctx.command.params if p.name == "contract")
    raise click.MissingParameter(ctx=ctx, param=param)


def _contract(variant: Variant, rules: Rules, contract: str) -> Contract:
    """The contract of ``--contract``; a contract the variant does not play names the flag."""
    try:
        return variant.hooks.parse_contract(rules, contract)
    except NotationError as exc:
        raise NotationError(
            _(
                "{flag} {value}: {reason}",
                flag="--contract",
                value=contract,
                reason=error_words(exc),
            )
        ) from None


def _play_rules(variant: Variant, rules: Rules, contract: str | Contract) -> Any:
    """The play rules of ``--contract``; a contract the variant does not play names the flag."""
    try:
        kind = (
            contract
            if isinstance(contract, Contract)
            else variant.hooks.parse_contract(rules, contract)
        )
        return variant.hooks.play_rules(rules, kind)
    except NotationError as exc:
        raise NotationError(
            _(
                "{flag} {value}: {reason}",
                flag="--contract",
                value=contract if isinstance(contract, str) else contract.denomination,
                reason=error_words(exc),
            )
        ) from None


# ---- atout variants ----------------------------------------------------------------------


@cli.command(
    help=help_text(
        _("List the installed variants, their presets and options, and where they come from.")
    )
)
@_LANG_OPTION
@AS_JSON
def variants(as_json: bool) -> None:
    loaded, broken = load_all()
    if as_json:
        click.echo(
            json.dumps(
                {
                    "variants": [v.describe() for v in loaded],
                    "broken": [{"name": e.variant, "error": e.reason} for e in broken],
                },
                ensure_ascii=False,
                indent=2,
            )
        )
        return
    width = max([len(v.name) for v in loaded] + [len(e.variant) for e in broken] + [8])
    for v in loaded:
        click.echo(f"{v.name:<{width}}  {say(v.info.title)}  [{v.distribution} {v.version}]")
        presets = ", ".join(
            say(_("{preset} (default)", preset=p)) if p == v.default_preset else p
            for p in v.presets
        )
        click.echo(
            f"{'':<{width}}  "
            + say(
                _n(
                    "presets: {presets}; {n} option",
                    "presets: {presets}; {n} options",
                    presets=presets,
                    n=len(v.options),
                )
            )
        )
        stack = v.describe().get("stack") or []
        if len(stack) > 1:
            click.echo(
                f"{'':<{width}}  " + say(_("builds on: {variants}", variants=", ".join(stack[:-1])))
            )
    for err in broken:
        click.echo(f"{err.variant:<{width}}  " + say(_("BROKEN: {reason}", reason=err.reason)))


# ---- atout legal -------------------------------------------------------------------------


def _seat_to_play(plays: Sequence[tuple[int, int]], owner: int | None, table: int) -> int:
    """The seat after the last card of ``--trick`` (past ``owner``, the seat whose led card
    stands for a seat that sits out), refused when the trick is already complete."""
    seat = seat_after(plays[-1][0], table)
    skips = any(s != seat_after(b, table) for (b, _), (s, _) in pairwise(plays))
    if (
        len(plays) >= table
        or any(s == seat for s, _ in plays)
        or (len(plays) == table - 1 and skips)
    ):
        raise _refused("--trick", _("the trick is already complete"))
    if seat == owner:  # (the seat after the last sits out: the next one plays)
        seat = seat_after(seat, table)
    return seat


def _parse_hand(variant: Variant, rules: Rules, hand: str) -> list[int]:
    """The cards of ``--hand``: one at least, no more than the variant's hand holds."""
    try:
        cards = variant.deck.parse_many(hand)
    except NotationError as exc:
        raise _refused("--hand", error_words(exc)) from None
    if not cards:
        raise _refused("--hand", _("give at least one card"))
    size = variant.hooks.deal_pattern(rules).hand_size
    if len(cards) > size:
        raise _refused(
            "--hand",
            _n(
                "{n} card, but a hand holds at most {size} in {variant}",
                "{n} cards, but a hand holds at most {size} in {variant}",
                n=len(cards),
                size=size,
                variant=variant.info.title,
            ),
        )
    return cards


@cli.command(help=help_text(_("Which cards of --hand may be played to --trick, and why.")))
@_variant_options
@_CONTRACT_OPTION
@click.option(
    "--hand", required=True, help=help_text(_('The cards of the player to move, e.g. "7S 9S KH".'))
)
@click.option(
    "--trick", default="", help=help_text(_('The cards already played, e.g. "W:AD N:JS".'))
)
@_LED_OPTION
@AS_JSON
def legal(
    variant_name: str,
    preset: str | None,
    overrides: tuple[str, ...],
    contract: str | None,
    hand: str,
    trick: str,
    led_by: str,
    as_json: bool,
) -> None:
    variant, rules = load_rules(variant_name, preset, overrides)
    deck = variant.deck
    cards = _parse_hand(variant, rules, hand)
    names = variant.table(rules).seats
    table = len(names)
    kind = _contract(variant, rules, _contract_code(variant, rules, contract))
    play = _play_rules(variant, rules, kind)
    plays = _parse_trick(variant, rules, trick)
    for _seat, card in plays:
        if card in cards:
            raise _refused(
                "--hand", _("{card} is already in {flag}", card=deck.format(card), flag="--trick")
            )
    lead, owner = _led_card(variant, rules, led_by, cards, "--hand")
    if lead is not None and any(card == lead for _seat, card in plays):
        raise _refused(
            "--led-by",
            _("{card} is already in {flag}", card=deck.format(lead), flag="--trick"),
        )
    _owner_plays(owner, plays, names)
    hand_mask = sum(1 << c for c in cards)
    if not plays:
        # a lead; or the first card played to a card of no seat
        decision = play.decision(hand_mask, () if lead is None else (lead,), lead or 0, False)
        seat = None
    else:
        seat = _seat_to_play(plays, owner, table)
        trick_cards = tuple(c for _, c in plays)
        pos = _best_played(play, lead, trick_cards)
        # The sides of a deal of this contract when nothing else is known (no phase decided).
        sides = variant.hooks.for_deal().sides(rules, kind, (), table)
        winner, best = plays[pos]
        if _lead_wins(play, lead, owner, best):
            assert lead is not None and owner is not None
            winner, best = owner, lead
        partner_wins = same_side(sides, winner, seat)
        led_first = trick_cards if lead is None else (lead, *trick_cards)
        decision = play.decision(hand_mask, led_first, best, partner_wins)
    allowed, reason = decision.legal, decision.reason
    ordered = [deck.format(c) for c in cards if allowed >> c & 1]
    said = " ".join(ordered)
    who = (
        _("{seat} may play: {cards}", seat=seat_word(seat, names), cards=said)
        if seat is not None
        else _("may lead: {cards}", cards=said)
        if lead is None
        else _("may play: {cards}", cards=said)
    )
    out: dict[str, Any] = {"legal": ordered, "reason": reason, "step": decision.step}
    out["seat"] = names[seat] if seat is not None else None
    _emit(with_messages(out, "reason"), as_json, f"{say(who)}\n{say(reason)}")


# ---- atout trick -------------------------------------------------------------------------


@cli.command(help=help_text(_("Who wins a trick, and its card points.")))
@_variant_options
@_CONTRACT_OPTION
@click.option(
    "--trick", required=True, help=help_text(_('A whole trick, e.g. "W:AS N:8S E:TS S:7H".'))
)
@_LED_OPTION
@AS_JSON
def trick(
    variant_name: str,
    preset: str | None,
    overrides: tuple[str, ...],
    contract: str | None,
    trick: str,
    led_by: str,
    as_json: bool,
) -> None:
    variant, rules = load_rules(variant_name, preset, overrides)
    table_info = variant.table(rules)
    names = table_info.seats
    table = len(names)
    play = _play_rules(variant, rules, _contract_code(variant, rules, contract))
    plays = _parse_trick(variant, rules, trick)
    sit_out = table_info.seat_may_sit_out
    if not (len(plays) == table or (len(plays) == table - 1 and sit_out)):
        raise _refused(
            "--trick",
            (
                _(
                    "give the whole trick, one card for each seat that plays "
                    "(4 cards, or 3 when a seat sits out)"
                )
                if sit_out
                else _("give the whole trick, one card for each seat that plays (4 cards)")
            )
            if table == 4
            else _(
                "give the whole trick, one card for each seat that plays ({seats}, one of "
                "them may sit out)",
                seats=" ".join(names),
            )
            if sit_out
            else _(
                "give the whole trick, one card for each seat that plays ({seats})",
                seats=" ".join(names),
            ),
        )
    cards = tuple(c for _, c in plays)
    lead, owner = _led_card(variant, rules, led_by, cards, "--trick")
    _owner_plays(owner, plays, names)
    seat, best = plays[_best_played(play, lead, cards)]
    counted = cards  # (a card of no seat counts for none; a seat's talon card, with the trick)
    if owner is not None and lead is not None:
        counted = (lead, *cards)
        if _lead_wins(play, lead, owner, best):
            seat = owner
    points = play.trick_points(counted) * play.points_scale
    _emit(
        {"winner": names[seat], "points": points},
        as_json,
        say(
            _n(
                "{seat} wins the trick ({n} point)",
                "{seat} wins the trick ({n} points)",
                seat=seat_word(seat, names),
                n=points,
            )
            if play.total_points
            # a game whose cards have no points (tricks are counted): no "(0 points)"
            else _("{seat} wins the trick", seat=seat_word(seat, names))
        ),
    )


# ---- atout score -------------------------------------------------------------------------


@cli.command(
    help=help_text(_("Score one deal record (JSON), or a list of records as a whole score sheet."))
)
@_variant_options
@click.argument("source", required=False, default="-", metavar="[FILE|-]")
@AS_JSON
def score(
    variant_name: str, preset: str | None, overrides: tuple[str, ...], source: str, as_json: bool
) -> None:
    variant, rules = load_rules(variant_name, preset, overrides)
    name: str = _("standard input") if source == "-" else source
    try:
        if source == "-":
            raw = sys.stdin.buffer.read(MAX_SHEET_BYTES + 1)
        else:
            with open(source, "rb") as fh:
                raw = fh.read(MAX_SHEET_BYTES + 1)
    except OSError as exc:
        raise AtoutError(
            _("{source}: cannot read: {reason}", source=source, reason=os_reason(exc))
        ) from None
    if not raw.strip():
        raise AtoutError(
            _("{source}: empty: give a deal record or a list of records (JSON)", source=name)
        )
    try:
        data = load_json(raw, name, max_bytes=MAX_SHEET_BYTES)
    except JSONError as exc:
        raise AtoutError(
            _("{source}: {reason}", source=name, reason=exc.reason)
            if exc.field == name
            else _("{source}: {field}: {reason}", source=name, field=exc.field, reason=exc.reason)
        ) from None
    if isinstance(data, list) and not data:
        raise AtoutError(
            _("{source}: an empty list: give a deal record or a list of records", source=name)
        )
    if isinstance(data, list):
        match = Match(variant, rules)
        for n, record in enumerate(data, 1):
            try:
                match.add(record)
            except RecordError as exc:
                raise RecordError.together(
                    [
                        RecordError(_("deal {n}: {field}", n=n, field=e.field), e.reason)
                        for e in exc.all
                    ]
                ) from None
        rows = match.rows()
        out = {
            "deals": rows,
            "totals": dict(match.totals),
            "pot": match.pot,
            "outcome": match.outcome.to_json(),
        }
        lines = []
        teams = variant.table(rules).scores_teams
        for r in rows:
            pts, tot = r["score"]["points"], r["totals"]
            explained = say(match.scores[r["number"] - 1].explanation)
            lines.append(
                f"{r['number']:>3}  {pts['NS']:>5} {pts['EW']:>5}  | {tot['NS']:>5} "
                f"{tot['EW']:>5}  {explained}"
                if teams  # (other columns: those the deal wrote in, by key)
                else f"{r['number']:>3}  {columns_words(pts, every=False)}  {explained}"
            )
        end = match.outcome
        lines.append(say(join([totals_words(match.totals), end.reason if end.over else ""])))
        if end.settlement:
            lines.append(say(settlement_words(end.settlement)))
        _emit(out, as_json, "\n".join(lines))
        return
    result = variant.hooks.score(rules, data)
    _emit(
        result.to_json(),
        as_json,
        f"{say(deal_points(result.points, result.pot, result.made))}\n{say(result.explanation)}",
    )


# ---- atout simulate ----------------------------------------------------------------------


@cli.command(
    help=help_text(
        _(
            "Play whole deals with bots, as matches in sequence, and report results and "
            "speed.\n\n"
            "Deal n (from 0) is shuffled with the seed ``seed * 1000003 + n``; a fresh "
            "match starts every 250 deals (and whenever a match ends), so the blocks of 250 "
            "deals can be played by ``--jobs`` worker processes with the same result."
        )
    )
)
@_variant_options
@whole_number_option(
    "--deals", "-n", bounds=(1, 10**7), default=1000, help=_("How many deals to play.")
)
@MATCH_DEALS
@DEALS_ALONE
@SEED
@click.option(
    "--bot",
    "bot_name",
    default="random",
    show_default=True,
    help=help_text(_("The bot playing every seat: random, rules or search.")),
)
@jobs_option(1, _("Worker processes; the result does not depend on it."))
@click.option(
    "--records",
    "records_path",
    default=None,
    metavar="FILE",
    help=help_text(_("Write every deal to FILE, one JSON line each (as atout play --log).")),
)
@AS_JSON
def simulate(
    variant_name: str,
    preset: str | None,
    overrides: tuple[str, ...],
    deals: int,
    match_deals: int | None,
    deals_alone: bool,
    seed: int,
    bot_name: str,
    jobs: int,
    records_path: str | None,
    as_json: bool,
) -> None:

    variant, rules = load_rules(variant_name, preset, overrides, match_deals, deals_alone)
    check_bot(bot_name, "--bot")
    stats: dict[str, Any] = {
        "deals": deals,
        "thrown_in": 0,
        "made": 0,
        "failed": 0,
        "points": dict.fromkeys(variant.table(rules).column_keys, 0),
        "matches": 0,
        "match_wins": dict.fromkeys(match_sides(variant, rules), 0),
    }
    if "atout_settle" in variant.hooks_implemented:
        stats["settlement"] = dict.fromkeys(variant.table(rules).seats, 0)
    out = None if records_path is None else open_to_write(records_path, "--records")
    started = time.perf_counter()
    progress = Progress(deals, f"{variant.name} {bot_name}", enabled=not as_json, say=say)
    try:
        blocks = list(_simulate_blocks(variant, rules, bot_name, deals, seed, jobs, progress, out))
    finally:
        if out is not None:
            out.close()
    for block in blocks:
        for key in ("thrown_in", "made", "failed", "matches"):
            stats[key] += block[key]
        for key in ("points", "match_wins", "settlement"):
            if key in stats:
                for column, value in block[key].items():
                    stats[key][column] = stats[key].get(column, 0) + value
    elapsed = time.perf_counter() - started
    stats["seconds"] = round(elapsed, 3)
    stats["deals_per_second"] = round(deals / elapsed, 1) if elapsed else None
    _emit(
        stats,
        as_json,
        "\n".join(
            say(line)
            for line in _simulate_lines(
                f"{variant.name}/{rules.preset}", bot_name, seed, stats, elapsed
            )
        ),
    )


def _simulate_lines(
    game: str, bot_name: str, seed: int, stats: Mapping[str, Any], elapsed: float
) -> list[str]:
    """What ``atout simulate`` prints: the deals and their outcomes, the points and matches,
    the speed. Made and failed are said only of a game with contracts; thrown-in deals when
    there are."""
    thrown, made, failed = stats["thrown_in"], stats["made"], stats["failed"]
    head: str = _n(
        "{game}, bot {bot}, seed {seed}: {n} deal",
        "{game}, bot {bot}, seed {seed}: {n} deals",
        game=game,
        bot=bot_name,
        seed=str(seed),
        n=stats["deals"],
    )
    # Each count is its own plural (English says "1 made" as "2 made"; French "1 faite").
    thrown_in: str = _n("{n} thrown in", "{n} thrown in", n=thrown)
    if made or failed:
        counts: str = _(
            "{made}, {failed}",
            made=_n("{n} made", "{n} made", n=made),
            failed=_n("{n} failed", "{n} failed", n=failed),
        )
        if thrown:
            counts = _("{thrown}, {counts}", thrown=thrown_in, counts=counts)
        head = _("{deals} ({counts})", deals=head, counts=counts)
    elif thrown:
        head = _("{deals} ({counts})", deals=head, counts=thrown_in)
    points, wins = stats["points"], stats["match_wins"]
    speed = stats["deals_per_second"]
    if not are_teams(points):
        settled = stats.get("settlement")
        return [
            head,
            _n(
                "points {points}; {n} match won {wins}",
                "points {points}; {n} matches won {wins}",
                points=columns_words(points),
                n=stats["matches"],
                wins=columns_words(wins),
            ),
            *([settlement_words(settled)] if settled is not None else []),
            _(
                "{seconds} s, {speed} deals/s",
                seconds=Number(elapsed, 2),
                speed=str(speed) if speed is None else Number(speed, 1),
            ),
        ]
    return [
        head,
        _n(
            "points {ns} {ns_points}, {ew} {ew_points}; {n} match won {ns} "
            "{ns_wins}, {ew} {ew_wins}",
            "points {ns} {ns_points}, {ew} {ew_points}; "
            "{n} matches won {ns} {ns_wins}, {ew} {ew_wins}",
            ns=Team("NS"),
            ns_points=points["NS"],
            ew=Team("EW"),
            ew_points=points["EW"],
            n=stats["matches"],
            ns_wins=wins["NS"],
            ew_wins=wins["EW"],
        ),
        _(
            "{seconds} s, {speed} deals/s",
            seconds=Number(elapsed, 2),
            speed=str(speed) if speed is None else Number(speed, 1),
        ),
    ]


def _simulate_blocks(
    variant: Variant,
    rules: Rules,
    bot_name: str,
    deals: int,
    seed: int,
    jobs: int,
    progress: Any,
    out: IO[str] | None,
) -> Iterator[dict[str, Any]]:
    """The blocks of ``atout simulate``, each block's deals written to ``out`` as it comes."""

    for block in run_simulation(
        variant,
        rules.to_json(),
        bot_name,
        deals,
        seed,
        jobs,
        records=out is not None,
        progress=progress,
    ):
        if out is not None:
            for line in block["lines"]:
                write_line(out, line)
            block["lines"] = []
        yield block


# ---- atout duel (framework/app/duel.py) ------------------------------------------------------


cli.add_command(_as_atout_command(duel))


# ---- atout play (framework/app/play_cli.py) ----------------------------------------------

cli.add_command(_as_atout_command(play))


# ---- entry point -------------------------------------------------------------------------


def _one_line(message: str, limit: int = 400) -> str:
    """An error on one line of sensible length: a huge value quoted back is cut in the middle,
    keeping the field named at the start and the reason at the end."""
    text = " ".join(message.split())
    if len(text) <= limit:
        return text
    return f"{text[: limit - 100]} ... {text[-80:]}"


def _error_text(exc: AtoutError, lang: str) -> str:
    """An error in the command's language (its English is ``str(exc)``)."""
    if isinstance(exc, RecordError):  # every fault found, not only the first
        faults = [_("{field}: {reason}", field=e.field, reason=e.reason) for e in exc.all]
        return say(join(faults), lang)
    first = exc.args[0] if exc.args else None
    return say(first if isinstance(first, Message) else error_words(exc), lang)


def _param_hint(exc: click.ClickException, lang: str) -> str | None:
    """The option or argument a usage error names (``'--seed'``), its metavars in ``lang``."""
    param = getattr(exc, "param", None)
    hint = getattr(exc, "param_hint", None)
    if hint is None and param is not None:
        hint = param.get_error_hint(getattr(exc, "ctx", None))
    if isinstance(hint, list | tuple):
        hint = " / ".join(repr(h) for h in hint)
    return _said_metavars(hint, lang) if hint else None


def _usage_text(exc: click.ClickException, lang: str) -> str:
    """A usage error of click's (a missing or unknown option, a bad value) in the command's
    language. English is click's own text; in another language the common errors are said
    with kernel messages (click's gettext catalog is not atout's), the rest as click says it."""
    english = exc.format_message()
    if is_english(lang):
        return english
    param = getattr(exc, "param", None)
    hint = _param_hint(exc, lang)
    said: str | None = None
    if isinstance(exc, click.MissingParameter) and hint:
        said = (
            _("Missing argument {name}.", name=hint)
            if (exc.param_type or getattr(param, "param_type_name", "")) == "argument"
            else _("Missing option {name}.", name=hint)
        )
    elif isinstance(exc, click.BadParameter):
        said = (
            _("Invalid value for {name}: {reason}", name=hint, reason=exc.message)
            if hint
            else _("Invalid value: {reason}", reason=exc.message)
        )
    elif isinstance(exc, click.NoSuchOption):
        name = repr(exc.option_name)
        found = exc.possibilities or []
        options = ", ".join(repr(p) for p in sorted(found))
        said = (
            _("No such option {name}.", name=name)
            if not found
            else _("No such option {name}. Did you mean {option}?", name=name, option=options)
            if len(found) == 1
            else _(
                "No such option {name}. (Did you mean one of: {options}?)",
                name=name,
                options=options,
            )
        )
    elif isinstance(exc, click.BadOptionUsage) and english.endswith("requires an argument."):
        said = _("Option {name} requires an argument.", name=repr(exc.option_name))
    elif isinstance(exc.message, Message):
        said = exc.message
    elif extra := _EXTRA.fullmatch(english):
        words = extra.group(2)
        said = _n(
            "Got unexpected extra argument ({args})",
            "Got unexpected extra arguments ({args})",
            n=len(words.split()),
            args=words,
        )
    elif unknown := _NO_COMMAND.fullmatch(english):
        said = _("No such command {name}.", name=unknown.group(1))
    return english if said is None else say(said, lang)


#: the usage errors click words without a structure to read them from
_EXTRA = re.compile(r"Got unexpected extra (argument|arguments) \((.*)\)", re.DOTALL)
_NO_COMMAND = re.compile(r"No such command (.+)\.", re.DOTALL)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; user errors print one line on stderr and exit with status 2."""
    args = list(argv) if argv is not None else sys.argv[1:]
    if not args:  # a bare ``atout``: its help, on standard output
        args = ["--help"]
    _ARGV.set(args)
    try:
        # Without standalone mode, click returns a command's ctx.exit(code) as the result.
        result = cli.main(args=args, prog_name="atout", standalone_mode=False)
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except click.exceptions.Abort:
        click.echo("atout: " + say(_("aborted"), command_language(args)), err=True)
        return 130
    except click.ClickException as exc:
        click.echo(f"atout: {_one_line(_usage_text(exc, command_language(args)))}", err=True)
        return 2
    except AtoutError as exc:
        click.echo(f"atout: {_one_line(_error_text(exc, command_language(args)))}", err=True)
        return 2
    except BrokenPipeError:
        return 0
    except Exception as exc:  # a bug: one line for the user, the traceback on request
        if os.environ.get("ATOUT_DEBUG"):
            raise
        error = f"{type(exc).__name__}: {exc}"
        click.echo(
            "atout: "
            + say(
                _("internal error: {error} (set ATOUT_DEBUG=1 for details)", error=error),
                command_language(args),
            ),
            err=True,
        )
        return 1
    return result if isinstance(result, int) else 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
