"""Wire shapes of the list calls."""

from __future__ import annotations

from pydantic import BaseModel


class AttendeeOut(BaseModel):
    PersonID: str
    FullName: str
    FirstName: str
    LastName: str
    PictureURL: str
