"""Wire shapes for customers. Request bodies forbid unknown fields: a typo is a 422, not a
silently ignored change."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from venuely.accounts.schemas import EmailAddress, LanguageCode

_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def customer_name(value: str) -> str:
    # Names end up in mail subjects and console lists: one line, no padding.
    name = value.strip()
    if not name:
        raise ValueError("must not be empty")
    if _CONTROL.search(name):
        raise ValueError("must be one line without control characters")
    return name


CustomerName = Annotated[str, Field(max_length=200), AfterValidator(customer_name)]
PersonName = Annotated[str, Field(max_length=100), AfterValidator(lambda v: " ".join(v.split()))]


class CustomerOut(BaseModel):
    ID: str
    Name: str
    IsDisabled: bool
    # Customer or master rights: `POST /customers/{CustomerID}/events` would be allowed.
    MayCreateEvents: bool
    CreatedAt: datetime


class CustomerCreate(BaseModel):
    model_config = ConfigDict(extra="forbid")

    Name: CustomerName
    # The customer's first admin: invited by mail (a set-password link when they have no
    # password yet), created without a password when the address has no account.
    AdminEMail: EmailAddress
    AdminFirstName: PersonName = ""
    AdminLastName: PersonName = ""
    # A new account's language, which its mails use; an existing account keeps its own.
    Language: LanguageCode | None = None


class CustomerUpdate(BaseModel):
    """Only the fields sent change. `IsDisabled` is a master's decision: anyone else sending a
    value other than the current one gets 403."""

    model_config = ConfigDict(extra="forbid")

    Name: CustomerName | None = None
    IsDisabled: bool | None = None


class InvitationIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    AdminEMail: EmailAddress


class InvitationOut(BaseModel):
    PersonID: str
    LoginEMail: str
    # When the mailed set-password link stops working; null when the person has a password and
    # was told to sign in with it instead.
    ExpiresAt: datetime | None
