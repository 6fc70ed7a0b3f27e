"""Theme fonts and media assets at the three levels.

Fonts: `POST .../fonts/{FontGroup}` (multipart field `file`: WOFF2, WOFF, TTF or OTF) appends the
font to the group; `DELETE .../fonts/{FontGroup}/file-hash/{FileHash}` removes it;
`PUT .../fonts/{FontGroup}/re-order` takes the group's hashes as a JSON array in the new order.
Media assets: `POST .../media-assets/{MediaAssetName}` (multipart `file`: PNG, JPEG, WebP, GIF or
ICO, re-encoded; never SVG) sets the asset, `DELETE` removes it. Every call answers the level.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Body, File, Path, UploadFile
from pydantic import Field
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.permissions import ID_PATTERN, AnyAdmin, EventAdmin, MasterAdmin
from venuely.core.deps import ServicesDep, SessionDep
from venuely.core.services import Services
from venuely.files.limits import upload_route
from venuely.files.service import StorageDep, store_upload
from venuely.files.sniff import Kind
from venuely.files.storage import Storage
from venuely.themes import service
from venuely.themes.access import access_global_theme
from venuely.themes.defaults import FontGroup
from venuely.themes.models import Theme
from venuely.themes.schemas import HASH_PATTERN, MEDIA_NAME_PATTERN, ThemeOut

assets_router = APIRouter(tags=["themes"])

ThemeIdPath = Annotated[str, Path(alias="ThemeID", pattern=ID_PATTERN)]
GroupPath = Annotated[FontGroup, Path(alias="FontGroup")]
HashPath = Annotated[str, Path(alias="FileHash", pattern=HASH_PATTERN)]
MediaPath = Annotated[str, Path(alias="MediaAssetName", pattern=MEDIA_NAME_PATTERN)]
FileField = Annotated[UploadFile, File(alias="file", description="The font or image")]
HashesBody = Annotated[
    list[Annotated[str, Field(pattern=HASH_PATTERN)]],
    Body(alias="fileHashes", max_length=100, description="The group's file hashes, in order"),
]

DEFAULT = "/events/themes/default"
EVENT = "/events/{EventID}/themes"
THEME = "/events/themes/{ThemeID}"


async def _upload_font(
    session: AsyncSession,
    services: Services,
    storage: Storage,
    theme: Theme,
    group: FontGroup,
    file: UploadFile,
) -> None:
    stored = await store_upload(session, services, storage, file, {Kind.FONT})
    service.add_font(theme, services, group, stored.hash)
    await session.flush()


async def _upload_media(
    session: AsyncSession,
    services: Services,
    storage: Storage,
    theme: Theme,
    name: str,
    file: UploadFile,
) -> None:
    stored = await store_upload(session, services, storage, file, {Kind.IMAGE})
    service.set_media(theme, services, name, stored.hash)
    await session.flush()


async def _default(session: AsyncSession, services: Services) -> Theme:
    return await service.default_theme_for_write(session, services)


# --- default level (master admins) ---------------------------------------------------------


@assets_router.post(DEFAULT + "/fonts/{FontGroup}", response_model=ThemeOut)
@upload_route
async def upload_default_font(
    _: MasterAdmin,
    group: GroupPath,
    file: FileField,
    session: SessionDep,
    services: ServicesDep,
    storage: StorageDep,
) -> ThemeOut:
    theme = await _default(session, services)
    await _upload_font(session, services, storage, theme, group, file)
    return service.effective_default(theme)


@assets_router.delete(DEFAULT + "/fonts/{FontGroup}/file-hash/{FileHash}", response_model=ThemeOut)
async def delete_default_font(
    _: MasterAdmin,
    group: GroupPath,
    file_hash: HashPath,
    session: SessionDep,
    services: ServicesDep,
) -> ThemeOut:
    theme = await _default(session, services)
    service.remove_font(theme, services, group, file_hash)
    await session.flush()
    return service.effective_default(theme)


@assets_router.put(DEFAULT + "/fonts/{FontGroup}/re-order", response_model=ThemeOut)
async def reorder_default_fonts(
    _: MasterAdmin, group: GroupPath, hashes: HashesBody, session: SessionDep, services: ServicesDep
) -> ThemeOut:
    theme = await _default(session, services)
    service.reorder_fonts(theme, services, group, hashes)
    await session.flush()
    return service.effective_default(theme)


@assets_router.post(DEFAULT + "/media-assets/{MediaAssetName}", response_model=ThemeOut)
@upload_route
async def upload_default_media(
    _: MasterAdmin,
    name: MediaPath,
    file: FileField,
    session: SessionDep,
    services: ServicesDep,
    storage: StorageDep,
) -> ThemeOut:
    theme = await _default(session, services)
    await _upload_media(session, services, storage, theme, name, file)
    return service.effective_default(theme)


@assets_router.delete(DEFAULT + "/media-assets/{MediaAssetName}", response_model=ThemeOut)
async def delete_default_media(
    _: MasterAdmin, name: MediaPath, session: SessionDep, services: ServicesDep
) -> ThemeOut:
    theme = await _default(session, services)
    service.remove_media(theme, services, name)
    await session.flush()
    return service.effective_default(theme)


# --- global themes (customer admins) -------------------------------------------------------


@assets_router.post(THEME + "/fonts/{FontGroup}", response_model=ThemeOut)
@upload_route
async def upload_theme_font(
    principal: AnyAdmin,
    theme_id: ThemeIdPath,
    group: GroupPath,
    file: FileField,
    session: SessionDep,
    services: ServicesDep,
    storage: StorageDep,
) -> ThemeOut:
    theme = await access_global_theme(session, principal, theme_id, write=True)
    await _upload_font(session, services, storage, theme, group, file)
    return service.theme_out(theme)


@assets_router.delete(THEME + "/fonts/{FontGroup}/file-hash/{FileHash}", response_model=ThemeOut)
async def delete_theme_font(
    principal: AnyAdmin,
    theme_id: ThemeIdPath,
    group: GroupPath,
    file_hash: HashPath,
    session: SessionDep,
    services: ServicesDep,
) -> ThemeOut:
    theme = await access_global_theme(session, principal, theme_id, write=True)
    service.remove_font(theme, services, group, file_hash)
    await session.flush()
    return service.theme_out(theme)


@assets_router.put(THEME + "/fonts/{FontGroup}/re-order", response_model=ThemeOut)
async def reorder_theme_fonts(
    principal: AnyAdmin,
    theme_id: ThemeIdPath,
    group: GroupPath,
    hashes: HashesBody,
    session: SessionDep,
    services: ServicesDep,
) -> ThemeOut:
    theme = await access_global_theme(session, principal, theme_id, write=True)
    service.reorder_fonts(theme, services, group, hashes)
    await session.flush()
    return service.theme_out(theme)


@assets_router.post(THEME + "/media-assets/{MediaAssetName}", response_model=ThemeOut)
@upload_route
async def upload_theme_media(
    principal: AnyAdmin,
    theme_id: ThemeIdPath,
    name: MediaPath,
    file: FileField,
    session: SessionDep,
    services: ServicesDep,
    storage: StorageDep,
) -> ThemeOut:
    theme = await access_global_theme(session, principal, theme_id, write=True)
    await _upload_media(session, services, storage, theme, name, file)
    return service.theme_out(theme)


@assets_router.delete(THEME + "/media-assets/{MediaAssetName}", response_model=ThemeOut)
async def delete_theme_media(
    principal: AnyAdmin,
    theme_id: ThemeIdPath,
    name: MediaPath,
    session: SessionDep,
    services: ServicesDep,
) -> ThemeOut:
    theme = await access_global_theme(session, principal, theme_id, write=True)
    service.remove_media(theme, services, name)
    await session.flush()
    return service.theme_out(theme)


# --- event level (event admins) -------------------------------------------------------------


@assets_router.post(EVENT + "/fonts/{FontGroup}", response_model=ThemeOut)
@upload_route
async def upload_event_font(
    access: EventAdmin,
    group: GroupPath,
    file: FileField,
    session: SessionDep,
    services: ServicesDep,
    storage: StorageDep,
) -> ThemeOut:
    theme = await service.event_theme_for_write(session, services, access.event)
    await _upload_font(session, services, storage, theme, group, file)
    return service.theme_out(theme)


@assets_router.delete(EVENT + "/fonts/{FontGroup}/file-hash/{FileHash}", response_model=ThemeOut)
async def delete_event_font(
    access: EventAdmin,
    group: GroupPath,
    file_hash: HashPath,
    session: SessionDep,
    services: ServicesDep,
) -> ThemeOut:
    theme = await service.event_theme_for_write(session, services, access.event)
    service.remove_font(theme, services, group, file_hash)
    await session.flush()
    return service.theme_out(theme)


@assets_router.put(EVENT + "/fonts/{FontGroup}/re-order", response_model=ThemeOut)
async def reorder_event_fonts(
    access: EventAdmin,
    group: GroupPath,
    hashes: HashesBody,
    session: SessionDep,
    services: ServicesDep,
) -> ThemeOut:
    theme = await service.event_theme_for_write(session, services, access.event)
    service.reorder_fonts(theme, services, group, hashes)
    await session.flush()
    return service.theme_out(theme)


@assets_router.post(EVENT + "/media-assets/{MediaAssetName}", response_model=ThemeOut)
@upload_route
async def upload_event_media(
    access: EventAdmin,
    name: MediaPath,
    file: FileField,
    session: SessionDep,
    services: ServicesDep,
    storage: StorageDep,
) -> ThemeOut:
    theme = await service.event_theme_for_write(session, services, access.event)
    await _upload_media(session, services, storage, theme, name, file)
    return service.theme_out(theme)


@assets_router.delete(EVENT + "/media-assets/{MediaAssetName}", response_model=ThemeOut)
async def delete_event_media(
    access: EventAdmin, name: MediaPath, session: SessionDep, services: ServicesDep
) -> ThemeOut:
    theme = await service.event_theme_for_write(session, services, access.event)
    service.remove_media(theme, services, name)
    await session.flush()
    return service.theme_out(theme)
