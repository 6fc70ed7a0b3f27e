"""The WebSocket route `/realtime/{ticket}`.

It is not under `/api/v1` and has no policy dependency: a WebSocket cannot carry the bearer
header, so the single-use ticket minted by the `Authenticated` call `POST /amvproto/authenticate`
(accounts/socket.py) stands in for it, and the gateway checks it (`gateway.py`).

`venuely serve`'s WebSocket protocol hands these sockets to `serve_directly`, ahead of the
middleware stack and the router (`wsprotocol.serve_ahead`, for the memory an open socket holds);
the route below is what the app's route table shows, and what serves the path otherwise (where
the gateway closes with 1011: the direct write path is `venuely serve`'s).
"""

from __future__ import annotations

from collections.abc import Coroutine
from typing import Any

from fastapi import APIRouter, WebSocket

from venuely.realtime.gateway import serve_socket
from venuely.realtime.wsprotocol import serve_ahead

socket_router = APIRouter(include_in_schema=False)


@socket_router.websocket("/realtime/{ticket}")
async def realtime_socket(websocket: WebSocket, ticket: str) -> None:
    await serve_socket(websocket, ticket)


def serve_directly(scope: Any, receive: Any, send: Any) -> Coroutine[Any, Any, None]:
    """The route as raw ASGI. Not a coroutine function on purpose: uvicorn awaits the gateway's
    own coroutine, one frame fewer held for the socket's life."""
    return serve_socket(WebSocket(scope, receive, send), scope["path_params"]["ticket"])


serve_ahead(socket_router.routes[0], serve_directly)
