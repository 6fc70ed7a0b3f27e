"""Storm scenarios of the load generator: a poll vote storm and a Q&A upvote storm (issue 17).

Both measure what an attendee feels when thousands act in the same ten seconds: every action is
counted exactly once, and every open socket ends up showing the final totals soon after the last
action. `loadgen.py` runs them (`scenario: vote_storm | upvote_storm`).

- **vote storm**: N sockets; socket *i* casts its ballot over the socket (POLL_VOTE) at
  start + i × window / N (open loop). A ballot counts as accepted when its own
  POLL_BALLOT_NOTIFY arrives. Every socket keeps the latest POLL_RESULTS_NOTIFY (by `AsOf`).
- **upvote storm**: N sockets watch a session's questions; U of them upvote (QUESTION_UPVOTE over
  their socket, as the attendee app does while its socket is open), spread over the window
  across Q questions. An upvote counts as accepted when its own QUESTION_UPVOTE_NOTIFY arrives.
  Every socket keeps the newest count of each question from QUESTION_VOTES_NOTIFY.

- **join storm** (issue 19): N sockets; socket *i* joins breakout room *i* mod R
  (BREAKOUT_JOIN) at start + i × window / N. A join counts as accepted when its own
  BREAKOUT_PRESENCE_NOTIFY arrives. Every socket keeps, per room, the occupancy of the entry with
  the highest `Version` from BREAKOUT_OCCUPANCY_NOTIFY.

Convergence: the moment a socket first holds the final totals (the accepted ballots, or every
question's accepted upvotes), measured from the moment the last action was answered. Reported as
p50 / p99 / max over sockets, with the number of sockets that never got there.
"""

from __future__ import annotations

import asyncio
import os
import time
import uuid
import zlib
from typing import Any

import numpy as np
import orjson
from picows import WSFrame, WSMsgType
from venuely.realtime.codec import encode_json_frame
from venuely.realtime.opcodes import Opcode

BALLOT = int(Opcode.POLL_BALLOT_NOTIFY)
VOTE_ERROR = int(Opcode.POLL_VOTE_ERROR)
RESULTS = int(Opcode.POLL_RESULTS_NOTIFY)
QUESTION_VOTES = int(Opcode.QUESTION_VOTES_NOTIFY)
UPVOTED = int(Opcode.QUESTION_UPVOTE_NOTIFY)
PRESENCE = int(Opcode.BREAKOUT_PRESENCE_NOTIFY)
JOIN_ERROR = int(Opcode.BREAKOUT_JOIN_ERROR)
OCCUPANCY = int(Opcode.BREAKOUT_OCCUPANCY_NOTIFY)
UPVOTE_ERROR = int(Opcode.QUESTION_UPVOTE_ERROR)


def _payload(data: bytes) -> Any:
    body = data[4:]
    if data[1] & 0x80:
        body = zlib.decompress(body, -15)
    return orjson.loads(body)


class StormState:
    """What one socket has seen. `target` is set once the totals are known; from then on the
    first frame that matches them stamps `converged_ns`."""

    __slots__ = (
        "acked",
        "ballot_ns",
        "converged_ns",
        "counts",
        "errors",
        "results",
        "tmp",
        "versions",
    )

    def __init__(self) -> None:
        self.tmp = ""
        self.ballot_ns = 0  # when this socket's own ballot or upvote was acknowledged
        self.acked = ""  # the question its acknowledged upvote was for
        self.errors: list[str] = []
        self.results: tuple[str, int] = (
            "",
            -1,
        )  # (AsOf, Ballots) of the latest tally seen
        self.counts: dict[str, int] = {}  # question (or room) → latest count seen
        self.versions: dict[str, int] = {}  # room → the Version of that count
        self.converged_ns = 0


