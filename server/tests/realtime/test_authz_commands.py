"""Authorization of every realtime command: who gets which answer, on own and foreign objects.

The socket's counterpart of `tests/api/test_authz_matrix.py`. Callers connect to event A over a
live server: attendee A, an event admin of A, a customer admin of A's customer and a master
(admins name the event when asking for their ticket). An attendee of event B cannot connect to
A (its ticket is refused, first test); it connects to its own event B and is the fifth column,
so every row also shows that a connection reaches only its own event's rooms.

Each row sends one command about one object and states, per caller, the one frame the caller
gets back: the command's answer (the NOTIFY the caller hears), or its error frame with the error
code (CHAT_MESSAGE_READ has no error opcode of its own: ERROR naming opcode 15). `SILENT` means
nothing comes back. The objects: the broadcast rooms of A and B, attendee A's direct room with
P2, a direct and a group room of P2 and P3 (two other attendees of A), and messages in them;
messages a row changes are made per caller, so each caller meets them unchanged. For reactions,
sessions of A (running, running with reactions off, tomorrow's) and a running one of B; a tap's
answer is the event's next burst, which such a row (`tick`) has the server send at once. For
polls, an open, a draft and a closed poll of A and an open one of B; a ballot's answer is the
voter's POLL_BALLOT_NOTIFY. The tally that follows a ballot a quarter second later, to the whole
event, answers no command and is left out of what a caller gets (`UNASKED`).

`test_every_registered_command_has_rows` fails when an opcode registered with `@handles` has no
row, or no row where some caller is answered and one where some caller is refused.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from sqlalchemy import select

from tests.api.polls_support import make_poll
from tests.factories import bearer, grant_admin, make_customer, make_event, make_person, token_for
from tests.realtime import breakouts_commands as breakouts
from tests.realtime.live import LiveServer
from venuely.accounts.models import Person
from venuely.activities.models import Activity, EntityType
from venuely.admins.models import AdminType
from venuely.chat.messages import post_message
from venuely.chat.models import ChatMessage, Chatroom
from venuely.chat.service import create_direct_room, create_group_room, ensure_broadcast_room
from venuely.client import RealtimeSocket
from venuely.core.ids import new_id
from venuely.core.services import Services
from venuely.events.models import Event
from venuely.qna.models import Question, Status
from venuely.reactions.service import flush_now
from venuely.realtime.codec import Frame
from venuely.realtime.opcodes import Opcode

# `tests.realtime.live` builds the app, which registers every feature's handlers.
from venuely.realtime.registry import registered_opcodes

CONNECTED = ("att_a", "event_admin_a", "cust_admin_a", "master", "att_b")
ADMINS_A = ("event_admin_a", "cust_admin_a", "master")


@dataclass(frozen=True)
class Outcome:
    """The frame a caller gets back: `opcode` (None: none at all) and, for error frames, the
    error code."""

    opcode: Opcode | None
    code: str | None = None

    def __str__(self) -> str:
        if self.opcode is None:
            return "nothing"
        return self.opcode.name + (f" {self.code}" if self.code else "")


def answer(opcode: Opcode) -> Outcome:
    return Outcome(opcode)


def refused(opcode: Opcode, code: str) -> Outcome:
    return Outcome(opcode, code)


SILENT = Outcome(None)
Expected = tuple[Outcome, Outcome, Outcome, Outcome, Outcome]


@dataclass
class SocketWorld:
    ids: dict[str, str]
    events: dict[str, Event]  # "A", "B"
    callers: dict[str, Person]
    tokens: dict[str, str]

    def home(self, caller: str) -> str:
        """The broadcast room of the event the caller is connected to."""
        return self.ids["ROOM_B" if caller == "att_b" else "ROOM"]


Payload = Callable[[SocketWorld, str], dict[str, Any]]
# Sends a coalesced answer now instead of at the next tick (reactions' bursts).
Tick = Callable[[Services], Awaitable[None]]


@dataclass(frozen=True)
class CommandRow:
    opcode: Opcode
    target: str
    payload: Payload
    expected: Expected  # per CONNECTED
    tick: Tick | None = None

    def __str__(self) -> str:
        return f"{self.opcode.name} on {self.target}"


def _in_room(room: str, **fields: str) -> Payload:
    """A payload naming room `room` and further world ids (`{KEY}`) or literal values."""

    def payload(w: SocketWorld, caller: str) -> dict[str, Any]:
        filled = {k: w.ids[v[1:-1]] if v.startswith("{") else v for k, v in fields.items()}
        return {"ChatroomID": w.ids[room], **filled}

    return payload


def _own(key: str, **fields: str) -> Payload:
    """A payload about the caller's own message `key` in the room it is connected to."""

    def payload(w: SocketWorld, caller: str) -> dict[str, Any]:
        return {"ChatroomID": w.home(caller), "ID": w.ids[f"{key}:{caller}"], **fields}

    return payload


