"""Every hook of the catalogue has a section in docs/hooks.md, under its exact signature.

datasette's ``test_plugin_hooks_are_documented``: the heading of each section is the call
signature (``atout_auction(rules, dealer, turn_up, context)``), the section shows the typed
declaration exactly as ``framework/rules/hookspecs.py`` declares it, says *firstresult* when the
hook stops at the first answer, and gives an example. A section for a hook that no longer exists
fails too.
"""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

from framework.rules import hookspecs

DOC = Path(__file__).resolve().parents[2] / "docs" / "hooks.md"
HEADING = re.compile(r"^#{2,4}\s+(atout_\w+\(.*?\))\s*(\{#[\w-]+\})?\s*$", re.MULTILINE)


def _hooks() -> dict[str, object]:
    return {
        name: fn
        for name, fn in vars(hookspecs).items()
        if name.startswith("atout_") and hasattr(fn, "atout_spec")
    }


def _call_signature(name: str, fn: object) -> str:
    params = ", ".join(inspect.signature(fn).parameters)  # type: ignore[arg-type]
    return f"{name}({params})"


def _declaration(name: str, fn: object) -> str:
    return f"def {name}{inspect.signature(fn)}".replace("'", "")  # type: ignore[arg-type]


def _sections() -> dict[str, str]:
    text = DOC.read_text(encoding="utf-8")
    found = list(HEADING.finditer(text))
    sections = {}
    for i, match in enumerate(found):
        end = found[i + 1].start() if i + 1 < len(found) else len(text)
        sections[match.group(1)] = text[match.end() : end]
    return sections


def test_the_hook_catalogue_is_not_empty() -> None:
    assert len(_hooks()) >= 10


@pytest.mark.parametrize("name", sorted(_hooks()))
def test_every_hook_has_a_section_headed_by_its_exact_signature(name: str) -> None:
    fn = _hooks()[name]
    signature = _call_signature(name, fn)
    sections = _sections()
    assert signature in sections, (
        f"docs/hooks.md has no section headed '### {signature}' (headings: {sorted(sections)})"
    )
    body = sections[signature]
    declaration = _declaration(name, fn)
    assert declaration in body, (
        f"the section of {name} must show its declaration exactly:\n{declaration}"
    )
    assert "@hookimpl" in body, f"the section of {name} has no example"
    firstresult = fn.atout_spec["firstresult"]  # type: ignore[attr-defined]
    assert ("*firstresult*" in body) == firstresult, (
        f"the section of {name} must say *firstresult* exactly when the hook has it"
    )


def test_no_section_documents_a_hook_that_does_not_exist() -> None:
    known = {_call_signature(n, fn) for n, fn in _hooks().items()}
    stale = sorted(set(_sections()) - known)
    assert not stale, f"docs/hooks.md documents hooks that are not in hookspecs.py: {stale}"


def test_sections_follow_the_order_of_the_catalogue() -> None:
    order = [_call_signature(n, fn) for n, fn in _hooks().items()]
    documented = [s for s in _sections() if s in order]
    assert documented == order
