"""Themes at three levels, resolution into the shape the web app reads, apply, reset, schemas."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from sqlalchemy import func, select

from tests.api.upload_support import Cast, font_bytes, image_bytes, make_cast
from venuely.core.services import Services
from venuely.themes.models import Theme


async def _global(client: httpx.AsyncClient, cast: Cast, **fields: Any) -> dict[str, Any]:
    body = {"CustomerID": cast.customer.id, "Name": "Brand", **fields}
    response = await client.post("/events/themes/global", json=body, headers=cast.customer_admin)
    assert response.status_code == 201, response.text
    result: dict[str, Any] = response.json()
    return result


async def _themes(services: Services) -> int:
    async with services.db.session() as session:
        return await session.scalar(select(func.count()).select_from(Theme)) or 0


async def test_public_theme_without_any_theme_is_the_builtin_default(
    client: httpx.AsyncClient, services: Services
) -> None:
    cast = await make_cast(services)
    response = await client.get(f"/events/{cast.event.id}/public/theme", headers=cast.attendee)
    assert response.status_code == 200
    theme = response.json()
    assert set(theme) == {
        "EventID", "MainTheme", "HeaderTheme", "ChatTheme", "FontAssets", "MediaAssets",
        "login_box_x_offset",
    }  # fmt: skip
    assert theme["EventID"] == cast.event.id
    assert theme["MainTheme"]["primary_color"].startswith("#")
    assert "login_box_x_offset" not in theme["MainTheme"]
    assert theme["login_box_x_offset"] == "0%"
    assert theme["FontAssets"] == {}
    assert theme["MediaAssets"] == {}


async def test_levels_resolve_event_over_global_over_default(
    client: httpx.AsyncClient, services: Services
) -> None:
    cast = await make_cast(services)
    put = await client.put(
        "/events/themes/default/MainTheme",
        json={"primary_color": "#000001", "text_color": "#000002", "box_background_alpha": "0.5"},
        headers=cast.master,
    )
    assert put.status_code == 200, put.text
    assert put.json()["MainTheme"]["primary_color"] == "#000001"
    brand = await _global(
        client,
        cast,
        MainTheme={"text_color": "#111111", "link_color": "#222222"},
        ChatTheme={"background_color": "#333333"},
        login_box_x_offset="20%",
    )
    applied = await client.post(
        f"/events/{cast.event.id}/themes/{brand['ThemeID']}/apply", headers=cast.event_admin
    )
    assert applied.status_code == 200, applied.text
    own = await client.put(
        f"/events/{cast.event.id}/theme/MainTheme",
        json={"link_color": "#444444", "login_box_x_offset": "-10%"},
        headers=cast.event_admin,
    )
    assert own.status_code == 200, own.text

    # Another event of another customer is untouched by all of it except the default.
    other = (
        await client.get(f"/events/{cast.other_event.id}/theme", headers=cast.other_admin)
    ).json()
    assert other["Theme"] is None
    assert other["Resolved"]["MainTheme"]["text_color"] == "#000002"

    theme = (
        await client.get(f"/events/{cast.event.id}/public/theme", headers=cast.attendee)
    ).json()
    main = theme["MainTheme"]
    assert main["primary_color"] == "#000001"  # default (stored)
    assert main["box_background_alpha"] == "0.5"
    assert main["link_color"] == "#444444"  # event
    assert main["background_color"]  # built-in default
    # The event's PUT replaced its own MainTheme only: text_color comes from the global layer,
    # ChatTheme is the copy apply made.
    assert main["text_color"] == "#111111"
    assert theme["ChatTheme"]["background_color"] == "#333333"
    assert theme["login_box_x_offset"] == "-10%"

    # Resetting the event's MainTheme falls back to the applied global theme, then the default.
    reset = await client.put(
        f"/events/{cast.event.id}/theme/MainTheme/reset", headers=cast.event_admin
    )
    assert reset.status_code == 200
    assert reset.json()["MainTheme"] == {}
    main = (await client.get(f"/events/{cast.event.id}/public/theme", headers=cast.attendee)).json()
    assert main["MainTheme"]["text_color"] == "#111111"
    assert main["MainTheme"]["link_color"] == "#222222"
    assert main["login_box_x_offset"] == "20%"


async def test_apply_copies_the_global_theme(client: httpx.AsyncClient, services: Services) -> None:
    cast = await make_cast(services)
    brand = await _global(client, cast, HeaderTheme={"background_color": "#abcdef"})
    font = await client.post(
        f"/events/themes/{brand['ThemeID']}/fonts/bold",
        files={"file": ("b.ttf", font_bytes())},
        headers=cast.customer_admin,
    )
    assert font.status_code == 200, font.text
    applied = await client.post(
        f"/events/{cast.event.id}/themes/{brand['ThemeID']}/apply", headers=cast.event_admin
    )
    body = applied.json()
    assert body["Level"] == "event"
    assert body["BaseThemeID"] == brand["ThemeID"]
    assert body["HeaderTheme"] == {"background_color": "#abcdef"}
    assert body["FontAssets"]["bold"] == font.json()["FontAssets"]["bold"]
    # Deleting the global theme keeps the event's copy.
    deleted = await client.delete(f"/events/themes/{brand['ThemeID']}", headers=cast.customer_admin)
    assert deleted.status_code == 204
    view = (await client.get(f"/events/{cast.event.id}/theme", headers=cast.event_admin)).json()
    assert view["Theme"]["BaseThemeID"] is None
    assert view["Resolved"]["HeaderTheme"]["background_color"] == "#abcdef"
    assert view["Resolved"]["ChatTheme"]["background_color"] == "#ffffff"


async def test_event_fonts_by_hash_upload_reorder_delete(
    client: httpx.AsyncClient, services: Services
) -> None:
    cast = await make_cast(services)
    base = f"/events/{cast.event.id}/themes/fonts/regular"
    hashes = []
    # Built once each: FontBuilder stamps the current second into the font, so a rebuilt "One"
    # a second later would be a different file.
    fonts = {family: font_bytes(family) for family in ("One", "Two", "Three")}
    for family, data in fonts.items():
        response = await client.post(
            base, files={"file": (f"{family}.ttf", data)}, headers=cast.event_admin
        )
        assert response.status_code == 200, response.text
        hashes.append(response.json()["FontAssets"]["regular"][-1]["hash"])
    assert len(set(hashes)) == 3
    # The same font again keeps its place instead of appearing twice.
    again = await client.post(base, files={"file": ("x", fonts["One"])}, headers=cast.event_admin)
    assert [f["hash"] for f in again.json()["FontAssets"]["regular"]] == hashes

    new_order = [hashes[2], hashes[0], hashes[1]]
    reordered = await client.put(f"{base}/re-order", json=new_order, headers=cast.event_admin)
    assert reordered.status_code == 200, reordered.text
    public = (
        await client.get(f"/events/{cast.event.id}/public/theme", headers=cast.attendee)
    ).json()
    assert [f["hash"] for f in public["FontAssets"]["regular"]] == new_order
    assert public["FontAssets"]["regular"][0]["url"] == f"/api/v1/files/{hashes[2]}"

    for bad in ([hashes[0], hashes[1]], [*new_order, hashes[0]], [hashes[0], hashes[1], "f" * 64]):
        refused = await client.put(f"{base}/re-order", json=bad, headers=cast.event_admin)
        assert refused.status_code == 422, bad
    missing = await client.put(f"{base}/re-order", headers=cast.event_admin)
    assert missing.status_code == 422
    assert missing.json()["Error"]["Code"] == "MISSING_PARAMETER"

    deleted = await client.delete(f"{base}/file-hash/{hashes[0]}", headers=cast.event_admin)
    assert [f["hash"] for f in deleted.json()["FontAssets"]["regular"]] == [hashes[2], hashes[1]]
    gone = await client.delete(f"{base}/file-hash/{hashes[0]}", headers=cast.event_admin)
    assert gone.status_code == 404
    assert gone.json()["Error"]["Code"] == "FILE_NOT_FOUND"
    wrong_group = await client.delete(
        f"/events/{cast.event.id}/themes/fonts/bold/file-hash/{hashes[1]}", headers=cast.event_admin
    )
    assert wrong_group.status_code == 404
    unknown_group = await client.post(
        f"/events/{cast.event.id}/themes/fonts/heavy",
        files={"file": ("x", font_bytes())},
        headers=cast.event_admin,
    )
    assert unknown_group.status_code == 422


async def test_font_groups_resolve_per_group_not_merged(
    client: httpx.AsyncClient, services: Services
) -> None:
    cast = await make_cast(services)
    default = await client.post(
        "/events/themes/default/fonts/regular",
        files={"file": ("d.ttf", font_bytes("Default"))},
        headers=cast.master,
    )
    assert default.status_code == 200, default.text
    default_bold = await client.post(
        "/events/themes/default/fonts/bold",
        files={"file": ("d.ttf", font_bytes("DefaultBold"))},
        headers=cast.master,
    )
    event_font = await client.post(
        f"/events/{cast.event.id}/themes/fonts/regular",
        files={"file": ("e.ttf", font_bytes("Event"))},
        headers=cast.event_admin,
    )
    public = (
        await client.get(f"/events/{cast.event.id}/public/theme", headers=cast.attendee)
    ).json()
    assert public["FontAssets"]["regular"] == event_font.json()["FontAssets"]["regular"]
    assert public["FontAssets"]["bold"] == default_bold.json()["FontAssets"]["bold"]


async def test_media_assets_at_each_level(client: httpx.AsyncClient, services: Services) -> None:
    cast = await make_cast(services)
    favicon = await client.post(
        "/events/themes/default/media-assets/favicon",
        files={"file": ("f.png", image_bytes("PNG", (16, 16)))},
        headers=cast.master,
    )
    assert favicon.status_code == 200, favicon.text
    logo = await client.post(
        f"/events/{cast.event.id}/themes/media-assets/logo",
        files={"file": ("l.jpg", image_bytes("JPEG"))},
        headers=cast.event_admin,
    )
    assert logo.status_code == 200
    public = (
        await client.get(f"/events/{cast.event.id}/public/theme", headers=cast.attendee)
    ).json()
    assert set(public["MediaAssets"]) == {"favicon", "logo"}
    assert public["MediaAssets"]["favicon"]["url"].startswith("/api/v1/files/")
    icon = await client.get(public["MediaAssets"]["favicon"]["url"].removeprefix("/api/v1"))
    assert icon.status_code == 200
    assert icon.headers["content-type"] == "image/png"

    removed = await client.delete(
        f"/events/{cast.event.id}/themes/media-assets/logo", headers=cast.event_admin
    )
    assert removed.status_code == 200
    assert removed.json()["MediaAssets"] == {}
    again = await client.delete(
        f"/events/{cast.event.id}/themes/media-assets/logo", headers=cast.event_admin
    )
    assert again.status_code == 404
    bad_name = await client.post(
        f"/events/{cast.event.id}/themes/media-assets/..%2Fetc",
        files={"file": ("f.png", image_bytes())},
        headers=cast.event_admin,
    )
    assert bad_name.status_code in (404, 422)
    no_file = await client.post(
        f"/events/{cast.event.id}/themes/media-assets/logo",
        data={"other": "x"},
        headers=cast.event_admin,
    )
    assert no_file.status_code == 422
    assert no_file.json()["Error"]["Data"]["Parameters"] == ["file"]
    gone = await client.delete("/events/themes/default/media-assets/favicon", headers=cast.master)
    assert gone.status_code == 200


async def test_component_reset_fonts_media_and_all(
    client: httpx.AsyncClient, services: Services
) -> None:
    cast = await make_cast(services)
    eid = cast.event.id
    await client.put(f"/events/{eid}/theme/ChatTheme", json={"a": "1"}, headers=cast.event_admin)
    await client.post(
        f"/events/{eid}/themes/fonts/light",
        files={"file": ("x", font_bytes())},
        headers=cast.event_admin,
    )
    await client.post(
        f"/events/{eid}/themes/media-assets/favicon",
        files={"file": ("x", image_bytes())},
        headers=cast.event_admin,
    )
    fonts = await client.put(f"/events/{eid}/theme/FontAssets/reset", headers=cast.event_admin)
    assert fonts.json()["FontAssets"] == {}
    assert fonts.json()["MediaAssets"] != {}
    everything = await client.put(f"/events/{eid}/theme/All/reset", headers=cast.event_admin)
    body = everything.json()
    assert body["ChatTheme"] == {}
    assert body["MediaAssets"] == {}
    assert body["FontAssets"] == {}
    unknown = await client.put(f"/events/{eid}/theme/Colours/reset", headers=cast.event_admin)
    assert unknown.status_code == 422


async def test_global_themes_listing_and_visibility(
    client: httpx.AsyncClient, services: Services
) -> None:
    cast = await make_cast(services)
    brand = await _global(client, cast)
    assert brand["Level"] == "global"
    assert brand["CustomerID"] == cast.customer.id
    by_customer = await client.get(
        f"/events/themes/global/{cast.customer.id}", headers=cast.customer_admin
    )
    assert [t["ThemeID"] for t in by_customer.json()] == [brand["ThemeID"]]
    # Event admins of that customer's events see it (to apply it) but may not change it.
    listed = await client.get("/events/themes/global", headers=cast.event_admin)
    assert [t["ThemeID"] for t in listed.json()] == [brand["ThemeID"]]
    assert (
        await client.get(f"/events/themes/{brand['ThemeID']}", headers=cast.event_admin)
    ).status_code == 200
    edit = await client.put(
        f"/events/themes/{brand['ThemeID']}/HeaderTheme", json={"x": "1"}, headers=cast.event_admin
    )
    assert edit.status_code == 403
    # Admins of other customers neither see nor apply it.
    assert (await client.get("/events/themes/global", headers=cast.other_admin)).json() == []
    hidden = await client.get(f"/events/themes/{brand['ThemeID']}", headers=cast.other_admin)
    assert hidden.status_code == 404
    assert hidden.json()["Error"]["Code"] == "THEME_NOT_FOUND"
    apply_foreign = await client.post(
        f"/events/{cast.other_event.id}/themes/{brand['ThemeID']}/apply", headers=cast.other_admin
    )
    assert apply_foreign.status_code == 404
    assert (await client.get("/events/themes/global", headers=cast.master)).json()[0][
        "ThemeID"
    ] == brand["ThemeID"]
    foreign_customer = await client.get(
        f"/events/themes/global/{cast.other_event.customer_id}", headers=cast.customer_admin
    )
    assert foreign_customer.status_code == 403


async def test_json_schemas(client: httpx.AsyncClient, services: Services) -> None:
    cast = await make_cast(services)
    response = await client.get("/events/themes/json-schemas", headers=cast.event_admin)
    assert response.status_code == 200
    schemas = response.json()
    assert {"MainTheme", "HeaderTheme", "ChatTheme", "GlobalTheme", "ResolvedTheme"} <= set(schemas)
    assert "primary_color" in schemas["MainTheme"]["properties"]
    assert schemas["FontGroups"] == ["regular", "medium", "bold", "italic", "bold_italic", "light"]
    assert (
        await client.get("/events/themes/json-schemas", headers=cast.attendee)
    ).status_code == 403


@pytest.mark.parametrize(
    "body",
    [
        {"color": "red; } body { display:none"},
        {"bad key!": "x"},
        {"login_box_x_offset": "90%"},
        {"login_box_x_offset": "left"},
        {"x": "y" * 501},
        {"nested": {"a": 1}},
        ["not", "a", "map"],
    ],
)
async def test_style_maps_are_validated_and_nothing_is_written(
    client: httpx.AsyncClient, services: Services, body: Any
) -> None:
    cast = await make_cast(services)
    response = await client.put(
        f"/events/{cast.event.id}/theme/MainTheme", json=body, headers=cast.event_admin
    )
    assert response.status_code == 422, response.text
    assert await _themes(services) == 0


async def test_a_refused_style_map_names_each_refused_key(
    client: httpx.AsyncClient, services: Services
) -> None:
    """The console puts each refusal beside its field: `Problems[].Name` is the key."""
    cast = await make_cast(services)
    response = await client.put(
        f"/events/{cast.event.id}/theme/MainTheme",
        json={
            "primary_color": "#fff",
            "text_color": "red; }",
            "login_box_x_offset": "75%",
            "bad key": "x",
        },
        headers=cast.event_admin,
    )
    assert response.status_code == 422, response.text
    error = response.json()["Error"]
    assert error["Code"] == "VALIDATION_ERROR"
    problems = {p["Name"]: p["Message"] for p in error["Data"]["Problems"]}
    assert set(problems) == {"text_color", "login_box_x_offset", "bad key"}
    assert "-50% and 50%" in problems["login_box_x_offset"]
    assert await _themes(services) == 0


async def test_unhappy_paths_and_permissions(client: httpx.AsyncClient, services: Services) -> None:
    cast = await make_cast(services)
    eid = cast.event.id
    unknown_event = "e" * 24
    cases: list[tuple[str, str, dict[str, str], int]] = [
        ("GET", f"/events/{eid}/public/theme", {}, 401),
        ("GET", f"/events/{eid}/public/theme", cast.other_admin, 403),
        ("GET", f"/events/{unknown_event}/public/theme", cast.master, 404),
        ("GET", f"/events/{eid}/theme", cast.attendee, 403),
        ("GET", f"/events/{eid}/theme", cast.other_admin, 403),
        ("PUT", f"/events/{eid}/theme/MainTheme", cast.attendee, 403),
        ("PUT", f"/events/{eid}/theme/FooterTheme", cast.event_admin, 422),
        ("GET", "/events/themes/default", {}, 401),
        ("GET", "/events/themes/default", cast.attendee, 403),
        ("PUT", "/events/themes/default/MainTheme", cast.customer_admin, 403),
        ("POST", "/events/themes/default/fonts/regular", cast.event_admin, 403),
        ("GET", f"/events/themes/{'a' * 24}", cast.master, 404),
        ("GET", "/events/themes/not-an-id", cast.master, 422),
        ("DELETE", f"/events/themes/{'a' * 24}", cast.master, 404),
        ("POST", f"/events/{eid}/themes/{'a' * 24}/apply", cast.event_admin, 404),
        ("POST", f"/events/{eid}/themes/fonts/regular", cast.attendee, 403),
        ("DELETE", f"/events/{eid}/themes/media-assets/favicon", cast.other_admin, 403),
    ]
    for method, path, headers, status in cases:
        json_body: Any = {} if method == "PUT" else None
        response = await client.request(method, path, headers=headers, json=json_body)
        assert response.status_code == status, (method, path, response.text)
        assert "Error" in response.json()
    create_foreign = await client.post(
        "/events/themes/global",
        json={"CustomerID": cast.other_event.customer_id, "Name": "X"},
        headers=cast.customer_admin,
    )
    assert create_foreign.status_code == 403
    create_unknown = await client.post(
        "/events/themes/global", json={"CustomerID": "c" * 24, "Name": "X"}, headers=cast.master
    )
    assert create_unknown.status_code == 404
    missing = await client.post("/events/themes/global", json={"Name": "X"}, headers=cast.master)
    assert missing.status_code == 422
    assert "CustomerID" in missing.json()["Error"]["Message"]
    assert await _themes(services) == 0
