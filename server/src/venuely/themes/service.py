"""Theme writes and resolution.

Resolution (`resolve`): for each style map, default ← global ← event, key by key; for each font
group and media asset, the most specific level that has one wins (a font group is a stack of
fallbacks, so lists are not merged across levels). `login_box_x_offset` lives in MainTheme and is
lifted to the top of the resolved theme, where the web app reads it.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.core.errors import ApiError, ErrorCode
from venuely.core.ids import NULL_ID, new_id
from venuely.core.services import Services
from venuely.events.models import Event
from venuely.files.schemas import FileRef
from venuely.files.service import file_url
from venuely.files.upsert import insert_ignore
from venuely.themes.defaults import (
    BUILTIN,
    COLUMNS,
    LOGIN_BOX_KEY,
    FontGroup,
    SubThemeType,
    ThemeComponent,
)
from venuely.themes.models import Theme, ThemeLevel
from venuely.themes.schemas import GlobalThemeIn, ResolvedTheme, ThemeOut

DEFAULT_SLOT = "default"


def event_slot(event_id: str) -> str:
    return f"event:{event_id}"


def _fonts_out(fonts: dict[str, Any]) -> dict[str, list[FileRef]]:
    return {
        group: [FileRef(url=file_url(h), hash=h) for h in hashes]
        for group, hashes in fonts.items()
        if hashes
    }


def _media_out(media: dict[str, Any]) -> dict[str, FileRef]:
    return {name: FileRef(url=file_url(h), hash=h) for name, h in media.items()}


def _split_main(main: dict[str, Any]) -> tuple[dict[str, Any], str | None]:
    rest = {k: v for k, v in main.items() if k != LOGIN_BOX_KEY}
    offset = main.get(LOGIN_BOX_KEY)
    return rest, None if offset is None else str(offset)


def theme_out(theme: Theme) -> ThemeOut:
    main, offset = _split_main(theme.main_theme)
    return ThemeOut(
        ThemeID=theme.id,
        Level=theme.level,
        Name=theme.name,
        CustomerID=theme.customer_id,
        EventID=theme.event_id,
        BaseThemeID=theme.base_theme_id,
        MainTheme=main,
        HeaderTheme=dict(theme.header_theme),
        ChatTheme=dict(theme.chat_theme),
        FontAssets=_fonts_out(theme.fonts),
        MediaAssets=_media_out(theme.media_assets),
        login_box_x_offset=offset,
        UpdatedAt=theme.updated_at,
    )


async def _by_slot(session: AsyncSession, slot: str) -> Theme | None:
    return await session.scalar(select(Theme).where(Theme.slot == slot))


async def _get_or_create(session: AsyncSession, values: dict[str, Any]) -> Theme:
    slot = values["slot"]
    found = await _by_slot(session, slot)
    if found is not None:
        return found
    # Another request may create the same slot meanwhile; the unique slot keeps one row.
    await insert_ignore(session, Theme, values)
    found = await _by_slot(session, slot)
    assert found is not None
    return found


def _new(services: Services, level: ThemeLevel, **fields: Any) -> dict[str, Any]:
    now = services.clock.now()
    values: dict[str, Any] = {
        "id": new_id(),
        "level": level.value,
        "main_theme": {},
        "header_theme": {},
        "chat_theme": {},
        "fonts": {},
        "media_assets": {},
        "name": "",
        "created_at": now,
        "updated_at": now,
    }
    values.update(fields)
    return values


async def default_theme(session: AsyncSession) -> Theme | None:
    return await _by_slot(session, DEFAULT_SLOT)


async def default_theme_for_write(session: AsyncSession, services: Services) -> Theme:
    values = _new(services, ThemeLevel.DEFAULT, slot=DEFAULT_SLOT, name="Default")
    return await _get_or_create(session, values)


async def event_theme(session: AsyncSession, event: Event) -> Theme | None:
    return await _by_slot(session, event_slot(event.id))


async def event_theme_for_write(session: AsyncSession, services: Services, event: Event) -> Theme:
    values = _new(
        services,
        ThemeLevel.EVENT,
        slot=event_slot(event.id),
        event_id=event.id,
        customer_id=event.customer_id,
    )
    return await _get_or_create(session, values)


def effective_default(stored: Theme | None) -> ThemeOut:
    """The default level as clients see it: built-in values under what master admins stored."""
    layers = [stored] if stored is not None else []
    resolved = _resolve_layers(layers, NULL_ID)
    return ThemeOut(
        ThemeID=stored.id if stored else NULL_ID,
        Level=ThemeLevel.DEFAULT.value,
        Name="Default",
        CustomerID=None,
        EventID=None,
        BaseThemeID=None,
        MainTheme=resolved.MainTheme,
        HeaderTheme=resolved.HeaderTheme,
        ChatTheme=resolved.ChatTheme,
        FontAssets=resolved.FontAssets,
        MediaAssets=resolved.MediaAssets,
        login_box_x_offset=resolved.login_box_x_offset,
        UpdatedAt=stored.updated_at if stored else None,
    )


def _resolve_layers(layers: list[Theme], event_id: str) -> ResolvedTheme:
    maps: dict[SubThemeType, dict[str, Any]] = {t: dict(BUILTIN[t]) for t in SubThemeType}
    fonts: dict[str, Any] = {}
    media: dict[str, Any] = {}
    for layer in layers:  # least specific first
        for sub, column in COLUMNS.items():
            maps[sub].update(getattr(layer, column))
        fonts.update({group: hashes for group, hashes in layer.fonts.items() if hashes})
        media.update(layer.media_assets)
    main, offset = _split_main(maps[SubThemeType.MAIN])
    return ResolvedTheme(
        EventID=event_id,
        MainTheme=main,
        HeaderTheme=maps[SubThemeType.HEADER],
        ChatTheme=maps[SubThemeType.CHAT],
        FontAssets=_fonts_out(fonts),
        MediaAssets=_media_out(media),
        login_box_x_offset=offset,
    )


async def resolve(session: AsyncSession, event: Event) -> ResolvedTheme:
    layers: list[Theme] = []
    default = await default_theme(session)
    if default is not None:
        layers.append(default)
    own = await event_theme(session, event)
    if own is not None and own.base_theme_id is not None:
        base = await session.get(Theme, own.base_theme_id)
        # A global theme of another customer never shapes this event, whatever the row says.
        if base is not None and base.customer_id == event.customer_id:
            layers.append(base)
    if own is not None:
        layers.append(own)
    return _resolve_layers(layers, event.id)


def _touch(theme: Theme, services: Services) -> None:
    theme.updated_at = services.clock.now()


def set_sub_theme(
    theme: Theme, services: Services, sub: SubThemeType, values: dict[str, Any]
) -> None:
    """Replaces this level's map; keys not sent fall back to the levels below."""
    setattr(theme, COLUMNS[sub], dict(values))
    _touch(theme, services)


