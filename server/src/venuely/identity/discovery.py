"""Talking to OpenID providers: which addresses are allowed, the HTTP client, and the discovery
document and signing keys of each issuer, cached.

Not the outbound client of user-supplied URLs (core/outbound.py): that one refuses loopback and
private addresses, which a provider inside the organizer's network, or the local test provider,
legitimately has. What keeps this one safe instead:
- an issuer, and every endpoint its discovery document names, must be https. TLS is what proves
  that the keys and the tokens come from the issuer: over plain http anyone on the path could
  hand out their own keys and forge ID tokens. Plain http is allowed for loopback hosts only, and
  only when `VENUELY_ENV` is dev or test (the local provider of `make dev` and of the tests);
  nothing can intercept loopback, and production never allows it;
- issuers are configured by customer admins only, never by whoever starts a sign-in;
- every call has one time limit for the whole request (`VENUELY_OIDC_TIMEOUT_SECONDS`), answers
  are read up to `MAX_RESPONSE_BYTES`, redirects are not followed and no proxy from the
  environment is used.

Discovery documents and key sets are cached per issuer for `CACHE_TTL`; an ID token naming a key
the cached set lacks fetches the set again (key rotation), at most once per `KEYS_REFRESH_GAP`,
so forged key ids cannot make the server hammer a provider.
"""

from __future__ import annotations

import ipaddress
import json
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any
from urllib.parse import urlsplit

import anyio
import httpx
from joserfc.errors import JoseError
from joserfc.jwk import KeySet

from venuely.core.clock import Clock
from venuely.settings import Environment, Settings

log = logging.getLogger("venuely.identity")

MAX_RESPONSE_BYTES = 512 * 1024
CACHE_TTL = timedelta(hours=1)
KEYS_REFRESH_GAP = timedelta(minutes=1)
MAX_CACHED_ISSUERS = 256
USER_AGENT = "Venuely-OpenID/1.0"
_LOOPBACK_NAMES = frozenset({"localhost"})


class ProviderUnavailable(Exception):
    """The provider could not be used: down, slow, too large an answer, or a bad document."""


def address_problem(url: str, settings: Settings) -> str | None:
    """Why `url` may not be used as an issuer or provider endpoint, or None when it may."""
    try:
        parts = urlsplit(url)
        host = parts.hostname or ""
        _ = parts.port  # raises on a port that is not a number
    except ValueError:
        return "not a valid URL"
    if not host or parts.username or parts.password or parts.fragment:
        return "needs a host, and no user name, password or fragment"
    if parts.scheme == "https":
        return None
    if parts.scheme == "http" and _is_loopback(host):
        if settings.env in (Environment.DEV, Environment.TEST):
            return None
        return "plain http is allowed for loopback providers only in dev and test"
    return "must be an https URL"


def _is_loopback(host: str) -> bool:
    if host.lower() in _LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


class _Bounded(httpx.AsyncByteStream):
    def __init__(self, inner: httpx.AsyncByteStream, limit: int) -> None:
        self.inner = inner
        self.limit = limit

    async def __aiter__(self) -> AsyncIterator[bytes]:
        size = 0
        async for chunk in self.inner:
            size += len(chunk)
            if size > self.limit:
                raise httpx.ReadError(f"the answer is larger than {self.limit} bytes")
            yield chunk

    async def aclose(self) -> None:
        await self.inner.aclose()


class BoundedTransport(httpx.AsyncBaseTransport):
    """Reads answers up to `limit` bytes, whoever reads them (Authlib's token call included)."""

    def __init__(self, limit: int = MAX_RESPONSE_BYTES) -> None:
        self.inner = httpx.AsyncHTTPTransport(trust_env=False, retries=0)
        self.limit = limit

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        response = await self.inner.handle_async_request(request)
        declared = response.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > self.limit:
            await response.aclose()
            raise httpx.ReadError(f"the answer is larger than {self.limit} bytes")
        stream = response.stream
        assert isinstance(stream, httpx.AsyncByteStream)
        response.stream = _Bounded(stream, self.limit)
        return response

    async def aclose(self) -> None:
        await self.inner.aclose()


def client_options(settings: Settings) -> dict[str, Any]:
    """Keyword arguments of every httpx client (or Authlib client) that calls a provider."""
    return {
        "transport": BoundedTransport(),
        "timeout": httpx.Timeout(settings.oidc_timeout_seconds),
        "follow_redirects": False,
        "trust_env": False,
        "headers": {"User-Agent": USER_AGENT, "Accept": "application/json"},
    }


async def get_json(
    settings: Settings, url: str, *, access_token: str | None = None
) -> dict[str, Any]:
    """GET a JSON object from a provider, or ProviderUnavailable saying why not."""
    problem = address_problem(url, settings)
    if problem is not None:
        raise ProviderUnavailable(f"{url}: {problem}")
    limit = settings.oidc_timeout_seconds
    headers = {"Authorization": f"Bearer {access_token}"} if access_token else {}
    try:
        with anyio.fail_after(limit):
            async with httpx.AsyncClient(**client_options(settings)) as client:
                response = await client.get(url, headers=headers)
                body = response.content
    except TimeoutError:
        raise ProviderUnavailable(f"{url}: no complete answer within {limit:g} s") from None
    except httpx.HTTPError as exc:
        raise ProviderUnavailable(f"{url}: {exc.__class__.__name__} {exc}") from None
    if response.status_code != 200:
        raise ProviderUnavailable(f"{url}: answered {response.status_code}")
    try:
        document = json.loads(body)
    except ValueError:
        raise ProviderUnavailable(f"{url}: the answer is not JSON") from None
    if not isinstance(document, dict):
        raise ProviderUnavailable(f"{url}: the answer is not a JSON object")
    return document


