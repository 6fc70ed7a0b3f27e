"""Mutes and blocks: per event, the persons whose messages a person no longer wants.

A mute is the muter's alone: the muted sender's messages do not reach the muter's sockets (the
hub's filter, realtime/mutefilter.py) nor their history reads (`history.py`); nobody else's
view changes and the muted person is not told. A block is a mute that also ends direct contact:
no direct chat between the two, whoever starts it, no message into the direct room they already
share, and no group made with, or invitation extended to, a person who blocked the creator or
inviter (`check_not_blocked`, `check_none_blocked`).

Every change is told to the muter's person channel as CHAT_MUTES_NOTIFY with the whole list, so
every tab of the person agrees and every process's hub filter follows.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import BindParameter, Select, and_, bindparam, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.models import Person
from venuely.accounts.permissions import EventAccess
from venuely.chat.access import admitted_attendee
from venuely.chat.frames import MuteOut, MutesNotice
from venuely.chat.models import ChatMute
from venuely.chat.publish import Effect, publication
from venuely.core.db import begin_write
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.services import Services
from venuely.realtime.hub import person_channel
from venuely.realtime.membership import SocketJoin
from venuely.realtime.opcodes import Opcode

# The list travels whole in one frame: 500 rows are about 50 KB of JSON, inside the protocol's
# 64 KiB frame limit; and nobody needs to mute more people than that in one event.
MAX_MUTES = 500
BLOCKED_MESSAGE = "You cannot message this person"


def mute_out(row: ChatMute) -> MuteOut:
    return MuteOut(PersonID=row.muted_id, Blocked=row.blocked, CreatedAt=row.created_at)


async def mutes_of(session: AsyncSession, event_id: str, person_id: str) -> list[ChatMute]:
    """The person's mutes in the event, oldest first."""
    rows = await session.scalars(
        select(ChatMute)
        .where(ChatMute.event_id == event_id, ChatMute.person_id == person_id)
        .order_by(ChatMute.created_at, ChatMute.muted_id)
    )
    return list(rows.all())


def muted_by(
    event_id: str | BindParameter[str], person_id: str | BindParameter[str]
) -> Select[str]:
    """The ids `person_id` muted or blocked in the event, as a subquery for reads."""
    return select(ChatMute.muted_id).where(
        ChatMute.event_id == event_id, ChatMute.person_id == person_id
    )


# For a socket opening (realtime.membership): whom its person must not hear.
SOCKET_MUTES = muted_by(bindparam("event_id"), bindparam("person_id"))


async def socket_mutes(
    _session: AsyncSession, _person_id: str, _event_id: str, muted: list[str]
) -> SocketJoin:
    return SocketJoin(mutes=muted)


async def is_muted(session: AsyncSession, event_id: str, person_id: str, sender_id: str) -> bool:
    return await session.get(ChatMute, (event_id, person_id, sender_id)) is not None


def _blocked(person_id: str) -> ApiError:
    return ApiError(ErrorCode.CHAT_PERSON_BLOCKED, BLOCKED_MESSAGE, {"PersonID": person_id})


async def check_not_blocked(session: AsyncSession, event_id: str, actor: str, other: str) -> None:
    """Refuse direct contact between `actor` and `other` when either blocked the other."""
    found = await session.scalar(
        select(func.count()).where(
            ChatMute.event_id == event_id,
            ChatMute.blocked.is_(True),
            or_(
                and_(ChatMute.person_id == actor, ChatMute.muted_id == other),
                and_(ChatMute.person_id == other, ChatMute.muted_id == actor),
            ),
        )
    )
    if found:
        raise _blocked(other)


async def check_none_blocked(
    session: AsyncSession, event_id: str, actor: str, persons: Sequence[str]
) -> None:
    """Refuse bringing `persons` into a room by `actor` when one of them blocked `actor`."""
    if not persons:
        return
    blocker = await session.scalar(
        select(ChatMute.person_id)
        .where(
            ChatMute.event_id == event_id,
            ChatMute.muted_id == actor,
            ChatMute.blocked.is_(True),
            ChatMute.person_id.in_(sorted(set(persons))),
        )
        .order_by(ChatMute.person_id)
        .limit(1)
    )
    if blocker is not None:
        raise _blocked(blocker)


async def _lock_list(session: AsyncSession, person_id: str) -> None:
    """One writer at a time per muter, so the cap holds against concurrent additions: SQLite's
    write lock now, or the muter's row on PostgreSQL (FOR NO KEY UPDATE: rows naming the person
    are not held up)."""
    await begin_write(session)
    if session.get_bind().dialect.name != "sqlite":
        await session.execute(
            select(Person.id).where(Person.id == person_id).with_for_update(key_share=True)
        )


async def _notice(session: AsyncSession, event_id: str, person_id: str) -> Effect:
    rows = [mute_out(row) for row in await mutes_of(session, event_id, person_id)]
    notice = MutesNotice(EventID=event_id, Mutes=rows)
    return publication(person_channel(person_id), Opcode.CHAT_MUTES_NOTIFY, notice)


async def set_mute(
    session: AsyncSession, services: Services, access: EventAccess, muted_id: str, *, blocked: bool
) -> tuple[MuteOut, list[Effect]]:
    """Mute or block `muted_id` (an admitted attendee, not oneself); the same value again
    changes nothing and tells nobody. Switching between mute and block keeps `CreatedAt`."""
    event_id, person_id = access.event.id, access.principal.person_id
    if muted_id == person_id:
        raise ApiError(
            ErrorCode.CANNOT_MUTE_SELF, "You cannot mute yourself", {"PersonID": muted_id}
        )
    await admitted_attendee(session, access.event, muted_id)
    await _lock_list(session, person_id)
    row = await session.get(ChatMute, (event_id, person_id, muted_id), populate_existing=True)
    if row is not None and row.blocked == blocked:
        return mute_out(row), []
    if row is None:
        count = await session.scalar(
            select(func.count()).where(
                ChatMute.event_id == event_id, ChatMute.person_id == person_id
            )
        )
        if (count or 0) >= MAX_MUTES:
            raise ApiError(
                ErrorCode.TOO_MANY_MUTES,
                f"You can mute at most {MAX_MUTES} persons in an event",
                {"MaxMutes": MAX_MUTES},
            )
        row = ChatMute(
            event_id=event_id,
            person_id=person_id,
            muted_id=muted_id,
            blocked=blocked,
            created_at=services.clock.now(),
        )
        session.add(row)
    else:
        row.blocked = blocked
    await session.flush()
    return mute_out(row), [await _notice(session, event_id, person_id)]


async def remove_mute(session: AsyncSession, access: EventAccess, muted_id: str) -> list[Effect]:
    """Unmute (or unblock) `muted_id`; CHAT_MUTE_NOT_FOUND when there was nothing to undo."""
    event_id, person_id = access.event.id, access.principal.person_id
    await _lock_list(session, person_id)
    row = await session.get(ChatMute, (event_id, person_id, muted_id), populate_existing=True)
    if row is None:
        raise ApiError(
            ErrorCode.CHAT_MUTE_NOT_FOUND,
            "You have not muted this person",
            {"PersonID": muted_id},
        )
    await session.delete(row)
    await session.flush()
    return [await _notice(session, event_id, person_id)]
