"""Membership rows of direct and group rooms, and the rooms other features keep.

A member of a direct or group room is a `Relation` (parent the room, child the person); its
admins are too (`ChatroomAdmin`). Chat's own creation and invitation paths (`service.py`,
`invites.py`) and other features (breakout rooms, the help desk) add and remove members here;
every change returns the hub membership effects the caller delivers after its commit.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import delete, select, tuple_
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.chat.access import PERSON_CHILD, ROOM_PARENT, is_room_member
from venuely.chat.frames import MAX_TITLE
from venuely.chat.models import Chatroom, ChatroomKind
from venuely.chat.publish import Effect, MemberChange
from venuely.core.ids import new_id
from venuely.realtime.hub import room_channel
from venuely.relations.models import Relation, RelationType


def relation_row(room: Chatroom, person_id: str, kind: RelationType, now: datetime) -> Relation:
    return Relation(
        id=new_id(),
        event_id=room.event_id,
        parent_type=ROOM_PARENT,
        parent_id=room.id,
        relation_type=kind.value,
        child_type=PERSON_CHILD,
        child_id=person_id,
        sort_fields={},
        created_at=now,
        updated_at=now,
    )


# --- rooms another feature keeps ------------------------------------------------------------
# A breakout room (breakouts/) has a chat room of its own: a group room named `breakout:<room
# id>`, whose members that feature sets (the people inside) instead of an inviter.


async def find_named_room(
    session: AsyncSession, event_id: str, internal_name: str
) -> Chatroom | None:
    return await session.scalar(
        select(Chatroom).where(
            Chatroom.event_id == event_id, Chatroom.internal_name == internal_name
        )
    )


async def ensure_named_group(
    session: AsyncSession, event_id: str, internal_name: str, title: str, now: datetime
) -> Chatroom:
    """The group room called `internal_name`, made on first need and titled `title`; the unique
    name per event settles two makers racing."""
    room = await find_named_room(session, event_id, internal_name)
    if room is None:
        room = Chatroom(
            id=new_id(),
            event_id=event_id,
            title=title.strip()[:MAX_TITLE],
            internal_name=internal_name,
            kind=ChatroomKind.GROUP.value,
            is_private=False,
            created_at=now,
        )
        try:
            async with session.begin_nested():
                session.add(room)
        except IntegrityError:
            found = await find_named_room(session, event_id, internal_name)
            assert found is not None
            room = found
    room.title = title.strip()[:MAX_TITLE]
    return room


async def add_room_member(
    session: AsyncSession, room: Chatroom, person_id: str, now: datetime
) -> list[Effect]:
    """Make `person_id` a member (no-op when they are one); their sockets join after the commit."""
    if not await is_room_member(session, room, person_id):
        session.add(relation_row(room, person_id, RelationType.CHATROOM_ATTENDEE, now))
    return [MemberChange(room_channel(room.id), person_id, added=True)]


async def add_room_members(
    session: AsyncSession, entering: Sequence[tuple[Chatroom, str]], now: datetime
) -> list[list[Effect]]:
    """`add_room_member` for many (room, person) pairs at once, with one read of the memberships
    there are already (a breakout join storm): the effects of each pair, in order."""
    if not entering:
        return []
    pairs = {(room.id, person_id) for room, person_id in entering}
    found = await session.execute(
        select(Relation.parent_id, Relation.child_id).where(
            Relation.parent_type == ROOM_PARENT,
            Relation.relation_type == RelationType.CHATROOM_ATTENDEE.value,
            Relation.child_type == PERSON_CHILD,
            tuple_(Relation.parent_id, Relation.child_id).in_(sorted(pairs)),
        )
    )
    members = {(row.parent_id, row.child_id) for row in found}
    effects: list[list[Effect]] = []
    for room, person_id in entering:
        if (room.id, person_id) not in members:
            members.add((room.id, person_id))
            session.add(relation_row(room, person_id, RelationType.CHATROOM_ATTENDEE, now))
        effects.append([MemberChange(room_channel(room.id), person_id, added=True)])
    return effects


async def remove_room_member(session: AsyncSession, room: Chatroom, person_id: str) -> list[Effect]:
    """End `person_id`'s membership; their sockets stop listening after the commit."""
    await session.execute(
        delete(Relation).where(
            Relation.event_id == room.event_id,
            Relation.parent_type == ROOM_PARENT,
            Relation.parent_id == room.id,
            Relation.relation_type == RelationType.CHATROOM_ATTENDEE.value,
            Relation.child_type == PERSON_CHILD,
            Relation.child_id == person_id,
        )
    )
    return [MemberChange(room_channel(room.id), person_id, added=False)]
