"""The outbound client below HTTP: address rules, URL parsing, and fetches against real local
servers (pinning, redirects re-checked, size and time caps, the host allow-list)."""

from __future__ import annotations

import ipaddress
from pathlib import Path
from typing import Any

import pytest

from tests.api.proxy_support import PUBLIC_STAND_IN, Site, allow_public_stand_in
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.netguard import IPAddress, RefusedUrl, parse_target, refusal_for
from venuely.core.outbound import OutboundClient
from venuely.settings import Environment, Settings


def client(tmp_path: Path, ports: list[int], **kwargs: Any) -> OutboundClient:
    settings = Settings(
        env=Environment.TEST,
        data_dir=tmp_path,
        outbound_allowed_ports=[80, 443, *ports],
        **kwargs.pop("settings", {}),
    )
    return OutboundClient(settings, **kwargs)


@pytest.mark.parametrize(
    "address",
    [
        "127.0.0.1",
        "127.255.255.254",
        "0.0.0.0",
        "10.1.2.3",
        "172.16.0.1",
        "172.31.255.255",
        "192.168.0.1",
        "169.254.169.254",
        "100.64.0.1",
        "100.127.255.254",
        "224.0.0.1",
        "239.255.255.250",
        "255.255.255.255",
        "240.0.0.1",
        "198.18.0.1",
        "::1",
        "::",
        "fe80::1",
        "fc00::1",
        "fd12:3456::1",
        "ff02::1",
        "::ffff:127.0.0.1",
        "::ffff:10.0.0.1",
        "::127.0.0.1",
        "64:ff9b::7f00:1",
        "64:ff9b::a9fe:a9fe",
        "2002:7f00:1::",
        "2001:db8::1",
    ],
)
def test_non_public_addresses_are_refused(address: str) -> None:
    assert refusal_for(ipaddress.ip_address(address)) is not None


@pytest.mark.parametrize(
    "address", ["93.184.215.14", "1.1.1.1", "2606:4700:4700::1111", "64:ff9b::5db8:d70e"]
)
def test_public_addresses_pass(address: str) -> None:
    assert refusal_for(ipaddress.ip_address(address)) is None


@pytest.mark.parametrize(
    ("url", "invalid"),
    [
        ("file:///etc/passwd", True),
        ("gopher://127.0.0.1:70/_stats", True),
        ("ftp://example.com/x.png", True),
        ("javascript:alert(1)", True),
        ("http://public.example@127.0.0.1/", True),
        ("http://user:pw@example.com/", True),
        ("http:///nohost", True),
        ("http://exa mple.com/", True),
        ("http://example.com\\@127.0.0.1/", True),
        ("http://[fe80::1%25eth0]/", True),
        ("http://2130706433/", False),
        ("http://0x7f.0.0.1/", False),
        ("http://017700000001/", False),
        ("http://0177.0.0.1/", False),
        ("http://127.1/", False),
        ("http://0x7f000001/", False),
    ],
)
def test_malformed_and_disguised_urls_are_refused(url: str, invalid: bool) -> None:
    with pytest.raises(RefusedUrl) as caught:
        parse_target(url)
    assert caught.value.invalid is invalid


def test_target_keeps_name_for_host_header_and_connects_to_the_vetted_ip() -> None:
    target = parse_target("https://Images.Example.com:8443/a/b.png?x=1")
    assert target.host == "images.example.com"
    assert target.host_header == "images.example.com:8443"
    assert target.url_for(ipaddress.ip_address("93.184.215.14")) == (
        "https://93.184.215.14:8443/a/b.png?x=1"
    )
    assert parse_target("http://[2606:4700::1]/").literal_ip == ipaddress.ip_address("2606:4700::1")


async def test_fetch_pins_the_resolved_address_and_sends_the_original_host(
    tmp_path: Path,
) -> None:
    calls: list[str] = []

    async def resolver(host: str, port: int) -> list[IPAddress]:
        calls.append(host)
        # A rebinding resolver: public-looking first, loopback on any later question.
        return [PUBLIC_STAND_IN] if len(calls) == 1 else [ipaddress.ip_address("127.0.0.1")]

    with Site("127.0.0.2") as site:
        site.serve("/a.png", b"picture")
        fetcher = client(
            tmp_path, [site.port], resolver=resolver, address_check=allow_public_stand_in
        )
        fetched = await fetcher.fetch(f"http://pics.example:{site.port}/a.png")
    assert fetched.body == b"picture"
    assert calls == ["pics.example"]
    assert site.host_headers == [f"pics.example:{site.port}"]


