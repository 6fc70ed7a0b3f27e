"""The realtime and batching metrics (core/metrics.py) move with what they count: sockets
attached and detached, frames written once per socket reached, slow consumers closed, writes
waiting for their group commit. Read from the process's registry, as `/metrics` serves it with
one worker."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from types import SimpleNamespace
from typing import cast

from prometheus_client import REGISTRY

from venuely.core.batching import Batcher
from venuely.realtime.codec import encode_json_frame
from venuely.realtime.connection import Connection, ConnState
from venuely.realtime.localhub import LocalHub
from venuely.realtime.opcodes import Opcode
from venuely.settings import Settings

BUDGET = 1 << 20


def _value(name: str, labels: dict[str, str] | None = None) -> float:
    return REGISTRY.get_sample_value(name, labels or {}) or 0.0


class Socket:
    def __init__(self, buffered: int = 0) -> None:
        self.buffered = buffered

    def write_frames(self, data: bytes | bytearray) -> int | None:
        return self.buffered

    def close_now(self, code: int, reason: str) -> None:
        pass


def _hub() -> LocalHub:
    settings = SimpleNamespace(
        realtime_outbound_buffer_bytes=BUDGET, realtime_idle_seconds=75, realtime_max_connections=9
    )
    return LocalHub(cast(Settings, settings))


async def _open(hub: LocalHub, person: str, socket: Socket) -> Connection:
    conn = Connection(socket, budget=BUDGET, outbox=hub.outbox, now=0.0)
    conn.person_id, conn.event_id = person, "e" * 24
    await hub.attach(conn, ["room:r"])
    conn.transition(ConnState.OPEN)
    return conn


async def test_sockets_deliveries_and_slow_consumers_are_counted() -> None:
    hub = _hub()
    open_before = _value("venuely_realtime_connections")
    delivered_before = _value("venuely_realtime_deliveries_total")
    slow_before = _value("venuely_realtime_slow_consumer_closes_total")

    conns = [await _open(hub, p * 24, Socket()) for p in "abc"]
    slow = await _open(hub, "d" * 24, Socket(buffered=BUDGET + 1))
    assert _value("venuely_realtime_connections") == open_before + 4

    frame = encode_json_frame(Opcode.PONG, {})
    assert hub.deliver_local("room:r", frame) == 4
    await asyncio.sleep(0)  # the turn's writes (connection.Outbox)
    # Once per socket reached; the one over its budget took the frame and is being closed.
    assert _value("venuely_realtime_deliveries_total") == delivered_before + 4
    assert _value("venuely_realtime_slow_consumer_closes_total") == slow_before + 1
    assert slow.state is ConnState.CLOSING

    for conn in (*conns, slow):
        await hub.detach(conn)
        await hub.detach(conn)  # a second detach counts nothing
    assert _value("venuely_realtime_connections") == open_before


async def test_writes_waiting_for_their_group_commit_are_the_queue_depth() -> None:
    release = asyncio.Event()
    seen: list[float] = []

    async def write(items: Sequence[int]) -> Sequence[int]:
        seen.append(_value("venuely_batch_pending", {"batcher": "metrics-test"}))
        await release.wait()
        return items

    batcher: Batcher[int, int] = Batcher("metrics-test", write, max_batch=2)
    calls = [asyncio.create_task(batcher.submit(n)) for n in range(5)]
    await asyncio.sleep(0.01)
    # The first batch of two is being written; three wait.
    assert seen == [3.0]
    release.set()
    assert await asyncio.gather(*calls) == [0, 1, 2, 3, 4]
    assert _value("venuely_batch_pending", {"batcher": "metrics-test"}) == 0.0
