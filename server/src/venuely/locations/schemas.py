"""Wire shapes of locations. Field names as the spec spells them, `VirtualSpacepanoIDs`
included (lower-case p): that is what the attendee app reads."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field

from venuely.core.ids import Id
from venuely.relations.schemas import REF_PATTERN, TYPE_PATTERN


class LocationIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    # Read-back fields a client may send again; ID and CustomerID must then match.
    ID: Id | None = None
    CustomerID: Id | None = None
    CreatedAt: Any = None
    UpdatedAt: Any = None
    LocationType: Annotated[str, Field(pattern=TYPE_PATTERN)]
    Name: str = Field(min_length=1, max_length=200)
    EventID: Id | None = None
    VirtualSpaceID: Annotated[str, Field(max_length=64)] = ""
    VirtualSpacepanoIDs: list[Annotated[str, Field(pattern=REF_PATTERN)]] = Field(
        default_factory=list, max_length=200
    )
    IsDisabled: bool = False
    Description: str = Field("", max_length=5000)
    Data: dict[str, Any] = Field(default_factory=dict, max_length=100)


class LocationOut(BaseModel):
    ID: str
    CustomerID: str
    LocationType: str
    Name: str
    EventID: str | None
    VirtualSpaceID: str
    VirtualSpacepanoIDs: list[str]
    IsDisabled: bool
    Description: str
    Data: dict[str, Any]
    CreatedAt: datetime
    UpdatedAt: datetime
