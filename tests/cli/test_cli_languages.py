"""The command line's own words in the player's language: every command that prints words for
a person takes ``--lang`` and otherwise reads ``LANGUAGE``/``LC_ALL``/``LC_MESSAGES``/``LANG``;
with neither (or ``C``/``POSIX``) the output is the English of the documented examples, byte for
byte."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ATOUT = shutil.which("atout", path=str(Path(sys.executable).parent)) or "atout"
RECORD = json.dumps(
    {
        "taker": "NS",
        "bid": 100,
        "trump": "H",
        "coinche": "none",
        "taker_points": 112,
        "capot": None,
        "belote": ["NS"],
        "announcements": [],
    }
)
LEGAL = ("legal", "coinche", "--contract", "S", "--trick", "W:AD N:JS", "--hand", "7S 9S KH QC")
TRICK = ("trick", "coinche", "--contract", "H", "--trick", "W:AS N:8S E:TS S:7H")


def _env(**lang: str) -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
    }
    return {**env, **lang}


def run(*args: str, stdin: str | None = None, **lang: str) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(
        [ATOUT, *args], input=stdin, capture_output=True, text=True, timeout=180, env=_env(**lang)
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr == "" or args[0] in ("simulate", "duel"), result.stderr
    return result


def test_the_documented_examples_are_unchanged_in_english():
    assert run(*LEGAL).stdout == (
        "E may play: 7S 9S\nyou cannot overtrump JS: you must still play a trump (undertrump)\n"
    )
    assert run(*LEGAL, LANG="C.UTF-8").stdout == run(*LEGAL).stdout
    assert run(*TRICK).stdout == "S wins the trick (21 points)\n"
    assert run("score", "coinche", stdin=RECORD).stdout == (
        "made: NS 230, EW 50\nmade: 132 >= 100; NS 232 -> 230; EW 50\n"
    )
    lead = run("legal", "coinche", "-c", "H", "--hand", "KH 7S 10D").stdout
    assert lead == "may lead: KH 7S TD\nyou lead: any card may be played\n"


@pytest.mark.parametrize(
    ("lang", "made", "may", "wins"),
    [
        ("fr", "fait : NS 230, EW 50", "E peut jouer : 7S 9S", "S remporte le pli (21 points)"),
        ("ru", "выполнено: NS 230, EW 50", "E может сыграть: 7S 9S", "S берёт взятку (21 очко)"),
        ("bg", "изкарана: NS 230, EW 50", "E може да играе: 7S 9S", "S взема ръката (21 точки)"),
        ("hr", "prošlo: NS 230, EW 50", "E može igrati: 7S 9S", "S nosi štih (21 bod)"),
        ("es", "cumplido: NS 230, EW 50", "E puede jugar: 7S 9S", "S gana la baza (21 puntos)"),
    ],
)
def test_lang_says_the_commands_own_words_in_each_language(lang, made, may, wins):
    assert run("score", "coinche", "--lang", lang, stdin=RECORD).stdout.splitlines()[0] == made
    assert run(*LEGAL, "--lang", lang).stdout.splitlines()[0] == may
    assert run(*TRICK, "--lang", lang).stdout.strip() == wins


def test_the_language_comes_from_the_environment_when_no_lang_is_given():
    assert run(*TRICK, LANG="hr_HR.UTF-8").stdout.strip() == "S nosi štih (21 bod)"
    assert (
        run(*TRICK, LC_ALL="ru_RU.UTF-8", LANG="fr_FR").stdout.strip() == "S берёт взятку (21 очко)"
    )
    # --lang wins over the environment, before or after the command
    assert (
        run(*TRICK, "--lang", "fr", LANG="ru_RU").stdout.strip() == "S remporte le pli (21 points)"
    )
    assert run("--lang", "fr", *TRICK).stdout.strip() == "S remporte le pli (21 points)"


def test_a_sheet_totals_and_simulate_speak_the_language():
    sheet = json.dumps([json.loads(RECORD)] * 2)
    last = run("score", "coinche", "--lang", "fr", stdin=sheet).stdout.splitlines()[-1]
    assert last == "totaux : NS 460, EW 100"
    out = run("simulate", "coinche", "--deals", "3", "--bot", "rules", "--lang", "es").stdout
    lines = out.splitlines()
    assert lines[0].startswith("coinche/house, bot rules, semilla 0: 3 manos (")
    assert "cumplida" in lines[0] and lines[1].startswith("puntos NS ")
    assert lines[2].endswith(" manos/s")


def test_variants_lists_presets_and_titles_in_the_language():
    out = run("variants", "--lang", "fr").stdout
    assert "Belote classique (à la retourne)" in out
    assert "maison (par défaut)" in out and "règles : " in out
    english = run("variants").stdout
    assert "maison (default)" in english and "presets: " in english


def test_play_speaks_the_language_given_or_found_in_the_environment():
    out = run("play", "coinche", "--seed", "3", "--lang", "fr", stdin="?\nXX\n").stdout
    assert "votre main (S) : " in out and "interdit : " in out
    assert out.rstrip().splitlines()[-1] == "arrêté après 0 donne : NS 0, EW 0"
    assert "your hand" not in out and "not allowed" not in out
    russian = run("play", "bela", "--seed", "3", stdin="\n", LANG="ru_RU.UTF-8").stdout
    assert "ваши карты (S): " in russian
    assert russian.rstrip().splitlines()[-1] == "остановлено после 0 раздач: NS 0, EW 0"


def test_duel_speaks_the_language():
    out = run(
        "duel",
        "coinche",
        "--bot",
        "random",
        "--against",
        "rules",
        "--deals",
        "1",
        "--jobs",
        "1",
        "--lang",
        "fr",
    ).stdout
    assert out.startswith("coinche/house : random contre rules, 1 paire de donnes jumelles")
    assert "ms par décision" in out


def test_notation_errors_are_said_in_the_language_and_stay_english_by_default():
    bad = subprocess.run(
        [ATOUT, "legal", "coinche", "-c", "S", "--hand", "7S XX", "--lang", "fr"],
        capture_output=True,
        text=True,
        timeout=120,
        env=_env(),
    )
    assert bad.returncode == 2
    assert bad.stderr.strip() == (
        "atout: --hand : 'XX' n'est pas une carte du jeu french-32 "
        "(rangs 7 8 9 T J Q K A, couleurs S H D C)"
    )
    english = subprocess.run(
        [ATOUT, "play", "coinche", "--seat", "X"],
        capture_output=True,
        text=True,
        timeout=120,
        env=_env(),
        input="",
    )
    assert english.stderr.strip() == "atout: --seat: 'X' is not a seat; use N, E, S or W"
    out = run("play", "coinche", "--seed", "3", "--lang", "es", stdin="XX\n").stdout
    # (the calls allowed depend on what the bots bid before S)
    assert "no se permite: S no puede decir 'XX' ahora; se puede: PASS, " in out


def test_help_is_said_in_the_language_and_unchanged_in_english():
    french = run("--lang", "fr", "--help").stdout
    assert french.startswith("Utilisation : atout [OPTIONS] COMMANDE [ARGUMENTS]...")
    assert "Afficher ce message et quitter." in french
    assert "  trick     Qui remporte un pli, et ses points de cartes." in french
    assert "Show this message" not in french and "Who wins" not in french
    croatian = run("simulate", "--help", "--lang", "hr").stdout  # --lang after --help too
    assert (
        "  -n, --deals BROJ               Koliko dijeljenja odigrati.  [zadano: 1000]" in croatian
    )
    assert "Uporaba: atout simulate [OPCIJE] VARIJANTA" in croatian
    russian = run("legal", "-h", LANG="ru_RU.UTF-8").stdout
    assert "Какие карты из --hand можно сыграть во --trick и почему." in russian
    english = run("simulate", "--help").stdout
    assert english.startswith("Usage: atout simulate [OPTIONS] VARIANT\n\n  Play whole deals")
    assert "  -n, --deals INTEGER     How many deals to play.  [default: 1000]\n" in english
    assert "  -h, --help              Show this message and exit.\n" in english


@pytest.mark.parametrize(
    ("lang", "usage", "term", "missing", "version"),
    [
        (
            "en",
            "Usage: atout score [OPTIONS] VARIANT [FILE|-]",
            "-o, --option KEY=VALUE",
            "atout: Missing argument 'VARIANT'.",
            "atout, version ",
        ),
        (
            "fr",
            "Utilisation : atout score [OPTIONS] VARIANTE [FICHIER|-]",
            "-o, --option CLÉ=VALEUR",
            "atout: Argument 'VARIANTE' manquant.",
            "atout, version ",
        ),
        (
            "ru",
            "Использование: atout score [ПАРАМЕТРЫ] ВАРИАНТ [ФАЙЛ|-]",
            "-p, --preset ТЕКСТ",
            "atout: Не указан аргумент 'ВАРИАНТ'.",
            "atout, версия ",
        ),
        (
            "es",
            "Uso: atout score [OPCIONES] VARIANTE [ARCHIVO|-]",
            "--lang IDIOMA",
            "atout: Falta el argumento 'VARIANTE'.",
            "atout, versión ",
        ),
    ],
)
def test_the_placeholders_of_help_errors_and_the_version_are_said_in_the_language(
    lang, usage, term, missing, version
):
    said = run("score", "--help", "--lang", lang).stdout
    assert said.startswith(usage + "\n") and f"  {term}  " in said
    bare = subprocess.run(
        [ATOUT, "score", "--lang", lang], capture_output=True, text=True, timeout=120, env=_env()
    )
    assert bare.returncode == 2 and bare.stderr.strip() == missing
    assert run("--version", "--lang", lang).stdout.startswith(version)