def _per_caller(room: str, key: str) -> Payload:
    """A payload about the message made for this caller, `key`, in room `room`."""

    def payload(w: SocketWorld, caller: str) -> dict[str, Any]:
        return {"ChatroomID": w.ids[room], "ID": w.ids[f"{key}:{caller}"]}

    return payload


def _create(event: str, **fields: Any) -> Payload:
    def payload(w: SocketWorld, caller: str) -> dict[str, Any]:
        body: dict[str, Any] = {"TmpID": f"tmp-{caller}", "EventID": w.ids[event]}
        for name, value in fields.items():
            if isinstance(value, list):
                body[name] = [w.ids[v] for v in value]
            else:
                body[name] = w.ids.get(value, value)
        return body

    return payload


def _in_a(own: Outcome, *, admins: Outcome | None = None, att_b: Outcome) -> Expected:
    """Attendee A gets `own`, A's admins `admins` (default: the same), attendee B `att_b`."""
    admin = own if admins is None else admins
    return (own, admin, admin, admin, att_b)


SEND, SEND_ERR = Opcode.CHAT_MESSAGE_SEND_NOTIFY, Opcode.CHAT_MESSAGE_SEND_ERROR
BURST, REACT_ERR = Opcode.REACTION_BURST_NOTIFY, Opcode.REACTION_ERROR
EDIT, EDIT_ERR = Opcode.CHAT_MESSAGE_EDIT_NOTIFY, Opcode.CHAT_MESSAGE_EDIT_ERROR
DELETE, DELETE_ERR = Opcode.CHAT_MESSAGE_DELETE_NOTIFY, Opcode.CHAT_MESSAGE_DELETE_ERROR
READ, READ_ERR = Opcode.CHAT_MESSAGE_READ_NOTIFY, Opcode.ERROR
BALLOT, VOTE_ERR = Opcode.POLL_BALLOT_NOTIFY, Opcode.POLL_VOTE_ERROR
UPVOTED, UPVOTE_ERR = Opcode.QUESTION_UPVOTE_NOTIFY, Opcode.QUESTION_UPVOTE_ERROR
# Frames a coalescer sends on its own tick to the whole event: they answer no one's command.
UNASKED = frozenset(
    {
        Opcode.POLL_RESULTS_NOTIFY,
        Opcode.QUESTION_VOTES_NOTIFY,
        Opcode.BREAKOUT_OCCUPANCY_NOTIFY,
    }
)
CREATE, CREATE_ERR = Opcode.CHATROOM_CREATE_NOTIFY, Opcode.CHATROOM_CREATE_ERROR
# Commands a taken request does not answer (tracker items): SILENT is their success; what they
# keep is checked by their own tests (test_analytics_socket.py).
SILENT_ON_SUCCESS = frozenset({Opcode.ANALYTICS_TRACK})


def _not_found(error: Opcode) -> Outcome:
    return refused(error, "CHATROOM_NOT_FOUND")


def _not_member(error: Opcode) -> Outcome:
    return refused(error, "NOT_A_MEMBER")


def _text(text: str) -> dict[str, str]:
    return {"Text": text}


def _vote(poll: str) -> Payload:
    def payload(w: SocketWorld, caller: str) -> dict[str, Any]:
        return {"PollID": w.ids[poll], "OptionIDs": ["a"], "TmpID": f"vote-{caller}"}

    return payload


def _poll_not_found() -> Outcome:
    return refused(VOTE_ERR, "POLL_NOT_FOUND")


