"""The documentation site builds with ``mkdocs build --strict`` and its nav lists every page.

Strict mode turns mkdocs' warnings into errors: a page left out of the nav, a nav entry or a
link to a missing page, a link to a missing anchor (``hooks.md#atout_auction``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"


def _nav_pages(entries: list) -> list[str]:
    pages: list[str] = []
    for entry in entries:
        value = next(iter(entry.values())) if isinstance(entry, dict) else entry
        if isinstance(value, list):
            pages += _nav_pages(value)
        else:
            pages.append(value)
    return pages


def test_the_nav_lists_every_page_and_only_pages_that_exist() -> None:
    yaml = pytest.importorskip("yaml")
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    listed = _nav_pages(config["nav"])
    on_disk = sorted(p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md"))
    assert sorted(set(on_disk) - set(listed)) == [], "add these pages to nav in mkdocs.yml"
    assert sorted(set(listed) - set(on_disk)) == [], "nav lists pages that do not exist"
    assert len(listed) == len(set(listed)), "a page is listed twice"


def test_the_python_api_reference_documents_every_public_name(tmp_path: Path) -> None:
    """The reference page is generated from the docstrings of ``framework.api``: every name a
    plugin imports has its own anchor, and so do the methods a plugin calls on a deal."""
    pytest.importorskip("mkdocstrings")
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    import framework.api

    config = load_config(str(ROOT / "mkdocs.yml"), site_dir=str(tmp_path), strict=True)
    build(config)
    page = (tmp_path / "reference" / "index.html").read_text(encoding="utf-8")
    missing = [
        name
        for name in framework.api.__all__
        if name not in ("N", "E", "S", "W") and f'id="framework.api.{name}"' not in page
    ]
    assert missing == []
    for member in ("Deal.new", "Deal.played", "Deal.legal_plays", "Deck.parse", "Match.add"):
        assert f'id="framework.api.{member}"' in page, member


def test_the_docs_stand_on_their_own_and_name_no_file_outside_the_repository() -> None:
    """No page sends the reader to ``design.md``, which is not in the repository."""
    mentions = [
        p.relative_to(DOCS).as_posix()
        for p in DOCS.rglob("*.md")
        if "design.md" in p.read_text(encoding="utf-8")
    ]
    assert mentions == []
