"""Wire shapes for deciding event requests (`events/requests_router.py`)."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator

from venuely.core.ids import Id
from venuely.customers.schemas import CustomerName
from venuely.events.schemas import InternalNameStr


class RequestStatus(StrEnum):
    PENDING = "pending"
    APPROVED = "approved"
    REJECTED = "rejected"


class StoredRequest(BaseModel):
    """The request as `POST /events/event-request` stored it (its `EventRequestIn`); read
    leniently, so a field added later does not break older rows."""

    model_config = ConfigDict(extra="ignore")

    Title: str = ""
    DateBeginUTC: datetime
    DateEndUTC: datetime
    InternalName: str = ""
    Description: str = ""
    TimeZone: str = "UTC"
    DefaultLanguage: str = "en"
    Message: str = ""
    ContactEMail: str | None = None


class EventRequestItem(BaseModel):
    ID: str
    Status: RequestStatus
    Title: str
    # The name the requester suggested (may be empty or taken: the approval names the event).
    InternalName: str
    DateBeginUTC: datetime
    DateEndUTC: datetime
    Description: str
    Message: str
    ContactEMail: str | None
    RequesterID: str
    RequesterName: str
    RequesterEMail: str
    CreatedAt: datetime
    DecidedAt: datetime | None
    DecidedByID: str | None
    # Why it was rejected (mailed to the requester); empty otherwise.
    Reason: str
    # The event an approval created; null before, and after that event is deleted.
    EventID: str | None


def _reason(value: str) -> str:
    reason = value.strip()
    if not reason:
        raise ValueError("must not be empty: the requester is told why")
    return reason


class ApproveIn(BaseModel):
    """Exactly one of `CustomerID` (an existing customer) and `NewCustomerName` (created now)."""

    model_config = ConfigDict(extra="forbid")

    CustomerID: Id | None = None
    NewCustomerName: CustomerName | None = None
    InternalName: InternalNameStr
    # The event's title, when not the one asked for.
    Title: Annotated[str, Field(min_length=1, max_length=200)] | None = None

    @model_validator(mode="after")
    def _one_customer(self) -> ApproveIn:
        if (self.CustomerID is None) == (self.NewCustomerName is None):
            raise ValueError("send exactly one of CustomerID and NewCustomerName")
        return self


class RejectIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    Reason: Annotated[str, Field(max_length=2000), AfterValidator(_reason)]