def _upvote(session: str, question: str) -> Payload:
    def payload(w: SocketWorld, caller: str) -> dict[str, Any]:
        return {"SessionID": w.ids[session], "QuestionID": w.ids[question], "TmpID": caller}

    return payload


PRESENCE, JOIN_ERR = Opcode.BREAKOUT_PRESENCE_NOTIFY, Opcode.BREAKOUT_JOIN_ERROR


def _no_breakout(error: Opcode) -> Outcome:
    return refused(error, "BREAKOUT_ROOM_NOT_FOUND")


def _no_session() -> Outcome:
    return refused(UPVOTE_ERR, "ACTIVITY_NOT_FOUND")


def _track(items: int) -> Payload:
    # The frame names no event: the connection's own is the only one it can speak of.
    def payload(w: SocketWorld, caller: str) -> dict[str, Any]:
        return {"Events": [{"Kind": "ping", "Screen": "room", "Place": "lobby"}] * items}

    return payload


def _react(session: str) -> Payload:
    def payload(w: SocketWorld, caller: str) -> dict[str, Any]:
        return {"SessionID": w.ids[session], "Reaction": "applause"}

    return payload


def _reaction(target: str, session: str, expected: Expected) -> CommandRow:
    # The answer is the next burst to the event; the row sends it at once.
    return CommandRow(Opcode.REACTION_SEND, target, _react(session), expected, tick=flush_now)


_OFF_IN_A = _in_a(
    refused(REACT_ERR, "REACTIONS_OFF"), att_b=refused(REACT_ERR, "ACTIVITY_NOT_FOUND")
)


