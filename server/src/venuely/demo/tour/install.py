"""Install the demo tour as the demo customer's pano and point the demo event at it.

Idempotent: the tour zip is deterministic, so its SHA-256 identifies it. A version of the
demo pano holding exactly these bytes (`PanoVersion.package_hash`) is reused; only a changed
tour (a new `RENDER_VERSION`, or a different size) is imported, as the pano's next version.
"""

from __future__ import annotations

import hashlib

import anyio.to_thread
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.core.services import Services
from venuely.demo.tour.package import DEFAULT_WIDTH, build_demo_tour
from venuely.events.models import Customer, Event
from venuely.panoramas.models import Pano, PanoVersion
from venuely.panoramas.schemas import PanoIn
from venuely.panoramas.service import create_pano, import_tour
from venuely.panoramas.urls import tour_url
from venuely.settings import Environment, Settings

DEMO_PANO_NAME = "Venuely demo venue"
DEMO_PANO_DESCRIPTION = "Lobby, auditorium, expo hall and lounge, rendered by `venuely demo`."
# Tests seed the demo constantly; a small render keeps that fast and exercises the same code.
TEST_WIDTH = 256


def tour_width(settings: Settings) -> int:
    return TEST_WIDTH if settings.env is Environment.TEST else DEFAULT_WIDTH


async def _demo_pano(session: AsyncSession, services: Services, customer: Customer) -> Pano:
    pano = await session.scalar(
        select(Pano)
        .where(Pano.customer_id == customer.id, Pano.name == DEMO_PANO_NAME)
        .order_by(Pano.id)
        .limit(1)
    )
    if pano is None:
        body = PanoIn(Name=DEMO_PANO_NAME, Description=DEMO_PANO_DESCRIPTION)
        pano = await create_pano(session, services, customer, body)
    return pano


async def ensure_demo_tour(
    session: AsyncSession, services: Services, customer: Customer, event: Event
) -> PanoVersion:
    settings = services.settings
    # Rendering is seconds of CPU on a cold cache: off the event loop.
    data = await anyio.to_thread.run_sync(
        build_demo_tour, tour_width(settings), settings.data_dir / "demo"
    )
    digest = hashlib.sha256(data).hexdigest()
    pano = await _demo_pano(session, services, customer)
    version = await session.scalar(
        select(PanoVersion)
        .where(PanoVersion.pano_id == pano.id, PanoVersion.package_hash == digest)
        .order_by(PanoVersion.version.desc())
        .limit(1)
    )
    if version is None:
        version = await import_tour(session, services, pano, data)
    url = tour_url(pano.id, version.version)
    if event.pano_url != url:
        event.pano_url, event.updated_at = url, services.clock.now()
    await session.flush()
    return version
