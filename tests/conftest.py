"""Options and fixtures shared by the whole suite."""

import os
import secrets
from collections.abc import Callable

import pytest

#: The test toys of tests/toys (toy-duo: two seats and a talon; toy-six: six seats), installed
#: by scripts/test, prove the table shapes in tests/unit/test_toy_shapes.py, which enables them.
#: Every other test sees only the real variants: the suites that run over every installed
#: variant (the scorepad's pages, the board slips, atout play's team lines) are not all written
#: for any table yet.
TEST_TOYS = ("toy-duo", "toy-six")
#: Préférence (three seats, scored per player) is registered for its users, and its own tests
#: (tests/unit/test_preference_*.py, its conformance and match tests, the scorepad's sheet and
#: the play table tapped through a deal in tests/browser/test_sheet_shapes_browser.py) run it;
#: the suites that loop over every installed variant do not see it yet, for the same reason as
#: the toys (atout play's pipe test and the six languages' page test are not yet written for a
#: score kept per player). A gap, named in CHANGELOG.md, not a pass.
NOT_YET_IN_LOOPS = (*TEST_TOYS, "preference")
_blocked = [n for n in os.environ.get("ATOUT_DISABLED_VARIANTS", "").split(",") if n.strip()]
os.environ["ATOUT_DISABLED_VARIANTS"] = ",".join(
    [*_blocked, *(t for t in NOT_YET_IN_LOOPS if t not in _blocked)]
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
