"""``atout play``: a person plays a match in the terminal, one answer per line.

The person here is a script that reads only what the game prints (the hand, ``?``'s list of
choices, "not allowed" answers), as someone at a pipe would: it tries a refused card or call
first, checks that the game says why and asks again, then answers with an offered one.
"""

from __future__ import annotations

import importlib.util
import json
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from framework.api import MatchOutcome, hookimpl
from framework.app.play_cli import play_match, totals_words
from framework.core.seats import TEAMS, S
from framework.engine.deal import Deal
from framework.engine.match import Match
from framework.rules.plugins import load_variant, variant_from_plugins, variant_names

ATOUT = shutil.which("atout", path=str(Path(sys.executable).parent)) or "atout"
#: Short matches: a low target (and Klaverjas's fixed number of deals cut to two, Préférence's
#: pools to one point).
SHORT = {"klaverjas": {"deals": 2, "target": 1}, "preference": {"pool_size": 1}}


def short_rules(name: str):
    variant = load_variant(name)
    return variant, variant.rules(None, SHORT.get(name, {"target": 1}))


class PipePerson:
    """Answers prompts from the printed text only."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.lines: list[str] = []
        self.pending: list[str] = []
        self.refusals = 0
        self.expect_refusal = False
        self.announcements: list[tuple[str, str]] = []

    def echo(self, text: str) -> None:
        self.lines.extend(text.splitlines() or [""])

    def read(self, prompt: str) -> str:
        if prompt.startswith("announce your "):  # a combination the rules let it keep quiet
            answer = self.rng.choice(("yes", "no"))
            self.announcements.append((prompt, answer))
            return answer + "\n"
        if self.expect_refusal:
            assert self.lines[-1].startswith("not allowed: "), self.lines[-3:]
            assert len(self.lines[-1]) > len("not allowed: ") + 5
            self.refusals += 1
            self.expect_refusal = False
        if self.pending:
            return self.pending.pop(0)
        if self.lines[-1].startswith("choices: "):  # a phase after the auction: its first code
            return self.lines[-1][len("choices: ") :].split(" (")[0] + "\n"
        if self.lines[-1].startswith("discard "):  # "discard 2 cards, e.g. 7S 8S"
            return self.lines[-1].split(", e.g. ")[1] + "\n"
        if not self.lines[-1].startswith(("calls: ", "you may play: ")):
            return "?\n"
        choices = self.lines[-1]
        if choices.startswith("calls: "):
            offered = choices[len("calls: ") :].split(", ")
            bad = "999Z"
        else:
            offered = choices[len("you may play: ") :].split(" (")[0].split()
            hand = [ln for ln in self.lines if ln.startswith("your hand")][-1]
            refused = re.findall(r"\((\w+)\)", hand)
            # every card the hand marks refused is outside the list of playable cards
            assert not set(refused) & set(offered)
            bad = self.rng.choice(refused) if refused else "XX"
        if self.rng.random() < 0.3:
            self.expect_refusal = True
            self.pending.append(self.rng.choice(offered) + "\n")
            return bad + "\n"
        return self.rng.choice(offered) + "\n"


@pytest.mark.parametrize("name", variant_names())
def test_a_short_match_plays_to_its_end_through_text_alone(name, tmp_path):
    variant, rules = short_rules(name)
    person = PipePerson(7)
    log = tmp_path / "deals.jsonl"
    with log.open("w", encoding="utf-8") as out:
        match = play_match(variant, rules, S, 11, "rules", person.read, person.echo, out)
    assert match.outcome.over
    assert person.lines[-1].startswith("match over: ")
    assert person.refusals >= 1
    lines = [json.loads(x) for x in log.read_text(encoding="utf-8").splitlines()]
    assert len(lines) == len(match.records)
    replayed = Match(variant, rules)
    for n, line in enumerate(lines, 1):
        assert line["variant"] == name and line["number"] == n
        deal = Deal.from_json(variant, line)
        assert deal.is_over
        assert deal.record() == line["record"]
        replayed.add(line["record"])
    assert replayed.totals == match.totals
    assert replayed.outcome == match.outcome
    if set(match.totals) == {"NS", "EW"}:
        assert f"  totals: NS {match.totals['NS']}, EW {match.totals['EW']}" in person.lines
    else:  # a score per player: every column by its key
        assert f"  {totals_words(match.totals)}" in person.lines


def test_a_match_of_a_fixed_number_of_deals_ends_after_them():
    variant = load_variant("coinche")
    rules = variant.rules(None, {"target": 100}, match_deals=2)
    person = PipePerson(3)
    match = play_match(variant, rules, S, 5, "rules", person.read, person.echo)
    assert match.outcome.over and len(match.records) == 2
    assert "the match goes to" not in person.lines[0]  # no target ends this match
    assert person.lines[-1].startswith("match over: after 2 deals")


def run(*args: str, stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [ATOUT, "play", *args], input=stdin, capture_output=True, text=True, timeout=120
    )


@pytest.mark.parametrize("name", variant_names())
def test_through_a_pipe_refused_input_gets_a_reason_and_the_end_of_input_stops_cleanly(name):
    result = run(name, "--seed", "3", stdin="999Z\nXX\n?\nhint\n\n")
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert "Traceback" not in result.stdout
    assert result.stdout.count("not allowed: ") == 2
    assert re.search(r"^hint: \S+: .+", result.stdout, re.M)
    assert re.search(r"^your hand \(S\): ", result.stdout, re.M)
    # a seat named S is South at any table, three-seat Préférence's too
    assert re.search(r"^.+: you sit South \(S\), bot ", result.stdout, re.M)
    columns = load_variant(name).info.column_keys
    zeros = "NS 0, EW 0" if columns == TEAMS else ", ".join(f"{key} 0" for key in columns)
    assert result.stdout.rstrip().splitlines()[-1] == f"stopped after 0 deals: {zeros}"


def test_a_seat_other_than_south_and_the_log_file_replays(tmp_path):
    log = tmp_path / "log.jsonl"
    result = run("coinche", "--seat", "W", "--seed", "5", "--log", str(log), stdin="?\n")
    assert result.returncode == 0, result.stderr
    assert "your hand (W): " in result.stdout
    assert log.read_text() == ""  # no deal finished


@pytest.mark.parametrize(
    ("args", "word"),
    [
        (["coinche", "--seat", "X"], "--seat"),
        (["coinche", "--bot", "nobody"], "--bot"),
        (["nonesuch"], "nonesuch"),
        (["coinche", "--option", "target=abc"], "target"),
    ],
)
def test_bad_arguments_exit_2_with_one_line(args, word):
    result = run(*args, stdin="")
    assert result.returncode == 2, result
    assert len(result.stderr.strip().splitlines()) == 1
    assert word in result.stderr


class OutOfTurnPerson(PipePerson):
    """Also answers the out-of-turn prompts: ``go`` (let them speak) or a call it is offered."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.out_of_turn = 0

    def read(self, prompt: str) -> str:
        if (
            "out of turn" in prompt
            and not self.pending
            and not self.expect_refusal
            and not self.lines[-1].startswith("calls: ")
        ):
            self.out_of_turn += 1
            if self.rng.random() < 0.8:
                return "go\n"
        return super().read(prompt)


