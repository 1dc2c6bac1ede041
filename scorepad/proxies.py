"""Which address a request comes from, and the forwarded headers believed only from the reverse
proxies the setup lists.

``PROXIES`` (default: ``ATOUT_PROXIES``) lists the proxies in front of the app by address or
network, comma-separated (``127.0.0.1``, ``10.0.0.0/8, ::1``). A request whose peer is one of
them is read as that proxy forwards it: the client is the right-most ``X-Forwarded-For`` address
that is not a listed proxy (each proxy appends the address it saw: the ones a client wrote
itself are further left and never believed), the scheme and host the last
``X-Forwarded-Proto`` and ``X-Forwarded-Host`` (the host must still be trusted). From any other
peer those headers are ignored: a client reaching the app directly cannot claim another
address, and a proxy that is not listed makes its clients look like the proxy itself
(:data:`UNLISTED_FORWARDER` marks such a request: from this machine, it is not the person at
the laptop, and it is not exempt from the games-per-minute budget).
"""

from __future__ import annotations

import ipaddress
import logging
from collections.abc import Callable, Iterable
from typing import Any

__all__ = ["UNLISTED_FORWARDER", "Network", "TrustedProxies", "proxy_networks"]

Network = ipaddress.IPv4Network | ipaddress.IPv6Network

#: the WSGI environ key set (``True``) when a peer that is not a listed proxy sent forwarded
#: headers
UNLISTED_FORWARDER = "atout.unlisted_forwarder"

_FORWARDED = ("HTTP_X_FORWARDED_FOR", "HTTP_FORWARDED", "HTTP_X_REAL_IP")

log = logging.getLogger("scorepad")


def proxy_networks(listed: str | Iterable[str] | None) -> tuple[Network, ...]:
    """The proxies' networks from a comma-separated list (or a list) of addresses and
    networks.

    :raises ValueError: naming ``ATOUT_PROXIES`` and the entry that is not an address.

    >>> proxy_networks("127.0.0.1, 10.0.0.0/8")
    (IPv4Network('127.0.0.1/32'), IPv4Network('10.0.0.0/8'))
    >>> proxy_networks("1")
    Traceback (most recent call last):
    ...
    ValueError: ATOUT_PROXIES lists addresses or networks (127.0.0.1, 10.0.0.0/8), not '1'
    """
    if listed is None:
        return ()
    if isinstance(listed, int) or not isinstance(listed, str | Iterable):
        raise _not_addresses(listed)
    entries = listed.split(",") if isinstance(listed, str) else list(listed)
    networks: list[Network] = []
    for entry in (str(e).strip() for e in entries):
        if not entry:
            continue
        try:
            networks.append(ipaddress.ip_network(entry.strip("[]"), strict=False))
        except ValueError:
            raise _not_addresses(entry) from None
    return tuple(networks)


def _not_addresses(value: object) -> ValueError:
    return ValueError(
        f"ATOUT_PROXIES lists addresses or networks (127.0.0.1, 10.0.0.0/8), not {value!r}"
    )


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(text.strip().strip("[]"))
    except ValueError:
        return None


class TrustedProxies:
    """WSGI middleware: the client address, scheme and host as the listed proxies forward
    them (see the module)."""

    def __init__(self, app: Callable[..., Any], networks: Iterable[Network]) -> None:
        self.app = app
        self.networks = tuple(networks)
        self._warned = False

    def is_proxy(self, text: str) -> bool:
        address = _address(text)
        return address is not None and any(address in n for n in self.networks)

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        peer = environ.get("REMOTE_ADDR") or ""
        if self.is_proxy(peer):
            self._believe(environ, peer)
        elif any(environ.get(h) for h in _FORWARDED):
            environ[UNLISTED_FORWARDER] = True
            if not self._warned:
                self._warned = True
                log.warning(
                    "requests from %s carry forwarded headers, but ATOUT_PROXIES does not list "
                    "it: they are not believed, and its clients share one games-per-minute "
                    "budget",
                    peer,
                )
        return self.app(environ, start_response)

    def _believe(self, environ: dict[str, Any], peer: str) -> None:
        hops = [h.strip() for h in (environ.get("HTTP_X_FORWARDED_FOR") or "").split(",")]
        client = peer
        for hop in reversed([h for h in hops if h]):
            if _address(hop) is None:
                break  # not an address: nothing to its left can be believed
            client = hop.strip("[]")
            if not self.is_proxy(hop):
                break
        environ["REMOTE_ADDR"] = client
        proto = _last(environ.get("HTTP_X_FORWARDED_PROTO"))
        if proto in ("http", "https"):
            environ["wsgi.url_scheme"] = proto
        host = _last(environ.get("HTTP_X_FORWARDED_HOST"))
        if host:
            environ["HTTP_HOST"] = host


def _last(value: str | None) -> str:
    return (value or "").split(",")[-1].strip()
