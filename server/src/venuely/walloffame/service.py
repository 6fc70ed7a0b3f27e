"""Projects: the list (who sees what, in which order), submitting, editing, removing, and the
organizers' decisions. Writes go through vtables' row functions (the §5 field rules, the
table's caps) and `rules.py` (review, limits, frames), exactly as a row written through the
vtables routes does."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.permissions import EventAccess
from venuely.chat.publish import Effect
from venuely.core.services import Services
from venuely.vtables import service as vtables
from venuely.vtables.models import VTable, VTableRow
from venuely.vtables.schemas import WALL_OF_FAME, VTableIn
from venuely.walloffame import rules, state
from venuely.walloffame.models import ReviewState, WallOfFameReview
from venuely.walloffame.notify import project_notice
from venuely.walloffame.schemas import ProjectIn, ProjectsOut, StateCounts, StateFilter
from venuely.walloffame.store import Project, lock_event, new_review, visible_to, wall_table
from venuely.walloffame.views import projects_out


def _waiting_key(project: Project) -> tuple[datetime, str]:
    return project.review.submitted_at, project.id


def _gallery_key(project: Project) -> tuple[bool, datetime, str]:
    """Featured first, then the latest decided (approved) or submitted first."""
    review = project.review
    return review.featured, review.reviewed_at or review.submitted_at, project.id


async def _visible_projects(session: AsyncSession, access: EventAccess) -> list[Project]:
    table = await wall_table(session, access.event.id)
    if table is None:
        return []
    query = (
        select(VTableRow, WallOfFameReview)
        .outerjoin(WallOfFameReview, WallOfFameReview.row_id == VTableRow.id)
        .where(VTableRow.vtable_id == table.id)
    )
    condition = visible_to(access)
    if condition is not None:
        query = query.where(condition)
    found: list[Project] = []
    for row, review in (await session.execute(query)).all():
        # A row written past every hook reads as pending (store.visible_to); not stored here.
        found.append(
            Project(
                row, review or new_review(row, access.event.id, ReviewState.PENDING, row.created_at)
            )
        )
    return found


async def list_projects(
    session: AsyncSession,
    access: EventAccess,
    *,
    category: str | None,
    wanted: StateFilter | None,
    mine: bool,
) -> ProjectsOut:
    """Members: the gallery (approved), or with `mine` their own in every state; admins: every
    project. `wanted` and `category` narrow either; `Counts` (admins) are per state over the
    same filters but the state. The queue of pending ones shows the longest waiting first."""
    me = access.principal.person_id
    projects = await _visible_projects(session, access)
    if mine:
        projects = [p for p in projects if p.author_id == me]
    elif not access.is_admin:
        projects = [p for p in projects if p.review.state == ReviewState.APPROVED]
    if category is not None:
        projects = [p for p in projects if p.row.data.get("Category") == category]
    counts = None
    if access.is_admin:
        tally = {s.value: 0 for s in ReviewState}
        for project in projects:
            tally[project.review.state] += 1
        counts = StateCounts(**tally)
    if wanted is not None:
        projects = [p for p in projects if p.review.state == wanted]
    if wanted == "pending":
        projects.sort(key=_waiting_key)
    else:
        projects.sort(key=_gallery_key, reverse=True)
    return ProjectsOut(Projects=await projects_out(session, access, projects), Counts=counts)


async def ensure_wall(session: AsyncSession, services: Services, event_id: str) -> VTable:
    """The event's `walloffame` table, made (empty) on the first submission when the organizer
    has not made it: the Wall of Fame works without setting up a table by hand."""
    table = await wall_table(session, event_id)
    if table is None:
        await lock_event(session, event_id)
        table = await wall_table(session, event_id)
    if table is None:
        table = await vtables.create_table(
            session, services, event_id, VTableIn(VTableName=WALL_OF_FAME)
        )
    return table


async def submit(
    session: AsyncSession, services: Services, access: EventAccess, body: ProjectIn
) -> tuple[Project, list[Effect]]:
    table = await ensure_wall(session, services, access.event.id)
    await rules.before_row_added(session, access, table)
    row = await vtables.append_row(
        session, services, table, body.model_dump(), access.principal.person_id
    )
    effects = await rules.row_added(session, services, access, table, row)
    review = await session.get(WallOfFameReview, row.id)
    assert review is not None  # written by rules.row_added
    return Project(row, review), effects


async def edit(
    session: AsyncSession,
    services: Services,
    access: EventAccess,
    project: Project,
    body: ProjectIn,
) -> list[Effect]:
    """Under `access.project_for_change`: the author's edit may send it back to the queue."""
    table = await session.get(VTable, project.row.vtable_id)
    assert table is not None  # the row's foreign key
    before = dict(project.row.data)
    await vtables.update_row(session, services, table, project.row, body.model_dump())
    return await rules.row_edited(session, services, access, table, project.row, before)


async def remove(session: AsyncSession, project: Project) -> list[Effect]:
    """Under `access.project_for_change`: the row (its review by the foreign key) and its
    pictures."""
    table = await session.get(VTable, project.row.vtable_id)
    assert table is not None
    effects = await rules.row_removed(session, table, project.row)
    await session.delete(project.row)
    await session.flush()
    return effects


def _decided(access: EventAccess, project: Project) -> list[Effect]:
    return [project_notice(access.event.id, project)]


async def approve(
    session: AsyncSession, services: Services, access: EventAccess, project: Project
) -> list[Effect]:
    state.on_approve(project.review, access.principal.person_id, services.clock.now())
    await session.flush()
    return _decided(access, project)


async def reject(
    session: AsyncSession, services: Services, access: EventAccess, project: Project, reason: str
) -> list[Effect]:
    state.on_reject(project.review, reason, access.principal.person_id, services.clock.now())
    await session.flush()
    return _decided(access, project)


async def feature(
    session: AsyncSession, access: EventAccess, project: Project, featured: bool
) -> list[Effect]:
    if not state.on_feature(project.review, featured):
        return []
    await session.flush()
    return _decided(access, project)
