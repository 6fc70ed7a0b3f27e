"""Which destinations a server-side fetch of a user-supplied URL may reach.

Pure functions, no I/O: parsing a URL into a checked target, recognising numeric host spellings
that resolvers accept but humans do not read as addresses, and deciding whether an IP address is
public. `core/outbound.py` applies them to every hop; docs/subsystems/outbound.md explains why
each rule exists.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass
from urllib.parse import urlsplit

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address

SCHEMES = {"http": 80, "https": 443}
MAX_URL_LENGTH = 2000

# Prefixes that carry an IPv4 address inside an IPv6 one; the embedded address decides.
_NAT64 = (ipaddress.ip_network("64:ff9b::/96"), ipaddress.ip_network("64:ff9b:1::/48"))
# Ranges `is_global` lets through that are still no place for a server-side fetch.
_EXTRA_BLOCKED = (
    ipaddress.ip_network("100.64.0.0/10"),  # carrier-grade NAT: inside a provider's network
    ipaddress.ip_network("192.0.0.0/24"),
    ipaddress.ip_network("198.18.0.0/15"),
    ipaddress.ip_network("2001:db8::/32"),
)


class RefusedUrl(Exception):
    """The URL may not be fetched. `invalid` tells a malformed request (422) from a well-formed
    one pointing somewhere refused (403)."""

    def __init__(self, reason: str, *, invalid: bool = False) -> None:
        super().__init__(reason)
        self.reason = reason
        self.invalid = invalid


@dataclass(frozen=True, slots=True)
class Target:
    scheme: str
    host: str  # lower-case name or canonical IP text, without brackets
    port: int
    path: str  # path and query, as sent in the request line
    literal_ip: IPAddress | None

    @property
    def default_port(self) -> bool:
        return SCHEMES[self.scheme] == self.port

    @property
    def host_header(self) -> str:
        name = f"[{self.host}]" if ":" in self.host else self.host
        return name if self.default_port else f"{name}:{self.port}"

    def url_for(self, ip: IPAddress) -> str:
        """The URL to connect to: the vetted address in place of the name (no second lookup)."""
        where = f"[{ip}]" if ip.version == 6 else str(ip)
        return f"{self.scheme}://{where}:{self.port}{self.path}"

    def __str__(self) -> str:
        return f"{self.scheme}://{self.host_header}{self.path}"


def _legacy_number(part: str) -> int | None:
    """One component as inet_aton reads it: decimal, 0-prefixed octal or 0x hex."""
    text = part.lower()
    try:
        if text.startswith("0x"):
            return int(text[2:] or "0", 16)
        if len(text) > 1 and text.startswith("0"):
            return int(text[1:], 8)
        return int(text, 10) if text.isdigit() else None
    except ValueError:
        return None


def is_numeric_host(host: str) -> bool:
    """True for every spelling a resolver would take as an IPv4 address (`2130706433`,
    `0x7f.0.0.1`, `017700000001`, `127.1`), canonical dotted quads included. Such hosts never
    reach DNS: the canonical form is checked as an address, the others are refused outright."""
    parts = host.split(".")
    if parts and parts[-1] == "":
        parts = parts[:-1]
    return 0 < len(parts) <= 4 and all(_legacy_number(p) is not None for p in parts)


def _literal_ip(host: str) -> IPAddress | None:
    """The address a host spells, None for a name; refuses odd numeric and non-ASCII spellings."""
    if ":" in host:
        if "%" in host:
            raise RefusedUrl("IPv6 zone identifiers are refused", invalid=True)
        try:
            return ipaddress.IPv6Address(host)
        except ValueError:
            raise RefusedUrl("url has a malformed IPv6 address", invalid=True) from None
    if is_numeric_host(host):
        try:
            literal = ipaddress.IPv4Address(host)
        except ValueError:
            literal = None
        if literal is None or str(literal) != host:
            raise RefusedUrl("numeric hosts must be written as a dotted-decimal IPv4 address")
        return literal
    if not all(c.isascii() and (c.isalnum() or c in "-.") for c in host):
        raise RefusedUrl("host names must be ASCII (use the punycode form)", invalid=True)
    return None


def parse_target(url: str) -> Target:
    if len(url) > MAX_URL_LENGTH:
        raise RefusedUrl(f"url is longer than {MAX_URL_LENGTH} characters", invalid=True)
    if any(ord(c) < 0x21 or c == "\\" for c in url):
        raise RefusedUrl("url contains spaces, control characters or backslashes", invalid=True)
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as exc:
        raise RefusedUrl(f"url is malformed: {exc}", invalid=True) from None
    scheme = parts.scheme.lower()
    if scheme not in SCHEMES:
        raise RefusedUrl("only http and https URLs may be fetched", invalid=True)
    if "@" in parts.netloc:
        # `http://public@127.0.0.1` reads as one host to people and another to parsers.
        raise RefusedUrl("URLs with user information (`user@host`) are refused", invalid=True)
    host = (parts.hostname or "").lower().rstrip(".")
    if not host:
        raise RefusedUrl("url has no host", invalid=True)
    literal = _literal_ip(host)
    path = parts.path or "/"
    if parts.query:
        path += "?" + parts.query
    return Target(scheme, host, port or SCHEMES[scheme], path, literal)


def embedded_ipv4(ip: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    """The IPv4 address an IPv6 one stands for, if any: mapped (::ffff:a.b.c.d), compatible
    (::a.b.c.d), NAT64 (64:ff9b::a.b.c.d) and 6to4 (2002:aabb:ccdd::)."""
    if ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    if ip.sixtofour is not None:
        return ip.sixtofour
    value = int(ip)
    if value >> 32 == 0 and value > 1:
        return ipaddress.IPv4Address(value)
    if any(ip in net for net in _NAT64):
        return ipaddress.IPv4Address(value & 0xFFFFFFFF)
    return None


def refusal_for(ip: IPAddress) -> str | None:
    """Why `ip` may not be contacted, or None when it is a public unicast address."""
    if isinstance(ip, ipaddress.IPv6Address):
        inner = embedded_ipv4(ip)
        if inner is not None:
            why = refusal_for(inner)
            return None if why is None else f"{why} (embedded in {ip})"
    checks = (
        (ip.is_unspecified, "unspecified"),
        (ip.is_loopback, "loopback"),
        (ip.is_link_local, "link-local"),
        (ip.is_multicast, "multicast"),
        (ip.is_private, "private"),
        (ip.is_reserved, "reserved"),
        (any(ip in net for net in _EXTRA_BLOCKED), "non-public"),
        (not ip.is_global, "non-public"),
    )
    for hit, label in checks:
        if hit:
            return f"{ip} is a {label} address"
    return None


def host_allowed(host: str, allowed: list[str]) -> bool:
    """Empty list: any host. Else an exact name, or a `.example.com` entry for its subdomains."""
    if not allowed:
        return True
    for entry in allowed:
        if entry.startswith("."):
            if host.endswith(entry) or host == entry[1:]:
                return True
        elif host == entry:
            return True
    return False
