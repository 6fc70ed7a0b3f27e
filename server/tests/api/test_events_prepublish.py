"""`GET /events/{EventID}/prepublish-check`: one test per finding, each building exactly that bad
state on an event the check otherwise finds clean, and seeing exactly that finding."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import httpx
import pytest
from sqlalchemy import update

from tests.api.prepublish_support import (
    FIVE_NAMES,
    EmbedSite,
    Organizer,
    clean_organizer,
    embed_client,
    stored_tour_url,
)
from tests.factories import bearer, make_person, token_for
from venuely.core.ids import NULL_ID, new_id
from venuely.core.services import Services
from venuely.events.models import Event, MenuItem
from venuely.events.prepublish import embeds
from venuely.events.prepublish.codes import FindingCode


def only(report: dict[str, Any], code: FindingCode) -> dict[str, Any]:
    """The report's one finding, which must be of `code`."""
    assert [f["Code"] for f in report["Findings"]] == [code.value], report["Findings"]
    finding: dict[str, Any] = report["Findings"][0]
    assert finding["Severity"] == code.spec.severity.value
    assert finding["Fix"]["Screen"] == code.spec.screen.value
    assert set(finding["Params"]) == set(code.spec.params)
    return finding


async def set_event(services: Services, event: Event, **values: Any) -> None:
    """A direct write, for states the API refuses (old rows, other writers)."""
    async with services.db.session() as session:
        await session.execute(update(Event).where(Event.id == event.id).values(**values))


async def add_raw_item(services: Services, event: Event, type_: str, data: dict[str, Any]) -> str:
    now = services.clock.now()
    item_id = new_id()
    document = {"Position": "Top", "Names": FIVE_NAMES, "Type": type_, "Data": data}
    async with services.db.session() as session:
        session.add(
            MenuItem(
                id=item_id,
                event_id=event.id,
                position="Top",
                index=0,
                is_visible=True,
                type=type_,
                document=document,
                created_at=now,
                updated_at=now,
            )
        )
    return item_id


# -- the whole report ----------------------------------------------------------------------------


async def test_a_clean_event_has_no_findings(client: httpx.AsyncClient, services: Services) -> None:
    organizer = await clean_organizer(client, services)
    report = await organizer.check()
    assert report["EventID"] == organizer.event.id
    assert report["Findings"] == []
    assert (report["Errors"], report["Warnings"]) == (0, 0)
    assert report["CheckedAt"].endswith("Z")


async def test_findings_come_worst_first_and_are_counted(
    client: httpx.AsyncClient, services: Services
) -> None:
    organizer = await clean_organizer(client, services)
    await organizer.put_event(EmailWhitelist=[])  # info: open to everyone
    await organizer.add_item(Type="Module", Data={"module": "casino"})  # warning
    await set_event(services, organizer.event, date_end=organizer.event.date_begin)  # error
    report = await organizer.check()
    assert [f["Severity"] for f in report["Findings"]] == ["error", "warning", "info"]
    assert (report["Errors"], report["Warnings"]) == (1, 1)


async def test_unhappy_paths(client: httpx.AsyncClient, services: Services) -> None:
    organizer = await clean_organizer(client, services)
    url = f"{organizer.base}/prepublish-check"
    assert (await client.get(url)).status_code == 401
    attendee = await make_person(services, event=organizer.event)
    as_attendee = bearer(await token_for(services, attendee, organizer.event))
    assert (await client.get(url, headers=as_attendee)).status_code == 403
    missing = await client.get(f"/events/{new_id()}/prepublish-check", headers=organizer.headers)
    assert missing.status_code == 404
    assert missing.json()["Error"]["Code"] == "EVENT_NOT_FOUND"
    malformed = await client.get("/events/nope/prepublish-check", headers=organizer.headers)
    assert malformed.status_code == 422


async def test_runs_are_limited_per_person(client: httpx.AsyncClient, services: Services) -> None:
    organizer = await clean_organizer(client, services)
    url = f"{organizer.base}/prepublish-check"
    statuses = [(await client.get(url, headers=organizer.headers)).status_code for _ in range(21)]
    assert statuses == [200] * 20 + [429]


