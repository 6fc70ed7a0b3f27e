"""The load generator: many WebSocket clients in one asyncio + uvloop process (picows).

Run by `bench/run.py`, one process per scenario, pinned to the core the server does not use.
Reads a scenario as JSON (argument 1), prints one JSON result line on stdout.

Scenarios:
- `connections`: open N authenticated connections (ticket over HTTP, then the socket) as fast as
  a bounded concurrency allows → connections/s; then hold them idle → server RSS per connection.
- `vote_storm`, `upvote_storm`, `join_storm`: see `storms.py`.
- `analytics_pings`, `analytics_pings_http`: see `analytics.py`; `http_reads`: `http_reads.py`.
- `rooms`: N connections in rooms (the event's broadcast room, or small groups), open-loop
  publishers sending at a fixed rate scheduled by the clock, never by acknowledgements. Every
  message text carries the room's sequence number and its scheduled send time; every receiver
  checks each room's sequence for gaps and duplicates, and latency is receive time − scheduled
  send time on the same machine's monotonic clock.

`target: "peer"` speaks the peer stack's text protocol instead (bench/peer/): no ticket, JSON text
frames in and out, the same sequence/latency checks.
"""

from __future__ import annotations

import asyncio
import json
import math
import os
import sys
import time
import uuid
import zlib
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import orjson
import psutil
import uvloop
from picows import WSCloseCode, WSFrame, WSListener, WSMsgType, WSTransport, ws_connect

from venuely.realtime.codec import encode_frame, encode_json_frame
from venuely.realtime.opcodes import Opcode

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import analytics  # noqa: E402 - the analytics scenarios, next to this file
import http_reads  # noqa: E402 - the HTTP reads scenario, next to this file
import storms  # noqa: E402 - the storm scenarios, next to this file

SEND_NOTIFY = int(Opcode.CHAT_MESSAGE_SEND_NOTIFY)
SEND_ERROR = int(Opcode.CHAT_MESSAGE_SEND_ERROR)
MAX_CONNS = int(Opcode.MAX_ALLOWED_CONNS_REACHED)
HEARTBEAT_SECONDS = 20.0  # under the server's idle limit, like a real client (protocol §8)


# --- bookkeeping shared by every connection of this process -------------------------------


@dataclass
class Stats:
    latencies_ns: list[int] = field(default_factory=list)
    delivered: int = 0
    duplicates: int = 0
    gaps: int = 0
    reordered: int = 0
    send_errors: int = 0
    refused_seqs: set[tuple[str, int]] = field(default_factory=set)
    closes: dict[str, int] = field(default_factory=dict)
    error_codes: dict[str, int] = field(default_factory=dict)
    limit_refusals: int = 0
    measuring: bool = False
    # Storm scenarios: every binary frame goes to `storms.STORM` instead of the chat checks.
    storm: bool = False


STATS = Stats()


