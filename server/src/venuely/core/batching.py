"""Group commit: many small writes of one kind stored in one transaction (architecture.md §7).

Under a storm thousands of people send the same small write within seconds (a ballot, an
upvote). Stored one transaction each, the fixed price of a transaction dominates: on SQLite the
one write lock is taken and released per write, with a hop between the event loop and the
database thread for every statement in between, and on PostgreSQL a commit is a round trip
and a WAL flush. Measured on the vote storm, that capped intake near 300 ballots a second on a
core.

A `Batcher` queues what callers submit and hands everything waiting to the feature's `write`
in one call, which stores it in one transaction and answers each item. While a batch is being
written the next one gathers, so nothing waits on a timer: a lone write goes out at once, and
under a storm batches grow as large as the writes took to arrive.

`gather` is for items nobody waits to see answered (tracker pings): each batch first waits that
long for company. A steady stream of cheap items would otherwise be taken one or two at a time,
each batch paying a transaction's fixed price for almost nothing.

`write(items)` answers one outcome per item, in order: the item's result, or the exception its
caller gets (an `ApiError` for a refusal of that item alone). An exception raised by `write`
itself (the database failing) is every caller's of that batch. A caller that stops waiting (its
socket closed) does not take its item back: like a request whose client left, it is stored.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable, Sequence
from typing import Generic, TypeVar

from venuely.core.metrics import BATCH_PENDING

T = TypeVar("T")
R = TypeVar("R")

Write = Callable[[Sequence[T]], Awaitable[Sequence[R | BaseException]]]

MAX_BATCH = 500  # bounds one transaction's length, and what one failure refuses


class Batcher(Generic[T, R]):
    def __init__(
        self, name: str, write: Write[T, R], max_batch: int = MAX_BATCH, gather: float = 0.0
    ) -> None:
        self.name = name
        self.max_batch = max_batch
        self.gather = gather
        self._write = write
        self._queue: list[tuple[T, asyncio.Future[R]]] = []
        self._task: asyncio.Task[None] | None = None
        self._depth = BATCH_PENDING.labels(name)

    async def submit(self, item: T) -> R:
        """Store `item` with whatever else is waiting; its outcome, or its refusal raised."""
        future: asyncio.Future[R] = asyncio.get_running_loop().create_future()
        self._queue.append((item, future))
        self._depth.set(len(self._queue))
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._run(), name=self.name)
        return await future

    @property
    def pending(self) -> int:
        return len(self._queue)

    async def _run(self) -> None:
        # Ends when the queue is empty, so an idle feature holds no task.
        while self._queue:
            if self.gather:
                await asyncio.sleep(self.gather)
            batch = self._queue[: self.max_batch]
            del self._queue[: self.max_batch]
            self._depth.set(len(self._queue))
            try:
                outcomes = list(await self._write([item for item, _ in batch]))
            except Exception as exc:
                outcomes = [exc] * len(batch)
            if len(outcomes) != len(batch):
                mismatch = RuntimeError(f"{self.name}: {len(outcomes)} outcomes for {len(batch)}")
                outcomes = [mismatch] * len(batch)
            for (_, future), outcome in zip(batch, outcomes, strict=True):
                if future.done():  # the caller was cancelled
                    continue
                if isinstance(outcome, BaseException):
                    future.set_exception(outcome)
                else:
                    future.set_result(outcome)

    async def drain(self) -> None:
        """Wait until everything submitted so far is written (tests; the app's stop)."""
        while self._task is not None and not self._task.done():
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.shield(self._task)
