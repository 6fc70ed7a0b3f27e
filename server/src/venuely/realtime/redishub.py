"""The Hub across processes: Redis pub/sub carries frames and membership changes.

Each process holds ONE pub/sub connection and subscribes to a channel when its first local
connection joins it and unsubscribes when its last one leaves, so Redis sends a broadcast to each
process once, however many of its sockets listen; the process then fans out locally
(`LocalHub.deliver_local`). Frames travel as the encoded bytes — nothing is re-encoded.

Membership changes and closes go out on a control channel that every process listens to.
`add_member` waits (briefly) until every other process has applied it, because a chat handler
typically adds a member and publishes to the room at once: without the wait, the other process
would still be subscribing when the notification passes by.

Redis is only a signal path (architecture.md §5). When it is unreachable the server keeps
running: publishes reach this process's sockets (and are logged), sockets still open and send
(chat writes commit to the database), and one listener task reconnects with back-off. Every local
socket is closed with 1011 when the subscription is lost AND again when it is restored, so each
client reconnects and catches up over REST: first for what it missed before the loss, then for
what other processes published while it was connected here without a broker.

The per-person connection limit counts across processes (`admit`, with `redisconns.py`); while
Redis is unreachable it falls back to this process's own count.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from typing import Any

import orjson
import redis.asyncio as aioredis
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import RedisError

from venuely.realtime.connection import Connection, cancel_quietly
from venuely.realtime.errors import CloseCode
from venuely.realtime.localhub import LocalHub
from venuely.realtime.redisconns import CONN_REFRESH_SECONDS, CONN_TTL_SECONDS, ConnectionCount
from venuely.settings import Settings

log = logging.getLogger("venuely.realtime")

ADD_ACK_TIMEOUT = 2.0
SUBSCRIBE_TIMEOUT = 5.0
# A publish happens after a commit, inside a request: a broker that does not answer must not
# hold it for long. Reads on the subscription connection block without a timeout (redis-py).
CONNECT_TIMEOUT = 2.0
COMMAND_TIMEOUT = 5.0
_RETRY_SECONDS = (0.1, 0.5, 1.0, 2.0, 5.0)


class RedisHub(LocalHub):
    def __init__(
        self,
        settings: Settings,
        *,
        prefix: str = "venuely:",
        conn_ttl: float = CONN_TTL_SECONDS,
        conn_refresh: float = CONN_REFRESH_SECONDS,
    ) -> None:
        super().__init__(settings)
        self.url = settings.redis_url
        self.node_id = secrets.token_hex(8)
        self.conn_refresh = conn_refresh
        self.conn_count = ConnectionCount(prefix, self.node_id, self.max_connections, conn_ttl)
        self._prefix = prefix
        self._data_prefix = f"{prefix}ch:".encode()
        self._ctl = f"{prefix}ctl".encode()
        self._ack = f"{prefix}ack:{self.node_id}".encode()
        self._redis: aioredis.Redis | None = None
        self._pubsub: Any = None
        self._listener: asyncio.Task[None] | None = None
        self._worker: asyncio.Task[None] | None = None
        self._refresher: asyncio.Task[None] | None = None
        self._controls: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self._confirm: dict[tuple[str, bytes], list[asyncio.Future[None]]] = {}
        self._acks: dict[str, list[Any]] = {}
        self._start_lock = asyncio.Lock()
        # False from a lost subscription until the listener has subscribed again.
        self.broker_up = False

    # -- lifecycle ---------------------------------------------------------------------------

    async def start(self) -> None:
        await super().start()
        async with self._start_lock:
            if self._listener is not None:
                return
            # No redis-py retries: a silent reconnect would hide frames lost in between, and
            # only a visible failure makes clients catch up. The listener does the retrying.
            self._redis = aioredis.Redis.from_url(
                self.url,
                socket_connect_timeout=CONNECT_TIMEOUT,
                socket_timeout=COMMAND_TIMEOUT,
                retry=Retry(NoBackoff(), 0),
            )
            self.conn_count.bind(self._redis)
            confirmed: list[tuple[asyncio.Future[None], bytes]] = []
            try:
                confirmed = await self._connect_pubsub()
            except (RedisError, OSError) as exc:
                # Serve anyway: sockets work locally and the listener keeps trying.
                log.error("realtime: Redis unreachable at start", extra={"error": repr(exc)})
            self._listener = asyncio.create_task(self._listen(), name="realtime-redis-listener")
            self._worker = asyncio.create_task(self._work(), name="realtime-redis-control")
            self._refresher = asyncio.create_task(self._refresh(), name="realtime-redis-conns")
            for waiter, name in confirmed:
                await self._confirmed(waiter, name)

    async def stop(self) -> None:
        await super().stop()
        for task in (self._listener, self._worker, self._refresher):
            if task is not None:
                await cancel_quietly(task)
        self._listener = self._worker = self._refresher = None
        await self._drop_pubsub()
        if self._redis is not None:
            with contextlib.suppress(RedisError, OSError):
                await self._redis.aclose()
        self._redis = None

    async def broker_problem(self) -> str | None:
        """Redis must answer a PING, and the subscription that brings other processes' frames
        must be up (after a lost one the listener resubscribes and catches clients up)."""
        try:
            await (await self._client()).ping()
        except (RedisError, OSError) as exc:
            return f"Redis does not answer ({type(exc).__name__})"
        if not self.broker_up:
            return "the Redis subscription is down; resubscribing"
        return None

    async def _client(self) -> aioredis.Redis:
        if self._listener is None:
            await self.start()
        assert self._redis is not None
        return self._redis

    # -- the subscription connection ---------------------------------------------------------

    async def _connect_pubsub(self) -> list[tuple[asyncio.Future[None], bytes]]:
        """A fresh pub/sub connection listening on the control channels and every channel that
        has local listeners. Returns the confirmations to wait for (after the listener runs)."""
        assert self._redis is not None
        await self._drop_pubsub()
        self._pubsub = self._redis.pubsub()
        names = [self._ctl, self._ack]
        names.extend(self._data_prefix + channel.encode() for channel in self.subscribed_channels())
        waiters = [(await self._send_subscribe(name), name) for name in names]
        self.broker_up = True
        return waiters

    async def _drop_pubsub(self) -> None:
        pubsub, self._pubsub = self._pubsub, None
        self.broker_up = False
        if pubsub is not None:
            with contextlib.suppress(RedisError, OSError):
                await pubsub.aclose()

    def _close_all_local(self, reason: str) -> None:
        for conn in tuple(self.connections):
            conn.close(1011, reason)

    async def _listen(self) -> None:
        attempt = 0
        while True:
            if self._pubsub is None:
                try:
                    await self._connect_pubsub()
                except (RedisError, OSError) as exc:
                    await self._drop_pubsub()
                    log.warning("realtime: Redis still unreachable", extra={"error": repr(exc)})
                    await asyncio.sleep(_RETRY_SECONDS[min(attempt, len(_RETRY_SECONDS) - 1)])
                    attempt += 1
                    continue
                log.warning("realtime: Redis subscription restored")
                # Sockets that opened during the outage missed other processes' frames.
                self._close_all_local("broker connection restored")
            try:
                async for message in self._pubsub.listen():
                    attempt = 0
                    self._on_message(message)
            except asyncio.CancelledError:
                raise
            except (RedisError, OSError) as exc:
                log.error("realtime: Redis subscription lost", extra={"error": repr(exc)})
            await self._drop_pubsub()
            # Frames may have passed by unseen: make every client reconnect and catch up.
            self._close_all_local("broker connection lost")
            await asyncio.sleep(_RETRY_SECONDS[min(attempt, len(_RETRY_SECONDS) - 1)])
            attempt += 1

    async def _first_joined(self, channel: str) -> None:
        await self._client()
        if not self.broker_up:
            return  # the listener subscribes every local channel when it reconnects
        try:
            await self._subscribe(self._data_prefix + channel.encode())
        except (RedisError, OSError) as exc:
            # The listener sees the same failure, closes the sockets and resubscribes.
            log.error("realtime: Redis subscribe failed", extra={"error": repr(exc)})

    async def _last_left(self, channel: str) -> None:
        if self._pubsub is not None and self.broker_up:
            with contextlib.suppress(RedisError, OSError):
                await self._pubsub.unsubscribe(self._data_prefix + channel.encode())

    async def _subscribe(self, name: bytes) -> None:
        """Subscribe and wait for Redis to confirm, so a publish right after is not missed."""
        await self._confirmed(await self._send_subscribe(name), name)

    async def _send_subscribe(self, name: bytes) -> asyncio.Future[None]:
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._confirm.setdefault(("subscribe", name), []).append(waiter)
        try:
            if self._pubsub is None:
                raise RedisConnectionError("no subscription connection")
            await self._pubsub.subscribe(name)
        except BaseException:
            self._forget_waiter(("subscribe", name), waiter)
            raise
        return waiter

    def _forget_waiter(self, key: tuple[str, bytes], waiter: asyncio.Future[None]) -> None:
        waiters = self._confirm.get(key)
        if waiters and waiter in waiters:
            waiters.remove(waiter)
            if not waiters:
                del self._confirm[key]

    async def _confirmed(self, waiter: asyncio.Future[None], name: bytes) -> None:
        try:
            await asyncio.wait_for(waiter, SUBSCRIBE_TIMEOUT)
        except TimeoutError:
            self._forget_waiter(("subscribe", name), waiter)
            log.warning("realtime: Redis did not confirm a subscription", extra={"channel": name})

    def _on_message(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        channel: bytes = message["channel"]
        if kind == "message":
            data: bytes = message["data"]
            if channel.startswith(self._data_prefix):
                self.deliver_local(channel[len(self._data_prefix) :].decode(), data)
            elif channel == self._ctl:
                control = orjson.loads(data)
                if control.get("from") != self.node_id:
                    self._controls.put_nowait(control)
            elif channel == self._ack:
                pending = self._acks.get(data.decode())
                if pending is not None:
                    pending[0] += 1
                    pending[1].set()
        elif kind in ("subscribe", "unsubscribe"):
            waiters = self._confirm.get((kind, channel))
            if waiters:
                waiter = waiters.pop(0)
                if not waiters:
                    del self._confirm[(kind, channel)]
                if not waiter.done():
                    waiter.set_result(None)

    async def _work(self) -> None:
        """Apply other processes' control messages in order, off the listener task (joining a
        channel waits for a subscription confirmation, which the listener has to read)."""
        while True:
            control = await self._controls.get()
            try:
                await self._apply(control)
            except (RedisError, OSError) as exc:
                log.error("realtime: control message failed", extra={"error": repr(exc)})

    async def _apply(self, control: dict[str, Any]) -> None:
        op = control["op"]
        if op == "add":
            await self.add_member_local(control["ch"], control["p"])
            assert self._redis is not None
            await self._redis.publish(f"{self._prefix}ack:{control['from']}", control["req"])
        elif op == "remove":
            await self.remove_member_local(control["ch"], control["p"])
        elif op == "close":
            self.close_person_local(control["p"], control["s"], control["c"])

    async def _broadcast_control(self, control: dict[str, Any]) -> int:
        """Send a control message to every other process; returns how many received it."""
        client = await self._client()
        control["from"] = self.node_id
        receivers: int = await client.publish(self._ctl, orjson.dumps(control))
        return max(receivers - 1, 0)  # this process hears its own message and ignores it

    # -- the Hub protocol --------------------------------------------------------------------

    async def publish(self, channel: str, frame: bytes) -> None:
        client = await self._client()
        if not self.broker_up:
            # Without a subscription Redis cannot bring the frame back to this process's own
            # sockets; other processes may still be reachable.
            self.deliver_local(channel, frame)
            with contextlib.suppress(RedisError, OSError):
                await client.publish(self._data_prefix + channel.encode(), frame)
            return
        try:
            await client.publish(self._data_prefix + channel.encode(), frame)
        except (RedisError, OSError) as exc:
            # The commit already happened; local sockets still get it, the rest catch up.
            log.error("realtime: Redis publish failed", extra={"error": repr(exc)})
            self.deliver_local(channel, frame)

    async def add_member(self, channel: str, person_id: str) -> None:
        await self.add_member_local(channel, person_id)
        request = secrets.token_hex(8)
        pending: list[Any] = [0, asyncio.Event()]
        self._acks[request] = pending
        try:
            expected = await self._broadcast_control(
                {"op": "add", "ch": channel, "p": person_id, "req": request}
            )
            async with asyncio.timeout(ADD_ACK_TIMEOUT):
                while pending[0] < expected:
                    pending[1].clear()
                    await pending[1].wait()
        except TimeoutError:
            log.warning("realtime: not every process confirmed a membership change")
        except (RedisError, OSError) as exc:
            log.error("realtime: membership change not broadcast", extra={"error": repr(exc)})
        finally:
            del self._acks[request]

    async def remove_member(self, channel: str, person_id: str) -> None:
        await self.remove_member_local(channel, person_id)
        try:
            await self._broadcast_control({"op": "remove", "ch": channel, "p": person_id})
        except (RedisError, OSError) as exc:
            log.error("realtime: membership change not broadcast", extra={"error": repr(exc)})

    async def close_person(
        self, person_id: str, session_id: str | None = None, code: int = CloseCode.TOKEN_REVOKED
    ) -> None:
        self.close_person_local(person_id, session_id, code)
        await self._broadcast_control({"op": "close", "p": person_id, "s": session_id, "c": code})

    async def attach(self, conn: Connection, channels: list[str]) -> None:
        await self._client()
        await super().attach(conn, channels)

    # -- single-use tickets across processes ---------------------------------------------------

    async def claim_ticket(self, nonce: bytes) -> bool:
        # Claimed locally too: a ticket used before a Redis outage stays used on this process
        # while the outage lasts.
        if not self._claim_local(nonce):
            return False
        try:
            client = await self._client()
            key = f"{self._prefix}ticket:{nonce.hex()}"
            hold_ms = int(self.ticket_hold_seconds * 1000)
            return bool(await client.set(key, b"1", nx=True, px=hold_ms))
        except (RedisError, OSError) as exc:
            # Fail open to this process's record, as admission does: the ticket is signed,
            # 30 seconds old at most and still bound to a live auth session, so the outage only
            # widens replay from "never" to "on another process, within those 30 seconds".
            log.warning("realtime: ticket claim unavailable", extra={"error": repr(exc)})
            return True

    # -- the cross-process connection count --------------------------------------------------

    async def admit(self, conn: Connection) -> bool:
        if not await super().admit(conn):
            return False  # over the limit on this process alone: Redis need not be asked
        try:
            await self._client()
            admitted = await self.conn_count.admit(conn)
        except (RedisError, OSError) as exc:
            # Fail open to this process's own count: refusing every socket while the broker is
            # down would turn a degraded signal path into an outage.
            log.warning("realtime: connection count unavailable", extra={"error": repr(exc)})
            return True
        if not admitted:
            self._unregister(conn)
        return admitted

    async def detach(self, conn: Connection) -> None:
        await super().detach(conn)
        await self.conn_count.forget(self._redis, conn)

    async def _refresh(self) -> None:
        """Keep this process's sockets counted (`ConnectionCount.refresh`)."""
        while True:
            await asyncio.sleep(self.conn_refresh)
            if self._redis is None:
                continue
            try:
                await self.conn_count.refresh(self._redis, tuple(self.connections))
            except (RedisError, OSError) as exc:
                log.warning("realtime: connection count refresh failed", extra={"error": repr(exc)})