def reset_component(theme: Theme, services: Services, component: ThemeComponent) -> None:
    if component in (ThemeComponent.FONTS, ThemeComponent.ALL):
        theme.fonts = {}
    if component in (ThemeComponent.MEDIA, ThemeComponent.ALL):
        theme.media_assets = {}
    for sub, column in COLUMNS.items():
        if component in (ThemeComponent.ALL, ThemeComponent(sub.value)):
            setattr(theme, column, {})
    _touch(theme, services)


def add_font(theme: Theme, services: Services, group: FontGroup, file_hash: str) -> None:
    hashes = list(theme.fonts.get(group.value, []))
    if file_hash not in hashes:  # uploading the same font again keeps its place
        hashes.append(file_hash)
    theme.fonts = {**theme.fonts, group.value: hashes}
    _touch(theme, services)


def remove_font(theme: Theme, services: Services, group: FontGroup, file_hash: str) -> None:
    hashes = list(theme.fonts.get(group.value, []))
    if file_hash not in hashes:
        raise ApiError(
            ErrorCode.FILE_NOT_FOUND,
            f"Font {file_hash} is not in group {group.value} of this theme",
            {"FileHash": file_hash, "FontGroup": group.value},
        )
    hashes.remove(file_hash)
    theme.fonts = {**theme.fonts, group.value: hashes}
    _touch(theme, services)


def reorder_fonts(
    theme: Theme, services: Services, group: FontGroup, file_hashes: list[str]
) -> None:
    current = list(theme.fonts.get(group.value, []))
    if sorted(current) != sorted(file_hashes):
        raise ApiError(
            ErrorCode.VALIDATION_ERROR,
            "fileHashes must list exactly the fonts of this group, each once",
            {"FontGroup": group.value, "Current": current, "Given": file_hashes},
        )
    theme.fonts = {**theme.fonts, group.value: list(file_hashes)}
    _touch(theme, services)


def set_media(theme: Theme, services: Services, name: str, file_hash: str) -> None:
    theme.media_assets = {**theme.media_assets, name: file_hash}
    _touch(theme, services)


def remove_media(theme: Theme, services: Services, name: str) -> None:
    if name not in theme.media_assets:
        raise ApiError(
            ErrorCode.FILE_NOT_FOUND,
            f"This theme has no media asset '{name}'",
            {"MediaAssetName": name},
        )
    theme.media_assets = {k: v for k, v in theme.media_assets.items() if k != name}
    _touch(theme, services)


def create_global(session: AsyncSession, services: Services, body: GlobalThemeIn) -> Theme:
    main = dict(body.MainTheme)
    if body.login_box_x_offset is not None:
        main[LOGIN_BOX_KEY] = body.login_box_x_offset
    theme = Theme(
        **_new(
            services,
            ThemeLevel.GLOBAL,
            name=body.Name,
            customer_id=body.CustomerID,
            main_theme=main,
            header_theme=dict(body.HeaderTheme),
            chat_theme=dict(body.ChatTheme),
        )
    )
    session.add(theme)
    return theme


def apply_global(theme: Theme, services: Services, source: Theme) -> None:
    """Copies the global theme into the event's level and remembers it as the middle layer, so
    a later component reset falls back to it rather than straight to the default."""
    theme.main_theme = dict(source.main_theme)
    theme.header_theme = dict(source.header_theme)
    theme.chat_theme = dict(source.chat_theme)
    theme.fonts = {group: list(hashes) for group, hashes in source.fonts.items()}
    theme.media_assets = dict(source.media_assets)
    theme.base_theme_id = source.id
    _touch(theme, services)
