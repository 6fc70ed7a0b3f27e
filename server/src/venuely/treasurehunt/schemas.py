"""Wire shape of a treasure hunt ranking row."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel


class RankingOut(BaseModel):
    Rank: int
    PersonID: str
    FullName: str
    Score: int
    # When the attendee reached this score; pass it back as LastUpdatedAt to page on.
    UpdatedAt: datetime
