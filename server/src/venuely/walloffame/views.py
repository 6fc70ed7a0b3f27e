"""Projects as the wire shows them (`schemas.ProjectOut`), with their authors and pictures read
in one statement each for a whole list."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.models import Person
from venuely.accounts.permissions import EventAccess
from venuely.files.models import StoredFile
from venuely.files.service import file_url
from venuely.vfiles.content import is_image
from venuely.vfiles.models import VFile
from venuely.walloffame.frames import StateName
from venuely.walloffame.models import ReviewState
from venuely.walloffame.schemas import PictureOut, ProjectOut
from venuely.walloffame.store import ENTITY_TYPE, Project

API_PREFIX = "/api/v1"


def _text(project: Project, name: str) -> str:
    value = project.row.data.get(name, "")
    return value if isinstance(value, str) else ""


def picture_out(vfile: VFile, public: set[str]) -> PictureOut:
    file_hash = vfile.file_hash or ""
    content = f"{API_PREFIX}/events/{vfile.event_id}/vfiles/{vfile.id}/file"
    return PictureOut(
        VFileID=vfile.id,
        URL=file_url(file_hash) if file_hash in public else content,
        ThumbnailURL=file_url(vfile.thumbnail_hash) if vfile.thumbnail_hash else "",
    )


async def pictures_of(
    session: AsyncSession, access: EventAccess, ids: Sequence[str]
) -> dict[str, list[PictureOut]]:
    """The image vfiles of the projects, oldest first, as vfiles shows them to the caller
    (disabled ones only to admins and whoever made them)."""
    if not ids:
        return {}
    query = select(VFile).where(
        VFile.event_id == access.event.id,
        VFile.entity_type == ENTITY_TYPE,
        VFile.entity_id.in_(sorted(set(ids))),
        VFile.file_hash.is_not(None),
    )
    if not access.is_admin:
        query = query.where(
            VFile.is_disabled.is_(False) | (VFile.person_id == access.principal.person_id)
        )
    vfiles = [
        v for v in (await session.scalars(query.order_by(VFile.id))).all() if is_image(v.mime_type)
    ]
    hashes = sorted({v.file_hash for v in vfiles if v.file_hash})
    public = set(
        (await session.scalars(select(StoredFile.hash).where(StoredFile.hash.in_(hashes)))).all()
        if hashes
        else ()
    )
    found: dict[str, list[PictureOut]] = {}
    for vfile in vfiles:
        found.setdefault(vfile.entity_id, []).append(picture_out(vfile, public))
    return found


async def authors_of(session: AsyncSession, projects: Sequence[Project]) -> dict[str, Person]:
    ids = sorted({p.author_id for p in projects if p.author_id})
    if not ids:
        return {}
    return {
        p.id: p for p in (await session.scalars(select(Person).where(Person.id.in_(ids)))).all()
    }


def project_out(
    access: EventAccess, project: Project, author: Person | None, pictures: list[PictureOut]
) -> ProjectOut:
    review, row = project.review, project.row
    # The reason is a note to the author: only they and the organizers read it.
    told = access.is_admin or project.author_id == access.principal.person_id
    rejected = review.state == ReviewState.REJECTED
    return ProjectOut(
        ID=row.id,
        EventID=access.event.id,
        Title=_text(project, "Title"),
        Category=_text(project, "Category"),
        Description=_text(project, "Description"),
        Link=_text(project, "Link"),
        AuthorID=project.author_id or "",
        AuthorName=author.full_name if author else "",
        AuthorPictureURL=author.picture_url if author else "",
        State=cast(StateName, review.state),
        Reason=review.reason if told and rejected else "",
        Featured=review.featured,
        SubmittedAt=review.submitted_at,
        ReviewedAt=review.reviewed_at,
        Pictures=pictures,
        CreatedAt=row.created_at,
        UpdatedAt=row.updated_at,
    )


async def projects_out(
    session: AsyncSession, access: EventAccess, projects: Sequence[Project]
) -> list[ProjectOut]:
    authors = await authors_of(session, projects)
    pictures = await pictures_of(session, access, [p.id for p in projects])
    return [
        project_out(access, p, authors.get(p.author_id or ""), pictures.get(p.id, []))
        for p in projects
    ]


async def one_project_out(
    session: AsyncSession, access: EventAccess, project: Project
) -> ProjectOut:
    return (await projects_out(session, access, [project]))[0]
