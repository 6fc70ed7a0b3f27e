"""Persons: reading, listing, admin-created accounts, changes and removal, by role."""

from __future__ import annotations

import json
from dataclasses import dataclass

import httpx
import pytest
from sqlalchemy import func, select

from tests.api.accounts_support import link_query, login, only_mail_to
from tests.conftest import Mailbox
from tests.factories import (
    DEFAULT_PASSWORD,
    bearer,
    grant_admin,
    make_customer,
    make_event,
    make_person,
    token_for,
)
from venuely.accounts.models import AuthSession, Person
from venuely.admins.models import AdminType
from venuely.core.services import Services
from venuely.events.models import Attendee, Event


@dataclass
class World:
    event_a: Event
    event_b: Event
    alice: Person  # attends A
    bob: Person  # attends B
    carol: Person  # attends A and B
    tokens: dict[str, str]

    def auth(self, who: str) -> dict[str, str]:
        return bearer(self.tokens[who])


@pytest.fixture
async def world(services: Services) -> World:
    customer_1 = await make_customer(services, "One")
    customer_2 = await make_customer(services, "Two")
    event_a = await make_event(services, customer_1, internal_name="event-a")
    event_b = await make_event(services, customer_2, internal_name="event-b")
    alice = await make_person(services, "alice@example.com", event=event_a, first_name="Alice")
    bob = await make_person(services, "bob@example.com", event=event_b, first_name="Bob")
    carol = await make_person(services, "carol@example.com", event=event_a, first_name="Carol")
    async with services.db.session() as session:
        session.add(Attendee(event_id=event_b.id, person_id=carol.id, created_at=carol.created_at))
    event_admin = await make_person(services, "ea@example.com")
    await grant_admin(
        services, event_admin, AdminType.EVENT, customer_id=customer_1.id, event_id=event_a.id
    )
    customer_admin = await make_person(services, "ca@example.com")
    await grant_admin(services, customer_admin, AdminType.CUSTOMER, customer_id=customer_1.id)
    master = await make_person(services, "master@example.com")
    await grant_admin(services, master, AdminType.MASTER)
    tokens = {
        "alice": await token_for(services, alice, event_a),
        "bob": await token_for(services, bob, event_b),
        "carol": await token_for(services, carol, event_a),
        "event_admin": await token_for(services, event_admin),
        "customer_admin": await token_for(services, customer_admin),
        "master": await token_for(services, master),
    }
    return World(event_a, event_b, alice, bob, carol, tokens)


async def test_a_person_reads_themselves_but_not_others(
    client: httpx.AsyncClient, world: World
) -> None:
    own = await client.get(
        f"/persons/{world.alice.id}",
        params={"CustomerID": world.event_a.customer_id, "EventID": world.event_a.id},
        headers=world.auth("alice"),
    )
    assert own.status_code == 200
    body = own.json()
    assert body["ID"] == world.alice.id
    assert body["FirstName"] == "Alice"
    assert body["IsAdmin"] is False
    assert body["CreatedAt"].endswith("Z")
    # Carol shares event A with Alice, yet another attendee's account is not Alice's to read.
    other = await client.get(f"/persons/{world.carol.id}", headers=world.auth("alice"))
    assert other.status_code == 404
    assert other.json()["Error"]["Code"] == "PERSON_NOT_FOUND"
    missing = await client.get(f"/persons/{'d' * 24}", headers=world.auth("alice"))
    assert missing.status_code == 404
    # Hidden and absent look alike apart from the id itself.
    assert missing.json()["Error"]["Code"] == other.json()["Error"]["Code"]
    assert (
        missing.json()["Error"]["Message"].replace("d" * 24, world.carol.id)
        == (other.json()["Error"]["Message"])
    )


@pytest.mark.parametrize(
    ("who", "visible"),
    [
        ("event_admin", {"alice", "carol"}),
        ("customer_admin", {"alice", "carol"}),
        ("master", {"alice", "bob", "carol"}),
        ("alice", {"alice"}),
        ("bob", {"bob"}),
    ],
)
async def test_who_reads_whom(
    client: httpx.AsyncClient, world: World, who: str, visible: set[str]
) -> None:
    seen = set()
    for name in ("alice", "bob", "carol"):
        person: Person = getattr(world, name)
        response = await client.get(f"/persons/{person.id}", headers=world.auth(who))
        assert response.status_code in {200, 404}
        if response.status_code == 200:
            seen.add(name)
    assert seen == visible


