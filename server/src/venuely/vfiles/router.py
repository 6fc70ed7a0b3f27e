"""HTTP routes for vfiles (admin-api.md §7 "Vfiles"); who may do what is in `access.py`.

`VFileID` only matches 24-hex ids, so `count`, `walloffame` and `personpicture` are never taken
for one. Uploads (`uploadcontent`, `personpicture`) get the larger body allowance.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Annotated

from fastapi import APIRouter, File, Path, Query, Request, Response, UploadFile
from fastapi.responses import StreamingResponse

from venuely.accounts.permissions import EventAdmin, EventMember
from venuely.core import ratelimit
from venuely.core.deps import ServicesDep, SessionDep
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.ids import ID_PATTERN
from venuely.core.outbound import OutboundDep
from venuely.core.pagination import MaxCountQuery, StartIdQuery
from venuely.files.limits import upload_route
from venuely.files.service import StorageDep, read_limited
from venuely.files.storage import StorageError
from venuely.relations.schemas import REF_PATTERN, TYPE_PATTERN
from venuely.vfiles import service
from venuely.vfiles.access import load_changeable, load_visible
from venuely.vfiles.content import (
    ACCEPTED_TYPES,
    check_declared,
    is_image,
    read_body,
    safe_file_name,
)
from venuely.vfiles.schemas import (
    CountOut,
    PanoVarsOut,
    PersonPictureOut,
    UrlRequest,
    VFileIn,
    VFileOut,
)
from venuely.vtables.schemas import ProjectOut
from venuely.walloffame import rules as wall

router = APIRouter(tags=["vfiles"])

BASE = "/events/{EventID}/vfiles"
ONE = BASE + "/{VFileID}"
VFileIdPath = Annotated[str, Path(alias="VFileID", pattern=ID_PATTERN)]
EntityTypeQuery = Annotated[str | None, Query(alias="EntityType", pattern=TYPE_PATTERN)]
EntityIdQuery = Annotated[str | None, Query(alias="EntityID", pattern=REF_PATTERN)]
IsDisabledQuery = Annotated[bool | None, Query(alias="IsDisabled")]
# Pictures fetched from a URL cost the server a fetch each; a person needs a handful at most.
PICTURE_FROM_URL_LIMIT = ratelimit.Limit("picture-fromurl", 10, timedelta(minutes=1))
BINARY = {"type": "string", "format": "binary"}
IMAGE_ACCEPT = "image/png,image/jpeg,image/gif,image/webp;q=0.9"


@router.get(BASE + "/count", response_model=CountOut)
async def count_vfiles(
    access: EventMember,
    session: SessionDep,
    entity_type: EntityTypeQuery = None,
    entity_id: EntityIdQuery = None,
    is_disabled: IsDisabledQuery = None,
) -> CountOut:
    count = await service.count_vfiles(session, access, entity_type, entity_id, is_disabled)
    return CountOut(Count=count)


@router.get(BASE, response_model=list[VFileOut])
async def list_vfiles(
    access: EventMember,
    session: SessionDep,
    entity_type: EntityTypeQuery = None,
    entity_id: EntityIdQuery = None,
    is_disabled: IsDisabledQuery = None,
    start_id: StartIdQuery = None,
    max_count: MaxCountQuery = 1000,
) -> list[VFileOut]:
    rows = await service.list_vfiles(
        session,
        access,
        entity_type=entity_type,
        entity_id=entity_id,
        is_disabled=is_disabled,
        start_id=start_id,
        limit=max_count,
    )
    return [service.vfile_out(v) for v in rows]


@router.post(BASE, response_model=VFileOut, status_code=201)
async def create_vfile(
    access: EventMember, body: VFileIn, session: SessionDep, services: ServicesDep
) -> VFileOut:
    vfile = await service.create_vfile(session, services, access, body)
    # An author's new file on their Wall of Fame project is reviewed like an edit of it.
    await wall.vfile_written(session, services, access, vfile)
    return service.vfile_out(vfile)


@router.get(BASE + "/walloffame", response_model=list[ProjectOut])
async def wall_of_fame(access: EventMember, session: SessionDep) -> list[ProjectOut]:
    return await service.wall_of_fame(session, access)


@router.post(BASE + "/personpicture", response_model=PersonPictureOut)
@upload_route
async def person_picture(
    access: EventMember,
    session: SessionDep,
    services: ServicesDep,
    storage: StorageDep,
    file: Annotated[UploadFile, File()],
) -> PersonPictureOut:
    """The caller's own picture, from a multipart `file` field."""
    data = await read_limited(file, services.settings.max_upload_bytes)
    person = access.principal.person
    url = await service.set_person_picture(session, services, storage, person, data)
    return PersonPictureOut(PersonID=person.id, PictureURL=url)


@router.post(BASE + "/personpicture/fromurl", response_model=PersonPictureOut)
async def person_picture_from_url(
    access: EventMember,
    body: UrlRequest,
    session: SessionDep,
    services: ServicesDep,
    storage: StorageDep,
    outbound: OutboundDep,
) -> PersonPictureOut:
    """The caller's own picture, fetched by the server through the outbound client."""
    person = access.principal.person
    await ratelimit.enforce(session, PICTURE_FROM_URL_LIMIT, person.id, services.clock.now())
    # Keep the counted hit even if the fetch fails, and hold no write lock while fetching.
    await session.commit()
    fetched = await outbound.fetch(body.url, accept=IMAGE_ACCEPT)
    url = await service.set_person_picture(session, services, storage, person, fetched.body)
    return PersonPictureOut(PersonID=person.id, PictureURL=url)


