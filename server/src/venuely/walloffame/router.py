"""HTTP routes of the Wall of Fame, under /events/{EventID}/walloffame
(docs/subsystems/walloffame.md).

Members of the event (`EventMember`) read the gallery and their own projects, submit, and change
or remove what they submitted (`access.py` decides which project each may see and change);
organizers (`EventAdmin`) decide on projects, set the categories and whether submissions wait
for review. Every change is committed, then told (WALLOFFAME_PROJECT_NOTIFY) to the organizers'
sockets and the author's.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Body, File, Path, Query, Response, UploadFile

from venuely.accounts.permissions import EventAdmin, EventMember
from venuely.chat.publish import commit_and_deliver
from venuely.core.deps import ServicesDep, SessionDep
from venuely.core.ids import ID_PATTERN
from venuely.files.limits import upload_route
from venuely.files.service import StorageDep, read_limited
from venuely.vtables import service as vtables
from venuely.walloffame import categories, pictures, service
from venuely.walloffame.access import access_project, project_for_change, project_for_review
from venuely.walloffame.models import MAX_CATEGORY
from venuely.walloffame.schemas import (
    Categories,
    FeaturedIn,
    PictureOut,
    ProjectIn,
    ProjectOut,
    ProjectsOut,
    RejectIn,
    SettingsIO,
    StateFilter,
)
from venuely.walloffame.views import one_project_out

router = APIRouter(tags=["walloffame"])

BASE = "/events/{EventID}/walloffame"
PROJECTS = BASE + "/projects"
ONE = PROJECTS + "/{ProjectID}"

ProjectIdPath = Annotated[str, Path(alias="ProjectID", pattern=ID_PATTERN)]
VFileIdPath = Annotated[str, Path(alias="VFileID", pattern=ID_PATTERN)]


@router.get(PROJECTS, response_model=ProjectsOut)
async def list_projects(
    access: EventMember,
    session: SessionDep,
    category: Annotated[str | None, Query(alias="Category", max_length=MAX_CATEGORY)] = None,
    wanted: Annotated[StateFilter | None, Query(alias="State")] = None,
    mine: Annotated[bool, Query(alias="Mine")] = False,
) -> ProjectsOut:
    """Members: the approved projects (featured first, then the latest approved), or with
    `Mine=true` their own in every state. Organizers: every project, with the counts per state."""
    return await service.list_projects(session, access, category=category, wanted=wanted, mine=mine)


@router.post(PROJECTS, status_code=201, response_model=ProjectOut)
async def submit_project(
    access: EventMember, body: ProjectIn, session: SessionDep, services: ServicesDep
) -> ProjectOut:
    """A new project; an attendee's waits for review when the event reviews submissions."""
    project, effects = await service.submit(session, services, access, body)
    out = await one_project_out(session, access, project)
    await commit_and_deliver(session, services, effects)
    return out


@router.get(ONE, response_model=ProjectOut)
async def get_project(
    access: EventMember, project_id: ProjectIdPath, session: SessionDep
) -> ProjectOut:
    return await one_project_out(session, access, await access_project(session, access, project_id))


@router.put(ONE, response_model=ProjectOut)
async def edit_project(
    access: EventMember,
    project_id: ProjectIdPath,
    body: ProjectIn,
    session: SessionDep,
    services: ServicesDep,
) -> ProjectOut:
    """The author or an organizer; the author's edit of a rejected project, or of an approved
    one while the event reviews, sends it back to the queue."""
    project = await project_for_change(session, access, project_id)
    effects = await service.edit(session, services, access, project, body)
    out = await one_project_out(session, access, project)
    await commit_and_deliver(session, services, effects)
    return out


@router.delete(ONE, status_code=204)
async def remove_project(
    access: EventMember, project_id: ProjectIdPath, session: SessionDep, services: ServicesDep
) -> Response:
    """The author or an organizer; its pictures go with it."""
    project = await project_for_change(session, access, project_id)
    await commit_and_deliver(session, services, await service.remove(session, project))
    return Response(status_code=204)


@router.post(ONE + "/pictures", status_code=201, response_model=PictureOut)
@upload_route
async def add_picture(
    access: EventMember,
    project_id: ProjectIdPath,
    session: SessionDep,
    services: ServicesDep,
    storage: StorageDep,
    file: Annotated[UploadFile, File()],
) -> PictureOut:
    """The author or an organizer, from a multipart `file` field: a PNG, JPEG, GIF or WebP
    image, re-encoded, with a thumbnail."""
    project = await project_for_change(session, access, project_id)
    data = await read_limited(file, services.settings.max_upload_bytes)
    picture, effects = await pictures.add_picture(
        session, services, storage, access, project, data=data, file_name=file.filename or ""
    )
    await commit_and_deliver(session, services, effects)
    return picture


@router.delete(ONE + "/pictures/{VFileID}", status_code=204)
async def remove_picture(
    access: EventMember, project_id: ProjectIdPath, vfile_id: VFileIdPath, session: SessionDep
) -> Response:
    project = await project_for_change(session, access, project_id)
    await pictures.remove_picture(session, access, project, vfile_id)
    return Response(status_code=204)


@router.post(ONE + "/approve", response_model=ProjectOut)
async def approve_project(
    access: EventAdmin, project_id: ProjectIdPath, session: SessionDep, services: ServicesDep
) -> ProjectOut:
    project = await project_for_review(session, access, project_id)
    effects = await service.approve(session, services, access, project)
    out = await one_project_out(session, access, project)
    await commit_and_deliver(session, services, effects)
    return out


@router.post(ONE + "/reject", response_model=ProjectOut)
async def reject_project(
    access: EventAdmin,
    project_id: ProjectIdPath,
    body: RejectIn,
    session: SessionDep,
    services: ServicesDep,
) -> ProjectOut:
    """With a reason (1–500 characters) the author reads."""
    project = await project_for_review(session, access, project_id)
    effects = await service.reject(session, services, access, project, body.Reason)
    out = await one_project_out(session, access, project)
    await commit_and_deliver(session, services, effects)
    return out


@router.put(ONE + "/featured", response_model=ProjectOut)
async def feature_project(
    access: EventAdmin,
    project_id: ProjectIdPath,
    body: FeaturedIn,
    session: SessionDep,
    services: ServicesDep,
) -> ProjectOut:
    """Approved projects only may be featured; unfeaturing works in every state."""
    project = await project_for_review(session, access, project_id)
    effects = await service.feature(session, access, project, body.Featured)
    out = await one_project_out(session, access, project)
    await commit_and_deliver(session, services, effects)
    return out


@router.get(BASE + "/settings", response_model=SettingsIO)
async def read_settings(access: EventMember, session: SessionDep) -> SettingsIO:
    return await categories.read_settings(session, access.event.id)


@router.put(BASE + "/settings", response_model=SettingsIO)
async def write_settings(
    access: EventAdmin, body: SettingsIO, session: SessionDep, services: ServicesDep
) -> SettingsIO:
    return await categories.write_settings(session, services, access.event.id, body)


@router.get(BASE + "/categories", response_model=list[str])
async def read_categories(access: EventMember, session: SessionDep) -> list[str]:
    return await vtables.categories(session, access.event.id)


@router.put(BASE + "/categories", response_model=list[str])
async def write_categories(
    access: EventAdmin,
    names: Annotated[Categories, Body()],
    session: SessionDep,
    services: ServicesDep,
) -> list[str]:
    """The whole list, in order (1–30 names of 1–100 characters, unique whatever their case)."""
    return await categories.replace_categories(session, services, access.event.id, names)
