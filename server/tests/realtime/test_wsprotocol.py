"""The gateway's direct write path: WebSocket framing done once per broadcast, and what happens
when the server was not set up with it."""

from __future__ import annotations

import pytest
from websockets.frames import Frame
from websockets.frames import Opcode as WsOpcode

from tests.realtime.live import attendee, start_server
from venuely.core.services import Services
from venuely.realtime.wsprotocol import binary_message


@pytest.mark.parametrize("size", [0, 1, 125, 126, 127, 65_535, 65_536, 70_000])
def test_binary_message_is_the_frame_the_websocket_library_would_send(size: int) -> None:
    payload = bytes(range(256)) * (size // 256) + bytes(size % 256)
    expected = Frame(WsOpcode.BINARY, payload).serialize(mask=False, extensions=[])
    assert binary_message(payload) == expected


async def test_without_the_direct_protocol_the_socket_says_so(services: Services) -> None:
    # Plain uvicorn, as if someone ran the app without `venuely serve`'s options.
    server = await start_server(services, ws="websockets-sansio")
    try:
        who = await attendee(services)
        socket = await server.socket(who.token)
        assert await socket.wait_closed() == 1011
    finally:
        await server.stop()