async def test_redirects_are_rechecked_and_one_to_loopback_never_lands(tmp_path: Path) -> None:
    with Site() as internal, Site("127.0.0.2") as public:
        internal.serve("/secret", b"internal data")
        public.redirect("/go", internal.url("/secret"))
        fetcher = client(
            tmp_path, [public.port, internal.port], address_check=allow_public_stand_in
        )
        with pytest.raises(ApiError) as caught:
            await fetcher.fetch(public.url("/go"))
    assert caught.value.code is ErrorCode.FORBIDDEN
    assert "loopback" in caught.value.message
    assert public.hits == ["/go"]
    assert internal.hits == []


async def test_relative_redirects_are_followed_up_to_three_hops(tmp_path: Path) -> None:
    with Site("127.0.0.2") as public:
        public.redirect("/1", "/2")
        public.redirect("/2", "/3")
        public.redirect("/3", "/4")
        public.serve("/4", b"end")
        public.redirect("/loop", "/loop")
        fetcher = client(tmp_path, [public.port], address_check=allow_public_stand_in)
        assert (await fetcher.fetch(public.url("/1"))).body == b"end"
        with pytest.raises(ApiError) as caught:
            await fetcher.fetch(public.url("/loop"))
    assert caught.value.code is ErrorCode.UPSTREAM_FAILED
    assert public.hits.count("/loop") == 4  # the first request and three redirects


async def test_oversized_answers_are_aborted(tmp_path: Path) -> None:
    with Site("127.0.0.2") as public:
        public.serve("/big", b"x" * 5000)
        # Without Content-Length the body is counted while it streams in.
        public.routes["/big-unannounced"] = lambda: (200, {}, b"x" * 5000)
        fetcher = client(
            tmp_path,
            [public.port],
            address_check=allow_public_stand_in,
            settings={"outbound_max_bytes": 4096},
        )
        for path in ("/big", "/big-unannounced"):
            with pytest.raises(ApiError) as caught:
                await fetcher.fetch(public.url(path))
            assert caught.value.code is ErrorCode.UPSTREAM_FAILED
            assert "larger than 4096" in caught.value.message


async def test_slow_answers_are_abandoned(tmp_path: Path) -> None:
    with Site("127.0.0.2") as public:
        public.stall("/slow")
        fetcher = client(
            tmp_path,
            [public.port],
            address_check=allow_public_stand_in,
            settings={"outbound_timeout_seconds": 0.3},
        )
        with pytest.raises(ApiError) as caught:
            await fetcher.fetch(public.url("/slow"))
    assert caught.value.code is ErrorCode.UPSTREAM_FAILED


async def test_allow_list_and_ports_limit_where_fetches_go(tmp_path: Path) -> None:
    fetcher = client(
        tmp_path,
        [],
        resolver=lambda host, port: _never(host),
        settings={"outbound_allowed_hosts": "cdn.example.com,.pics.example"},
    )
    for url in (
        "http://other.example/x.png",
        "http://93.184.215.14/x.png",
        "http://cdn.example.com:8080/x.png",
    ):
        with pytest.raises(ApiError) as caught:
            await fetcher.fetch(url)
        assert caught.value.code is ErrorCode.FORBIDDEN, url


async def _never(host: str) -> list[IPAddress]:
    raise AssertionError(f"{host} must be refused before any lookup")


async def test_a_name_with_any_private_answer_is_refused(tmp_path: Path) -> None:
    async def mixed(host: str, port: int) -> list[IPAddress]:
        return [ipaddress.ip_address("93.184.215.14"), ipaddress.ip_address("10.0.0.5")]

    with pytest.raises(ApiError) as caught:
        await client(tmp_path, [], resolver=mixed).fetch("http://mixed.example/")
    assert caught.value.code is ErrorCode.FORBIDDEN
    assert "10.0.0.5" in caught.value.message