class Receiver(WSListener):  # type: ignore[misc]
    """One socket. Per room it expects the next sequence number; anything else is a gap (a
    number skipped), a duplicate or reordering (a number already passed)."""

    __slots__ = ("closed", "expected", "index", "peer", "transport")

    def __init__(self, peer: bool) -> None:
        self.peer = peer
        self.index = -1  # the person's position in the seed, to find group members
        self.expected: dict[str, int] = {}
        self.transport: WSTransport | None = None
        self.closed = asyncio.get_running_loop().create_future()

    def on_ws_connected(self, transport: WSTransport) -> None:
        self.transport = transport

    def on_ws_disconnected(self, transport: WSTransport) -> None:
        info = transport.close_handshake
        code = "none"
        if info is not None and info.recv is not None:
            code = str(info.recv.code.value if hasattr(info.recv.code, "value") else info.recv.code)
        STATS.closes[code] = STATS.closes.get(code, 0) + 1
        if not self.closed.done():
            self.closed.set_result(code)

    def on_ws_frame(self, transport: WSTransport, frame: WSFrame) -> None:
        now = time.monotonic_ns()
        kind = frame.msg_type
        if kind is WSMsgType.BINARY and STATS.storm:
            storms.STORM.on_frame(self.index, frame)
        elif kind is WSMsgType.BINARY and not self.peer:
            data = frame.get_payload_as_bytes()
            opcode = data[1] & 0x3F
            if opcode == SEND_NOTIFY:
                body = data[4:]
                if data[1] & 0x80:
                    body = zlib.decompress(body, -15)
                message = orjson.loads(body)
                self._seen(message["ChatroomID"], message["Text"], now)
            elif opcode == SEND_ERROR:
                STATS.send_errors += 1
                error = orjson.loads(data[4:]).get("Error", {})
                code = str(error.get("Code"))
                STATS.error_codes[code] = STATS.error_codes.get(code, 0) + 1
                tmp = error.get("Data", {}).get("TmpID", "")
                pending = PENDING.pop(tmp, None)
                if pending is not None:
                    STATS.refused_seqs.add(pending)
            elif opcode == MAX_CONNS:
                STATS.limit_refusals += 1
        elif kind is WSMsgType.TEXT and self.peer:
            message = orjson.loads(frame.get_payload_as_bytes())
            self._seen(message["room"], message["text"], now)
        elif kind is WSMsgType.CLOSE:
            transport.send_close(frame.get_close_code())
            transport.disconnect()

    def _seen(self, room: str, text: str, now: int) -> None:
        if not text.startswith("b|"):
            return
        # Order is promised per sender connection (its commands run in order), not across
        # senders: each publisher is its own numbered stream.
        _, publisher, seq_s, sent_s, _ = text.split("|", 4)
        stream = f"{room}#{publisher}"
        seq = int(seq_s)
        expected = self.expected.get(stream, 0)
        if seq == expected:
            self.expected[stream] = seq + 1
        elif seq > expected:
            self.expected[stream] = seq + 1
            refused = STATS.refused_seqs
            # A send the server refused (and said so) is no gap; anything else skipped is.
            STATS.gaps += sum(1 for s in range(expected, seq) if (stream, s) not in refused)
        else:
            STATS.duplicates += 1
        if STATS.measuring:
            STATS.delivered += 1
            STATS.latencies_ns.append(now - int(sent_s))


PENDING: dict[str, tuple[str, int]] = {}  # TmpID -> (stream, seq), to name a refused send


# --- HTTP: tickets over a few keep-alive connections ---------------------------------------


class TicketPool:
    """`POST /api/v1/amvproto/authenticate` over persistent HTTP/1.1 connections: cheaper on
    both ends than a client library, and the ramp measures the server, not the generator."""

    def __init__(self, host: str, port: int, size: int) -> None:
        self.host, self.port = host, port
        self.free: asyncio.Queue[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = (
            asyncio.Queue()
        )
        self.size = size
        self.opened = 0

    async def _conn(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        if self.free.empty() and self.opened < self.size:
            self.opened += 1
            return await asyncio.open_connection(self.host, self.port)
        return await self.free.get()

    async def ticket(self, token: str) -> str:
        reader, writer = await self._conn()
        request = (
            f"POST /api/v1/amvproto/authenticate HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n"
            f"Authorization: Bearer {token}\r\nContent-Length: 0\r\n\r\n"
        )
        writer.write(request.encode())
        head = await reader.readuntil(b"\r\n\r\n")
        status = int(head.split(b" ", 2)[1])
        length = 0
        for line in head.split(b"\r\n"):
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":", 1)[1])
        body = await reader.readexactly(length)
        self.free.put_nowait((reader, writer))
        if status != 200:
            raise RuntimeError(f"ticket refused: {status} {body[:200]!r}")
        return str(orjson.loads(body))

    def close(self) -> None:
        while not self.free.empty():
            self.free.get_nowait()[1].close()


# --- connecting ---------------------------------------------------------------------------


