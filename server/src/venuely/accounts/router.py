"""HTTP routes for accounts: registration, verification, login, password reset, persons."""

from __future__ import annotations

from fastapi import APIRouter

from venuely import __version__
from venuely.accounts.permissions import Public

router = APIRouter(tags=["persons"])


@router.get("/backendversion")
async def backend_version(_: Public) -> dict[str, str]:
    return {"Version": __version__}
