"""The language an ``atout`` command speaks, and a rule's words said in it.

The language is ``--lang``, else the environment's; the words are rendered with every installed
plugin's catalog and the catalogs of the commands plugged in. Every command (``cli``, ``duel``,
``play``, and the commands of the ``atout.commands`` entry points, such as the scorepad's
``serve``) says its words through :func:`say`.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence

import click

from framework.core.messages import Domain, Translator
from framework.rules.plugins import load_all

__all__ = ["add_domains", "command_language", "env_language", "is_english", "say"]

#: the catalogs of the plugged commands loaded so far (a command's ``translations`` attribute)
_COMMAND_DOMAINS: dict[str, Domain] = {}


def add_domains(domains: Iterable[Domain]) -> None:
    """Know the catalogs of a plugged command (its ``translations`` attribute)."""
    for domain in domains:
        _COMMAND_DOMAINS.setdefault(domain.name, domain)


def env_language() -> str:
    """The language of ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` or ``LANG`` (``fr_FR.UTF-8`` ->
    ``fr_FR``); English when none is set or it is ``C``/``POSIX``."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "").split(":")[0].split(".")[0].split("@")[0]
        if value:
            return "en" if value in ("C", "POSIX") else value
    return "en"


def command_language(argv: Sequence[str] | None = None) -> str:
    """The language the command renders its words in: ``--lang``, else the environment.
    (``argv`` gives it after the command has ended, for its error line.)"""
    ctx = click.get_current_context(silent=True)
    chosen = ctx.meta.get("atout.lang") if ctx is not None else None
    for i, arg in enumerate(argv or ()):
        if arg == "--lang" and i + 1 < len(argv or ()):
            chosen = (argv or ())[i + 1]
        elif arg.startswith("--lang="):
            chosen = arg.partition("=")[2]
    return str(chosen).replace("-", "_") if chosen else env_language()


def _domains() -> list[Domain]:
    """Every installed plugin's catalog and the loaded plugged commands' (loaded only for a
    language other than English)."""
    found: dict[str, Domain] = dict(_COMMAND_DOMAINS)
    for variant in load_all()[0]:
        for domain in variant.translations:
            found.setdefault(domain.name, domain)
    return list(found.values())


def _translator(lang: str) -> Translator:
    """The translator of ``lang`` with every installed plugin's catalog, made once per command
    (loading the variants for their catalogs costs about a quarter of a second) and kept in
    the command's ``ctx.meta``; made afresh outside a command (its error line)."""
    ctx = click.get_current_context(silent=True)
    kept: dict[str, Translator] = ctx.meta.setdefault("atout.translators", {}) if ctx else {}
    found = kept.get(lang)
    if found is None:
        found = kept[lang] = Translator(lang, _domains())
    return found


def is_english(lang: str) -> bool:
    """Whether ``lang`` is English (``en``, ``en_GB``): the source language, said as written."""
    return lang == "en" or lang.startswith("en_")


def say(text: object, lang: str | None = None) -> str:
    """A rule's words in the command's language (English by default, exactly as ``str``)."""
    lang = lang or command_language()
    if is_english(lang):
        return "" if text is None else str(text)
    return _translator(lang).render(text)