async def test_reading_a_person_needs_a_token_and_a_valid_id(
    client: httpx.AsyncClient, world: World
) -> None:
    anonymous = await client.get(f"/persons/{world.alice.id}")
    assert anonymous.status_code == 401
    assert anonymous.json()["Error"]["Code"] == "NOT_AUTHENTICATED"
    malformed = await client.get("/persons/not-an-id", headers=world.auth("alice"))
    assert malformed.status_code == 422
    assert malformed.json()["Error"]["Data"]["Problems"][0]["Name"] == "PersonID"


async def test_person_list_is_scoped_by_role(client: httpx.AsyncClient, world: World) -> None:
    async def listed(who: str, **params: str) -> list[str]:
        response = await client.get("/persons", params=params, headers=world.auth(who))
        assert response.status_code == 200, response.text
        return [p["Login"]["LoginEMail"] for p in response.json()]

    assert await listed("event_admin") == ["alice@example.com", "carol@example.com"]
    assert await listed("customer_admin") == ["alice@example.com", "carol@example.com"]
    everyone = await listed("master")
    assert len(everyone) == 6
    assert await listed("master", EventID=world.event_b.id) == [
        "bob@example.com",
        "carol@example.com",
    ]
    forbidden = await client.get(
        "/persons", params={"EventID": world.event_b.id}, headers=world.auth("customer_admin")
    )
    assert forbidden.status_code == 403
    unknown = await client.get(
        "/persons", params={"EventID": "e" * 24}, headers=world.auth("master")
    )
    assert unknown.status_code == 404
    assert unknown.json()["Error"]["Code"] == "EVENT_NOT_FOUND"


async def test_person_list_pages_by_start_id(client: httpx.AsyncClient, world: World) -> None:
    seen: list[str] = []
    start: str | None = None
    while True:
        params = {"MaxCount": "2"} | ({"StartID": start} if start else {})
        page = (await client.get("/persons", params=params, headers=world.auth("master"))).json()
        if not page:
            break
        assert len(page) <= 2
        seen += [p["ID"] for p in page]
        start = page[-1]["ID"]
    assert seen == sorted(seen)
    assert len(seen) == len(set(seen)) == 6
    master_view = (await client.get("/persons", headers=world.auth("master"))).json()
    assert {p["IsAdmin"] for p in master_view if p["FirstName"] == "Ada"} == {True}


@pytest.mark.parametrize(
    ("params", "name"),
    [
        ({"MaxCount": "0"}, "MaxCount"),
        ({"MaxCount": "1001"}, "MaxCount"),
        ({"StartID": "x"}, "StartID"),
    ],
)
async def test_person_list_parameters_are_checked(
    client: httpx.AsyncClient, world: World, params: dict[str, str], name: str
) -> None:
    response = await client.get("/persons", params=params, headers=world.auth("master"))
    assert response.status_code == 422
    assert response.json()["Error"]["Data"]["Problems"][0]["Name"] == name


async def test_attendees_may_not_list_or_look_up_persons(
    client: httpx.AsyncClient, world: World
) -> None:
    for path in ("/persons", "/personbyemail?EMail=alice@example.com"):
        response = await client.get(path, headers=world.auth("alice"))
        assert response.status_code == 403
        assert response.json()["Error"]["Code"] == "FORBIDDEN"
        assert (await client.get(path)).status_code == 401


async def test_person_by_email_only_finds_persons_the_admin_covers(
    client: httpx.AsyncClient, world: World
) -> None:
    found = await client.get(
        "/personbyemail", params={"EMail": "Alice@Example.com"}, headers=world.auth("event_admin")
    )
    assert found.status_code == 200
    assert found.json()["ID"] == world.alice.id
    hidden = await client.get(
        "/personbyemail", params={"EMail": "bob@example.com"}, headers=world.auth("event_admin")
    )
    absent = await client.get(
        "/personbyemail", params={"EMail": "nobody@example.com"}, headers=world.auth("master")
    )
    assert hidden.status_code == absent.status_code == 404
    assert hidden.json()["Error"]["Code"] == "PERSON_NOT_FOUND"
    missing = await client.get("/personbyemail", headers=world.auth("master"))
    assert missing.status_code == 422
    assert missing.json()["Error"]["Data"]["Parameters"] == ["EMail"]


