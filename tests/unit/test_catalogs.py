"""The gettext catalogs: each .pot is what extraction from the code gives, each .po has exactly
the .pot's messages, each shipped .mo is its .po compiled, translations keep their placeholders
and plural forms, and the languages declared complete in ``catalog_review.py`` are complete
(translated, not fuzzy, not left in English unless reviewed) and keep the glossary's terms."""

from __future__ import annotations

import gettext
import importlib.util
import io
import re
import sys
import tomllib
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog as BabelCatalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from catalog_review import COMPLETE, SAME_AS_ENGLISH

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("catalogs", ROOT / "scripts" / "catalogs.py")
assert _spec and _spec.loader
catalogs = importlib.util.module_from_spec(_spec)
sys.modules["catalogs"] = catalogs
_spec.loader.exec_module(catalogs)

PLACEHOLDER = re.compile(r"\{[A-Za-z_]\w*\}|%\(\w+\)s")


def _read(path: Path) -> BabelCatalog:
    with path.open("rb") as f:
        return read_po(f)


def _ids(catalog: BabelCatalog) -> set[tuple[str, str]]:
    """(gettext context or "", msgid) of each message: one English text in two contexts is two
    messages ("clubs" of the French deck and of the Spanish deck)."""
    return {(m.context or "", m.id if isinstance(m.id, str) else m.id[0]) for m in catalog if m.id}


def _texts(message) -> list[str]:
    return [message.string] if isinstance(message.string, str) else list(message.string)


DOMAINS = [c.domain for c in catalogs.CATALOGS]
PAIRS = [(c.domain, lang) for c in catalogs.CATALOGS for lang in c.languages]
BY_DOMAIN = {c.domain: c for c in catalogs.CATALOGS}


def test_every_domain_is_named_by_its_plugin_or_the_kernel(monkeypatch):
    # every installed plugin, those tests/conftest.py hides from the loops over variants too
    monkeypatch.delenv("ATOUT_DISABLED_VARIANTS", raising=False)
    from framework.core.messages import KERNEL
    from framework.rules.plugins import load_all
    from scorepad.i18n import DOMAIN as SCOREPAD

    named = {KERNEL.name, SCOREPAD.name}
    for variant in load_all()[0]:
        named |= {d.name for d in variant.translations}
    assert set(DOMAINS) <= named, f"catalogs no plugin names: {set(DOMAINS) - named}"
    for domain in (KERNEL, SCOREPAD):
        assert domain.directory == BY_DOMAIN[domain.name].locale


@pytest.mark.parametrize("domain", DOMAINS)
def test_the_pot_is_what_extraction_from_the_code_gives(domain, tmp_path):
    catalog = BY_DOMAIN[domain]
    fresh = tmp_path / "fresh.pot"
    catalogs.extract(catalog, fresh)
    used, listed = _ids(_read(fresh)), _ids(_read(catalog.pot))
    assert not used - listed, (
        f"used in code but not in {catalog.pot.name} (run scripts/"
        f"catalogs.py update {domain}): {sorted(used - listed)}"
    )
    assert not listed - used, (
        f"in {catalog.pot.name} but no code uses them (run update): {sorted(listed - used)}"
    )


@pytest.mark.parametrize(("domain", "lang"), PAIRS)
def test_each_po_holds_exactly_the_messages_of_its_pot(domain, lang):
    catalog = BY_DOMAIN[domain]
    po, pot = _ids(_read(catalog.po(lang))), _ids(_read(catalog.pot))
    assert po == pot, (
        f"{catalog.po(lang)} is not up to date with its .pot (run scripts/"
        f"catalogs.py update {domain}): missing {sorted(pot - po)}, "
        f"stale {sorted(po - pot)}"
    )


@pytest.mark.parametrize(("domain", "lang"), PAIRS)
def test_the_shipped_mo_is_its_po_compiled(domain, lang):
    catalog = BY_DOMAIN[domain]
    po = _read(catalog.po(lang))
    assert catalog.mo(lang).is_file(), (
        f"{catalog.mo(lang)} missing: run scripts/catalogs.py compile"
    )
    compiled = io.BytesIO()
    write_mo(compiled, po, use_fuzzy=False)
    assert catalog.mo(lang).read_bytes() == compiled.getvalue(), (
        f"{catalog.mo(lang)} is stale: run scripts/catalogs.py compile {domain}"
    )


