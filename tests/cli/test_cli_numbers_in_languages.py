"""Decimal numbers in the reports of ``atout simulate`` and ``atout duel`` (seconds, deals per
second, margins, milliseconds) and their progress bars are written the locale's way in another
language ("0,25 s", "1.234,5" in Croatian), exactly as before in English, and stay raw numbers
in ``--json``; seeds stay as typed."""

from __future__ import annotations

import io
import json
import re
import sys

import pytest

from framework.app.cli import main
from framework.app.duel import Progress
from framework.core.messages import KERNEL, Message, Number, Translator, render


@pytest.fixture(autouse=True)
def _no_language(monkeypatch):
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)


def output(capsys, *args: str) -> str:
    assert main(list(args)) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize(
    ("value", "digits", "sign", "lang", "said"),
    [
        (1234.5, 1, False, "en", "1234.5"),
        (1234.5, 1, False, "hr", "1.234,5"),
        (1234.5, 2, False, "fr", "1\u202f234,50"),
        (0.5, 1, False, "es", "0,5"),
        (0.04, 1, True, "en", "+0.0"),
        (0.04, 1, True, "ru", "+0,0"),
        (-2.25, 1, True, "bg", "-2,2"),  # the English rounding, in every language
        (33.07, 1, False, "hr", "33,1"),
    ],
)
def test_a_number_is_written_the_locales_way_with_its_decimals(value, digits, sign, lang, said):
    message = KERNEL.message("{x}", x=Number(value, digits, sign=sign))
    assert render(message, lang) == said
    assert str(message) == f"{value:{'+' if sign else ''}.{digits}f}"


def test_a_number_parameter_keeps_its_decimals_through_json_and_pickle():
    import pickle

    message = KERNEL.message("{seconds} s", seconds=Number(1.5, 2))
    data = message.to_json()
    assert data["params"] == {"seconds": {"number": 1.5, "digits": 2}}
    again = Message.from_json(json.loads(json.dumps(data)))
    assert str(again) == "1.50 s" and Translator("hr").render(again) == "1,50 s"
    assert str(pickle.loads(pickle.dumps(message))) == "1.50 s"
    with pytest.raises(ValueError, match="digits"):
        Message.from_json({"id": "{x}", "params": {"x": {"number": 1, "digits": "2"}}})


def test_simulate_writes_its_seconds_and_speed_in_the_language(capsys):
    english = output(capsys, "simulate", "coinche", "--deals", "3", "--seed", "1234567")
    assert "seed 1234567: 3 deals" in english
    assert re.fullmatch(r"\d+\.\d\d s, \d+\.\d deals/s", english.splitlines()[2])
    croatian = output(
        capsys, "simulate", "coinche", "--deals", "3", "--seed", "1234567", "--lang", "hr"
    )
    assert "1234567" in croatian.splitlines()[0]  # a seed is not a quantity: raw digits
    assert re.fullmatch(
        r"\d+,\d\d s, \d{1,3}(\.\d{3})*,\d dijeljenja/s", croatian.splitlines()[2]
    ), croatian
    raw = json.loads(
        output(capsys, "simulate", "coinche", "--deals", "3", "--json", "--lang", "hr")
    )
    assert isinstance(raw["seconds"], float) and isinstance(raw["deals_per_second"], float)


def test_duel_writes_its_margin_and_times_in_the_language(capsys):
    args = ("duel", "coinche", "--bot", "random", "--against", "rules", "-n", "2", "-j", "1")
    english = output(capsys, *args).splitlines()
    assert english[1] == "margin -500.0 points per deal (95% CI -500.0 .. -500.0)"
    assert re.fullmatch(
        r"random: \d+\.\d ms per decision \(95th percentile \d+\.\d ms\)", english[-1]
    )
    french = output(capsys, *args, "--lang", "fr").splitlines()
    assert french[1] == "écart -500,0 points par donne (IC 95 % -500,0 .. -500,0)"
    assert re.fullmatch(r"random : \d+,\d ms par décision \(95e centile \d+,\d ms\)", french[-1])
    data = json.loads(output(capsys, *args, "--json", "--lang", "fr"))
    assert data["margin"] == -500.0 and data["ci95"] == [-500.0, -500.0]


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(
    ("lang", "note", "words"),
    [
        ("en", KERNEL.message("deals"), r"coinche rules \[#{12}-{12}\] 2/4 \d+\.\d/s deals"),
        (
            "fr",
            KERNEL.message("deals"),
            r"coinche rules \[#{12}-{12}\] 2/4 \d+(\u202f\d{3})*,\d/s "
            r"donnes",
        ),
        (
            "ru",
            KERNEL.message("margin {margin}", margin=Number(1.25, 1, sign=True)),
            r"coinche rules \[#{12}-{12}\] 2/4 \d+(\xa0\d{3})*,\d/с разница \+1,2",
        ),
    ],
)
def test_the_progress_bar_speaks_the_language(monkeypatch, lang, note, words):
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    progress = Progress(4, "coinche rules", say=Translator(lang).render)
    progress.step(2, note)
    line = terminal.getvalue()
    assert line.startswith("\r") and line.endswith("\x1b[K")
    assert re.fullmatch(words, line[1:-3]), line


def test_the_progress_bar_of_duel_names_the_bots_in_the_language(monkeypatch, capsys):
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert (
        main(
            [
                "duel",
                "coinche",
                "--bot",
                "rules",
                "--against",
                "random",
                "-n",
                "1",
                "-j",
                "1",
                "--lang",
                "fr",
            ]
        )
        == 0
    )
    assert "\rcoinche rules contre random [" in terminal.getvalue()
    capsys.readouterr()


@pytest.mark.parametrize(
    ("lang", "head"),
    [
        ("en", "coinche/house, bot rules, seed 7: 4 deals (1 thrown in, 1 made, 2 failed)"),
        ("fr", "coinche/house, bot rules, graine 7 : 4 donnes (1 passée, 1 faite, 2 chutées)"),
        ("ru", "coinche/house, бот rules, seed 7: 4 раздачи (брошена 1, выполнена 1, провалено 2)"),
        ("hr", "coinche/house, bot rules, seed 7: 4 dijeljenja (poništeno 1, prošlo 1, pala 2)"),
        ("es", "coinche/house, bot rules, semilla 7: 4 manos (1 anulada, 1 cumplida, 2 falladas)"),
    ],
)
def test_simulate_says_each_count_with_its_own_plural(lang, head):
    from framework.app.cli import _simulate_lines

    stats = {
        "deals": 4,
        "thrown_in": 1,
        "made": 1,
        "failed": 2,
        "matches": 1,
        "points": {"NS": 1001, "EW": 0},
        "match_wins": {"NS": 1, "EW": 0},
        "deals_per_second": 1234.5,
    }
    lines = [
        render(line, lang) for line in _simulate_lines("coinche/house", "rules", 7, stats, 0.25)
    ]
    assert lines[0] == head
    if lang == "en":
        assert lines[1:] == [
            "points NS 1001, EW 0; 1 match won NS 1, EW 0",
            "0.25 s, 1234.5 deals/s",
        ]
    if lang == "hr":
        assert lines[1].startswith("bodovi NS 1.001, EW 0; ") and lines[2] == (
            "0,25 s, 1.234,5 dijeljenja/s"
        )
