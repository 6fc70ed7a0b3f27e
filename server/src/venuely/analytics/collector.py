"""Per-process, in-memory aggregation of tracker items until the next flush (flush.py).

At 10,000 attendees pinging every 15 s a write per ping would be some 670 transactions a second;
here a ping costs a few dictionary updates, and every 10 s the flush writes what this process
gathered as one upsert per table. A process that dies loses at most its last 10 s.

Distinct viewers per session minute: the set of persons seen in a minute is kept until that
minute is over, and each flush adds only those not added before, so a person pinging four times
a minute, across two flushes, counts once. Across processes a person whose pings land on two
of them within one minute counts once per process (the sum is an upper bound; with one process
it is exact).

Flood: more than `FLOOD_ITEMS` items from one person within `FLOOD_WINDOW` are dropped. Per
process, like the rest: a fair client sends one ping and a few page views per 15 s.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from venuely.analytics.screens import Kind
from venuely.core.background import Background

FLOOD_ITEMS = 12
FLOOD_WINDOW = timedelta(seconds=15)
PING_MINUTES = 0.25  # a ping stands for the 15 s since the previous one

# (event_id, kind, screen, place, minute)
CountKey = tuple[str, str, str, str, datetime]
# (event_id, activity_id, person_id)
WatchKey = tuple[str, str, str]
# (event_id, activity_id, minute)
MinuteKey = tuple[str, str, datetime]


def minute_of(moment: datetime) -> datetime:
    return moment.replace(second=0, microsecond=0)


@dataclass(slots=True)
class Watch:
    minutes: float
    first_at: datetime
    last_at: datetime


@dataclass(frozen=True, slots=True)
class Item:
    """A tracker item that passed validation (schemas.TrackItem), with its screen resolved."""

    kind: Kind
    screen: str
    activity_id: str | None
    place: str | None


@dataclass(slots=True)
class Snapshot:
    """What one flush writes; taken out of the collector at once, so pings that arrive while
    it is written gather for the next flush."""

    counts: dict[CountKey, int] = field(default_factory=dict)
    presence: dict[tuple[str, str], tuple[str, datetime]] = field(default_factory=dict)
    watches: dict[WatchKey, Watch] = field(default_factory=dict)
    viewers: dict[MinuteKey, int] = field(default_factory=dict)

    @property
    def empty(self) -> bool:
        return not (self.counts or self.presence or self.watches or self.viewers)


class Collector:
    def __init__(self) -> None:
        self._pending = Snapshot()
        # Open minutes: who was seen, and how many of them a flush already added.
        self._seen: dict[MinuteKey, set[str]] = {}
        self._added: dict[MinuteKey, int] = {}
        self._flood: dict[str, tuple[datetime, int]] = {}

    def admit(self, person_id: str, items: int, now: datetime) -> int:
        """How many of `items` the person may still send in the current flood window."""
        start, used = self._flood.get(person_id, (now, 0))
        if now - start >= FLOOD_WINDOW:
            start, used = now, 0
        allowed = max(0, min(items, FLOOD_ITEMS - used))
        self._flood[person_id] = (start, used + allowed)
        return allowed

    def record(self, event_id: str, person_id: str, item: Item, now: datetime) -> None:
        minute = minute_of(now)
        place = item.place or ""
        pending = self._pending
        if item.kind is Kind.PING:
            # Pings are counted per place (person-minutes of rooms), not per screen: the screen
            # of a ping repeats the page view that led there.
            key: CountKey = (event_id, item.kind.value, "", place, minute)
            pending.presence[(event_id, person_id)] = (item.place or item.screen, now)
            if item.activity_id is not None:
                self._watch(event_id, item.activity_id, person_id, now)
        else:
            key = (event_id, item.kind.value, item.screen, place, minute)
        pending.counts[key] = pending.counts.get(key, 0) + 1

    def _watch(self, event_id: str, activity_id: str, person_id: str, now: datetime) -> None:
        watches = self._pending.watches
        found = watches.get((event_id, activity_id, person_id))
        if found is None:
            watches[(event_id, activity_id, person_id)] = Watch(PING_MINUTES, now, now)
        else:
            found.minutes += PING_MINUTES
            found.last_at = now
        self._seen.setdefault((event_id, activity_id, minute_of(now)), set()).add(person_id)

    def take(self, now: datetime) -> Snapshot:
        """Everything gathered since the previous take; forgets minutes and flood windows that
        are over."""
        taken, self._pending = self._pending, Snapshot()
        current = minute_of(now)
        for key, persons in list(self._seen.items()):
            added = self._added.get(key, 0)
            if len(persons) > added:
                taken.viewers[key] = len(persons) - added
                self._added[key] = len(persons)
            if key[2] < current:
                del self._seen[key]
                self._added.pop(key, None)
        for person_id, (start, _) in list(self._flood.items()):
            if now - start >= FLOOD_WINDOW:
                del self._flood[person_id]
        return taken


# One per running app (its Background), so tests with their own services start afresh.
_collectors: weakref.WeakKeyDictionary[Background, Collector] = weakref.WeakKeyDictionary()


def collector_of(background: Background) -> Collector:
    found = _collectors.get(background)
    if found is None:
        found = _collectors[background] = Collector()
    return found
