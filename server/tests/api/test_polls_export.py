"""The organizers' ballot export (`GET .../polls/{PollID}/ballots.csv`)."""

from __future__ import annotations

import csv
import io
from datetime import timedelta

from tests.api.polls_support import Polls, iso, options, polls
from tests.factories import bearer, make_person, token_for
from venuely.core.clock import FrozenClock

__all__ = ["polls"]  # the fixture, used by name


def _rows(body: bytes) -> list[list[str]]:
    text = body.decode("utf-8")
    assert text.startswith("\ufeff")  # spreadsheet apps read UTF-8 by its BOM
    return list(csv.reader(io.StringIO(text[1:])))


async def test_the_export_lists_every_ballot(polls: Polls, clock: FrozenClock) -> None:
    poll = await polls.create(
        Multiple=True,
        AllowOther=True,
        Options=[{"ID": "a", "Text": "Pasta, with sauce"}, *options("b", "c")],
    )
    person = await make_person(
        polls.services, event=polls.world.event_a, first_name="Grace", last_name="Hopper"
    )
    polls.world.headers["grace"] = bearer(
        await token_for(polls.services, person, polls.world.event_a)
    )
    await polls.voted("grace", poll["ID"], ["c", "a"])
    first = clock.now()
    clock.advance(timedelta(minutes=2))
    # Free text a spreadsheet would run as a formula comes out defused.
    await polls.voted("attendee_a", poll["ID"], [], other="=HYPERLINK(1)")

    response = await polls.client.get(
        polls.url(poll["ID"], "/ballots.csv"), headers=polls.h("admin_a")
    )
    assert response.status_code == 200, response.text
    assert response.headers["content-type"] == "text/csv; charset=utf-8"
    assert response.headers["content-disposition"] == (
        f'attachment; filename="poll-{poll["ID"]}-ballots.csv"'
    )
    attendee = polls.world.attendee_a
    assert _rows(response.content) == [
        ["PersonID", "Name", "Email", "Choices", "Other", "UpdatedAt"],
        [person.id, "Grace Hopper", person.email, "Pasta, with sauce; Option C", "", iso(first)],
        [
            attendee.id,
            attendee.full_name,
            attendee.email,
            "",
            "'=HYPERLINK(1)",
            iso(clock.now()),
        ],
    ]


async def test_only_organizers_export(polls: Polls) -> None:
    poll = await polls.create()
    url = polls.url(poll["ID"], "/ballots.csv")
    for who, status in (("anonymous", 401), ("attendee_a", 403), ("attendee_b", 403)):
        assert (await polls.client.get(url, headers=polls.h(who))).status_code == status
    empty = await polls.client.get(url, headers=polls.h("admin_a"))
    assert _rows(empty.content) == [["PersonID", "Name", "Email", "Choices", "Other", "UpdatedAt"]]
