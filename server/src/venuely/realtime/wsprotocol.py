"""uvicorn's sans-I/O WebSocket protocol with a direct write path for the realtime gateway.

Why: ASGI sends one message per `await send(...)`, and each goes through every middleware's send
wrapper, a task wake-up and the WebSocket library's framing. A broadcast to 10,000 sockets paid
that 10,000 times, which was most of a server core at 40,000 deliveries/s. Frames from a server
are not masked (RFC 6455 §5.1), so the WebSocket message carrying a broadcast is the same bytes
for every recipient: the hub frames it once (`binary_message`) and hands those bytes to each
socket's transport here. No task, no await, no copy per recipient.

The gateway finds this object in the ASGI scope under `DIRECT_EXTENSION`. Everything else about
the socket — handshake, reading, pings, the peer's close — stays uvicorn's. Writes bypass the
`websockets` state machine only for whole data frames, which it does not track; closes go
through it (`close_now`).

Pinned with uvicorn (server/requirements.txt): this class relies on the attributes of
`WebSocketsSansIOProtocol` it uses below, and `tests/realtime/test_wsprotocol.py` breaks if they
change.
"""

from __future__ import annotations

import struct
from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.exceptions import InvalidState

DIRECT_EXTENSION = "venuely.direct_socket"
# What `venuely serve` and the test servers pass to uvicorn as `ws`.
PROTOCOL_PATH = "venuely.realtime.wsprotocol:VenuelyWebSocketProtocol"

_FIN_BINARY = 0x82  # FIN bit + opcode 2 (binary); servers never mask


def binary_message(payload: bytes) -> bytes:
    """One unfragmented, unmasked binary WebSocket frame carrying `payload`."""
    size = len(payload)
    if size < 126:
        header = struct.pack("!BB", _FIN_BINARY, size)
    elif size < 1 << 16:
        header = struct.pack("!BBH", _FIN_BINARY, 126, size)
    else:
        header = struct.pack("!BBQ", _FIN_BINARY, 127, size)
    return header + payload


class VenuelyWebSocketProtocol(WebSocketsSansIOProtocol):
    def handle_connect(self, event: Any) -> None:
        super().handle_connect(event)
        # The scope exists only for an accepted upgrade; its ASGI task has been created but
        # has not run yet, so the extension is there before the application looks.
        scope = getattr(self, "scope", None)
        if scope is not None:
            scope["extensions"][DIRECT_EXTENSION] = self

    def write_frames(self, data: bytes | bytearray) -> int | None:
        """Write whole pre-framed messages. Returns the bytes now waiting in user space for the
        kernel to take (the caller's slow-consumer measure), or None when the socket takes no
        more data: not yet accepted, closing, or gone."""
        if not self.handshake_complete or self.close_sent or self.disconnected:
            return None
        transport = self.transport
        if transport.is_closing():
            return None
        transport.write(data)
        return transport.get_write_buffer_size()

    def close_now(self, code: int, reason: str) -> None:
        """Send a close frame after what is already buffered, as an ASGI `websocket.close` would,
        but at once: ASGI's send first waits for the write buffer to drain, which a slow
        consumer never does. The application's `receive` then returns the disconnect."""
        if self.close_sent or self.disconnected or self.transport.is_closing():
            return
        if not self.handshake_complete:
            self.transport.close()
            return
        try:
            self.conn.send_close(code, reason)
        except InvalidState:  # the peer's close arrived first; uvicorn answers it
            return
        self.queue.put_nowait({"type": "websocket.disconnect", "code": code, "reason": reason})
        self.transport.write(b"".join(self.conn.data_to_send()))
        self.close_sent = True
        if self.read_paused:
            self.read_paused = False
            self.transport.resume_reading()
        self.close_timer = self.loop.call_later(self.close_timeout, self._close_or_abort)

    def _close_or_abort(self) -> None:
        """The peer did not answer the close in time. A transport that still holds unsent data
        would wait for a reader that is not reading: drop it instead of keeping its buffer."""
        self.close_timer = None
        if self.transport.get_write_buffer_size():
            self.transport.abort()
        else:
            self.transport.close()