class Storm:
    """The shared goal all sockets converge on, and each socket's state."""

    def __init__(self) -> None:
        self.final_ballots: int | None = None
        self.final_votes: dict[str, int] | None = None
        self.states: dict[int, StormState] = {}

    def on_frame(self, index: int, frame: WSFrame) -> None:
        if frame.msg_type is not WSMsgType.BINARY:
            return
        now = time.monotonic_ns()
        data = frame.get_payload_as_bytes()
        opcode = data[1] & 0x3F
        state = self.states.setdefault(index, StormState())
        if opcode == RESULTS:
            body = _payload(data)
            as_of = body.get("AsOf") or ""
            if as_of >= state.results[0]:
                state.results = (as_of, int(body["Ballots"]))
            self._check(state, now)
        elif opcode == QUESTION_VOTES:
            for entry in _payload(data)["Votes"]:
                state.counts[entry["ID"]] = int(entry["Votes"])
            self._check(state, now)
        elif opcode == BALLOT:
            if _payload(data).get("TmpID") == state.tmp:
                state.ballot_ns = now
        elif opcode == UPVOTED:
            body = _payload(data)
            if body.get("TmpID") == state.tmp:
                state.ballot_ns, state.acked = now, str(body["QuestionID"])
        elif opcode == OCCUPANCY:
            for room in _payload(data)["Rooms"]:
                key, version = str(room["RoomID"]), int(room["Version"])
                if version > state.versions.get(key, -1):
                    state.versions[key], state.counts[key] = (
                        version,
                        int(room["Occupancy"]),
                    )
            self._check(state, now)
        elif opcode == PRESENCE:
            body = _payload(data)
            if body.get("TmpID") == state.tmp:
                state.ballot_ns, state.acked = now, str(body["RoomID"])
        elif opcode in (VOTE_ERROR, UPVOTE_ERROR, JOIN_ERROR):
            state.errors.append(str(_payload(data)["Error"]["Code"]))

    def _check(self, state: StormState, now: int) -> None:
        if state.converged_ns:
            return
        if (
            self.final_ballots is not None
            and state.results[1] == self.final_ballots
            or self.final_votes is not None
            and all(state.counts.get(q) == v for q, v in self.final_votes.items())
        ):
            state.converged_ns = now


STORM = Storm()


class HttpPool:
    """Keep-alive HTTP/1.1 connections for the REST half of a storm (upvotes, the recount)."""

    def __init__(self, host: str, port: int, size: int) -> None:
        self.host, self.port, self.size = host, port, size
        self.free: asyncio.Queue[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = (
            asyncio.Queue()
        )
        self.opened = 0

    async def request(self, method: str, path: str, token: str) -> tuple[int, Any]:
        if self.free.empty() and self.opened < self.size:
            self.opened += 1
            reader, writer = await asyncio.open_connection(self.host, self.port)
        else:
            reader, writer = await self.free.get()
        writer.write(
            (
                f"{method} {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n"
                f"Authorization: Bearer {token}\r\nContent-Length: 0\r\n\r\n"
            ).encode()
        )
        head = await reader.readuntil(b"\r\n\r\n")
        status = int(head.split(b" ", 2)[1])
        length = 0
        for line in head.split(b"\r\n"):
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":", 1)[1])
        body = await reader.readexactly(length) if length else b""
        self.free.put_nowait((reader, writer))
        return status, orjson.loads(body) if body else None

    def close(self) -> None:
        while not self.free.empty():
            self.free.get_nowait()[1].close()


_window_end_ns = 0


def _own_cpu() -> float:
    times = os.times()
    return times.user + times.system


def _spread(count: int, window: float) -> list[float]:
    return [k * window / max(count, 1) for k in range(count)]


async def _paced(delays: list[float], act: Any) -> float:
    """Run `act(k)` at start + delays[k] (open loop); returns the worst lateness in seconds."""
    start = time.monotonic()
    worst = 0.0
    pending: list[asyncio.Task[Any]] = []
    for k, delay in enumerate(delays):
        wait = start + delay - time.monotonic()
        if wait > 0:
            await asyncio.sleep(wait)
        else:
            worst = max(worst, -wait)
        result = act(k)
        if asyncio.iscoroutine(result):
            pending.append(asyncio.ensure_future(result))
    global _window_end_ns
    _window_end_ns = time.monotonic_ns()
    if pending:
        await asyncio.gather(*pending)
    return worst


def _convergence(last_action_ns: int, indexes: list[int]) -> dict[str, Any]:
    lags = []
    never = 0
    for index in indexes:
        state = STORM.states.get(index)
        if state is None or not state.converged_ns:
            never += 1
            continue
        lags.append(max(state.converged_ns - last_action_ns, 0) / 1e6)
    if not lags:
        return {"converged": 0, "never_converged": never, "convergence_ms": None}
    lat = np.array(lags)
    return {
        "converged": len(lags),
        "never_converged": never,
        "convergence_ms": {
            "p50": round(float(np.percentile(lat, 50)), 1),
            "p99": round(float(np.percentile(lat, 99)), 1),
            "max": round(float(lat.max()), 1),
        },
    }


async def _wait_converged(indexes: list[int], cap: float) -> None:
    started = time.monotonic()
    while time.monotonic() - started < cap:
        if all(STORM.states.get(i) and STORM.states[i].converged_ns for i in indexes):
            return
        await asyncio.sleep(0.05)


def _stamp_already_converged(indexes: list[int]) -> None:
    """A socket whose latest frame already showed the totals before they were known converged
    then; its frame is not repeated, so check the state it holds."""
    now = time.monotonic_ns()
    for index in indexes:
        state = STORM.states.get(index)
        if state is not None:
            STORM._check(state, now)


