"""HTTP routes for activities (admin-api.md §7 "Activities"), their pictures and the two stream
calls.

`ActivityID` only matches 24-hex ids, so the fixed paths next to it (`count`, `activepolls`,
`activitiesbyrelation`, and the chat feature's `chatrooms/...`) can never be taken for an id,
whatever order the routers are included in.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body, File, Path, Query, Response, UploadFile
from fastapi.responses import HTMLResponse, JSONResponse

from venuely.accounts.permissions import EventAdmin, EventMember
from venuely.activities import picture, service, stream
from venuely.activities.access import access_activity
from venuely.activities.byrelation import activities_by_relation
from venuely.activities.meetings import create_zoom_meeting, delete_zoom_meeting
from venuely.activities.models import EntityType
from venuely.activities.schemas import (
    ActivityOut,
    CountOut,
    VimeoOut,
    activity_out,
    parse_activity,
    portable_json,
)
from venuely.activities.sync import publish_activity
from venuely.core.deps import ServicesDep, SessionDep
from venuely.core.errors import upstream_responses
from venuely.core.ids import ID_PATTERN
from venuely.core.openapi import JSON_VALUE_BODY, json_value_responses
from venuely.core.pagination import MaxCountQuery, StartIdQuery
from venuely.files.limits import upload_route
from venuely.files.service import StorageDep
from venuely.relations.access import reader_of
from venuely.relations.schemas import REF_PATTERN, TYPE_PATTERN
from venuely.relations.service import RelationFilter, parse_sort_fields

router = APIRouter(tags=["activities"])

BASE = "/events/{EventID}/activities"
ONE = BASE + "/{ActivityID}"
MAX_VALUE_BYTES = 64 * 1024

ActivityIdPath = Annotated[str, Path(alias="ActivityID", pattern=ID_PATTERN)]
SessionIdPath = Annotated[str, Path(alias="sessionID", pattern=ID_PATTERN)]
KeyPath = Annotated[str, Path(alias="Key", pattern=r"^[A-Za-z0-9_.-]{1,100}$")]
EntityTypeQuery = Annotated[EntityType, Query(alias="EntityType")]
OptionalEntityType = Annotated[EntityType | None, Query(alias="EntityType")]
ActivityBody = Annotated[dict[str, Any], Body()]
PictureFile = Annotated[UploadFile, File(alias="file", description="PNG, JPEG, WebP or GIF")]
NoStore = {"Cache-Control": "no-store"}


@router.get(BASE, response_model=list[ActivityOut])
async def list_activities(
    access: EventMember,
    session: SessionDep,
    services: ServicesDep,
    entity_type: OptionalEntityType = None,
    max_count: MaxCountQuery = 1000,
    start_id: StartIdQuery = None,
    pano_node_id: Annotated[str | None, Query(alias="PanoNodeID", max_length=100)] = None,
) -> list[dict[str, Any]]:
    rows = await service.list_activities(
        session, access.event.id, entity_type, pano_node_id, start_id, max_count
    )
    now = services.clock.now()
    return [activity_out(a, for_admin=access.is_admin, now=now) for a in rows]


@router.post(BASE, response_model=ActivityOut, status_code=201)
async def create_activity(
    access: EventAdmin,
    entity_type: EntityTypeQuery,
    body: ActivityBody,
    session: SessionDep,
    services: ServicesDep,
) -> dict[str, Any]:
    parsed = parse_activity(entity_type, body)
    activity = await service.create_activity(session, services, access.event, entity_type, parsed)
    return activity_out(activity, for_admin=True, now=services.clock.now())


@router.post("/events/{EventID}/activitiesDUMMY", response_model=ActivityOut)
async def validate_activity(
    access: EventAdmin, entity_type: EntityTypeQuery, body: ActivityBody, services: ServicesDep
) -> dict[str, Any]:
    """Dry run of the create: validates and answers the normalized activity, stores nothing
    (its ID is a fresh one that is then discarded)."""
    parsed = parse_activity(entity_type, body)
    activity = service.build_activity(services, access.event, entity_type, parsed)
    return activity_out(activity, for_admin=True, now=services.clock.now())


@router.get(BASE + "/count", response_model=CountOut)
async def count_activities(
    access: EventMember, session: SessionDep, entity_type: OptionalEntityType = None
) -> CountOut:
    return CountOut(Count=await service.count_activities(session, access.event.id, entity_type))


@router.get(BASE + "/activepolls", response_model=list[ActivityOut])
async def active_polls(
    access: EventMember,
    session: SessionDep,
    services: ServicesDep,
    node: Annotated[str, Query(alias="Node", min_length=1, max_length=100)],
) -> list[dict[str, Any]]:
    """Polls open now that show at panorama node `Node`: bound to the node itself, or to a
    session held there. `IsActive` answers whether the poll is open (here always true), also for
    a poll opened by its schedule rather than by hand."""
    now = services.clock.now()
    rows = await service.active_polls(session, access.event.id, node, now)
    return [{**activity_out(a, for_admin=access.is_admin, now=now), "IsActive": True} for a in rows]


@router.get(BASE + "/activitiesbyrelation", response_model=list[ActivityOut])
async def list_activities_by_relation(
    access: EventMember,
    session: SessionDep,
    services: ServicesDep,
    parent_type: Annotated[str | None, Query(alias="ParentType", pattern=TYPE_PATTERN)] = None,
    parent_id: Annotated[str | None, Query(alias="ParentID", pattern=REF_PATTERN)] = None,
    relation_type: Annotated[str | None, Query(alias="RelationType", pattern=TYPE_PATTERN)] = None,
    child_type: Annotated[str | None, Query(alias="ChildType", pattern=TYPE_PATTERN)] = None,
    child_id: Annotated[str | None, Query(alias="ChildID", pattern=REF_PATTERN)] = None,
    entity_type: OptionalEntityType = None,
    sort_fields: Annotated[str | None, Query(alias="SortFields", max_length=300)] = None,
) -> list[dict[str, Any]]:
    filt = RelationFilter(
        access.event.id, parent_type, parent_id, relation_type, child_type, child_id
    )
    order = parse_sort_fields(sort_fields)
    rows = await activities_by_relation(session, filt, reader_of(access), entity_type, order)
    now = services.clock.now()
    return [activity_out(a, for_admin=access.is_admin, now=now) for a in rows]


@router.get(ONE, response_model=ActivityOut)
async def get_activity(
    access: EventMember, activity_id: ActivityIdPath, session: SessionDep, services: ServicesDep
) -> dict[str, Any]:
    activity = await access_activity(session, access.event, activity_id)
    return activity_out(activity, for_admin=access.is_admin, now=services.clock.now())


@router.put(ONE, response_model=ActivityOut)
async def update_activity(
    access: EventAdmin,
    activity_id: ActivityIdPath,
    body: ActivityBody,
    session: SessionDep,
    services: ServicesDep,
) -> dict[str, Any]:
    activity = await access_activity(session, access.event, activity_id)
    parsed = parse_activity(EntityType(activity.entity_type), body)
    updated = await service.update_activity(session, services, activity, parsed)
    return activity_out(updated, for_admin=True, now=services.clock.now())


@router.delete(ONE, status_code=204)
async def delete_activity(
    access: EventAdmin, activity_id: ActivityIdPath, session: SessionDep, services: ServicesDep
) -> Response:
    activity = await access_activity(session, access.event, activity_id)
    await service.delete_activity(session, services, activity)
    return Response(status_code=204)


@router.post(ONE + "/createzoommeeting", response_model=ActivityOut, responses=upstream_responses())
async def create_meeting(
    access: EventAdmin, activity_id: ActivityIdPath, session: SessionDep, services: ServicesDep
) -> dict[str, Any]:
    activity = await access_activity(session, access.event, activity_id)
    created = await create_zoom_meeting(session, services, activity)
    return activity_out(created, for_admin=True, now=services.clock.now())


@router.delete(ONE + "/deletemeeting", response_model=ActivityOut, responses=upstream_responses())
async def delete_meeting(
    access: EventAdmin, activity_id: ActivityIdPath, session: SessionDep, services: ServicesDep
) -> dict[str, Any]:
    activity = await access_activity(session, access.event, activity_id)
    removed = await delete_zoom_meeting(session, services, activity)
    return activity_out(removed, for_admin=True, now=services.clock.now())


@router.post(ONE + "/picture", response_model=ActivityOut)
@upload_route
async def upload_picture(
    access: EventAdmin,
    activity_id: ActivityIdPath,
    file: PictureFile,
    session: SessionDep,
    services: ServicesDep,
    storage: StorageDep,
) -> dict[str, Any]:
    """Store the image and make its path the activity's `PictureURL` (types with a picture
    only: Speaker; others 422)."""
    activity = await access_activity(session, access.event, activity_id)
    updated = await picture.set_picture(session, services, storage, activity, file)
    return activity_out(updated, for_admin=True, now=services.clock.now())


@router.delete(ONE + "/picture", status_code=204)
async def delete_picture(
    access: EventAdmin, activity_id: ActivityIdPath, session: SessionDep, services: ServicesDep
) -> Response:
    activity = await access_activity(session, access.event, activity_id)
    await picture.clear_picture(session, services, activity)
    return Response(status_code=204)


@router.post(ONE + "/sync", response_model=ActivityOut)
async def sync_activity(
    access: EventAdmin, activity_id: ActivityIdPath, session: SessionDep, services: ServicesDep
) -> JSONResponse:
    """Re-publish ACTIVITY_SYNC_NOTIFY (any type). `Published` in the header says whether a
    realtime hub took it; the body is the activity as attendees receive it in that frame (the
    same `now`, so a session on the edge of its start is answered as it was published)."""
    activity = await access_activity(session, access.event, activity_id)
    now = services.clock.now()
    published = await publish_activity(services, activity, now=now)
    return JSONResponse(
        activity_out(activity, for_admin=False, now=now),
        headers={"X-Venuely-Published": "true" if published else "false"},
    )


@router.get(ONE + "/values/{Key}", response_model=None, responses=json_value_responses())
async def get_activity_value(
    access: EventMember, activity_id: ActivityIdPath, key: KeyPath, session: SessionDep
) -> JSONResponse:
    activity = await access_activity(session, access.event, activity_id)
    return JSONResponse(await service.get_value(session, activity, key))


@router.post(
    ONE + "/values/{Key}",
    response_model=None,
    responses=json_value_responses("The stored value"),
    openapi_extra=JSON_VALUE_BODY,
)
async def set_activity_value(
    access: EventAdmin,
    activity_id: ActivityIdPath,
    key: KeyPath,
    value: Annotated[Any, Body()],
    session: SessionDep,
    services: ServicesDep,
) -> JSONResponse:
    value = portable_json(value, limit=MAX_VALUE_BYTES, what="The value")
    activity = await access_activity(session, access.event, activity_id)
    return JSONResponse(await service.set_value(session, services, activity, key, value))


@router.get(
    "/events/{EventID}/stream/iframe/{sessionID}",
    response_class=HTMLResponse,
    responses={410: {"description": "MEDIA_EXPIRED: the session is not running"}},
)
async def stream_iframe(
    access: EventMember, session_id: SessionIdPath, session: SessionDep, services: ServicesDep
) -> HTMLResponse:
    activity = await access_activity(
        session, access.event, session_id, entity_type=EntityType.SESSION
    )
    stream.check_playable(activity, services.clock.now(), is_admin=access.is_admin)
    target = stream.iframe_target(activity)
    return HTMLResponse(
        stream.iframe_document(activity, target),
        headers={
            **NoStore,
            "Content-Security-Policy": stream.content_security_policy(target),
            "Referrer-Policy": "no-referrer",
        },
    )


@router.get(
    "/events/{EventID}/stream/vimeo/{sessionID}",
    response_model=VimeoOut,
    responses={410: {"description": "MEDIA_EXPIRED: the session is not running"}},
)
async def stream_vimeo(
    access: EventMember,
    session_id: SessionIdPath,
    session: SessionDep,
    services: ServicesDep,
    response: Response,
) -> VimeoOut:
    activity = await access_activity(
        session, access.event, session_id, entity_type=EntityType.SESSION
    )
    stream.check_playable(activity, services.clock.now(), is_admin=access.is_admin)
    url, password = stream.vimeo_target(activity)
    response.headers.update(NoStore)
    return VimeoOut(Url=url, Password=password)
