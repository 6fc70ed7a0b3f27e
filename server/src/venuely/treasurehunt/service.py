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

from sqlalchemy import and_, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.sql.elements import ColumnElement

from venuely.accounts.models import Person
from venuely.activities.models import Activity, EntityType
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.ids import NULL_ID
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


def _before(cursor: Cursor, *, inclusive: bool) -> ColumnElement[bool]:
    """Rows ranked ahead of the cursor row (and the row itself when `inclusive`)."""
    last = Row.person_id <= cursor.person_id if inclusive else Row.person_id < cursor.person_id
    return or_(
        Row.game_score > cursor.score,
        and_(Row.game_score == cursor.score, Row.scored_at < cursor.updated_at),
        and_(Row.game_score == cursor.score, Row.scored_at == cursor.updated_at, last),
    )


async def rankings(
    session: AsyncSession, event_id: str, cursor: Cursor | None, limit: int
) -> list[RankingOut]:
    ranked = and_(Row.event_id == event_id, Row.game_score > 0)
    first_rank = 1
    query = (
        select(Row, Person)
        .join(Person, Person.id == Row.person_id)
        .where(ranked)
        .order_by(Row.game_score.desc(), Row.scored_at, Row.person_id)
        .limit(limit)
    )
    if cursor is not None:
        query = query.where(~_before(cursor, inclusive=True))
        ahead = await session.scalar(
            select(func.count()).select_from(Row).where(ranked, _before(cursor, inclusive=True))
        )
        first_rank = int(ahead or 0) + 1
    rows = (await session.execute(query)).all()
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
