"""Draw the scorepad's home-screen icons (scorepad/static/icon-192.png, icon-512.png,
icon.svg) with no image library: a blue field, a white card, a red diamond.

Run from the checkout: ``python scripts/make_icons.py`` (the files are committed).
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

BLUE, WHITE, RED = (11, 92, 173), (255, 255, 255), (200, 16, 46)
STATIC = Path(__file__).resolve().parents[1] / "scorepad" / "static"


def pixel(x: float, y: float) -> tuple[int, int, int]:
    """The colour at (x, y) in a unit square (0..1 each way)."""
    if abs(x - 0.5) + abs(y - 0.5) * 0.8 < 0.2:  # the diamond
        return RED
    cx, cy = min(max(x, 0.27), 0.73), min(max(y, 0.17), 0.83)
    if (x - cx) ** 2 + (y - cy) ** 2 < 0.06**2:  # the card, rounded corners
        return WHITE
    return BLUE


def png(size: int) -> bytes:
    rows = b"".join(
        b"\x00" + bytes(c for x in range(size) for c in pixel((x + 0.5) / size, (y + 0.5) / size))
        for y in range(size)
    )

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data))
            + kind
            + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
        )

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows, 9))
        + chunk(b"IEND", b"")
    )


SVG = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
<rect width="100" height="100" fill="#0b5cad"/>
<rect x="21" y="11" width="58" height="78" rx="6" fill="#ffffff"/>
<path d="M50 25 L70 50 L50 75 L30 50 Z" fill="#c8102e"/>
</svg>
"""


def main() -> None:
    for size in (192, 512):
        (STATIC / f"icon-{size}.png").write_bytes(png(size))
    (STATIC / "icon.svg").write_text(SVG, encoding="utf-8")


if __name__ == "__main__":
    main()
