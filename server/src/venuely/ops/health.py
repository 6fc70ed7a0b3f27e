"""Probes for whatever runs the server (a load balancer, systemd, Kubernetes): `/healthz` and
`/readyz`, outside the API prefix like every probe a proxy is configured with.

- `/healthz`, liveness: the process answers HTTP. Nothing else is asked, so a slow database never
  gets a healthy process restarted.
- `/readyz`, readiness: the process can serve now — the database answers a statement and, with
  Redis configured, Redis answers a PING and the subscription that brings other processes'
  frames is up. 503 with what failed otherwise, so a balancer stops sending it traffic until it
  recovers. Each check gives up after `CHECK_SECONDS`: a probe must answer before the prober's
  own timeout, with the reason, not hang with the database.

Both are public (a prober has no token) and say nothing an outsider could use: which check
failed and the kind of error, never a connection string or a trace.
"""

from __future__ import annotations

import asyncio
from typing import Literal

from fastapi import APIRouter, Response
from pydantic import BaseModel
from sqlalchemy import text

from venuely.accounts.permissions import Public
from venuely.core.deps import ServicesDep
from venuely.core.services import Services

health_router = APIRouter(tags=["operations"])

CHECK_SECONDS = 2.0
OK = "ok"


class Health(BaseModel):
    Status: Literal["ok", "unavailable"]
    # Per check ("database", "redis"): "ok", or why it failed.
    Checks: dict[str, str]


@health_router.get("/healthz", response_model=Health)
async def healthz(_: Public) -> Health:
    """The process is alive and serving HTTP."""
    return Health(Status="ok", Checks={})


async def _database(services: Services) -> str:
    try:
        async with asyncio.timeout(CHECK_SECONDS), services.db.session() as session:
            await session.execute(text("SELECT 1"))
    except TimeoutError:
        return f"no answer within {CHECK_SECONDS:g} s"
    except Exception as exc:  # any driver's failure is a "not ready", never a 500
        return f"unreachable ({type(exc).__name__})"
    return OK


async def _broker(services: Services) -> str:
    try:
        async with asyncio.timeout(CHECK_SECONDS):
            problem = await services.hub.broker_problem()
    except TimeoutError:
        return f"no answer within {CHECK_SECONDS:g} s"
    return OK if problem is None else problem


@health_router.get(
    "/readyz",
    response_model=Health,
    responses={503: {"model": Health, "description": "A dependency is not reachable"}},
)
async def readyz(_: Public, services: ServicesDep, response: Response) -> Health:
    """The database (and Redis, when configured) answer: the process can take traffic."""
    checks = {"database": await _database(services)}
    if services.settings.redis_url:
        checks["redis"] = await _broker(services)
    ready = all(result == OK for result in checks.values())
    response.status_code = 200 if ready else 503
    response.headers["Cache-Control"] = "no-store"
    return Health(Status="ok" if ready else "unavailable", Checks=checks)
