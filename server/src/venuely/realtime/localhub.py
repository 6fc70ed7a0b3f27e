"""Fan-out to the sockets of this process, and the in-process Hub built on it.

`LocalHub` keeps two indexes — channel → connections and person → connections — and delivers a
frame to a channel by appending the same `bytes` object to each connection's buffer. It never
awaits a socket (see `connection.py`). A third index, sender → connections that muted them,
holds back chat messages from those connections (`mutefilter.py`); it is empty, and costs a
delivery one check, while no socket of the process has a mute. `InProcessHub` is the Hub for a
single server process; `RedisHub` (`redishub.py`) extends `LocalHub` to several processes.
"""

from __future__ import annotations

import asyncio
import logging
import sys
import time
from collections import deque

from venuely.core.metrics import REALTIME_CONNECTIONS, REALTIME_DELIVERIES
from venuely.realtime.connection import Connection, ConnState, Outbox, cancel_quietly
from venuely.realtime.errors import CloseCode
from venuely.realtime.mutefilter import (
    FILTERED_OPCODES,
    MUTES_OPCODE,
    PERSON_PREFIX,
    mutes_of,
    opcode_of,
    sender_of,
)
from venuely.realtime.tickets import TICKET_TTL
from venuely.realtime.wsprotocol import binary_message
from venuely.settings import Settings

log = logging.getLogger("venuely.realtime")


