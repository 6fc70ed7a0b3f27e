"""The WebSocket endpoint `/realtime/{ticket}`: handshake, read loop and dispatch.

One coroutine per socket reads and dispatches (so a connection's commands run in the order
sent); writes never wait and need no task (`connection.py`). Everything that can go wrong
with a peer ends in a close code from protocol/README.md §7, decided in one place per cause.
"""

from __future__ import annotations

import logging
import time
from collections import deque
from typing import Any

from starlette.websockets import WebSocket

from venuely.core.error_codes import ErrorCode
from venuely.core.errors import ApiError
from venuely.core.ids import NULL_ID
from venuely.core.services import Services
from venuely.realtime.callers import load_caller
from venuely.realtime.codec import Frame, FrameError, decode_frame, encode_frame
from venuely.realtime.connection import Connection, ConnState, Receive, ServedSocket
from venuely.realtime.errors import CloseCode, close_code_for
from venuely.realtime.frames import ConnectionLimit, encode, error_frame
from venuely.realtime.hub import Hub, event_channel, person_channel, staff_channel
from venuely.realtime.membership import connection_closed, join_socket
from venuely.realtime.opcodes import OPCODE_SPECS, Opcode
from venuely.realtime.registry import ConnectionContext, is_handled, run_command
from venuely.realtime.tickets import verify_ticket
from venuely.realtime.wsprotocol import DIRECT_EXTENSION

log = logging.getLogger("venuely.realtime")

MAX_PING_BYTES = 256
MALFORMED_WINDOW_SECONDS = 60.0


def _error(code: ErrorCode, message: str, data: dict[str, Any] | None = None) -> bytes:
    return error_frame(Opcode.ERROR, code, message, data)


async def serve_socket(websocket: WebSocket, ticket: str) -> None:
    services: Services = websocket.app.state.services
    hub = services.hub
    # Accept first even when refusing: browsers cannot read a refused handshake's HTTP status,
    # only a close code (protocol/README.md §2).
    await websocket.accept()
    direct: ServedSocket | None = websocket.scope["extensions"].get(DIRECT_EXTENSION)
    if direct is None:
        # Served by something other than `venuely serve`'s uvicorn set-up (core/serving.py).
        await websocket.close(1011, "realtime is not available on this server")
        return
    conn = Connection(direct, budget=hub.outbound_budget, outbox=hub.outbox, now=time.monotonic())
    opened = False
    try:
        if await _handshake(websocket, services, hub, conn, ticket):
            opened = True
            # From here on the socket needs its protocol only. The Starlette object, the scope
            # and the handshake's headers would otherwise be held as long as the socket is open.
            del websocket, ticket
            direct.forget_handshake()
            await _read_loop(direct.receive, services, conn)
    except Exception:
        log.exception("realtime connection failed", extra={"connection": conn.id})
        conn.close(1011, "internal error")
    finally:
        conn.close(1000)
        await hub.detach(conn)
        conn.mark_closed()
        if opened:
            # Features drop what only lived as long as this socket (breakout presence).
            await connection_closed(services, conn.person_id, conn.event_id, conn.id)


def _origin_allowed(websocket: WebSocket, services: Services) -> bool:
    # Browsers always send Origin on a WebSocket; its absence means a non-browser client (the
    # Python client, the benchmark), which cross-site request forgery cannot involve.
    origin = websocket.headers.get("origin")
    return origin is None or origin.rstrip("/") in services.settings.effective_origins


async def _handshake(
    websocket: WebSocket, services: Services, hub: Hub, conn: Connection, ticket: str
) -> bool:
    """Check origin, ticket, caller and limits; on success the connection is OPEN in the hub."""
    if not _origin_allowed(websocket, services):
        conn.close(CloseCode.ORIGIN_REFUSED, "origin not allowed")
        return False
    grant = verify_ticket(services, ticket)
    # Claimed before the session is read, so two sockets racing with one ticket cannot both
    # pass, and refused ones cost no database read.
    if grant is None or not await hub.claim_ticket(grant.nonce):
        conn.close(CloseCode.UNAUTHENTICATED, "ticket unknown, used or expired")
        return False
    async with services.db.session() as session:
        try:
            # The signature vouches for the session id; the row says whether it still counts,
            # and the event's rules whether its person is still admitted (accounts decides).
            caller = await load_caller(session, services, grant.session_id, grant.event_id)
        except ApiError as exc:
            conn.close(close_code_for(exc.code) or CloseCode.UNAUTHENTICATED, exc.message)
            return False
        person_id = caller.person_id
        channels = [person_channel(person_id)]
        if grant.event_id != NULL_ID:
            channels.append(event_channel(grant.event_id))
            if caller.event_admin:
                channels.append(staff_channel(grant.event_id))
            # Read in the same transaction; a change committed from here to `attach` is missed
            # until the next one or a reconnect (the window of one handshake).
            joined = await join_socket(session, person_id, grant.event_id)
            channels.extend(joined.channels)
            conn.mutes = frozenset(joined.mutes) or None
    conn.person_id, conn.event_id = person_id, grant.event_id
    conn.session_id = grant.session_id
    # Per process with the in-process hub, across processes with Redis (hub.admit).
    if not await hub.admit(conn):
        limit = ConnectionLimit(Limit=hub.max_connections, Scope="PERSON")
        conn.enqueue(encode(Opcode.MAX_ALLOWED_CONNS_REACHED, limit))
        conn.close(CloseCode.MAX_CONNECTIONS, "connection limit reached")
        return False
    await hub.attach(conn, channels)
    if conn.state is not ConnState.HANDSHAKE:  # closed (e.g. revoked) while subscribing
        return False
    conn.transition(ConnState.OPEN)
    log.debug("realtime connection open", extra={"connection": conn.id, "person": conn.person_id})
    return True


