"""Which base URL goes into QR codes and shared links."""

import pytest

from scorepad.share import is_loopback, public_base_url, qr_svg


def test_configured_public_url_wins_over_everything():
    base = public_base_url("https://cards.example.org/", "http://192.168.1.5:8000/", "10.0.0.1")
    assert base.url == "https://cards.example.org"
    assert not base.loopback_only


def test_non_loopback_request_host_comes_next():
    base = public_base_url(None, "http://192.168.1.5:8000/", "10.0.0.1")
    assert base.url == "http://192.168.1.5:8000"


def test_loopback_request_falls_back_to_the_lan_address_with_the_same_port():
    assert public_base_url(None, "http://127.0.0.1:8123/", "10.0.0.1").url == "http://10.0.0.1:8123"


def test_only_loopback_is_flagged():
    base = public_base_url(None, "http://[::1]:8000/", lan="")
    assert base.loopback_only


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        ("127.0.0.1", True),
        ("127.8.0.1", True),
        ("::1", True),
        ("[::1]", True),
        ("localhost", True),
        ("app.localhost", True),
        ("0.0.0.0", True),
        ("192.168.1.2", False),
        ("cards.example.org", False),
        ("10.0.0.1", False),
    ],
)
def test_is_loopback(host, loopback):
    assert is_loopback(host) is loopback


def test_qr_svg_needs_no_pillow_and_is_a_path():
    svg = qr_svg("http://10.0.0.1:8000/g/abc")
    assert svg.startswith("<svg") or svg.startswith("<?xml")
    assert "<path" in svg


@pytest.mark.parametrize(
    "module", ["scorepad", "scorepad.share", "scorepad.db", "scorepad.security", "scorepad.forms"]
)
def test_doctests_of_scorepad_modules(module):
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(module))
    assert result.failed == 0 and result.attempted > 0


def test_a_server_listening_on_loopback_only_gives_no_lan_link():
    base = public_base_url(None, "http://127.0.0.1:8000/", "10.0.0.1", bind_host="127.0.0.1")
    assert base == public_base_url(None, "http://127.0.0.1:8000/", "", bind_host="::1")
    assert base.loopback_only and base.url == "http://127.0.0.1:8000"


def test_a_server_listening_everywhere_gives_the_lan_address():
    for everywhere in ("0.0.0.0", "::"):
        base = public_base_url(None, "http://127.0.0.1:8000/", "10.0.0.1", bind_host=everywhere)
        assert base.url == "http://10.0.0.1:8000" and not base.loopback_only


def test_a_server_listening_on_one_address_gives_that_address():
    base = public_base_url(None, "http://localhost:8000/", "10.0.0.1", bind_host="192.168.4.2")
    assert base.url == "http://192.168.4.2:8000"


def test_the_qr_svg_draws_every_module_of_the_code_and_no_other():
    """Our drawing of the code against the library's own image of the same code."""
    import re

    import qrcode
    from qrcode.image.svg import SvgPathImage

    from scorepad.share import QR_MASK

    data = "http://club.example:8000/e/vux2hZN5V1YQ?t=FeX9xNo4_b6RAFiaf8vZpMSbnDtyWPvJ"
    ours = set()
    for x, y, n in re.findall(r"M(\d+),(\d+)h(\d+)v1h-\d+z", qr_svg(data)):
        ours |= {(int(x) + i, int(y)) for i in range(int(n))}
    code = qrcode.QRCode(
        error_correction=qrcode.constants.ERROR_CORRECT_M,
        border=4,
        mask_pattern=QR_MASK,
        image_factory=SvgPathImage,
        box_size=10,
    )
    code.add_data(data)
    code.make(fit=True)
    theirs = {
        (int(x), int(y))
        for x, y in re.findall(r"M(\d+),(\d+)H", code.make_image().to_string(encoding="unicode"))
    }
    assert ours == theirs and len(ours) > 300
