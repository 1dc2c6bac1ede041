"""``atout serve`` with the test variant ``pools`` of ``tests/http/shape_plugin.py`` installed
next to the installed variants, at a table of the seats named in ``POOLS_SEATS`` (default
``A B C``): the server of the browser tests of a sheet of another shape. Run as a script, with
the arguments of ``atout serve``."""

from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "http"))

from shape_plugin import Pools

from framework.rules import plugins


class _EntryPoint:
    def __init__(self, name: str, plugin: object) -> None:
        self.name, self.value, self.plugin, self.dist = name, f"fake.{name}", plugin, None

    def load(self) -> object:
        return self.plugin


_installed = plugins._entry_points()
_pools = Pools(os.environ.get("POOLS_SEATS", "A B C").split())
plugins._entry_points = lambda: {**_installed, "pools": _EntryPoint("pools", _pools)}

from scorepad.cli import serve_command  # noqa: E402

serve_command(prog_name="pools_serve")
