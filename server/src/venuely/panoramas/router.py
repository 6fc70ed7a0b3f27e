"""HTTP routes of the panoramas feature (admin-api.md §7 "Panoramas").

Pano routes declare `AnyAdmin` (attendees never see panos: 403) and then `access.access_pano`
limits them to admins of the pano's customer (others get 404). Attendee pano variables live in
`attendee_router.py` and are included here, so app.py mounts one router.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body, File, Path, Query, Response, UploadFile

from venuely.accounts.permissions import AnyAdmin, load_admined_customer
from venuely.admins.roles import Role
from venuely.core.deps import ServicesDep, SessionDep
from venuely.core.errors import ApiError
from venuely.core.ids import ID_PATTERN
from venuely.core.pagination import MaxCountQuery, StartIdQuery
from venuely.events.schemas import EventOut
from venuely.events.service import event_out
from venuely.files.limits import tour_upload_route, upload_route
from venuely.files.service import StorageDep, read_limited, store_upload
from venuely.files.sniff import Kind
from venuely.panoramas import service
from venuely.panoramas.access import access_pano
from venuely.panoramas.attendee_router import attendee_router
from venuely.panoramas.schemas import (
    PanoCreate,
    PanoIn,
    PanoOut,
    PanoUsageOut,
    PanoVersionOut,
)
from venuely.panoramas.sync import UploadReporter

router = APIRouter(tags=["panoramas"])

PanoIdPath = Annotated[str, Path(alias="PanoID", pattern=ID_PATTERN)]
VersionPath = Annotated[int, Path(alias="PanoVersion", ge=1, le=999_999_999)]


@router.get("/panos", response_model=list[PanoOut])
async def list_panos(
    principal: AnyAdmin,
    session: SessionDep,
    customer_id: Annotated[str | None, Query(alias="CustomerID", pattern=ID_PATTERN)] = None,
    start_id: StartIdQuery = None,
    max_count: MaxCountQuery = 1000,
) -> list[PanoOut]:
    customers: set[str] | None
    if customer_id is not None:
        customer = await load_admined_customer(session, principal, customer_id, role=Role.CONTENT)
        customers = {customer.id}
    elif principal.is_master:
        customers = None
    else:
        customers = principal.customer_ids_with(Role.CONTENT)
    panos = await service.list_panos(session, customers, start_id, max_count)
    return [await service.pano_out(session, p) for p in panos]


@router.post("/panos", response_model=PanoOut, status_code=201)
async def create_pano(
    principal: AnyAdmin, body: PanoCreate, session: SessionDep, services: ServicesDep
) -> PanoOut:
    customer = await load_admined_customer(session, principal, body.CustomerID, role=Role.CONTENT)
    pano = await service.create_pano(session, services, customer, body)
    return await service.pano_out(session, pano)


@router.get("/panos/{PanoID}", response_model=PanoOut)
async def get_pano(principal: AnyAdmin, pano_id: PanoIdPath, session: SessionDep) -> PanoOut:
    return await service.pano_out(session, await access_pano(session, principal, pano_id))


@router.put("/panos/{PanoID}", response_model=PanoOut)
async def update_pano(
    principal: AnyAdmin,
    pano_id: PanoIdPath,
    body: PanoIn,
    session: SessionDep,
    services: ServicesDep,
) -> PanoOut:
    pano = await access_pano(session, principal, pano_id)
    pano = await service.update_pano(session, services, pano, body)
    return await service.pano_out(session, pano)


@router.delete("/panos/{PanoID}", status_code=204)
async def delete_pano(principal: AnyAdmin, pano_id: PanoIdPath, session: SessionDep) -> Response:
    await service.delete_pano(session, await access_pano(session, principal, pano_id))
    return Response(status_code=204)


@router.put("/panos/{PanoID}/preview-upload", response_model=PanoOut)
@upload_route
async def put_preview(
    principal: AnyAdmin,
    pano_id: PanoIdPath,
    preview: Annotated[UploadFile, File(alias="preview", description="PNG, JPEG or WebP")],
    session: SessionDep,
    services: ServicesDep,
    storage: StorageDep,
) -> PanoOut:
    pano = await access_pano(session, principal, pano_id)
    stored = await store_upload(session, services, storage, preview, {Kind.IMAGE})
    pano.preview_hash = stored.hash
    pano.updated_at = services.clock.now()
    await session.flush()
    return await service.pano_out(session, pano)


@router.delete("/panos/{PanoID}/preview-upload", response_model=PanoOut)
async def delete_preview(
    principal: AnyAdmin, pano_id: PanoIdPath, session: SessionDep, services: ServicesDep
) -> PanoOut:
    pano = await access_pano(session, principal, pano_id)
    # The blob stays: content-addressed files may be used elsewhere (files/service.py).
    pano.preview_hash = ""
    pano.updated_at = services.clock.now()
    await session.flush()
    return await service.pano_out(session, pano)


async def _upload(
    principal: AnyAdmin,
    pano_id: str,
    file: UploadFile,
    session: SessionDep,
    services: ServicesDep,
    storage: StorageDep,
) -> PanoVersionOut:
    pano = await access_pano(session, principal, pano_id)
    planned = max([v.version for v in await service.list_versions(session, pano.id)] + [0]) + 1
    reporter = UploadReporter(services, principal.person_id, pano.id, planned)
    try:
        data = await read_limited(file, services.settings.max_tour_upload_bytes)
        version = await service.import_tour(
            session,
            services,
            pano,
            data,
            reporter.progress,
            storage=storage,
            uploaded_by=principal.person_id,
        )
    except ApiError as exc:
        await reporter.error(exc)
        raise
    [out] = await service.versions_out(session, [version])
    await session.commit()
    await reporter.success(version.version, out.PanoURL)
    return out


TourFile = Annotated[UploadFile, File(alias="file", description="a tour zip (tour-package.md)")]


@router.post("/panos/{PanoID}/upload", response_model=PanoVersionOut, status_code=201)
@tour_upload_route
async def post_upload(
    principal: AnyAdmin,
    pano_id: PanoIdPath,
    file: TourFile,
    session: SessionDep,
    services: ServicesDep,
    storage: StorageDep,
) -> PanoVersionOut:
    return await _upload(principal, pano_id, file, session, services, storage)


@router.put("/panos/{PanoID}/upload", response_model=PanoVersionOut, status_code=201)
@tour_upload_route
async def put_upload(
    principal: AnyAdmin,
    pano_id: PanoIdPath,
    file: TourFile,
    session: SessionDep,
    services: ServicesDep,
    storage: StorageDep,
) -> PanoVersionOut:
    """Same as POST: every accepted upload is a new version, never a change to an old one."""
    return await _upload(principal, pano_id, file, session, services, storage)


@router.delete("/panos/{PanoID}/versions/{PanoVersion}", status_code=204)
async def delete_version(
    principal: AnyAdmin, pano_id: PanoIdPath, version: VersionPath, session: SessionDep
) -> Response:
    pano = await access_pano(session, principal, pano_id)
    row = await service.load_version(session, pano.id, version)
    await service.delete_version(session, pano, row)
    return Response(status_code=204)


@router.put("/panos/{PanoID}/versions/{PanoVersion}/panovars", response_model=PanoVersionOut)
async def put_pano_vars(
    principal: AnyAdmin,
    pano_id: PanoIdPath,
    version: VersionPath,
    pano_vars: Annotated[dict[str, Any], Body()],
    session: SessionDep,
) -> PanoVersionOut:
    pano = await access_pano(session, principal, pano_id)
    row = await service.load_version(session, pano.id, version)
    row = await service.set_pano_vars(session, row, pano_vars)
    [out] = await service.versions_out(session, [row])
    return out


@router.get("/panos/{PanoID}/versions/{PanoVersion}/usage", response_model=list[PanoUsageOut])
async def get_usage(
    principal: AnyAdmin, pano_id: PanoIdPath, version: VersionPath, session: SessionDep
) -> list[PanoUsageOut]:
    pano = await access_pano(session, principal, pano_id)
    await service.load_version(session, pano.id, version)
    return service.usage_out(await service.events_using(session, pano, version))


@router.get("/events/pano/{PanoID}/{Version}", response_model=list[EventOut])
async def events_by_pano(
    principal: AnyAdmin,
    pano_id: PanoIdPath,
    version: Annotated[int, Path(alias="Version", ge=1, le=999_999_999)],
    session: SessionDep,
) -> list[EventOut]:
    """The events whose PanoURL is this version, as admins read events."""
    pano = await access_pano(session, principal, pano_id)
    await service.load_version(session, pano.id, version)
    return [event_out(e) for e in await service.events_using(session, pano, version)]


router.include_router(attendee_router)
