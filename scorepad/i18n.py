"""The scorepad's languages: gettext catalogs (Babel), its own and every installed plugin's.

The scorepad's own words (templates, views) are the gettext domain ``scorepad`` in
``scorepad/locale/<lang>/LC_MESSAGES/scorepad.po``: templates call ``_("New game")`` and
``ngettext("%(num)s deal", "%(num)s deals", n)`` with ``%(name)s`` placeholders; views call
:func:`scorepad.views.common.t`. A variant's words (labels, help lines, choices, explanations,
record errors, end-of-match reasons) are :class:`framework.core.messages.Message` values of the
variant's own domain, named as the catalog of its declaration (``atout_declare``); templates show
them with ``text(...)``, which renders a message in the page's language with the game's team names
and shows a plain string as it is. A language a plugin's catalog lacks shows that plugin's words in
English; the rest of the page stays translated.

The scorepad offers every language that it or an installed plugin has a catalog for. The
language is the user's choice (stored in the session by the switch), else the best match of
``Accept-Language``, else English. Numbers and dates are formatted per locale for display only.
"""

from __future__ import annotations

import functools
import gettext as _gettext
from collections.abc import Mapping
from typing import Any

from babel import Locale, UnknownLocaleError
from babel.numbers import format_decimal
from flask import Request, session

from framework.core.cards import Deck
from framework.core.messages import KERNEL, Domain, Names, Translator, error_words
from scorepad.installed import installed_variants

__all__ = [
    "DOMAIN",
    "domains",
    "error_words",
    "gettext",
    "languages",
    "log_words",
    "ngettext",
    "number",
    "pick_language",
    "translator",
]

DOMAIN = Domain.beside(__file__, "scorepad")


@functools.cache
def domains() -> tuple[Domain, ...]:
    """The kernel's, the scorepad's and every installed plugin's catalog (loaded once)."""
    found = {d.name: d for d in (KERNEL, DOMAIN)}
    for variant in installed_variants():
        for domain in variant.translations:
            found.setdefault(domain.name, domain)
    return tuple(found.values())


def _display_name(code: str) -> str:
    try:
        name = Locale.parse(code).get_display_name(code) or code
    except (ValueError, UnknownLocaleError):
        return code
    return name[:1].upper() + name[1:]


@functools.cache
def languages() -> dict[str, str]:
    """Every language offered: English first, then each language some catalog has, by code;
    each named in its own language ("Français", "Hrvatski")."""
    codes = sorted({lang for d in domains() for lang in d.languages()} - {"en"})
    return {code: _display_name(code) for code in ["en", *codes]}


@functools.lru_cache(maxsize=64)
def _catalog(lang: str) -> _gettext.NullTranslations:
    return _gettext.translation(DOMAIN.name, str(DOMAIN.directory), languages=[lang], fallback=True)


def number(lang: str, value: Any) -> str:
    """An int shown in ``lang`` ("1.001" in Croatian); English and anything else as it is."""
    if lang == "en" or isinstance(value, bool) or not isinstance(value, int):
        return str(value)
    try:
        return format_decimal(value, locale=lang)
    except (ValueError, UnknownLocaleError):
        return str(value)


def _fill(text: str, lang: str, values: Mapping[str, Any]) -> str:
    return text % {k: number(lang, v) for k, v in values.items()} if values else text


def gettext(lang: str, message: str, **values: Any) -> str:
    """The scorepad's ``message`` translated into ``lang``, ``%(name)s`` placeholders filled."""
    text = message if lang == "en" else _catalog(lang).gettext(message)
    return _fill(text, lang, values)


def ngettext(lang: str, singular: str, plural: str, num: int, **values: Any) -> str:
    """The plural form of ``lang`` for ``num``; ``%(num)s`` is the count."""
    if lang == "en":
        text = singular if num == 1 else plural
    else:
        text = _catalog(lang).ngettext(singular, plural, num)
    return _fill(text, lang, {"num": num, **values})


_DECK_WORDS: dict[tuple[str, str], tuple[dict[str, str], dict[str, str]]] = {}


def deck_words(lang: str, deck: Deck) -> tuple[dict[str, str], dict[str, str]]:
    """The deck's cards and suits in ``lang``'s words (``{"7H": "seven of hearts"}``,
    ``{"H": "hearts"}``), what a page puts in for card and suit codes; made once per language
    and deck."""
    key = (lang, deck.name)
    found = _DECK_WORDS.get(key)
    if found is None:
        say = Translator(lang, domains()).render
        cards = {deck.format(c): say(deck.card_name(c)) for c in range(deck.size)}
        suits = {code: say(deck.suit_name(i)) for i, code in enumerate(deck.suits)}
        found = _DECK_WORDS[key] = (cards, suits)
    return found


def translator(
    lang: str, teams: Mapping[str, str] | None = None, names: Names | None = None
) -> Translator:
    """Renders plugin messages in ``lang``, writing the game's team (and player) names for
    team and seat parameters: ``names``, else just ``teams``."""
    return Translator(lang, domains(), names or Names(teams=dict(teams or {})))


def pick_language(request: Request) -> str:
    """The session's chosen language, else the browser's best match, else English."""
    offered = languages()
    chosen = session.get("lang")
    if chosen in offered:
        return str(chosen)
    return request.accept_languages.best_match(list(offered), default="en") or "en"


def log_words(app: Any, text: object) -> str:
    """A line of the server's own (a log line, the QR code's) in the app's ``LOG_LANGUAGE``."""
    lang = app.config.get("LOG_LANGUAGE") or "en"
    return str(text) if lang == "en" else translator(lang).render(text)