async def _read_loop(receive: Receive, services: Services, conn: Connection) -> None:
    settings = services.settings
    burst, rate = float(settings.realtime_inbound_burst), settings.realtime_inbound_per_second
    # Made on the first malformed frame: most sockets never send one, and an empty deque is
    # more than half a KiB held for the socket's life.
    malformed: deque[float] | None = None
    tokens, refilled = burst, time.monotonic()
    while True:
        message = await receive()
        if message["type"] == "websocket.disconnect":
            return
        now = time.monotonic()
        conn.last_received = now
        # Token bucket over every inbound message, text included (protocol/README.md §8).
        tokens = min(burst, tokens + (now - refilled) * rate)
        refilled = now
        if tokens < 1.0:
            conn.close(CloseCode.INBOUND_RATE_EXCEEDED, "too many frames")
            return
        tokens -= 1.0
        data = message.get("bytes")
        if data is None or conn.state is not ConnState.OPEN:
            continue  # text frames are ignored; a closing socket acts on nothing more
        try:
            frame = decode_frame(data)
        except FrameError as exc:
            conn.enqueue(_error(exc.code, exc.message))
            if malformed is None:
                malformed = deque(maxlen=settings.realtime_malformed_limit)
            malformed.append(now)
            window_full = len(malformed) == malformed.maxlen
            if window_full and now - malformed[0] <= MALFORMED_WINDOW_SECONDS:
                conn.close(CloseCode.TOO_MANY_MALFORMED_FRAMES, "too many malformed frames")
                return
            continue
        await dispatch(services, conn, frame)


def _context(services: Services, conn: Connection) -> ConnectionContext:
    return ConnectionContext(
        services=services,
        person_id=conn.person_id,
        event_id=conn.event_id,
        session_id=conn.session_id,
        write=conn.enqueue,
        connection_id=conn.id,
    )


async def dispatch(services: Services, conn: Connection, frame: Frame) -> None:
    """Answer heartbeats, refuse what a client may not send, and run the feature's command."""
    opcode = frame.opcode
    spec = OPCODE_SPECS[opcode]
    where = {"Opcode": int(opcode)}
    if not spec.client_may_send:
        message = f"{opcode.name} is sent by servers"
        conn.enqueue(_error(ErrorCode.OPCODE_NOT_ACCEPTED, message, where))
        return
    if frame.payload_type is not spec.payload_type:
        message = f"{opcode.name} carries {spec.payload_type.name}"
        conn.enqueue(_error(ErrorCode.VALIDATION_ERROR, message, where))
        return
    if opcode is Opcode.PING:
        if len(frame.payload) > MAX_PING_BYTES:
            message = f"PING text exceeds {MAX_PING_BYTES} bytes"
            conn.enqueue(_error(ErrorCode.VALIDATION_ERROR, message, where))
        else:
            conn.enqueue(encode_frame(Opcode.PONG, frame.payload))
        return
    if opcode is Opcode.PONG:
        return  # an answer to nothing we asked: ignored (§4)
    if not is_handled(opcode):
        message = f"{opcode.name} is not handled by this server"
        conn.enqueue(_error(ErrorCode.OPCODE_NOT_ACCEPTED, message, where))
        return
    # A context per command rather than per socket: most sockets only ever send PINGs, and
    # one held for each was a fifth of a KiB per socket (docs: "Memory per connection").
    ctx = _context(services, conn)
    try:
        await run_command(ctx, frame)  # answers every refusal but a closing one
    except ApiError as exc:
        conn.close(close_code_for(exc.code) or CloseCode.UNAUTHENTICATED, exc.message)