async def test_a_person_changes_their_own_profile(
    client: httpx.AsyncClient, world: World, services: Services
) -> None:
    response = await client.put(
        f"/persons/{world.alice.id}",
        json={
            "FirstName": "Alicia",
            "Language": "it-IT",
            "PictureURL": "https://cdn.example.com/a.png",
            "TimezoneName": "Europe/Rome",
            "TimezoneShift": 14,
        },
        headers=world.auth("alice"),
    )
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["FullName"] == "Alicia Lovelace"
    assert body["Language"] == "it"
    assert body["ContactInfo"]["Business"]["PictureURL"] == "https://cdn.example.com/a.png"
    assert (body["TimezoneName"], body["TimezoneShift"]) == ("Europe/Rome", 14)
    again = await client.get(f"/persons/{world.alice.id}", headers=world.auth("alice"))
    assert again.json() == body


async def test_the_person_as_read_can_be_sent_back(client: httpx.AsyncClient, world: World) -> None:
    current = (await client.get(f"/persons/{world.alice.id}", headers=world.auth("alice"))).json()
    current["LastName"] = "Liddell"
    current["ContactInfo"]["Business"]["PictureURL"] = "https://cdn.example.com/b.png"
    response = await client.put(
        f"/persons/{world.alice.id}", json=current, headers=world.auth("alice")
    )
    assert response.status_code == 200, response.text
    assert response.json()["LastName"] == "Liddell"
    assert response.json()["ContactInfo"]["Business"]["PictureURL"].endswith("/b.png")


@pytest.mark.parametrize(
    "body",
    [
        {"TimezoneShift": 15},
        {"TimezoneShift": -13},
        {"TimezoneShift": "east"},
        {"FirstName": ""},
        {"Nickname": "Al"},
        {"PictureURL": "x" * 2001},
        {"LoginEMail": "a@example.com", "Login": {"LoginEMail": "b@example.com"}},
    ],
)
async def test_invalid_changes_are_422_and_change_nothing(
    client: httpx.AsyncClient, world: World, body: dict[str, object]
) -> None:
    before = (await client.get(f"/persons/{world.alice.id}", headers=world.auth("alice"))).json()
    response = await client.put(
        f"/persons/{world.alice.id}", json=body, headers=world.auth("alice")
    )
    assert response.status_code == 422
    assert response.json()["Error"]["Code"] == "VALIDATION_ERROR"
    after = (await client.get(f"/persons/{world.alice.id}", headers=world.auth("alice"))).json()
    assert after == before


async def test_a_person_cannot_change_their_login_or_disable_themselves(
    client: httpx.AsyncClient, world: World
) -> None:
    for body in ({"LoginEMail": "new@example.com"}, {"IsDisabled": True}):
        response = await client.put(
            f"/persons/{world.alice.id}", json=body, headers=world.auth("alice")
        )
        assert response.status_code == 403
    # Sending the current values back is not a change.
    same = await client.put(
        f"/persons/{world.alice.id}",
        json={"Login": {"LoginEMail": "ALICE@example.com", "IsDisabled": False}},
        headers=world.auth("alice"),
    )
    assert same.status_code == 200


async def test_changing_another_persons_profile_is_404_for_attendees(
    client: httpx.AsyncClient, world: World
) -> None:
    response = await client.put(
        f"/persons/{world.carol.id}", json={"FirstName": "Hacked"}, headers=world.auth("alice")
    )
    assert response.status_code == 404


async def test_admin_changes_login_email_and_conflicts_are_409(
    client: httpx.AsyncClient, world: World
) -> None:
    conflict = await client.put(
        f"/persons/{world.alice.id}",
        json={"LoginEMail": "Bob@example.com"},
        headers=world.auth("customer_admin"),
    )
    assert conflict.status_code == 409
    assert conflict.json()["Error"]["Code"] == "EMAIL_ALREADY_USED"
    changed = await client.put(
        f"/persons/{world.alice.id}",
        json={"LoginEMail": "Alice.New@example.com"},
        headers=world.auth("customer_admin"),
    )
    assert changed.status_code == 200
    assert changed.json()["Login"]["LoginEMail"] == "alice.new@example.com"
    assert (
        await login(client, world.event_a.id, "alice.new@example.com", DEFAULT_PASSWORD)
    ).json()["Reason"] == 7


