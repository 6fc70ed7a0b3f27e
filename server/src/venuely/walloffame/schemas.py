"""Wire shapes of the Wall of Fame routes (docs/subsystems/walloffame.md "Wire shapes").

The project's four fields are checked by vtables' `project_fields` (the §5 texts), the same
rules a row of the `walloffame` table gets, so the body here is taken as it comes and only its
shape is pinned.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from venuely.walloffame.frames import StateName
from venuely.walloffame.models import MAX_CATEGORIES, MAX_CATEGORY, MAX_REASON


class ProjectIn(BaseModel):
    # Unknown fields are refused; missing or malformed fields are `project_fields`' to report
    # with the form's texts (a missing title is "Enter title", not a schema error).
    model_config = ConfigDict(extra="forbid")

    Title: str = ""
    Category: str = ""
    Description: str = ""
    Link: str = ""


class PictureOut(BaseModel):
    VFileID: str
    # Both are public `/api/v1/files/{hash}` paths for pictures uploaded through these routes
    # (an <img> sends no token); a picture uploaded through the vfiles API keeps its
    # token-guarded content path as URL.
    URL: str
    ThumbnailURL: str


class ProjectOut(BaseModel):
    ID: str
    EventID: str
    Title: str
    Category: str
    Description: str
    Link: str
    AuthorID: str
    AuthorName: str
    AuthorPictureURL: str
    State: StateName
    # The organizers' reason: "" unless rejected, and only to the author and admins.
    Reason: str
    Featured: bool
    SubmittedAt: datetime
    ReviewedAt: datetime | None
    Pictures: list[PictureOut]
    CreatedAt: datetime
    UpdatedAt: datetime


class StateCounts(BaseModel):
    pending: int
    approved: int
    rejected: int


class ProjectsOut(BaseModel):
    Projects: list[ProjectOut]
    # Admins only (the console's tabs); null for members.
    Counts: StateCounts | None


class RejectIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    # Trimmed first: a reason of spaces is no reason.
    Reason: Annotated[
        str, StringConstraints(strip_whitespace=True, min_length=1, max_length=MAX_REASON)
    ]


class FeaturedIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    Featured: bool


class SettingsIO(BaseModel):
    model_config = ConfigDict(extra="forbid")

    ReviewRequired: bool


CategoryName = Annotated[
    str, StringConstraints(strip_whitespace=True, min_length=1, max_length=MAX_CATEGORY)
]
Categories = Annotated[list[CategoryName], Field(min_length=1, max_length=MAX_CATEGORIES)]

StateFilter = Literal["pending", "approved", "rejected"]
