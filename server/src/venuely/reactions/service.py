"""Reactions: taps counted in memory, one REACTION_BURST_NOTIFY per session per tick
(docs/subsystems/reactions.md).

A reaction lives a second on screen, so nothing of it is stored: `count` adds a tap to the
session's counter in this process and marks the session on a coalescer; at most every `INTERVAL`
seconds the flush sends the counts gathered since the last tick to the event and starts over.
With several server processes each sends its own bursts (every client adds up what it gets).

Each person may tap `PER_SECOND` times a second per session, in bursts of up to `BURST`: a token
bucket per (person, session), in process memory like chat's send limit (`chat/ratelimit.py`,
whose bucket this reuses), because it is checked on every tap and a database counter would put
a write on the hottest path. A person whose sockets land on different processes gets the
allowance once per process.

The counters are keyed by session id (ids are unique, so every `Services` of a process can share
them); a process that dies loses at most one tick of taps, which nobody needs back.
"""

from __future__ import annotations

from collections import Counter
from datetime import datetime

from venuely.activities.models import Activity
from venuely.chat.ratelimit import SendLimiter
from venuely.core.background import Coalescer
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.services import Services
from venuely.qna.settings import interaction_of
from venuely.reactions.frames import REACTIONS, ReactionBurst, ReactionCount
from venuely.realtime.hub import event_channel
from venuely.realtime.opcodes import Opcode
from venuely.realtime.publish import publish

NAME = "reactions.burst"
INTERVAL = 0.5
PER_SECOND = 3.0
BURST = 6

_limiter = SendLimiter(burst=BURST, per_second=PER_SECOND)
# session id → (its event's id, taps per reaction since the session's last tick)
_pending: dict[str, tuple[str, Counter[str]]] = {}


def is_running(activity: Activity, now: datetime) -> bool:
    begin, end = activity.date_begin, activity.date_end
    return begin is not None and end is not None and begin <= now < end


def check_open(activity: Activity, now: datetime) -> None:
    """REACTIONS_OFF unless the session has reactions on and runs now."""
    if not interaction_of(activity).reactions_enabled:
        message = "Reactions are switched off for this session"
    elif not is_running(activity, now):
        message = "Reactions are taken only while the session runs"
    else:
        return
    raise ApiError(ErrorCode.REACTIONS_OFF, message, {"SessionID": activity.id})


def take_turn(person_id: str, session_id: str, now: datetime) -> None:
    """Spend one tap of the person's allowance in the session, or RATE_LIMITED."""
    wait_ms = _limiter.take(f"{person_id}/{session_id}", now)
    if wait_ms:
        raise ApiError(
            ErrorCode.RATE_LIMITED,
            "Too many reactions; try again shortly",
            {"SessionID": session_id, "RetryAfterMs": wait_ms},
        )


def _coalescer(services: Services) -> Coalescer[str]:
    async def flush(session_id: str) -> None:
        await flush_burst(services, session_id)

    return services.background.coalescer(NAME, INTERVAL, flush)


def count(services: Services, activity: Activity, reaction: str) -> None:
    _pending.setdefault(activity.id, (activity.event_id, Counter()))[1][reaction] += 1
    _coalescer(services).mark(activity.id)


async def flush_burst(services: Services, session_id: str) -> None:
    pending = _pending.pop(session_id, None)
    if pending is None:
        return
    event_id, taps = pending
    burst = ReactionBurst(
        SessionID=session_id,
        EventID=event_id,
        Counts=[ReactionCount(Reaction=r, Count=taps[r]) for r in REACTIONS if taps[r]],
    )
    await publish(services.hub, event_channel(event_id), Opcode.REACTION_BURST_NOTIFY, burst)


async def flush_now(services: Services) -> None:
    """Send every pending burst now instead of at the next tick (tests)."""
    await _coalescer(services).drain()
