"""A worker restarted under load: two `venuely serve` processes on one database and one Redis,
attendees spread over both while messages flow from one to the other. One process is killed
(SIGKILL, as a crash or a hard redeploy) and started again; its attendees reconnect — to the
surviving process while it is down, some back to it once it is up, as a balancer would send
them — and catch up over REST after their last ID (protocol/README.md §9). Every attendee ends
with exactly the stored history: nothing lost, nothing twice. Collected only with Redis.

The senders are on the surviving process. A message whose sender's process dies between its
commit and its publish reaches the other processes' sockets only on their next reconnect
(notifications are best effort, §9); the sender's side of a crash — resending by TmpID — is
`test_faults.py`'s."""

from __future__ import annotations

import asyncio

from tests.realtime.conftest import REDIS_URL
from tests.realtime.processes import WAIT, Chatter, FaultRig

# Chat lets a person send one message a second after a burst of ten (chat/ratelimit.py), so
# the load is several people each at that pace. All their messages stay within one page of
# history (1,000) for the whole test.
TALKERS = "abcdef"
PACE_SECONDS = 1.05
MOST = 150


class Load:
    """Talkers sending acknowledged messages, paced, until told to stop."""

    def __init__(self, talkers: list[Chatter]) -> None:
        self.sent: list[list[str]] = [[] for _ in talkers]
        self.stop = asyncio.Event()
        self.progressed = asyncio.Event()
        self.tasks = [
            asyncio.create_task(self._talk(talker, prefix, said))
            for talker, prefix, said in zip(talkers, TALKERS, self.sent, strict=True)
        ]

    async def _talk(self, talker: Chatter, prefix: str, sent: list[str]) -> None:
        while not self.stop.is_set() and len(sent) < MOST:
            text = f"{prefix}{len(sent)}"
            await talker.send(text)
            sent.append(text)
            self.progressed.set()
            await asyncio.sleep(PACE_SECONDS)

    async def more(self, count: int) -> None:
        """Wait until each talker has sent `count` more (or all it will)."""
        goals = [min(len(said) + count, MOST) for said in self.sent]
        async with asyncio.timeout(WAIT):
            while any(len(said) < goal for said, goal in zip(self.sent, goals, strict=True)):
                for task in self.tasks:
                    if task.done():
                        task.result()  # a talker that failed says why
                self.progressed.clear()
                await self.progressed.wait()

    async def end(self) -> list[list[str]]:
        self.stop.set()
        await asyncio.gather(*self.tasks)
        return self.sent


async def test_a_worker_killed_and_restarted_under_load_loses_nothing(rig: FaultRig) -> None:
    doomed = await rig.started(REDIS_URL)
    survivor = await rig.started(REDIS_URL)
    people = await rig.people(len(TALKERS) + 6)
    talkers, on_survivor, on_doomed = people[:6], people[6:8], people[8:]
    for person in (*talkers, *on_survivor):
        await person.connect(survivor)
    for person in on_doomed:
        await person.connect(doomed)

    load = Load(talkers)
    for person in on_doomed:  # messages cross through Redis before the fault
        await person.receive("a3")

    doomed.kill()
    for person in on_doomed:
        assert await person.wait_closed() != 1000  # the process vanished mid-stream
    # While it is down, the balancer sends them to the process that is up.
    for person in on_doomed:
        await person.connect(survivor)
        await person.catch_up(survivor)
    await load.more(2)

    await doomed.start()  # the same port, database and Redis: a restarted worker
    for person in on_doomed[2:]:
        await person.close()
        await person.connect(doomed)
        await person.catch_up(doomed)
    await load.more(2)
    sent = await load.end()
    # The restarted process takes part again: what is sent through it reaches every socket,
    # on both processes, live.
    last = await on_doomed[3].send("restarted")
    for person in people[:-1]:
        await person.receive("restarted")

    history = await talkers[0].history(survivor, None)
    ids = [m["ID"] for m in history]
    texts = [m["Text"] for m in history]
    assert len(set(ids)) == len(ids)
    assert ids[-1] == last
    for prefix, said in zip(TALKERS, sent, strict=True):
        assert [t for t in texts if t.startswith(prefix)] == said
    for person in people:
        assert sorted(person.seen) == ids, "an attendee missed messages or saw extra ones"