# -- settings and access --------------------------------------------------------------------------


async def test_inverted_dates(client: httpx.AsyncClient, services: Services) -> None:
    organizer = await clean_organizer(client, services)
    begin = organizer.event.date_begin
    await set_event(services, organizer.event, date_end=begin - timedelta(hours=1))
    finding = only(await organizer.check(), FindingCode.DATES_INVERTED)
    assert finding["Params"]["DateBeginUTC"] == begin.isoformat()


async def test_restricted_event_with_an_empty_whitelist(
    client: httpx.AsyncClient, services: Services
) -> None:
    organizer = await clean_organizer(client, services)
    response = await organizer.put_event(IsRestricted=True, EmailWhitelist=[])
    assert response.status_code == 200, response.text
    assert response.json()["IsRestricted"] is True
    finding = only(await organizer.check(), FindingCode.WHITELIST_EMPTY_RESTRICTED)
    assert finding["Severity"] == "error"
    assert finding["Fix"] == {"Screen": "access", "ItemID": None}
    # A restricted event with a whitelist is what it should be.
    await organizer.put_event(EmailWhitelist=["example.com"])
    assert await organizer.codes() == []


async def test_open_event_without_a_whitelist_is_an_info(
    client: httpx.AsyncClient, services: Services
) -> None:
    organizer = await clean_organizer(client, services)
    await organizer.put_event(EmailWhitelist=[])
    only(await organizer.check(), FindingCode.WHITELIST_OPEN)


# -- the default page -----------------------------------------------------------------------------


async def test_no_default_page(client: httpx.AsyncClient, services: Services) -> None:
    organizer = await clean_organizer(client, services)
    response = await client.put(
        f"{organizer.base}/menu/default", json={"ID": NULL_ID}, headers=organizer.headers
    )
    assert response.status_code == 200
    only(await organizer.check(), FindingCode.DEFAULT_PAGE_MISSING)


async def test_default_page_naming_no_item(client: httpx.AsyncClient, services: Services) -> None:
    organizer = await clean_organizer(client, services)
    ghost = new_id()
    await set_event(services, organizer.event, default_page=ghost)
    finding = only(await organizer.check(), FindingCode.DEFAULT_PAGE_NOT_FOUND)
    assert finding["Params"] == {"MenuItemID": ghost}
    assert finding["Fix"] == {"Screen": "navigation", "ItemID": ghost}


async def test_hidden_default_page(client: httpx.AsyncClient, services: Services) -> None:
    organizer = await clean_organizer(client, services)
    hidden = {
        "Position": "Top",
        "IsVisible": False,
        "Names": FIVE_NAMES,
        "Type": "Addon",
        "Data": {"module": "Landing"},
    }
    response = await client.put(
        f"{organizer.base}/menu/{organizer.home_id}", json=hidden, headers=organizer.headers
    )
    assert response.status_code == 200, response.text
    finding = only(await organizer.check(), FindingCode.DEFAULT_PAGE_HIDDEN)
    assert finding["Params"] == {"MenuItemID": organizer.home_id, "Name": "Welcome"}


async def test_default_page_that_opens_no_page(
    client: httpx.AsyncClient, services: Services
) -> None:
    organizer = await clean_organizer(client, services)
    link = await organizer.add_item(Type="URL", Data={"mode": "New tab", "src": "https://x.org"})
    await client.put(f"{organizer.base}/menu/default", json=link, headers=organizer.headers)
    finding = only(await organizer.check(), FindingCode.DEFAULT_PAGE_NOT_A_PAGE)
    assert finding["Params"]["Type"] == "URL"


# -- where menu items lead ------------------------------------------------------------------------


async def test_node_of_an_event_without_a_tour(
    client: httpx.AsyncClient, services: Services
) -> None:
    organizer = await clean_organizer(client, services)
    item = await organizer.add_item(Type="Panorama", Data={"id": "lobby"})
    finding = only(await organizer.check(), FindingCode.MENU_NODE_MISSING)
    assert finding["Params"]["NodeID"] == "lobby"
    assert finding["Fix"]["ItemID"] == item["ID"]
    assert "no tour" in finding["Params"]["Reason"]


