"""The storage layer below HTTP: SigV4 against AWS's published example, S3 URL building, the
local backend's key rules, magic-byte sniffing, and the S3 settings check."""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest
from pydantic import ValidationError

from venuely.files.s3 import EMPTY_SHA256, S3Storage, sign
from venuely.files.sniff import Kind, sniff
from venuely.files.storage import LocalStorage, build_storage
from venuely.settings import Settings


def test_sigv4_matches_the_aws_documentation_example() -> None:
    # "GET Object" example of the AWS Signature Version 4 documentation for S3.
    headers = sign(
        method="GET",
        url="https://examplebucket.s3.amazonaws.com/test.txt",
        headers={"Range": "bytes=0-9"},
        payload_sha256=EMPTY_SHA256,
        access_key="AKIAIOSFODNN7EXAMPLE",
        secret_key="wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
        region="us-east-1",
        now=datetime(2013, 5, 24, tzinfo=UTC),
    )
    assert headers["Authorization"] == (
        "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, "
        "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, "
        "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41"
    )
    assert headers["x-amz-date"] == "20130524T000000Z"


def test_s3_urls_are_path_style_and_keys_must_be_hashes() -> None:
    storage = S3Storage(
        endpoint="https://minio.internal:9000/",
        bucket="venuely",
        region="eu-central-1",
        access_key="a",
        secret_key="b",
    )
    key = hashlib.sha256(b"x").hexdigest()
    assert storage.object_url(key) == f"https://minio.internal:9000/venuely/{key}"
    with pytest.raises(ValueError, match="SHA-256"):
        storage.object_url("../secret")


async def test_local_storage_round_trip_and_key_rules(tmp_path: Path) -> None:
    storage = LocalStorage(tmp_path)
    key = hashlib.sha256(b"hello").hexdigest()
    await storage.put(key, b"hello", "text/plain")
    await storage.put(key, b"hello", "text/plain")  # idempotent
    assert await storage.exists(key)
    assert storage.path(key) == tmp_path / key[:2] / key[2:4] / key
    assert b"".join([c async for c in await storage.open(key)]) == b"hello"
    await storage.delete(key)
    assert not await storage.exists(key)
    with pytest.raises(KeyError):
        await storage.open(key)
    for bad in ("../../etc/passwd", key.upper(), key[:-1]):
        with pytest.raises(ValueError, match="SHA-256"):
            storage.path(bad)


@pytest.mark.parametrize(
    ("head", "expected"),
    [
        (b"\x89PNG\r\n\x1a\n....", ("png", Kind.IMAGE)),
        (b"\xff\xd8\xff\xe0", ("jpeg", Kind.IMAGE)),
        (b"RIFF\x00\x00\x00\x00WEBPVP8 ", ("webp", Kind.IMAGE)),
        (b"RIFF\x00\x00\x00\x00WAVEfmt ", None),
        (b"wOF2\x00\x01", ("woff2", Kind.FONT)),
        (b"OTTO\x00", ("otf", Kind.FONT)),
        (b"<svg xmlns=", None),
        (b"<?xml version", None),
        (b"PK\x03\x04", None),
        (b"%PDF-1.7", None),
        (b"", None),
    ],
)
def test_sniffing_by_magic_bytes(head: bytes, expected: tuple[str, Kind] | None) -> None:
    assert sniff(head) == expected


def test_s3_backend_needs_its_settings(tmp_path: Path) -> None:
    with pytest.raises(ValidationError, match="VENUELY_S3_BUCKET"):
        Settings(storage_backend="s3", s3_endpoint="https://s3.example", data_dir=tmp_path)
    settings = Settings(
        storage_backend="s3",
        s3_endpoint="https://s3.example",
        s3_bucket="b",
        s3_access_key="k",
        s3_secret_key="s",
        data_dir=tmp_path,
    )
    assert isinstance(build_storage(settings), S3Storage)
    assert isinstance(build_storage(Settings(data_dir=tmp_path)), LocalStorage)


async def test_local_storage_reads_a_byte_range(tmp_path: Path) -> None:
    storage = LocalStorage(tmp_path)
    data = bytes(range(256)) * 600  # several read chunks
    key = hashlib.sha256(data).hexdigest()
    await storage.put(key, data, "video/mp4")
    part = b"".join([c async for c in await storage.open(key, 70_000, 70_001)])
    assert part == data[70_000:140_001]
    tail = b"".join([c async for c in await storage.open(key, len(data) - 3)])
    assert tail == data[-3:]


async def test_s3_storage_asks_for_the_range_and_signs_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[httpx.Request] = []

    def answer(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(206, content=b"0123")

    real = httpx.AsyncClient
    monkeypatch.setattr(
        "venuely.files.s3.httpx.AsyncClient",
        lambda **kw: real(transport=httpx.MockTransport(answer), **kw),
    )
    storage = S3Storage(
        endpoint="https://s3.example.com", bucket="b", region="r", access_key="a", secret_key="s"
    )
    key = hashlib.sha256(b"x").hexdigest()
    body = b"".join([c async for c in await storage.open(key, 10, 4)])
    assert body == b"0123"
    assert seen[0].headers["range"] == "bytes=10-13"
    assert "range" in seen[0].headers["authorization"].split("SignedHeaders=")[1]
    assert b"".join([c async for c in await storage.open(key)]) == b"0123"
    assert "range" not in seen[1].headers
