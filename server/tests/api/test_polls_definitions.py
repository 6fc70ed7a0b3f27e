"""Poll definitions (`/events/{EventID}/polls`): what organizers store, the computed state, who
sees which poll, opening and closing by hand, and the POLL_NOTIFY frame each change sends."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import func, select

from tests.api.activities_support import create, session_body
from tests.api.polls_support import Polls, iso, options, poll_body, polls
from venuely.core.clock import FrozenClock
from venuely.core.ids import new_id
from venuely.polls.models import PollBallot, PollBallotChoice
from venuely.realtime.opcodes import Opcode

__all__ = ["polls"]  # the fixture, used by name


async def test_create_answers_the_view_and_stores_an_activity(polls: Polls) -> None:
    created = await polls.create(
        Multiple=True, AllowOther=True, AllowChange=False, Results="closed", PanoNodeID="hall"
    )
    assert created == {
        "ID": created["ID"],
        "EventID": polls.event_id,
        "InternalName": "lunch",
        "Title": "Lunch",
        "Question": "What is for lunch?",
        "Options": options("a", "b", "c"),
        "Multiple": True,
        "AllowOther": True,
        "AllowChange": False,
        "Results": "closed",
        "State": "open",
        "OpensAt": None,
        "ClosesAt": None,
        "PanoNodeID": "hall",
        "SessionID": None,
        "IsActive": True,
        "ResultsVisible": False,
        "Tally": {
            "PollID": created["ID"],
            "EventID": polls.event_id,
            "Ballots": 0,
            "Counts": [{"OptionID": o, "Count": 0} for o in "abc"],
            "Other": 0,
            "AsOf": None,
        },
        "MyBallot": None,
        "CreatedAt": created["CreatedAt"],
        "UpdatedAt": created["UpdatedAt"],
    }
    # The definition is an activity like any other: the generic routes read the same document.
    generic = await polls.client.get(
        f"/events/{polls.event_id}/activities/{created['ID']}", headers=polls.h("attendee_a")
    )
    assert generic.json()["EntityType"] == "Poll"
    assert generic.json()["Question"] == "What is for lunch?"
    assert generic.json()["Results"] == "closed"


async def test_defaults_of_a_minimal_definition(polls: Polls) -> None:
    response = await polls.client.post(
        polls.url(), json={"InternalName": "later"}, headers=polls.h("admin_a")
    )
    assert response.status_code == 201, response.text
    view = response.json()
    assert (view["State"], view["IsActive"], view["Options"], view["Question"]) == (
        "draft",
        False,
        [],
        "",
    )
    assert (view["Multiple"], view["AllowOther"], view["AllowChange"], view["Results"]) == (
        False,
        False,
        True,
        "live",
    )


@pytest.mark.parametrize(
    ("fields", "name"),
    [
        ({"Options": options(*[f"o{i}" for i in range(21)])}, "Options"),
        ({"Options": [{"ID": "a", "Text": "A"}, {"ID": "a", "Text": "B"}]}, "unique IDs"),
        ({"Options": [{"ID": "a", "Text": "x" * 201}, {"ID": "b", "Text": "B"}]}, "Options.0.Text"),
        ({"Options": [{"ID": "", "Text": "A"}, {"ID": "b", "Text": "B"}]}, "Options.0.ID"),
        ({"Options": [{"ID": "a" * 65, "Text": "A"}, {"ID": "b", "Text": "B"}]}, "Options.0.ID"),
        ({"Options": [{"ID": "a", "Text": ""}, {"ID": "b", "Text": "B"}]}, "Options.0.Text"),
        ({"Question": "q" * 1001}, "Question"),
        ({"Results": "sometimes"}, "Results"),
        ({"Multiple": "maybe"}, "Multiple"),
        ({"OpensAt": "tomorrow"}, "OpensAt"),
        (
            {"OpensAt": "2030-01-01T10:00:00Z", "ClosesAt": "2030-01-01T09:00:00Z"},
            "ClosesAt must be after OpensAt",
        ),
        ({"SessionID": "not-an-id"}, "SessionID"),
    ],
)
async def test_invalid_definitions_are_refused_and_store_nothing(
    polls: Polls, fields: dict[str, Any], name: str
) -> None:
    response = await polls.client.post(
        polls.url(), json=poll_body(**fields), headers=polls.h("admin_a")
    )
    assert response.status_code == 422, response.text
    assert response.json()["Error"]["Code"] == "VALIDATION_ERROR"
    assert name in response.text
    listed = await polls.client.get(polls.url(), headers=polls.h("admin_a"))
    assert listed.json() == []
    assert polls.hub.published == []


async def test_a_session_binding_must_name_a_session_of_the_event(polls: Polls) -> None:
    world, client = polls.world, polls.client
    now = polls.services.clock.now()
    elsewhere = await create(client, world, "Session", session_body(now), event=world.event_b)
    speaker = await create(client, world, "Speaker", {"FullName": "Ada"})
    for wrong in (elsewhere["ID"], speaker["ID"], new_id()):
        response = await client.post(
            polls.url(), json=poll_body(SessionID=wrong), headers=polls.h("admin_a")
        )
        assert response.status_code == 404, response.text
        assert response.json()["Error"]["Code"] == "ACTIVITY_NOT_FOUND"
        assert response.json()["Error"]["Data"]["ActivityID"] == wrong
    assert (await client.get(polls.url(), headers=polls.h("admin_a"))).json() == []
    own = await create(client, world, "Session", session_body(now))
    bound = await polls.create(SessionID=own["ID"])
    assert bound["SessionID"] == own["ID"]
    # The generic activities route applies the same check.
    generic = await client.put(
        f"/events/{polls.event_id}/activities/{bound['ID']}",
        json=poll_body(SessionID=elsewhere["ID"]),
        headers=polls.h("admin_a"),
    )
    assert generic.status_code == 404


async def test_an_open_poll_needs_a_question_and_two_options(polls: Polls) -> None:
    for fields, problems in (
        ({"Question": " ", "Options": options("a", "b")}, ["Question"]),
        ({"Options": options("a")}, ["Options"]),
        ({"Question": "", "Options": []}, ["Question", "Options"]),
    ):
        response = await polls.client.post(
            polls.url(), json=poll_body(**fields), headers=polls.h("admin_a")
        )
        assert response.status_code == 409, response.text
        error = response.json()["Error"]
        assert error["Code"] == "POLL_INCOMPLETE"
        assert error["Data"] == {"PollID": None, "Problems": problems}
    draft = await polls.create(IsActive=False, Options=options("a"))
    opened = await polls.client.post(polls.url(draft["ID"], "/open"), headers=polls.h("admin_a"))
    assert opened.status_code == 409
    assert opened.json()["Error"]["Data"] == {"PollID": draft["ID"], "Problems": ["Options"]}
    edited = await polls.client.put(
        polls.url(draft["ID"]), json=poll_body(Options=options("a")), headers=polls.h("admin_a")
    )
    assert edited.status_code == 409
    assert (await polls.get(draft["ID"], "admin_a"))["State"] == "draft"


async def test_open_close_and_reopen_by_hand(polls: Polls, clock: FrozenClock) -> None:
    draft = await polls.create(IsActive=False)
    assert draft["State"] == "draft"
    poll_id = draft["ID"]
    path = polls.url(poll_id)
    opened = await polls.client.post(path + "/open", headers=polls.h("admin_a"))
    assert opened.status_code == 200, opened.text
    assert (opened.json()["State"], opened.json()["IsActive"]) == ("open", True)
    again = await polls.client.post(path + "/open", headers=polls.h("admin_a"))
    assert again.json()["UpdatedAt"] == opened.json()["UpdatedAt"]  # already open: no write

    clock.advance(timedelta(minutes=5))
    closed = await polls.client.post(path + "/close", headers=polls.h("admin_a"))
    assert closed.status_code == 200
    assert (closed.json()["State"], closed.json()["IsActive"]) == ("closed", False)
    assert closed.json()["ClosesAt"] == iso(clock.now())
    clock.advance(timedelta(minutes=1))
    still = await polls.client.post(path + "/close", headers=polls.h("admin_a"))
    assert still.json()["ClosesAt"] == closed.json()["ClosesAt"]

    reopened = await polls.client.post(path + "/open", headers=polls.h("admin_a"))
    assert (reopened.json()["State"], reopened.json()["ClosesAt"]) == ("open", None)
    # The stored columns agree with the document the generic route answers.
    generic = await polls.client.get(
        f"/events/{polls.event_id}/activities/{poll_id}", headers=polls.h("admin_a")
    )
    assert (generic.json()["IsActive"], generic.json()["ClosesAt"]) == (True, None)


async def test_closing_a_draft_is_refused(polls: Polls) -> None:
    draft = await polls.create(IsActive=False)
    response = await polls.client.post(polls.url(draft["ID"], "/close"), headers=polls.h("admin_a"))
    assert response.status_code == 409
    assert response.json()["Error"]["Code"] == "POLL_NOT_OPEN"
    assert response.json()["Error"]["Data"] == {"PollID": draft["ID"], "State": "draft"}


async def test_closing_a_poll_opened_before_its_time_drops_the_schedule(
    polls: Polls, clock: FrozenClock
) -> None:
    later = clock.now() + timedelta(hours=1)
    poll = await polls.create(IsActive=True, OpensAt=iso(later))
    closed = await polls.client.post(polls.url(poll["ID"], "/close"), headers=polls.h("admin_a"))
    assert closed.status_code == 200, closed.text
    assert (closed.json()["State"], closed.json()["OpensAt"]) == ("closed", None)
    clock.advance(timedelta(hours=2))
    assert (await polls.get(poll["ID"], "admin_a"))["State"] == "closed"


async def test_attendees_never_see_drafts(polls: Polls) -> None:
    draft = await polls.create(InternalName="draft", IsActive=False)
    shown = await polls.create(InternalName="shown")
    as_admin = await polls.client.get(polls.url(), headers=polls.h("admin_a"))
    assert [p["ID"] for p in as_admin.json()] == [draft["ID"], shown["ID"]]
    as_attendee = await polls.client.get(polls.url(), headers=polls.h("attendee_a"))
    assert [p["ID"] for p in as_attendee.json()] == [shown["ID"]]
    hidden = await polls.client.get(polls.url(draft["ID"]), headers=polls.h("attendee_a"))
    assert hidden.status_code == 404
    assert hidden.json()["Error"] == {
        "Code": "POLL_NOT_FOUND",
        "Message": f"Poll {draft['ID']} not found",
        "Data": {"PollID": draft["ID"]},
    }
    assert (await polls.get(draft["ID"], "admin_a"))["State"] == "draft"


async def test_unknown_foreign_and_other_activities_are_not_polls(polls: Polls) -> None:
    world, client = polls.world, polls.client
    foreign = await create(client, world, "Poll", poll_body(), event=world.event_b)
    session = await create(client, world, "Session", session_body(polls.services.clock.now()))
    for wrong in (foreign["ID"], session["ID"], new_id()):
        for who in ("attendee_a", "admin_a"):
            response = await client.get(polls.url(wrong), headers=polls.h(who))
            assert response.status_code == 404, (who, wrong)
            assert response.json()["Error"]["Code"] == "POLL_NOT_FOUND"
        for method, suffix in (("PUT", ""), ("DELETE", ""), ("POST", "/open"), ("POST", "/close")):
            response = await client.request(
                method, polls.url(wrong, suffix), json=poll_body(), headers=polls.h("admin_a")
            )
            assert response.status_code == 404, (method, suffix, response.text)
    malformed = await client.get(polls.url("nope"), headers=polls.h("admin_a"))
    assert malformed.status_code == 422
    foreign_view = await client.get(
        polls.url(foreign["ID"], event=world.event_b), headers=polls.h("attendee_a")
    )
    assert foreign_view.status_code == 403


async def test_update_replaces_the_definition(polls: Polls) -> None:
    poll = await polls.create()
    changed = poll_body(Question="Dinner?", Options=options("x", "y"), AllowOther=True)
    # A client may send back the view it read: identity fields must then match.
    response = await polls.client.put(
        polls.url(poll["ID"]), json={**changed, "ID": poll["ID"]}, headers=polls.h("admin_a")
    )
    assert response.status_code == 200, response.text
    assert response.json()["Question"] == "Dinner?"
    assert [o["ID"] for o in response.json()["Options"]] == ["x", "y"]
    wrong = await polls.client.put(
        polls.url(poll["ID"]), json={**changed, "ID": new_id()}, headers=polls.h("admin_a")
    )
    assert wrong.status_code == 422
    refused = await polls.client.put(
        polls.url(poll["ID"]), json=changed, headers=polls.h("attendee_a")
    )
    assert refused.status_code == 403


async def test_delete_removes_the_poll_and_its_ballots(polls: Polls) -> None:
    poll = await polls.create(AllowOther=True)
    await polls.voted("attendee_a", poll["ID"], ["a"])
    await polls.voted("admin_a", poll["ID"], [], other="soup")
    refused = await polls.client.delete(polls.url(poll["ID"]), headers=polls.h("attendee_a"))
    assert refused.status_code == 403
    gone = await polls.client.delete(polls.url(poll["ID"]), headers=polls.h("admin_a"))
    assert gone.status_code == 204
    assert (
        await polls.client.get(polls.url(poll["ID"]), headers=polls.h("admin_a"))
    ).status_code == 404
    async with polls.services.db.session() as session:
        for table in (PollBallot, PollBallotChoice):
            assert await session.scalar(select(func.count()).select_from(table)) == 0


async def test_the_legacy_is_active_flag_still_opens_and_reads(polls: Polls) -> None:
    """The spec's documents: `IsActive` alone opens a poll through the generic route, and the
    generic route's `activepolls` lists it."""
    created = await create(
        polls.client, polls.world, "Poll", {"Title": "Quick", "IsActive": True, "PanoNodeID": "n"}
    )
    view = await polls.get(created["ID"], "attendee_a")
    assert (view["State"], view["IsActive"]) == ("open", True)
    active = await polls.client.get(
        f"/events/{polls.event_id}/activities/activepolls",
        params={"Node": "n"},
        headers=polls.h("attendee_a"),
    )
    assert [p["ID"] for p in active.json()] == [created["ID"]]