@pytest.mark.parametrize(("domain", "lang"), PAIRS)
def test_translations_keep_the_placeholders_and_the_plural_forms_of_their_language(domain, lang):
    po = _read(BY_DOMAIN[domain].po(lang))
    bad = []
    for m in po:
        if not m.id:
            continue
        english = [m.id] if isinstance(m.id, str) else list(m.id)
        wanted = {p for e in english for p in PLACEHOLDER.findall(e)}
        texts = _texts(m)
        if not isinstance(m.id, str) and any(texts):
            assert len(texts) == po.num_plurals, (m.id, texts, po.num_plurals)
        for text in texts:
            if text and {p for p in PLACEHOLDER.findall(text)} - wanted:
                bad.append((m.id, text))
            # a plural's singular may write "1" instead of {n}; a plain message keeps them all
            if text and isinstance(m.id, str) and set(PLACEHOLDER.findall(text)) != wanted:
                bad.append((m.id, text))
    assert not bad, f"placeholders changed in {domain}/{lang}: {bad}"


def test_plural_rules_of_the_shipped_languages():
    """Russian and Croatian have three forms; French counts 0 as singular."""
    po = {lang: _read(BY_DOMAIN["scorepad"].po(lang)) for lang in ("fr", "ru", "hr", "bg", "es")}
    assert po["ru"].num_plurals == po["hr"].num_plurals == 3
    with BY_DOMAIN["scorepad"].mo("fr").open("rb") as f:
        french = gettext.GNUTranslations(f)
    assert french.ngettext("%(num)s deal", "%(num)s deals", 0) == french.ngettext(
        "%(num)s deal", "%(num)s deals", 1
    )
    assert french.ngettext("%(num)s deal", "%(num)s deals", 2) != french.ngettext(
        "%(num)s deal", "%(num)s deals", 1
    )


COMPLETE_PAIRS = [(d, lang) for d, langs in COMPLETE.items() for lang in langs]


def test_every_declared_complete_catalog_exists():
    unknown = [
        (d, lang)
        for d, lang in COMPLETE_PAIRS
        if d not in BY_DOMAIN or lang not in BY_DOMAIN[d].languages
    ]
    assert not unknown


@pytest.mark.parametrize(("domain", "lang"), COMPLETE_PAIRS)
def test_a_complete_catalog_translates_every_message(domain, lang):
    po = _read(BY_DOMAIN[domain].po(lang))
    untranslated = [m.id for m in po if m.id and not all(_texts(m))]
    fuzzy = [m.id for m in po if m.id and m.fuzzy]
    same = [
        m.id
        for m in po
        if m.id
        and isinstance(m.id, str)
        and m.string == m.id
        and m.id not in SAME_AS_ENGLISH.get(lang, set())
    ]
    assert not untranslated, f"{domain}/{lang} untranslated: {untranslated}"
    assert not fuzzy, f"{domain}/{lang} fuzzy: {fuzzy}"
    assert not same, (
        f"{domain}/{lang} left in English (translate them, or list them in "
        f"catalog_review.SAME_AS_ENGLISH once reviewed): {same}"
    )


GLOSSARIES = {
    c.domain: c.locale / "glossary.toml"
    for c in catalogs.CATALOGS
    if (c.locale / "glossary.toml").is_file()
}


@pytest.mark.parametrize("domain", sorted(GLOSSARIES))
def test_each_game_keeps_its_own_terms_in_its_home_language(domain):
    """A plugin's ``locale/glossary.toml`` (its own words, from its rules page): for each term,
    every message whose English matches ``en`` must, in each language the term names, match
    that language's pattern (case-insensitive regular expressions, so inflected forms pass).
    A language declared complete is checked on every such message; another language on the
    messages already translated. A term whose English no message uses is stale."""
    glossary = tomllib.loads(GLOSSARIES[domain].read_text(encoding="utf-8"))
    catalog = BY_DOMAIN[domain]
    assert glossary.get("home") in catalog.languages, f"{domain}: home language"
    english = [m for m in _read(catalog.pot) if m.id]
    wrong, stale = [], []
    for term in glossary.get("term", []):
        pattern = re.compile(term["en"], re.I)
        matching = [
            m.id
            for m in english
            if any(pattern.search(e) for e in ([m.id] if isinstance(m.id, str) else m.id))
        ]
        if not matching:
            stale.append(term["en"])
            continue
        for lang in catalog.languages:
            if lang not in term:
                continue
            wanted = re.compile(term[lang], re.I)
            po = _read(catalog.po(lang))
            for msgid in matching:
                texts = [t for t in _texts(po[msgid]) if t]
                if not texts and lang not in COMPLETE.get(domain, ()):
                    continue
                if not any(wanted.search(t) for t in texts):
                    wrong.append((lang, msgid, texts, term[lang]))
    if glossary["home"] in COMPLETE.get(domain, ()):
        assert not stale, f"{domain}: glossary terms no message uses: {stale}"
    assert not wrong, f"{domain}: translations without the agreed term: {wrong}"


def test_every_game_has_a_glossary():
    variants = {c.domain for c in catalogs.CATALOGS} - {"atout", "scorepad"}
    assert variants <= set(GLOSSARIES)
