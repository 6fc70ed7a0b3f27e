"""The agents' side of the help desk: a ticket's states as the conversation goes (claim, answers,
the requester's replies, close, reopen), what agents who have not claimed may do (read, not
write), the queue's views, counts and order, and who is refused the agents' actions."""

from __future__ import annotations

from datetime import timedelta

from tests.api.helpdesk_support import Desk, desk
from tests.factories import grant_admin
from venuely.admins.models import AdminType
from venuely.core.clock import FrozenClock
from venuely.realtime.hub import person_channel

__all__ = ["desk"]


async def test_the_conversation_moves_the_ticket_through_its_states(
    desk: Desk, clock: FrozenClock
) -> None:
    ticket = await desk.open("ada")
    room = f"room:{ticket['ChatroomID']}"
    # An agent who has not claimed it reads the conversation but may not write into it.
    assert [m["Text"] for m in (await desk.messages(ticket, "sam")).json()] == [
        "I hear nothing at all"
    ]
    refused = await desk.say(ticket, "sam", "Let me help")
    assert refused.status_code == 404  # NOT_A_MEMBER, answered over REST as the room unknown
    assert await desk.stored_messages(ticket["ChatroomID"]) == 1
    # Claiming: sam holds it, joins its room (their sockets hear it), the ticket opens.
    clock.advance(timedelta(minutes=2))
    claimed = await desk.act(ticket, "claim", "sam")
    assert claimed.status_code == 200, claimed.text
    assert claimed.json()["State"] == "open"
    assert claimed.json()["Assignee"]["ID"] == desk.id("sam")
    assert (room, desk.id("sam"), True) in desk.hub.members
    # An agent's answer: waiting for the requester; the first one is the response time.
    clock.advance(timedelta(minutes=3))
    answer_at = clock.now()
    assert (await desk.say(ticket, "sam", "Click the speaker icon")).status_code == 201
    answered = await desk.ticket(ticket)
    assert (answered["State"], answered["LastMessageBy"], answered["MessageCount"]) == (
        "waiting",
        "agent",
        2,
    )
    assert answered["FirstResponseAt"] == answer_at.isoformat().replace("+00:00", "Z")
    # The requester replies: an agent owes an answer again; a second reply keeps it so.
    for text in ("Still nothing", "Now it works, sorry!"):
        clock.advance(timedelta(minutes=1))
        assert (await desk.say(ticket, "ada", text)).status_code == 201
        replied = await desk.ticket(ticket)
        assert (replied["State"], replied["LastMessageBy"]) == ("open", "requester")
    clock.advance(timedelta(minutes=1))
    assert (await desk.say(ticket, "sam", "Glad it works!")).status_code == 201
    later = await desk.ticket(ticket)
    assert later["State"] == "waiting"
    assert later["FirstResponseAt"] == answered["FirstResponseAt"]
    assert later["MessageCount"] == 5
    # Another agent may take it over; the first stays in the room and may still answer.
    taken = await desk.act(ticket, "claim", "olivia")
    assert taken.json()["Assignee"]["ID"] == desk.id("olivia")
    assert taken.json()["State"] == "waiting"
    assert (await desk.say(ticket, "sam", "Anything else?")).status_code == 201


async def test_closing_and_reopening(desk: Desk, clock: FrozenClock) -> None:
    ticket = await desk.open("ada")
    await desk.act(ticket, "claim", "sam")
    clock.advance(timedelta(minutes=5))
    closed = await desk.act(ticket, "close", "ada")
    assert closed.status_code == 200
    assert closed.json()["State"] == "closed"
    assert closed.json()["ClosedAt"] == clock.now().isoformat().replace("+00:00", "Z")
    told = len(desk.notices())
    # Closing again changes nothing and tells nobody.
    again = await desk.act(ticket, "close", "sam")
    assert again.json() == closed.json()
    assert len(desk.notices()) == told
    # Nobody writes into a closed conversation, over REST or otherwise; nothing is stored.
    for who in ("ada", "sam"):
        refused = await desk.say(ticket, who, "Hello?")
        assert refused.status_code == 409
        assert refused.json()["Error"]["Code"] == "HELPDESK_TICKET_CLOSED"
        assert refused.json()["Error"]["Data"]["TicketID"] == ticket["ID"]
    assert await desk.stored_messages(ticket["ChatroomID"]) == 1
    claim = await desk.act(ticket, "claim", "olivia")
    assert claim.status_code == 409
    assert claim.json()["Error"]["Code"] == "HELPDESK_TICKET_CLOSED"
    assert (await desk.ticket(ticket))["Assignee"]["ID"] == desk.id("sam")
    # Reopening: it had an assignee, so an agent owes an answer; counted; writable again.
    reopened = await desk.act(ticket, "reopen", "ada")
    assert (reopened.json()["State"], reopened.json()["ReopenCount"]) == ("open", 1)
    assert reopened.json()["ClosedAt"] is None
    same = await desk.act(ticket, "reopen", "sam")
    assert same.json() == reopened.json()
    assert (await desk.say(ticket, "ada", "One more thing")).status_code == 201