@dataclass(frozen=True, slots=True)
class Discovery:
    """What the flow needs of an issuer's `/.well-known/openid-configuration`."""

    issuer: str
    authorization_endpoint: str
    token_endpoint: str
    jwks_uri: str
    # Where claims the ID token leaves out are read (OpenID Connect Core §5.3); optional.
    userinfo_endpoint: str | None
    token_auth_methods: tuple[str, ...]


def _parse_discovery(issuer: str, document: dict[str, Any], settings: Settings) -> Discovery:
    # OpenID Connect Discovery 1.0 §4.3: the document must name exactly the issuer asked for.
    if document.get("issuer") != issuer:
        raise ProviderUnavailable(
            f"the discovery document names issuer {document.get('issuer')!r}, not {issuer!r}"
        )
    endpoints = {}
    for name in ("authorization_endpoint", "token_endpoint", "jwks_uri"):
        value = document.get(name)
        if not isinstance(value, str) or not value:
            raise ProviderUnavailable(f"the discovery document lacks {name}")
        problem = address_problem(value, settings)
        if problem is not None:
            raise ProviderUnavailable(f"{name} {value}: {problem}")
        endpoints[name] = value
    userinfo = document.get("userinfo_endpoint")
    if not isinstance(userinfo, str) or address_problem(userinfo, settings) is not None:
        userinfo = None
    methods = document.get("code_challenge_methods_supported")
    if isinstance(methods, list) and "S256" not in methods:
        raise ProviderUnavailable("the provider does not support PKCE with S256")
    return Discovery(
        issuer=issuer,
        authorization_endpoint=endpoints["authorization_endpoint"],
        token_endpoint=endpoints["token_endpoint"],
        jwks_uri=endpoints["jwks_uri"],
        userinfo_endpoint=userinfo,
        token_auth_methods=_strings(document.get("token_endpoint_auth_methods_supported")),
    )


def _strings(value: Any) -> tuple[str, ...]:
    return tuple(v for v in value if isinstance(v, str)) if isinstance(value, list) else ()


@dataclass(slots=True)
class _Cached:
    fetched_at: datetime
    value: Any


class ProviderCache:
    """Discovery documents and key sets per issuer, for every request of this process."""

    def __init__(self) -> None:
        self.discovery: dict[str, _Cached] = {}
        self.keys: dict[str, _Cached] = {}

    def _fresh(self, table: dict[str, _Cached], issuer: str, now: datetime) -> Any:
        entry = table.get(issuer)
        if entry is None or not entry.fetched_at <= now < entry.fetched_at + CACHE_TTL:
            return None
        return entry.value

    def _store(self, table: dict[str, _Cached], issuer: str, now: datetime, value: Any) -> None:
        if issuer not in table and len(table) >= MAX_CACHED_ISSUERS:
            del table[min(table, key=lambda name: table[name].fetched_at)]
        table[issuer] = _Cached(now, value)

    async def get_discovery(self, settings: Settings, clock: Clock, issuer: str) -> Discovery:
        now = clock.now()
        found: Discovery | None = self._fresh(self.discovery, issuer, now)
        if found is not None:
            return found
        url = issuer.rstrip("/") + "/.well-known/openid-configuration"
        discovery = _parse_discovery(issuer, await get_json(settings, url), settings)
        self._store(self.discovery, issuer, now, discovery)
        return discovery

    async def get_keys(
        self, settings: Settings, clock: Clock, discovery: Discovery, *, wanted_kid: str | None
    ) -> KeySet:
        """The issuer's signing keys; fetched again when `wanted_kid` is not among the cached
        ones (and the last fetch is older than `KEYS_REFRESH_GAP`)."""
        now = clock.now()
        issuer = discovery.issuer
        cached: KeySet | None = self._fresh(self.keys, issuer, now)
        if cached is not None:
            if wanted_kid is None or any(key.kid == wanted_kid for key in cached):
                return cached
            if now < self.keys[issuer].fetched_at + KEYS_REFRESH_GAP:
                return cached
        document = await get_json(settings, discovery.jwks_uri)
        try:
            keys = KeySet.import_key_set(_signing_keys(document))  # type: ignore[arg-type]
        except (JoseError, ValueError, TypeError, KeyError) as exc:
            raise ProviderUnavailable(f"the provider's key set is unusable: {exc}") from None
        self._store(self.keys, issuer, now, keys)
        return keys

    def forget(self, issuer: str) -> None:
        self.discovery.pop(issuer, None)
        self.keys.pop(issuer, None)


def _signing_keys(document: dict[str, Any]) -> dict[str, Any]:
    """The set without keys meant for encryption, and without private parts anyone published."""
    keys = document.get("keys")
    if not isinstance(keys, list):
        raise ValueError("no keys")
    private = {"d", "p", "q", "dp", "dq", "qi", "k"}
    usable = [
        {k: v for k, v in key.items() if k not in private}
        for key in keys
        if isinstance(key, dict) and key.get("use", "sig") == "sig" and key.get("kty") != "oct"
    ]
    return {"keys": usable}


# One per process: the documents are the issuers' public facts, the same for every request.
PROVIDER_CACHE = ProviderCache()
