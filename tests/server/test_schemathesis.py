"""Schemathesis against a real ``atout serve``: every operation of the OpenAPI document, with
data that fits the schemas and data that does not, and the stateful phase following the
document's links (create a game -> record a deal -> read, replace, delete it). Every check is on
(no 5xx, statuses, content types, headers and bodies as documented, bodies the schema refuses
refused, 401/403 without the token or with a wrong one, a deleted game gone, bodies that fit
the schemas accepted). ``schemathesis.toml`` beside this file says the one exception: a deal
record that fits the document may still be refused with 422 (the game's variant and rules decide
it, and the document cannot know the game).

``ATOUT_ST_EXAMPLES`` (default 60) sets the cases per operation and phase, ``ATOUT_ST_SEED``
the seed (default: a fixed one, so CI is repeatable; ``random`` for a new one each run). The
figures (operations, cases, failures) are printed and written to ``schemathesis.txt`` beside the
server's log.
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

from servers import ATOUT, BIN, free_port, running

from scorepad.openapi import document

HERE = Path(__file__).parent


def test_schemathesis_finds_nothing_against_atout_serve(tmp_path: Path):
    port = free_port()
    examples = os.environ.get("ATOUT_ST_EXAMPLES", "60")
    seed = os.environ.get("ATOUT_ST_SEED", "20261201")
    serve = [ATOUT, "serve", "--port", str(port), "--db", f"sqlite:///{tmp_path}/st.db"]
    with running(serve, port, tmp_path / "serve.log") as base:
        command = [
            str(BIN / "schemathesis"),
            "--config-file",
            str(HERE / "schemathesis.toml"),
            "run",
            f"{base}/api/openapi.json",
            "--url",
            base,
            "--checks",
            "all",
            "--max-examples",
            examples,
            "--workers",
            "1",
            "--no-color",
        ]
        if seed != "random":
            command += ["--seed", seed]
        env = {
            **os.environ,
            "SCHEMATHESIS_HOOKS": "st_hooks",
            "ATOUT_BASE_URL": base,
            "PYTHONPATH": os.pathsep.join([str(HERE), os.environ.get("PYTHONPATH", "")]),
        }
        # in the test's folder: Schemathesis keeps its cache (.schemathesis/, .hypothesis/) there
        run = subprocess.run(
            command, capture_output=True, text=True, env=env, timeout=540, cwd=tmp_path
        )
    out = run.stdout + run.stderr
    (tmp_path / "schemathesis.txt").write_text(out)
    figures = re.search(r"Test cases:\s*\n\s*(.+)", out)
    print("schemathesis:", figures.group(1) if figures else "(no figures)", f"seed {seed}")
    assert run.returncode == 0, out[-6000:]
    operations = sum(m != "parameters" for item in document()["paths"].values() for m in item)
    # every operation of the document but its own route (which Schemathesis leaves out)
    assert f"Tested: {operations - 1}" in out, out[-3000:]
    log = (tmp_path / "serve.log").read_text()
    assert "unexpected error" not in log, log[-3000:]  # no 500 hid behind a conforming answer