async def open_all(
    spec: dict[str, Any], people: list[dict[str, str]], ports: list[int]
) -> tuple[list[Receiver], float, int, asyncio.Task[None]]:
    """Open one socket per person (round robin over `ports`); returns receivers, seconds, how
    many failed, and the heartbeat task. Each socket heartbeats from the moment it opens, as a
    real client does: a ramp longer than the server's idle limit must not lose its first ones."""
    peer = spec["target"] == "peer"
    host = "127.0.0.1"
    pools = {port: TicketPool(host, port, spec.get("http_pool", 32)) for port in ports}
    sources = spec["source_ips"]
    limit = asyncio.Semaphore(spec.get("concurrency", 64))
    receivers: list[Receiver | None] = [None] * len(people)
    opened: list[Receiver] = []
    beat = asyncio.create_task(heartbeat(opened, peer))
    failures = 0

    async def one(n: int, person: dict[str, str]) -> None:
        nonlocal failures
        port = ports[n % len(ports)]
        async with limit:
            try:
                if peer:
                    url = f"ws://{host}:{port}/ws/room/"
                else:
                    ticket = await pools[port].ticket(person["Token"])
                    url = f"ws://{host}:{port}/realtime/{ticket}"
                _, listener = await ws_connect(
                    lambda: Receiver(peer),
                    url,
                    local_addr=(sources[n % len(sources)], 0),
                    use_aiofastnet=False,
                    enable_auto_pong=True,
                    websocket_handshake_timeout=30,
                )
                listener.index = n
                receivers[n] = listener
                opened.append(listener)
            except Exception as exc:  # counted, reported; the run goes on
                failures += 1
                if failures <= 3:
                    print(f"connect failed: {exc!r}", file=sys.stderr)

    started = time.perf_counter()
    await asyncio.gather(*(one(n, p) for n, p in enumerate(people)))
    elapsed = time.perf_counter() - started
    for pool in pools.values():
        pool.close()
    return [r for r in receivers if r is not None], elapsed, failures, beat


async def heartbeat(receivers: list[Receiver], peer: bool) -> None:
    """Every socket PINGs every HEARTBEAT_SECONDS, spread over that period in one-second slices
    as independent clients would be, instead of 10,000 PINGs in the same millisecond."""
    frame = encode_frame(Opcode.PING, "hb")
    slices = int(HEARTBEAT_SECONDS)
    tick = 0
    while True:
        await asyncio.sleep(1.0)
        for r in receivers[tick % slices :: slices]:
            if r.transport is not None and not r.transport.is_disconnected:
                if peer:
                    r.transport.send_ping()
                else:
                    r.transport.send(WSMsgType.BINARY, frame)
        tick += 1


async def close_all(receivers: list[Receiver]) -> None:
    for r in receivers:
        if r.transport is not None and not r.transport.is_disconnected:
            r.transport.send_close(WSCloseCode.OK)
    waits = [r.closed for r in receivers if not r.closed.done()]
    if waits:
        await asyncio.wait(waits, timeout=15)
    for r in receivers:
        if r.transport is not None and not r.transport.is_disconnected:
            r.transport.disconnect()


# --- measuring the server -----------------------------------------------------------------


class ServerMeter:
    def __init__(self, pids: list[int]) -> None:
        self.procs = [psutil.Process(pid) for pid in pids]

    def cpu_seconds(self) -> float:
        total = 0.0
        for proc in self.procs:
            for p in [proc, *proc.children(recursive=True)]:
                times = p.cpu_times()
                total += times.user + times.system
        return total

    def rss(self) -> int:
        return sum(
            p.memory_info().rss
            for proc in self.procs
            for p in [proc, *proc.children(recursive=True)]
        )


# --- scenarios ----------------------------------------------------------------------------