ROWS: list[CommandRow] = [
    # -- CHAT_MESSAGE_SEND -----------------------------------------------------------------------
    CommandRow(
        Opcode.CHAT_MESSAGE_SEND,
        "A's broadcast room",
        _in_room("ROOM", TmpID="t-room", Text="hello"),
        _in_a(answer(SEND), att_b=_not_found(SEND_ERR)),
    ),
    CommandRow(
        Opcode.CHAT_MESSAGE_SEND,
        "attendee A's direct room with P2",
        _in_room("DM_OWN", TmpID="t-own", Text="hi P2"),
        _in_a(answer(SEND), admins=_not_member(SEND_ERR), att_b=_not_found(SEND_ERR)),
    ),
    CommandRow(
        Opcode.CHAT_MESSAGE_SEND,
        "the direct room of P2 and P3",
        _in_room("DM", TmpID="t-dm", Text="let me in"),
        _in_a(_not_member(SEND_ERR), att_b=_not_found(SEND_ERR)),
    ),
    CommandRow(
        Opcode.CHAT_MESSAGE_SEND,
        "the group room of P2 and P3",
        _in_room("GROUP", TmpID="t-group", Text="let me in"),
        _in_a(_not_member(SEND_ERR), att_b=_not_found(SEND_ERR)),
    ),
    CommandRow(
        Opcode.CHAT_MESSAGE_SEND,
        "B's broadcast room",
        _in_room("ROOM_B", TmpID="t-b", Text="hello B"),
        _in_a(_not_found(SEND_ERR), att_b=answer(SEND)),
    ),
    # -- CHAT_MESSAGE_EDIT: only the author -----------------------------------------------------
    CommandRow(
        Opcode.CHAT_MESSAGE_EDIT,
        "the caller's own message in its broadcast room",
        _own("MSG_EDIT", **_text("edited")),
        _in_a(answer(EDIT), att_b=answer(EDIT)),
    ),
    CommandRow(
        Opcode.CHAT_MESSAGE_EDIT,
        "P2's message in A's broadcast room",
        _in_room("ROOM", ID="{MSG_OTHER}", Text="hijacked"),
        _in_a(refused(EDIT_ERR, "FORBIDDEN"), att_b=_not_found(EDIT_ERR)),
    ),
    CommandRow(
        Opcode.CHAT_MESSAGE_EDIT,
        "P2's message in the direct room of P2 and P3",
        _in_room("DM", ID="{MSG_DM}", Text="hijacked"),
        _in_a(
            _not_member(EDIT_ERR), admins=refused(EDIT_ERR, "FORBIDDEN"), att_b=_not_found(EDIT_ERR)
        ),
    ),
    CommandRow(
        Opcode.CHAT_MESSAGE_EDIT,
        "another attendee's message in B's broadcast room",
        _in_room("ROOM_B", ID="{MSG_B}", Text="hijacked"),
        _in_a(_not_found(EDIT_ERR), att_b=refused(EDIT_ERR, "FORBIDDEN")),
    ),
    # -- CHAT_MESSAGE_DELETE: the author, or a moderator (the event's admins) -------------------
    CommandRow(
        Opcode.CHAT_MESSAGE_DELETE,
        "the caller's own message in its broadcast room",
        _own("MSG_DEL"),
        _in_a(answer(DELETE), att_b=answer(DELETE)),
    ),
    CommandRow(
        Opcode.CHAT_MESSAGE_DELETE,
        "P2's message in A's broadcast room",
        _per_caller("ROOM", "MSG_MOD"),
        _in_a(
            refused(DELETE_ERR, "FORBIDDEN"), admins=answer(DELETE), att_b=_not_found(DELETE_ERR)
        ),
    ),
    # Admins moderate every room of their event without being members: the message is banned
    # (checked after the table) and the admin hears the notice on its own person channel.
    CommandRow(
        Opcode.CHAT_MESSAGE_DELETE,
        "P2's message in the direct room of P2 and P3",
        _per_caller("DM", "MSG_DM_DEL"),
        _in_a(_not_member(DELETE_ERR), admins=answer(DELETE), att_b=_not_found(DELETE_ERR)),
    ),
    CommandRow(
        Opcode.CHAT_MESSAGE_DELETE,
        "another attendee's message in B's broadcast room",
        _in_room("ROOM_B", ID="{MSG_B}"),
        _in_a(_not_found(DELETE_ERR), att_b=refused(DELETE_ERR, "FORBIDDEN")),
    ),
    # -- CHAT_MESSAGE_READ: one's own read status, in a room one is in -------------------------
    CommandRow(
        Opcode.CHAT_MESSAGE_READ,
        "A's broadcast room",
        _in_room("ROOM", LastReadChatMessageID="{MSG_OTHER}"),
        _in_a(answer(READ), att_b=_not_found(READ_ERR)),
    ),
    CommandRow(
        Opcode.CHAT_MESSAGE_READ,
        "the direct room of P2 and P3",
        _in_room("DM", LastReadChatMessageID="{MSG_DM}"),
        _in_a(_not_member(READ_ERR), att_b=_not_found(READ_ERR)),
    ),
    CommandRow(
        Opcode.CHAT_MESSAGE_READ,
        "the group room of P2 and P3",
        _in_room("GROUP", LastReadChatMessageID="{MSG_GROUP}"),
        _in_a(_not_member(READ_ERR), att_b=_not_found(READ_ERR)),
    ),
    CommandRow(
        Opcode.CHAT_MESSAGE_READ,
        "B's broadcast room",
        _in_room("ROOM_B", LastReadChatMessageID="{MSG_B}"),
        _in_a(_not_found(READ_ERR), att_b=answer(READ)),
    ),
    # -- CHATROOM_CREATE: in the connection's own event, with its admitted attendees ------------
    CommandRow(
        Opcode.CHATROOM_CREATE,
        "a direct room in A with P2",
        _create("A", InviteeID="P2"),
        _in_a(answer(CREATE), att_b=refused(CREATE_ERR, "FORBIDDEN")),
    ),
    CommandRow(
        Opcode.CHATROOM_CREATE,
        "a group room in A with P2 and P3",
        _create("A", Title="Trio", MemberIDs=["P2", "P3"]),
        _in_a(answer(CREATE), att_b=refused(CREATE_ERR, "FORBIDDEN")),
    ),
    CommandRow(
        Opcode.CHATROOM_CREATE,
        "a direct room in A with an attendee of B",
        _create("A", InviteeID="PB2"),
        _in_a(refused(CREATE_ERR, "PERSON_NOT_FOUND"), att_b=refused(CREATE_ERR, "FORBIDDEN")),
    ),
    CommandRow(
        Opcode.CHATROOM_CREATE,
        "a group room in A with an attendee of B",
        _create("A", Title="Mixed", MemberIDs=["P2", "PB2"]),
        _in_a(refused(CREATE_ERR, "PERSON_NOT_FOUND"), att_b=refused(CREATE_ERR, "FORBIDDEN")),
    ),
    CommandRow(
        Opcode.CHATROOM_CREATE,
        "a direct room in B",
        _create("B", InviteeID="PB2"),
        _in_a(refused(CREATE_ERR, "FORBIDDEN"), att_b=answer(CREATE)),
    ),
    # -- REACTION_SEND: a session of the connection's event, running, with reactions on --------
    _reaction(
        "A's running session",
        "LIVE_A",
        _in_a(answer(BURST), att_b=refused(REACT_ERR, "ACTIVITY_NOT_FOUND")),
    ),
    _reaction("A's running session with reactions off", "QUIET_A", _OFF_IN_A),
    _reaction("A's session that has not begun", "LATER_A", _OFF_IN_A),
    _reaction(
        "B's running session",
        "LIVE_B",
        _in_a(refused(REACT_ERR, "ACTIVITY_NOT_FOUND"), att_b=answer(BURST)),
    ),
    # -- ANALYTICS_TRACK: items about the connection's own event; kept silently -------------------
    CommandRow(
        Opcode.ANALYTICS_TRACK,
        "the connection's own event",
        _track(1),
        _in_a(SILENT, att_b=SILENT),
    ),
    CommandRow(
        Opcode.ANALYTICS_TRACK,
        "more items than a frame may carry",
        _track(21),
        _in_a(
            refused(Opcode.ERROR, "VALIDATION_ERROR"),
            att_b=refused(Opcode.ERROR, "VALIDATION_ERROR"),
        ),
    ),
    # -- POLL_VOTE: an open poll of the connection's event; attendees never see drafts ----------
    CommandRow(
        Opcode.POLL_VOTE,
        "A's open poll",
        _vote("POLL"),
        _in_a(answer(BALLOT), att_b=_poll_not_found()),
    ),
    CommandRow(
        Opcode.POLL_VOTE,
        "A's draft poll",
        _vote("POLL_DRAFT"),
        _in_a(
            _poll_not_found(), admins=refused(VOTE_ERR, "POLL_NOT_OPEN"), att_b=_poll_not_found()
        ),
    ),
    CommandRow(
        Opcode.POLL_VOTE,
        "A's closed poll",
        _vote("POLL_CLOSED"),
        _in_a(refused(VOTE_ERR, "POLL_NOT_OPEN"), att_b=_poll_not_found()),
    ),
    CommandRow(
        Opcode.POLL_VOTE,
        "B's open poll",
        _vote("POLL_B"),
        _in_a(_poll_not_found(), att_b=answer(BALLOT)),
    ),
    # -- QUESTION_UPVOTE: a published question of a session of the connection's event, Q&A on -
    CommandRow(
        Opcode.QUESTION_UPVOTE,
        "A's published question",
        _upvote("LIVE_A", "Q_A"),
        _in_a(answer(UPVOTED), att_b=_no_session()),
    ),
    CommandRow(
        Opcode.QUESTION_UPVOTE,
        "A's question awaiting approval",
        _upvote("LIVE_A", "Q_PENDING"),
        _in_a(refused(UPVOTE_ERR, "QUESTION_NOT_FOUND"), att_b=_no_session()),
    ),
    CommandRow(
        Opcode.QUESTION_UPVOTE,
        "A's published question where Q&A is off",
        _upvote("NO_QNA_A", "Q_OFF"),
        _in_a(refused(UPVOTE_ERR, "QNA_CLOSED"), att_b=_no_session()),
    ),
    CommandRow(
        Opcode.QUESTION_UPVOTE,
        "B's published question",
        _upvote("LIVE_B", "Q_B"),
        _in_a(_no_session(), att_b=answer(UPVOTED)),
    ),
    # -- BREAKOUT_JOIN: an open room of the connection's event with a seat left ---------------
    CommandRow(
        Opcode.BREAKOUT_JOIN,
        "A's open room",
        breakouts.join("BR_OPEN"),
        _in_a(answer(PRESENCE), att_b=_no_breakout(JOIN_ERR)),
    ),
    CommandRow(
        Opcode.BREAKOUT_JOIN,
        "A's closed room",
        breakouts.join("BR_CLOSED"),
        _in_a(refused(JOIN_ERR, "BREAKOUT_ROOM_CLOSED"), att_b=_no_breakout(JOIN_ERR)),
    ),
    CommandRow(
        Opcode.BREAKOUT_JOIN,
        "A's full room",
        breakouts.join("BR_FULL"),
        _in_a(refused(JOIN_ERR, "BREAKOUT_ROOM_FULL"), att_b=_no_breakout(JOIN_ERR)),
    ),
    CommandRow(
        Opcode.BREAKOUT_JOIN,
        "B's open room",
        breakouts.join("BR_B"),
        _in_a(_no_breakout(JOIN_ERR), att_b=answer(PRESENCE)),
    ),
    # -- BREAKOUT_LEAVE: one's own presence; a named room must be of the connection's event ----
    CommandRow(
        Opcode.BREAKOUT_LEAVE,
        "the room the caller is in",
        breakouts.leave(None),
        _in_a(answer(PRESENCE), att_b=answer(PRESENCE)),
    ),
    CommandRow(
        Opcode.BREAKOUT_LEAVE,
        "B's open room",
        breakouts.leave("BR_B"),
        _in_a(_no_breakout(Opcode.ERROR), att_b=answer(PRESENCE)),
    ),
]