def test_a_call_out_of_turn_is_offered_where_the_auction_allows_it_and_go_lets_play_on():
    variant = load_variant("coinche")
    rules = variant.rules("bidonly", {"target": 1})
    asked = 0
    for seed in range(12):
        person = OutOfTurnPerson(seed)
        match = play_match(variant, rules, S, seed, "rules", person.read, person.echo)
        assert match.outcome.over
        asked += person.out_of_turn
    assert asked >= 1


class EastWins:
    """Above the per-player toy: when its match is over, East wins it."""

    @hookimpl(tryfirst=True)
    def atout_match_outcome(self, rules, totals, scores):
        over = any(totals[f"{seat}.pool"] >= rules.target for seat in "NESW")
        return MatchOutcome(True, "E", "a pool is full") if over else None


# (everyone alone: another player's win names the winner, not "your opponents", every other)
@pytest.mark.parametrize(("me", "said"), [(1, "you win"), (0, "E wins")])
def test_a_match_scored_per_player_ends_with_its_settlement_and_says_who_won(me, said):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "unit"))
    import toy_pools

    from framework.rules.plugins import variant_from_plugins

    variant = variant_from_plugins("toy-pools", [toy_pools, EastWins()])
    person = PipePerson(2)
    match = play_match(variant, variant.rules("short"), me, 2, "rules", person.read, person.echo)
    outcome = match.outcome
    assert outcome.over and outcome.winner == "E"
    settled = ", ".join(f"{seat} {value:+d}" for seat, value in outcome.settlement.items())
    assert person.lines[-2] == f"settlement: {settled}"
    assert person.lines[-1] == f"match over: a pool is full — {said}"
    assert person.lines[-4].startswith("  totals: N.pool ")  # (then a blank line)


