"""The WebSocket route `/realtime/{ticket}`.

It is not under `/api/v1` and has no policy dependency: a WebSocket cannot carry the bearer
header, so the single-use ticket minted by the `Authenticated` call `POST /amvproto/authenticate`
(accounts/socket.py) stands in for it, and the gateway checks it (`gateway.py`).
"""

from __future__ import annotations

from fastapi import APIRouter, WebSocket

from venuely.realtime.gateway import serve_socket

socket_router = APIRouter(include_in_schema=False)


@socket_router.websocket("/realtime/{ticket}")
async def realtime_socket(websocket: WebSocket, ticket: str) -> None:
    await serve_socket(websocket, ticket)