async def _world(services: Services) -> SocketWorld:
    customer_a = await make_customer(services, "Customer A")
    customer_b = await make_customer(services, "Customer B")
    event_a = await make_event(services, customer_a)
    event_b = await make_event(services, customer_b)
    callers = {
        "att_a": await make_person(services, event=event_a),
        "att_b": await make_person(services, event=event_b),
        "event_admin_a": await make_person(services),
        "cust_admin_a": await make_person(services),
        "cust_admin_b": await make_person(services),
        "master": await make_person(services),
    }
    p2 = await make_person(services, event=event_a)
    p3 = await make_person(services, event=event_a)
    pb2 = await make_person(services, event=event_b)
    await grant_admin(
        services,
        callers["event_admin_a"],
        AdminType.EVENT,
        event_id=event_a.id,
        customer_id=customer_a.id,
    )
    await grant_admin(
        services, callers["cust_admin_a"], AdminType.CUSTOMER, customer_id=customer_a.id
    )
    await grant_admin(
        services, callers["cust_admin_b"], AdminType.CUSTOMER, customer_id=customer_b.id
    )
    await grant_admin(services, callers["master"], AdminType.MASTER)
    tokens = {
        "att_a": await token_for(services, callers["att_a"], event_a),
        "att_b": await token_for(services, callers["att_b"], event_b),
    }
    for name in (*ADMINS_A, "cust_admin_b"):
        tokens[name] = await token_for(services, callers[name])
    ids = {"A": event_a.id, "B": event_b.id, "P2": p2.id, "P3": p3.id, "PB2": pb2.id}
    world = SocketWorld(ids, {"A": event_a, "B": event_b}, callers, tokens)
    await _chat(services, world)
    await _sessions(services, world)
    await _polls(services, world)
    await _questions(services, world)
    await breakouts.breakout_rooms(services, world.ids, world.events)
    return world


