"""Options and fixtures shared by the whole suite."""

import os
import secrets
from collections.abc import Callable

import pytest

#: The test toys of tests/toys (toy-duo: two seats and a talon; toy-six: six seats; toy-call: a
#: partner called by an ace), installed by scripts/test, prove the table shapes in
#: tests/unit/test_toy_shapes.py, tests/unit/test_called_partner.py and
#: tests/http/test_toys_scorepad.py, which enable them. Every other test sees only the real
#: variants, Préférence (three seats, a talon, a score per player) among them: the suites that
#: run over every installed variant (the scorepad's pages in every language, the board slips,
#: the play table, atout play) run it too.
TEST_TOYS = ("toy-duo", "toy-six", "toy-call")
_blocked = [n for n in os.environ.get("ATOUT_DISABLED_VARIANTS", "").split(",") if n.strip()]
os.environ["ATOUT_DISABLED_VARIANTS"] = ",".join(
    [*_blocked, *(t for t in TEST_TOYS if t not in _blocked)]
)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--playwright",
        action="store_true",
        default=False,
        help="run the browser tests (marked playwright) against /usr/bin/chromium",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--playwright"):
        return
    skip = pytest.mark.skip(reason="browser test: run with --playwright")
    for item in items:
        if "playwright" in item.keywords:
            item.add_marker(skip)


@pytest.fixture
def postgres_schema(request: pytest.FixtureRequest) -> Callable[[str], str]:
    """Makes a fresh schema on the PostgreSQL server of ``ATOUT_TEST_POSTGRES``: ``make("t_")``
    answers a database URL whose tables go into it; it is dropped after the test."""
    from sqlalchemy import create_engine, text

    from scorepad.db import normalize_url

    def make(prefix: str) -> str:
        url = normalize_url(os.environ["ATOUT_TEST_POSTGRES"])
        schema = prefix + secrets.token_hex(6)
        admin = create_engine(url)
        with admin.begin() as conn:
            conn.execute(text(f"CREATE SCHEMA {schema}"))

        def drop() -> None:
            with admin.begin() as conn:
                conn.execute(text(f"DROP SCHEMA {schema} CASCADE"))
            admin.dispose()

        request.addfinalizer(drop)
        sep = "&" if "?" in url else "?"
        return f"{url}{sep}options=-csearch_path%3D{schema}"

    return make
