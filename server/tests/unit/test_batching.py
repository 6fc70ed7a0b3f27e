"""Group commit (core/batching.py): what arrives while a batch is written goes out together in
the next one, each caller gets its own outcome, and a failing write refuses its batch alone."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

import pytest

from venuely.core.background import Background
from venuely.core.batching import Batcher


class Recorder:
    """A write that records each batch and can be held open to let the next batch gather."""

    def __init__(self) -> None:
        self.batches: list[list[int]] = []
        self.gate = asyncio.Event()
        self.gate.set()

    async def write(self, items: Sequence[int]) -> list[int | BaseException]:
        self.batches.append(list(items))
        await self.gate.wait()
        return [ValueError(f"odd {i}") if i % 2 else i * 10 for i in items]


async def test_a_lone_item_is_written_at_once_and_answered() -> None:
    recorder = Recorder()
    batcher: Batcher[int, int] = Batcher("test", recorder.write)
    assert await asyncio.wait_for(batcher.submit(4), 1) == 40
    assert recorder.batches == [[4]]


async def test_items_sent_while_a_batch_is_written_form_the_next_batch() -> None:
    recorder = Recorder()
    recorder.gate.clear()
    batcher: Batcher[int, int] = Batcher("test", recorder.write)
    first = asyncio.ensure_future(batcher.submit(0))
    await asyncio.sleep(0)  # the first batch starts and waits on the gate
    await asyncio.sleep(0)
    assert recorder.batches == [[0]]
    later = [asyncio.ensure_future(batcher.submit(i)) for i in range(2, 12, 2)]
    await asyncio.sleep(0)
    assert batcher.pending == 5
    recorder.gate.set()
    assert await first == 0
    assert [await f for f in later] == [20, 40, 60, 80, 100]
    assert recorder.batches == [[0], [2, 4, 6, 8, 10]]


async def test_with_gather_items_sent_within_the_wait_go_out_together() -> None:
    recorder = Recorder()
    batcher: Batcher[int, int] = Batcher("test", recorder.write, gather=0.05)
    first = asyncio.ensure_future(batcher.submit(0))
    await asyncio.sleep(0)  # the run has begun, and waits for company
    rest = [asyncio.ensure_future(batcher.submit(i)) for i in (2, 4)]
    assert await asyncio.wait_for(asyncio.gather(first, *rest), 1) == [0, 20, 40]
    # Without `gather` the first item would have gone alone (previous test's first batch).
    assert recorder.batches == [[0, 2, 4]]


async def test_each_caller_gets_its_own_outcome_or_refusal() -> None:
    recorder = Recorder()
    batcher: Batcher[int, int] = Batcher("test", recorder.write)
    answers = await asyncio.gather(*(batcher.submit(i) for i in range(4)), return_exceptions=True)
    assert answers[0] == 0
    assert answers[2] == 20
    assert [str(a) for a in answers[1::2]] == ["odd 1", "odd 3"]
    assert recorder.batches == [[0, 1, 2, 3]]


async def test_batches_are_bounded() -> None:
    recorder = Recorder()
    batcher: Batcher[int, int] = Batcher("test", recorder.write, max_batch=3)
    await asyncio.gather(*(batcher.submit(i * 2) for i in range(7)))
    assert [len(b) for b in recorder.batches] == [3, 3, 1]


async def test_a_failing_write_refuses_its_batch_and_the_next_batch_still_goes() -> None:
    calls: list[list[str]] = []

    async def write(items: Sequence[str]) -> list[str]:
        calls.append(list(items))
        if "boom" in items:
            raise RuntimeError("database down")
        return [item.upper() for item in items]

    batcher: Batcher[str, str] = Batcher("test", write)
    answers = await asyncio.gather(
        batcher.submit("a"), batcher.submit("boom"), return_exceptions=True
    )
    assert [str(a) for a in answers] == ["database down", "database down"]
    assert await batcher.submit("b") == "B"


async def test_a_write_answering_the_wrong_number_refuses_rather_than_misroutes() -> None:
    async def write(items: Sequence[int]) -> list[int]:
        return [1]

    batcher: Batcher[int, int] = Batcher("test", write)
    answers = await asyncio.gather(batcher.submit(1), batcher.submit(2), return_exceptions=True)
    assert all(isinstance(a, RuntimeError) for a in answers)


async def test_a_cancelled_caller_does_not_take_its_item_back() -> None:
    recorder = Recorder()
    recorder.gate.clear()
    batcher: Batcher[int, int] = Batcher("test", recorder.write)
    waiting = asyncio.ensure_future(batcher.submit(2))
    await asyncio.sleep(0)
    waiting.cancel()
    recorder.gate.set()
    await batcher.drain()
    assert recorder.batches == [[2]]
    with pytest.raises(asyncio.CancelledError):
        await waiting


async def test_the_process_has_one_batcher_per_name_and_stop_writes_what_waits() -> None:
    background = Background(services=None)  # type: ignore[arg-type]
    recorder = Recorder()
    recorder.gate.clear()
    first = background.batcher("polls.ballots", recorder.write)
    assert background.batcher("polls.ballots", recorder.write) is first
    pending = [asyncio.ensure_future(first.submit(i)) for i in (2, 4)]
    await asyncio.sleep(0)
    recorder.gate.set()
    await background.stop()
    assert all(f.done() for f in pending)
    assert recorder.batches == [[2, 4]]
