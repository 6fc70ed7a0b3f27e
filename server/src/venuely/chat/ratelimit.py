"""The chat send limit: a token bucket per person, burst 10, then 1 per second (protocol §8).

Kept in process memory rather than in the database (`core/ratelimit.py`): it is checked on every
message, so a database counter would add a write to the hottest path. With several server
processes a person whose connections land on different processes gets the allowance once per
process; that bounds abuse well enough for a chat and costs nothing per message. Time comes from
the services' clock so tests can step over the refill.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from datetime import datetime

BURST = 10
PER_SECOND = 1.0
_MAX_BUCKETS = 100_000


@dataclass(slots=True)
class _Bucket:
    tokens: float
    at: float


@dataclass(slots=True)
class SendLimiter:
    burst: int = BURST
    per_second: float = PER_SECOND
    _buckets: dict[str, _Bucket] = field(default_factory=dict)

    def take(self, person_id: str, now: datetime) -> int:
        """Spend one send; returns 0 when allowed, else the milliseconds until one is."""
        t = now.timestamp()
        bucket = self._buckets.get(person_id)
        if bucket is None:
            if len(self._buckets) >= _MAX_BUCKETS:
                self._prune(t)
            bucket = self._buckets[person_id] = _Bucket(float(self.burst), t)
        bucket.tokens = min(float(self.burst), bucket.tokens + (t - bucket.at) * self.per_second)
        bucket.at = t
        if bucket.tokens >= 1.0:
            bucket.tokens -= 1.0
            return 0
        return max(1, math.ceil((1.0 - bucket.tokens) / self.per_second * 1000))

    def _prune(self, t: float) -> None:
        # Full buckets hold no information: forgetting them changes nobody's allowance.
        full = [
            key
            for key, b in self._buckets.items()
            if b.tokens + (t - b.at) * self.per_second >= self.burst
        ]
        for key in full:
            del self._buckets[key]


send_limiter = SendLimiter()
