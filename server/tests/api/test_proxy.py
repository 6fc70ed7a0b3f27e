"""`GET /proxy?url=`: only for logged-in people, rate-limited, images only, and the SSRF corpus:
an internal service on loopback counts requests and must see none."""

from __future__ import annotations

from tests.api.proxy_support import (
    Site,
    allow_public_stand_in,
    app_client,
    build_world,
    names,
    outbound_for,
)
from tests.api.upload_support import HTML_AS_PNG, SVG, image_bytes
from venuely.core.services import Services


def corpus(port: int, public: Site) -> list[str]:
    return [
        f"http://127.0.0.1:{port}/secret",
        f"http://localhost:{port}/secret",
        f"http://0.0.0.0:{port}/secret",
        f"http://[::1]:{port}/secret",
        f"http://[::ffff:127.0.0.1]:{port}/secret",
        f"http://[::ffff:7f00:1]:{port}/secret",
        f"http://[64:ff9b::7f00:1]:{port}/secret",
        f"http://2130706433:{port}/secret",
        f"http://0x7f.0.0.1:{port}/secret",
        f"http://017700000001:{port}/secret",
        f"http://127.1:{port}/secret",
        "http://169.254.169.254/latest/meta-data/",
        f"http://10.0.0.1:{port}/secret",
        f"http://172.16.0.1:{port}/secret",
        f"http://192.168.1.1:{port}/secret",
        f"http://100.64.0.1:{port}/secret",
        f"http://[fe80::1]:{port}/secret",
        f"http://internal.example:{port}/secret",  # resolves to loopback (injected)
        public.url("/to-internal"),  # public stand-in redirecting to loopback
        "file:///etc/passwd",
        f"gopher://127.0.0.1:{port}/_GET%20/secret",
        f"ftp://127.0.0.1:{port}/secret",
        f"http://public.example@127.0.0.1:{port}/secret",
        f"http://127.0.0.1:{port}#@public.example/secret",
    ]


async def test_ssrf_corpus_is_refused_and_the_internal_service_sees_nothing(
    services: Services,
) -> None:
    world = await build_world(services)
    with Site() as internal, Site("127.0.0.2") as public:
        internal.serve("/secret", image_bytes())
        public.redirect("/to-internal", internal.url("/secret"))
        outbound = outbound_for(
            services,
            [internal.port, public.port],
            resolver=names({"internal.example": "127.0.0.1"}),
            address_check=allow_public_stand_in,
        )
        async with app_client(services, outbound, {"proxy_requests_per_minute": 1000}) as client:
            answers = {}
            for url in corpus(internal.port, public):
                response = await client.get("/proxy", params={"url": url}, headers=world.h("att_a"))
                answers[url] = (response.status_code, response.json()["Error"]["Code"])
    assert {url: a for url, a in answers.items() if a[0] not in (403, 422)} == {}
    assert internal.hits == []
    assert public.hits == ["/to-internal"]


async def test_proxy_serves_a_reencoded_image_to_logged_in_people_only(
    services: Services,
) -> None:
    world = await build_world(services)
    picture = image_bytes("PNG", (30, 20))
    with Site("127.0.0.2") as public:
        public.serve("/pic.png", picture, content_type="text/html")  # the header is not trusted
        public.serve("/page.png", HTML_AS_PNG)
        public.serve("/vector.svg", SVG, content_type="image/svg+xml")
        outbound = outbound_for(services, [public.port], address_check=allow_public_stand_in)
        async with app_client(services, outbound) as client:
            url = public.url("/pic.png")
            anonymous = await client.get("/proxy", params={"url": url})
            assert anonymous.status_code == 401
            assert public.hits == []
            ok = await client.get("/proxy", params={"url": url}, headers=world.h("att_b"))
            assert ok.status_code == 200, ok.text
            assert ok.headers["content-type"] == "image/png"
            assert ok.headers["x-content-type-options"] == "nosniff"
            assert ok.content.startswith(b"\x89PNG")
            for path in ("/page.png", "/vector.svg"):
                refused = await client.get(
                    "/proxy", params={"url": public.url(path)}, headers=world.h("att_b")
                )
                assert refused.status_code == 415, refused.text
            missing = await client.get("/proxy", headers=world.h("att_b"))
            assert missing.status_code == 422
            assert "url" in missing.json()["Error"]["Message"]


async def test_proxy_is_rate_limited_per_person(services: Services) -> None:
    world = await build_world(services)
    outbound = outbound_for(services, [])
    async with app_client(services, outbound, {"proxy_requests_per_minute": 3}) as client:
        url = "http://10.0.0.1/x.png"  # refused quickly; refused calls count too
        statuses = [
            (await client.get("/proxy", params={"url": url}, headers=world.h("att_a"))).status_code
            for _ in range(4)
        ]
        other = await client.get("/proxy", params={"url": url}, headers=world.h("att_b"))
    assert statuses == [403, 403, 403, 429]
    assert other.status_code == 403


async def test_proxy_aborts_oversized_upstream_answers(services: Services) -> None:
    world = await build_world(services)
    with Site("127.0.0.2") as public:
        public.routes["/huge"] = lambda: (200, {"Content-Type": "image/png"}, b"\x89PNG" * 6000)
        outbound = outbound_for(
            services,
            [public.port],
            address_check=allow_public_stand_in,
            settings={"outbound_max_bytes": 4096},
        )
        async with app_client(services, outbound) as client:
            response = await client.get(
                "/proxy", params={"url": public.url("/huge")}, headers=world.h("att_a")
            )
    assert response.status_code == 502
    assert response.json()["Error"]["Code"] == "UPSTREAM_FAILED"
