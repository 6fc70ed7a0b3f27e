"""Rankings: attendees of an event ordered by their treasure hunt score.

Order: score descending, then the time the score was reached ascending (who got there first
ranks higher), then person id; keyset paging continues strictly after the last row sent
(LastScore, LastUpdatedAt, LastID), so rows never repeat or vanish between pages while scores
do not change. Only attendees with a score above 0 are ranked. The order is served by the index
`ix_attendee_pano_vars_rank`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import and_, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.models import Person
from venuely.activities.models import Activity, EntityType
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.ids import NULL_ID
from venuely.core.pagination import Key, after, keyset_page
from venuely.events.models import Event
from venuely.panoramas.models import AttendeePanoVars as Row
from venuely.treasurehunt.schemas import RankingOut


@dataclass(frozen=True, slots=True)
class Cursor:
    score: int
    updated_at: datetime
    person_id: str


async def check_treasure_hunt(session: AsyncSession, event: Event, hunt_id: str) -> None:
    """The hunt is the event's TreasureHuntID or one of its TreasureHunt activities."""
    if hunt_id != NULL_ID and hunt_id == event.treasure_hunt_id:
        return
    activity = await session.scalar(
        select(Activity.id).where(
            Activity.id == hunt_id,
            Activity.event_id == event.id,
            Activity.entity_type == EntityType.TREASURE_HUNT.value,
        )
    )
    if activity is None:
        raise ApiError(
            ErrorCode.NOT_FOUND,
            f"Treasure hunt {hunt_id} not found in this event",
            {"TreasureHuntID": hunt_id},
        )


RANK_ORDER = (Key(Row.game_score, descending=True), Key(Row.scored_at), Key(Row.person_id))


async def rankings(
    session: AsyncSession, event_id: str, cursor: Cursor | None, limit: int
) -> list[RankingOut]:
    ranked = and_(Row.event_id == event_id, Row.game_score > 0)
    values = None if cursor is None else (cursor.score, cursor.updated_at, cursor.person_id)
    first_rank = 1
    if values is not None:
        # Every row not after the cursor row (itself included) ranks ahead of this page.
        ahead = await session.scalar(
            select(func.count()).select_from(Row).where(ranked, ~after(RANK_ORDER, values))
        )
        first_rank = int(ahead or 0) + 1
    query = select(Row, Person).join(Person, Person.id == Row.person_id).where(ranked)
    rows = (await session.execute(keyset_page(query, RANK_ORDER, values, limit))).all()
    return [
        RankingOut(
            Rank=first_rank + n,
            PersonID=row.person_id,
            FullName=person.full_name,
            Score=row.game_score,
            UpdatedAt=row.scored_at,
        )
        for n, (row, person) in enumerate(rows)
    ]