async def test_nodes_are_looked_up_in_the_stored_tour_version(
    client: httpx.AsyncClient, services: Services
) -> None:
    organizer = await clean_organizer(client, services)
    await set_event(
        services, organizer.event, pano_url=await stored_tour_url(services, organizer.event)
    )
    # By id and by custom id, in any case, as the attendee app finds rooms; from a script too.
    await organizer.add_item(Type="Panorama", Data={"id": "hall"})
    await organizer.add_item(
        Type="VirtualLocation", Data={"id": "FOYER", "VirtualSpaceMainpanoID": "x"}
    )
    await organizer.add_item(Type="JS Call", Data={"code": "goToRoom('lobby', 90)"})
    assert await organizer.codes() == []
    await organizer.add_item(Type="JS Call", Data={"code": "closeSidebars(); goToRoom('attic')"})
    finding = only(await organizer.check(), FindingCode.MENU_NODE_MISSING)
    assert finding["Params"]["NodeID"] == "attic"
    assert finding["Params"]["Reason"] == "the node is not in the event's tour"


async def test_node_of_a_tour_the_server_does_not_hold_cannot_be_verified(
    client: httpx.AsyncClient, services: Services
) -> None:
    organizer = await clean_organizer(client, services)
    await set_event(services, organizer.event, pano_url="https://tours.example.com/venue/")
    await organizer.add_item(Type="Panorama", Data={"id": "lobby"})
    finding = only(await organizer.check(), FindingCode.MENU_NODE_UNVERIFIED)
    assert finding["Severity"] == "info"
    assert finding["Fix"]["Screen"] == "venue"


async def test_hidden_items_are_drafts_and_not_checked(
    client: httpx.AsyncClient, services: Services
) -> None:
    organizer = await clean_organizer(client, services)
    await organizer.add_item(Type="Panorama", IsVisible=False, Names={}, Data={"id": "nowhere"})
    assert await organizer.codes() == []


async def test_script_navigating_to_a_page_no_item_defines(
    client: httpx.AsyncClient, services: Services
) -> None:
    organizer = await clean_organizer(client, services)
    await organizer.add_item(Type="FullscreenIframe", Data={"slug": "sponsors"})
    await organizer.add_item(Type="JS Call", Data={"code": "navigate('/page/sponsors')"})
    assert await organizer.codes() == []
    item = await organizer.add_item(Type="JS Call", Data={"code": 'navigate("/page/partners")'})
    finding = only(await organizer.check(), FindingCode.MENU_PAGE_MISSING)
    assert finding["Params"] == {"MenuItemID": item["ID"], "Name": "Welcome", "Slug": "partners"}


async def test_addon_outside_the_addon_list(client: httpx.AsyncClient, services: Services) -> None:
    organizer = await clean_organizer(client, services)
    # The API refuses such an item; older rows and other writers may still hold one.
    item_id = await add_raw_item(services, organizer.event, "Addon", {"module": "Casino"})
    finding = only(await organizer.check(), FindingCode.MENU_ADDON_NOT_ALLOWED)
    assert finding["Params"]["Module"] == "Casino"
    assert finding["Fix"]["ItemID"] == item_id


async def test_module_the_attendee_app_cannot_open(
    client: httpx.AsyncClient, services: Services
) -> None:
    organizer = await clean_organizer(client, services)
    await organizer.add_item(Type="Module", Data={"module": "Agenda"})  # known, any case
    assert await organizer.codes() == []
    await organizer.add_item(Type="Module", Data={"module": "casino"})
    finding = only(await organizer.check(), FindingCode.MENU_MODULE_UNKNOWN)
    assert finding["Severity"] == "warning"


# -- names ----------------------------------------------------------------------------------------