async def _sessions(services: Services, world: SocketWorld) -> None:
    """Sessions for reactions: LIVE_A, QUIET_A (running, reactions off), LATER_A (tomorrow) in
    A; LIVE_B in B."""
    now = services.clock.now()
    async with services.db.session() as session:
        for key, event, begin, reactions in (
            ("LIVE_A", "A", now - timedelta(minutes=5), True),
            ("QUIET_A", "A", now - timedelta(minutes=5), False),
            ("LATER_A", "A", now + timedelta(days=1), True),
            ("LIVE_B", "B", now - timedelta(minutes=5), True),
        ):
            world.ids[key] = new_id()
            session.add(
                Activity(
                    id=world.ids[key],
                    event_id=world.ids[event],
                    entity_type=EntityType.SESSION.value,
                    internal_name=key.lower(),
                    date_begin=begin,
                    date_end=begin + timedelta(hours=1),
                    document={"InternalName": key.lower(), "ReactionsEnabled": reactions},
                    created_at=now,
                    updated_at=now,
                )
            )


async def _questions(services: Services, world: SocketWorld) -> None:
    """Questions asked by P2 (A) and PB2 (B): Q_A (published) and Q_PENDING in LIVE_A, Q_OFF
    (published) in NO_QNA_A, a running session whose Q&A is off, Q_B (published) in LIVE_B."""
    now = services.clock.now()
    async with services.db.session() as session:
        world.ids["NO_QNA_A"] = new_id()
        session.add(
            Activity(
                id=world.ids["NO_QNA_A"],
                event_id=world.ids["A"],
                entity_type=EntityType.SESSION.value,
                internal_name="no_qna_a",
                date_begin=now - timedelta(minutes=5),
                date_end=now + timedelta(hours=1),
                document={"InternalName": "no_qna_a", "QnaEnabled": False},
                created_at=now,
                updated_at=now,
            )
        )
        for key, event, activity, asker, status in (
            ("Q_A", "A", "LIVE_A", "P2", Status.VISIBLE),
            ("Q_PENDING", "A", "LIVE_A", "P2", Status.PENDING),
            ("Q_OFF", "A", "NO_QNA_A", "P2", Status.VISIBLE),
            ("Q_B", "B", "LIVE_B", "PB2", Status.VISIBLE),
        ):
            world.ids[key] = new_id()
            session.add(
                Question(
                    id=world.ids[key],
                    event_id=world.ids[event],
                    session_id=world.ids[activity],
                    person_id=world.ids[asker],
                    text=key,
                    anonymous=False,
                    status=status.value,
                    answered=False,
                    pinned=False,
                    votes=0,
                    created_at=now,
                    updated_at=now,
                )
            )


