"""Erasure: everything naming a person goes, in every event or in one.

`erase_person` is the account's deletion (the person themselves, a customer or master admin);
`erase_person_in_event` is an organizer's erasure of what the person has in their event, the
Attendee row included. Both run in the caller's transaction; the caller commits, then removes
the bytes of the blobs returned (`blobs.remove_bytes`) and closes the person's sockets.

Chat messages stay with their sender cleared; everything else naming the person is deleted:
rows with a foreign key to them (walk.py, generic over every table), and the rows naming them
without one: relations (ids as strings), direct chat names, whitelist entries and invitations
(their address), the rate-limit counters keyed by them. The test walks every table afterwards.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sqlalchemy import delete, func, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.models import Person
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.ratelimit import RateCounter
from venuely.events.models import Event, WhitelistEntry
from venuely.panoramas.models import PanoVersion
from venuely.privacy import blobs
from venuely.privacy.chat_erase import erase_chat_mentions, erase_reactions, erase_upvotes
from venuely.privacy.scope import Scope, event_rows
from venuely.privacy.walk import erase_references
from venuely.relations.models import Relation
from venuely.vfiles.models import VFile
from venuely.vtables.models import VTableRow


@dataclass(slots=True)
class Erased:
    """What the caller finishes after its commit: blobs whose bytes to remove."""

    blobs: list[str] = field(default_factory=list)


def person_not_found(person_id: str) -> ApiError:
    return ApiError(
        ErrorCode.PERSON_NOT_FOUND, f"Person {person_id} not found", {"PersonID": person_id}
    )


async def erase_person(session: AsyncSession, person_id: str) -> Erased:
    person = await session.get(Person, person_id)
    if person is None:
        raise person_not_found(person_id)
    scope = Scope(person.id, person.login_email.lower())
    picture = blobs.hash_of_url(person.picture_url)
    erased = await _erase(session, scope, [picture] if picture else [])
    await session.execute(
        delete(RateCounter).where(
            or_(
                RateCounter.key.contains(scope.person_id, autoescape=True),
                RateCounter.key.contains(scope.email, autoescape=True),
            )
        )
    )
    await session.execute(
        update(PanoVersion).where(PanoVersion.uploaded_by == person.id).values(uploaded_by="")
    )
    # Its auth sessions went with the walk: every token of the person stops working.
    await session.delete(person)
    await session.flush()
    erased.blobs = await blobs.drop_unreferenced(session, erased.blobs)
    return erased


async def erase_person_in_event(session: AsyncSession, event_id: str, person_id: str) -> Erased:
    """The person's data in one event and their attendance; their account and other events stay.
    Organizers of the event are refused by the route (their grant is not an attendance)."""
    person = await session.get(Person, person_id)
    if person is None:
        raise person_not_found(person_id)
    erased = await _erase(session, Scope(person.id, person.login_email.lower(), event_id), [])
    await session.flush()
    erased.blobs = await blobs.drop_unreferenced(session, erased.blobs)
    return erased


async def _erase(session: AsyncSession, scope: Scope, candidates: list[str]) -> Erased:
    owned = await _erase_owned_content(session, scope)
    candidates.extend(owned.blobs)
    await erase_reactions(session, scope)
    await erase_upvotes(session, scope)
    await erase_chat_mentions(session, scope)
    await _erase_whitelist_entries(session, scope)
    await erase_references(session, scope)
    return Erased(blobs=candidates)


async def _erase_owned_content(session: AsyncSession, scope: Scope) -> Erased:
    """Wall of Fame projects (any table row they wrote), their files and the relations naming any
    of it: relations hold ids as strings, so no foreign key cascades them."""
    pid = scope.person_id
    rows_where = event_rows(VTableRow.__table__, scope.event_id)
    files_where = event_rows(VFile.__table__, scope.event_id)
    relations_where = event_rows(Relation.__table__, scope.event_id)
    row_ids = list(
        await session.scalars(select(VTableRow.id).where(VTableRow.person_id == pid, rows_where))
    )
    files = (
        await session.execute(
            select(VFile.id, VFile.file_hash, VFile.thumbnail_hash).where(
                or_(
                    VFile.person_id == pid,
                    VFile.entity_id == pid,
                    VFile.entity_id.in_(row_ids),
                ),
                files_where,
            )
        )
    ).all()
    file_ids = [file.id for file in files]
    named = [pid, *row_ids, *file_ids]
    await session.execute(
        delete(Relation).where(
            or_(Relation.parent_id.in_(named), Relation.child_id.in_(named)), relations_where
        )
    )
    await session.execute(delete(VFile).where(VFile.id.in_(file_ids)))
    await session.execute(delete(VTableRow).where(VTableRow.id.in_(row_ids)))
    hashes = [h for file in files for h in (file.file_hash, file.thumbnail_hash) if h]
    return Erased(blobs=hashes)


async def _erase_whitelist_entries(session: AsyncSession, scope: Scope) -> None:
    """The person's own address leaves every whitelist it is on. An event left with no entry
    at all would then admit everyone, so it becomes restricted instead (admits nobody until
    its organizers list someone): an erasure must never open an event."""
    where = event_rows(WhitelistEntry.__table__, scope.event_id)
    listed = func.lower(WhitelistEntry.entry) == scope.email
    event_ids = list(await session.scalars(select(WhitelistEntry.event_id).where(listed, where)))
    if not event_ids:
        return
    await session.execute(delete(WhitelistEntry).where(listed, where))
    still_listed = select(WhitelistEntry.event_id).where(WhitelistEntry.event_id.in_(event_ids))
    await session.execute(
        update(Event)
        .where(Event.id.in_(event_ids), Event.id.not_in(still_listed))
        .values(is_restricted=True)
    )
