"""Panos and their versions: CRUD, tour import, pano variables, usage by events.

`import_tour` is the one way a version comes to exist, over HTTP (`router.py`) or from code
(the demo seed). It checks and cleans the whole package in a worker thread first
(`package.py`), then writes the files to the storage backend under their SHA-256, then adds the
version row; so a refused package stores nothing, and a version row never names missing files.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Coroutine
from typing import Any

import anyio
import anyio.from_thread
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.models import Person
from venuely.activities.schemas import portable_json
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.ids import new_id
from venuely.core.pagination import page_by_id
from venuely.core.services import Services
from venuely.events.models import Customer, Event
from venuely.files.service import file_url
from venuely.files.storage import Storage, StorageError, build_storage
from venuely.panoramas.models import Pano, PanoVersion
from venuely.panoramas.package import Package, PackageError, read_package
from venuely.panoramas.schemas import (
    MAX_PANO_VAR_TEXT,
    MAX_PANO_VARS,
    MAX_PANO_VARS_BYTES,
    PANO_VAR_KEY,
    PanoIn,
    PanoOut,
    PanoUsageOut,
    PanoVersionOut,
)
from venuely.panoramas.urls import TOURS_PATH, parse_tour_url, tour_url

MAX_DATA_BYTES = 16 * 1024

# (step, done, total). Steps: "check" (entries read), "images" (re-encoded), "store" (written).
ProgressCallback = Callable[[str, int, int], Coroutine[Any, Any, None]]


def version_out(version: PanoVersion, uploader_name: str = "") -> PanoVersionOut:
    return PanoVersionOut(
        PanoID=version.pano_id,
        Version=version.version,
        PanoURL=tour_url(version.pano_id, version.version),
        Title=version.title,
        StartNodeID=version.start_node_id,
        NodeCount=version.node_count,
        SizeBytes=version.size_bytes,
        PackageHash=version.package_hash,
        PanoVars=dict(version.pano_vars),
        CreatedAt=version.created_at,
        UploadedBy=version.uploaded_by,
        UploadedByName=uploader_name,
    )


async def versions_out(session: AsyncSession, versions: list[PanoVersion]) -> list[PanoVersionOut]:
    """Versions as answered, each with its uploader's current name (one query for all)."""
    ids = sorted({v.uploaded_by for v in versions if v.uploaded_by})
    names: dict[str, str] = {}
    if ids:
        rows = await session.scalars(select(Person).where(Person.id.in_(ids)))
        names = {p.id: p.full_name for p in rows}
    return [version_out(v, names.get(v.uploaded_by, "")) for v in versions]


async def list_versions(session: AsyncSession, pano_id: str) -> list[PanoVersion]:
    query = select(PanoVersion).where(PanoVersion.pano_id == pano_id)
    return list((await session.scalars(query.order_by(PanoVersion.version))).all())


async def pano_out(session: AsyncSession, pano: Pano) -> PanoOut:
    versions = await list_versions(session, pano.id)
    return PanoOut(
        ID=pano.id,
        CustomerID=pano.customer_id,
        Name=pano.name,
        Description=str(pano.document.get("Description", "")),
        Data=dict(pano.document.get("Data", {})),
        PreviewURL=file_url(pano.preview_hash) if pano.preview_hash else "",
        Versions=await versions_out(session, versions),
        CreatedAt=pano.created_at,
        UpdatedAt=pano.updated_at,
    )


def _check_identity(body: PanoIn, pano_id: str | None, customer_id: str) -> None:
    if body.ID is not None and pano_id != body.ID:
        raise ApiError(ErrorCode.VALIDATION_ERROR, "ID does not match", {"ID": body.ID})
    if body.CustomerID is not None and body.CustomerID != customer_id:
        raise ApiError(
            ErrorCode.VALIDATION_ERROR,
            "A pano cannot move to another customer",
            {"CustomerID": body.CustomerID},
        )


def _apply(pano: Pano, body: PanoIn) -> None:
    pano.name = body.Name
    pano.document = {
        "Description": body.Description,
        "Data": portable_json(body.Data, limit=MAX_DATA_BYTES, what="Data"),
    }


async def create_pano(
    session: AsyncSession, services: Services, customer: Customer, body: PanoIn
) -> Pano:
    _check_identity(body, None, customer.id)
    now = services.clock.now()
    pano = Pano(id=new_id(), customer_id=customer.id, created_at=now, updated_at=now)
    _apply(pano, body)
    session.add(pano)
    await session.flush()
    return pano


