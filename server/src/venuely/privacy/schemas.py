"""Wire shapes of the privacy routes."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field


class ConsentIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    Functional: bool
    Statistics: bool


class ConsentOut(BaseModel):
    Functional: bool
    Statistics: bool
    # None: the attendee never saved a choice for this event (both read as false).
    UpdatedAt: datetime | None


class DeleteMeIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    # Required when the account has a password (privacy/router.py): a stolen token alone must
    # not be enough to erase an account.
    Password: Annotated[str, Field(min_length=1, max_length=1000)] | None = None
