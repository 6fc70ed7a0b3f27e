"""An S3-compatible backend spoken over plain HTTPS with AWS Signature Version 4.

Path-style addressing (`{endpoint}/{bucket}/{key}`) works with AWS, MinIO, Ceph, Garage and most
other S3 implementations, and needs no DNS per bucket. Payloads are signed with their SHA-256
(no `UNSIGNED-PAYLOAD`), so the store can verify what it received. `sign()` is pure and tested
against the example in AWS's documentation.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import AsyncIterator, Mapping
from contextlib import AsyncExitStack
from datetime import UTC, datetime
from urllib.parse import quote, urlsplit

import httpx

from venuely.files.storage import StorageError, _checked

EMPTY_SHA256 = hashlib.sha256(b"").hexdigest()
TIMEOUT = httpx.Timeout(30.0, connect=5.0)


def _hmac(key: bytes, message: str) -> bytes:
    return hmac.new(key, message.encode("utf-8"), hashlib.sha256).digest()


def sign(
    *,
    method: str,
    url: str,
    headers: Mapping[str, str],
    payload_sha256: str,
    access_key: str,
    secret_key: str,
    region: str,
    now: datetime,
    service: str = "s3",
) -> dict[str, str]:
    """The headers to send: the given ones plus x-amz-date, x-amz-content-sha256 and
    Authorization. Every given header is signed; `host` is taken from the URL."""
    parts = urlsplit(url)
    amz_date = now.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")
    day = amz_date[:8]
    signed: dict[str, str] = {k.lower(): " ".join(v.strip().split()) for k, v in headers.items()}
    signed["host"] = parts.netloc
    signed["x-amz-date"] = amz_date
    signed["x-amz-content-sha256"] = payload_sha256
    names = sorted(signed)
    canonical_query = "&".join(
        f"{quote(k, safe='-_.~')}={quote(v, safe='-_.~')}"
        for k, v in sorted(
            (pair.partition("=")[0], pair.partition("=")[2])
            for pair in parts.query.split("&")
            if pair
        )
    )
    canonical = "\n".join(
        [
            method,
            quote(parts.path or "/", safe="/-_.~"),
            canonical_query,
            "".join(f"{name}:{signed[name]}\n" for name in names),
            ";".join(names),
            payload_sha256,
        ]
    )
    scope = f"{day}/{region}/{service}/aws4_request"
    to_sign = "\n".join(
        ["AWS4-HMAC-SHA256", amz_date, scope, hashlib.sha256(canonical.encode()).hexdigest()]
    )
    key = _hmac(
        _hmac(_hmac(_hmac(f"AWS4{secret_key}".encode(), day), region), service), "aws4_request"
    )
    signature = hmac.new(key, to_sign.encode(), hashlib.sha256).hexdigest()
    out = dict(headers)
    out["x-amz-date"] = amz_date
    out["x-amz-content-sha256"] = payload_sha256
    out["Authorization"] = (
        f"AWS4-HMAC-SHA256 Credential={access_key}/{scope}, "
        f"SignedHeaders={';'.join(names)}, Signature={signature}"
    )
    return out


class S3Storage:
    """A client per operation: uploads are rare and downloads are cached by browsers for a year,
    so connection reuse is not worth a lifecycle to manage."""

    def __init__(
        self, *, endpoint: str, bucket: str, region: str, access_key: str, secret_key: str
    ) -> None:
        self.endpoint = endpoint.rstrip("/")
        self.bucket, self.region = bucket, region
        self.access_key, self.secret_key = access_key, secret_key

    def object_url(self, key: str) -> str:
        return f"{self.endpoint}/{quote(self.bucket, safe='')}/{_checked(key)}"

    def _headers(
        self, method: str, url: str, payload_sha256: str, extra: Mapping[str, str] | None = None
    ) -> dict[str, str]:
        return sign(
            method=method,
            url=url,
            headers=dict(extra or {}),
            payload_sha256=payload_sha256,
            access_key=self.access_key,
            secret_key=self.secret_key,
            region=self.region,
            now=datetime.now(UTC),
        )

    async def _request(
        self, method: str, key: str, data: bytes = b"", extra: Mapping[str, str] | None = None
    ) -> httpx.Response:
        url = self.object_url(key)
        headers = self._headers(method, url, hashlib.sha256(data).hexdigest(), extra)
        try:
            async with httpx.AsyncClient(timeout=TIMEOUT) as client:
                return await client.request(method, url, content=data or None, headers=headers)
        except httpx.HTTPError as exc:
            raise StorageError(f"S3 {method} failed: {exc.__class__.__name__}") from exc

    async def put(self, key: str, data: bytes, content_type: str) -> None:
        response = await self._request("PUT", key, data, {"content-type": content_type})
        if response.status_code // 100 != 2:
            raise StorageError(f"S3 PUT answered {response.status_code}")

    async def exists(self, key: str) -> bool:
        response = await self._request("HEAD", key)
        if response.status_code == 404:
            return False
        if response.status_code // 100 != 2:
            raise StorageError(f"S3 HEAD answered {response.status_code}")
        return True

    async def open(
        self, key: str, start: int = 0, length: int | None = None
    ) -> AsyncIterator[bytes]:
        url = self.object_url(key)
        extra: dict[str, str] = {}
        if start or length is not None:
            # S3 answers a Range GET with 206 and exactly those bytes.
            last = "" if length is None else str(start + length - 1)
            extra["range"] = f"bytes={start}-{last}"
        headers = self._headers("GET", url, EMPTY_SHA256, extra)
        stack = AsyncExitStack()
        try:
            client = await stack.enter_async_context(httpx.AsyncClient(timeout=TIMEOUT))
            response = await stack.enter_async_context(client.stream("GET", url, headers=headers))
        except httpx.HTTPError as exc:
            await stack.aclose()
            raise StorageError(f"S3 GET failed: {exc.__class__.__name__}") from exc
        if response.status_code == 404:
            await stack.aclose()
            raise KeyError(key)
        if response.status_code // 100 != 2:
            await stack.aclose()
            raise StorageError(f"S3 GET answered {response.status_code}")
        return _body(response, stack)

    async def delete(self, key: str) -> None:
        response = await self._request("DELETE", key)
        if response.status_code // 100 != 2 and response.status_code != 404:
            raise StorageError(f"S3 DELETE answered {response.status_code}")


async def _body(response: httpx.Response, stack: AsyncExitStack) -> AsyncIterator[bytes]:
    try:
        async for chunk in response.aiter_bytes():
            yield chunk
    finally:
        await stack.aclose()
