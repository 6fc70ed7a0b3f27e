"""`GET /metrics`: the server's metrics in Prometheus' text format (core/metrics.py says which
and how the workers' values are summed). Outside the API prefix like the probes, and public like
them: a scraper has no token. It tells traffic by route template and status, never a person, an
id or a path as requested; deploy/nginx/venuely.conf keeps it, with the probes, off the outside.
"""

from __future__ import annotations

from fastapi import APIRouter, Response
from prometheus_client import CONTENT_TYPE_LATEST

from venuely.accounts.permissions import Public
from venuely.core.metrics import exposition

metrics_router = APIRouter(tags=["operations"])


@metrics_router.get(
    "/metrics",
    response_class=Response,
    # Prometheus' text format; the header's parameters name its version (CONTENT_TYPE_LATEST).
    responses={
        200: {
            "content": {"text/plain": {"schema": {"type": "string"}}},
            "description": "The metrics",
        }
    },
)
async def metrics(_: Public) -> Response:
    """Requests, latencies, open sockets, deliveries, slow-consumer closes, queue depths."""
    headers = {"Cache-Control": "no-store"}
    return Response(exposition(), media_type=CONTENT_TYPE_LATEST, headers=headers)
