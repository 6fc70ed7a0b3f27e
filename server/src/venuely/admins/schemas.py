"""Wire shapes for admin grants."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import BaseModel, ConfigDict, EmailStr, Field

from venuely.admins.models import AdminType as AdminKind
from venuely.admins.roles import Role
from venuely.core.ids import Id

# The four roles of admins/roles.py; anything else is 422 naming `Roles`. Empty: all four.
RoleList = Annotated[list[Role], Field(max_length=50)]


class AdminCreate(BaseModel):
    model_config = ConfigDict(extra="forbid")

    PersonID: Id | None = None
    LoginEMail: Annotated[EmailStr, Field(max_length=320)] | None = None
    AdminType: AdminKind
    CustomerID: Id | None = None
    EventID: Id | None = None
    Roles: RoleList = Field(default_factory=list)


class AdminUpdate(BaseModel):
    """Roles, and optionally a new type or scope; fields not sent keep their value."""

    model_config = ConfigDict(extra="forbid")

    AdminType: AdminKind | None = None
    CustomerID: Id | None = None
    EventID: Id | None = None
    Roles: RoleList | None = None
    # Echoes of read-only fields, so a client may send back what it got; they must match.
    ID: Id | None = None
    PersonID: Id | None = None
    CreatedAt: datetime | None = None


class AdminOut(BaseModel):
    ID: str
    PersonID: str
    AdminType: str
    CustomerID: str | None
    EventID: str | None
    Roles: list[str]
    CreatedAt: datetime


class AdminListItem(BaseModel):
    AdminID: str
    PersonID: str
    FullName: str
    LoginEMail: str
    AdminType: str
    CustomerID: str | None
    EventID: str | None
    Roles: list[str] | None = None


class MailSent(BaseModel):
    Sent: bool


class MyRights(BaseModel):
    """What the caller may do in one event: the console hides what the roles do not cover."""

    EventID: str
    IsMaster: bool
    # Effective roles: the union over the caller's grants on the event and its customer (a grant
    # without roles counts as all four); empty for attendees.
    Roles: list[Role]