async def update_pano(session: AsyncSession, services: Services, pano: Pano, body: PanoIn) -> Pano:
    _check_identity(body, pano.id, pano.customer_id)
    _apply(pano, body)
    pano.updated_at = services.clock.now()
    await session.flush()
    return pano


async def list_panos(
    session: AsyncSession, customer_ids: set[str] | None, start_id: str | None, limit: int
) -> list[Pano]:
    """Panos of `customer_ids` (None: every customer, for master admins), by id."""
    query = select(Pano)
    if customer_ids is not None:
        query = query.where(Pano.customer_id.in_(sorted(customer_ids)))
    return list((await session.scalars(page_by_id(query, Pano.id, start_id, limit))).all())


async def events_using(
    session: AsyncSession, pano: Pano, version: int | None = None
) -> list[Event]:
    """Events of the pano's customer whose PanoURL points at the pano (one version or any)."""
    query = select(Event).where(Event.customer_id == pano.customer_id)
    if version is not None:
        query = query.where(Event.pano_url == tour_url(pano.id, version))
    else:
        query = query.where(Event.pano_url.startswith(f"{TOURS_PATH}/{pano.id}/"))
    return list((await session.scalars(query.order_by(Event.id))).all())


def usage_out(events: list[Event]) -> list[PanoUsageOut]:
    return [
        PanoUsageOut(EventID=e.id, InternalName=e.internal_name, Title=e.title, PanoURL=e.pano_url)
        for e in events
    ]


async def delete_pano(session: AsyncSession, pano: Pano) -> None:
    used = await events_using(session, pano)
    if used:
        raise ApiError(
            ErrorCode.CONFLICT,
            "Events still use this pano; point them at another tour first",
            {"PanoID": pano.id, "EventIDs": [e.id for e in used]},
        )
    await session.delete(pano)
    await session.flush()


def version_not_found(pano_id: str, version: int) -> ApiError:
    return ApiError(
        ErrorCode.NOT_FOUND,
        f"Version {version} of pano {pano_id} not found",
        {"PanoID": pano_id, "PanoVersion": version},
    )


async def load_version(session: AsyncSession, pano_id: str, version: int) -> PanoVersion:
    row = await session.get(PanoVersion, (pano_id, version))
    if row is None:
        raise version_not_found(pano_id, version)
    return row


async def delete_version(session: AsyncSession, pano: Pano, version: PanoVersion) -> None:
    used = await events_using(session, pano, version.version)
    if used:
        raise ApiError(
            ErrorCode.CONFLICT,
            "Events still use this version; point them at another one first",
            {"PanoID": pano.id, "PanoVersion": version.version, "EventIDs": [e.id for e in used]},
        )
    # The blobs stay: they are content-addressed and may be shared with other versions.
    await session.delete(version)
    await session.flush()


def check_pano_vars(body: Any) -> dict[str, Any]:
    if not isinstance(body, dict):
        raise ApiError(
            ErrorCode.VALIDATION_ERROR, "panoVars must be a JSON object", {"Name": "panoVars"}
        )
    if len(body) > MAX_PANO_VARS:
        raise ApiError(
            ErrorCode.VALIDATION_ERROR,
            f"At most {MAX_PANO_VARS} pano variables",
            {"Name": "panoVars", "Limit": MAX_PANO_VARS},
        )
    for key, value in body.items():
        if not PANO_VAR_KEY.match(key):
            raise ApiError(
                ErrorCode.VALIDATION_ERROR,
                f"Pano variable names are Var_ and 1-60 of A-Z a-z 0-9 _, not '{key[:80]}'",
                {"Name": "panoVars", "Key": key[:80]},
            )
        if value is not None and not isinstance(value, str | int | float | bool):
            raise ApiError(
                ErrorCode.VALIDATION_ERROR,
                f"Pano variable {key} must be a string, number, boolean or null",
                {"Name": "panoVars", "Key": key},
            )
        if isinstance(value, str) and len(value) > MAX_PANO_VAR_TEXT:
            raise ApiError(
                ErrorCode.VALIDATION_ERROR,
                f"Pano variable {key} is longer than {MAX_PANO_VAR_TEXT} characters",
                {"Name": "panoVars", "Key": key},
            )
    checked: dict[str, Any] = portable_json(body, limit=MAX_PANO_VARS_BYTES, what="panoVars")
    return checked


