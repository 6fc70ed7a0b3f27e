"""Coalescing ticks and periodic jobs (core/background.py): one flush per key per tick however
many marks, nothing lost at stop, one failing key never silences the others."""

from __future__ import annotations

import asyncio
from typing import Any, cast

from venuely.core import background
from venuely.core.background import Background, Coalescer, periodic_job


async def test_many_marks_within_a_tick_flush_once_per_key() -> None:
    flushed: list[str] = []

    async def flush(key: str) -> None:
        flushed.append(key)

    coalescer: Coalescer[str] = Coalescer("test", 0.05, flush)
    for _ in range(500):
        coalescer.mark("poll-a")
    coalescer.mark("poll-b")
    assert flushed == []  # marking never flushes by itself
    await asyncio.sleep(0.12)
    assert flushed == ["poll-a", "poll-b"]
    coalescer.mark("poll-a")
    await asyncio.sleep(0.12)
    assert flushed == ["poll-a", "poll-b", "poll-a"]
    await coalescer.stop()


async def test_a_mark_during_a_flush_is_flushed_on_the_next_tick() -> None:
    flushed: list[int] = []
    coalescer: Coalescer[str]

    async def flush(key: str) -> None:
        flushed.append(len(flushed))
        if len(flushed) == 1:
            coalescer.mark(key)  # a ballot committed while the recount ran

    coalescer = Coalescer("test", 0.03, flush)
    coalescer.mark("k")
    await asyncio.sleep(0.15)
    assert flushed == [0, 1]
    await coalescer.stop()


async def test_a_failing_flush_does_not_stop_the_other_keys(caplog: Any) -> None:
    flushed: list[str] = []

    async def flush(key: str) -> None:
        if key == "bad":
            raise RuntimeError("recount failed")
        flushed.append(key)

    coalescer: Coalescer[str] = Coalescer("test", 0.02, flush)
    coalescer.mark("bad")
    coalescer.mark("good")
    await asyncio.sleep(0.08)
    assert flushed == ["good"]
    assert "flush failed" in caplog.text
    coalescer.mark("good")
    await asyncio.sleep(0.08)
    assert flushed == ["good", "good"]
    await coalescer.stop()


async def test_drain_flushes_at_once_and_stop_flushes_what_is_left() -> None:
    flushed: list[str] = []

    async def flush(key: str) -> None:
        flushed.append(key)

    coalescer: Coalescer[str] = Coalescer("test", 60.0, flush)
    coalescer.mark("a")
    await coalescer.drain()
    assert flushed == ["a"]
    coalescer.mark("b")
    await coalescer.stop()
    assert flushed == ["a", "b"]
    coalescer.mark("c")  # after stop: ignored, no task left behind
    await asyncio.sleep(0)
    assert flushed == ["a", "b"]
    assert coalescer.pending == 0


async def test_background_gives_one_coalescer_per_name_and_runs_periodic_jobs() -> None:
    runs: list[int] = []

    async def job(services: Any) -> None:
        runs.append(1)

    periodic_job("test.job", 0.02)(job)
    try:
        work = Background(cast(Any, object()))

        async def flush(key: str) -> None:
            return None

        assert work.coalescer("x", 1.0, flush) is work.coalescer("x", 1.0, flush)
        work.start()
        await asyncio.sleep(0.09)
        await work.stop()
        seen = len(runs)
        assert seen >= 2
        await asyncio.sleep(0.05)
        assert len(runs) == seen  # stopped with the app
    finally:
        background._periodic.pop("test.job", None)
