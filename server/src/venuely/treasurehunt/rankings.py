"""One hunt's board: who ranks where, read from `treasure_hunt_scores` of that hunt only.

Order: score descending, then the time the score was reached ascending (who got there first
ranks higher), then person id; keyset paging continues strictly after the last row sent
(LastScore, LastUpdatedAt, LastID), so rows never repeat or vanish between pages while scores
do not change. Only scores above 0 are ranked. The order is the index
`ix_treasure_hunt_scores_rank`, so a page and a rank are index range scans.

Hidden rows: a person who hid their name shows `FullName` and `PictureURL` `""` to every viewer
but themselves and the event's organizers (`Viewer`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import ColumnElement, and_, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.models import Person
from venuely.core.pagination import Key, after, keyset_page
from venuely.treasurehunt.frames import RankingOut
from venuely.treasurehunt.models import TreasureHuntScore as Score

RANK_ORDER = (Key(Score.score, descending=True), Key(Score.scored_at), Key(Score.person_id))
TOP = 10


@dataclass(frozen=True, slots=True)
class Cursor:
    score: int
    updated_at: datetime
    person_id: str


@dataclass(frozen=True, slots=True)
class Viewer:
    """Who reads the board: organizers and the person themselves see hidden names."""

    person_id: str
    is_admin: bool

    def sees_name_of(self, person_id: str, hidden: bool) -> bool:
        return not hidden or self.is_admin or person_id == self.person_id


# A member who is nobody on the board: what the event's channel may be sent.
ANYONE = Viewer(person_id="", is_admin=False)


def ranked(event_id: str, hunt_id: str) -> ColumnElement[bool]:
    return and_(Score.event_id == event_id, Score.hunt_id == hunt_id, Score.score > 0)


async def rank_of(session: AsyncSession, row: Score) -> int | None:
    """The row's rank on its board, None while its score is 0."""
    if row.score <= 0:
        return None
    values = (row.score, row.scored_at, row.person_id)
    ahead = await session.scalar(
        select(func.count())
        .select_from(Score)
        .where(ranked(row.event_id, row.hunt_id), ~after(RANK_ORDER, values))
    )
    # `ahead` counts every row not after this one, itself included.
    return max(1, int(ahead or 0))


async def ranked_count(session: AsyncSession, event_id: str, hunt_id: str) -> int:
    count = await session.scalar(
        select(func.count()).select_from(Score).where(ranked(event_id, hunt_id))
    )
    return int(count or 0)


def ranking_out(rank: int, row: Score, person: Person, viewer: Viewer) -> RankingOut:
    shown = viewer.sees_name_of(row.person_id, row.hidden)
    return RankingOut(
        Rank=rank,
        PersonID=row.person_id,
        FullName=person.full_name if shown else "",
        PictureURL=person.picture_url if shown else "",
        Score=row.score,
        UpdatedAt=row.scored_at,
        Hidden=row.hidden,
    )


async def page(
    session: AsyncSession,
    event_id: str,
    hunt_id: str,
    viewer: Viewer,
    cursor: Cursor | None,
    limit: int,
) -> list[RankingOut]:
    """One page of the board, after `cursor` (the first page without one)."""
    where = ranked(event_id, hunt_id)
    values = None if cursor is None else (cursor.score, cursor.updated_at, cursor.person_id)
    first_rank = 1
    if values is not None:
        # Every row not after the cursor row (itself included) ranks ahead of this page.
        ahead = await session.scalar(
            select(func.count()).select_from(Score).where(where, ~after(RANK_ORDER, values))
        )
        first_rank = int(ahead or 0) + 1
    query = select(Score, Person).join(Person, Person.id == Score.person_id).where(where)
    rows = (await session.execute(keyset_page(query, RANK_ORDER, values, limit))).all()
    return [
        ranking_out(first_rank + n, row, person, viewer) for n, (row, person) in enumerate(rows)
    ]


async def export_rows(session: AsyncSession, event_id: str, hunt_id: str) -> list[list[object]]:
    """Every ranked row with the real name and contact address, for the organizers' CSV:
    Rank, Name, Email, Score, Found, ScoredAt (UTC, ISO 8601)."""
    rows = await session.execute(
        select(Score, Person)
        .join(Person, Person.id == Score.person_id)
        .where(ranked(event_id, hunt_id))
        .order_by(*(k.column.desc() if k.descending else k.column.asc() for k in RANK_ORDER))
    )
    return [
        [
            n + 1,
            person.full_name,
            person.email,
            row.score,
            row.found,
            row.scored_at.isoformat().replace("+00:00", "Z"),
        ]
        for n, (row, person) in enumerate(rows.all())
    ]
