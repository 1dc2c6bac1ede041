"""Options shared by the whole suite."""

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--playwright", action="store_true", default=False,
                     help="run the browser tests (marked playwright) against /usr/bin/chromium")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--playwright"):
        return
    skip = pytest.mark.skip(reason="browser test: run with --playwright")
    for item in items:
        if "playwright" in item.keywords:
            item.add_marker(skip)
