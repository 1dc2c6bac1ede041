"""``atout play``: a match against the computer in the terminal, in any installed variant.

::

    atout play VARIANT [--preset P] [--option K=V]... [--seat S] [--seed N] [--bot NAME]
                       [--log FILE]

The person sits at ``--seat`` (South by default), bots at every other seat (a partner and two
opponents at a table of two teams, the other players elsewhere). The game shows the hand sorted
by suit with the cards that may not be played in parentheses, the trick, the auction; the
person types a call (``90H``, ``pass``) or a card (``JH``), one per line, so a pipe works as well
as a prompt. A call or card the rules refuse gets the engine's reason and another prompt;
``hint`` asks the bot, ``?`` lists the choices, ``quit`` (or the end of the input) stops. Where
the auction lets the person call out of turn (a double at any time), the game asks then too,
and ``go`` lets the seat to speak go on. After each deal: its record and score through the
variant's scoring, the totals, and the next deal until the match ends. ``--log FILE`` writes
each finished deal as a JSON line (:mod:`framework.engine.deal_log`).

Everything about the rules comes from the kernel (:mod:`framework.app.table`); no variant is named
here.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import IO, Any

import click

from framework.app.cli_params import (
    DEALS_ALONE,
    MATCH_DEALS,
    SEEDS,
    check_bot,
    help_text,
    load_rules,
    open_to_write,
    variant_options,
    whole_number_option,
)
from framework.app.language import command_language
from framework.app.table import (
    SeatView,
    advance,
    bot_move,
    call_label,
    call_words,
    describe_event,
    hand_holder,
    hand_order,
    hint,
    seat_view,
    seat_word,
    shown_contract,
    sides_seen,
    table_bot,
)
from framework.bots.base import Bot
from framework.bots.registry import BOTS, STRONGEST
from framework.core.errors import NotationError, RuleViolation
from framework.core.messages import KERNEL, Message, Param, Seat, Team, Translator, error_words
from framework.core.options import Rules
from framework.core.seats import TEAMS, are_teams, parse_seat_of, same_side, table_sides
from framework.engine.deal import Deal
from framework.engine.deal_log import write_deal
from framework.engine.infoset import InfoSet
from framework.engine.match import Match
from framework.rules.auction import Call
from framework.rules.outcome import MatchOutcome
from framework.rules.phases import PhaseAction
from framework.rules.plugins import Variant

__all__ = [
    "columns_words",
    "deal_points",
    "play",
    "play_match",
    "points_words",
    "settlement_words",
    "totals_words",
]

_ = KERNEL.message
_n = KERNEL.plural
#: how a line of the game is shown: a message rendered in the player's language
Say = Callable[[object], str]
#: how a line is printed: said in the player's language, after an indent
Tell = Callable[..., None]


def columns_words(points: Mapping[str, int], every: bool = True) -> str:
    """Points by score column, by their keys: ``N.pool 10, N.mountain 0`` (with ``every``
    False, the columns that are not 0 only, or ``0`` when all are)."""
    shown = [f"{key} {value}" for key, value in points.items() if every or value]
    return ", ".join(shown) or "0"


def settlement_words(settlement: Mapping[str, int]) -> str:
    """``settlement: N +20, E -20, S 0``: what each player wins or pays at the match's end."""
    results = ", ".join(
        f"{seat} {value:+d}" if value else f"{seat} 0" for seat, value in settlement.items()
    )
    return _("settlement: {results}", results=results)


def points_words(points: Mapping[str, int], every: bool = True) -> str:
    """Points by score column: the two teams' as ``NS 230, EW 50``; other columns by their keys
    (with ``every`` False, those that are not 0 only, see :func:`columns_words`)."""
    if not are_teams(points):
        return columns_words(points, every)
    return _(
        "{ns} {ns_points}, {ew} {ew_points}",
        ns=Team("NS"),
        ns_points=points["NS"],
        ew=Team("EW"),
        ew_points=points["EW"],
    )


def deal_points(points: Any, pot: int = 0, made: bool | None = None) -> str:
    """A deal's points in words: ``made: NS 230, EW 50`` (``failed:`` for a contract that
    failed; the points alone for a deal with no contract to make, thrown in or a game without
    contracts), with the pot it carries over when there is one. Score columns that are not
    the teams are said by their keys, those that are not 0 only (``made: N.pool 4``)."""
    said = points_words(points, every=False)
    if pot:
        said = _("{points} (pot {pot})", points=said, pot=pot)
    if made is None:
        return said
    return _("made: {points}", points=said) if made else _("failed: {points}", points=said)