# -- which polls show where --------------------------------------------------------------------


async def test_lists_and_activepolls_by_node_and_by_session(
    polls: Polls, clock: FrozenClock
) -> None:
    world, client = polls.world, polls.client
    now = clock.now()
    in_hall = await create(client, world, "Session", session_body(now, PanoNodeID="hall"))
    in_expo = await create(
        client, world, "Session", session_body(now, InternalName="expo", PanoNodeID="expo")
    )
    at_node = await polls.create(InternalName="at-node", PanoNodeID="hall")
    by_session = await polls.create(InternalName="by-session", SessionID=in_hall["ID"])
    elsewhere = await polls.create(InternalName="elsewhere", SessionID=in_expo["ID"])
    await polls.create(InternalName="draft", IsActive=False, PanoNodeID="hall")
    closed = await polls.create(InternalName="closed", PanoNodeID="hall")
    await client.post(polls.url(closed["ID"], "/close"), headers=polls.h("admin_a"))

    active = await client.get(
        f"/events/{polls.event_id}/activities/activepolls",
        params={"Node": "hall"},
        headers=polls.h("attendee_a"),
    )
    assert [p["ID"] for p in active.json()] == [at_node["ID"], by_session["ID"]]
    assert all(p["IsActive"] for p in active.json())
    expo = await client.get(
        f"/events/{polls.event_id}/activities/activepolls",
        params={"Node": "expo"},
        headers=polls.h("attendee_a"),
    )
    assert [p["ID"] for p in expo.json()] == [elsewhere["ID"]]

    listed = await client.get(polls.url(), params={"Node": "hall"}, headers=polls.h("attendee_a"))
    assert [p["ID"] for p in listed.json()] == [at_node["ID"], by_session["ID"], closed["ID"]]
    bound = await client.get(
        polls.url(), params={"SessionID": in_hall["ID"]}, headers=polls.h("attendee_a")
    )
    assert [p["ID"] for p in bound.json()] == [by_session["ID"]]
    # Where an attendee stands: the room's polls and those of the session playing there, even
    # one held elsewhere (the expo's session streamed in the hall).
    standing = await client.get(
        polls.url(),
        params={"Node": "hall", "SessionID": in_expo["ID"]},
        headers=polls.h("attendee_a"),
    )
    assert [p["ID"] for p in standing.json()] == [
        at_node["ID"],
        by_session["ID"],
        elsewhere["ID"],
        closed["ID"],
    ]

    # Moving the session moves its polls.
    moved = session_body(now, PanoNodeID="expo")
    response = await client.put(
        f"/events/{polls.event_id}/activities/{in_hall['ID']}",
        json=moved,
        headers=polls.h("admin_a"),
    )
    assert response.status_code == 200, response.text
    expo = await client.get(
        f"/events/{polls.event_id}/activities/activepolls",
        params={"Node": "expo"},
        headers=polls.h("attendee_a"),
    )
    assert [p["ID"] for p in expo.json()] == [by_session["ID"], elsewhere["ID"]]
    for bad in ({"Node": ""}, {"SessionID": "x"}):
        wrong = await client.get(polls.url(), params=bad, headers=polls.h("attendee_a"))
        assert wrong.status_code == 422