# who won, as the person at ``me`` hears it: a team by whether it is theirs; a player (a score
# per player) as "you", as "your team" when on the person's side in the last deal, else by name
@pytest.mark.parametrize(
    ("columns", "winner", "me", "sides", "said"),
    [
        ("teams", "NS", S, (0, 1, 0, 1), "a — your team wins"),
        ("teams", "EW", S, (0, 1, 0, 1), "a — your opponents win"),
        ("teams", None, S, (0, 1, 0, 1), "a"),
        ("players", "E", 1, (0, 1, 2, 3), "a — you win"),
        ("players", "E", 0, (0, 1, 2, 3), "a — E wins"),
        ("players", "E", 3, (0, 1, 0, 1), "a — your team wins"),
        ("players", "E", 0, (0, 1, 0, 1), "a — E wins"),
        ("players", "E.pool", 0, (0, 1, 2, 3), "a — your opponents win"),
    ],
)
def test_the_last_line_of_a_match_says_who_won_as_the_person_sees_it(
    columns, winner, me, sides, said
):
    from framework.app.play_cli import _match_over

    if columns == "teams":
        variant = load_variant("coinche")
    else:
        sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "unit"))
        import toy_pools

        from framework.rules.plugins import variant_from_plugins

        variant = variant_from_plugins("toy-pools", [toy_pools])
    end = MatchOutcome(True, winner, "a")
    assert str(_match_over(variant, variant.rules(), end, me, sides)) == f"match over: {said}"

    """The end of the input before the first deal ends: the line names each score column (it
    said ``stopped after 0 deals: 0`` for a sheet kept per player)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "unit"))
    import toy_pools

    from framework.rules.plugins import variant_from_plugins

    variant = variant_from_plugins("toy-pools", [toy_pools])
    person = PipePerson(2)
    play_match(variant, variant.rules("short"), 0, 2, "rules", lambda _: "quit\n", person.echo)
    zeros = ", ".join(f"{key} 0" for key in variant.info.column_keys)
    assert person.lines[-1] == f"stopped after 0 deals: {zeros}"
    assert "N.pool 0" in zeros and "W.pool 0" in zeros


def test_a_combination_the_rules_let_a_player_keep_quiet_is_asked_about(tmp_path):
    """Issue 21, item 6: "announce your tierce? (yes/no)" before the person's first card, where
    the variant lets a player choose; a no keeps it out of the log's declarations, and the
    logged deal replays with it waived."""
    variant = load_variant("french-belote")
    rules = variant.rules("classic", {"announcements": True, "target": 1})
    for seed in range(40):
        person = PipePerson(seed)
        log = tmp_path / f"deals{seed}.jsonl"
        with log.open("w", encoding="utf-8") as out:
            play_match(variant, rules, S, seed, "rules", person.read, person.echo, out)
        if ("no" in (a for _q, a in person.announcements)) and log.read_text(encoding="utf-8"):
            break
    else:
        raise AssertionError("no deal in 40 seeds where the person kept a combination quiet")
    question, _answer = person.announcements[0]
    assert re.fullmatch(r"announce your (tierce|quarte|quinte|carré)\? \(yes/no\) ", question)
    waived = [
        line
        for line in map(json.loads, log.read_text(encoding="utf-8").splitlines())
        if any(e[0] == "waive" for e in line["events"])
    ]
    assert waived, "the log keeps the combination kept quiet"
    for line in waived:
        quiet = [e for e in line["events"] if e[0] == "waive"]
        assert all(seat == "S" for _kind, seat, _value in quiet)
        deal = Deal.from_json(variant, line)
        assert [e for e in line["events"] if e[0] == "declare" and e[2] == quiet[0][2]] == []
        assert deal.record() == line["record"]


def test_four_players_of_preference_play_a_match_the_dealer_sitting_out_in_turn(tmp_path):
    """``atout play preference -o players=4``: four seats, the dealer sits out of each deal (no
    card, no question asked of him), the person too when his turn to deal comes."""
    variant = load_variant("preference")
    rules = variant.rules(None, {"pool_size": 2, "players": 4})
    person = PipePerson(5)
    log = tmp_path / "deals.jsonl"
    with log.open("w", encoding="utf-8") as out:
        match = play_match(variant, rules, 3, 11, "rules", person.read, person.echo, out)
    assert match.outcome.over and person.lines[-1].startswith("match over: ")
    lines = [json.loads(x) for x in log.read_text(encoding="utf-8").splitlines()]
    assert len(lines) >= 4
    # "your partner" only for the other defender of a game the person defends: never the
    # dealer sitting out, the declarer, or anyone in a raspasy (everyone plays alone there)
    said = _partners_said_by_deal(person.lines)
    assert len(said) == len(lines)
    words = dict(zip("NESW", ("North", "East", "South", "West"), strict=True))
    for partners, line in zip(said, lines, strict=True):
        record, me = line["record"], "W"  # (the person deals first: W)
        defenders = set("NESW") - {record.get("declarer"), line["dealer"]}
        allowed = (
            {words[s] for s in defenders - {me}}
            if record["kind"] == "game" and me in defenders
            else set()
        )
        assert partners <= allowed, (partners, record, line["dealer"])
    assert any(said), "a deal where the person defends beside the other defender"
    assert [line["dealer"] for line in lines[:4]] == ["W", "N", "E", "S"]
    for line in lines:
        assert all(event[1] != line["dealer"] for event in line["events"])
        assert Deal.from_json(variant, line).record() == line["record"]
    settlement = match.outcome.settlement
    assert set(settlement) == {"N", "E", "S", "W"} and sum(settlement.values()) == 0


def _partners_said_by_deal(lines: list[str]) -> list[set[str]]:
    """For each deal of a transcript ("deal 3, dealt by North" opens one), the seats it
    called "your partner (...)"."""
    out: list[set[str]] = []
    for line in lines:
        if re.match(r"deal \d+, dealt by ", line):
            out.append(set())
        elif out:
            out[-1].update(re.findall(r"your partner \((\w+)\)", line))
    return out


class PassingPerson(PipePerson):
    """Passes every auction (so a deal everyone passes is a raspasy), then as PipePerson."""

    def read(self, prompt: str) -> str:
        if self.lines and self.lines[-1].startswith("calls: ") and "PASS" in self.lines[-1]:
            return "PASS\n"
        return super().read(prompt)


def test_atout_play_says_the_talon_card_that_leads_a_raspasy_trick(tmp_path):
    """``atout play preference``: in a raspasy the table says the talon's card led ("the talon
    leads: 9S") before tricks 1 and 2, the cards the log names as ``talon_leads``."""
    variant = load_variant("preference")
    rules = variant.rules(None, {"pool_size": 2})
    person = PassingPerson(3)
    log = tmp_path / "deals.jsonl"
    with log.open("w", encoding="utf-8") as out:
        play_match(variant, rules, S, 5, "rules", person.read, person.echo, out)
    said = {ln.split(": ")[1] for ln in person.lines if ln.startswith("the talon leads: ")}
    logged = set()
    for line in map(json.loads, log.read_text(encoding="utf-8").splitlines()):
        logged |= set(line.get("talon_leads", ()))
    assert said and said <= logged
    assert not any("to lead" in ln for ln in person.lines if "talon" in ln)


