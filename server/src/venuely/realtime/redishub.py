"""The Hub across processes: Redis pub/sub carries frames and membership changes.

Each process holds ONE pub/sub connection and subscribes to a channel when its first local
connection joins it and unsubscribes when its last one leaves, so Redis sends a broadcast to each
process once, however many of its sockets listen; the process then fans out locally
(`LocalHub.deliver_local`). Frames travel as the encoded bytes — nothing is re-encoded.

Membership changes and closes go out on a control channel that every process listens to.
`add_member` waits (briefly) until every other process has applied it, because a chat handler
typically adds a member and publishes to the room at once: without the wait, the other process
would still be subscribing when the notification passes by.

Redis is only a signal path (architecture.md §5): when it is down, publishes are delivered to
this process's sockets and logged, and when the subscription connection is lost every local
socket is closed (1011) so its client reconnects and catches up over REST.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from typing import Any

import orjson
import redis.asyncio as aioredis
from redis.exceptions import RedisError

from venuely.realtime.connection import Connection, cancel_quietly
from venuely.realtime.errors import CloseCode
from venuely.realtime.localhub import LocalHub
from venuely.settings import Settings

log = logging.getLogger("venuely.realtime")

ADD_ACK_TIMEOUT = 2.0
SUBSCRIBE_TIMEOUT = 5.0
_RETRY_SECONDS = (0.1, 0.5, 1.0, 2.0, 5.0)


class RedisHub(LocalHub):
    def __init__(self, settings: Settings, *, prefix: str = "venuely:") -> None:
        super().__init__(settings)
        self.url = settings.redis_url
        self.node_id = secrets.token_hex(8)
        self._prefix = prefix
        self._data_prefix = f"{prefix}ch:".encode()
        self._ctl = f"{prefix}ctl".encode()
        self._ack = f"{prefix}ack:{self.node_id}".encode()
        self._redis: aioredis.Redis | None = None
        self._pubsub: Any = None
        self._listener: asyncio.Task[None] | None = None
        self._worker: asyncio.Task[None] | None = None
        self._controls: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self._confirm: dict[tuple[str, bytes], list[asyncio.Future[None]]] = {}
        self._acks: dict[str, list[Any]] = {}
        self._start_lock = asyncio.Lock()

    # -- lifecycle ---------------------------------------------------------------------------

    async def start(self) -> None:
        await super().start()
        async with self._start_lock:
            if self._listener is not None:
                return
            self._redis = aioredis.Redis.from_url(self.url)
            self._pubsub = self._redis.pubsub()
            # Subscribed before the listener starts: `listen()` returns at once without any.
            confirmed = [await self._send_subscribe(name) for name in (self._ctl, self._ack)]
            self._listener = asyncio.create_task(self._listen(), name="realtime-redis-listener")
            self._worker = asyncio.create_task(self._work(), name="realtime-redis-control")
            for waiter in confirmed:
                await self._confirmed(waiter, self._ctl)

    async def stop(self) -> None:
        await super().stop()
        for task in (self._listener, self._worker):
            if task is not None:
                await cancel_quietly(task)
        self._listener = self._worker = None
        if self._pubsub is not None:
            with contextlib.suppress(RedisError, OSError):
                await self._pubsub.aclose()
        if self._redis is not None:
            with contextlib.suppress(RedisError, OSError):
                await self._redis.aclose()
        self._pubsub = self._redis = None

    async def _client(self) -> aioredis.Redis:
        if self._listener is None:
            await self.start()
        assert self._redis is not None
        return self._redis

    # -- subscriptions -----------------------------------------------------------------------

    async def _first_joined(self, channel: str) -> None:
        await self._client()
        await self._subscribe(self._data_prefix + channel.encode())

    async def _last_left(self, channel: str) -> None:
        if self._pubsub is not None:
            with contextlib.suppress(RedisError, OSError):
                await self._pubsub.unsubscribe(self._data_prefix + channel.encode())

    async def _subscribe(self, name: bytes) -> None:
        """Subscribe and wait for Redis to confirm, so a publish right after is not missed."""
        await self._confirmed(await self._send_subscribe(name), name)

    async def _send_subscribe(self, name: bytes) -> asyncio.Future[None]:
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._confirm.setdefault(("subscribe", name), []).append(waiter)
        await self._pubsub.subscribe(name)
        return waiter

    async def _confirmed(self, waiter: asyncio.Future[None], name: bytes) -> None:
        try:
            await asyncio.wait_for(waiter, SUBSCRIBE_TIMEOUT)
        except TimeoutError:
            log.warning("realtime: Redis did not confirm a subscription", extra={"channel": name})

    async def _listen(self) -> None:
        attempt = 0
        while True:
            try:
                async for message in self._pubsub.listen():
                    attempt = 0
                    self._on_message(message)
            except asyncio.CancelledError:
                raise
            except (RedisError, OSError) as exc:
                log.error("realtime: Redis subscription lost", extra={"error": repr(exc)})
                # Frames may have passed by unseen: make every client reconnect and catch up.
                for conn in tuple(self.connections):
                    conn.close(1011, "broker connection lost", flush=False)
                await asyncio.sleep(_RETRY_SECONDS[min(attempt, len(_RETRY_SECONDS) - 1)])
                attempt += 1
                with contextlib.suppress(RedisError, OSError):
                    # Reconnecting re-subscribes every channel (redis-py's on_connect).
                    await self._pubsub.connect()

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
        try:
            client = await self._client()
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