async def test_reopening_a_ticket_nobody_claimed_makes_it_new_again(desk: Desk) -> None:
    ticket = await desk.open("ada")
    assert (await desk.act(ticket, "close", "sam")).json()["State"] == "closed"
    reopened = await desk.act(ticket, "reopen", "olivia")
    assert (reopened.json()["State"], reopened.json()["Assignee"]) == ("new", None)


async def test_every_change_is_told_to_the_requester_and_the_agents(desk: Desk) -> None:
    ticket = await desk.open("ada")
    await desk.act(ticket, "claim", "sam")
    await desk.say(ticket, "sam", "On it")
    await desk.say(ticket, "ada", "Thanks")
    await desk.act(ticket, "close", "ada")
    await desk.act(ticket, "reopen", "sam")
    states = [
        p.payload["State"]
        for p in desk.notices(ticket["ID"])
        if p.channel == person_channel(desk.id("ada"))
    ]
    assert states == ["new", "open", "waiting", "open", "closed", "open"]
    agents = [p.payload for p in desk.notices(ticket["ID"]) if p.channel.startswith("helpdesk:")]
    assert [p["State"] for p in agents] == states
    assert {p.channel for p in desk.notices()} == {
        person_channel(desk.id("ada")),
        f"helpdesk:{desk.event.id}",
    }
    # The last notice is what the API answers now.
    assert agents[-1] == await desk.ticket(ticket)


async def test_agents_actions_are_refused_to_everyone_else(desk: Desk) -> None:
    ticket = await desk.open("ada")
    for who in ("ada", "bob"):
        for method, suffix in (("POST", f"/tickets/{ticket['ID']}/claim"), ("GET", "/queue")):
            response = await desk.call(method, suffix, who)
            assert response.status_code == 403, (who, suffix)
            assert response.json()["Error"]["Code"] == "HELPDESK_NOT_AGENT"
            assert response.json()["Error"]["Data"] == {"EventID": desk.event.id}
        for method, suffix in (
            ("GET", "/agents"),
            ("PUT", f"/agents/{desk.id('bob')}"),
            ("DELETE", f"/agents/{desk.id('sam')}"),
        ):
            assert (await desk.call(method, suffix, who)).status_code == 403, (who, suffix)
        assert (await desk.call("GET", "/me", who)).json() == {"IsAgent": False}
    for who in ("sam", "olivia"):
        assert (await desk.call("GET", "/me", who)).json() == {"IsAgent": True}
    # Named agents do not name agents.
    assert (await desk.call("GET", "/agents", "sam")).status_code == 403
    current = await desk.ticket(ticket)
    assert (current["State"], current["Assignee"]) == ("new", None)
    assert [name for name, *_ in await _agents(desk)] == [desk.id("sam")]


async def _agents(desk: Desk) -> list[tuple[str, str, str]]:
    listed = await desk.call("GET", "/agents", "olivia")
    assert listed.status_code == 200, listed.text
    return [(a["PersonID"], a["Name"], a["Email"]) for a in listed.json()]


async def test_naming_and_removing_agents(desk: Desk) -> None:
    named = await desk.call("PUT", f"/agents/{desk.id('bob')}", "olivia")
    assert named.status_code == 200
    bob = desk.persons["bob"]
    assert named.json() == {
        "PersonID": bob.id,
        "Name": "Bob Lovelace",
        "Email": bob.login_email,
        "Picture": "",
    }
    assert (f"helpdesk:{desk.event.id}", bob.id, True) in desk.hub.members
    again = await desk.call("PUT", f"/agents/{bob.id}", "olivia")
    assert again.json() == named.json()
    assert sorted(await _agents(desk)) == sorted(
        [
            (bob.id, "Bob Lovelace", bob.login_email),
            (desk.id("sam"), "Sam Lovelace", desk.persons["sam"].login_email),
        ]
    )
    # Only attendees of the event: not another event's, not an organizer, not nobody.
    for person_id in (desk.id("eve"), desk.id("olivia"), "0" * 23 + "1"):
        refused = await desk.call("PUT", f"/agents/{person_id}", "olivia")
        assert refused.status_code == 404, person_id
        assert refused.json()["Error"]["Code"] == "PERSON_NOT_FOUND"
        assert refused.json()["Error"]["Data"] == {"PersonID": person_id}
    assert len(await _agents(desk)) == 2
    # Removing: idempotent; removing someone who is none changes nothing.
    for _ in range(2):
        assert (await desk.call("DELETE", f"/agents/{bob.id}", "olivia")).status_code == 204
    assert (await desk.call("DELETE", f"/agents/{desk.id('ada')}", "olivia")).status_code == 204
    assert [a[0] for a in await _agents(desk)] == [desk.id("sam")]
    assert (f"helpdesk:{desk.event.id}", bob.id, False) in desk.hub.members
    # Nor may one remove persons outside the event: the answer would tell about them.
    for person_id in (desk.id("eve"), desk.id("olivia")):
        outside = await desk.call("DELETE", f"/agents/{person_id}", "olivia")
        assert outside.status_code == 404
        assert outside.json()["Error"]["Code"] == "PERSON_NOT_FOUND"
    # An attendee who is also an admin stays an agent by their rights when un-named: their
    # sockets keep listening.
    ned = await desk.attendee("ned")
    await grant_admin(
        desk.services,
        ned,
        AdminType.EVENT,
        event_id=desk.event.id,
        customer_id=desk.event.customer_id,
    )
    assert (await desk.call("PUT", f"/agents/{ned.id}", "olivia")).status_code == 200
    desk.hub.members.clear()
    assert (await desk.call("DELETE", f"/agents/{ned.id}", "olivia")).status_code == 204
    assert desk.hub.members == []
    assert [a[0] for a in await _agents(desk)] == [desk.id("sam")]


