"""Sharing a game: the public base URL and the QR code of the live page.

A phone at the table can only open a link that reaches this machine. The base URL of the links
we hand out is, in order: the configured ``PUBLIC_URL`` (``atout serve --public-url``); the host
the request came to, unless it is a loopback address; the machine's LAN address with the
request's port. When only a loopback address is left, the page warns that other phones cannot
use the link.

The request's host can only be one of the **trusted hosts** (Flask's ``TRUSTED_HOSTS``; any
other ``Host`` header is answered 400 before a view runs), so a stranger cannot make the app
hand out links, edit tokens included, that point to their own server. By default
(:func:`trusted_hosts`) they are this machine's own names and addresses, the public URL's host
and the names given with ``atout serve --trusted-host`` or ``ATOUT_TRUSTED_HOSTS``.

QR codes are SVG paths drawn by ``qrcode`` (no Pillow needed).
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket
from collections.abc import Iterable
from dataclasses import dataclass
from urllib.parse import urlsplit

import qrcode

__all__ = [
    "BaseURL",
    "is_loopback",
    "lan_address",
    "own_hosts",
    "phone_url",
    "public_base_url",
    "qr_svg",
    "qr_text",
    "trusted_hosts",
]


@dataclass(frozen=True)
class BaseURL:
    """A base URL (no trailing slash) and whether only loopback could be found."""

    url: str
    loopback_only: bool = False


def is_loopback(host: str) -> bool:
    """Whether ``host`` (a name or an address, without port) only reaches this machine.

    >>> is_loopback("127.0.0.1"), is_loopback("localhost"), is_loopback("192.168.1.20")
    (True, True, False)
    """
    host = host.strip("[]").lower()
    if host in ("localhost", "localhost.localdomain", "") or host.endswith(".localhost"):
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return address.is_loopback or address.is_unspecified


def lan_address() -> str | None:
    """This machine's address on its local network, or None.

    Asks the kernel which source address it would use to reach a private address; a UDP
    ``connect`` sends nothing.
    """
    for probe in ("10.255.255.255", "192.168.255.255"):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                s.connect((probe, 1))
                address = str(s.getsockname()[0])
        except OSError:
            continue
        if address and not is_loopback(address):
            return address
    return None


def own_hosts() -> list[str]:
    """This machine's own names and addresses: loopback, its host name (also with ``.local``,
    as mDNS gives it), the addresses that name resolves to, and its LAN address."""
    hosts = ["localhost", "127.0.0.1", "::1"]
    name = socket.gethostname()
    if name:
        short = name.split(".")[0]
        hosts += [name, f"{short}.local", short]
        with contextlib.suppress(OSError):
            hosts += [str(info[4][0]) for info in socket.getaddrinfo(name, None)]
    lan = lan_address()
    if lan:
        hosts.append(lan)
    return _unique(h.lower() for h in hosts)


def trusted_hosts(public_url: str | None, extra: Iterable[str] = ()) -> list[str]:
    """The hosts a request may come to: :func:`own_hosts`, the public URL's host and ``extra``
    (:func:`scorepad.bind_app` adds the address the server listens on).

    >>> hosts = trusted_hosts("https://cards.example.org/x", ["pc.lan"])
    >>> "cards.example.org" in hosts and "pc.lan" in hosts and "localhost" in hosts
    True
    """
    hosts = own_hosts()
    if public_url:
        name = urlsplit(public_url).hostname
        if name:
            hosts.append(name)
    hosts += [h.strip().lower() for h in extra if h.strip()]
    return _unique(hosts)


def _unique(items: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(items))


def public_base_url(
    configured: str | None,
    request_host_url: str,
    lan: str | None = None,
    bind_host: str | None = None,
) -> BaseURL:
    """The base URL to put in shared links (see the module docstring for the order).

    :param configured: the configured public URL, if any.
    :param request_host_url: the URL the request came to (``request.host_url``).
    :param lan: the LAN address, ``""`` for none (by default :func:`lan_address`).
    :param bind_host: the address the server listens on, when known: a loopback one means no
        other phone can connect whatever the link; a specific address is the one to give.

    >>> public_base_url("https://cards.example.org/", "http://127.0.0.1:5000/").url
    'https://cards.example.org'
    >>> public_base_url(None, "http://192.168.1.20:8000/").url
    'http://192.168.1.20:8000'
    >>> public_base_url(None, "http://127.0.0.1:8000/", lan="192.168.1.20").url
    'http://192.168.1.20:8000'
    >>> public_base_url(None, "http://localhost:8000/", lan="")
    BaseURL(url='http://localhost:8000', loopback_only=True)
    >>> public_base_url(None, "http://127.0.0.1:8000/", lan="192.168.1.20", bind_host="127.0.0.1")
    BaseURL(url='http://127.0.0.1:8000', loopback_only=True)
    >>> public_base_url(None, "http://127.0.0.1:8000/", "10.0.0.9", "192.168.1.20").url
    'http://192.168.1.20:8000'
    """
    if configured:
        return BaseURL(configured.rstrip("/"))
    parts = urlsplit(request_host_url)
    host = parts.hostname or ""
    here = f"{parts.scheme}://{parts.netloc}".rstrip("/")
    if not is_loopback(host):
        return BaseURL(here)
    port = f":{parts.port}" if parts.port else ""
    if bind_host:
        if is_loopback(bind_host) and not _unspecified(bind_host):
            return BaseURL(here, loopback_only=True)
        if not _unspecified(bind_host):
            shown = f"[{bind_host}]" if ":" in bind_host else bind_host
            return BaseURL(f"{parts.scheme}://{shown}{port}")
    if lan is None:
        lan = lan_address()
    if lan:
        return BaseURL(f"{parts.scheme}://{lan}{port}")
    return BaseURL(here, loopback_only=True)


def _unspecified(host: str) -> bool:
    """``0.0.0.0`` or ``::`` (listening on every address)."""
    try:
        return ipaddress.ip_address(host.strip("[]")).is_unspecified
    except ValueError:
        return False


#: the QR codes' mask pattern, fixed: every mask is a valid code that phones read, and choosing
#: the best of the eight (the library's default) took most of a code's time (a hundred table
#: cards cost seconds of a worker's CPU)
QR_MASK = 2


def qr_svg(data: str) -> str:
    """An SVG QR code of ``data`` (medium error correction, quiet zone included): one path,
    a unit per module, a run of dark modules of a row per subpath."""
    code = qrcode.QRCode(
        error_correction=qrcode.constants.ERROR_CORRECT_M, border=4, mask_pattern=QR_MASK
    )
    code.add_data(data)
    code.make(fit=True)
    matrix = code.get_matrix()
    size = len(matrix)
    runs = []
    for y, row in enumerate(matrix):
        x = 0
        while x < size:
            if not row[x]:
                x += 1
                continue
            start = x
            while x < size and row[x]:
                x += 1
            runs.append(f"M{start},{y}h{x - start}v1h{start - x}z")
    return (
        f'<svg width="{size}mm" height="{size}mm" version="1.1" viewBox="0 0 {size} {size}" '
        f'xmlns="http://www.w3.org/2000/svg"><path d="{"".join(runs)}" fill="#000000" /></svg>'
    )


def qr_text(data: str) -> str:
    """A QR code of ``data`` drawn with block characters, for a terminal: dark modules as
    spaces on light blocks, so it scans on a dark or a light terminal alike (a quiet zone of
    light blocks around it)."""
    import io

    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=2)
    code.add_data(data)
    code.make(fit=True)
    out = io.StringIO()
    code.print_ascii(out=out, invert=True)
    return out.getvalue()


def phone_url(host: str, port: int, public_url: str | None, lan: str | None = None) -> str | None:
    """The address a phone at the table opens, or None when no other machine can connect.

    :param lan: the LAN address, ``""`` for none (by default :func:`lan_address`).

    >>> phone_url("0.0.0.0", 8000, None, lan="192.168.1.20")
    'http://192.168.1.20:8000'
    >>> phone_url("127.0.0.1", 8000, None, lan="192.168.1.20") is None
    True
    >>> phone_url("0.0.0.0", 8000, "https://cards.example.org/")
    'https://cards.example.org'
    """
    if public_url:
        return public_url.rstrip("/")
    if is_loopback(host) and not _unspecified(host):
        return None
    if _unspecified(host):
        address = lan_address() if lan is None else lan
        if not address:
            return None
    else:
        address = f"[{host}]" if ":" in host else host
    return f"http://{address}:{port}"
