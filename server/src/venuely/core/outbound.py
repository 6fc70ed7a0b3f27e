"""The one way the server fetches a URL a user gave it (`/proxy`, person picture from URL).

Rules (docs/subsystems/outbound.md has the threat model):
- http and https only, on the configured ports, optionally only to allow-listed hosts;
- the host is resolved here, every answer must be a public unicast address (`netguard`), and
  the connection goes to that vetted address while Host and TLS SNI carry the original name, so
  a second DNS answer (rebinding) can never change where the request lands;
- redirects are followed by hand, at most `MAX_REDIRECTS`, each hop checked like the first;
- the body is streamed and abandoned past `outbound_max_bytes`; the whole fetch, redirects
  included, gets `outbound_timeout_seconds`; no proxy from the environment is used;
- a caller that needs only the answer's headers (the pre-publish check's framing test) reads no
  body at all, and may ask for a shorter time limit, never a longer one.

Tests inject a resolver, an address check or a trust store (a test CA, so TLS is still verified)
through the constructor; production builds the client from settings only (`get_outbound`), so
nothing there can open loopback or trust another certificate.
"""

from __future__ import annotations

import socket
import ssl
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Annotated
from urllib.parse import urljoin

import anyio
import httpx
from fastapi import Depends, Request

from venuely.core.errors import ApiError, ErrorCode
from venuely.core.netguard import (
    IPAddress,
    RefusedUrl,
    Target,
    host_allowed,
    parse_target,
    refusal_for,
)
from venuely.settings import Settings

MAX_REDIRECTS = 3
REDIRECTS = frozenset({301, 302, 303, 307, 308})
USER_AGENT = "Venuely-Fetch/1.0"

Resolver = Callable[[str, int], Awaitable[list[IPAddress]]]
AddressCheck = Callable[[IPAddress], str | None]


async def system_resolver(host: str, port: int) -> list[IPAddress]:
    import ipaddress

    infos = await anyio.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    found: list[IPAddress] = []
    for _family, _type, _proto, _name, sockaddr in infos:
        ip = ipaddress.ip_address(str(sockaddr[0]).split("%")[0])
        if ip not in found:
            found.append(ip)
    return found


@dataclass(frozen=True, slots=True)
class Fetched:
    url: str  # the final URL, after redirects
    content_type: str
    body: bytes
    # The final answer's headers, names lower-cased, repeated headers kept apart.
    headers: tuple[tuple[str, str], ...] = ()

    def header_values(self, name: str) -> list[str]:
        wanted = name.lower()
        return [value for key, value in self.headers if key == wanted]


def refused(url: str, error: RefusedUrl) -> ApiError:
    code = ErrorCode.VALIDATION_ERROR if error.invalid else ErrorCode.FORBIDDEN
    return ApiError(
        code, f"The url may not be fetched: {error.reason}", {"url": url, "Reason": error.reason}
    )


def upstream_failed(url: str, reason: str) -> ApiError:
    return ApiError(
        ErrorCode.UPSTREAM_FAILED,
        f"Fetching the url failed: {reason}",
        {"url": url, "Reason": reason},
    )