def totals_words(totals: Any) -> str:
    """``totals: NS 230, EW 50`` (every score column by its key when they are not the
    teams)."""
    return _("totals: {columns}", columns=points_words(totals))


class _EndOfInput(Exception):
    """The input ended (or the person typed quit): the game stops cleanly."""


def _hand_line(deal: Deal, view: SeatView) -> str:
    """The hand by suit, cards that may not be played now in parentheses."""
    deck = deal.deck
    groups: list[str] = []
    suit = None
    words: list[str] = []
    for choice in view.hand:
        s = deck.suit_of[choice.card]
        if s != suit and words:
            groups.append(" ".join(words))
            words = []
        suit = s
        name = deck.format(choice.card)
        words.append(
            name if choice.legal or view.phase != "play" or not view.my_turn else f"({name})"
        )
    if words:
        groups.append(" ".join(words))
    return "  |  ".join(groups)


def _contract_line(deal: Deal, view: SeatView) -> str:
    """``contract: 110 ♥ by your partner (North), doubled``; ``contract: raspasy`` where no
    seat took it (a contract nobody took is never doubled)."""
    c, shown = view.contract, shown_contract(deal, view)
    assert c is not None and shown is not None
    what, taker = shown
    if taker is None:
        return _("contract: {contract}", contract=what)
    by = seat_word(taker, view.seat, sides_seen(deal, view.seat), deal.seats)
    if c.doubled == 0:
        return _("contract: {contract} by {seat}", contract=what, seat=by)
    if c.doubled == 1:
        return _("contract: {contract} by {seat}, doubled", contract=what, seat=by)
    if c.doubled == 2:
        return _("contract: {contract} by {seat}, redoubled", contract=what, seat=by)
    return _(
        "contract: {contract} by {seat}, x{times}",
        contract=what,
        seat=by,
        times=str(1 << c.doubled),
    )


def _show(deal: Deal, view: SeatView, tell: Tell, say: Say) -> None:
    deck = deal.deck
    me = view.seat
    if view.contract is not None:
        tell(_contract_line(deal, view))
    if view.phase == "auction" and view.calls:
        calls = ", ".join(
            say(_("{seat} {call}", seat=deal.seats[s], call=call_words(deal, c)))
            for s, c in view.calls
        )
        tell(_("auction: {calls}", calls=calls))
    if view.talon and view.phase == "phases":
        tell(_("talon: {cards}", cards=deck.format_mask(view.talon)))
    for seat in deal.shown:  # hands face up (open whist), as everyone sees them
        if seat != me:
            tell(
                _(
                    "face up, {seat}: {cards}",
                    seat=seat_word(seat, me, sides_seen(deal, me), deal.seats),
                    cards=deck.format_many(hand_order(deck, deal.hand(seat), deal.play_rules)),
                )
            )
    if view.phase == "play":
        if view.lead is not None and view.talon_owner is not None:  # a seat's talon card
            tell(
                _(
                    "the talon leads: {card}, played for {seat}",
                    card=deck.format(view.lead),
                    seat=seat_word(view.talon_owner, me, sides_seen(deal, me), deal.seats),
                )
            )
        elif view.lead is not None:  # the talon's card turned to lead this trick
            tell(_("the talon leads: {card}", card=deck.format(view.lead)))
        if view.trick:
            tell(
                _(
                    "trick: {cards}",
                    cards=", ".join(f"{deal.seats[s]} {deck.format(c)}" for s, c in view.trick),
                )
            )
        elif view.leader is not None and view.lead is None:
            tell(
                _(
                    "trick: empty, {seat} to lead",
                    seat=seat_word(view.leader, me, sides_seen(deal, me), deal.seats),
                )
            )
        elif view.lead is None:
            tell(_("trick: empty"))
    tell(_("your hand ({seat}): {cards}", seat=deal.seats[me], cards=_hand_line(deal, view)))


def _choices_line(deal: Deal, view: SeatView, say: Say) -> str:
    if view.phase == "auction":
        return _("calls: {calls}", calls=", ".join(c.text for c in view.legal_calls))
    if view.phase == "phases":
        actions = view.legal_actions
        if actions and all(a.kind == "discard" for a in actions):
            return _(
                "discard {n} cards, e.g. {cards}",
                n=actions[0].cards.bit_count(),
                cards=actions[0].code,
            )
        return _(
            "choices: {actions}",
            actions=", ".join(f"{a.code} ({say(a.label)})" for a in actions),
        )
    return _(
        "you may play: {cards} ({reason})",
        cards=deal.deck.format_many(view.legal_cards),
        reason=view.reason,
    )


