"""`GET /proxy?url=`: an image from elsewhere, fetched by the server for the web app.

Not an open proxy: callers must be logged in, each person has a per-minute budget, every fetch
goes through `core/outbound.py` (public addresses only, pinned, capped), and only images are
answered. The image is decoded and re-encoded before it is sent, so what reaches the browser is
pixels this server wrote, with its own content type and `nosniff` (set by the middleware).
"""

from __future__ import annotations

from datetime import timedelta
from typing import Annotated

from fastapi import APIRouter, Query, Response

from venuely.accounts.permissions import Authenticated
from venuely.core import ratelimit
from venuely.core.deps import ServicesDep, SessionDep
from venuely.core.outbound import OutboundDep
from venuely.vfiles.images import cleaned_image

router = APIRouter(tags=["proxy"])

BINARY = {"type": "string", "format": "binary"}
IMAGE_ACCEPT = "image/png,image/jpeg,image/gif,image/webp;q=0.9"


def proxy_limit(per_minute: int) -> ratelimit.Limit:
    return ratelimit.Limit("proxy", per_minute, timedelta(minutes=1))


@router.get(
    "/proxy",
    response_class=Response,
    responses={
        200: {
            "description": "The image, re-encoded by the server",
            "content": {t: {"schema": BINARY} for t in ("image/png", "image/jpeg", "image/webp")},
        }
    },
)
async def proxy(
    principal: Authenticated,
    session: SessionDep,
    services: ServicesDep,
    outbound: OutboundDep,
    url: Annotated[str, Query(min_length=1, max_length=2000)],
) -> Response:
    limit = proxy_limit(services.settings.proxy_requests_per_minute)
    await ratelimit.enforce(session, limit, principal.person_id, services.clock.now())
    # The counted hit must survive a refused or failed fetch, or failures would be free.
    await session.commit()
    fetched = await outbound.fetch(url, accept=IMAGE_ACCEPT)
    image = await cleaned_image(fetched.body, services.settings.max_image_pixels)
    return Response(
        image.data,
        media_type=image.content_type,
        headers={
            "Content-Disposition": f'inline; filename="proxy.{image.extension}"',
            "Cache-Control": "private, max-age=300",
            "Content-Security-Policy": "default-src 'none'; sandbox",
        },
    )
