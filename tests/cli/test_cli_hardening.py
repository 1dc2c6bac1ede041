"""The CLI refuses what an attacker tried (issue 10): exit 2, one line, never a traceback or
"internal error"."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import threading

import pytest
from test_cli import fails_with, run

from framework.app.cli import main


def test_atout_alone_prints_its_help():
    result = run()
    assert result.returncode == 0
    assert result.stdout.startswith("Usage: atout")
    assert "Commands:" in result.stdout and "serve" in result.stdout
    assert result.stderr == ""


@pytest.mark.parametrize(
    "stdin, words",
    [
        ("[]", ["empty list"]),
        ("[1]", ["deal 1", "JSON object"]),
        ('["x"]', ["JSON object"]),
        ("1", ["JSON object"]),
        ('"text"', ["JSON object"]),
        ("null", ["JSON object"]),
        ("[" * 3000, ["nested too deeply"]),
        ('{"bid": ' + "9" * 5000 + "}", ["5000 digits"]),
        ('{"taker": "\\ud800"}', ["taker", "surrogate"]),
        ('{"taker": "N\\u0000S"}', ["NUL"]),
        ("\ufeff{}", ["byte-order mark"]),
        ("NaN", ["NaN"]),
        ('{"taker": "NS", "bid": "²", "trump": "H", "taker_points": 90}', ["bid"]),
        ('{"taker": "NS", "bid": "１１０", "trump": "H", "taker_points": 90}', ["bid"]),
        ('{"taker": "NS", "bid": 110, "trump": "H", "taker_points": "９０"}', ["taker_points"]),
    ],
)
def test_score_refuses_bad_json_in_one_line(stdin, words):
    fails_with(run("score", "coinche", stdin=stdin), *words)


def test_score_refuses_a_file_that_is_not_utf8(tmp_path):
    path = tmp_path / "deal.json"
    path.write_bytes('{"taker": "NS"}'.encode("utf-16"))
    fails_with(run("score", "coinche", str(path)), "byte-order mark")
    path.write_bytes(b'{"taker": "\xe9"}')
    fails_with(run("score", "coinche", str(path)), "not UTF-8")


@pytest.mark.parametrize(
    "args, words",
    [
        (("simulate", "coinche", "--deals", "１０"), ["--deals", "digits 0-9"]),
        (("simulate", "coinche", "--deals", "9" * 5000), ["--deals", "digits"]),
        (("simulate", "coinche", "--seed", "²"), ["--seed"]),
        (("legal", "coinche", "-o", "target=１０００", "-c", "H", "--hand", "7S"), ["target"]),
        (
            ("legal", "coinche", "-o", "target=" + "9" * 5000, "-c", "H", "--hand", "7S"),
            ["target", "digits"],
        ),
        (("serve", "--port", "٨٠٠٠"), ["--port"]),
        (("serve", "--port", "99999"), ["--port"]),
        (("serve", "--host", "999.1.1.1"), ["--host"]),
        (("serve", "--host", "not-a-host"), ["--host"]),
        (("serve", "--host", "a b"), ["--host"]),
        (("serve", "--host", "bad\x01"), ["--host"]),
        (("serve", "--public-url", "ftp://x"), ["--public-url"]),
        (("serve", "--public-url", "http://x:99999"), ["--public-url"]),
        (("serve", "--trusted-host", "a b"), ["--trusted-host"]),
    ],
)
def test_bad_arguments_are_one_line_with_status_2(args, words):
    result = run(*args)
    fails_with(result, *words)
    assert "open http" not in result.stdout + result.stderr  # no address printed


def test_serve_gives_up_on_a_host_name_the_resolver_does_not_answer(monkeypatch, capsys):
    # A machine without network: the resolver would keep `atout serve` waiting for many seconds
    # before its error. This one answers only when the test lets it (or after 30 s).
    import socket

    from scorepad import cli as serve_cli

    released, answered = threading.Event(), threading.Event()

    def slow_resolver(*args: object, **kwargs: object) -> object:
        released.wait(30)
        answered.set()
        raise socket.gaierror(socket.EAI_AGAIN, "Temporary failure in name resolution")

    monkeypatch.setattr(serve_cli.socket, "getaddrinfo", slow_resolver)
    try:
        code = main(["serve", "--host", "pc.lan", "--port", "0"])
        assert not answered.is_set(), "serve waited for the resolver"
    finally:
        released.set()
    assert code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["atout: serve: --host: 'pc.lan' does not resolve to an address of this machine"]


def test_serve_refuses_a_database_folder_that_does_not_exist(tmp_path):
    missing = tmp_path / "no" / "such"
    result = run("serve", "--port", "0", "--db", f"sqlite:///{missing}/x.db")
    fails_with(result, "--db", "does not exist")
    assert not missing.exists()


def test_serve_without_psycopg_says_what_to_install(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "psycopg", None)  # import psycopg raises ImportError
    code = main(["serve", "--port", "0", "--db", "postgresql://u:p@127.0.0.1:1/x"])
    assert code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "pip install 'atout[postgres]'" in err[0]


def test_the_default_database_is_private(tmp_path):
    """The SQLite file atout creates (it holds the session key) is 0600 in a 0700 folder."""
    code = (
        "from scorepad import create_app; a = create_app(); a.extensions['atout_engine'].dispose()"
    )
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}
    env.pop("DATABASE_URL", None)
    subprocess.run([sys.executable, "-c", code], env=env, check=True, timeout=120)
    folder = tmp_path / "data" / "atout"
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    for path in folder.iterdir():
        assert stat.S_IMODE(path.stat().st_mode) & 0o077 == 0, path


def test_an_explicit_database_file_is_created_private(tmp_path):
    from scorepad import create_app

    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path}/x.db"})
    app.extensions["atout_engine"].dispose()
    assert stat.S_IMODE((tmp_path / "x.db").stat().st_mode) == 0o600
