"""Permission-checked loaders for chat, shared by REST routes and socket handlers.

Both wires first pass `accounts.permissions.check_event_member` (REST through the `EventMember`
policy, the socket on every command) and then come here, so they cannot disagree about who may
read, write or moderate a room.

Rules:
- The broadcast room admits every member of its event (attendees and the event's admins).
- A direct or group room admits the persons related to it as `ChatroomAttendee`.
- Admins of the event holding the `moderation` role (admins/roles.py) may open every room of it
  (moderation needs that), without being members.
- A kind another feature owns may let more people read without being members (`kinds.py`: the
  help desk's agents read every support room of their event).
- Moderators: `Moderator` or `ChatroomAdmin` relations with the room as parent, `Moderator`
  relations with the event as parent (moderating all its rooms), and the event's admins holding
  `moderation`.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Select, exists, or_, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.sql.expression import Exists

from venuely.accounts.models import Person
from venuely.accounts.permissions import EventAccess
from venuely.accounts.whitelist import is_email_allowed
from venuely.admins.roles import Role
from venuely.chat.errors import forbidden, message_not_found, not_a_member, room_not_found
from venuely.chat.kinds import check_chat_may_manage, rules_of
from venuely.chat.models import ChatMessage, Chatroom, ChatroomKind
from venuely.core.errors import ApiError, ErrorCode
from venuely.events.models import Attendee, Event
from venuely.relations.models import Relation, RelationType
from venuely.relations.references import register_reference
from venuely.relations.visibility import register_private_context

ROOM_PARENT = "Chatroom"
EVENT_PARENT = "Event"
PERSON_CHILD = "Person"


@dataclass(slots=True)
class RoomAccess:
    access: EventAccess
    room: Chatroom
    # False for an event admin looking into a room they are not part of, or for a reader a room
    # kind's rules admit (kinds.py).
    is_member: bool

    @property
    def person_id(self) -> str:
        return self.access.principal.person_id

    @property
    def is_broadcast(self) -> bool:
        return self.room.kind == ChatroomKind.BROADCAST


async def load_room(session: AsyncSession, event_id: str, room_id: str) -> Chatroom:
    room = await session.scalar(
        select(Chatroom).where(Chatroom.id == room_id, Chatroom.event_id == event_id)
    )
    if room is None:
        raise room_not_found(room_id)
    return room


def _relation(room: Chatroom, person_id: str, *types: RelationType) -> Exists:
    return exists().where(
        Relation.event_id == room.event_id,
        Relation.parent_type == ROOM_PARENT,
        Relation.parent_id == room.id,
        Relation.relation_type.in_([t.value for t in types]),
        Relation.child_type == PERSON_CHILD,
        Relation.child_id == person_id,
    )


def rooms_hidden_from(event_id: str, person_id: str) -> Select[str]:
    """The direct and group rooms of the event `person_id` is not a member of: relations naming
    them are not theirs to read (relations/visibility.py)."""
    member_of = select(Relation.parent_id).where(
        Relation.event_id == event_id,
        Relation.parent_type == ROOM_PARENT,
        Relation.relation_type == RelationType.CHATROOM_ATTENDEE.value,
        Relation.child_type == PERSON_CHILD,
        Relation.child_id == person_id,
    )
    return select(Chatroom.id).where(
        Chatroom.event_id == event_id,
        Chatroom.kind != ChatroomKind.BROADCAST.value,
        Chatroom.id.not_in(member_of),
    )


register_private_context(ROOM_PARENT, rooms_hidden_from)


async def _is_room_of_event(session: AsyncSession, event_id: str, room_id: str) -> bool:
    """A relation written through the relation routes may name a room of the event, but not one
    another feature owns: its members and wiring are that feature's (CONFLICT)."""
    room = await session.scalar(
        select(Chatroom).where(Chatroom.id == room_id, Chatroom.event_id == event_id)
    )
    if room is None:
        return False
    check_chat_may_manage(room)
    return True


register_reference(ROOM_PARENT, _is_room_of_event)