class LocalHub:
    def __init__(self, settings: Settings) -> None:
        self.outbound_budget = settings.realtime_outbound_buffer_bytes
        self.outbox = Outbox()
        self.idle_seconds = settings.realtime_idle_seconds
        self.max_connections = settings.realtime_max_connections
        self.connections: set[Connection] = set()
        self._channels: dict[str, set[Connection]] = {}
        self._persons: dict[str, set[Connection]] = {}
        # Sender person id -> this process's connections whose person muted them.
        self._muted_by: dict[str, set[Connection]] = {}
        self._sweeper: asyncio.Task[None] | None = None
        # Ticket nonces redeemed here, held as long as a ticket lives (tickets.py). Every entry
        # is held for the same time, so the deque is in expiry order and pruning pops its front.
        self._claimed: set[bytes] = set()
        self._claimed_order: deque[tuple[float, bytes]] = deque()
        self.ticket_hold_seconds = TICKET_TTL.total_seconds()

    # -- lifecycle ---------------------------------------------------------------------------

    async def start(self) -> None:
        self._ensure_sweeper()

    async def stop(self) -> None:
        """Server shutdown: tell every client to come back later (1001), stop the sweeper."""
        for conn in tuple(self.connections):
            conn.close(1001, "server shutting down")
        if self._sweeper is not None:
            await cancel_quietly(self._sweeper)
            self._sweeper = None

    def _ensure_sweeper(self) -> None:
        if self._sweeper is None or self._sweeper.done():
            self._sweeper = asyncio.create_task(self._sweep_idle(), name="realtime-idle-sweeper")

    async def _sweep_idle(self) -> None:
        # One task for the whole process instead of a timer per socket: idle sockets are closed
        # within a quarter of the limit of going idle, which is precise enough for 75 s.
        interval = min(max(self.idle_seconds / 4, 0.05), 5.0)
        while True:
            await asyncio.sleep(interval)
            deadline = time.monotonic() - self.idle_seconds
            for conn in tuple(self.connections):
                if conn.state is ConnState.OPEN and conn.last_received < deadline:
                    conn.close(CloseCode.IDLE_TIMEOUT, "idle")

    # -- single-use tickets -------------------------------------------------------------------

    async def claim_ticket(self, nonce: bytes) -> bool:
        """True the first time a ticket's nonce is presented, False on any later attempt."""
        return self._claim_local(nonce)

    def _claim_local(self, nonce: bytes) -> bool:
        now = time.monotonic()
        order = self._claimed_order
        while order and order[0][0] <= now:
            self._claimed.discard(order.popleft()[1])
        if nonce in self._claimed:
            return False
        self._claimed.add(nonce)
        order.append((now + self.ticket_hold_seconds, nonce))
        return True

    # -- local membership --------------------------------------------------------------------

    def connections_of(self, person_id: str, event_id: str | None = None) -> list[Connection]:
        conns = self._persons.get(person_id, ())
        return [c for c in conns if event_id is None or c.event_id == event_id]

    def subscribed_channels(self) -> frozenset[str]:
        """Channels with at least one local listener (what a broker subscription covers)."""
        return frozenset(self._channels)

    async def admit(self, conn: Connection) -> bool:
        """Count `conn` (person and event set) against the per-person connection limit. True:
        it is registered and counted until `detach`; False: the person is at the limit.

        The local count and the registration happen with no await in between, so two sockets
        of one person opening at once on this process cannot both take the last place.
        """
        if len(self.connections_of(conn.person_id, conn.event_id)) >= self.max_connections:
            return False
        self._register(conn)
        return True

    def _register(self, conn: Connection) -> None:
        if conn not in self.connections:
            REALTIME_CONNECTIONS.inc()
        self.connections.add(conn)
        self._persons.setdefault(conn.person_id, set()).add(conn)
        self._index_mutes(conn)

    def _unregister(self, conn: Connection) -> None:
        if conn in self.connections:
            REALTIME_CONNECTIONS.dec()
        self.connections.discard(conn)
        persons = self._persons.get(conn.person_id)
        if persons is not None:
            persons.discard(conn)
            if not persons:
                del self._persons[conn.person_id]
        self._unindex_mutes(conn)

    # -- the mute filter ---------------------------------------------------------------------

    def _index_mutes(self, conn: Connection) -> None:
        for sender in conn.mutes or ():
            self._muted_by.setdefault(sender, set()).add(conn)

    def _unindex_mutes(self, conn: Connection) -> None:
        for sender in conn.mutes or ():
            muters = self._muted_by.get(sender)
            if muters is not None:
                muters.discard(conn)
                if not muters:
                    del self._muted_by[sender]

    def set_mutes(self, conn: Connection, mutes: frozenset[str]) -> None:
        """Replace the senders `conn` does not hear from (its person's list changed)."""
        self._unindex_mutes(conn)
        conn.mutes = mutes or None
        if conn in self.connections:
            self._index_mutes(conn)

    def _apply_mutes(self, channel: str, members: set[Connection], frame: bytes) -> None:
        """A CHAT_MUTES_NOTIFY on a person channel: that person's connections of its event take
        the new list. Any process with such a connection gets the frame, so this is how a change
        reaches every process."""
        read = mutes_of(frame)
        if read is None or not channel.startswith(PERSON_PREFIX):
            return
        event_id, muted = read
        person_id = channel[len(PERSON_PREFIX) :]
        for conn in tuple(members):
            if conn.person_id == person_id and conn.event_id == event_id:
                self.set_mutes(conn, muted)

    def _deliver_watched(
        self, channel: str, members: set[Connection], message: bytes, frame: bytes
    ) -> int:
        """Delivery past the mute filter. A mutes list updates the filter first (the muter's own
        sockets still receive it). A chat message has its sender read once per frame, and that
        sender's muters are skipped."""
        opcode = opcode_of(frame)
        muters: set[Connection] | None = None
        if opcode == MUTES_OPCODE:
            self._apply_mutes(channel, members, frame)
        elif opcode in FILTERED_OPCODES and self._muted_by:
            sender = sender_of(frame)
            muters = self._muted_by.get(sender) if sender is not None else None
        if not muters:
            return sum(conn.write_message(message) for conn in members)
        return sum(conn.write_message(message) for conn in members if conn not in muters)

    async def attach(self, conn: Connection, channels: list[str]) -> None:
        """Register an authenticated connection and make it listen on `channels`."""
        self._ensure_sweeper()
        self._register(conn)
        for channel in dict.fromkeys(channels):
            await self._join(conn, channel)

    async def detach(self, conn: Connection) -> None:
        self._unregister(conn)
        for channel in tuple(conn.channels):
            await self._leave(conn, channel)

    async def broker_problem(self) -> str | None:
        return None  # one process: nothing to reach

    async def _join(self, conn: Connection, channel: str) -> None:
        if channel in conn.channels:
            return
        # Every socket of an event names its event's and rooms' channels with a string of its
        # own; thousands of copies of one name would be memory each socket holds for nothing.
        channel = sys.intern(channel)
        conn.channels.add(channel)
        members = self._channels.get(channel)
        if members is None:
            members = self._channels[channel] = set()
            members.add(conn)
            await self._first_joined(channel)
        else:
            members.add(conn)

    async def _leave(self, conn: Connection, channel: str) -> None:
        conn.channels.discard(channel)
        members = self._channels.get(channel)
        if members is None:
            return
        members.discard(conn)
        if not members:
            del self._channels[channel]
            await self._last_left(channel)

    async def _first_joined(self, channel: str) -> None:
        """Hook: the first local connection joined `channel` (a broker subscribes here)."""

    async def _last_left(self, channel: str) -> None:
        """Hook: the last local connection left `channel` (a broker unsubscribes here)."""

    # -- local delivery ----------------------------------------------------------------------

    def deliver_local(self, channel: str, frame: bytes) -> int:
        """Write `frame` to every local connection of `channel`; returns how many took it.

        The WebSocket message is framed once for all of them (`wsprotocol.binary_message`).
        Writing never detaches a connection (a slow consumer is only marked closing), so the
        set is iterated as it is, without a copy per broadcast.
        """
        members = self._channels.get(channel)
        if not members:
            return 0
        message = binary_message(frame)
        # The mute filter looks at a frame only while a socket here has mutes, or when the frame
        # is a mutes list; every other delivery is the plain loop below.
        if self._muted_by or opcode_of(frame) == MUTES_OPCODE:
            delivered = self._deliver_watched(channel, members, message, frame)
        else:
            delivered = 0
            for conn in members:
                delivered += conn.write_message(message)
        # Once per frame and channel, not per socket: a broadcast to 10,000 is one update.
        REALTIME_DELIVERIES.inc(delivered)
        return delivered

    async def add_member_local(self, channel: str, person_id: str) -> None:
        for conn in tuple(self._persons.get(person_id, ())):
            if conn.state is ConnState.OPEN:
                await self._join(conn, channel)

    async def remove_member_local(self, channel: str, person_id: str) -> None:
        for conn in tuple(self._persons.get(person_id, ())):
            await self._leave(conn, channel)

    def close_person_local(
        self, person_id: str, session_id: str | None, code: int, reason: str = ""
    ) -> int:
        closed = 0
        for conn in tuple(self._persons.get(person_id, ())):
            if session_id is None or conn.session_id == session_id:
                conn.close(code, reason)
                closed += 1
        return closed


class InProcessHub(LocalHub):
    """The Hub of a single server process: every listener is local."""

    async def publish(self, channel: str, frame: bytes) -> None:
        self.deliver_local(channel, frame)

    async def add_member(self, channel: str, person_id: str) -> None:
        await self.add_member_local(channel, person_id)

    async def remove_member(self, channel: str, person_id: str) -> None:
        await self.remove_member_local(channel, person_id)

    async def close_person(
        self, person_id: str, session_id: str | None = None, code: int = CloseCode.TOKEN_REVOKED
    ) -> None:
        self.close_person_local(person_id, session_id, code)
