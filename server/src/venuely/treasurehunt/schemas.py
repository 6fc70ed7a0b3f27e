"""Wire shapes of the treasure hunt routes (docs/subsystems/treasurehunt.md). A ranking row is
`frames.RankingOut`, the same model TREASURE_HUNT_RANKING_NOTIFY carries."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from venuely.treasurehunt.models import (
    DEFAULT_POINTS,
    MAX_CLUE,
    MAX_NAME,
    MAX_NODE_ID,
    MAX_POINTS,
    MIN_POINTS,
)

NodeIdStr = Annotated[
    str, StringConstraints(strip_whitespace=True, min_length=1, max_length=MAX_NODE_ID)
]
# Trimmed first, so a name of blanks is as empty as no name.
NameStr = Annotated[
    str, StringConstraints(strip_whitespace=True, min_length=1, max_length=MAX_NAME)
]
ClueStr = Annotated[str, StringConstraints(strip_whitespace=True, max_length=MAX_CLUE)]
# Where the item sits in the node's panorama, in the tour's degrees; NaN and infinities are no
# direction (JSON has neither, but Python's parser reads them).
YawDegrees = Annotated[float, Field(ge=-180, le=180, allow_inf_nan=False)]
PitchDegrees = Annotated[float, Field(ge=-90, le=90, allow_inf_nan=False)]
PointsInt = Annotated[int, Field(ge=MIN_POINTS, le=MAX_POINTS)]
SortInt = Annotated[int, Field(ge=0, lt=2**31)]


class ItemIn(BaseModel):
    """`POST .../items`: an item hidden at a node of the event's tour. `Sort` (beyond the
    contract, optional) places it; without it the item goes last."""

    model_config = ConfigDict(extra="forbid")

    NodeID: NodeIdStr
    Yaw: YawDegrees
    Pitch: PitchDegrees
    Name: NameStr
    Clue: ClueStr = ""
    Points: PointsInt = DEFAULT_POINTS
    Sort: SortInt | None = None


class ItemPatch(BaseModel):
    """`PUT .../items/{ItemID}`: the fields sent change, the others stay (a full `ItemIn` is
    one such body)."""

    model_config = ConfigDict(extra="forbid")

    NodeID: NodeIdStr | None = None
    Yaw: YawDegrees | None = None
    Pitch: PitchDegrees | None = None
    Name: NameStr | None = None
    Clue: ClueStr | None = None
    Points: PointsInt | None = None
    Sort: SortInt | None = None


class ItemOut(BaseModel):
    ID: str
    HuntID: str
    NodeID: str
    Yaw: float
    Pitch: float
    Name: str
    Clue: str
    Points: int
    Sort: int
    # The caller found it.
    Found: bool
    # How many people found it: organizers only (null for everyone else).
    FoundCount: int | None


class HuntOut(BaseModel):
    ID: str
    Title: str
    # Its score is the attendee variable Var_User_Game_01.
    IsMain: bool
    # Finds are taken now (between DateBegin and DateEnd when they are set).
    IsOpen: bool
    DateBegin: datetime | None
    DateEnd: datetime | None
    ItemCount: int
    MyScore: int
    MyFound: int


class FindOut(BaseModel):
    ItemID: str
    # What the item is worth now; Score is the caller's new total in the hunt.
    Points: int
    Score: int
    Found: int
    Rank: int


class MeIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    Hidden: bool


class MeOut(BaseModel):
    HuntID: str
    Score: int
    Found: int
    # Null while the caller's score is 0: only scores above 0 are ranked.
    Rank: int | None
    Hidden: bool
    ItemCount: int
    FoundItemIDs: list[str]
