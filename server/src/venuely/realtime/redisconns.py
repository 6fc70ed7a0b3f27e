"""The per-person connection limit counted across processes, in Redis (used by `RedisHub`).

A sorted set per person and event holds one member per open socket (`<process id>:<socket id>`),
scored with its expiry time. Admission runs as one Lua script (drop expired members, count, add),
so two processes cannot both take the last place. Each process refreshes its members' expiry
every `refresh` seconds; a process that dies without cleaning up stops counting after `ttl`
seconds. Why not INCR/DECR: a counter cannot tell which increments belong to a dead process, a
member with an expiry can. Failures are the caller's to handle (it falls back to its own count).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable
from typing import Any

import redis.asyncio as aioredis
from redis.exceptions import RedisError

from venuely.realtime.connection import Connection

CONN_TTL_SECONDS = 60.0
CONN_REFRESH_SECONDS = 20.0

# KEYS[1] the person's set; ARGV: limit, ttl seconds, member. Redis's own clock, so processes
# on machines with skewed clocks agree on what has expired. The key itself lives three TTLs: it
# only has to vanish once nobody refreshes it, and must never take live members with it.
_ADMIT = """
local t = redis.call('TIME')
local now = tonumber(t[1]) + tonumber(t[2]) / 1000000
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then
  return 0
end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[3])
redis.call('PEXPIRE', KEYS[1], math.ceil(tonumber(ARGV[2]) * 3000))
return 1
"""

# KEYS[1] the person's set; ARGV: ttl seconds, members... (this process's open sockets).
_REFRESH = """
local t = redis.call('TIME')
local expiry = tonumber(t[1]) + tonumber(t[2]) / 1000000 + tonumber(ARGV[1])
for i = 2, #ARGV do
  redis.call('ZADD', KEYS[1], expiry, ARGV[i])
end
redis.call('PEXPIRE', KEYS[1], math.ceil(tonumber(ARGV[1]) * 3000))
return #ARGV - 1
"""


class ConnectionCount:
    def __init__(self, prefix: str, node_id: str, limit: int, ttl: float) -> None:
        self.prefix = prefix
        self.node_id = node_id
        self.limit = limit
        self.ttl = ttl
        self._admit_script: Any = None
        self._refresh_script: Any = None
        self._counted: set[Connection] = set()

    def bind(self, client: aioredis.Redis) -> None:
        self._admit_script = client.register_script(_ADMIT)
        self._refresh_script = client.register_script(_REFRESH)

    def key(self, conn: Connection) -> str:
        return f"{self.prefix}conns:{conn.event_id}:{conn.person_id}"

    def member(self, conn: Connection) -> str:
        return f"{self.node_id}:{conn.id}"

    async def admit(self, conn: Connection) -> bool:
        """Count `conn` unless its person is at the limit on all processes together."""
        admitted = await self._admit_script(
            keys=[self.key(conn)], args=[self.limit, self.ttl, self.member(conn)]
        )
        if admitted:
            self._counted.add(conn)
        return bool(admitted)

    async def forget(self, client: aioredis.Redis | None, conn: Connection) -> None:
        if conn not in self._counted:
            return
        self._counted.discard(conn)
        if client is not None:
            # Should this fail, the member expires after `ttl` on its own.
            with contextlib.suppress(RedisError, OSError):
                await client.zrem(self.key(conn), self.member(conn))

    async def refresh(self, client: aioredis.Redis, conns: Iterable[Connection]) -> None:
        """Push the expiry of this process's sockets forward, re-adding any that an outage let
        expire."""
        by_key: dict[str, list[str]] = {}
        for conn in conns:
            if conn.person_id:
                by_key.setdefault(self.key(conn), []).append(self.member(conn))
        if not by_key:
            return
        async with client.pipeline(transaction=False) as pipe:
            for key, members in by_key.items():
                await self._refresh_script(keys=[key], args=[self.ttl, *members], client=pipe)
            await pipe.execute()
