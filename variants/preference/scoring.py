"""What a Préférence deal writes on the sheet (``docs/variants/preference.md`` §7 to §10).

A game: the declarer writes the value ``v`` in his pool when he makes it, ``r x`` undertricks in
his mountain when he fails; the whisters write whists for their tricks, consolation for each
undertrick, and pay their shortfall of the duty in their mountain. A misère: 10 in the pool, or
``10 x remise_factor`` a trick in the mountain. Raspasy: each trick at the streak's price in the
mountain (or in whists, ``rostov``), a bonus in the pool for no trick. Every write to a pool goes
through help (:func:`variants.preference.sheet.write_pool`).

Seats are the seat names (``N E S`` or ``N E S W``). Each function returns the
:class:`~variants.preference.sheet.Written` amounts and the parts of the explanation.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from framework.api import Rules, Seat
from variants.preference.auction import MISERE_VALUE, VALUES
from variants.preference.declaration import _, _n, numbers, seat_of
from variants.preference.sheet import Written, write_pool

#: A defender's call, as recorded (§13): ``whist``, ``pass`` or ``half``.
WHIST, PASS, HALF = "whist", "pass", "half"


def prices(rules: Rules, level: int) -> tuple[int, int, int, int]:
    """``(v, r, w, q)`` of a level (§7): value, mountain per undertrick, whists per trick (and
    consolation per undertrick), a whister's mountain per undertrick."""
    v = VALUES[level]
    r = v * rules.remise_factor
    w = v * rules.whist_factor
    q = {"full": w, "half": w // 2, "none": 0}[rules.whister_liability]
    return v, r, w, q


def duty(rules: Rules, level: int) -> int:
    """The tricks the defenders must take on a contract of ``level`` (``whist_duty``)."""
    return duty_of_level(numbers(rules.whist_duty), level)


def duty_of_level(duties: Sequence[int], level: int) -> int:
    """The duty of ``level`` in the five duties for 6 to 10."""
    return duties[level - 6]


def _to_pool(
    rules: Rules,
    written: Written,
    parts: list[str],
    seat: str,
    amount: int,
    pools: dict[str, int] | None,
    order: Sequence[str],
) -> None:
    """Write ``amount`` into ``seat``'s pool: with help past a full pool when the pools are
    known (:func:`~variants.preference.sheet.write_pool`), each help told in ``parts``."""
    if pools is not None and seat in pools:
        for owner, given in write_pool(rules, written, seat, amount, pools, order):
            parts.append(_("{points} help into {owner}'s pool", points=given, owner=seat_of(owner)))
    else:
        written.add_pool(seat, amount)


def _tell_whists(written: Written, parts: list[str]) -> None:
    """Tell in ``parts`` the whists ``written`` holds, writer by writer."""
    for writer, row in written.whists.items():
        for on, amount in row.items():
            parts.append(
                _(
                    "{writer} whists on {on}: {amount}",
                    writer=seat_of(writer),
                    on=seat_of(on),
                    amount=amount,
                )
            )


def score_game(
    rules: Rules,
    level: int,
    declarer: str,
    defenders: Sequence[str],
    calls: Mapping[str, str],
    tricks: Mapping[str, int] | None,
    others: Sequence[str] = (),
    pools: dict[str, int] | None = None,
    order: Sequence[str] = (),
) -> tuple[Written, list[str]]:
    """A game contract of ``level`` (§7, steps 1 to 5).

    :param defenders: the two defenders, the first (the seat after the declarer) first.
    :param calls: each defender's final call (``whist``, ``pass``, ``half``).
    :param tricks: the tricks of the declarer and both defenders; None when not played.
    :param others: players outside the deal (the four-handed dealer), for consolation.
    :param pools: the pools before the deal (for help), updated; None: no help.
    :param order: the table's seats from the first hand (help's tie).
    """
    written = Written()
    parts: list[str] = []
    v, r, w, q = prices(rules, level)
    d = duty(rules, level)
    whisters = [s for s in defenders if calls[s] == WHIST]
    if tricks is None:  # both passed, or pass and half: no play, the contract is made
        parts.append(_("{declarer} pool +{v} (no play)", declarer=seat_of(declarer), v=v))
        _to_pool(rules, written, parts, declarer, v, pools, order)
        for s in defenders:
            if calls[s] == HALF:
                amount = w * d // 2
                written.add_whists(s, declarer, amount)
                parts.append(
                    _(
                        "{seat} half-whist: {amount} on {declarer}",
                        seat=seat_of(s),
                        amount=amount,
                        declarer=seat_of(declarer),
                    )
                )
        return written, parts
    u = max(0, level - tricks[declarer])
    t = {s: tricks[s] for s in defenders}
    total = sum(t.values())
    k = d - total
    # 1. The declarer.
    if u == 0:
        parts.append(_("{declarer} made: pool +{v}", declarer=seat_of(declarer), v=v))
        _to_pool(rules, written, parts, declarer, v, pools, order)
    else:
        written.add_mountain(declarer, r * u)
        parts.append(
            _(
                "{declarer} down {u}: mountain +{amount}",
                declarer=seat_of(declarer),
                u=u,
                amount=r * u,
            )
        )
    # 3. Whists for tricks.
    for s, amount in trick_whists(rules, defenders, whisters, t, w, u).items():
        written.add_whists(s, declarer, amount)
    # 4. Consolation.
    if u > 0:
        consoling = consolers(rules.consolation_to, defenders, whisters, others)
        for s in consoling:
            written.add_whists(s, declarer, w * u)
        if consoling:
            parts.append(
                _("consolation {amount} from {seats}", amount=w * u, seats=_together(consoling))
            )
    # 5. The whisters' shortfall.
    if k > 0 and whisters:
        for s, n in shortfall(rules, level, d, whisters, t, k).items():
            if n and q:
                written.add_mountain(s, q * n)
                parts.append(
                    _("{seat} short {n}: mountain +{amount}", seat=seat_of(s), n=n, amount=q * n)
                )
    _tell_whists(written, parts)
    return written, parts


def trick_whists(
    rules: Rules,
    defenders: Sequence[str],
    whisters: Sequence[str],
    tricks: Mapping[str, int],
    w: int,
    u: int,
) -> dict[str, int]:
    """The whists each defender writes for the side's tricks (§7 step 3): two whisters each for
    his own tricks (pooled and split evenly under ``pair_share``, the odd whist to the one with
    more tricks, the first on a tie); a lone whister for both defenders' tricks, shared with
    the passer under ``gentleman`` when the declarer failed (the odd whist his)."""
    side = w * sum(tricks[s] for s in defenders)
    if len(whisters) == 2:
        first, second = whisters
        if not rules.pair_share:
            return {s: w * tricks[s] for s in whisters}
        more = first if tricks[first] >= tricks[second] else second
        return {s: side // 2 + (side % 2 if s == more else 0) for s in whisters}
    if len(whisters) == 1:
        (whister,) = whisters
        passer = next(s for s in defenders if s != whister)
        if rules.lone_whist_split == "gentleman" and u > 0:
            return {whister: side - side // 2, passer: side // 2}
        return {whister: side}
    return {}


def _together(seats: Sequence[str]) -> str | Seat:
    """Seats said as one list, "E, S and W" (their players' names on a page)."""
    said: str | Seat = seat_of(seats[-1])
    if len(seats) > 1:
        said = _("{first} and {second}", first=seat_of(seats[-2]), second=said)
    for seat in reversed(seats[:-2]):
        said = _("{first}, {then}", first=seat_of(seat), then=said)
    return said


def consolers(
    to: str, defenders: Sequence[str], whisters: Sequence[str], others: Sequence[str]
) -> list[str]:
    """Who writes consolation on a failed declarer (``consolation_to``, §7 step 4)."""
    if to == "all":
        return [*defenders, *others]
    if to == "not_passer":
        return [*whisters, *others]
    if to == "defenders":
        return list(defenders)
    return list(whisters)


def shortfall(
    rules: Rules,
    level: int,
    d: int,
    whisters: Sequence[str],
    tricks: Mapping[str, int],
    k: int,
) -> dict[str, int]:
    """The undertricks each whister is charged when the side is ``k`` short of the duty ``d``
    (§7 step 5): a lone whister all of them; two whisters on a 6 or 7 by ``pair_liability``;
    two whisters on an 8 to 10 by ``single_duty_liable``."""
    if len(whisters) == 1:
        return {whisters[0]: k}
    first, second = whisters
    if level not in (6, 7):
        return dict.fromkeys(whisters, k) if rules.single_duty_liable == "both" else {second: k}
    half = d // 2
    if rules.pair_liability == "shortfall":
        return {s: min(k, max(0, half - tricks[s])) for s in whisters}
    if rules.pair_liability == "own_share":
        return {s: max(0, half - tricks[s]) for s in whisters}
    fewer = first if tricks[first] < tricks[second] else second
    return {s: k // 2 + (k % 2 if s == fewer else 0) for s in whisters}


def score_misere(
    rules: Rules,
    declarer: str,
    taken: int,
    pools: dict[str, int] | None = None,
    order: Sequence[str] = (),
) -> tuple[Written, list[str]]:
    """A misère (§7 step 6): 10 in the pool for no trick, else ``10 x remise_factor`` a trick
    in the mountain; no whists, no consolation."""
    written = Written()
    parts: list[str] = []
    if taken == 0:
        parts.append(_("misere by {declarer} made: pool +10", declarer=seat_of(declarer)))
        _to_pool(rules, written, parts, declarer, MISERE_VALUE, pools, order)
    else:
        amount = 10 * rules.remise_factor * taken
        written.add_mountain(declarer, amount)
        parts.append(
            _n(
                "misere by {declarer}: {n} trick, mountain +{amount}",
                "misere by {declarer}: {n} tricks, mountain +{amount}",
                declarer=seat_of(declarer),
                n=taken,
                amount=amount,
            )
        )
    return written, parts


def raspasy_price(rules: Rules, streak: int) -> int:
    """The trick price ``c`` of the ``streak``-th raspasy in a row (§8.2; the last repeats)."""
    progression = numbers(rules.raspasy_progression)
    return progression[min(max(streak, 1), len(progression)) - 1]


def score_raspasy(
    rules: Rules,
    tricks: Mapping[str, int],
    players: Sequence[str],
    streak: int,
    pools: dict[str, int] | None = None,
    order: Sequence[str] = (),
) -> tuple[Written, list[str]]:
    """A raspasy deal (§8.3).

    :param tricks: each seat's tricks; the sitting-out dealer under ``dealer_plays`` too.
    :param players: the active seats (the dealer of four is never paid the zero bonus and never
        writes raspasy whists).
    :param streak: the place of this raspasy in the streak, from 1.
    """
    written = Written()
    c = raspasy_price(rules, streak)
    parts: list[str] = [_("raspasy, trick price {c}", c=c)]
    bonus = {"price": c, "one": 1, "none": 0}[rules.raspasy_zero_bonus]
    zero = [s for s in players if tricks.get(s, 0) == 0]
    if rules.raspasy_scoring == "whists":
        fewest = min(tricks[s] for s in players)
        writers = [s for s in players if tricks[s] == fewest]
        per = rules.raspasy_whists_per_trick * c
        for writer in writers:
            for on, n in tricks.items():
                if on not in writers:
                    written.add_whists(writer, on, per * n)
    else:
        least = min(tricks[s] for s in players) if rules.raspasy_amnesty else 0
        for s, n in tricks.items():
            written.add_mountain(s, c * max(0, n - least))
    for s in zero:
        if not bonus:
            continue
        parts.append(_("{seat} took no trick: pool +{bonus}", seat=seat_of(s), bonus=bonus))
        _to_pool(rules, written, parts, s, bonus, pools, order)
    for s, amount in written.mountain.items():
        parts.append(_("{seat} mountain +{amount}", seat=seat_of(s), amount=amount))
    _tell_whists(written, parts)
    return written, parts