def _normal(text: str, deal: Deal) -> str:
    """A typed call compared loosely: case, spaces and suit symbols do not matter."""
    out = []
    for ch in text.upper().replace(" ", ""):
        out.append(deal.deck.aliases.get(ch, ch))
    return "".join(out)


def _find_call(deal: Deal, seat: int, text: str) -> Call:
    wanted = _normal(text, deal)
    for call in deal.legal_calls(seat):
        if wanted in (
            _normal(call.text, deal),
            _normal(call_label(deal.deck, call), deal),
            _normal(call_words(deal, call), deal),
        ):
            return call
    # Let the auction say why (it lists the calls allowed).
    return deal.find_call(seat, text)


def _find_action(deal: Deal, seat: int, text: str, say: Say) -> PhaseAction:
    """A phase's action typed as its code or its words (loosely: case, spaces and suit
    symbols do not matter); else the phase's own reading (the cards of a discard), which
    says why it is refused."""
    wanted = _normal(text, deal)
    for action in deal.legal_actions(seat):
        if wanted in (_normal(action.code, deal), _normal(say(action.label), deal)):
            return action
    return deal.find_action(seat, text)


def _prompt(deal: Deal, view: SeatView) -> Message:
    """What the person is asked for: a call (maybe out of turn), a phase's choice, a card."""
    me = view.seat
    if not view.my_turn and view.turn is not None:
        return _(
            "your call out of turn ({seat} to speak; go lets them) (? for choices, hint, quit):",
            seat=seat_word(view.turn, me, sides_seen(deal, me), deal.seats),
        )
    if view.phase == "auction":
        return _("your call (? for choices, hint, quit):")
    if view.phase == "phases":
        return _("your choice (? for choices, hint, quit):")
    return _("your card (? for choices, hint, quit):")


def _hint_line(deal: Deal, me: int, bot: Bot) -> Message:
    """``hint: 9H: the bot's reason``: what ``bot`` would do in the person's place."""
    h = hint(deal, me, bot)
    shown = (
        h.call.text
        if h.call is not None
        else deal.deck.format(h.card)
        if h.card is not None
        else h.action.code
        if h.action is not None
        else ""
    )
    return _("hint: {move}: {why}", move=shown, why=h.why)


def _person_turn(
    deal: Deal,
    me: int,
    read: Callable[[str], str],
    tell: Tell,
    bot_for: Callable[[Deal, int], Bot],
    say: Say,
) -> None:
    """Ask until the person has made one legal move (in play, maybe with another seat's hand
    that the person plays face up)."""
    hand = hand_holder(deal, me)
    if hand != me:
        tell(
            _(
                "you play the hand of {seat}, face up",
                seat=seat_word(hand, me, sides_seen(deal, me), deal.seats),
            )
        )
    view = seat_view(deal, me)  # its hand is the one the person plays now
    _show(deal, view, tell, say)
    if hand == me and view.my_turn:
        _ask_announcements(deal, me, read, say)
    out_of_turn = not view.my_turn
    prompt = _prompt(deal, view)
    while True:
        answer = read(say(prompt) + " ").strip()
        if not answer:
            continue
        word = answer.lower()
        if word in ("quit", "exit", "q"):
            raise _EndOfInput
        if out_of_turn and word == "go":
            seat = deal.current_seat
            assert seat is not None
            bot_move(deal, seat, bot_for(deal, seat))
            return
        if word in ("?", "help"):
            tell(_choices_line(deal, view, say))
            continue
        if word == "hint":
            tell(_hint_line(deal, me, bot_for(deal, me)))
            continue
        try:
            if view.phase == "auction":
                deal.apply_call(me, _find_call(deal, me, answer))
            elif view.phase == "phases":
                deal.apply_action(me, _find_action(deal, me, answer, say))
            else:
                card = deal.deck.parse(answer)
                deal.play(card, hand)
        except (RuleViolation, NotationError) as exc:
            tell(_("not allowed: {reason}", reason=error_words(exc)))
            continue
        return