async def test_admins_cannot_take_over_accounts_beyond_their_events(
    client: httpx.AsyncClient, world: World
) -> None:
    # Carol also attends another customer's event: only a master admin may change her login.
    for who in ("event_admin", "customer_admin"):
        response = await client.put(
            f"/persons/{world.carol.id}",
            json={"LoginEMail": "mine@example.com"},
            headers=world.auth(who),
        )
        assert response.status_code == 403
    # Profile fields stay open to them.
    profile = await client.put(
        f"/persons/{world.carol.id}",
        json={"FirstName": "Caroline"},
        headers=world.auth("event_admin"),
    )
    assert profile.status_code == 200
    by_master = await client.put(
        f"/persons/{world.carol.id}",
        json={"LoginEMail": "carol.new@example.com"},
        headers=world.auth("master"),
    )
    assert by_master.status_code == 200


async def test_disabling_revokes_every_token(
    client: httpx.AsyncClient, world: World, services: Services
) -> None:
    response = await client.put(
        f"/persons/{world.alice.id}", json={"IsDisabled": True}, headers=world.auth("event_admin")
    )
    assert response.status_code == 200
    assert response.json()["Login"]["IsDisabled"] is True
    refused = await client.get(f"/persons/{world.alice.id}", headers=world.auth("alice"))
    assert refused.status_code == 401
    assert refused.json()["Error"]["Code"] == "TOKEN_REVOKED"
    async with services.db.session() as session:
        count = await session.scalar(
            select(func.count())
            .select_from(AuthSession)
            .where(AuthSession.person_id == world.alice.id)
        )
        assert count == 0
    again = await login(client, world.event_a.id, "alice@example.com", DEFAULT_PASSWORD)
    assert again.json()["Reason"] == 2


async def test_delete_by_self_removes_account_and_tokens(
    client: httpx.AsyncClient, world: World, services: Services
) -> None:
    response = await client.delete(f"/persons/{world.alice.id}", headers=world.auth("alice"))
    assert response.status_code == 204
    after = await client.get(f"/persons/{world.alice.id}", headers=world.auth("alice"))
    assert after.status_code == 401
    async with services.db.session() as session:
        assert await session.get(Person, world.alice.id) is None
        assert await session.get(Attendee, (world.event_a.id, world.alice.id)) is None


@pytest.mark.parametrize(
    ("who", "target", "status"),
    [
        ("customer_admin", "alice", 204),
        ("master", "carol", 204),
        ("event_admin", "alice", 403),  # event admins may not remove accounts
        ("customer_admin", "carol", 403),  # carol also belongs to another customer's event
        ("customer_admin", "bob", 404),
        ("alice", "carol", 404),
    ],
)
async def test_who_may_delete_whom(
    client: httpx.AsyncClient, world: World, services: Services, who: str, target: str, status: int
) -> None:
    person: Person = getattr(world, target)
    response = await client.delete(f"/persons/{person.id}", headers=world.auth(who))
    assert response.status_code == status
    async with services.db.session() as session:
        assert (await session.get(Person, person.id) is None) is (status == 204)


async def test_admin_creates_a_person_with_a_password(
    client: httpx.AsyncClient, world: World, mailbox: Mailbox
) -> None:
    response = await client.post(
        "/persons",
        json={
            "FirstName": "Dora",
            "LastName": "Speaker",
            "LoginEMail": "dora@example.com",
            "Password": "dora's own passphrase",
            "EventID": world.event_a.id,
        },
        headers=world.auth("event_admin"),
    )
    assert response.status_code == 201, response.text
    dora = response.json()
    assert dora["Login"]["IsVerified"] is True
    assert mailbox.messages == []
    listed = await client.get(
        "/persons", params={"EventID": world.event_a.id}, headers=world.auth("event_admin")
    )
    assert dora["ID"] in [p["ID"] for p in listed.json()]
    answer = await login(client, world.event_a.id, "dora@example.com", "dora's own passphrase")
    assert answer.json()["Reason"] == 7


