"""Wall of Fame projects through their routes: submitting (pending, or approved for organizers
and events without review), the §5 texts, the per-person limit, the author's edit sending a
project back to the queue, another person's project, removing."""

from __future__ import annotations

import asyncio

from tests.api.walloffame_support import PROJECT, Wall, wall
from venuely.realtime.hub import person_channel, staff_channel
from venuely.vfiles.models import VFile
from venuely.vtables.models import VTableRow
from venuely.walloffame.models import MAX_PROJECTS

__all__ = ["wall"]


async def test_an_attendees_project_waits_for_review(wall: Wall) -> None:
    project = await wall.submit("ada")
    assert project["State"] == "pending"
    assert project["Featured"] is False
    assert project["Reason"] == ""
    assert project["ReviewedAt"] is None
    assert project["SubmittedAt"] == project["CreatedAt"]
    assert (project["AuthorID"], project["AuthorName"]) == (wall.id("ada"), "Ada Lovelace")
    assert project["EventID"] == wall.event.id
    assert {k: project[k] for k in PROJECT} == PROJECT
    assert project["Pictures"] == []
    # The organizers' queue and the author hear of it; nobody else.
    notices = wall.notices(project["ID"])
    assert [n.payload for n in notices[1:]] == [notices[0].payload]  # one per channel
    assert notices[0].payload == {
        "EventID": wall.event.id,
        "ProjectID": project["ID"],
        "State": "pending",
        "Featured": False,
        "AuthorID": wall.id("ada"),
        "Deleted": False,
    }
    channels = [p.channel for p in notices]
    assert sorted(channels) == sorted(
        [staff_channel(wall.event.id), person_channel(wall.id("ada"))]
    )


async def test_organizers_projects_and_events_without_review_go_straight_up(wall: Wall) -> None:
    by_organizer = await wall.submit("olivia")
    assert by_organizer["State"] == "approved"
    off = await wall.call("PUT", "/settings", "olivia", json={"ReviewRequired": False})
    assert off.json() == {"ReviewRequired": False}
    assert (await wall.call("GET", "/settings", "bob")).json() == {"ReviewRequired": False}
    unreviewed = await wall.submit("ada")
    assert unreviewed["State"] == "approved"
    assert unreviewed["ReviewedAt"] is None  # approved by the rule, not by a person
    assert set(await wall.listed("bob")) == {by_organizer["ID"], unreviewed["ID"]}


async def test_the_forms_texts_and_nothing_stored(wall: Wall) -> None:
    rows = await wall.count(VTableRow)
    empty = await wall.call("POST", "/projects", "ada", json={"Link": "not a link"})
    assert empty.status_code == 422
    assert empty.json()["Error"]["Code"] == "VALIDATION_ERROR"
    assert empty.json()["Error"]["Data"]["Problems"] == [
        {"Name": "Title", "Message": "Enter title"},
        {"Name": "Category", "Message": "Select category"},
        {"Name": "Description", "Message": "Enter description"},
        {"Name": "Link", "Message": "Provide a valid link"},
    ]
    for link in ("javascript:alert(1)", "ftp://example.org/x", "https://", "data:text/html,x"):
        bad = await wall.call("POST", "/projects", "ada", json={**PROJECT, "Link": link})
        assert bad.status_code == 422, link
        assert bad.json()["Error"]["Data"]["Problems"] == [
            {"Name": "Link", "Message": "Provide a valid link"}
        ], link
    for name, value in (("Title", "x" * 201), ("Category", "Knitting"), ("Description", " ")):
        bad = await wall.call("POST", "/projects", "ada", json={**PROJECT, name: value})
        assert bad.status_code == 422, name
        assert [p["Name"] for p in bad.json()["Error"]["Data"]["Problems"]] == [name]
    unknown = await wall.call("POST", "/projects", "ada", json={**PROJECT, "State": "approved"})
    assert unknown.status_code == 422
    assert await wall.count(VTableRow) == rows
    assert wall.notices() == []
    no_link = await wall.call("POST", "/projects", "ada", json={**PROJECT, "Link": ""})
    assert no_link.status_code == 201


async def test_at_most_ten_projects_per_person(wall: Wall) -> None:
    for n in range(MAX_PROJECTS):
        await wall.submit("ada", Title=f"Project {n}")
    refused = await wall.call("POST", "/projects", "ada", json=PROJECT)
    assert refused.status_code == 409
    assert refused.json()["Error"]["Code"] == "WALLOFFAME_TOO_MANY_PROJECTS"
    assert refused.json()["Error"]["Data"] == {"MaxProjects": MAX_PROJECTS}
    assert len(await wall.listed("ada", Mine="true")) == MAX_PROJECTS
    # Another attendee and the organizers are not held to ada's count.
    await wall.submit("bob")
    await wall.submit("olivia")
    # Removing one makes room again.
    first = (await wall.listed("ada", Mine="true"))[0]
    assert (await wall.call("DELETE", f"/projects/{first}", "ada")).status_code == 204
    await wall.submit("ada")


async def test_the_limit_holds_for_submissions_at_the_same_moment(wall: Wall) -> None:
    for n in range(MAX_PROJECTS - 1):
        await wall.submit("ada", Title=f"Project {n}")
    answers = await asyncio.gather(
        *(wall.call("POST", "/projects", "ada", json=PROJECT) for _ in range(4))
    )
    assert sorted(a.status_code for a in answers) == [201, 409, 409, 409]
    assert len(await wall.listed("ada", Mine="true")) == MAX_PROJECTS


