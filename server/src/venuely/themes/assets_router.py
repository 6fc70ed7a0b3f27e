"""Theme fonts and media assets, declared once and mounted at the three theme levels.

Fonts: `POST .../fonts/{FontGroup}` (multipart field `file`: WOFF2, WOFF, TTF or OTF) appends the
font to the group; `DELETE .../fonts/{FontGroup}/file-hash/{FileHash}` removes it;
`PUT .../fonts/{FontGroup}/re-order` takes the group's hashes as a JSON array in the new order.
Media assets: `POST .../media-assets/{MediaAssetName}` (multipart `file`: PNG, JPEG, WebP, GIF or
ICO, re-encoded; never SVG) sets the asset, `DELETE` removes it. Every call answers the level.

A `Level` says where the routes hang, which policy guards them (its loader depends on it) and
how the answer shows the theme; `_mount` adds the five routes for one level.
"""

# No `from __future__ import annotations` here: FastAPI reads the endpoints' annotations when
# they are mounted, and the theme dependency differs per level, so the endpoints are made in
# `_mount` and their annotations must be real objects from that closure, not strings.

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import APIRouter, Body, Depends, File, Path, UploadFile
from pydantic import Field

from venuely.accounts.permissions import AnyAdmin, EventAdmin, MasterAdmin
from venuely.core.deps import ServicesDep, SessionDep
from venuely.core.ids import ID_PATTERN
from venuely.files.limits import upload_route
from venuely.files.service import StorageDep, store_upload
from venuely.files.sniff import Kind
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


async def _default_theme(_: MasterAdmin, session: SessionDep, services: ServicesDep) -> Theme:
    return await service.default_theme_for_write(session, services)


async def _global_theme(principal: AnyAdmin, theme_id: ThemeIdPath, session: SessionDep) -> Theme:
    return await access_global_theme(session, principal, theme_id, write=True)


async def _event_theme(access: EventAdmin, session: SessionDep, services: ServicesDep) -> Theme:
    return await service.event_theme_for_write(session, services, access.event)


@dataclass(frozen=True)
class Level:
    name: str  # in the operation names: upload_{name}_font, ...
    prefix: str
    load: Callable[..., Awaitable[Theme]]  # a dependency: checks the policy, loads for writing
    show: Callable[[Theme], ThemeOut]


LEVELS = (
    # The built-in default theme, for master admins; answers with the defaults filled in.
    Level("default", "/events/themes/default", _default_theme, service.effective_default),
    # A customer's global themes, for its customer admins.
    Level("theme", "/events/themes/{ThemeID}", _global_theme, service.theme_out),
    # An event's own theme, for its event admins.
    Level("event", "/events/{EventID}/themes", _event_theme, service.theme_out),
)


def _mount(router: APIRouter, level: Level) -> None:
    LevelTheme = Annotated[Theme, Depends(level.load)]

    @upload_route
    async def upload_font(
        theme: LevelTheme,
        group: GroupPath,
        file: FileField,
        session: SessionDep,
        services: ServicesDep,
        storage: StorageDep,
    ) -> ThemeOut:
        stored = await store_upload(session, services, storage, file, {Kind.FONT})
        service.add_font(theme, services, group, stored.hash)
        await session.flush()
        return level.show(theme)

    async def delete_font(
        theme: LevelTheme,
        group: GroupPath,
        file_hash: HashPath,
        session: SessionDep,
        services: ServicesDep,
    ) -> ThemeOut:
        service.remove_font(theme, services, group, file_hash)
        await session.flush()
        return level.show(theme)

    async def reorder_fonts(
        theme: LevelTheme,
        group: GroupPath,
        hashes: HashesBody,
        session: SessionDep,
        services: ServicesDep,
    ) -> ThemeOut:
        service.reorder_fonts(theme, services, group, hashes)
        await session.flush()
        return level.show(theme)

    @upload_route
    async def upload_media(
        theme: LevelTheme,
        name: MediaPath,
        file: FileField,
        session: SessionDep,
        services: ServicesDep,
        storage: StorageDep,
    ) -> ThemeOut:
        stored = await store_upload(session, services, storage, file, {Kind.IMAGE})
        service.set_media(theme, services, name, stored.hash)
        await session.flush()
        return level.show(theme)

    async def delete_media(
        theme: LevelTheme, name: MediaPath, session: SessionDep, services: ServicesDep
    ) -> ThemeOut:
        service.remove_media(theme, services, name)
        await session.flush()
        return level.show(theme)

    font, media = "/fonts/{FontGroup}", "/media-assets/{MediaAssetName}"
    routes: tuple[tuple[str, str, str, Callable[..., Any]], ...] = (
        ("POST", font, "upload_{}_font", upload_font),
        ("DELETE", font + "/file-hash/{FileHash}", "delete_{}_font", delete_font),
        ("PUT", font + "/re-order", "reorder_{}_fonts", reorder_fonts),
        ("POST", media, "upload_{}_media", upload_media),
        ("DELETE", media, "delete_{}_media", delete_media),
    )
    for method, path, name, endpoint in routes:
        # The names give the operation ids and summaries, one per level.
        router.add_api_route(
            level.prefix + path,
            endpoint,
            methods=[method],
            name=name.format(level.name),
            response_model=ThemeOut,
        )


for _level in LEVELS:
    _mount(assets_router, _level)
