"""``atout serve`` prints a QR code of the phones' address in the terminal; a real decoder
(zbarimg, Debian's zbar-tools) reads it back from the printed characters."""

from __future__ import annotations

import io
import shutil
import struct
import subprocess
import zlib

import pytest

from scorepad import show_qr

#: each character is two stacked modules: (top is light, bottom is light)
HALVES = {"█": (1, 1), "▀": (1, 0), "▄": (0, 1), " ": (0, 0), "\xa0": (0, 0)}


def _png(rows: list[list[int]], scale: int = 8, margin: int = 4) -> bytes:
    """A grayscale PNG of light (1) and dark (0) modules, with a light margin."""
    width = len(rows[0]) + 2 * margin
    padded = (
        [[1] * width] * margin
        + [[1] * margin + r + [1] * margin for r in rows]
        + [[1] * width] * margin
    )
    raw = b"".join(
        b"\x00" + bytes(255 * v for v in row for _ in range(scale))
        for row in padded
        for _ in range(scale)
    )

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data))
            + kind
            + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
        )

    header = struct.pack(">IIBBBBB", width * scale, len(padded) * scale, 8, 0, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw))
        + chunk(b"IEND", b"")
    )


def _modules(text: str) -> list[list[int]]:
    lines = [line for line in text.splitlines() if line and set(line) <= set(HALVES)]
    rows: list[list[int]] = []
    for line in lines:
        rows.append([HALVES[c][0] for c in line])
        rows.append([HALVES[c][1] for c in line])
    return rows


def test_the_terminal_qr_code_scans_to_the_phones_address(tmp_path):
    # A real QR reader decodes what the terminal shows (scripts/test installs Debian's zbar-tools).
    assert shutil.which("zbarimg"), "zbarimg is needed: apt-get install zbar-tools"
    out = io.StringIO()
    show_qr("0.0.0.0", 8000, "http://192.168.1.20:8000", out)
    text = out.getvalue()
    assert "Scan with a phone on the same Wi-Fi to open http://192.168.1.20:8000" in text
    image = tmp_path / "qr.png"
    image.write_bytes(_png(_modules(text)))
    decoded = subprocess.run(
        ["zbarimg", "--quiet", "--raw", str(image)], capture_output=True, text=True, timeout=30
    )
    assert decoded.stdout.strip() == "http://192.168.1.20:8000"


def test_no_qr_code_when_only_this_machine_can_connect():
    out = io.StringIO()
    show_qr("127.0.0.1", 8000, None, out)
    assert out.getvalue() == ""


def test_the_start_lines_are_said_in_the_language_of_atout_serve(
    db_url, caplog, capsys, monkeypatch
):
    import logging

    from framework.app.cli import main
    from scorepad import announce, create_app

    said = {}
    for lang in ("en", "fr"):
        app = create_app(
            {
                "TESTING": True,
                "DATABASE_URL": db_url,
                "LOG_LANGUAGE": lang,
                "PUBLIC_URL": "http://192.168.1.20:8000",
            }
        )
        caplog.clear()
        with caplog.at_level(logging.INFO, logger="scorepad"):
            announce(app, "0.0.0.0", 8000)
        app.extensions["atout_engine"].dispose()
        said[lang] = ([r.getMessage() for r in caplog.records], capsys.readouterr().out)
    lines, out = said["en"]
    assert lines[0].startswith("scorepad on http://0.0.0.0:8000 (database ")
    assert lines[1] == "open http://192.168.1.20:8000 on the phones at the table"
    assert "Scan with a phone on the same Wi-Fi to open http://192.168.1.20:8000\n" in out
    lines, out = said["fr"]
    assert lines[0].startswith("feuille de marque sur http://0.0.0.0:8000 (base de données ")
    assert lines[1] == "ouvrez http://192.168.1.20:8000 sur les téléphones de la table"
    assert "Scannez avec un téléphone sur le même Wi-Fi pour ouvrir http://192.168.1.20:8000" in out
    # atout serve gives the app its language
    served = []

    def serve_app(app, *args):
        served.append(app.config["LOG_LANGUAGE"])
        app.extensions["atout_engine"].dispose()  # its connections closed, not left to the GC

    monkeypatch.setattr("scorepad.serve_app", serve_app)
    assert main(["serve", "--lang", "hr", "--db", db_url]) == 0
    assert served == ["hr"]


def test_the_gunicorn_workers_log_in_the_language_of_atout_serve(db_url, monkeypatch):
    from framework.app.cli import main
    from scorepad import create_app

    started = []

    def execve(path, args, env):
        started.append(env)
        raise SystemExit(0)

    monkeypatch.setattr("os.execve", execve)
    with pytest.raises(SystemExit):
        main(["serve", "--workers", "2", "--lang", "bg", "--db", db_url])
    assert started[0]["ATOUT_LOG_LANGUAGE"] == "bg"
    monkeypatch.setenv("ATOUT_LOG_LANGUAGE", "bg")
    app = create_app({"TESTING": True, "DATABASE_URL": db_url})
    assert app.config["LOG_LANGUAGE"] == "bg"
    app.extensions["atout_engine"].dispose()
