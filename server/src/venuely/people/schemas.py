"""Request and response models of the people routes (PascalCase, as the whole API)."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Annotated

from pydantic import BaseModel, ConfigDict, StringConstraints

# The import's limits (docs/subsystems/people.md): one CSV or pasted list at a time.
MAX_IMPORT_ROWS = 5000
MAX_IMPORT_BYTES = 1024 * 1024


class PersonState(StrEnum):
    """Where a row of the people list stands: an invitation nobody used yet, an attendee whose
    address is not confirmed, or one whose address is."""

    INVITED = "invited"
    REGISTERED = "registered"
    VERIFIED = "verified"


class PeopleFilter(StrEnum):
    """The list's `State` filter: the three states, or the flags on top of them."""

    INVITED = "invited"
    REGISTERED = "registered"
    VERIFIED = "verified"
    REMOVED = "removed"
    BANNED = "banned"


class PersonRow(BaseModel):
    # None for an invitation no account has used yet.
    PersonID: str | None
    Email: str
    FirstName: str
    LastName: str
    State: PersonState
    InvitedAt: datetime | None
    RegisteredAt: datetime | None
    LastSeenAt: datetime | None
    Removed: bool
    ChatBanned: bool


class PeopleCounts(BaseModel):
    """How many rows each `State` filter would give for the same search (the console's tabs),
    counted in one statement with the page."""

    All: int
    Invited: int
    Registered: int
    Verified: int
    Removed: int
    Banned: int


class PeoplePage(BaseModel):
    Rows: list[PersonRow]
    # Every row the search and filter match, not only this page's.
    Total: int
    Counts: PeopleCounts
    # The `Cursor` of the next page; None on the last one.
    NextCursor: str | None


class ImportStatus(StrEnum):
    OK = "ok"
    INVALID = "invalid"
    DUPLICATE = "duplicate"
    ALREADY_INVITED = "already_invited"
    ALREADY_REGISTERED = "already_registered"
    MISSING_HEADER = "missing_header"


class ImportRow(BaseModel):
    # 1-based line of the CSV or pasted text (0 for a problem with the whole input).
    Line: int
    Email: str
    Status: ImportStatus
    Message: str


# Bounded here too, before any parsing; the exact byte limit is checked on the text (413).
_ImportText = Annotated[str, StringConstraints(max_length=MAX_IMPORT_BYTES)]


class InvitationImportIn(BaseModel):
    """Exactly one of `Emails` (a pasted list: one address per item; items may hold several
    separated by commas or line breaks) and `CSV` (text with a header row naming an `email`
    column). Without `Confirm`, any bad row refuses the whole import."""

    model_config = ConfigDict(extra="forbid")

    # Not limited here: more than MAX_IMPORT_ROWS addresses is a 413 like an oversized CSV.
    Emails: list[_ImportText] | None = None
    CSV: _ImportText | None = None
    Confirm: bool = False


class InvitationImportOut(BaseModel):
    Rows: list[ImportRow]
    # How many invitations were stored and mailed.
    Invited: int


class PersonFlagsOut(BaseModel):
    """A person's standing in the event after a removal, restore, ban or unban."""

    PersonID: str
    Removed: bool
    ChatBanned: bool