async def test_menu_name_missing_in_some_languages(
    client: httpx.AsyncClient, services: Services
) -> None:
    organizer = await clean_organizer(client, services)
    # Name and NameDE count as the English and German names.
    await organizer.add_item(
        Type="Addon", Names={"fr": "Aide"}, Name="Help", NameDE="Hilfe", Data={"module": "FAQ"}
    )
    finding = only(await organizer.check(), FindingCode.MENU_NAME_MISSING)
    assert finding["Params"]["Languages"] == ["es", "it"]
    assert finding["Params"]["Name"] == "Help"


async def test_sidebar_titles_missing_in_some_languages(
    client: httpx.AsyncClient, services: Services
) -> None:
    organizer = await clean_organizer(client, services)
    await organizer.add_item(
        Type="Module", IsSidebar=True, SidebarType="Chat", Data={"module": "chat"}
    )
    assert await organizer.codes() == []  # no titles: the sidebar shows the (complete) name
    await organizer.add_item(
        Type="Module",
        IsSidebar=True,
        SidebarType="Agenda",
        SidebarTitles={"en": "Programme", "de": "Programm"},
        Data={"module": "agenda"},
    )
    finding = only(await organizer.check(), FindingCode.MENU_SIDEBAR_TITLE_MISSING)
    assert finding["Params"]["Languages"] == ["es", "fr", "it"]


# -- theme ----------------------------------------------------------------------------------------


async def put_theme(organizer: Organizer, sub: str, values: dict[str, Any]) -> None:
    response = await organizer.client.put(
        f"{organizer.base}/theme/{sub}", json=values, headers=organizer.headers
    )
    assert response.status_code == 200, response.text


async def test_low_contrast_text(client: httpx.AsyncClient, services: Services) -> None:
    organizer = await clean_organizer(client, services)
    await put_theme(organizer, "HeaderTheme", {"text_color": "#9aa0aa"})
    finding = only(await organizer.check(), FindingCode.THEME_CONTRAST_LOW)
    assert finding["Params"] == {
        "Theme": "HeaderTheme",
        "TextKey": "text_color",
        "BackgroundKey": "background_color",
        "Text": "#9aa0aa",
        "Background": "#e7ebf3",
        "Ratio": 2.2,
        "Required": 4.5,
    }
    assert finding["Fix"] == {"Screen": "theme", "ItemID": "HeaderTheme"}


async def test_translucent_backgrounds_are_composited_over_what_they_sit_on(
    client: httpx.AsyncClient, services: Services
) -> None:
    organizer = await clean_organizer(client, services)
    # A black box at 5 % over the light page is still light: dark text reads well on it.
    await put_theme(
        organizer, "MainTheme", {"box_background_color": "#000", "box_background_alpha": "0.05"}
    )
    assert await organizer.codes() == []
    # Opaque, the same box hides dark text.
    await put_theme(
        organizer, "MainTheme", {"box_background_color": "#000", "box_background_alpha": 1}
    )
    finding = only(await organizer.check(), FindingCode.THEME_CONTRAST_LOW)
    assert finding["Params"]["BackgroundKey"] == "box_background_color"
    assert finding["Params"]["Background"] == "#000000"


async def test_theme_colour_the_check_cannot_read(
    client: httpx.AsyncClient, services: Services
) -> None:
    organizer = await clean_organizer(client, services)
    await put_theme(organizer, "ChatTheme", {"own_message_background_color": "var(--brand)"})
    finding = only(await organizer.check(), FindingCode.THEME_COLOR_UNREADABLE)
    assert finding["Params"] == {
        "Theme": "ChatTheme",
        "Key": "own_message_background_color",
        "Value": "var(--brand)",
    }


# -- sessions -------------------------------------------------------------------------------------


async def add_session(
    organizer: Organizer, title: str, start_h: int, end_h: int, **extra: Any
) -> str:
    begin = organizer.event.date_begin + timedelta(hours=2)
    body = {
        "InternalName": title.lower(),
        "Title": title,
        "ScreenID": "main",
        "DateBegin": (begin + timedelta(hours=start_h)).isoformat(),
        "DateEnd": (begin + timedelta(hours=end_h)).isoformat(),
        **extra,
    }
    response = await organizer.client.post(
        f"{organizer.base}/activities",
        params={"EntityType": "Session"},
        json=body,
        headers=organizer.headers,
    )
    assert response.status_code in (200, 201), response.text
    return str(response.json()["ID"])


