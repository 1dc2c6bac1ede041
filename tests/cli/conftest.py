"""Fixtures of the CLI tests."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

UNIT = Path(__file__).resolve().parents[1] / "unit"


@pytest.fixture(scope="session")
def toy_jass_env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """An environment whose PYTHONPATH holds the toy Jass of ``tests/unit/toy_jass.py`` and a
    dist-info declaring it in ``atout.variants``: the console script sees it installed, as a
    third-party plugin would be."""
    site = tmp_path_factory.mktemp("site")
    info = site / "atout_toy_jass-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: atout-toy-jass\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[atout.variants]\ntoy-jass = toy_jass\n")
    shutil.copy(UNIT / "toy_jass.py", site / "toy_jass.py")
    return {**os.environ, "PYTHONPATH": str(site)}


@pytest.fixture(scope="session")
def toy_pools_env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """An environment where the toy game scored per player (``tests/unit/toy_pools.py``, on
    ``toy_game.py``) is installed as ``toy-pools``, as a third-party plugin would be."""
    site = tmp_path_factory.mktemp("site")
    info = site / "atout_toy_pools-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: atout-toy-pools\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[atout.variants]\ntoy-pools = toy_pools\n")
    for module in ("toy_game.py", "toy_pools.py"):
        shutil.copy(UNIT / module, site / module)
    return {**os.environ, "PYTHONPATH": str(site)}


@pytest.fixture(scope="session")
def toy_one_kind_env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """An environment where the toy game playing one contract kind only
    (``tests/unit/toy_one_kind.py``, on ``toy_game.py``) is installed as ``toy-one-kind``."""
    site = tmp_path_factory.mktemp("site")
    info = site / "atout_toy_one_kind-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: atout-toy-one-kind\nVersion: 0.1\n"
    )
    (info / "entry_points.txt").write_text("[atout.variants]\ntoy-one-kind = toy_one_kind\n")
    for module in ("toy_game.py", "toy_one_kind.py"):
        shutil.copy(UNIT / module, site / module)
    return {**os.environ, "PYTHONPATH": str(site)}