async def is_room_member(session: AsyncSession, room: Chatroom, person_id: str) -> bool:
    """Membership of any person (not only the caller): the broadcast room by attendance."""
    if room.kind == ChatroomKind.BROADCAST:
        found = await session.get(Attendee, (room.event_id, person_id))
        return found is not None
    return bool(
        await session.scalar(select(_relation(room, person_id, RelationType.CHATROOM_ATTENDEE)))
    )


async def access_room(session: AsyncSession, access: EventAccess, room_id: str) -> RoomAccess:
    room = await load_room(session, access.event.id, room_id)
    if room.kind == ChatroomKind.BROADCAST:
        return RoomAccess(access, room, is_member=True)
    if await is_room_member(session, room, access.principal.person_id):
        return RoomAccess(access, room, is_member=True)
    if access.has_role(Role.MODERATION):
        return RoomAccess(access, room, is_member=False)
    may_read = rules_of(room.kind).may_read
    if may_read is not None and await may_read(session, access, room):
        return RoomAccess(access, room, is_member=False)
    raise not_a_member(room_id)


async def can_moderate(session: AsyncSession, room_access: RoomAccess) -> bool:
    if room_access.access.has_role(Role.MODERATION):
        return True
    room, person_id = room_access.room, room_access.person_id
    event_moderator = exists().where(
        Relation.event_id == room.event_id,
        Relation.parent_type == EVENT_PARENT,
        Relation.parent_id == room.event_id,
        Relation.relation_type == RelationType.MODERATOR.value,
        Relation.child_type == PERSON_CHILD,
        Relation.child_id == person_id,
    )
    room_moderator = _relation(room, person_id, RelationType.MODERATOR, RelationType.CHATROOM_ADMIN)
    return bool(await session.scalar(select(or_(room_moderator, event_moderator))))


async def is_room_admin(session: AsyncSession, room_access: RoomAccess) -> bool:
    if room_access.access.has_role(Role.MODERATION):
        return True
    return bool(
        await session.scalar(
            select(_relation(room_access.room, room_access.person_id, RelationType.CHATROOM_ADMIN))
        )
    )


async def access_message(
    session: AsyncSession, room_access: RoomAccess, message_id: str, *, include_hidden: bool
) -> ChatMessage:
    """A message of the room; deleted and banned ones only when asked for (they are gone for
    readers, but a repeated delete must still find its message)."""
    message = await session.get(ChatMessage, (room_access.room.id, message_id))
    if message is None or (message.is_hidden and not include_hidden):
        raise message_not_found(room_access.room.id, message_id)
    return message


def check_own_person(access: EventAccess, person_id: str) -> None:
    """Read status and room lists are one's own, unless the caller moderates the event."""
    if person_id != access.principal.person_id and not access.has_role(Role.MODERATION):
        raise forbidden("Only your own chat data is visible to you", {"PersonID": person_id})


def check_may_write(access: EventAccess) -> None:
    """Every chat write (send, edit, react, create a room, invite) asks this first: an attendee
    an organizer banned from the event's chat may read, not write (people/). The flag came with
    the member check's own statement, so this costs no query."""
    if access.chat_banned:
        raise ApiError(
            ErrorCode.CHAT_BANNED,
            "You can no longer write in this event's chat",
            {"EventID": access.event.id},
        )


async def admitted_attendee(session: AsyncSession, event: Event, person_id: str) -> Person:
    """An attendee of the event whose email the whitelist still admits, and whom no organizer
    removed from it: the only persons one may start a chat with."""
    row = (
        await session.execute(
            select(Person).where(
                Person.id == person_id,
                Person.is_disabled.is_(False),
                exists().where(
                    Attendee.event_id == event.id,
                    Attendee.person_id == Person.id,
                    Attendee.removed_at.is_(None),
                ),
            )
        )
    ).scalar_one_or_none()
    if row is None or not await is_email_allowed(session, event.id, row.login_email):
        raise ApiError(
            ErrorCode.PERSON_NOT_FOUND,
            "The invited person is not an attendee of this event",
            {"InviteeID": person_id},
        )
    return row