def _ask_announcements(deal: Deal, me: int, read: Callable[[str], str], say: Say) -> None:
    """Before the person's first card, ask of each combination the variant lets a player keep
    quiet whether to announce it ("announce your tierce? (yes/no)"); a no waives it."""
    yes, no = say(_("yes")).lower(), say(_("no")).lower()
    for announcement in deal.optional_announcements(me):
        question = say(
            _(
                "announce your {announcement}? ({yes}/{no})",
                announcement=announcement.shown,
                yes=yes,
                no=no,
            )
        )
        while True:
            answer = read(question + " ").strip().lower()
            if answer in (yes, yes[:1], "yes", "y"):
                break
            if answer in (no, no[:1], "no", "n"):
                deal.waive(me, announcement)
                break
            if answer in ("quit", "exit", "q"):
                raise _EndOfInput


def _report(deal: Deal, me: int, seen: int, tell: Tell) -> int:
    """Say the events after the first ``seen`` (the person's own cards too, so a finished
    trick reads whole), and who won each trick they finish; returns the events said."""
    events = InfoSet(deal, me).events  # another seat's declaration without its cards
    plays = sum(1 for e in events[:seen] if e.kind == "play")
    for event in events[seen:]:
        if event.kind == "call" and event.seat == me:
            continue
        tell(describe_event(deal, event, me), "  ")
        if event.kind == "play":
            plays += 1
            if plays % deal.trick_size == 0:
                _led, _cards, winner = deal.tricks[plays // deal.trick_size - 1]
                tell(
                    _(
                        "{seat} won the trick",
                        seat=seat_word(winner, me, sides_seen(deal, me), deal.seats),
                    ),
                    "  -> ",
                )
    return len(events)


def play_match(
    variant: Variant,
    rules: Any,
    me: int,
    seed: int,
    bot_name: str,
    read: Callable[[str], str],
    echo: Callable[[str], None],
    log: IO[str] | None = None,
    lang: str = "en",
) -> Match:
    """Play a match with a person at ``me``; returns the match (over, or stopped early when
    the input ends). Every line is said in ``lang`` (the kernel's and the variant's
    catalogs; English by default)."""
    match = Match(variant, rules)
    # (a match of a fixed number of deals is not played to the target)
    target = getattr(rules, "target", None) if rules.match_deals is None else None
    say: Say = Translator(lang, variant.translations).render

    def tell(text: object, indent: str = "") -> None:
        echo(indent + say(text))

    def bot_for(deal: Deal, seat: int) -> Bot:
        bot_seed = seed * 7919 + deal.event_count * 4 + seat
        return table_bot(bot_name, bot_seed)

    shape = variant.table(rules)
    table: dict[str, Param] = {
        "game": variant.info.title,
        "preset": rules.preset,
        "seat": seat_word(me, None, None, shape.seats),
        "letter": shape.seats[me],
        "bot": bot_name,
    }
    if target:
        tell(
            _(
                "{game} ({preset}): you sit {seat} ({letter}), bot {bot}, the match goes to "
                "{target}",
                target=target,
                **table,
            )
        )
    else:
        tell(_("{game} ({preset}): you sit {seat} ({letter}), bot {bot}", **table))
    sides = table_sides(len(shape.seats))  # (the last deal's, once one is played)
    try:
        while not match.outcome.over:
            number = len(match.records) + 1
            deal = Deal.new(
                variant,
                rules,
                match.dealer,
                seed=seed * 1_000_003 + number,
                context=match.context(),
            )
            echo("")
            dealer = seat_word(deal.dealer, me, deal.sides, deal.seats)
            if deal.turn_up is not None:
                tell(
                    _(
                        "deal {number}, dealt by {seat}; turned up: {card}",
                        number=number,
                        seat=dealer,
                        card=deal.deck.format(deal.turn_up),
                    )
                )
            else:
                tell(_("deal {number}, dealt by {seat}", number=number, seat=dealer))
            if deal.sitting_out == me:  # (no card, no call: the others play it through)
                tell(_("you sit out this deal: you hold no cards and make no calls"))
            seen = 0
            while True:
                advance(deal, me, bot_for)
                seen = _report(deal, me, seen, tell)
                if deal.is_over:
                    break
                _person_turn(deal, me, read, tell, bot_for, say)
            record = deal.record()
            score = match.add(record)
            sides = deal.sides
            if log is not None:
                write_deal(log, deal, number, record, score)
            if deal.contract is None:
                tell(_("deal {number}: thrown in", number=number))
            elif score.made is None:  # (a contract with nothing to make: a game of penalty points)
                tell(_("deal {number}: played", number=number))
            elif score.made:
                tell(_("deal {number}: made", number=number))
            else:
                tell(_("deal {number}: failed", number=number))
            tell(_("record: {record}", record=json.dumps(record, ensure_ascii=False)), "  ")
            tell(
                _(
                    "score: {points} — {explanation}",
                    points=deal_points(score.points, score.pot),
                    explanation=score.explanation,
                ),
                "  ",
            )
            tell(totals_words(match.totals), "  ")
        end = match.outcome
        echo("")
        if end.settlement:
            tell(settlement_words(end.settlement))
        tell(_match_over(variant, rules, end, me, sides))
    except _EndOfInput:
        echo("")
        tell(
            _n(
                "stopped after {n} deal: {points}",
                "stopped after {n} deals: {points}",
                n=len(match.records),
                points=points_words(match.totals),
            )
        )
    return match


def _match_over(
    variant: Variant, rules: Rules, end: MatchOutcome, me: int, sides: tuple[int, ...]
) -> Message:
    """The line that ends a match: why, and who won as the person at ``me`` sees it: a team
    by whether it is theirs; a player (a score kept per player) as "you", as "your team" when
    on the person's side in the last deal (``sides``), else by name."""
    table = variant.table(rules)
    reason, winner, seats = end.reason or "", end.winner, table.seats
    if winner is None:
        return _("match over: {reason}", reason=reason)
    if table.scores_teams:
        ours = winner == TEAMS[me % 2]
    elif winner in seats:
        seat = seats.index(winner)
        if seat == me:
            return _("match over: {reason} — you win", reason=reason)
        if not same_side(sides, seat, me):  # by name, not "your opponents" (every other player)
            return _("match over: {reason} — {seat} wins", reason=reason, seat=Seat(seat, winner))
        ours = True
    else:  # (a group of columns that is not the person's seat)
        ours = False
    if ours:
        return _("match over: {reason} — your team wins", reason=reason)
    return _("match over: {reason} — your opponents win", reason=reason)


def _echo(text: str) -> None:
    click.echo(text)


def _reader(stream: IO[str], echo_answer: bool) -> Callable[[str], str]:
    """Read one answer per line after a prompt; through a pipe, the answer is echoed so the
    transcript reads as a game."""

    def read(prompt: str) -> str:
        click.echo(prompt, nl=False)
        line = stream.readline()
        if not line:
            raise _EndOfInput
        if echo_answer:
            click.echo(line.rstrip("\r\n"))
        return line

    return read


@click.command(
    help=help_text(_("Play a match against the computer: you at one seat, bots at every other."))
)
@variant_options
@MATCH_DEALS
@DEALS_ALONE
@click.option(
    "--seat",
    default="S",
    show_default=True,
    help=help_text(_("Your seat, by the variant's seat names (N, E, S, W at a table of four).")),
)
@whole_number_option(
    "--seed",
    "-s",
    bounds=SEEDS,
    help=_("The random seed (the same seed deals the same cards); default: random."),
)
@click.option(
    "--bot",
    "bot_name",
    default=STRONGEST,
    show_default=True,
    help=help_text(_("The bot playing the other seats: {bots}.", bots=", ".join(BOTS))),
)
@click.option(
    "--log",
    "log_path",
    default=None,
    metavar="FILE",
    help=help_text(_("Write each finished deal as a line of JSON (Deal.from_json replays it).")),
)
def play(
    variant_name: str,
    preset: str | None,
    overrides: tuple[str, ...],
    match_deals: int | None,
    deals_alone: bool,
    seat: str,
    seed: int | None,
    bot_name: str,
    log_path: str | None,
) -> None:
    import secrets
    import sys

    variant, rules = load_rules(variant_name, preset, overrides, match_deals, deals_alone)
    try:
        me = parse_seat_of(seat, variant.table(rules).seats)
    except NotationError as exc:
        raise NotationError(_("{flag}: {reason}", flag="--seat", reason=error_words(exc))) from None
    check_bot(bot_name, "--bot")
    if seed is None:
        seed = secrets.randbelow(10**9)
    log = open_to_write(log_path, "--log", append=True) if log_path else None
    stdin = sys.stdin
    try:
        play_match(
            variant,
            rules,
            me,
            seed,
            bot_name,
            _reader(stdin, not stdin.isatty()),
            _echo,
            log,
            command_language(),
        )
    finally:
        if log is not None:
            log.close()
