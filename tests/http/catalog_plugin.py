"""A third-party variant plugin with its own catalog (German), for tests/http/test_i18n.py:
Coinche under another title, translated by the plugin's own gettext domain."""

from __future__ import annotations

from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from framework.core.messages import Domain
from framework.rules.declaration import Declaration
from framework.rules.hookspecs import hookimpl

NAME = "atout_test_catalog"
DOMAIN = Domain(NAME, Path(__file__).parent / "no-catalog-yet")
GERMAN = {"Coinche with a catalog": "Coinche mit Katalog"}


def compile_into(root: Path) -> Domain:
    """Compile the German catalog into ``root`` (as a plugin's wheel would ship it)."""
    catalog = Catalog(locale="de", domain=NAME)
    for msgid, msgstr in GERMAN.items():
        catalog.add(msgid, msgstr)
    (root / "de" / "LC_MESSAGES").mkdir(parents=True)
    with (root / "de" / "LC_MESSAGES" / f"{NAME}.mo").open("wb") as f:
        write_mo(f, catalog)
    return Domain(NAME, root)


@hookimpl
def atout_bases():
    return ["coinche"]


@hookimpl
def atout_declare():
    return Declaration(title=DOMAIN.message("Coinche with a catalog"), catalog=DOMAIN)