# -- POLL_NOTIFY -------------------------------------------------------------------------------


async def test_notify_goes_to_staff_for_drafts_and_to_the_event_once_shown(
    polls: Polls, clock: FrozenClock
) -> None:
    draft = await polls.create(IsActive=False)
    poll_id = draft["ID"]
    [notice] = polls.frames(Opcode.POLL_NOTIFY)
    assert polls.channels(Opcode.POLL_NOTIFY) == [polls.staff_channel]
    assert notice == {
        "ID": poll_id,
        "EventID": polls.event_id,
        "Question": "What is for lunch?",
        "Options": options("a", "b", "c"),
        "Multiple": False,
        "AllowOther": False,
        "AllowChange": True,
        "Results": "live",
        "State": "draft",
        "OpensAt": None,
        "ClosesAt": None,
        "PanoNodeID": "",
        "SessionID": None,
        "Deleted": False,
    }
    polls.hub.published.clear()

    await polls.client.post(polls.url(poll_id, "/open"), headers=polls.h("admin_a"))
    assert polls.channels(Opcode.POLL_NOTIFY) == [polls.event_channel]
    assert polls.frames(Opcode.POLL_NOTIFY)[0]["State"] == "open"
    polls.hub.published.clear()

    clock.advance(timedelta(minutes=1))
    await polls.client.post(polls.url(poll_id, "/close"), headers=polls.h("admin_a"))
    [closed] = polls.frames(Opcode.POLL_NOTIFY, polls.event_channel)
    assert (closed["State"], closed["ClosesAt"]) == ("closed", iso(clock.now()))
    polls.hub.published.clear()

    # Back to draft (opening cleared): attendees are told only that it is gone, then organizers
    # get the draft.
    await polls.client.put(
        polls.url(poll_id), json=poll_body(IsActive=False), headers=polls.h("admin_a")
    )
    assert polls.channels(Opcode.POLL_NOTIFY) == [polls.event_channel, polls.staff_channel]
    withdrawn, for_staff = polls.frames(Opcode.POLL_NOTIFY)
    assert (withdrawn["ID"], withdrawn["Deleted"], withdrawn["Question"], withdrawn["Options"]) == (
        poll_id,
        True,
        "",
        [],
    )
    assert (for_staff["State"], for_staff["Deleted"], for_staff["Question"]) == (
        "draft",
        False,
        "What is for lunch?",
    )
    polls.hub.published.clear()

    await polls.client.delete(polls.url(poll_id), headers=polls.h("admin_a"))
    [deleted] = polls.frames(Opcode.POLL_NOTIFY, polls.staff_channel)
    assert (deleted["ID"], deleted["Deleted"]) == (poll_id, True)
    assert polls.channels(Opcode.POLL_NOTIFY) == [polls.staff_channel]