async def set_pano_vars(session: AsyncSession, version: PanoVersion, body: Any) -> PanoVersion:
    version.pano_vars = check_pano_vars(body)
    await session.flush()
    return version


def package_error(exc: PackageError) -> ApiError:
    data: dict[str, Any] = {"Name": "file"}
    if exc.entry is not None:
        data["Entry"] = exc.entry
    message = f"Tour package refused: {exc.message}"
    if exc.entry is not None:
        message += f" ({exc.entry})"
    code = ErrorCode.BODY_TOO_LARGE if exc.too_large else ErrorCode.INVALID_FILE
    return ApiError(code, message, data)


async def _read(data: bytes, max_pixels: int, progress: ProgressCallback | None) -> Package:
    def report(step: str, done: int, total: int) -> None:
        if progress is not None:
            anyio.from_thread.run(progress, step, done, total)

    try:
        return await anyio.to_thread.run_sync(read_package, data, max_pixels, report)
    except PackageError as exc:
        raise package_error(exc) from exc


async def _next_version(session: AsyncSession, pano_id: str) -> int:
    latest = await session.scalar(
        select(func.max(PanoVersion.version)).where(PanoVersion.pano_id == pano_id)
    )
    return int(latest or 0) + 1


async def import_tour(
    session: AsyncSession,
    services: Services,
    pano: Pano,
    data: bytes,
    progress: ProgressCallback | None = None,
    *,
    storage: Storage | None = None,
    uploaded_by: str = "",
) -> PanoVersion:
    """Check, clean and store a tour zip as the pano's next version (flushed, not committed).

    Raises `ApiError` (422 INVALID_FILE, or 413 BODY_TOO_LARGE for size limits) with nothing
    stored when the package is refused. `storage` defaults to the backend the settings name.
    """
    if not data:
        raise ApiError(ErrorCode.INVALID_FILE, "The tour package is empty", {"Name": "file"})
    package = await _read(data, services.settings.max_image_pixels, progress)
    store = storage or build_storage(services.settings)
    manifest: dict[str, Any] = {}
    for done, item in enumerate(package.files, start=1):
        digest = hashlib.sha256(item.data).hexdigest()
        try:
            await store.put(digest, item.data, item.content_type)
        except StorageError as exc:
            raise ApiError(ErrorCode.STORAGE_FAILED, "The tour could not be stored") from exc
        manifest[item.path] = {
            "Hash": digest,
            "ContentType": item.content_type,
            "Size": len(item.data),
        }
        if progress is not None:
            await progress("store", done, len(package.files))
    version = PanoVersion(
        pano_id=pano.id,
        version=await _next_version(session, pano.id),
        title=package.tour.Title,
        start_node_id=package.tour.StartNodeID,
        node_count=len(package.tour.Nodes),
        manifest=manifest,
        pano_vars={},
        size_bytes=package.size,
        package_hash=hashlib.sha256(data).hexdigest(),
        uploaded_by=uploaded_by,
        created_at=services.clock.now(),
    )
    try:
        async with session.begin_nested():
            session.add(version)
            await session.flush()
    except IntegrityError as exc:
        # Two uploads to one pano at once: the other took this number; the client retries.
        raise ApiError(
            ErrorCode.CONFLICT,
            "Another upload to this pano finished first; upload again",
            {"PanoID": pano.id},
        ) from exc
    pano.updated_at = services.clock.now()
    await session.flush()
    return version


async def check_event_pano(
    session: AsyncSession, customer_id: str, pano_id: str, version: int
) -> str:
    """The PanoURL of an existing version of a pano of `customer_id`, for an event of that
    customer; another customer's pano is reported like a missing one."""
    pano = await session.get(Pano, pano_id)
    if pano is None or pano.customer_id != customer_id:
        raise ApiError(
            ErrorCode.NOT_FOUND,
            f"Pano {pano_id} not found for this customer",
            {"PanoID": pano_id},
        )
    await load_version(session, pano_id, version)
    return tour_url(pano_id, version)


async def check_event_pano_url(session: AsyncSession, customer_id: str, url: str) -> None:
    """A PanoURL naming one of our tour versions must name one the event's customer owns."""
    parsed = parse_tour_url(url)
    if parsed is not None:
        await check_event_pano(session, customer_id, *parsed)
    elif url.startswith(TOURS_PATH + "/"):
        raise ApiError(
            ErrorCode.VALIDATION_ERROR,
            "PanoURL under /tours/ must be /tours/{PanoID}/{Version}/",
            {"PanoURL": url[:300]},
        )