async def vote_storm(
    spec: dict[str, Any], seed: dict[str, Any], receivers: list[Any], meter: Any
) -> dict[str, Any]:
    poll, options = seed["PollID"], seed["PollOptions"]
    window = float(spec["seconds"])
    indexes = [r.index for r in receivers]
    for r in receivers:
        STORM.states.setdefault(r.index, StormState())

    def vote(k: int) -> None:
        receiver = receivers[k]
        state = STORM.states[receiver.index]
        state.tmp = str(uuid.uuid4())
        body = {"PollID": poll, "OptionIDs": [options[k % len(options)]], "Other": None}
        frame = encode_json_frame(Opcode.POLL_VOTE, {**body, "TmpID": state.tmp})
        if receiver.transport is not None and not receiver.transport.is_disconnected:
            receiver.transport.send(WSMsgType.BINARY, frame)

    cpu0, wall0 = meter.cpu_seconds(), time.perf_counter()
    own0 = _own_cpu()
    lateness = await _paced(_spread(len(receivers), window), vote)
    # Every ballot answered (acknowledged or refused), or give up after the drain cap.
    cap = float(spec.get("drain_seconds", 10.0))
    started = time.monotonic()
    while time.monotonic() - started < cap:
        if all(s.ballot_ns or s.errors for s in STORM.states.values()):
            break
        await asyncio.sleep(0.05)
    accepted = sum(1 for s in STORM.states.values() if s.ballot_ns)
    last_ballot = max((s.ballot_ns for s in STORM.states.values()), default=0)
    # The final tally is the server's recount of the stored ballots (the truth a client must end
    # up showing), asked once every ballot is answered; it must equal the accepted ballots.
    pool = HttpPool("127.0.0.1", spec["ports"][0], 1)
    status, tally = await pool.request(
        "GET",
        f"/api/v1/events/{seed['EventID']}/polls/{poll}/results",
        seed["AdminToken"],
    )
    pool.close()
    stored = int(tally["Ballots"]) if status == 200 and tally else -1
    STORM.final_ballots = stored
    _stamp_already_converged(indexes)
    await _wait_converged(indexes, cap)
    wall = time.perf_counter() - wall0
    cpu = meter.cpu_seconds() - cpu0
    own = _own_cpu() - own0

    errors: dict[str, int] = {}
    for s in STORM.states.values():
        for code in s.errors:
            errors[code] = errors.get(code, 0) + 1
    final_frames = sum(1 for s in STORM.states.values() if s.results[1] == stored)
    return {
        "connections": spec["connections"],
        "opened": len(receivers),
        "actions_sent": len(receivers),
        "actions_accepted": accepted,
        "refusals": errors,
        "stored_total": stored if stored >= 0 else f"HTTP {status}",
        "stored_counts_sum": sum(c["Count"] for c in tally["Counts"])
        if status == 200 and tally
        else None,
        "sockets_with_final_tally_last": final_frames,
        "sender_lateness_max_ms": round(lateness * 1000, 1),
        "last_ack_after_window_ms": round(max(last_ballot - _window_end_ns, 0) / 1e6, 1),
        "server_cpu": round(cpu / wall, 3) if wall else 0.0,
        "loadgen_cpu": round(own / wall, 3) if wall else 0.0,
        "server_rss_mib": round(meter.rss() / 2**20, 1),
        **_convergence(last_ballot, indexes),
    }


async def _answers(
    states: list[StormState], keys: list[str], cap: float
) -> tuple[dict[str, int], dict[str, int], int]:
    """Wait (at most `cap` seconds) until every action is answered; then the accepted actions per
    key, the refusals per code, and when the last answer came."""
    started = time.monotonic()
    while time.monotonic() - started < cap:
        if all(s.ballot_ns or s.errors for s in states):
            break
        await asyncio.sleep(0.05)
    accepted: dict[str, int] = dict.fromkeys(keys, 0)
    refusals: dict[str, int] = {}
    for state in states:
        if state.acked:
            accepted[state.acked] += 1
        for code in state.errors:
            refusals[code] = refusals.get(code, 0) + 1
    return accepted, refusals, max((s.ballot_ns for s in states), default=0)