async def split_cost(
    spec: dict[str, Any], people: list[dict[str, str]], meter: ServerMeter
) -> dict[str, Any]:
    """Server CPU per ticket call and per socket open, measured apart on a sample: the ramp's
    cost is their sum, and which half dominates decides where to work. Tickets are fetched all
    first (within their 30 s life), then the sockets opened with them, then closed again. Run
    after the ramp: it must not disturb the ramp's memory baseline."""
    host, port = "127.0.0.1", spec["ports"][0]
    pool = TicketPool(host, port, spec.get("http_pool", 32))
    limit = asyncio.Semaphore(spec.get("concurrency", 64))

    async def ticket(person: dict[str, str]) -> str:
        async with limit:
            return await pool.ticket(person["Token"])

    cpu0 = meter.cpu_seconds()
    tickets = await asyncio.gather(*(ticket(p) for p in people))
    cpu1 = meter.cpu_seconds()
    pool.close()
    receivers: list[Receiver] = []

    async def socket(n: int, value: str) -> None:
        async with limit:
            _, listener = await ws_connect(
                lambda: Receiver(False),
                f"ws://{host}:{port}/realtime/{value}",
                local_addr=(spec["source_ips"][n % len(spec["source_ips"])], 0),
                use_aiofastnet=False,
                enable_auto_pong=True,
            )
            receivers.append(listener)

    await asyncio.gather(*(socket(n, t) for n, t in enumerate(tickets)))
    cpu2 = meter.cpu_seconds()
    await close_all(receivers)
    count = max(len(people), 1)
    return {
        "split_sample": len(people),
        "ticket_cpu_ms": round((cpu1 - cpu0) / count * 1000, 2),
        "socket_cpu_ms": round((cpu2 - cpu1) / count * 1000, 2),
    }


async def scenario_connections(spec: dict[str, Any], seed: dict[str, Any]) -> dict[str, Any]:
    meter = ServerMeter(spec["server_pids"])
    people = seed["People"][: spec["connections"]]
    await asyncio.sleep(1.0)
    rss_before = meter.rss()
    cpu_before, own_before = meter.cpu_seconds(), time.process_time()
    receivers, seconds, failures, beat = await open_all(spec, people, spec["ports"])
    cpu_after, own_after = meter.cpu_seconds(), time.process_time()
    await asyncio.sleep(spec.get("settle_seconds", 3.0))  # let buffers and allocators settle
    rss_after = meter.rss()
    open_now = sum(
        1 for r in receivers if r.transport is not None and not r.transport.is_disconnected
    )
    beat.cancel()
    await close_all(receivers)
    # After the ramp's own figures, so its memory baseline is a fresh server's.
    split = await split_cost(spec, people[: spec.get("split_sample", 1000)], meter)
    return {
        "connections": len(people),
        "opened": len(receivers),
        "still_open_after_settle": open_now,
        "failed": failures,
        "ramp_seconds": round(seconds, 3),
        "connections_per_second": round(len(receivers) / seconds, 1) if seconds else 0,
        "server_cpu_during_ramp": round((cpu_after - cpu_before) / seconds, 3) if seconds else 0,
        # The load generator shares the machine: near 1.0 it, not the server, sets the pace.
        "loadgen_cpu_during_ramp": round((own_after - own_before) / seconds, 3) if seconds else 0,
        "server_rss_before_mib": round(rss_before / 2**20, 1),
        "server_rss_after_mib": round(rss_after / 2**20, 1),
        "rss_per_connection_kib": round(
            (rss_after - rss_before) / max(len(receivers), 1) / 1024, 2
        ),
        **split,
    }


def _text(publisher: int, seq: int, due_ns: int, size: int) -> str:
    head = f"b|{publisher}|{seq}|{due_ns}|"
    return head + "x" * max(size - len(head), 0)


