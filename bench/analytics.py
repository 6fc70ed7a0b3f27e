"""The analytics scenarios of `make bench` (issue 21).

- **analytics_pings** (run by `loadgen.py`): N attendees, each with its socket open, sending a
  tracker ping every 15 s as the web app does (ANALYTICS_TRACK, opcode 47; open loop: attendee
  *i* is due at start + i × 15 / N + k × 15), every fourth ping carrying a page view too, against
  one server process. The frame is not answered, so the server's own count of items kept
  (`venuely_analytics_accepted_total{via="socket"}` at /metrics) tells whether it kept up: the
  report gives the items sent and kept, how long after the last send the count caught up, the
  server's CPU while sending and, measured first, with the same sockets idle (heartbeats only),
  and from the two the CPU a frame costs.
- **analytics_pings_http**: the same over `POST /api/v1/events/{E}/analytics` on 64 keep-alive
  connections (the web app's path while its socket is down). Reports the rate asked and
  achieved, the answers' p50 / p99 / max latency from the due time and the server's CPU.
- **analytics_dashboard** (run by `run.py` on the server core, this file as a script): writes a
  day of pings for the seeded event's attendees (counts per screen and place per minute,
  presence, attendance of five sessions with their viewers per minute, a day of chat,
  registrations spread over a week), then times each dashboard query and the whole dashboard
  (target ≤ 200 ms).

Every attendee has statistics consent (seed.py), so every item is kept.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
import time
from datetime import UTC, datetime, timedelta
from typing import Any

import numpy as np
import orjson

PERIOD = 15.0
CONNECTIONS = 64


# --- analytics_pings (in the load generator) ----------------------------------------------


class HttpPool:
    """POSTs over persistent HTTP/1.1 connections (as loadgen's TicketPool)."""

    def __init__(self, host: str, port: int, size: int) -> None:
        self.host, self.port, self.size = host, port, size
        self.free: asyncio.Queue[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = (
            asyncio.Queue()
        )
        self.opened = 0

    async def _conn(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        if self.free.empty() and self.opened < self.size:
            self.opened += 1
            return await asyncio.open_connection(self.host, self.port)
        return await self.free.get()

    async def post(self, path: str, token: str, body: bytes) -> int:
        reader, writer = await self._conn()
        head = (
            f"POST {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n"
            f"Authorization: Bearer {token}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n\r\n"
        )
        writer.write(head.encode() + body)
        answer = await reader.readuntil(b"\r\n\r\n")
        status = int(answer.split(b" ", 2)[1])
        length = 0
        for line in answer.split(b"\r\n"):
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":", 1)[1])
        await reader.readexactly(length)
        self.free.put_nowait((reader, writer))
        return status

    def close(self) -> None:
        while not self.free.empty():
            self.free.get_nowait()[1].close()


PING = orjson.dumps({"Events": [{"Kind": "ping", "Screen": "room", "Place": "Auditorium"}]})
PING_AND_VIEW = orjson.dumps(
    {
        "Events": [
            {"Kind": "page_view", "Screen": "room", "Place": "Lobby"},
            {"Kind": "ping", "Screen": "room", "Place": "Lobby"},
        ]
    }
)


async def scenario_pings(spec: dict[str, Any], seed: dict[str, Any], meter: Any) -> dict[str, Any]:
    people = seed["People"][: spec["connections"]]
    pool = HttpPool("127.0.0.1", spec["ports"][0], CONNECTIONS)
    path = f"/api/v1/events/{seed['EventID']}/analytics"
    seconds = float(spec["seconds"])
    n = len(people)
    latencies: list[float] = []
    statuses: dict[int, int] = {}
    late_ns = 0
    in_flight: set[asyncio.Task[None]] = set()

    async def one(person: dict[str, str], body: bytes, due_ns: int) -> None:
        try:
            status = await pool.post(path, person["Token"], body)
        except Exception:
            status = 0
        statuses[status] = statuses.get(status, 0) + 1
        latencies.append((time.monotonic_ns() - due_ns) / 1e6)

    cpu0, wall0 = meter.cpu_seconds(), time.monotonic()
    start = time.monotonic_ns() + 200_000_000
    total = int(seconds / PERIOD * n)
    for k in range(total):
        person = people[k % n]
        round_ = k // n
        due = start + int((k / n) * PERIOD * 1e9)
        now = time.monotonic_ns()
        if due > now:
            await asyncio.sleep((due - now) / 1e9)
        else:
            late_ns = max(late_ns, now - due)
        body = PING_AND_VIEW if (k % n + round_) % 4 == 0 else PING
        task = asyncio.create_task(one(person, body, due))
        in_flight.add(task)
        task.add_done_callback(in_flight.discard)
    window = (time.monotonic_ns() - start) / 1e9
    sent_cpu = meter.cpu_seconds() - cpu0
    sent_wall = time.monotonic() - wall0
    drain_deadline = time.monotonic() + spec.get("drain_seconds", 10)
    while in_flight and time.monotonic() < drain_deadline:
        await asyncio.sleep(0.05)
    answered_by = (time.monotonic_ns() - start) / 1e9
    pool.close()
    arr = np.array(latencies) if latencies else np.array([0.0])
    ok = statuses.get(202, 0)
    return {
        "attendees": n,
        "requests_sent": total,
        "requests_accepted": ok,
        "statuses": {str(s): c for s, c in sorted(statuses.items())},
        "rate_asked_per_second": round(n / PERIOD, 1),
        "rate_sent_per_second": round(total / window, 1),
        "rate_answered_per_second": round(ok / answered_by, 1),
        "unanswered": len(in_flight),
        "latency_ms": {
            "p50": round(float(np.percentile(arr, 50)), 2),
            "p99": round(float(np.percentile(arr, 99)), 2),
            "max": round(float(arr.max()), 2),
        },
        "sender_late_ms": round(late_ns / 1e6, 2),
        "server_cpu": round(sent_cpu / sent_wall, 3),
    }


def _frame(body: bytes) -> bytes:
    from venuely.realtime.codec import encode_json_frame
    from venuely.realtime.opcodes import Opcode

    return encode_json_frame(Opcode.ANALYTICS_TRACK, orjson.loads(body))


async def kept_by_server(port: int) -> float:
    """The server's count of tracker items kept from sockets, read from /metrics."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"GET /metrics HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode())
    text = (await reader.read()).decode()
    writer.close()
    for line in text.splitlines():
        if line.startswith('venuely_analytics_accepted_total{via="socket"}'):
            return float(line.rsplit(" ", 1)[1])
    return 0.0


async def scenario_socket_pings(
    spec: dict[str, Any], transports: list[Any], meter: Any
) -> dict[str, Any]:
    from picows import WSMsgType

    port = spec["ports"][0]
    ping, ping_and_view = _frame(PING), _frame(PING_AND_VIEW)
    seconds = float(spec["seconds"])
    n = len(transports)
    # The same sockets idle first (their heartbeats and the server's keepalive pings only): what
    # the pings add on top is the difference.
    idle_cpu0, idle_wall0 = meter.cpu_seconds(), time.monotonic()
    await asyncio.sleep(spec.get("idle_seconds", 15.0))
    idle_cpu = (meter.cpu_seconds() - idle_cpu0) / (time.monotonic() - idle_wall0)
    kept_before = await kept_by_server(port)
    items_sent = 0
    late_ns = 0
    cpu0, wall0 = meter.cpu_seconds(), time.monotonic()
    start = time.monotonic_ns() + 200_000_000
    total = int(seconds / PERIOD * n)
    for k in range(total):
        round_, i = divmod(k, n)
        due = start + int((k / n) * PERIOD * 1e9)
        now = time.monotonic_ns()
        if due > now:
            await asyncio.sleep((due - now) / 1e9)
        else:
            late_ns = max(late_ns, now - due)
        with_view = (i + round_) % 4 == 0
        transport = transports[i]
        if transport.is_disconnected:
            continue
        transport.send(WSMsgType.BINARY, ping_and_view if with_view else ping)
        items_sent += 2 if with_view else 1
    sent_at = time.monotonic()
    window = (time.monotonic_ns() - start) / 1e9
    sent_cpu = meter.cpu_seconds() - cpu0
    sent_wall = sent_at - wall0
    kept = await kept_by_server(port) - kept_before
    deadline = sent_at + spec.get("drain_seconds", 10)
    while kept < items_sent and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
        kept = await kept_by_server(port) - kept_before
    caught_up = time.monotonic() - sent_at if kept >= items_sent else None
    return {
        "attendees": n,
        "frames_sent": total,
        "items_sent": items_sent,
        "items_kept": int(kept),
        "rate_asked_per_second": round(n / PERIOD, 1),
        "rate_sent_per_second": round(total / window, 1),
        "caught_up_after_last_send_ms": None if caught_up is None else round(caught_up * 1000, 1),
        "sender_late_ms": round(late_ns / 1e6, 2),
        "server_cpu": round(sent_cpu / sent_wall, 3),
        "server_cpu_idle_sockets": round(idle_cpu, 3),
        "cpu_ms_per_frame": round((sent_cpu / sent_wall - idle_cpu) / (total / window) * 1000, 3),
    }


# --- analytics_dashboard (a script of its own, on the server core) ------------------------

SESSIONS = 5
PLACES = ("Auditorium", "Lobby", "Expo hall", "Lounge", "Stage B", "Cinema")
SCREENS = ("start", "room", "auditorium", "chat", "agenda", "cinema", "walloffame", "faq")
CHAT_PER_DAY = 20_000


async def seed_day(services: Any, event_id: str, persons: list[str], now: datetime) -> None:
    """A day of what 10,000 attendees' pings would have left, written in bulk."""
    from sqlalchemy import delete, insert, update

    from venuely.activities.models import Activity, EntityType
    from venuely.analytics.collector import minute_of
    from venuely.analytics.models import (
        AnalyticsAttendance,
        AnalyticsCount,
        AnalyticsPresence,
        AnalyticsSessionMinute,
    )
    from venuely.chat.models import ChatMessage
    from venuely.chat.service import find_broadcast_room
    from venuely.core.ids import new_id
    from venuely.events.models import Attendee

    rng = random.Random(21)
    end = minute_of(now)
    async with services.db.session() as session:
        # The pings scenario ran first on the same event: its flushed rows give way to the day.
        for model in (AnalyticsCount, AnalyticsPresence, AnalyticsAttendance, AnalyticsSessionMinute):
            await session.execute(delete(model).where(model.event_id == event_id))
        counts = []
        for step in range(24 * 60, 0, -1):
            minute = end - timedelta(minutes=step)
            for screen in SCREENS:
                counts.append(
                    {"event_id": event_id, "kind": "page_view", "screen": screen, "place": "",
                     "minute": minute, "count": rng.randint(20, 400)}
                )
            for place in PLACES:
                counts.append(
                    {"event_id": event_id, "kind": "ping", "screen": "", "place": place,
                     "minute": minute, "count": rng.randint(100, 8000)}
                )
        await session.execute(insert(AnalyticsCount), counts)
        await session.execute(
            insert(AnalyticsPresence),
            [
                {"event_id": event_id, "person_id": p, "place": PLACES[i % len(PLACES)],
                 "seen_at": now - timedelta(seconds=rng.randint(0, 120))}
                for i, p in enumerate(persons)
            ],
        )
        for s in range(SESSIONS):
            begin = end - timedelta(hours=20 - 4 * s)
            talk = Activity(
                id=new_id(), event_id=event_id, entity_type=EntityType.SESSION.value,
                internal_name=f"day-session-{s}", title=f"Session {s}", date_begin=begin,
                date_end=begin + timedelta(hours=1), document={}, created_at=now, updated_at=now,
            )
            session.add(talk)
            await session.flush()
            watchers = [p for p in persons if rng.random() < 0.6]
            await session.execute(
                insert(AnalyticsAttendance),
                [
                    {"event_id": event_id, "activity_id": talk.id, "person_id": p,
                     "minutes": rng.randint(1, 240) * 0.25, "first_at": begin,
                     "last_at": begin + timedelta(minutes=30)}
                    for p in watchers
                ],
            )
            await session.execute(
                insert(AnalyticsSessionMinute),
                [
                    {"event_id": event_id, "activity_id": talk.id,
                     "minute": begin + timedelta(minutes=m), "viewers": rng.randint(1000, 6000)}
                    for m in range(60)
                ],
            )
        room = await find_broadcast_room(session, event_id)
        assert room is not None
        await session.execute(
            insert(ChatMessage),
            [
                {"chatroom_id": room.id, "id": f"{n:024d}", "event_id": event_id,
                 "sender_id": persons[n % len(persons)], "tmp_id": f"day-{n}", "text": "hello",
                 "created_at": now - timedelta(seconds=rng.randint(0, 86_400))}
                for n in range(CHAT_PER_DAY)
            ],
        )
        for i in range(0, len(persons), 500):
            for p in persons[i : i + 500]:
                await session.execute(
                    update(Attendee)
                    .where(Attendee.event_id == event_id, Attendee.person_id == p)
                    .values(created_at=now - timedelta(seconds=rng.randint(0, 7 * 86_400)))
                )


async def time_dashboard(spec: dict[str, Any]) -> dict[str, Any]:
    from venuely.analytics import dashboard as q
    from venuely.core.services import build_services
    from venuely.events.models import Event
    from venuely.models import import_all_models
    from venuely.settings import Environment, Settings

    import_all_models()
    seed = json.loads(open(spec["seed_file"]).read())  # noqa: SIM115 - read once
    settings = Settings(
        env=Environment.TEST, database_url=spec["database_url"], secret_key=spec["secret"]
    )
    services = build_services(settings)
    now = datetime.now(UTC)
    persons = [p["PersonID"] for p in seed["People"][: spec["connections"]]]
    started = time.monotonic()
    await seed_day(services, seed["EventID"], persons, now)
    seeded = time.monotonic() - started
    timings: dict[str, list[float]] = {}
    async with services.db.session() as session:
        event = await session.get(Event, seed["EventID"])
        assert event is not None
        parts = {
            "online_now": lambda: q.online_now(session, event.id, now),
            "registrations": lambda: q.registrations(session, event.id),
            "attendance": lambda: q.attendance(session, event.id),
            "chat_per_minute": lambda: q.chat_per_minute(session, event, now),
            "polls": lambda: q.polls(session, event.id, len(persons)),
            "top_rooms": lambda: q.top_rooms(session, event.id),
            "page_views": lambda: q.page_views(session, event.id),
            "dashboard": lambda: q.dashboard(session, event, now),
        }
        for _ in range(11):
            for name, call in parts.items():
                t0 = time.perf_counter()
                await call()
                timings.setdefault(name, []).append((time.perf_counter() - t0) * 1000)
    await services.db.dispose()
    # The first round warms statement caches; the figures are the next ten.
    return {
        "attendees": len(persons),
        "seed_seconds": round(seeded, 1),
        "query_ms": {
            name: {"p50": round(float(np.median(v[1:])), 1), "max": round(max(v[1:]), 1)}
            for name, v in timings.items()
        },
        "target_ms": 200,
    }


if __name__ == "__main__":
    spec = json.loads(sys.argv[1])
    result = asyncio.run(time_dashboard(spec))
    result["scenario"] = spec["name"]
    print(json.dumps(result), flush=True)