async def test_a_removed_agent_leaves_the_conversations_they_claimed(desk: Desk) -> None:
    ticket = await desk.open("ada")
    own = await desk.open("sam", topic="My own question")
    await desk.act(ticket, "claim", "sam")
    await desk.say(ticket, "sam", "On it")
    assert (await desk.call("DELETE", f"/agents/{desk.id('sam')}", "olivia")).status_code == 204
    assert (f"room:{ticket['ChatroomID']}", desk.id("sam"), False) in desk.hub.members
    assert (await desk.call("GET", "/me", "sam")).json() == {"IsAgent": False}
    for response in (await desk.messages(ticket, "sam"), await desk.say(ticket, "sam")):
        assert response.status_code == 404
    assert (await desk.act(ticket, "claim", "sam")).status_code == 403
    assert (await desk.call("GET", f"/tickets/{ticket['ID']}", "sam")).status_code == 404
    # Their own question stays theirs.
    assert (await desk.say(own, "sam", "Still there?")).status_code == 201
    # The ticket keeps its assignee until another agent takes it over.
    assert (await desk.ticket(ticket))["Assignee"]["ID"] == desk.id("sam")
    assert (await desk.act(ticket, "claim", "olivia")).json()["Assignee"]["ID"] == desk.id("olivia")


async def test_the_queue_views_counts_and_order(desk: Desk, clock: FrozenClock) -> None:
    tickets = []
    for n, who in enumerate(("ada", "bob", "ada", "bob", "ada")):
        tickets.append(await desk.open(who, topic=f"Question {n}"))
        clock.advance(timedelta(minutes=1))
    t0, t1, t2, t3, t4 = tickets
    await desk.act(t1, "claim", "sam")  # open, sam's
    await desk.act(t2, "claim", "sam")
    clock.advance(timedelta(minutes=1))
    await desk.say(t2, "sam", "Answered")  # waiting, sam's
    await desk.act(t3, "claim", "olivia")  # open, olivia's
    await desk.act(t0, "close", "olivia")  # closed
    # t4 stays new.

    async def view(name: str, who: str = "sam", limit: int = 100) -> list[str]:
        response = await desk.call("GET", "/queue", who, params={"View": name, "Limit": limit})
        assert response.status_code == 200, response.text
        return [t["ID"] for t in response.json()["Tickets"]]

    assert await view("new") == [t4["ID"]]
    assert await view("open") == [t1["ID"], t3["ID"]]  # longest waiting first
    assert await view("waiting") == [t2["ID"]]
    assert await view("closed") == [t0["ID"]]
    assert await view("mine") == [t2["ID"], t1["ID"]]  # latest activity first
    assert await view("mine", "olivia") == [t3["ID"]]
    assert await view("open", limit=1) == [t1["ID"]]
    default = await desk.call("GET", "/queue", "sam")
    assert [t["ID"] for t in default.json()["Tickets"]] == [t4["ID"]]  # View=new
    assert default.json()["Counts"] == {"New": 1, "Mine": 2, "Open": 2, "Waiting": 1, "Closed": 1}
    for params in ({"View": "everything"}, {"Limit": 0}, {"Limit": 501}, {"Limit": "many"}):
        bad = await desk.call("GET", "/queue", "sam", params=params)
        assert bad.status_code == 422, params
        assert bad.json()["Error"]["Code"] == "VALIDATION_ERROR"