async def publish(
    room: str,
    publishers: list[Receiver],
    rate: float,
    seconds: float,
    text_size: int,
    peer: bool,
) -> tuple[int, float]:
    """Send `rate` messages/s into `room` for `seconds`, round robin over `publishers`, each
    scheduled at start + k / rate (open loop: a late tick sends at once, it does not skip).
    Returns how many were sent and the worst lateness in seconds."""
    count = int(rate * seconds)
    start = time.monotonic_ns()
    worst = 0.0
    for k in range(count):
        due = start + int(k * 1e9 / rate)
        delay = (due - time.monotonic_ns()) / 1e9
        if delay > 0:
            await asyncio.sleep(delay)
        else:
            worst = max(worst, -delay)
        j, seq = k % len(publishers), k // len(publishers)
        sender = publishers[j]
        stream = f"{room}#{j}"
        if sender.transport is None or sender.transport.is_disconnected:
            STATS.refused_seqs.add((stream, seq))
            continue
        text = _text(j, seq, due, text_size)
        if peer:
            sender.transport.send(WSMsgType.TEXT, orjson.dumps({"room": room, "text": text}))
        else:
            tmp = str(uuid.uuid4())
            PENDING[tmp] = (stream, seq)
            body = {"TmpID": tmp, "ChatroomID": room, "Text": text}
            sender.transport.send(
                WSMsgType.BINARY, encode_json_frame(Opcode.CHAT_MESSAGE_SEND, body)
            )
    return count, worst


async def scenario_rooms(spec: dict[str, Any], seed: dict[str, Any]) -> dict[str, Any]:
    """Broadcast (`groups: false`): everyone in the event's broadcast room. Groups: the seeded
    small groups, each with its own publisher loop."""
    peer = spec["target"] == "peer"
    meter = ServerMeter(spec["server_pids"])
    n = spec["connections"]
    people = seed["People"][:n]
    receivers, ramp_seconds, failures, beat = await open_all(spec, people, spec["ports"])
    await asyncio.sleep(spec.get("warmup_seconds", 2.0))

    rate, seconds, size = spec["rate"], spec["seconds"], spec.get("text_size", 100)
    # A person may send 1 message/s sustained (chat limit, protocol §8): spread over enough.
    tasks = []
    room_members: dict[str, int] = {}
    if spec.get("groups"):
        by_index = {r.index: r for r in receivers}
        for group in seed["Groups"]:
            members = [by_index[i] for i in group["Members"] if i < n and i in by_index]
            if len(members) < len(group["Members"]):
                continue
            room = group["ChatroomID"]
            room_members[room] = len(members)
            tasks.append((room, members, rate))
    else:
        room = seed["BroadcastRoomID"]
        needed = max(1, math.ceil(rate / 0.8))
        room_members[room] = len(receivers)
        tasks.append((room, receivers[:needed], rate))

    STATS.measuring = True
    cpu_before, wall_before = meter.cpu_seconds(), time.perf_counter()
    results = await asyncio.gather(
        *(publish(room, pubs, r, seconds, size, peer) for room, pubs, r in tasks)
    )
    # Drain: wait until deliveries stop growing (or a cap), so late messages still count.
    drain_cap = spec.get("drain_seconds", 10.0)
    expected = sum(
        (count - sum(1 for st, _ in STATS.refused_seqs if st.split("#")[0] == room))
        * room_members[room]
        for (room, _, _), (count, _) in zip(tasks, results, strict=True)
    )
    drain_started = time.perf_counter()
    while STATS.delivered < expected and time.perf_counter() - drain_started < drain_cap:
        await asyncio.sleep(0.1)
    wall = time.perf_counter() - wall_before
    cpu = meter.cpu_seconds() - cpu_before
    rss = meter.rss()
    STATS.measuring = False
    beat.cancel()
    sent = sum(count for count, _ in results)
    lateness = max((worst for _, worst in results), default=0.0)
    still_open = sum(
        1 for r in receivers if r.transport is not None and not r.transport.is_disconnected
    )
    await close_all(receivers)

    lat = np.array(STATS.latencies_ns, dtype=np.int64) / 1e6 if STATS.latencies_ns else None
    refused = len(STATS.refused_seqs)
    return {
        "connections": n,
        "opened": len(receivers),
        "connect_failed": failures,
        "still_open_at_end": still_open,
        "ramp_seconds": round(ramp_seconds, 3),
        "rooms": len(tasks),
        "rate_per_room": rate,
        "seconds": seconds,
        "messages_sent": sent,
        "messages_refused": refused,
        "send_errors": STATS.send_errors,
        "deliveries_expected": expected,
        "deliveries": STATS.delivered,
        "delivery_ratio": round(STATS.delivered / expected, 6) if expected else 0.0,
        "deliveries_per_second": round(STATS.delivered / seconds, 1),
        "duplicates_or_reordered": STATS.duplicates,
        "gaps": STATS.gaps,
        "latency_ms": None
        if lat is None
        else {
            "p50": round(float(np.percentile(lat, 50)), 2),
            "p99": round(float(np.percentile(lat, 99)), 2),
            "max": round(float(lat.max()), 2),
        },
        "publisher_lateness_max_ms": round(lateness * 1000, 2),
        "server_cpu": round(cpu / wall, 3) if wall else 0.0,
        "server_rss_mib": round(rss / 2**20, 1),
        "closes": STATS.closes,
        "send_error_codes": STATS.error_codes,
    }