async def test_sessions_overlapping_on_one_screen(
    client: httpx.AsyncClient, services: Services
) -> None:
    organizer = await clean_organizer(client, services)
    await add_session(organizer, "Opening", 0, 1)
    await add_session(organizer, "Panel", 1, 2)  # starts as Opening ends: no overlap
    await add_session(organizer, "Workshop", 0, 3, ScreenID="side")  # another screen
    await add_session(organizer, "Stream", 0, 3, IsVirtual=False)  # not played in the tour
    assert await organizer.codes() == []
    late = await add_session(organizer, "Late keynote", 1, 3)
    finding = only(await organizer.check(), FindingCode.SESSIONS_OVERLAP)
    params = finding["Params"]
    assert params["ScreenID"] == "main"
    assert (params["SessionID"], params["SessionTitle"]) == (late, "Late keynote")
    assert params["OtherSessionTitle"] == "Panel"
    assert finding["Fix"] == {"Screen": "agenda", "ItemID": late}


# -- embeds ---------------------------------------------------------------------------------------


async def test_embed_over_http(client: httpx.AsyncClient, services: Services) -> None:
    organizer = await clean_organizer(client, services)
    await organizer.add_item(Type="IFrame", Data={"url": "http://embed.test/plain"})
    finding = only(await organizer.check(), FindingCode.EMBED_NOT_HTTPS)
    assert finding["Params"]["URL"] == "http://embed.test/plain"


async def test_the_event_s_own_pages_are_not_embeds_to_check(
    client: httpx.AsyncClient, services: Services
) -> None:
    """Pages of the event's own origin (the demo's policy pages) are served and framed by this
    server, over whatever scheme the event itself uses: no finding, and no fetch."""
    organizer = await clean_organizer(client, services)
    own = services.settings.public_url.rstrip("/") + "/policies/privacy_policy"
    await organizer.add_item(Type="IFrame", Data={"url": own})
    assert await organizer.codes() == []


REFUSING = [
    {"X-Frame-Options": "DENY"},
    {"X-Frame-Options": "SAMEORIGIN"},
    {"X-Frame-Options": "deny, sameorigin"},
    {"Content-Security-Policy": "frame-ancestors 'none'"},
    {"Content-Security-Policy": "frame-ancestors 'self'"},
    {"Content-Security-Policy": "frame-ancestors https://venuely.test"},  # the event is http
    {"Content-Security-Policy": "default-src 'self'; frame-ancestors https://*.venuely.test"},
    {"Content-Security-Policy": "frame-ancestors http://venuely.test:8080"},
    # Without a scheme a source means the embed's own (https), and the event is served over http.
    {"Content-Security-Policy": "frame-ancestors venuely.test"},
    # CSP decides over X-Frame-Options, and every policy must admit the event.
    {"Content-Security-Policy": "frame-ancestors *, frame-ancestors 'none'"},
]
ADMITTING = [
    {},
    {"X-Frame-Options": "ALLOW-FROM https://venuely.test"},  # ignored by browsers
    {"Content-Security-Policy": "frame-ancestors *"},
    {"Content-Security-Policy": "frame-ancestors http://venuely.test"},
    {"Content-Security-Policy": "frame-ancestors 'self' http:"},
    {"Content-Security-Policy": "frame-ancestors http://*.test"},
    {"Content-Security-Policy": "frame-ancestors *", "X-Frame-Options": "DENY"},
    {"Content-Security-Policy-Report-Only": "frame-ancestors 'none'"},
]


@pytest.mark.parametrize("headers", REFUSING)
async def test_embed_refusing_to_be_framed(services: Services, headers: dict[str, str]) -> None:
    with EmbedSite() as site:
        site.page("/page", headers)
        async with embed_client(services, site) as client:
            organizer = await clean_organizer(client, services)
            await organizer.add_item(Type="IFrame", Data={"url": site.https("/page")})
            finding = only(await organizer.check(), FindingCode.EMBED_FRAMING_REFUSED)
    header = finding["Params"]["Header"]
    assert header.split(":")[0] in {"X-Frame-Options", "Content-Security-Policy"}
    assert finding["Params"]["URL"] == site.https("/page")