class OutboundClient:
    def __init__(
        self,
        settings: Settings,
        *,
        resolver: Resolver = system_resolver,
        address_check: AddressCheck = refusal_for,
        trust: ssl.SSLContext | None = None,
    ) -> None:
        self.allowed_hosts = list(settings.outbound_allowed_hosts)
        self.allowed_ports = set(settings.outbound_allowed_ports)
        self.max_bytes = settings.outbound_max_bytes
        self.timeout = settings.outbound_timeout_seconds
        self.resolver = resolver
        self.address_check = address_check
        # None: httpx's default verification against the system's certificate authorities.
        self.trust = trust

    async def fetch(
        self,
        url: str,
        *,
        accept: str = "*/*",
        read_body: bool = True,
        time_limit: float | None = None,
    ) -> Fetched:
        """GET `url` under the rules above; ApiError 422/403 when refused, 502 when it fails.

        `read_body=False` answers with the headers and an empty body, closing the connection
        without reading it; `time_limit` (seconds) can only shorten the configured limit."""
        limit = self.timeout if time_limit is None else min(self.timeout, time_limit)
        try:
            with anyio.fail_after(limit):
                async with httpx.AsyncClient(
                    trust_env=False,
                    follow_redirects=False,
                    timeout=httpx.Timeout(limit),
                    limits=httpx.Limits(max_connections=1, max_keepalive_connections=0),
                    verify=self.trust if self.trust is not None else True,
                ) as client:
                    return await self._follow(client, url, accept, read_body)
        except TimeoutError:
            raise upstream_failed(url, f"no complete answer within {limit:g} s") from None

    async def _follow(
        self, client: httpx.AsyncClient, url: str, accept: str, read_body: bool
    ) -> Fetched:
        current = url
        for hop in range(MAX_REDIRECTS + 1):
            try:
                target = parse_target(current)
                ip = await self._vet(target)
            except RefusedUrl as exc:
                raise refused(current, exc) from None
            request = client.build_request(
                "GET",
                target.url_for(ip),
                headers={
                    "Host": target.host_header,
                    "User-Agent": USER_AGENT,
                    "Accept": accept,
                    "Accept-Encoding": "identity",
                },
                extensions={"sni_hostname": target.host} if target.scheme == "https" else {},
            )
            try:
                response = await client.send(request, stream=True)
            except httpx.HTTPError as exc:
                raise upstream_failed(current, exc.__class__.__name__) from None
            try:
                if response.status_code in REDIRECTS:
                    location = response.headers.get("location", "")
                    if not location:
                        raise upstream_failed(current, "redirect without a Location")
                    if hop == MAX_REDIRECTS:
                        raise upstream_failed(url, f"more than {MAX_REDIRECTS} redirects")
                    current = urljoin(str(target), location)
                    continue
                if response.status_code // 100 != 2:
                    raise upstream_failed(current, f"the server answered {response.status_code}")
                body = await self._read(response, current) if read_body else b""
                return Fetched(
                    str(target),
                    response.headers.get("content-type", ""),
                    body,
                    tuple((k.lower(), v) for k, v in response.headers.multi_items()),
                )
            finally:
                await response.aclose()
        raise upstream_failed(url, f"more than {MAX_REDIRECTS} redirects")  # pragma: no cover

    async def _vet(self, target: Target) -> IPAddress:
        if target.port not in self.allowed_ports:
            raise RefusedUrl(f"port {target.port} is not allowed")
        if target.literal_ip is None and not host_allowed(target.host, self.allowed_hosts):
            raise RefusedUrl(f"host {target.host} is not on the allow-list")
        if target.literal_ip is not None:
            if self.allowed_hosts:
                raise RefusedUrl("IP addresses are refused while an allow-list is set")
            addresses = [target.literal_ip]
        else:
            try:
                addresses = await self.resolver(target.host, target.port)
            except OSError:
                raise RefusedUrl(f"host {target.host} does not resolve") from None
            if not addresses:
                raise RefusedUrl(f"host {target.host} does not resolve")
        # Every answer must pass, not just the one used: a name that also points inside is
        # someone probing, and a later connection attempt might pick the other answer.
        for address in addresses:
            why = self.address_check(address)
            if why is not None:
                raise RefusedUrl(why)
        return addresses[0]

    async def _read(self, response: httpx.Response, url: str) -> bytes:
        declared = response.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > self.max_bytes:
            raise upstream_failed(url, f"the answer is larger than {self.max_bytes} bytes")
        parts: list[bytes] = []
        size = 0
        async for chunk in response.aiter_raw():
            size += len(chunk)
            if size > self.max_bytes:
                raise upstream_failed(url, f"the answer is larger than {self.max_bytes} bytes")
            parts.append(chunk)
        return b"".join(parts)


async def get_outbound(request: Request) -> OutboundClient:
    """The app's client, built from settings on first use (tests may place their own first)."""
    client: OutboundClient | None = getattr(request.app.state, "outbound", None)
    if client is None:
        client = OutboundClient(request.app.state.services.settings)
        request.app.state.outbound = client
    return client


OutboundDep = Annotated[OutboundClient, Depends(get_outbound)]
