"""HTTP routes for theme levels: default, global per customer, per event; apply, reset, the
resolved public theme and the JSON schemas. Fonts and media assets are in `assets_router.py`.

Included before the events routers, and fixed paths (`default`, `global`, `json-schemas`)
before `{ThemeID}` ones: the tuple order in app.py and the order here are match order.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body, Path, Response
from sqlalchemy import select

from venuely.accounts.permissions import (
    AnyAdmin,
    CustomerAdmin,
    EventAdmin,
    EventMember,
    MasterAdmin,
)
from venuely.core.deps import ServicesDep, SessionDep
from venuely.core.ids import ID_PATTERN
from venuely.themes import service
from venuely.themes.access import (
    access_global_theme,
    check_customer_writable,
    theme_for_event,
    visible_customer_ids,
)
from venuely.themes.defaults import BUILTIN, FontGroup, SubThemeType, ThemeComponent
from venuely.themes.models import Theme, ThemeLevel
from venuely.themes.schemas import (
    EventThemeOut,
    GlobalThemeIn,
    ResolvedTheme,
    StyleMap,
    ThemeOut,
)

router = APIRouter(tags=["themes"])

ThemeIdPath = Annotated[str, Path(alias="ThemeID", pattern=ID_PATTERN)]
SubThemePath = Annotated[SubThemeType, Path(alias="SubThemeType")]
ComponentPath = Annotated[ThemeComponent, Path(alias="ThemeComponent")]
StyleBody = Annotated[StyleMap, Body()]


@router.get("/events/themes/default", response_model=ThemeOut)
async def get_default_theme(_: AnyAdmin, session: SessionDep) -> ThemeOut:
    return service.effective_default(await service.default_theme(session))


@router.get("/events/themes/json-schemas", response_model=dict[str, Any])
async def get_theme_json_schemas(_: AnyAdmin) -> dict[str, Any]:
    style_value = {"type": ["string", "number", "boolean", "null"]}
    schemas: dict[str, Any] = {
        sub.value: {
            "type": "object",
            "properties": {
                key: {**style_value, "default": value} for key, value in BUILTIN[sub].items()
            },
            "propertyNames": {"pattern": "^[A-Za-z0-9_-]{1,64}$"},
            "additionalProperties": style_value,
            "maxProperties": 300,
        }
        for sub in SubThemeType
    }
    schemas["GlobalTheme"] = GlobalThemeIn.model_json_schema()
    schemas["ResolvedTheme"] = ResolvedTheme.model_json_schema()
    schemas["FontGroups"] = [g.value for g in FontGroup]
    schemas["ThemeComponents"] = [c.value for c in ThemeComponent]
    return schemas


@router.get("/events/themes/global", response_model=list[ThemeOut])
async def list_global_themes(principal: AnyAdmin, session: SessionDep) -> list[ThemeOut]:
    query = select(Theme).where(Theme.level == ThemeLevel.GLOBAL.value)
    if not principal.is_master:
        query = query.where(Theme.customer_id.in_(await visible_customer_ids(session, principal)))
    rows = await session.scalars(query.order_by(Theme.id))
    return [service.theme_out(t) for t in rows.all()]


@router.post("/events/themes/global", status_code=201, response_model=ThemeOut)
async def create_global_theme(
    principal: AnyAdmin, body: GlobalThemeIn, session: SessionDep, services: ServicesDep
) -> ThemeOut:
    await check_customer_writable(session, principal, body.CustomerID)
    theme = service.create_global(session, services, body)
    await session.flush()
    return service.theme_out(theme)


@router.get("/events/themes/global/{CustomerID}", response_model=list[ThemeOut])
async def list_customer_global_themes(access: CustomerAdmin, session: SessionDep) -> list[ThemeOut]:
    rows = await session.scalars(
        select(Theme)
        .where(Theme.level == ThemeLevel.GLOBAL.value, Theme.customer_id == access.customer.id)
        .order_by(Theme.id)
    )
    return [service.theme_out(t) for t in rows.all()]


@router.put("/events/themes/default/{SubThemeType}", response_model=ThemeOut)
async def put_default_sub_theme(
    _: MasterAdmin,
    sub: SubThemePath,
    body: StyleBody,
    session: SessionDep,
    services: ServicesDep,
) -> ThemeOut:
    theme = await service.default_theme_for_write(session, services)
    service.set_sub_theme(theme, services, sub, body)
    await session.flush()
    return service.effective_default(theme)


@router.get("/events/themes/{ThemeID}", response_model=ThemeOut)
async def get_theme(principal: AnyAdmin, theme_id: ThemeIdPath, session: SessionDep) -> ThemeOut:
    return service.theme_out(await access_global_theme(session, principal, theme_id, write=False))


@router.delete("/events/themes/{ThemeID}", status_code=204)
async def delete_theme(principal: AnyAdmin, theme_id: ThemeIdPath, session: SessionDep) -> Response:
    theme = await access_global_theme(session, principal, theme_id, write=True)
    await session.delete(theme)  # event themes based on it keep their copy (SET NULL)
    await session.flush()
    return Response(status_code=204)


@router.put("/events/themes/{ThemeID}/{SubThemeType}", response_model=ThemeOut)
async def put_theme_sub_theme(
    principal: AnyAdmin,
    theme_id: ThemeIdPath,
    sub: SubThemePath,
    body: StyleBody,
    session: SessionDep,
    services: ServicesDep,
) -> ThemeOut:
    theme = await access_global_theme(session, principal, theme_id, write=True)
    service.set_sub_theme(theme, services, sub, body)
    await session.flush()
    return service.theme_out(theme)


@router.get("/events/{EventID}/theme", response_model=EventThemeOut)
async def get_event_theme(access: EventAdmin, session: SessionDep) -> EventThemeOut:
    own = await service.event_theme(session, access.event)
    return EventThemeOut(
        Theme=service.theme_out(own) if own else None,
        Resolved=await service.resolve(session, access.event),
    )


@router.put("/events/{EventID}/theme/{SubThemeType}", response_model=ThemeOut)
async def put_event_sub_theme(
    access: EventAdmin,
    sub: SubThemePath,
    body: StyleBody,
    session: SessionDep,
    services: ServicesDep,
) -> ThemeOut:
    theme = await service.event_theme_for_write(session, services, access.event)
    service.set_sub_theme(theme, services, sub, body)
    await session.flush()
    return service.theme_out(theme)


@router.put("/events/{EventID}/theme/{ThemeComponent}/reset", response_model=ThemeOut)
async def reset_event_theme_component(
    access: EventAdmin, component: ComponentPath, session: SessionDep, services: ServicesDep
) -> ThemeOut:
    theme = await service.event_theme_for_write(session, services, access.event)
    service.reset_component(theme, services, component)
    await session.flush()
    return service.theme_out(theme)


@router.post("/events/{EventID}/themes/{ThemeID}/apply", response_model=ThemeOut)
async def apply_theme(
    access: EventAdmin, theme_id: ThemeIdPath, session: SessionDep, services: ServicesDep
) -> ThemeOut:
    source = await theme_for_event(session, theme_id, access.event)
    theme = await service.event_theme_for_write(session, services, access.event)
    service.apply_global(theme, services, source)
    await session.flush()
    return service.theme_out(theme)


@router.get("/events/{EventID}/public/theme", response_model=ResolvedTheme)
async def get_public_theme(access: EventMember, session: SessionDep) -> ResolvedTheme:
    return await service.resolve(session, access.event)