async def test_deleting_a_shown_poll_tells_the_event(polls: Polls) -> None:
    poll = await polls.create()
    polls.hub.published.clear()
    await polls.client.delete(polls.url(poll["ID"]), headers=polls.h("admin_a"))
    [deleted] = polls.frames(Opcode.POLL_NOTIFY, polls.event_channel)
    assert (deleted["ID"], deleted["State"], deleted["Deleted"]) == (poll["ID"], "open", True)


async def test_generic_activity_writes_of_a_poll_publish_poll_notify(polls: Polls) -> None:
    base = f"/events/{polls.event_id}/activities"
    created = await create(polls.client, polls.world, "Poll", poll_body())
    assert polls.channels(Opcode.POLL_NOTIFY) == [polls.event_channel]
    polls.hub.published.clear()
    changed = await polls.client.put(
        f"{base}/{created['ID']}", json=poll_body(Question="Changed?"), headers=polls.h("admin_a")
    )
    assert changed.status_code == 200
    [notice] = polls.frames(Opcode.POLL_NOTIFY, polls.event_channel)
    assert notice["Question"] == "Changed?"
    # Polls are not sessions: no ACTIVITY_SYNC_NOTIFY for them.
    assert polls.frames(Opcode.ACTIVITY_SYNC_NOTIFY) == []
    polls.hub.published.clear()
    await polls.client.delete(f"{base}/{created['ID']}", headers=polls.h("admin_a"))
    [deleted] = polls.frames(Opcode.POLL_NOTIFY, polls.event_channel)
    assert deleted["Deleted"] is True


async def test_a_failing_hub_does_not_fail_the_write(polls: Polls) -> None:
    polls.hub.fail = True
    created = await polls.create()
    await polls.tick()
    polls.hub.fail = False
    assert (await polls.get(created["ID"], "attendee_a"))["State"] == "open"


async def test_the_view_shows_the_caller_ballot_only(polls: Polls) -> None:
    poll = await polls.create()
    await polls.attendee("other_a")
    await polls.voted("other_a", poll["ID"], ["b"])
    mine = await polls.get(poll["ID"], "attendee_a")
    assert mine["MyBallot"] is None
    await polls.voted("attendee_a", poll["ID"], ["a"])
    mine = await polls.get(poll["ID"], "attendee_a")
    assert mine["MyBallot"]["OptionIDs"] == ["a"]
    theirs = await polls.get(poll["ID"], "other_a")
    assert theirs["MyBallot"]["OptionIDs"] == ["b"]
