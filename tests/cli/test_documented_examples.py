"""Every ``atout`` example that the README and the docs show with its output prints exactly
that output, in English, with no language set: the documented examples are the CLI's English
contract, and a translation must not change them.

The examples are read from the ``console`` blocks of README.md, docs/*.md and the examples'
READMEs: a line ``$ COMMAND`` (continued by a trailing ``\\`` or an open quote), then the lines
it prints, up to the next ``$``. A block that elides with ``...``, and ``atout variants``
(which lists whatever is installed, in columns as wide as the longest installed name), show a
fragment of the output: its lines must appear in the output, in order, spaces aside.
Everything else is compared byte for byte. The plugin guide's examples (docs/plugins.md) are
checked against its own plugin by tests/unit/test_plugin_guide.py.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ATOUT = shutil.which("atout", path=str(Path(sys.executable).parent)) or "atout"
PAGES = sorted(
    [ROOT / "README.md", *(ROOT / "docs").glob("*.md"), *(ROOT / "examples").glob("*/README.md")]
)
CONSOLE = re.compile(r"```console\n(.*?)```", re.DOTALL)

#: The record of docs/cli.md's ``atout score coinche deal.json`` (the README's record: the page
#: shows the same two lines the README prints for it).
FILES = {
    "deal.json": json.dumps(
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
}

#: Documented with their output but not run here, and why.
NOT_RUN = {
    # 500 duplicate pairs of the search bot take minutes, and the ms per decision are the
    # machine's; tests/cli/test_duel.py checks the command's lines and JSON keys.
    "atout duel cuatrola --bot search --against rules --deals 500 --seed 1 --budget 6",
}


@dataclass(frozen=True)
class Example:
    page: str
    command: str
    output: tuple[str, ...]

    @property
    def is_fragment(self) -> bool:
        return "..." in self.output or self.command == "atout variants"


def _command_lines(lines: list[str], i: int) -> tuple[str, int]:
    """The command starting at ``lines[i]`` (after ``$ ``), joined over its continuation lines,
    without its trailing ``# comment``; and the index of the line after it."""
    text = lines[i][2:]
    i += 1
    while text.endswith("\\") or _open_quote(text):
        text = (text[:-1].rstrip() if text.endswith("\\") else text) + " " + lines[i].strip()
        i += 1
    return _without_comment(text), i


def _open_quote(text: str) -> bool:
    try:
        shlex.split(text, comments=True)
    except ValueError:
        return True
    return False


def _without_comment(text: str) -> str:
    """``text`` cut before a ``#`` that starts a shell comment (outside quotes)."""
    quote = ""
    for i, char in enumerate(text):
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char == "#" and (i == 0 or text[i - 1].isspace()):
            return text[:i].rstrip()
    return text.rstrip()


def _examples() -> list[Example]:
    found = []
    for page in PAGES:
        if page.name == "plugins.md":
            continue
        for block in CONSOLE.findall(page.read_text(encoding="utf-8")):
            lines = block.rstrip("\n").split("\n")
            i = 0
            while i < len(lines):
                if not lines[i].startswith("$ "):
                    i += 1
                    continue
                command, i = _command_lines(lines, i)
                output = []
                while i < len(lines) and not lines[i].startswith("$ "):
                    output.append(lines[i])
                    i += 1
                if "atout " in command and output:
                    found.append(Example(str(page.relative_to(ROOT)), command, tuple(output)))
    return found


EXAMPLES = _examples()


def _english() -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
    }
    return {**env, "PATH": f"{Path(ATOUT).parent}{os.pathsep}{env.get('PATH', '')}"}


def test_the_docs_show_examples_with_their_output():
    pages = {e.page for e in EXAMPLES}
    assert {"README.md", "docs/cli.md"} <= pages
    assert len(EXAMPLES) >= 8
    assert {e.command for e in EXAMPLES} >= NOT_RUN  # a stale entry fails


@pytest.mark.parametrize(
    "example",
    [e for e in EXAMPLES if e.command not in NOT_RUN],
    ids=lambda e: f"{e.page}:{e.command[:60]}",
)
def test_a_documented_example_prints_its_documented_output(example, tmp_path):
    for name, text in FILES.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    result = subprocess.run(
        ["bash", "-c", f"set -o pipefail; {example.command}"],
        capture_output=True,
        text=True,
        timeout=180,
        cwd=tmp_path,
        env=_english(),
    )
    assert result.returncode == 0, result.stderr
    if not example.is_fragment:
        assert result.stdout == "\n".join(example.output) + "\n"
        return
    printed = [" ".join(line.split()) for line in result.stdout.splitlines()]
    shown = [" ".join(line.split()) for line in example.output if line != "..."]
    at = 0
    for line in shown:
        assert line in printed[at:], f"{line!r} not in the output after line {at}"
        at = printed.index(line, at) + 1
