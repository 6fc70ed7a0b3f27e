"""Per-process background work of features: group commits, coalescing ticks and periodic jobs.

Under a storm (thousands of ballots, upvotes or reaction taps in a few seconds) a frame per event
would cost one delivery per event per socket. Features instead `mark` what changed on a
`Coalescer`; once per interval it calls the feature's flush for each key marked since the last
tick, and the flush recounts from the database and publishes one frame (architecture.md §7).

    results = services.background.coalescer("polls.results", 0.25, flush_results)
    results.mark(poll_id)          # after the ballot's commit

Group commits (`batcher`, core/batching.py) store many small writes of one kind in one
transaction.

Periodic jobs (`periodic_job`) run every interval from the app's start to its stop, in every
process: a job must be safe to run concurrently with itself on another process (it only reads
and publishes signals, or writes idempotently).

Everything here is per process and in memory: a process that dies loses only ticks not yet
flushed, which clients repair by re-reading over REST (architecture.md §5).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from venuely.core.batching import MAX_BATCH, Batcher, Write

if TYPE_CHECKING:
    from venuely.core.services import Services

log = logging.getLogger("venuely.background")

K = TypeVar("K", bound=Hashable)
T = TypeVar("T")
R = TypeVar("R")
Job = Callable[["Services"], Awaitable[None]]


@dataclass(frozen=True, slots=True)
class _Periodic:
    name: str
    interval: float
    job: Job


_periodic: dict[str, _Periodic] = {}


def periodic_job(name: str, interval: float) -> Callable[[Job], Job]:
    """Register a job the app runs every `interval` seconds while it serves (import time)."""

    def register(job: Job) -> Job:
        _periodic[name] = _Periodic(name, interval, job)
        return job

    return register


class Coalescer(Generic[K]):
    """Calls `flush(key)` at most once per `interval` for each key marked in between."""

    def __init__(self, name: str, interval: float, flush: Callable[[K], Awaitable[None]]) -> None:
        self.name = name
        self.interval = interval
        self._flush = flush
        self._dirty: dict[K, None] = {}  # insertion-ordered set: flushed in the order marked
        self._task: asyncio.Task[None] | None = None
        self._stopped = False

    def mark(self, key: K) -> None:
        """Note that `key` changed; never waits. Starts the tick loop on first use."""
        if self._stopped:
            return
        self._dirty[key] = None
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._run(), name=self.name)

    @property
    def pending(self) -> int:
        return len(self._dirty)

    async def drain(self) -> None:
        """Flush everything marked now (tests; the app's stop)."""
        while self._dirty:
            keys = list(self._dirty)
            self._dirty.clear()
            for key in keys:
                await self._flush_one(key)

    async def _run(self) -> None:
        # The loop ends when a tick finds nothing to do, so an idle feature holds no task.
        while True:
            await asyncio.sleep(self.interval)
            if not self._dirty:
                return
            await self.drain()

    async def _flush_one(self, key: K) -> None:
        try:
            await self._flush(key)
        except Exception:
            # A failed recount loses one tick's frame; the next mark (or a client's re-read)
            # repairs it. It must not end the loop for every other key.
            log.exception("background: %s flush failed", self.name, extra={"key": str(key)})

    async def stop(self) -> None:
        self._stopped = True
        await self.drain()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task


class Background:
    """The group commits, coalescers and periodic jobs of one process (`Services.background`)."""

    def __init__(self, services: Services) -> None:
        self._services = services
        self._coalescers: dict[str, Coalescer[Any]] = {}
        self._batchers: dict[str, Batcher[Any, Any]] = {}
        self._jobs: list[asyncio.Task[None]] = []

    def coalescer(
        self, name: str, interval: float, flush: Callable[[K], Awaitable[None]]
    ) -> Coalescer[K]:
        """The process's coalescer called `name`, made on first use."""
        found = self._coalescers.get(name)
        if found is None:
            found = Coalescer(name, interval, flush)
            self._coalescers[name] = found
        return found

    def batcher(
        self, name: str, write: Write[T, R], max_batch: int = MAX_BATCH, gather: float = 0.0
    ) -> Batcher[T, R]:
        """The process's group-commit queue called `name` (core/batching.py), made on first
        use."""
        found = self._batchers.get(name)
        if found is None:
            found = Batcher(name, write, max_batch, gather)
            self._batchers[name] = found
        return found

    async def drain(self) -> None:
        """Write every batch and flush every coalescer now (tests use it instead of waiting for
        a tick)."""
        for batcher in list(self._batchers.values()):
            await batcher.drain()
        for coalescer in list(self._coalescers.values()):
            await coalescer.drain()

    def start(self) -> None:
        """Start the registered periodic jobs (the app's lifespan calls it)."""
        for periodic in _periodic.values():
            self._jobs.append(asyncio.create_task(self._every(periodic), name=periodic.name))

    async def _every(self, periodic: _Periodic) -> None:
        while True:
            await asyncio.sleep(periodic.interval)
            try:
                await periodic.job(self._services)
            except Exception:
                log.exception("background: job %s failed", periodic.name)

    async def stop(self) -> None:
        for task in self._jobs:
            task.cancel()
        for task in self._jobs:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._jobs.clear()
        # Writes first: what they store marks coalescers, whose last flush follows.
        for batcher in list(self._batchers.values()):
            await batcher.drain()
        for coalescer in list(self._coalescers.values()):
            await coalescer.stop()
