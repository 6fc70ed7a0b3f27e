"""The socket half of the client: frames in and out, heartbeats, reconnects.

`RealtimeSocket` is one connection: a background reader decodes every binary message with the
same codec the server uses, answers PING with PONG, drops malformed frames (a client never
answers an ERROR, protocol/README.md §5) and queues the rest for `recv`/`wait_for`.
`ReconnectingSocket` wraps it with the reconnect policy of §7 and a catch-up hook (§9).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import uuid
from collections.abc import Awaitable, Callable
from types import TracebackType
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from venuely.realtime.codec import Frame, FrameError, decode_frame, encode_frame, encode_json_frame
from venuely.realtime.errors import CloseCode
from venuely.realtime.opcodes import Opcode

log = logging.getLogger("venuely.client")

# Close codes after which reconnecting would not help (protocol/README.md §7).
FINAL_CLOSE_CODES = frozenset(
    {
        CloseCode.ORIGIN_REFUSED,
        CloseCode.NOT_WHITELISTED,
        CloseCode.JWT_EXPIRED,
        CloseCode.MAX_CONNECTIONS,
        CloseCode.TOKEN_REVOKED,
    }
)


class SocketClosed(Exception):
    def __init__(self, code: int | None, reason: str = "") -> None:
        super().__init__(f"socket closed ({code}) {reason}".strip())
        self.code = code
        self.reason = reason


def new_tmp_id() -> str:
    return str(uuid.uuid4())


class RealtimeSocket:
    def __init__(self, ws: ClientConnection, *, heartbeat_seconds: float | None = 25.0) -> None:
        self.ws = ws
        self.frames: asyncio.Queue[Frame | None] = asyncio.Queue()
        self.malformed = 0
        self.close_code: int | None = None
        self.close_reason = ""
        self._reader = asyncio.create_task(self._read(), name="venuely-client-reader")
        self._heartbeat = (
            asyncio.create_task(self._beat(heartbeat_seconds), name="venuely-client-heartbeat")
            if heartbeat_seconds
            else None
        )

    @classmethod
    async def open(
        cls, url: str, *, origin: str | None = None, heartbeat_seconds: float | None = 25.0
    ) -> RealtimeSocket:
        ws = await connect(
            url,
            origin=origin,  # type: ignore[arg-type]
            compression=None,  # the protocol compresses per frame, never per message
            max_size=1024 * 1024,
            ping_interval=None,  # the server pings; our heartbeat is the protocol's PING
        )
        return cls(ws, heartbeat_seconds=heartbeat_seconds)

    async def __aenter__(self) -> RealtimeSocket:
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()

    # -- receiving ---------------------------------------------------------------------------

    async def _read(self) -> None:
        try:
            async for message in self.ws:
                if isinstance(message, str):
                    continue  # text messages carry nothing in this protocol
                try:
                    frame = decode_frame(message)
                except FrameError as exc:
                    self.malformed += 1
                    log.warning("dropped a malformed frame: %s", exc.code)
                    continue
                if frame.opcode is Opcode.PING:
                    await self._send(encode_frame(Opcode.PONG, frame.payload))
                    continue
                self.frames.put_nowait(frame)
        except ConnectionClosed:
            pass
        finally:
            self.close_code = self.ws.close_code
            self.close_reason = self.ws.close_reason or ""
            self.frames.put_nowait(None)  # wakes every waiter: the socket is gone

    async def recv(self, within: float | None = 10.0) -> Frame:
        """The next frame (PINGs excepted); raises SocketClosed once the socket is closed."""
        async with asyncio.timeout(within):
            frame = await self.frames.get()
        if frame is None:
            self.frames.put_nowait(None)
            raise SocketClosed(self.close_code, self.close_reason)
        return frame

    async def wait_for(
        self,
        opcode: Opcode,
        predicate: Callable[[Frame], bool] | None = None,
        within: float = 10.0,
    ) -> Frame:
        """Skip frames until one with `opcode` (and `predicate`) arrives."""
        async with asyncio.timeout(within):
            while True:
                frame = await self.recv(None)
                if frame.opcode is opcode and (predicate is None or predicate(frame)):
                    return frame

    async def wait_closed(self, within: float = 10.0) -> int | None:
        """Wait for the server to close the socket; returns its close code."""
        async with asyncio.timeout(within):
            await asyncio.shield(self._reader)
        return self.close_code

    # -- sending -----------------------------------------------------------------------------

    async def _send(self, data: bytes | str) -> None:
        with contextlib.suppress(ConnectionClosed):
            await self.ws.send(data)

    async def send_raw(self, data: bytes | str) -> None:
        """Send bytes as they are: for tests of what the server does with bad input."""
        await self.ws.send(data)

    async def send_json(self, opcode: Opcode, payload: Any) -> None:
        await self.ws.send(encode_json_frame(opcode, payload))

    async def ping(self, text: str = "") -> None:
        await self.ws.send(encode_frame(Opcode.PING, text))

    async def send_message(
        self,
        chatroom_id: str,
        text: str,
        *,
        tmp_id: str | None = None,
        replied_to: str | None = None,
    ) -> str:
        """CHAT_MESSAGE_SEND; returns the TmpID to match the SEND_NOTIFY (resend it to retry)."""
        tmp_id = tmp_id or new_tmp_id()
        body: dict[str, Any] = {"TmpID": tmp_id, "ChatroomID": chatroom_id, "Text": text}
        if replied_to:
            body["RepliedToMessageID"] = replied_to
        await self.send_json(Opcode.CHAT_MESSAGE_SEND, body)
        return tmp_id

    async def edit_message(self, chatroom_id: str, message_id: str, text: str) -> None:
        body = {"ID": message_id, "ChatroomID": chatroom_id, "Text": text}
        await self.send_json(Opcode.CHAT_MESSAGE_EDIT, body)

    async def delete_message(self, chatroom_id: str, message_id: str) -> None:
        body = {"ID": message_id, "ChatroomID": chatroom_id}
        await self.send_json(Opcode.CHAT_MESSAGE_DELETE, body)

    async def mark_read(self, chatroom_id: str, last_read_id: str) -> None:
        body = {"ChatroomID": chatroom_id, "LastReadChatMessageID": last_read_id}
        await self.send_json(Opcode.CHAT_MESSAGE_READ, body)

    async def create_direct_room(self, event_id: str, invitee_id: str) -> str:
        tmp_id = new_tmp_id()
        body = {"TmpID": tmp_id, "EventID": event_id, "InviteeID": invitee_id}
        await self.send_json(Opcode.CHATROOM_CREATE, body)
        return tmp_id

    async def create_group_room(self, event_id: str, title: str, member_ids: list[str]) -> str:
        tmp_id = new_tmp_id()
        body = {"TmpID": tmp_id, "EventID": event_id, "Title": title, "MemberIDs": member_ids}
        await self.send_json(Opcode.CHATROOM_CREATE, body)
        return tmp_id

    # -- lifecycle ---------------------------------------------------------------------------

    async def _beat(self, seconds: float) -> None:
        # Protocol §8: PING after `seconds` of quiet; the server's idle limit is 75 s. Sending a
        # PING every `seconds` is the simple form of that rule.
        while True:
            await asyncio.sleep(seconds)
            await self._send(encode_frame(Opcode.PING, "hb"))

    async def close(self, code: int = 1000) -> None:
        if self._heartbeat is not None:
            self._heartbeat.cancel()
        await self.ws.close(code)
        with contextlib.suppress(asyncio.CancelledError, ConnectionClosed):
            await self._reader


Opener = Callable[[], Awaitable[RealtimeSocket]]
CatchUp = Callable[[RealtimeSocket], Awaitable[None]]


class ReconnectingSocket:
    """Keeps a socket open: after a close that is not final (§7) it opens a new one with back-off
    (1 s doubling to 30 s, plus up to 50 % jitter) and calls `on_reconnect` so the caller can
    fetch what it missed over REST (messages after its last known id) before reading on."""

    def __init__(
        self,
        opener: Opener,
        *,
        on_reconnect: CatchUp | None = None,
        first_delay: float = 1.0,
        max_delay: float = 30.0,
    ) -> None:
        self.opener = opener
        self.on_reconnect = on_reconnect
        self.first_delay = first_delay
        self.max_delay = max_delay
        self.socket: RealtimeSocket | None = None
        self.reconnects = 0

    async def start(self) -> RealtimeSocket:
        self.socket = await self.opener()
        return self.socket

    async def recv(self, within: float | None = 10.0) -> Frame:
        """The next frame, reconnecting (and catching up) across closes that allow it."""
        while True:
            socket = self.socket or await self.start()
            try:
                return await socket.recv(within)
            except SocketClosed as closed:
                if closed.code in FINAL_CLOSE_CODES:
                    raise
                await self._reconnect()

    async def _reconnect(self) -> None:
        delay = self.first_delay
        while True:
            try:
                self.socket = await self.opener()
                break
            except Exception as exc:  # any failure to open: wait and try again
                log.info("reconnect failed: %r", exc)
                await asyncio.sleep(delay * (1 + random.random() / 2))  # noqa: S311 - jitter, not a secret
                delay = min(delay * 2, self.max_delay)
        self.reconnects += 1
        if self.on_reconnect is not None:
            await self.on_reconnect(self.socket)

    async def close(self) -> None:
        if self.socket is not None:
            await self.socket.close()
