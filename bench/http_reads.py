"""The HTTP reads scenario of `make bench` (issue 22): the reads every attendee's app makes, at
the rate one server process answers them.

Each read is asked for `seconds` by `concurrency` keep-alive connections in a closed loop (a
connection sends its next request when the previous answer is in), every request as a
different seeded attendee. Few connections keep the queue short, so latency stays near the
service time; the report gives answers per second, p50 / p99 / max latency and the statuses, per
read. The target is 5,000 answers/s per process at p99 ≤ 20 ms.

- `event_metadata`: `GET /api/v1/events/name/{name}/metadata` (public, what the login page reads)
- `public_event`: `GET /api/v1/events/{EventID}/public` (member)
- `chat_history`: `GET /api/v1/events/{EventID}/chat-rooms/{RoomID}/chat-messages?MaxCount=50`
- `agenda`: `GET /api/v1/events/{EventID}/activities?EntityType=Session`
- target `plain` (bench/peer/plainapi): `GET /plain`, FastAPI with one route and nothing else.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import numpy as np


class KeepAlive:
    """One persistent HTTP/1.1 connection, GETs only."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def get(self, path: str, token: str | None) -> int:
        if self.writer is None or self.reader is None:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        auth = f"Authorization: Bearer {token}\r\n" if token else ""
        self.writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{auth}\r\n".encode())
        head = await self.reader.readuntil(b"\r\n\r\n")
        status = int(head.split(b" ", 2)[1])
        length = 0
        for line in head.split(b"\r\n"):
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":", 1)[1])
        await self.reader.readexactly(length)
        return status

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


def reads(seed: dict[str, Any], target: str) -> list[tuple[str, str, bool]]:
    """(name, path, needs a token)."""
    if target == "plain":
        return [("plain_fastapi", "/plain", False)]
    event, room = seed["EventID"], seed["BroadcastRoomID"]
    api = "/api/v1"
    return [
        ("event_metadata", f"{api}/events/name/bench/metadata", False),
        ("public_event", f"{api}/events/{event}/public", True),
        ("chat_history", f"{api}/events/{event}/chat-rooms/{room}/chat-messages?MaxCount=50", True),
        ("agenda", f"{api}/events/{event}/activities?EntityType=Session", True),
    ]


async def one_read(
    port: int, path: str, tokens: list[str] | None, seconds: float, concurrency: int, meter: Any
) -> dict[str, Any]:
    latencies: list[float] = []
    statuses: dict[int, int] = {}
    turn = 0
    deadline = time.monotonic() + seconds

    async def loop(conn: KeepAlive) -> None:
        nonlocal turn
        while time.monotonic() < deadline:
            token = None
            if tokens:
                token = tokens[turn % len(tokens)]
                turn += 1
            started = time.perf_counter()
            try:
                status = await conn.get(path, token)
            except (OSError, asyncio.IncompleteReadError):
                conn.close()
                conn.reader = conn.writer = None
                status = 0
            latencies.append((time.perf_counter() - started) * 1000)
            statuses[status] = statuses.get(status, 0) + 1

    conns = [KeepAlive(port) for _ in range(concurrency)]
    # Connections opened and routes warmed before the clock starts.
    for conn in conns:
        await conn.get(path, tokens[0] if tokens else None)
    cpu0, wall0 = meter.cpu_seconds(), time.monotonic()
    deadline = time.monotonic() + seconds
    await asyncio.gather(*(loop(c) for c in conns))
    wall = time.monotonic() - wall0
    cpu = meter.cpu_seconds() - cpu0
    for conn in conns:
        conn.close()
    arr = np.array(latencies) if latencies else np.array([0.0])
    ok = sum(n for s, n in statuses.items() if 200 <= s < 300)
    return {
        "answers_per_second": round(ok / wall, 1),
        "latency_ms": {
            "p50": round(float(np.percentile(arr, 50)), 2),
            "p99": round(float(np.percentile(arr, 99)), 2),
            "max": round(float(arr.max()), 2),
        },
        "statuses": {str(s): n for s, n in sorted(statuses.items())},
        "server_cpu": round(cpu / wall, 3),
    }


async def scenario_reads(spec: dict[str, Any], seed: dict[str, Any], meter: Any) -> dict[str, Any]:
    port = spec["ports"][0]
    tokens = [p["Token"] for p in seed["People"][: spec["connections"]]]
    results = {}
    for name, path, needs_token in reads(seed, spec["target"]):
        results[name] = await one_read(
            port,
            path,
            tokens if needs_token else None,
            float(spec["seconds"]),
            int(spec.get("concurrency", 8)),
            meter,
        )
    return {"reads": results, "concurrency": int(spec.get("concurrency", 8))}