async def _polls(services: Services, world: SocketWorld) -> None:
    """POLL (open), POLL_DRAFT, POLL_CLOSED (closed an hour ago, long before the schedule job's
    first look) in A; POLL_B (open) in B."""
    closed_at = (services.clock.now() - timedelta(hours=1)).isoformat()
    for key, event, fields in (
        ("POLL", "A", {}),
        ("POLL_DRAFT", "A", {"IsActive": False}),
        ("POLL_CLOSED", "A", {"ClosesAt": closed_at}),
        ("POLL_B", "B", {}),
    ):
        world.ids[key] = (await make_poll(services, world.events[event], **fields)).id


async def _chat(services: Services, world: SocketWorld) -> None:
    ids, now = world.ids, services.clock.now()
    att_a, event_a = world.callers["att_a"].id, world.events["A"]
    async with services.db.session() as session:
        ids["ROOM"] = (await ensure_broadcast_room(session, event_a.id, now)).id
        ids["ROOM_B"] = (await ensure_broadcast_room(session, world.ids["B"], now)).id
        for key, inviter, invitee in (("DM_OWN", att_a, ids["P2"]), ("DM", ids["P2"], ids["P3"])):
            room, _ = await create_direct_room(
                session, services, event=event_a, inviter_id=inviter, invitee_id=invitee, tmp_id=key
            )
            ids[key] = room.ID
        group, _ = await create_group_room(
            session,
            services,
            event=event_a,
            creator_id=ids["P2"],
            title="Two of us",
            member_ids_in=[ids["P3"]],
            tmp_id="group",
        )
        ids["GROUP"] = group.ID
        messages = [
            ("MSG_OTHER", ids["ROOM"], ids["P2"]),
            ("MSG_DM", ids["DM"], ids["P2"]),
            ("MSG_GROUP", ids["GROUP"], ids["P3"]),
            ("MSG_B", ids["ROOM_B"], ids["PB2"]),
        ]
        for caller in CONNECTED:
            person = world.callers[caller].id
            messages += [
                (f"MSG_EDIT:{caller}", world.home(caller), person),
                (f"MSG_DEL:{caller}", world.home(caller), person),
                (f"MSG_MOD:{caller}", ids["ROOM"], ids["P2"]),
                (f"MSG_DM_DEL:{caller}", ids["DM"], ids["P2"]),
            ]
        for key, room_id, sender in messages:
            stored = await session.get(Chatroom, room_id)
            assert stored is not None
            outcome = await post_message(
                session, services, stored, sender_id=sender, tmp_id=key, text=key
            )
            ids[key] = outcome.message.ID