async def test_admin_created_person_without_password_gets_a_set_password_link(
    client: httpx.AsyncClient, world: World, mailbox: Mailbox
) -> None:
    response = await client.post(
        "/persons",
        json={
            "FirstName": "Emil",
            "LastName": "Guest",
            "EMail": "emil@example.com",
            "Language": "de",
            "EventID": world.event_a.id,
        },
        headers=world.auth("customer_admin"),
    )
    assert response.status_code == 201
    mail = only_mail_to(mailbox, "emil@example.com")
    assert str(mail["Subject"]) == "Ihr Konto für Test Event"
    assert "Passwort festlegen" in Mailbox.text(mail)
    query = link_query(mail)
    reset = await client.post(
        "/resetpassword",
        json={
            "LoginEMail": "emil@example.com",
            "Password": "emils new secret",
            "Token": query["token"],
        },
    )
    assert reset.json()["Reason"] == 9
    assert (await login(client, world.event_a.id, "emil@example.com", "emils new secret")).json()[
        "Reason"
    ] == 7


async def test_person_creation_is_checked(client: httpx.AsyncClient, world: World) -> None:
    base = {"FirstName": "F", "LastName": "L", "LoginEMail": "new.one@example.com"}
    taken = await client.post(
        "/persons", json=base | {"LoginEMail": "BOB@example.com"}, headers=world.auth("master")
    )
    assert taken.status_code == 409
    assert taken.json()["Error"]["Code"] == "EMAIL_ALREADY_USED"
    outside_scope = await client.post(
        "/persons", json=base | {"EventID": world.event_b.id}, headers=world.auth("event_admin")
    )
    assert outside_scope.status_code == 403
    no_event = await client.post("/persons", json=base, headers=world.auth("customer_admin"))
    assert no_event.status_code == 403
    weak = await client.post(
        "/persons", json=base | {"Password": "short"}, headers=world.auth("master")
    )
    assert weak.status_code == 422
    assert weak.json()["Error"]["Data"]["Rules"] == ["min_length"]
    attendee = await client.post("/persons", json=base, headers=world.auth("alice"))
    assert attendee.status_code == 403
    missing = await client.post("/persons", json={"FirstName": "F"}, headers=world.auth("master"))
    assert missing.status_code == 422
    assert missing.json()["Error"]["Data"]["Parameters"] == ["LastName", "LoginEMail"]


async def test_person_values_round_trip(client: httpx.AsyncClient, world: World) -> None:
    path = f"/persons/{world.alice.id}/values/Var_User_Lang"
    absent = await client.get(path, headers=world.auth("alice"))
    assert absent.status_code == 404
    assert absent.json()["Error"]["Code"] == "VALUE_NOT_FOUND"
    for value in ("de", {"nested": [1, 2, {"x": None}]}, 42, None, [True]):
        # Sent by hand: httpx would drop a `json=None` body instead of sending `null`.
        stored = await client.post(
            path,
            content=json.dumps(value).encode(),
            headers=world.auth("alice") | {"content-type": "application/json"},
        )
        assert stored.status_code == 200
        assert stored.json() == value
        assert (await client.get(path, headers=world.auth("alice"))).json() == value
    # A covering admin reads and writes too; another attendee cannot.
    assert (await client.get(path, headers=world.auth("customer_admin"))).status_code == 200
    assert (await client.get(path, headers=world.auth("carol"))).status_code == 404
    assert (await client.post(path, json=1, headers=world.auth("bob"))).status_code == 404
    assert (await client.get(path)).status_code == 401


async def test_person_value_input_is_checked(client: httpx.AsyncClient, world: World) -> None:
    base = f"/persons/{world.alice.id}/values"
    bad_key = await client.post(f"{base}/no spaces!", json=1, headers=world.auth("alice"))
    assert bad_key.status_code == 422
    long_key = await client.post(f"{base}/{'k' * 101}", json=1, headers=world.auth("alice"))
    assert long_key.status_code == 422
    empty = await client.post(f"{base}/Key", content=b"", headers=world.auth("alice"))
    assert empty.status_code == 422
    assert empty.json()["Error"]["Code"] == "MISSING_PARAMETER"
    not_json = await client.post(f"{base}/Key", content=b"{nope", headers=world.auth("alice"))
    assert not_json.status_code == 422
    huge = await client.post(f"{base}/Key", json="x" * 70_000, headers=world.auth("alice"))
    assert huge.status_code == 413
    assert (await client.get(f"{base}/Key", headers=world.auth("alice"))).status_code == 404
