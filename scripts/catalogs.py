"""Extract, update and compile atout's gettext catalogs (Babel's ``pybabel``, one domain each).

    python scripts/catalogs.py update [DOMAIN ...]    extract the .pot, merge it into every .po
    python scripts/catalogs.py compile [DOMAIN ...]   .po -> .mo (what the wheel ships)
    python scripts/catalogs.py init LANG [DOMAIN ...] start a language (a new .po from the .pot)
    python scripts/catalogs.py list                   the domains, their sources and languages

Each domain is one package's words: the kernel (``atout``), the scorepad (``scorepad``: its
Python code and Jinja templates), each built-in variant and the belote family
(``atout_<package>``) and the Klaverjas example (``atout_klaverjas``). A package keeps its
catalog next to its code: ``<package>/locale/<domain>.pot`` and
``<package>/locale/<lang>/LC_MESSAGES/<domain>.po`` (+ the compiled ``.mo``). The mapping of
sources to extractors is ``babel.cfg``; the keywords are ``_`` (message), ``_n:1,2``
(plural), ``_p:1c,2`` (a message in a gettext context) and ``_np:1c,2,3`` (a plural in a
context), plus ``t`` in the scorepad's views
and ``ngettext`` in its templates.

``tests/unit/test_catalogs.py`` fails when a .pot is not what extraction gives, when a .po lacks
a message of its .pot (or keeps one the code no longer uses), or when a .mo is not its .po
compiled: run ``update`` then ``compile`` after changing any player-facing text.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog as BabelCatalog
from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
KEYWORDS = ("_", "_n:1,2", "_p:1c,2", "_np:1c,2,3", "t", "ngettext:1,2")
#: the languages every built-in catalog ships (English is the source language)
LANGUAGES = ("fr", "ru", "bg", "hr", "es")


@dataclass(frozen=True)
class Catalog:
    """One gettext domain: its name, the source folder extracted, its locale folder, languages."""

    domain: str
    source: str
    languages: tuple[str, ...] = LANGUAGES

    @property
    def locale(self) -> Path:
        return ROOT / self.source / "locale"

    @property
    def pot(self) -> Path:
        return self.locale / f"{self.domain}.pot"

    def po(self, lang: str) -> Path:
        return self.locale / lang / "LC_MESSAGES" / f"{self.domain}.po"

    def mo(self, lang: str) -> Path:
        return self.locale / lang / "LC_MESSAGES" / f"{self.domain}.mo"


CATALOGS = (
    Catalog("atout", "framework"),
    Catalog("scorepad", "scorepad"),
    Catalog("atout_belote", "variants/belote"),
    Catalog("atout_coinche", "variants/coinche"),
    Catalog("atout_french_belote", "variants/french_belote"),
    Catalog("atout_bulgarian", "variants/bulgarian"),
    Catalog("atout_bela", "variants/bela"),
    Catalog("atout_cuatrola", "variants/cuatrola"),
    Catalog("atout_preference", "variants/preference"),
    Catalog("atout_klaverjas", "examples/klaverjas/atout_klaverjas", ("nl",)),
)


def _pybabel(*args: str) -> None:
    CommandLineInterface().run(["pybabel", "-q", *args])


def extract(catalog: Catalog, output: Path | None = None) -> None:
    """Write the domain's .pot (or ``output``) from its sources; no dates or locations, so a
    diff shows only changed text."""
    output = output or catalog.pot
    output.parent.mkdir(parents=True, exist_ok=True)
    keywords = [f"-k{k}" for k in KEYWORDS]
    _pybabel(
        "extract",
        "-F",
        str(ROOT / "babel.cfg"),
        "--no-default-keywords",
        *keywords,
        "--no-location",
        "--omit-header",
        "--sort-output",
        "--ignore-dirs=locale",
        "-o",
        str(output),
        str(ROOT / catalog.source),
    )


def update(catalog: Catalog) -> None:
    """Extract, then merge the .pot into each language's .po (new ones are created). A .po is
    rewritten only when a message changed, so its header dates do not churn."""
    extract(catalog)
    for lang in catalog.languages:
        if not catalog.po(lang).exists():
            init(catalog, lang)
    with catalog.pot.open("rb") as f:
        template = read_po(f)
    for lang in catalog.languages:
        path = catalog.po(lang)
        with path.open("rb") as f:
            po = read_po(f, locale=lang)
        before = _entries(po)
        created = po.creation_date
        po.update(template, no_fuzzy_matching=True)
        po.obsolete.clear()
        if _entries(po) == before:
            continue
        po.creation_date = created
        with path.open("wb") as f:
            write_po(f, po, width=0, sort_output=True)


def _entries(po: BabelCatalog) -> list[tuple[object, object, bool]]:
    return sorted(((m.id, m.string, m.fuzzy) for m in po if m.id), key=repr)


def init(catalog: Catalog, lang: str) -> None:
    if not catalog.pot.exists():
        extract(catalog)
    _pybabel(
        "init",
        "-i",
        str(catalog.pot),
        "-d",
        str(catalog.locale),
        "-D",
        catalog.domain,
        "-l",
        lang,
        "--no-wrap",
    )


def compile_(catalog: Catalog) -> None:
    for lang in catalog.languages:
        if catalog.po(lang).exists():
            _pybabel("compile", "-d", str(catalog.locale), "-D", catalog.domain, "-l", lang)


def _chosen(names: list[str]) -> list[Catalog]:
    known = {c.domain: c for c in CATALOGS}
    unknown = [n for n in names if n not in known]
    if unknown:
        sys.exit(f"unknown domain(s) {', '.join(unknown)}; known: {', '.join(known)}")
    return [known[n] for n in names] if names else list(CATALOGS)


def main(argv: list[str]) -> None:
    if not argv or argv[0] not in ("update", "compile", "init", "list", "extract"):
        sys.exit(__doc__)
    command, rest = argv[0], argv[1:]
    if command == "init":
        if not rest:
            sys.exit("init needs a language code")
        for catalog in _chosen(rest[1:]):
            init(catalog, rest[0])
        return
    for catalog in _chosen(rest):
        if command == "list":
            print(f"{catalog.domain:<22} {catalog.source:<36} {' '.join(catalog.languages)}")
        elif command == "extract":
            extract(catalog)
        elif command == "update":
            update(catalog)
        else:
            compile_(catalog)


if __name__ == "__main__":
    main(sys.argv[1:])
