"""The uvicorn options every Venuely server runs with: `venuely serve`, the test servers and the
benchmark's, so what is tested and measured is what is deployed."""

from __future__ import annotations

from typing import Any

from venuely.realtime.wsprotocol import PROTOCOL_PATH
from venuely.settings import Settings

# The protocol's transport cap (protocol/README.md §8): a bigger message closes with 1009.
WS_MAX_MESSAGE_BYTES = 1024 * 1024


def uvicorn_options(settings: Settings) -> dict[str, Any]:
    return {
        # uvicorn's sans-I/O implementation (keepalive on event-loop timers; the legacy one
        # runs three extra tasks per socket) with the gateway's direct write path.
        "ws": PROTOCOL_PATH,
        "ws_per_message_deflate": False,
        "ws_max_size": WS_MAX_MESSAGE_BYTES,
        # WebSocket-level liveness: browsers answer these pings on their own.
        "ws_ping_interval": settings.realtime_ws_ping_seconds,
        "ws_ping_timeout": settings.realtime_ws_ping_seconds,
        "backlog": 4096,
        "proxy_headers": True,
        "log_config": None,
        # venuely.access logs every request with timing; uvicorn's own line would double it.
        "access_log": False,
    }