async def _connect(live: LiveServer, world: SocketWorld, caller: str) -> RealtimeSocket:
    event_id = world.ids["B"] if caller == "att_b" else world.ids["A"]
    async with live.client() as api:
        ticket = await api.ticket(world.tokens[caller], event_id)
        return await RealtimeSocket.open(api.socket_url(ticket), heartbeat_seconds=None)


async def _settle(socket: RealtimeSocket, mark: str) -> list[Frame]:
    """Every frame that reaches the socket before the answer to a PING sent now: a connection's
    frames are handled in order, so these are all the frames caused by what it sent before."""
    await socket.ping(mark)
    frames = []
    while (frame := await socket.recv()).opcode is not Opcode.PONG or frame.value != mark:
        if frame.opcode not in UNASKED:
            frames.append(frame)
    return frames


def _outcome(frame: Frame) -> Outcome:
    error = frame.value.get("Error") if isinstance(frame.value, dict) else None
    return Outcome(frame.opcode, error["Code"] if isinstance(error, dict) else None)


async def _ask(
    socket: RealtimeSocket, row: CommandRow, payload: dict[str, Any], services: Services
) -> list[Frame]:
    await _settle(socket, "before")  # frames other sockets' commands caused
    await socket.send_json(row.opcode, payload)
    if row.tick is None:
        return await _settle(socket, "after")
    handled = await _settle(socket, "handled")
    await row.tick(services)
    return handled + await _settle(socket, "after")


def _problem(row: CommandRow, expected: Outcome, frames: list[Frame]) -> str | None:
    got = [_outcome(f) for f in frames]
    wanted = [] if expected.opcode is None else [expected]
    if got != wanted:
        return f"expected {expected}, got {', '.join(map(str, got)) or 'nothing'}"
    if expected.opcode is Opcode.ERROR and frames[0].value["Error"]["Data"].get("Opcode") != int(
        row.opcode
    ):
        return f"the ERROR frame names another opcode: {frames[0].value}"
    return None


async def test_an_attendee_of_b_gets_no_ticket_for_a(live: LiveServer, services: Services) -> None:
    world = await _world(services)
    async with live.client() as api:
        for caller in ("att_b", "cust_admin_b"):
            refused_ticket = await api.http.post(
                "/amvproto/authenticate",
                params={"EventID": world.ids["A"]},
                headers=bearer(world.tokens[caller]),
            )
            assert refused_ticket.status_code == 403, caller
            assert refused_ticket.json()["Error"]["Code"] == "FORBIDDEN"


async def test_command_authorization(live: LiveServer, services: Services) -> None:
    world = await _world(services)
    sockets = {caller: await _connect(live, world, caller) for caller in CONNECTED}
    mismatches = []
    try:
        for row in ROWS:
            for caller, expected in zip(CONNECTED, row.expected, strict=True):
                frames = await _ask(sockets[caller], row, row.payload(world, caller), live.services)
                problem = _problem(row, expected, frames)
                if problem:
                    mismatches.append(f"{row} as {caller}: {problem}")
    finally:
        for socket in sockets.values():
            await socket.close()
    assert not mismatches, "unexpected answers:\n" + "\n".join(mismatches)
    # The admins' deletions in the direct room took effect.
    async with services.db.session() as session:
        banned = await session.scalars(
            select(ChatMessage.is_banned).where(
                ChatMessage.chatroom_id == world.ids["DM"],
                ChatMessage.id.in_([world.ids[f"MSG_DM_DEL:{a}"] for a in ADMINS_A]),
            )
        )
        assert banned.all() == [True] * len(ADMINS_A)


def test_every_registered_command_has_rows() -> None:
    """Every opcode with a handler has rows, among them one where a caller is answered and one
    where a caller is refused."""
    problems = []
    for opcode in sorted(registered_opcodes()):
        outcomes = [o for row in ROWS if row.opcode is opcode for o in row.expected]
        if not outcomes:
            problems.append(f"{opcode.name}: no row")
        elif not any(
            (o.opcode is not None or opcode in SILENT_ON_SUCCESS) and o.code is None
            for o in outcomes
        ):
            problems.append(f"{opcode.name}: no caller is ever answered")
        elif not any(o.code is not None for o in outcomes):
            problems.append(f"{opcode.name}: no caller is ever refused")
    assert not problems, "commands without enough rows:\n" + "\n".join(problems)
