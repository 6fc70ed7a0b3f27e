"""Admin roles (admins/roles.py): the route table is complete, each role opens its own area and
no other (403 naming the role), an empty list is all four, masters are unaffected, unknown roles
are refused, the checks inside features (chat and Q&A moderation, the help desk, granting rights,
the event's access fields), and `GET /events/{EventID}/my-rights`.

`test_admin_roles_matrix.py` asks every organizer route of the authorization matrix with a grant
holding its role and one lacking it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import httpx
import pytest

from tests.api.qna_support import Board, board
from tests.api.test_route_policies import _policies, api_routes
from tests.factories import bearer, grant_admin, make_customer, make_event, make_person, token_for
from venuely.admins.models import AdminType
from venuely.admins.roles import (
    ORGANIZERS,
    PER_FIELD,
    ROUTE_ROLES,
    Role,
    effective_roles,
    roles_of,
    route_key,
)
from venuely.app import create_app
from venuely.chat.messages import post_message
from venuely.chat.service import ensure_broadcast_room
from venuely.core.services import Services
from venuely.events.models import Customer, Event
from venuely.helpdesk.access import is_agent

ORGANIZER_POLICIES = {"event_admin", "customer_admin"}
__all__ = ["board"]  # the Q&A board fixture


# -- the table --------------------------------------------------------------------------------


def _organizer_routes(services: Services) -> dict[str, str]:
    """Every route behind EventAdmin or CustomerAdmin: its table key → its policy."""
    app = create_app(services=services)
    found = {}
    for route in api_routes(app.routes):
        policies = _policies(route.dependant)
        if policies and policies[0] in ORGANIZER_POLICIES:
            for method in sorted(route.methods or ()):
                found[route_key(method, route.path)] = policies[0]
    return found


def test_every_organizer_route_needs_a_role(services: Services) -> None:
    missing = sorted(set(_organizer_routes(services)) - set(ROUTE_ROLES))
    assert not missing, (
        "EventAdmin/CustomerAdmin routes without a role: add each to ROUTE_ROLES in "
        "server/src/venuely/admins/roles.py (and the table in docs/subsystems/permissions.md):\n"
        + "\n".join(missing)
    )


def test_the_table_names_only_organizer_routes(services: Services) -> None:
    strays = sorted(set(ROUTE_ROLES) - set(_organizer_routes(services)))
    assert not strays, "ROUTE_ROLES entries that are no EventAdmin/CustomerAdmin route:\n" + (
        "\n".join(strays)
    )


def test_table_values_are_roles_or_the_two_markers() -> None:
    assert {v for v in ROUTE_ROLES.values() if not isinstance(v, Role)} <= {ORGANIZERS, PER_FIELD}
    assert set(ROUTE_ROLES.values()) >= set(Role), "a role that opens no route"


def test_effective_roles_of_stored_lists() -> None:
    assert roles_of([]) == frozenset(Role)
    assert roles_of(["people", "content"]) == {Role.PEOPLE, Role.CONTENT}
    assert roles_of(["Host"]) == frozenset()  # unknown strings grant nothing (none are stored)


# -- one route of each area, per role ---------------------------------------------------------


@dataclass
class Site:
    customer: Customer
    event: Event
    services: Services

    async def admin(self, scope: str, roles: list[str]) -> dict[str, str]:
        person = await make_person(self.services)
        if scope == "event":
            await grant_admin(
                self.services,
                person,
                AdminType.EVENT,
                event_id=self.event.id,
                customer_id=self.customer.id,
                roles=roles,
            )
        elif scope == "customer":
            await grant_admin(
                self.services, person, AdminType.CUSTOMER, customer_id=self.customer.id, roles=roles
            )
        else:
            await grant_admin(self.services, person, AdminType.MASTER, roles=roles)
        return bearer(await token_for(self.services, person))


@pytest.fixture
async def site(services: Services) -> Site:
    customer = await make_customer(services)
    return Site(customer, await make_event(services, customer), services)


# (method, path, body): a route of each role's area on the event.
AREAS: dict[Role, tuple[str, str, dict[str, Any] | None]] = {
    Role.CONTENT: ("GET", "/events/{E}/theme", None),
    Role.MODERATION: ("GET", "/events/{E}/helpdesk/agents", None),
    Role.PEOPLE: ("PUT", "/events/{E}/email-whitelist", {"Entries": ["example.com"]}),
    Role.ANALYTICS: ("GET", "/events/{E}/lists/speakerscsv", None),
}


async def _ask(
    client: httpx.AsyncClient, site: Site, area: Role, headers: dict[str, str]
) -> httpx.Response:
    method, path, body = AREAS[area]
    assert ROUTE_ROLES[route_key(method, path.replace("{E}", "{EventID}"))] == area
    url = path.replace("{E}", site.event.id)
    return await client.request(method, url, json=body, headers=headers)


def _refused_for(response: httpx.Response, role: Role) -> None:
    assert response.status_code == 403, response.text
    error = response.json()["Error"]
    assert error["Code"] == "FORBIDDEN"
    assert error["Data"]["Role"] == role.value
    assert f"'{role.value}' admin role" in error["Message"]


@pytest.mark.parametrize("scope", ["event", "customer"])
@pytest.mark.parametrize("role", list(Role), ids=str)
async def test_a_role_opens_its_area_and_no_other(
    client: httpx.AsyncClient, site: Site, scope: str, role: Role
) -> None:
    headers = await site.admin(scope, [role.value])
    for area in Role:
        response = await _ask(client, site, area, headers)
        if area is role:
            assert response.status_code == 200, (area, response.text)
        else:
            _refused_for(response, area)


@pytest.mark.parametrize("scope", ["event", "customer", "master"])
async def test_no_roles_is_every_role_and_masters_ignore_roles(
    client: httpx.AsyncClient, site: Site, scope: str
) -> None:
    headers = await site.admin(scope, [])
    for area in Role:
        assert (await _ask(client, site, area, headers)).status_code == 200, area


async def test_a_master_grant_with_stored_roles_still_holds_every_role(
    client: httpx.AsyncClient, site: Site
) -> None:
    # Roles cannot be sent for a master grant; one stored all the same changes nothing.
    headers = await site.admin("master", ["analytics"])
    for area in Role:
        assert (await _ask(client, site, area, headers)).status_code == 200, area


async def test_grants_on_the_event_and_its_customer_add_up(
    client: httpx.AsyncClient, site: Site, services: Services
) -> None:
    person = await make_person(services)
    await grant_admin(
        services,
        person,
        AdminType.EVENT,
        event_id=site.event.id,
        customer_id=site.customer.id,
        roles=["content"],
    )
    await grant_admin(
        services, person, AdminType.CUSTOMER, customer_id=site.customer.id, roles=["analytics"]
    )
    headers = bearer(await token_for(services, person))
    answers = {area: (await _ask(client, site, area, headers)).status_code for area in Role}
    assert answers == {
        Role.CONTENT: 200,
        Role.MODERATION: 403,
        Role.PEOPLE: 403,
        Role.ANALYTICS: 200,
    }


async def test_customer_routes_take_the_customer_grants_roles(
    client: httpx.AsyncClient, site: Site
) -> None:
    url = f"/events/themes/global/{site.customer.id}"
    assert ROUTE_ROLES["GET /events/themes/global/{CustomerID}"] is Role.CONTENT
    allowed = await client.get(url, headers=await site.admin("customer", ["content"]))
    assert allowed.status_code == 200, allowed.text
    refused = await client.get(url, headers=await site.admin("customer", ["moderation"]))
    _refused_for(refused, Role.CONTENT)
    assert refused.json()["Error"]["Data"]["CustomerID"] == site.customer.id


async def test_every_organizer_reads_the_event_whatever_their_roles(
    client: httpx.AsyncClient, site: Site
) -> None:
    for role in Role:
        headers = await site.admin("event", [role.value])
        response = await client.get(f"/events/{site.event.id}", headers=headers)
        assert response.status_code == 200, role


# -- unknown roles ----------------------------------------------------------------------------


async def test_unknown_roles_are_refused_naming_the_field(
    client: httpx.AsyncClient, site: Site, services: Services
) -> None:
    master = await site.admin("master", [])
    target = await make_person(services)
    created = await client.post(
        "/admins",
        json={
            "PersonID": target.id,
            "AdminType": "Event",
            "EventID": site.event.id,
            "Roles": ["content", "Host"],
        },
        headers=master,
    )
    assert created.status_code == 422, created.text
    problems = created.json()["Error"]["Data"]["Problems"]
    assert [p["Name"] for p in problems] == ["Roles.1"]
    assert (await client.get(f"/admins?EventID={site.event.id}", headers=master)).json() == []

    good = await client.post(
        "/admins",
        json={
            "PersonID": target.id,
            "AdminType": "Event",
            "EventID": site.event.id,
            "Roles": ["content"],
        },
        headers=master,
    )
    assert good.status_code == 201, good.text
    changed = await client.put(
        f"/admins/{good.json()['ID']}", json={"Roles": ["speaker"]}, headers=master
    )
    assert changed.status_code == 422
    assert changed.json()["Error"]["Data"]["Problems"][0]["Name"] == "Roles.0"
    kept = await client.get(f"/admins/{good.json()['ID']}", headers=master)
    assert kept.json()["Roles"] == ["content"]


async def test_master_grants_take_no_roles_and_lose_them_when_promoted(
    client: httpx.AsyncClient, site: Site, services: Services
) -> None:
    master = await site.admin("master", [])
    target = await make_person(services)
    refused = await client.post(
        "/admins",
        json={"PersonID": target.id, "AdminType": "Master", "Roles": ["content"]},
        headers=master,
    )
    assert refused.status_code == 422
    assert refused.json()["Error"]["Data"]["Problems"][0]["Name"] == "Roles"
    grant = await client.post(
        "/admins",
        json={
            "PersonID": target.id,
            "AdminType": "Event",
            "EventID": site.event.id,
            "Roles": ["people"],
        },
        headers=master,
    )
    promoted = await client.put(
        f"/admins/{grant.json()['ID']}", json={"AdminType": "Master"}, headers=master
    )
    assert promoted.status_code == 200, promoted.text
    assert promoted.json()["Roles"] == []


# -- granting rights takes `people` -----------------------------------------------------------


async def test_customer_admins_grant_rights_only_with_people(
    client: httpx.AsyncClient, site: Site, services: Services
) -> None:
    target = await make_person(services)
    body = {"PersonID": target.id, "AdminType": "Event", "EventID": site.event.id}
    content = await site.admin("customer", ["content"])
    refused = await client.post("/admins", json=body, headers=content)
    _refused_for(refused, Role.PEOPLE)
    # Without people they see only their own grant.
    own = await client.get("/admins", headers=content)
    assert [g["AdminType"] for g in own.json()] == ["Customer"]

    people = await site.admin("customer", ["people"])
    created = await client.post("/admins", json={**body, "Roles": ["moderation"]}, headers=people)
    assert created.status_code == 201, created.text
    listed = await client.get("/admins", headers=people)
    assert len(listed.json()) == 3  # both customer grants and the new event grant
    path = f"/admins/{created.json()['ID']}"
    assert (await client.put(path, json={"Roles": []}, headers=content)).status_code == 404
    own_path = f"/admins/{own.json()[0]['ID']}"  # seen, but theirs to change only with people
    _refused_for(await client.put(own_path, json={"Roles": []}, headers=content), Role.PEOPLE)
    assert (await client.delete(path, headers=people)).status_code == 204


async def test_event_admins_see_their_events_grants_only_with_people(
    client: httpx.AsyncClient, site: Site
) -> None:
    await site.admin("event", ["content"])
    people = await site.admin("event", ["people"])
    moderation = await site.admin("event", ["moderation"])
    assert len((await client.get("/admins", headers=people)).json()) == 3
    assert len((await client.get("/admins", headers=moderation)).json()) == 1


# -- PUT /events/{EventID}: each field's role -------------------------------------------------


async def test_event_settings_take_content_and_the_access_fields_people(
    client: httpx.AsyncClient, site: Site
) -> None:
    assert ROUTE_ROLES["PUT /events/{EventID}"] == PER_FIELD
    url = f"/events/{site.event.id}"
    content = await site.admin("event", ["content"])
    people = await site.admin("event", ["people"])
    titled = await client.put(url, json={"Title": "Renamed"}, headers=content)
    assert titled.status_code == 200, titled.text
    _refused_for(await client.put(url, json={"Title": "Again"}, headers=people), Role.CONTENT)
    _refused_for(await client.put(url, json={"IsRestricted": True}, headers=content), Role.PEOPLE)
    refused = await client.put(url, json={"EmailWhitelist": ["a.example"]}, headers=content)
    _refused_for(refused, Role.PEOPLE)
    restricted = await client.put(url, json={"IsRestricted": True}, headers=people)
    assert restricted.status_code == 200, restricted.text
    assert restricted.json()["IsRestricted"] is True
    # Echoes of read-only fields are no settings; anything else needs content as well.
    echoed = {"IsRestricted": False, "ID": site.event.id, "CustomerID": site.customer.id}
    assert (await client.put(url, json=echoed, headers=people)).status_code == 200
    both = await client.put(url, json={"IsRestricted": True, "Title": "X"}, headers=people)
    _refused_for(both, Role.CONTENT)
    assert (await client.get(url, headers=content)).json()["Title"] == "Renamed"


# -- inside features --------------------------------------------------------------------------


async def test_deleting_someone_elses_chat_message_takes_moderation(
    client: httpx.AsyncClient, site: Site, services: Services
) -> None:
    author = await make_person(services, event=site.event)
    async with services.db.session() as session:
        room = await ensure_broadcast_room(session, site.event.id, services.clock.now())
        outcome = await post_message(
            session, services, room, sender_id=author.id, tmp_id="t1", text="out of line"
        )
    url = f"/events/{site.event.id}/chat-rooms/{room.id}/chat-messages/{outcome.message.ID}"
    refused = await client.delete(url, headers=await site.admin("event", ["content"]))
    assert refused.status_code == 403, refused.text
    deleted = await client.delete(url, headers=await site.admin("event", ["moderation"]))
    assert deleted.status_code in {200, 204}, deleted.text


async def test_help_desk_agents_are_admins_holding_moderation(
    client: httpx.AsyncClient, site: Site, services: Services
) -> None:
    url = f"/events/{site.event.id}/helpdesk/me"
    for roles, agent in (([], True), (["moderation"], True), (["content", "people"], False)):
        for scope in ("event", "customer"):
            headers = await site.admin(scope, roles)
            answer = await client.get(url, headers=headers)
            assert answer.json() == {"IsAgent": agent}, (scope, roles)
    # The same rule in SQL, for any person (the gateway and the support rooms ask it).
    cases = {(): True, ("moderation",): True, ("people", "analytics"): False}
    async with services.db.session() as session:
        for roles_held, agent in cases.items():
            for scope in (AdminType.EVENT, AdminType.CUSTOMER):
                person = await make_person(services)
                grant = await grant_admin(
                    services,
                    person,
                    scope,
                    customer_id=site.customer.id,
                    event_id=site.event.id if scope is AdminType.EVENT else None,
                    roles=list(roles_held),
                )
                assert (Role.MODERATION in effective_roles(grant)) is agent
                assert await is_agent(session, site.event.id, person.id) is agent, (
                    scope,
                    roles_held,
                )


async def test_deleting_someone_elses_question_takes_moderation(b: Board) -> None:
    question = await b.ask("attendee_a", "Why?")
    site = Site(b.world.customer_a, b.world.event_a, b.services)
    url = b.url("questions", question["ID"])
    refused = await b.client.delete(url, headers=await site.admin("event", ["analytics"]))
    _refused_for(refused, Role.MODERATION)
    deleted = await b.client.delete(url, headers=await site.admin("event", ["moderation"]))
    assert deleted.status_code in {200, 204}, deleted.text


# -- my-rights --------------------------------------------------------------------------------


async def test_my_rights(client: httpx.AsyncClient, site: Site, services: Services) -> None:
    url = f"/events/{site.event.id}/my-rights"

    async def rights(headers: dict[str, str]) -> dict[str, Any]:
        response = await client.get(url, headers=headers)
        assert response.status_code == 200, response.text
        body: dict[str, Any] = response.json()
        return body

    every = ["content", "moderation", "people", "analytics"]
    attendee = await make_person(services, event=site.event)
    attendee_headers = bearer(await token_for(services, attendee, site.event))
    assert await rights(attendee_headers) == {
        "EventID": site.event.id,
        "IsMaster": False,
        "Roles": [],
    }
    assert (await rights(await site.admin("master", [])))["IsMaster"] is True
    assert (await rights(await site.admin("master", [])))["Roles"] == every
    assert (await rights(await site.admin("event", [])))["Roles"] == every
    limited = await site.admin("event", ["people", "content"])
    assert await rights(limited) == {
        "EventID": site.event.id,
        "IsMaster": False,
        "Roles": ["content", "people"],
    }
    assert (await rights(await site.admin("customer", ["analytics"])))["Roles"] == ["analytics"]

    # A preview token sees the event as an attendee: no roles.
    preview = await client.post(f"/events/{site.event.id}/preview", headers=limited)
    assert preview.status_code == 201, preview.text
    assert (await rights(bearer(preview.json()["Token"])))["Roles"] == []

    other = await make_event(services)
    outsider = await client.get(f"/events/{other.id}/my-rights", headers=limited)
    assert outsider.status_code == 403
    assert (await client.get(url)).status_code == 401