@router.get(ONE, response_model=VFileOut)
async def get_vfile(access: EventMember, vfile_id: VFileIdPath, session: SessionDep) -> VFileOut:
    return service.vfile_out(await load_visible(session, access, vfile_id))


@router.put(ONE, response_model=VFileOut)
async def update_vfile(
    access: EventMember,
    vfile_id: VFileIdPath,
    body: VFileIn,
    session: SessionDep,
    services: ServicesDep,
) -> VFileOut:
    vfile = await load_changeable(session, access, vfile_id)
    updated = await service.update_vfile(session, services, access, vfile, body)
    await wall.vfile_written(session, services, access, vfile)
    return service.vfile_out(updated)


@router.delete(ONE, status_code=204)
async def delete_vfile(access: EventMember, vfile_id: VFileIdPath, session: SessionDep) -> Response:
    vfile = await load_changeable(session, access, vfile_id)
    await session.delete(vfile)
    return Response(status_code=204)


@router.put(
    ONE + "/uploadcontent",
    response_model=VFileOut,
    openapi_extra={
        "requestBody": {
            "required": True,
            # The body's Content-Type is not trusted (MimeType and the magic bytes decide), so
            # one generic media type documents it.
            "description": "The raw content (vFileContent); its length must equal FileBytes",
            "content": {"application/octet-stream": {"schema": BINARY}},
        }
    },
)
@upload_route
async def upload_content(
    access: EventMember,
    vfile_id: VFileIdPath,
    request: Request,
    session: SessionDep,
    services: ServicesDep,
    storage: StorageDep,
    file_name: Annotated[str, Query(alias="FileName", min_length=1, max_length=255)],
    mime_type: Annotated[str, Query(alias="MimeType", min_length=3, max_length=100)],
    file_bytes: Annotated[int, Query(alias="FileBytes", ge=1)],
    file_time: Annotated[int, Query(alias="FileTimeAsInt", ge=0, le=2**53)],
) -> VFileOut:
    """The raw body is the content. Every check (size, FileBytes, MimeType against the magic
    bytes, decoding for images) happens before anything is stored."""
    vfile = await load_changeable(session, access, vfile_id)
    data = await read_body(request, file_bytes, services.settings.max_upload_bytes)
    declared = check_declared(mime_type, data)
    updated = await service.set_content(
        session,
        services,
        storage,
        vfile,
        data=data,
        mime_type=declared,
        file_name=safe_file_name(file_name),
        file_time=file_time,
    )
    await wall.vfile_written(session, services, access, vfile)
    return service.vfile_out(updated)


@router.get(
    ONE + "/file",
    response_class=StreamingResponse,
    responses={
        200: {
            "description": "The content with its stored type",
            "content": {t: {"schema": BINARY} for t in ACCEPTED_TYPES},
        }
    },
)
async def download_content(
    access: EventMember, vfile_id: VFileIdPath, session: SessionDep, storage: StorageDep
) -> Response:
    vfile = await load_visible(session, access, vfile_id)
    if vfile.file_hash is None:
        raise ApiError(
            ErrorCode.FILE_NOT_FOUND, "This vfile has no uploaded content", {"VFileID": vfile.id}
        )
    try:
        chunks = await storage.open(vfile.file_hash)
    except KeyError as exc:
        raise ApiError(ErrorCode.FILE_NOT_FOUND, "The vfile content is missing") from exc
    except StorageError as exc:
        raise ApiError(ErrorCode.STORAGE_FAILED, "The file store is unavailable") from exc
    # Re-encoded images may show inline; PDF and video always download (nosniff comes from
    # the middleware, the sandbox CSP keeps a rendered document inert anyway).
    disposition = "inline" if is_image(vfile.mime_type) else "attachment"
    name = safe_file_name(vfile.file_name)
    headers = {
        "Content-Disposition": f'{disposition}; filename="{name}"',
        "Content-Length": str(vfile.file_bytes),
        "Cache-Control": "private, no-cache",
        "Content-Security-Policy": "default-src 'none'; sandbox",
    }
    return StreamingResponse(chunks, media_type=vfile.mime_type, headers=headers)


@router.post(ONE + "/createthumbnail", response_model=VFileOut)
async def create_thumbnail(
    access: EventMember,
    vfile_id: VFileIdPath,
    session: SessionDep,
    services: ServicesDep,
    storage: StorageDep,
) -> VFileOut:
    vfile = await load_changeable(session, access, vfile_id)
    return service.vfile_out(await service.create_thumbnail(session, services, storage, vfile))


@router.delete(ONE + "/panovars", response_model=PanoVarsOut)
async def remove_from_panovars(
    access: EventAdmin, vfile_id: VFileIdPath, session: SessionDep, services: ServicesDep
) -> PanoVarsOut:
    """Drop the event's web elements and pano variables that point at this vfile (its URL, its
    content URL or its thumbnail); the vfile itself stays."""
    vfile = await load_visible(session, access, vfile_id)
    removed = service.remove_from_panovars(access.event, vfile, services)
    await session.flush()
    return PanoVarsOut(Removed=removed)
