"""Scores: derived by the server from the finds, never sent by a client.

A person's score in a hunt is the sum of the *current* points of the items they found in it,
`found` how many. Nothing is added incrementally: each change recomputes from the finds, so
whatever raced or was edited, the score is the finds.

**Once per item.** A find is a row keyed (item, person): `INSERT … ON CONFLICT DO NOTHING`
stores it or finds it there, and only the request that stored it counts; any other gets 409
`TREASURE_ITEM_ALREADY_FOUND` and changes nothing.

**Concurrency.** Every write here first takes the person's score row (made blank when missing)
under a lock: on PostgreSQL `SELECT … FOR UPDATE`, on SQLite the one write lock the caller took
(`core.db.begin_write`). The sum is read after the lock, so two finds of one person in one hunt
(two tabs, two items) run one after the other and the second sums both.

`scored_at` moves when a find raises the score ("who got there first" breaks ties); a recompute
after an organizer's edit keeps it, since the edit is no one's achievement.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import ColumnElement, ScalarSelect, func, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.core.services import Services
from venuely.files.upsert import insert_ignore
from venuely.panoramas.attendee_vars import write_game_score
from venuely.treasurehunt.access import already_found
from venuely.treasurehunt.hunts import Hunt
from venuely.treasurehunt.models import TreasureHuntFind as Find
from venuely.treasurehunt.models import TreasureHuntItem as Item
from venuely.treasurehunt.models import TreasureHuntScore as Score
from venuely.treasurehunt.rankings import rank_of


@dataclass(slots=True)
class Changes:
    """What to tell after the commit: whether the hunt's board changed, and the attendee
    variable maps the server rewrote (person id -> map)."""

    event_id: str
    hunt_id: str
    board: bool = False
    pano_vars: dict[str, dict[str, str]] = field(default_factory=dict)


@dataclass(slots=True)
class FindOutcome:
    item: Item
    score: Score
    rank: int
    changes: Changes


async def lock_score(
    session: AsyncSession, services: Services, hunt: Hunt, person_id: str
) -> Score:
    """The person's score row in the hunt, made blank when missing, locked to the commit."""
    key = {"event_id": hunt.event_id, "hunt_id": hunt.id, "person_id": person_id}
    blank = {"score": 0, "found": 0, "scored_at": services.clock.now(), "hidden": False}
    await insert_ignore(session, Score, key | blank)
    row = await session.get(
        Score, (hunt.event_id, hunt.id, person_id), with_for_update=True, populate_existing=True
    )
    assert row is not None  # made above, and deleting a person waits for the lock
    return row


def _of_score_row(column: ColumnElement[Any]) -> ScalarSelect[Any]:
    """`column` over the finds of the score row an UPDATE is at (a correlated subquery)."""
    return (
        select(column)
        .select_from(Find)
        .join(Item, Item.id == Find.item_id)
        .where(
            Find.event_id == Score.event_id,
            Find.hunt_id == Score.hunt_id,
            Find.person_id == Score.person_id,
        )
        .scalar_subquery()
    )


async def _sum_of(session: AsyncSession, hunt: Hunt, person_id: str) -> tuple[int, int]:
    row = (
        await session.execute(
            select(func.coalesce(func.sum(Item.points), 0), func.count())
            .select_from(Find)
            .join(Item, Item.id == Find.item_id)
            .where(
                Find.event_id == hunt.event_id,
                Find.hunt_id == hunt.id,
                Find.person_id == person_id,
            )
        )
    ).one()
    return int(row[0]), int(row[1])


async def record_find(
    session: AsyncSession, services: Services, hunt: Hunt, item: Item, person_id: str
) -> FindOutcome:
    """Credit `item` to the person once; 409 TREASURE_ITEM_ALREADY_FOUND the second time.
    The caller took the write turn (`begin_write`) and checked that the hunt is open."""
    now = services.clock.now()
    row = await lock_score(session, services, hunt, person_id)
    dialect = postgresql if session.get_bind().dialect.name == "postgresql" else sqlite
    stored = await session.scalar(
        dialect.insert(Find)
        .values(
            item_id=item.id,
            person_id=person_id,
            event_id=hunt.event_id,
            hunt_id=hunt.id,
            found_at=now,
        )
        .on_conflict_do_nothing()
        .returning(Find.item_id)
    )
    if stored is None:
        raise already_found(item.id)
    score, found = await _sum_of(session, hunt, person_id)
    if score > row.score:
        row.scored_at = now
    row.score, row.found = score, found
    await session.flush()
    changes = Changes(hunt.event_id, hunt.id, board=True)
    if hunt.is_main:
        state = await write_game_score(session, services, hunt.event_id, person_id, score)
        if state is not None:
            changes.pano_vars[person_id] = state
    return FindOutcome(item, row, await rank_of(session, row) or 1, changes)


async def recompute(session: AsyncSession, services: Services, hunt: Hunt) -> Changes:
    """Every score of the hunt again from its finds, in one UPDATE from the aggregate (after an
    item's points changed or an item was deleted, its finds with it)."""
    where = (Score.event_id == hunt.event_id, Score.hunt_id == hunt.id)
    scores = select(Score.person_id, Score.score).where(*where)
    # Locked first (PostgreSQL), so finds in flight commit before the sums are read; in one
    # order, so two organizers' edits of one hunt wait for each other instead of deadlocking.
    locked = await session.execute(scores.order_by(Score.person_id).with_for_update())
    before = {row.person_id: row.score for row in locked}
    total = _of_score_row(func.coalesce(func.sum(Item.points), 0))
    await session.execute(
        update(Score)
        .where(*where)
        .values(score=total, found=_of_score_row(func.count()))
        .execution_options(synchronize_session=False)
    )
    after = {row.person_id: row.score for row in await session.execute(scores)}
    changes = Changes(hunt.event_id, hunt.id, board=True)
    if hunt.is_main:
        for person_id, score in after.items():
            if before.get(person_id) != score:
                state = await write_game_score(session, services, hunt.event_id, person_id, score)
                if state is not None:
                    changes.pano_vars[person_id] = state
    return changes


async def set_hidden(
    session: AsyncSession, services: Services, hunt: Hunt, person_id: str, hidden: bool
) -> tuple[Score, Changes]:
    row = await lock_score(session, services, hunt, person_id)
    changes = Changes(hunt.event_id, hunt.id)
    if row.hidden != hidden:
        row.hidden = hidden
        await session.flush()
        # A ranked row's name changes for everyone; an unranked one is on nobody's board.
        changes.board = row.score > 0
    return row, changes
