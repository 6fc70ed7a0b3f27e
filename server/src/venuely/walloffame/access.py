"""Who may see and change which project; the only way a route gets one.

Every member of the event sees the approved projects and their own (any state); organizers
(the event's admins) see all. A project the caller may not see is the same 404 as one that does
not exist or belongs to another event, so ids cannot be probed. Changing — editing, removing,
pictures — is for the author and organizers holding the `moderation` role: another person's
approved project, which the caller does see, is 403.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.permissions import EventAccess
from venuely.admins.roles import Role
from venuely.core.errors import ApiError, ErrorCode
from venuely.vtables.models import VTableRow
from venuely.walloffame.store import Project, may_see, review_for_change, review_of, wall_table


def project_not_found(project_id: str) -> ApiError:
    return ApiError(
        ErrorCode.WALLOFFAME_PROJECT_NOT_FOUND,
        "No such Wall of Fame project in this event",
        {"ProjectID": project_id},
    )


def not_author(project_id: str) -> ApiError:
    return ApiError(
        ErrorCode.FORBIDDEN,
        "Only the project's author or an event admin holding the 'moderation' role may change it",
        {"ProjectID": project_id},
    )


async def load_project(session: AsyncSession, event_id: str, project_id: str) -> Project:
    """A project of the event, whoever may see it (callers check)."""
    table = await wall_table(session, event_id)
    row = (
        None
        if table is None
        else await session.scalar(
            select(VTableRow).where(VTableRow.id == project_id, VTableRow.vtable_id == table.id)
        )
    )
    if row is None:
        raise project_not_found(project_id)
    return Project(row, await review_of(session, row, event_id))


async def access_project(session: AsyncSession, access: EventAccess, project_id: str) -> Project:
    """A project the caller may see, else 404."""
    project = await load_project(session, access.event.id, project_id)
    if not may_see(access, project):
        raise project_not_found(project_id)
    return project


def may_change(access: EventAccess, project: Project) -> bool:
    return access.has_role(Role.MODERATION) or project.author_id == access.principal.person_id


async def _locked(session: AsyncSession, event_id: str, project: Project) -> Project:
    """The project locked to the end of the transaction, its review read again under the lock."""
    return Project(project.row, await review_for_change(session, project.row, event_id))


async def project_for_change(
    session: AsyncSession, access: EventAccess, project_id: str
) -> Project:
    """A project the caller may change (the author or an admin), locked."""
    project = await access_project(session, access, project_id)
    if not may_change(access, project):
        raise not_author(project_id)
    return await _locked(session, access.event.id, project)


async def project_for_review(
    session: AsyncSession, access: EventAccess, project_id: str
) -> Project:
    """A project for an organizer's decision (the route's policy is `EventAdmin`), locked."""
    project = await load_project(session, access.event.id, project_id)
    return await _locked(session, access.event.id, project)
