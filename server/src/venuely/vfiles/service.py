"""Vfile writes, lists, content, thumbnails, person pictures, Wall of Fame and pano cleanup."""

from __future__ import annotations

import hashlib
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.models import Person
from venuely.accounts.permissions import EventAccess
from venuely.activities.schemas import portable_json
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.ids import new_id
from venuely.core.pagination import page_by_id
from venuely.core.services import Services
from venuely.events.models import Event
from venuely.files.service import file_url
from venuely.files.storage import Storage, StorageError
from venuely.files.validate import Cleaned
from venuely.vfiles import images
from venuely.vfiles.access import check_attach
from venuely.vfiles.content import is_image
from venuely.vfiles.models import VFile
from venuely.vfiles.schemas import ContentKind, UploadType, VFileIn, VFileOut
from venuely.vtables import service as vtables
from venuely.vtables.schemas import WALL_OF_FAME, ProjectOut
from venuely.walloffame import rules as wall

MAX_VALUES_BYTES = 16 * 1024
API_PREFIX = "/api/v1"


def content_url(vfile: VFile) -> str:
    return f"{API_PREFIX}/events/{vfile.event_id}/vfiles/{vfile.id}/file"


def vfile_out(vfile: VFile) -> VFileOut:
    return VFileOut(
        ID=vfile.id,
        EventID=vfile.event_id,
        EntityType=vfile.entity_type,
        EntityID=vfile.entity_id,
        PersonID=vfile.person_id,
        Title=vfile.title,
        FileType=vfile.file_type,
        FileUploadType=vfile.file_upload_type,
        URL=vfile.url,
        FileURL=content_url(vfile) if vfile.file_hash else "",
        HasContent=vfile.file_hash is not None,
        FileName=vfile.file_name,
        MimeType=vfile.mime_type,
        FileBytes=vfile.file_bytes,
        FileTimeAsInt=vfile.file_time,
        ThumbnailURL=file_url(vfile.thumbnail_hash) if vfile.thumbnail_hash else "",
        IsDisabled=vfile.is_disabled,
        Values=dict(vfile.values),
        CreatedAt=vfile.created_at,
        UpdatedAt=vfile.updated_at,
    )


def _columns(body: VFileIn) -> dict[str, Any]:
    """File: content the server stores (upload type S3, no URL). URL: a link, optionally marked
    as a YouTube or Vimeo video; S3 makes no sense for a link."""
    if body.FileType is ContentKind.FILE:
        if body.URL:
            raise ApiError(
                ErrorCode.VALIDATION_ERROR,
                "URL is set by the server for FileType File; upload the content instead",
                {"URL": body.URL},
            )
        upload_type = UploadType.S3
    else:
        if not body.URL:
            raise ApiError(ErrorCode.VALIDATION_ERROR, "FileType URL needs a URL", {"URL": ""})
        if body.FileUploadType is UploadType.S3:
            raise ApiError(
                ErrorCode.VALIDATION_ERROR,
                "FileUploadType S3 is only for FileType File",
                {"FileUploadType": body.FileUploadType.value},
            )
        upload_type = body.FileUploadType
    return {
        "entity_type": body.EntityType,
        "entity_id": body.EntityID,
        "title": body.Title,
        "file_type": body.FileType.value,
        "file_upload_type": upload_type.value,
        "url": body.URL,
        "is_disabled": body.IsDisabled,
        "values": portable_json(body.Values, limit=MAX_VALUES_BYTES, what="Values"),
    }


def _check_identity(event: Event, body: VFileIn, vfile_id: str | None) -> None:
    if body.EventID is not None and body.EventID != event.id:
        raise ApiError(
            ErrorCode.VALIDATION_ERROR, "EventID does not match the path", {"EventID": body.EventID}
        )
    if body.ID is not None and vfile_id != body.ID:
        raise ApiError(ErrorCode.VALIDATION_ERROR, "ID does not match", {"ID": body.ID})


async def create_vfile(
    session: AsyncSession, services: Services, access: EventAccess, body: VFileIn
) -> VFile:
    _check_identity(access.event, body, None)
    columns = _columns(body)
    await check_attach(session, access, body.EntityType, body.EntityID)
    await wall.before_attach(session, access.event.id, body.EntityType, body.EntityID)
    now = services.clock.now()
    vfile = VFile(
        id=new_id(),
        event_id=access.event.id,
        person_id=access.principal.person_id,
        created_at=now,
        updated_at=now,
        **columns,
    )
    session.add(vfile)
    await session.flush()
    return vfile


