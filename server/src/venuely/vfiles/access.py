"""Who may see and change which vfiles of an event.

Event admins see all of them and change them with the role it takes (admins/roles.py): an
attendee's picture or Wall of Fame picture is moderated (`moderation`), every other vfile is the
organizers' `content`; attaching to anything is `content`. Attendees (the `EventMember` rule) see
the enabled ones and their own; they may create vfiles only for themselves (`EntityType` Person
with their own person id) or for a Wall of Fame project they submitted (`EntityType` WallOfFame
with the project's row id), and change only vfiles they created. Anything outside what the caller
may see is reported as not found.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.permissions import EventAccess, require_role
from venuely.admins.roles import Role
from venuely.core.errors import ApiError, ErrorCode
from venuely.vfiles.models import VFile
from venuely.vtables.models import VTable, VTableRow
from venuely.vtables.schemas import WALL_OF_FAME
from venuely.walloffame import rules as wall

PERSON = "Person"
WALL_OF_FAME_ENTITY = "WallOfFame"


def vfile_not_found(vfile_id: str) -> ApiError:
    return ApiError(ErrorCode.VFILE_NOT_FOUND, f"Vfile {vfile_id} not found", {"VFileID": vfile_id})


def can_see(access: EventAccess, vfile: VFile) -> bool:
    return access.is_admin or not vfile.is_disabled or vfile.person_id == access.principal.person_id


async def load_visible(session: AsyncSession, access: EventAccess, vfile_id: str) -> VFile:
    vfile = await session.scalar(
        select(VFile).where(VFile.id == vfile_id, VFile.event_id == access.event.id)
    )
    if vfile is None or not can_see(access, vfile):
        raise vfile_not_found(vfile_id)
    # A picture of a Wall of Fame project the caller may not see is not there for them.
    if not await wall.may_see_vfile(session, access, vfile):
        raise vfile_not_found(vfile_id)
    return vfile


def _role_to_change(vfile: VFile) -> Role:
    """What an organizer needs to change someone's vfile: moderation for what attendees show of
    themselves, content for the rest."""
    if vfile.entity_type in (PERSON, WALL_OF_FAME_ENTITY):
        return Role.MODERATION
    return Role.CONTENT


async def load_changeable(session: AsyncSession, access: EventAccess, vfile_id: str) -> VFile:
    vfile = await load_visible(session, access, vfile_id)
    if vfile.person_id == access.principal.person_id:
        return vfile
    if access.is_admin:
        require_role(access, _role_to_change(vfile))
    else:
        raise ApiError(
            ErrorCode.FORBIDDEN,
            "Only its author or an event admin may change this vfile",
            {"VFileID": vfile.id},
        )
    return vfile


async def check_attach(
    session: AsyncSession, access: EventAccess, entity_type: str, entity_id: str
) -> None:
    """Refuse an attendee attaching a vfile to something that is not theirs (and an organizer
    without the content role, unless it is theirs)."""
    if access.has_role(Role.CONTENT):
        return
    me = access.principal.person_id
    if entity_type == PERSON and entity_id == me:
        return
    if entity_type == WALL_OF_FAME_ENTITY:
        owner = await session.scalar(
            select(VTableRow.person_id)
            .join(VTable, VTable.id == VTableRow.vtable_id)
            .where(
                VTableRow.id == entity_id,
                VTable.event_id == access.event.id,
                VTable.name == WALL_OF_FAME,
            )
        )
        if owner == me:
            return
    if access.is_admin:
        require_role(access, Role.CONTENT)
    raise ApiError(
        ErrorCode.FORBIDDEN,
        "Attendees may attach vfiles only to themselves or to their own Wall of Fame projects",
        {"EntityType": entity_type, "EntityID": entity_id},
    )
