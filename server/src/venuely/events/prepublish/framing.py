"""Would a browser let the event's page frame this answer? Pure functions over its headers.

The rules are the browsers' (HTML "check a navigation response's adherence to its embedder
policy / X-Frame-Options", CSP Level 3 `frame-ancestors`), with the event's page as the only
ancestor:

1. An enforced `Content-Security-Policy` (each header, and each comma-separated policy in one)
   that has a `frame-ancestors` directive decides, and `X-Frame-Options` is then ignored. Every
   such policy must admit the event's origin. `Content-Security-Policy-Report-Only` only reports.
2. Otherwise `X-Frame-Options` (values from every header, split on commas, lower-cased, as a
   set): several distinct values one of which is `deny`, `sameorigin` or `allowall` refuse; other
   mixes are ignored; `deny` refuses; `sameorigin` refuses unless the embed has the event's
   origin; anything else (`allow-from`, which browsers no longer honour) admits.

Source expressions: `*`, schemes (`https:`; `http:` also admits https), hosts with optional
scheme, `*.` prefix and port (`*` or a number; none means the scheme's default), `'self'` (the
embed's own origin, or its https upgrade), `'none'`. Paths in sources are not compared (the
ancestor is an origin, whose path is `/`); reading them leniently can only miss a refusal, never
invent one.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from urllib.parse import urlsplit

DEFAULT_PORTS = {"http": 80, "https": 443}
_SCHEME_SOURCE = re.compile(r"^([a-z][a-z0-9+.-]*):$")
_HOST_SOURCE = re.compile(
    r"^(?:([a-z][a-z0-9+.-]*)://)?"  # scheme
    r"(\*|(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*)"  # host, optionally with a leading wildcard
    r"(?::(\*|[0-9]+))?"  # port
    r"(/.*)?$"  # path (not compared)
)


@dataclass(frozen=True, slots=True)
class Origin:
    scheme: str
    host: str
    port: int

    def __str__(self) -> str:
        default = DEFAULT_PORTS.get(self.scheme) == self.port
        return f"{self.scheme}://{self.host}" + ("" if default else f":{self.port}")


def origin_of(url: str) -> Origin | None:
    """The origin of an http(s) URL, or None when it has none."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    host = (parts.hostname or "").lower().rstrip(".")
    if scheme not in DEFAULT_PORTS or not host:
        return None
    return Origin(scheme, host, port or DEFAULT_PORTS[scheme])


def framing_refusal(
    headers: Sequence[tuple[str, str]], embed: Origin, ancestor: Origin
) -> str | None:
    """The header that keeps `ancestor` from framing the answer, or None when it may."""
    policies = [
        policy
        for name, value in headers
        if name.lower() == "content-security-policy"
        for policy in value.split(",")
    ]
    ruled = False
    for policy in policies:
        sources = _frame_ancestors(policy)
        if sources is None:
            continue
        ruled = True
        if not _list_admits(sources, ancestor, embed):
            return f"Content-Security-Policy: frame-ancestors {' '.join(sources)}".rstrip()
    if ruled:
        return None
    return _x_frame_options_refusal(headers, embed, ancestor)


def _frame_ancestors(policy: str) -> list[str] | None:
    """The source list of the policy's first frame-ancestors directive (later ones are
    ignored, as browsers do), None when it has none."""
    for directive in policy.split(";"):
        tokens = directive.split()
        if tokens and tokens[0].lower() == "frame-ancestors":
            return tokens[1:]
    return None


def _list_admits(sources: list[str], ancestor: Origin, embed: Origin) -> bool:
    # An empty list, or 'none', admits nothing; 'none' beside other sources is ignored.
    return any(_source_admits(source.lower(), ancestor, embed) for source in sources)


def _scheme_matches(expression: str, scheme: str) -> bool:
    return expression == scheme or (expression == "http" and scheme == "https")


def _source_admits(source: str, ancestor: Origin, embed: Origin) -> bool:
    if source == "*":
        return ancestor.scheme in DEFAULT_PORTS
    if source == "'self'":
        if ancestor.host != embed.host or not _same_or_default_ports(ancestor, embed):
            return False
        return ancestor.scheme == "https" or embed.scheme == ancestor.scheme == "http"
    if source.startswith("'"):  # 'none', nonces, hashes: no ancestor matches them
        return False
    scheme_only = _SCHEME_SOURCE.match(source)
    if scheme_only:
        return _scheme_matches(scheme_only.group(1), ancestor.scheme)
    host_source = _HOST_SOURCE.match(source)
    if host_source is None:
        return False
    scheme, host, port, _path = host_source.groups()
    # Without a scheme, the source means "the protected page's own scheme" (or its upgrade).
    if not _scheme_matches(scheme or embed.scheme, ancestor.scheme):
        return False
    if host != "*" and not (
        ancestor.host.endswith(host[1:]) if host.startswith("*.") else ancestor.host == host
    ):
        return False
    if port == "*":
        return True
    if port is None:
        return ancestor.port == DEFAULT_PORTS[ancestor.scheme]
    return int(port) == ancestor.port


def _same_or_default_ports(a: Origin, b: Origin) -> bool:
    return a.port == b.port or (
        a.port == DEFAULT_PORTS[a.scheme] and b.port == DEFAULT_PORTS[b.scheme]
    )


def _x_frame_options_refusal(
    headers: Sequence[tuple[str, str]], embed: Origin, ancestor: Origin
) -> str | None:
    values = {
        part.strip().lower()
        for name, value in headers
        if name.lower() == "x-frame-options"
        for part in value.split(",")
        if part.strip()
    }
    shown = f"X-Frame-Options: {', '.join(sorted(values)).upper()}"
    if len(values) > 1:
        return shown if values & {"deny", "sameorigin", "allowall"} else None
    if values == {"deny"}:
        return shown
    if values == {"sameorigin"} and embed != ancestor:
        return shown
    return None
