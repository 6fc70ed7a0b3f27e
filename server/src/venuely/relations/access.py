"""Permission-checked loaders for relations.

Relation routes carry the event in the query or in the relation itself, not in the path, so
they use the `Authenticated` policy and decide here with the same rules as the path policies:
reading takes membership of the event (`check_event_member`), writing takes event admin rights
with the `content` role (admins/roles.py: relations wire speakers, moderators and rooms).
What a reader then sees is `visibility.readable`: attendees do not see relations naming a private
context they are not part of. A relation of an event the caller has no token or grant for, and one
they may not read, is reported as not found.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.permissions import (
    EventAccess,
    Principal,
    check_event_member,
    load_event,
    require_role,
)
from venuely.admins.roles import Role
from venuely.core.errors import ApiError, ErrorCode
from venuely.events.models import Event
from venuely.relations.models import Relation
from venuely.relations.visibility import Reader, readable


def reader_of(access: EventAccess) -> Reader:
    return Reader(access.event.id, access.principal.person_id, is_organizer=access.is_admin)


async def access_event_by_id(
    session: AsyncSession, principal: Principal, event_id: str, *, admin: bool
) -> EventAccess:
    event = await load_event(session, event_id)
    if principal.admins_event(event):
        return _organizer(event, principal, write=admin)
    if admin:
        raise ApiError(ErrorCode.FORBIDDEN, "Event admin rights required", {"EventID": event.id})
    return await check_event_member(session, principal, event)


def _organizer(event: Event, principal: Principal, *, write: bool) -> EventAccess:
    access = EventAccess(event=event, principal=principal, is_admin=True)
    if write:
        require_role(access, Role.CONTENT)
    return access


def _not_found(relation_id: str) -> ApiError:
    return ApiError(
        ErrorCode.RELATION_NOT_FOUND,
        f"Relation {relation_id} not found",
        {"RelationID": relation_id},
    )


async def access_relation(
    session: AsyncSession, principal: Principal, relation_id: str, *, admin: bool
) -> tuple[Relation, EventAccess]:
    relation = await session.get(Relation, relation_id)
    if relation is None:
        raise _not_found(relation_id)
    event = await load_event(session, relation.event_id)
    if principal.admins_event(event):
        return relation, _organizer(event, principal, write=admin)
    if principal.token_event_id != event.id:
        raise _not_found(relation_id)
    access = await check_event_member(session, principal, event)
    # Visibility before rights: a change refused with 403 would confirm that a hidden row exists.
    visible = await session.scalar(
        select(Relation.id).where(Relation.id == relation.id, readable(reader_of(access)))
    )
    if visible is None:
        raise _not_found(relation_id)
    if admin:
        raise ApiError(ErrorCode.FORBIDDEN, "Event admin rights required", {"EventID": event.id})
    return relation, access