def test_atout_play_at_four_says_when_the_person_sits_out_and_whose_talon_card_leads(tmp_path):
    """``atout play preference -p leningrad -o players=4``: the deal the person deals says
    that he sits out of it; in a raspasy the talon's card led is said to be played for the
    sitting-out dealer (raspasy_talon = dealer_plays), whose it is in the log's tricks."""
    variant = load_variant("preference")
    rules = variant.rules("leningrad", {"pool_size": 2, "players": 4})
    person = PassingPerson(7)
    log = tmp_path / "deals.jsonl"
    with log.open("w", encoding="utf-8") as out:
        play_match(variant, rules, S, 5, "rules", person.read, person.echo, out)
    lines = [json.loads(x) for x in log.read_text(encoding="utf-8").splitlines()]
    sat_out = [line["number"] for line in lines if line["dealer"] == "S"]
    said = [
        ln
        for ln in person.lines
        if ln == "you sit out this deal: you hold no cards and make no calls"
    ]
    assert sat_out and len(said) == len(sat_out)
    owned = [ln for ln in person.lines if ln.startswith("the talon leads: ")]
    assert owned and all(", played for " in ln for ln in owned)
    assert all(ln.split(", played for ")[1] in ("North", "East", "West") for ln in owned)


def test_a_deal_with_nothing_to_make_is_said_played():
    """A contract with nothing to make (each team scores its card points: the toy Jass of
    tests/unit/toy_jass.py; Hearts) is "played" when the deal ends, not "no contract" under
    the contract the table just showed."""
    spec = importlib.util.spec_from_file_location(
        "toy_jass", Path(__file__).resolve().parents[1] / "unit" / "toy_jass.py"
    )
    assert spec is not None and spec.loader is not None
    toy_jass = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(toy_jass)
    variant = variant_from_plugins("toy-jass", [toy_jass])
    person = PipePerson(5)
    play_match(variant, variant.rules(match_deals=1), S, 5, "rules", person.read, person.echo)
    assert "deal 1: played" in person.lines
    assert not any("no contract" in line for line in person.lines)