async def update_vfile(
    session: AsyncSession, services: Services, access: EventAccess, vfile: VFile, body: VFileIn
) -> VFile:
    _check_identity(access.event, body, vfile.id)
    columns = _columns(body)
    if body.FileType is ContentKind.URL and vfile.file_hash is not None:
        raise ApiError(
            ErrorCode.VALIDATION_ERROR,
            "A vfile with uploaded content stays FileType File",
            {"FileType": body.FileType.value},
        )
    if (body.EntityType, body.EntityID) != (vfile.entity_type, vfile.entity_id):
        await check_attach(session, access, body.EntityType, body.EntityID)
        await wall.before_attach(session, access.event.id, body.EntityType, body.EntityID)
    for column, value in columns.items():
        setattr(vfile, column, value)
    vfile.updated_at = services.clock.now()
    await session.flush()
    return vfile


def _filtered(
    access: EventAccess,
    query: Any,
    entity_type: str | None,
    entity_id: str | None,
    is_disabled: bool | None,
) -> Any:
    query = query.where(VFile.event_id == access.event.id)
    if not access.is_admin:
        query = query.where(
            (VFile.is_disabled.is_(False)) | (VFile.person_id == access.principal.person_id)
        )
    # Pictures of Wall of Fame projects the caller may not see (pending, rejected) are not
    # listed, whoever made them.
    hidden = wall.vfile_condition(access)
    if hidden is not None:
        query = query.where(hidden)
    if entity_type is not None:
        query = query.where(VFile.entity_type == entity_type)
    if entity_id is not None:
        query = query.where(VFile.entity_id == entity_id)
    if is_disabled is not None:
        query = query.where(VFile.is_disabled.is_(is_disabled))
    return query


async def list_vfiles(
    session: AsyncSession,
    access: EventAccess,
    *,
    entity_type: str | None,
    entity_id: str | None,
    is_disabled: bool | None,
    start_id: str | None,
    limit: int,
) -> list[VFile]:
    query = _filtered(access, select(VFile), entity_type, entity_id, is_disabled)
    return list((await session.scalars(page_by_id(query, VFile.id, start_id, limit))).all())


async def count_vfiles(
    session: AsyncSession,
    access: EventAccess,
    entity_type: str | None,
    entity_id: str | None,
    is_disabled: bool | None,
) -> int:
    query = _filtered(
        access, select(func.count()).select_from(VFile), entity_type, entity_id, is_disabled
    )
    return int(await session.scalar(query) or 0)


async def _put(storage: Storage, data: bytes, content_type: str) -> str:
    digest = hashlib.sha256(data).hexdigest()
    try:
        await storage.put(digest, data, content_type)
    except StorageError as exc:
        raise ApiError(ErrorCode.STORAGE_FAILED, "The file could not be stored") from exc
    return digest


async def set_content(
    session: AsyncSession,
    services: Services,
    storage: Storage,
    vfile: VFile,
    *,
    data: bytes,
    mime_type: str,
    file_name: str,
    file_time: int,
) -> VFile:
    """Store checked content (images re-encoded first) and describe it on the vfile. The old
    blob is left in place: content is addressed by hash and may be shared."""
    if vfile.file_type != ContentKind.FILE.value:
        raise ApiError(
            ErrorCode.VALIDATION_ERROR,
            "Content can only be uploaded to a vfile of FileType File",
            {"FileType": vfile.file_type},
        )
    stored, stored_type = data, mime_type
    if is_image(mime_type):
        cleaned = await images.cleaned_image(data, services.settings.max_image_pixels)
        stored, stored_type = cleaned.data, cleaned.content_type
    vfile.file_hash = await _put(storage, stored, stored_type)
    vfile.mime_type = stored_type
    vfile.file_name = file_name
    vfile.file_bytes = len(stored)
    vfile.file_time = file_time
    vfile.thumbnail_hash = None
    vfile.updated_at = services.clock.now()
    await session.flush()
    return vfile


async def read_content(storage: Storage, file_hash: str, limit: int) -> bytes:
    try:
        chunks = await storage.open(file_hash)
    except KeyError as exc:
        raise ApiError(ErrorCode.FILE_NOT_FOUND, "The vfile content is missing") from exc
    except StorageError as exc:
        raise ApiError(ErrorCode.STORAGE_FAILED, "The file store is unavailable") from exc
    parts: list[bytes] = []
    size = 0
    async for chunk in chunks:
        size += len(chunk)
        if size > limit:
            raise ApiError(ErrorCode.BODY_TOO_LARGE, "The content is too large to process")
        parts.append(chunk)
    return b"".join(parts)


async def create_thumbnail(
    session: AsyncSession, services: Services, storage: Storage, vfile: VFile
) -> VFile:
    if vfile.file_hash is None or not is_image(vfile.mime_type):
        raise ApiError(
            ErrorCode.UNSUPPORTED_MEDIA_TYPE,
            "Thumbnails are made from image content only",
            {"VFileID": vfile.id, "MimeType": vfile.mime_type},
        )
    data = await read_content(storage, vfile.file_hash, services.settings.max_upload_bytes)
    cleaned = await images.cleaned_image(data, services.settings.max_image_pixels)
    small = await images.thumbnail(cleaned, images.THUMBNAIL_EDGE)
    stored = await images.store_image(session, services, storage, small)
    vfile.thumbnail_hash = stored.hash
    vfile.updated_at = services.clock.now()
    await session.flush()
    return vfile