async def scenario_storm(spec: dict[str, Any], seed: dict[str, Any]) -> dict[str, Any]:
    """A vote, upvote or breakout-join storm (`storms.py`) over N freshly opened sockets."""
    STATS.storm = True
    meter = ServerMeter(spec["server_pids"])
    people = seed["People"][: spec["connections"]]
    receivers, ramp_seconds, failures, beat = await open_all(spec, people, spec["ports"])
    await asyncio.sleep(spec.get("warmup_seconds", 2.0))
    run = {
        "vote_storm": storms.vote_storm,
        "upvote_storm": storms.upvote_storm,
        "join_storm": storms.join_storm,
    }[spec["scenario"]]
    result = await run(spec, seed, receivers, meter)
    beat.cancel()
    await close_all(receivers)
    return {"ramp_seconds": round(ramp_seconds, 3), "connect_failed": failures, **result}


async def scenario_analytics(spec: dict[str, Any], seed: dict[str, Any]) -> dict[str, Any]:
    """Tracker pings over the attendees' sockets (`analytics.py`)."""
    meter = ServerMeter(spec["server_pids"])
    people = seed["People"][: spec["connections"]]
    receivers, ramp_seconds, failures, beat = await open_all(spec, people, spec["ports"])
    await asyncio.sleep(spec.get("warmup_seconds", 2.0))
    try:
        transports = [r.transport for r in receivers if r.transport is not None]
        result = await analytics.scenario_socket_pings(spec, transports, meter)
    finally:
        beat.cancel()
        await close_all(receivers)
    return {"ramp_seconds": round(ramp_seconds, 3), "connect_failed": failures, **result}


async def scenario_analytics_http(spec: dict[str, Any], seed: dict[str, Any]) -> dict[str, Any]:
    """Tracker pings over HTTP (`analytics.py`); no sockets."""
    return await analytics.scenario_pings(spec, seed, ServerMeter(spec["server_pids"]))


async def scenario_http_reads(spec: dict[str, Any], seed: dict[str, Any]) -> dict[str, Any]:
    """The attendee app's hot reads over keep-alive HTTP (`http_reads.py`); no sockets."""
    return await http_reads.scenario_reads(spec, seed, ServerMeter(spec["server_pids"]))


RUNNERS = {
    "analytics_pings": scenario_analytics,
    "analytics_pings_http": scenario_analytics_http,
    "http_reads": scenario_http_reads,
    "connections": scenario_connections,
    "rooms": scenario_rooms,
    "vote_storm": scenario_storm,
    "upvote_storm": scenario_storm,
    "join_storm": scenario_storm,
}


async def main() -> None:
    spec = json.loads(sys.argv[1])
    seed = json.loads(open(spec["seed_file"]).read())  # noqa: ASYNC230 - read once at start
    runner = RUNNERS[spec["scenario"]]
    async with asyncio.timeout(spec.get("timeout_seconds", 300)):
        result = await runner(spec, seed)
    result["scenario"] = spec["name"]
    result["target"] = spec["target"]
    print(json.dumps(result), flush=True)


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    uvloop.run(main())