async def test_the_authors_edit_sends_a_project_back_to_the_queue(wall: Wall) -> None:
    project = await wall.approved("ada")
    featured = await wall.act(project, "featured", json={"Featured": True})
    assert featured.json()["Featured"] is True
    wall.hub.published.clear()
    edited = await wall.call(
        "PUT", f"/projects/{project['ID']}", "ada", json={**PROJECT, "Title": "Solar kiosk 2"}
    )
    assert edited.status_code == 200, edited.text
    body = edited.json()
    assert (body["Title"], body["State"], body["Featured"]) == ("Solar kiosk 2", "pending", False)
    assert body["ReviewedAt"] is None
    assert {n.payload["State"] for n in wall.notices()} == {"pending"}
    assert project["ID"] not in await wall.listed("bob")
    # Saving the same fields again is no change: nothing to tell.
    wall.hub.published.clear()
    again = await wall.call("PUT", f"/projects/{project['ID']}", "ada", json=body | {"ID": None})
    assert again.status_code == 422  # read-back fields are not part of the form
    same = {k: body[k] for k in PROJECT}
    assert (
        await wall.call("PUT", f"/projects/{project['ID']}", "ada", json=same)
    ).status_code == 200
    assert wall.notices() == []


async def test_a_rejected_project_edited_waits_again_and_loses_its_reason(wall: Wall) -> None:
    project = await wall.submit("ada")
    rejected = await wall.act(project, "reject", json={"Reason": "Add a picture of the kiosk"})
    assert rejected.json()["Reason"] == "Add a picture of the kiosk"
    edited = await wall.call(
        "PUT", f"/projects/{project['ID']}", "ada", json={**PROJECT, "Description": "Now better."}
    )
    assert (edited.json()["State"], edited.json()["Reason"]) == ("pending", "")


async def test_edits_that_keep_the_state(wall: Wall) -> None:
    # An organizer's edit of an approved project keeps it up.
    project = await wall.approved("ada")
    by_admin = await wall.call(
        "PUT", f"/projects/{project['ID']}", "olivia", json={**PROJECT, "Title": "Fixed typo"}
    )
    assert (by_admin.json()["Title"], by_admin.json()["State"]) == ("Fixed typo", "approved")
    # Without review, the author's edit of an approved project keeps it up too.
    await wall.call("PUT", "/settings", "olivia", json={"ReviewRequired": False})
    by_author = await wall.call(
        "PUT", f"/projects/{project['ID']}", "ada", json={**PROJECT, "Title": "Mine again"}
    )
    assert by_author.json()["State"] == "approved"


async def test_another_persons_project(wall: Wall) -> None:
    pending = await wall.submit("ada")
    edit = {**PROJECT, "Title": "Hijacked"}
    for method, body in (("GET", None), ("PUT", edit), ("DELETE", None)):
        answer = await wall.call(method, f"/projects/{pending['ID']}", "bob", json=body)
        assert answer.status_code == 404, method
        assert answer.json()["Error"]["Code"] == "WALLOFFAME_PROJECT_NOT_FOUND"
        assert answer.json()["Error"]["Data"] == {"ProjectID": pending["ID"]}
    # Seen, once approved, but still not bob's to change.
    await wall.act(pending, "approve")
    assert (await wall.get(pending, "bob")).status_code == 200
    for method, body in (("PUT", edit), ("DELETE", None)):
        answer = await wall.call(method, f"/projects/{pending['ID']}", "bob", json=body)
        assert answer.status_code == 403, method
    # Another event's organizer and attendee do not reach this event at all.
    for who in ("eve", "oscar"):
        assert (await wall.get(pending, who)).status_code == 403
    # Through the other event's path, the project does not exist.
    elsewhere = await wall.call(
        "GET", f"/projects/{pending['ID']}", "oscar", event=wall.other_event
    )
    assert elsewhere.status_code == 404
    assert (await wall.get(pending, "ada")).json()["Title"] == "Solar kiosk"


async def test_removing_a_project_takes_its_pictures(wall: Wall) -> None:
    project = await wall.submit("ada")
    assert (await wall.upload(project)).status_code == 201
    assert await wall.count(VFile) == 1
    wall.hub.published.clear()
    assert (await wall.call("DELETE", f"/projects/{project['ID']}", "ada")).status_code == 204
    assert await wall.count(VFile) == 0
    assert (await wall.get(project, "ada")).status_code == 404
    assert {n.payload["Deleted"] for n in wall.notices()} == {True}
    # An organizer removes anyone's.
    other = await wall.submit("bob")
    assert (await wall.call("DELETE", f"/projects/{other['ID']}", "olivia")).status_code == 204


async def test_malformed_ids_and_filters_are_refused(wall: Wall) -> None:
    assert (await wall.call("GET", "/projects/not-an-id", "ada")).status_code == 422
    assert (await wall.call("GET", "/projects", "ada", params={"State": "lost"})).status_code == 422
    unknown = await wall.call("GET", f"/projects/{'0' * 24}", "olivia")
    assert unknown.json()["Error"]["Code"] == "WALLOFFAME_PROJECT_NOT_FOUND"