async def test_a_full_screen_page_is_an_embed_too(services: Services) -> None:
    with EmbedSite() as site:
        site.page("/wall", {"X-Frame-Options": "DENY"})
        async with embed_client(services, site) as client:
            organizer = await clean_organizer(client, services)
            data = {"slug": "sponsors", "url": site.https("/wall")}
            page = await organizer.add_item(Type="FullscreenIframe", Data=data)
            finding = only(await organizer.check(), FindingCode.EMBED_FRAMING_REFUSED)
    assert finding["Fix"]["ItemID"] == page["ID"]
    assert site.hits == ["/wall"]


@pytest.mark.parametrize("headers", ADMITTING)
async def test_embed_admitting_the_event(services: Services, headers: dict[str, str]) -> None:
    with EmbedSite() as site:
        site.page("/page", headers)
        async with embed_client(services, site) as client:
            organizer = await clean_organizer(client, services)
            await organizer.add_item(Type="IFrame", Data={"url": site.https("/page")})
            assert await organizer.codes() == []
    assert site.hits == ["/page"]


async def test_each_embed_url_is_fetched_once_and_over_page_links_count(
    services: Services,
) -> None:
    with EmbedSite() as site:
        site.page("/a", {"X-Frame-Options": "DENY"})
        site.page("/b", {})
        async with embed_client(services, site) as client:
            organizer = await clean_organizer(client, services)
            first = await organizer.add_item(Type="IFrame", Data={"url": site.https("/a")})
            over = {"mode": "Over page", "src": site.https("/a")}
            second = await organizer.add_item(Type="URL", Data=over)
            await organizer.add_item(Type="URL", Data={"mode": "New tab", "src": site.https("/c")})
            await organizer.add_item(Type="IFrame", Data={"url": site.https("/b")})
            report = await organizer.check()
    refused = [f["Fix"]["ItemID"] for f in report["Findings"]]
    assert refused == [first["ID"], second["ID"]]  # one finding per item, each with its fix
    assert sorted(site.hits) == ["/a", "/b"]  # one fetch per URL; new-tab links are not framed


async def test_embed_that_cannot_be_reached(services: Services) -> None:
    with EmbedSite() as site:  # answers 404 for paths it does not serve
        async with embed_client(services, site) as client:
            organizer = await clean_organizer(client, services)
            await organizer.add_item(Type="IFrame", Data={"url": site.https("/gone")})
            finding = only(await organizer.check(), FindingCode.EMBED_UNREACHABLE)
    assert "404" in finding["Params"]["Reason"]


async def test_embed_the_server_may_not_fetch(services: Services) -> None:
    with EmbedSite() as site:
        site.page("/page", {})
        async with embed_client(services, site) as client:
            organizer = await clean_organizer(client, services)
            # Loopback stays refused by the outbound rules: not checked, and never contacted.
            loopback = f"https://127.0.0.1:{site.port}/page"
            await organizer.add_item(Type="IFrame", Data={"url": loopback})
            finding = only(await organizer.check(), FindingCode.EMBED_UNVERIFIED)
    assert "loopback" in finding["Params"]["Reason"]
    assert site.hits == []


async def test_embeds_past_the_limit_are_not_checked(
    services: Services, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(embeds, "MAX_EMBEDS", 1)
    with EmbedSite() as site:
        site.page("/a", {})
        site.page("/b", {})
        async with embed_client(services, site) as client:
            organizer = await clean_organizer(client, services)
            await organizer.add_item(Type="IFrame", Index=2, Data={"url": site.https("/a")})
            second = await organizer.add_item(Type="IFrame", Data={"url": site.https("/b")})
            finding = only(await organizer.check(), FindingCode.EMBED_UNVERIFIED)
    assert finding["Fix"]["ItemID"] == second["ID"]
    assert site.hits == ["/a"]