async def upvote_storm(
    spec: dict[str, Any], seed: dict[str, Any], receivers: list[Any], meter: Any
) -> dict[str, Any]:
    questions: list[str] = seed["QuestionIDs"]
    event, session = seed["EventID"], seed["SessionID"]
    upvotes = min(int(spec["upvotes"]), len(receivers))
    window = float(spec["seconds"])
    indexes = [r.index for r in receivers]
    for r in receivers:
        STORM.states.setdefault(r.index, StormState())

    def upvote(k: int) -> None:
        receiver = receivers[k]
        state = STORM.states[receiver.index]
        state.tmp = str(uuid.uuid4())
        body = {
            "SessionID": session,
            "QuestionID": questions[k % len(questions)],
            "TmpID": state.tmp,
        }
        if receiver.transport is not None and not receiver.transport.is_disconnected:
            receiver.transport.send(
                WSMsgType.BINARY, encode_json_frame(Opcode.QUESTION_UPVOTE, body)
            )

    cpu0, wall0 = meter.cpu_seconds(), time.perf_counter()
    own0 = _own_cpu()
    lateness = await _paced(_spread(upvotes, window), upvote)
    voters = [STORM.states[r.index] for r in receivers[:upvotes]]
    cap = float(spec.get("drain_seconds", 10.0))
    accepted, refusals, last_answer = await _answers(voters, questions, cap)
    STORM.final_votes = dict(accepted)
    _stamp_already_converged(indexes)
    await _wait_converged(indexes, cap)
    wall = time.perf_counter() - wall0
    cpu = meter.cpu_seconds() - cpu0
    own = _own_cpu() - own0
    pool = HttpPool("127.0.0.1", spec["ports"][0], 1)
    status, listed = await pool.request(
        "GET",
        f"/api/v1/events/{event}/sessions/{session}/questions",
        seed["AdminToken"],
    )
    pool.close()
    stored = {q["ID"]: q["Votes"] for q in listed} if status == 200 else {}
    return {
        "connections": spec["connections"],
        "opened": len(receivers),
        "questions": len(questions),
        "actions_sent": upvotes,
        "actions_accepted": sum(accepted.values()),
        "refusals": refusals,
        "stored_total": sum(stored.get(q, 0) for q in questions),
        "stored_matches_accepted": all(stored.get(q) == v for q, v in accepted.items()),
        "sender_lateness_max_ms": round(lateness * 1000, 1),
        "last_ack_after_window_ms": round(max(last_answer - _window_end_ns, 0) / 1e6, 1),
        "server_cpu": round(cpu / wall, 3) if wall else 0.0,
        "loadgen_cpu": round(own / wall, 3) if wall else 0.0,
        "server_rss_mib": round(meter.rss() / 2**20, 1),
        **_convergence(last_answer, indexes),
    }


async def join_storm(
    spec: dict[str, Any], seed: dict[str, Any], receivers: list[Any], meter: Any
) -> dict[str, Any]:
    rooms: list[str] = seed["BreakoutRoomIDs"]
    capacity = int(seed["BreakoutCapacity"])
    window = float(spec["seconds"])
    indexes = [r.index for r in receivers]
    for r in receivers:
        STORM.states.setdefault(r.index, StormState())

    def join(k: int) -> None:
        receiver = receivers[k]
        state = STORM.states[receiver.index]
        state.tmp = str(uuid.uuid4())
        body = {"RoomID": rooms[k % len(rooms)], "TmpID": state.tmp}
        if receiver.transport is not None and not receiver.transport.is_disconnected:
            receiver.transport.send(WSMsgType.BINARY, encode_json_frame(Opcode.BREAKOUT_JOIN, body))

    cpu0, wall0 = meter.cpu_seconds(), time.perf_counter()
    own0 = _own_cpu()
    lateness = await _paced(_spread(len(receivers), window), join)
    joiners = [STORM.states[r.index] for r in receivers]
    cap = float(spec.get("drain_seconds", 10.0))
    accepted, refusals, last_answer = await _answers(joiners, rooms, cap)
    STORM.final_votes = dict(accepted)
    _stamp_already_converged(indexes)
    await _wait_converged(indexes, cap)
    wall = time.perf_counter() - wall0
    cpu = meter.cpu_seconds() - cpu0
    own = _own_cpu() - own0
    pool = HttpPool("127.0.0.1", spec["ports"][0], 1)
    status, listed = await pool.request(
        "GET", f"/api/v1/events/{seed['EventID']}/breakouts", seed["AdminToken"]
    )
    pool.close()
    stored = {r["ID"]: r["Occupancy"] for r in listed} if status == 200 else {}
    return {
        "connections": spec["connections"],
        "opened": len(receivers),
        "rooms": len(rooms),
        "capacity": capacity,
        "actions_sent": len(receivers),
        "actions_accepted": sum(accepted.values()),
        "refusals": refusals,
        "stored_total": sum(stored.get(r, 0) for r in rooms),
        "stored_matches_accepted": all(stored.get(r) == v for r, v in accepted.items()),
        "rooms_over_capacity": sum(1 for r in rooms if stored.get(r, 0) > capacity),
        "sender_lateness_max_ms": round(lateness * 1000, 1),
        "last_ack_after_window_ms": round(max(last_answer - _window_end_ns, 0) / 1e6, 1),
        "server_cpu": round(cpu / wall, 3) if wall else 0.0,
        "loadgen_cpu": round(own / wall, 3) if wall else 0.0,
        "server_rss_mib": round(meter.rss() / 2**20, 1),
        **_convergence(last_answer, indexes),
    }
