"""The application factory: builds services, mounts every feature router under `/api/v1`."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import APIRouter, FastAPI

from venuely import __version__
from venuely.accounts.router import router as accounts_router
from venuely.accounts.socket import ticket_router as realtime_ticket_router
from venuely.activities.router import router as activities_router
from venuely.admins.router import router as admins_router
from venuely.agenda.router import router as agenda_router
from venuely.analytics import realtime as analytics_realtime  # noqa: F401 - registers it
from venuely.analytics.flush import on_stop as analytics_on_stop
from venuely.analytics.router import router as analytics_router
from venuely.breakouts.lifecycle import on_start as breakouts_on_start
from venuely.breakouts.router import router as breakouts_router
from venuely.chat import realtime as chat_realtime  # noqa: F401 - registers the socket handlers
from venuely.chat.mutes_router import mutes_router as chat_mutes_router
from venuely.chat.rooms_router import rooms_router as chat_rooms_router
from venuely.chat.router import router as chat_router
from venuely.core.errors import error_responses, install_error_handlers
from venuely.core.heap import settle_heap
from venuely.core.metrics import process_stopped
from venuely.core.middleware import AccessLogMiddleware, BodyLimitMiddleware, NulGuardMiddleware
from venuely.core.route_filter import prefilter_routers
from venuely.core.services import Services, build_services
from venuely.customers.router import router as customers_router
from venuely.events.menu_router import menu_router
from venuely.events.pages_router import pages_router as events_pages_router
from venuely.events.prepublish.router import prepublish_router
from venuely.events.public_router import public_router as events_public_router
from venuely.events.router import router as events_router
from venuely.files.limits import upload_path_limits
from venuely.files.router import router as files_router
from venuely.helpdesk.router import router as helpdesk_router
from venuely.identity.router import router as identity_router
from venuely.lists.router import router as lists_router
from venuely.locations.router import router as locations_router
from venuely.media.router import router as media_router
from venuely.ops.health import health_router
from venuely.ops.metrics import metrics_router
from venuely.panoramas.router import router as panoramas_router
from venuely.panoramas.tours_router import tours_router
from venuely.people.router import router as people_router
from venuely.polls import realtime as polls_realtime  # noqa: F401 - registers POLL_VOTE
from venuely.polls.router import router as polls_router
from venuely.privacy.router import router as privacy_router
from venuely.proxy.router import router as proxy_router
from venuely.qna import realtime as qna_realtime  # noqa: F401 - registers QUESTION_UPVOTE
from venuely.qna.router import router as qna_router
from venuely.reactions import realtime as reactions_realtime  # noqa: F401 - registers it
from venuely.realtime.router import socket_router as realtime_socket_router
from venuely.relations.router import router as relations_router
from venuely.settings import Environment, Settings, load_settings
from venuely.themes.assets_router import assets_router as themes_assets_router
from venuely.themes.router import router as themes_router
from venuely.treasurehunt.router import router as treasurehunt_router
from venuely.vfiles.router import router as vfiles_router
from venuely.vtables.router import router as vtables_router
from venuely.walloffame.router import router as walloffame_router
from venuely.web.spa import router as spa_router

API_PREFIX = "/api/v1"

# Feature routers in the order their paths should match (fixed paths before `{EventID}` ones).
FEATURE_ROUTERS: tuple[APIRouter, ...] = (
    # First: routes are matched in order, one by one (about 190 here), and a reconnect storm
    # asks for a ticket per socket. Its path overlaps no other route.
    realtime_ticket_router,
    # Before accounts: /persons/me/... must not be taken for a PersonID.
    privacy_router,
    accounts_router,
    admins_router,
    files_router,
    # Before the events routers: /events/themes/... must not be taken for an event id.
    themes_router,
    themes_assets_router,
    events_public_router,
    # The attendee app's hot reads next (chat history, the agenda), as early as their paths
    # allow: each route passed costs a few microseconds of matching on every request, and these
    # used to follow about 110 routes. None of their paths overlaps one of the six routers they
    # now precede (tests/unit/test_route_order.py keeps it so).
    # Before the generic activities/lists/relations routers: /activities/chatrooms/... and
    # friends must not be taken for an activity id.
    chat_router,
    chat_rooms_router,
    chat_mutes_router,
    activities_router,
    events_router,
    customers_router,
    identity_router,
    menu_router,
    events_pages_router,
    prepublish_router,
    relations_router,
    lists_router,
    locations_router,
    panoramas_router,
    vfiles_router,
    vtables_router,
    treasurehunt_router,
    media_router,
    agenda_router,
    polls_router,
    qna_router,
    breakouts_router,
    helpdesk_router,
    people_router,
    walloffame_router,
    analytics_router,
    proxy_router,
)


def create_app(settings: Settings | None = None, services: Services | None = None) -> FastAPI:
    if services is None:
        services = build_services(settings or load_settings())

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        # Each worker process runs this with its own services, so each has its own hub and
        # broker subscription; nothing realtime is shared between workers but Redis. Read from
        # the app's state, like every request does, so the app holds nothing else of them.
        services: Services = app.state.services
        await services.hub.start()
        services.background.start()
        # Breakout presence left by this server's previous life (docs/subsystems/breakouts.md).
        await breakouts_on_start(services)
        if services.settings.env is not Environment.TEST:
            settle_heap()  # start-up's objects out of the collector's full passes (core/heap.py)
        yield
        await services.background.stop()
        # After the jobs stopped: the tracker's last 10 s are written, not lost (analytics.md).
        await analytics_on_stop(services)
        await services.hub.stop()
        await services.db.dispose()
        process_stopped()

    app = FastAPI(
        title="Venuely API",
        version=__version__,
        openapi_url=f"{API_PREFIX}/openapi.json",
        docs_url="/api/docs",
        redoc_url=None,
        lifespan=lifespan,
    )
    app.state.services = services
    install_error_handlers(app)
    # The socket route first, for the same reason as the ticket route; only WebSocket
    # requests can match it.
    app.include_router(realtime_socket_router)
    for router in FEATURE_ROUTERS:
        app.include_router(router, prefix=API_PREFIX, responses=error_responses())
    # Probes for balancers and supervisors, outside the API prefix (ops/health.py).
    app.include_router(health_router, responses=error_responses())
    app.include_router(metrics_router, responses=error_responses())
    # Tours are static files with their own path, outside the API prefix (PanoURL).
    app.include_router(tours_router, responses=error_responses())
    # The web app answers every other path, so it is mounted last and outside `/api/v1`.
    app.include_router(spa_router)
    # Each router is passed over with one regex call when none of its paths fits the request.
    prefilter_routers(app)
    # Upload routes (marked with files.limits.upload_route) get a larger body allowance.
    # Inside the body limit, so it only ever buffers a body that limit has already capped.
    app.add_middleware(NulGuardMiddleware)
    app.add_middleware(
        BodyLimitMiddleware,
        limit=services.settings.max_body_bytes,
        upload_paths=upload_path_limits(FEATURE_ROUTERS, API_PREFIX, services.settings),
    )
    app.add_middleware(AccessLogMiddleware)
    return app
