"""Wire shapes of relations and of the persons found through them."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field

from venuely.core.ids import Id

# Types are open vocabularies (features add their own), ids may name non-hex things such as a
# panorama node, so both are bounded by pattern rather than by a list.
TYPE_PATTERN = r"^[A-Za-z][A-Za-z0-9_]{0,39}$"
REF_PATTERN = r"^[A-Za-z0-9_.:-]{1,64}$"
SORT_KEY_PATTERN = r"^[A-Za-z0-9_]{1,40}$"

TypeName = Annotated[str, Field(pattern=TYPE_PATTERN)]
Ref = Annotated[str, Field(pattern=REF_PATTERN)]
SortKey = Annotated[str, Field(pattern=SORT_KEY_PATTERN)]
# Finite numbers only: NaN and Infinity have no JSON form on PostgreSQL.
SortValue = (
    Annotated[str, Field(max_length=200)]
    | bool
    | int
    | Annotated[float, Field(allow_inf_nan=False)]
    | None
)


class RelationIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    # Accepted so a client can send back what it read; must match the path on PUT.
    ID: Id | None = None
    EventID: Id
    ParentType: TypeName
    ParentID: Ref
    RelationType: TypeName
    ChildType: TypeName
    ChildID: Ref
    SortFields: dict[SortKey, SortValue] = Field(default_factory=dict, max_length=20)
    CreatedAt: Any = None
    UpdatedAt: Any = None


class RelationOut(BaseModel):
    ID: str
    EventID: str
    ParentType: str
    ParentID: str
    RelationType: str
    ChildType: str
    ChildID: str
    SortFields: dict[str, Any]
    CreatedAt: datetime
    UpdatedAt: datetime


class CountOut(BaseModel):
    Count: int


class DeletedOut(BaseModel):
    Deleted: int


class PersonByRelationOut(BaseModel):
    """A person linked as a child. No email: attendees read these lists (moderators, speakers)."""

    ID: str
    PersonID: str
    FirstName: str
    LastName: str
    FullName: str
    PictureURL: str
    RelationID: str
    RelationType: str
    SortFields: dict[str, Any]
    # Only with WithRoles=true: whether the person administers the event, and the roles of
    # the admin grants that apply to it (event, customer or master grants).
    IsAdmin: bool | None = None
    Roles: list[str] | None = None