async def set_public_image(
    session: AsyncSession,
    services: Services,
    storage: Storage,
    vfile: VFile,
    *,
    data: bytes,
    file_name: str,
) -> VFile:
    """Image content an <img> may show without a token (a Wall of Fame picture): re-encoded,
    stored and recorded like a person picture, so `/files/{hash}` serves it, with its
    thumbnail. Not an image: 415; an image that does not decode: 422, nothing stored."""
    cleaned = await images.cleaned_image(data, services.settings.max_image_pixels)
    stored = await images.store_image(session, services, storage, cleaned)
    small = await images.thumbnail(cleaned, images.THUMBNAIL_EDGE)
    vfile.thumbnail_hash = (await images.store_image(session, services, storage, small)).hash
    vfile.file_hash, vfile.mime_type = stored.hash, cleaned.content_type
    vfile.file_name, vfile.file_bytes = file_name, len(cleaned.data)
    vfile.updated_at = services.clock.now()
    vfile.file_time = int(vfile.updated_at.timestamp() * 1000)
    await session.flush()
    return vfile


async def set_person_picture(
    session: AsyncSession, services: Services, storage: Storage, person: Person, data: bytes
) -> str:
    """Re-encode `data` as a square picture, store it and make it the person's PictureURL."""
    cleaned: Cleaned = await images.cleaned_image(data, services.settings.max_image_pixels)
    square = await images.thumbnail(cleaned, images.PICTURE_EDGE, square=True)
    stored = await images.store_image(session, services, storage, square)
    person.picture_url = file_url(stored.hash)
    person.updated_at = services.clock.now()
    await session.flush()
    return person.picture_url


async def wall_of_fame(session: AsyncSession, access: EventAccess) -> list[ProjectOut]:
    table = await vtables.find_table(session, access.event.id, WALL_OF_FAME)
    if table is None:
        return []
    rows = await vtables.load_rows(session, table.id)
    rows = await wall.visible_rows(session, access, table, rows)
    projects = [vtables.project_out(r) for r in rows]
    attached = await list_vfiles(
        session,
        access,
        entity_type="WallOfFame",
        entity_id=None,
        is_disabled=False,
        start_id=None,
        limit=10_000,
    )
    by_project: dict[str, list[dict[str, Any]]] = {}
    for vfile in attached:
        by_project.setdefault(vfile.entity_id, []).append(vfile_out(vfile).model_dump(mode="json"))
    for project in projects:
        project.VFiles = by_project.get(project.ID, [])
    return projects


def vfile_urls(vfile: VFile) -> set[str]:
    urls = {vfile.url, content_url(vfile)}
    if vfile.thumbnail_hash:
        urls.add(file_url(vfile.thumbnail_hash))
    urls.discard("")
    return urls


def _strip(value: Any, urls: set[str]) -> tuple[Any, int]:
    """`value` without the parts that reference `urls`: web elements whose Value is one of them
    and plain variables holding one; nested objects are walked."""
    if not isinstance(value, dict):
        return value, 0
    kept: dict[str, Any] = {}
    removed = 0
    for key, item in value.items():
        if (isinstance(item, str) and item in urls) or (
            isinstance(item, dict) and item.get("Value") in urls
        ):
            removed += 1
        else:
            kept[key], inner = _strip(item, urls)
            removed += inner
    return kept, removed


def remove_from_panovars(event: Event, vfile: VFile, services: Services) -> int:
    urls = vfile_urls(vfile)
    event_vars, removed_a = _strip(dict(event.pano_event_vars or {}), urls)
    custom_vars, removed_b = _strip(dict(event.pano_custom_vars or {}), urls)
    if removed_a + removed_b:
        event.pano_event_vars = event_vars
        event.pano_custom_vars = custom_vars
        event.updated_at = services.clock.now()
    return removed_a + removed_b


async def csv_rows(session: AsyncSession, event_id: str, entity_type: str) -> list[list[object]]:
    """Rows for `lists/vfilescsv`, in the order of `lists.csvexport.VFILE_COLUMNS`."""
    query = (
        select(VFile)
        .where(VFile.event_id == event_id, VFile.entity_type == entity_type)
        .order_by(VFile.id)
    )
    return [
        [
            v.id,
            v.entity_type,
            v.entity_id,
            v.file_name,
            v.mime_type,
            v.file_bytes,
            "true" if v.is_disabled else "false",
            v.url or (content_url(v) if v.file_hash else ""),
            v.created_at.isoformat(),
        ]
        for v in (await session.scalars(query)).all()
    ]
