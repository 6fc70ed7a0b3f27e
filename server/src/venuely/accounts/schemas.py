"""Wire shapes of the accounts API (PascalCase, as the spec names them).

Request bodies refuse unknown fields, so a typo in a field name is a 422 naming it instead of a
silently ignored value. Every string has a length limit.
"""

from __future__ import annotations

from datetime import datetime
from enum import IntEnum
from typing import Annotated, Any

import email_validator
from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    model_validator,
)

from venuely.accounts.models import Person
from venuely.core.i18n import normalize_language
from venuely.core.ids import Id

MAX_EMAIL_LENGTH = 320
# Far above the password rule's maximum: longer input is refused by the rules (Reason 6, naming
# the rule), and only absurd sizes are refused as malformed.
MAX_PASSWORD_INPUT = 4096


def _check_email(value: str) -> str:
    try:
        # `test_environment` admits the reserved `.test` domain, which development setups use.
        checked = email_validator.validate_email(
            value, check_deliverability=False, test_environment=True
        )
    except email_validator.EmailNotValidError as exc:
        raise ValueError(f"not a valid email address: {exc}") from exc
    return checked.normalized


EmailAddress = Annotated[
    str,
    StringConstraints(strip_whitespace=True, min_length=3, max_length=MAX_EMAIL_LENGTH),
    AfterValidator(_check_email),
]
PasswordText = Annotated[str, StringConstraints(min_length=1, max_length=MAX_PASSWORD_INPUT)]
NameText = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=100)]
LanguageCode = Annotated[
    str,
    StringConstraints(strip_whitespace=True, max_length=16),
    AfterValidator(normalize_language),
]
Url = Annotated[str, StringConstraints(strip_whitespace=True, max_length=2000)]
TimezoneNameText = Annotated[str, StringConstraints(strip_whitespace=True, max_length=64)]
TimezoneShiftValue = Annotated[int, Field(ge=-12, le=14)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


def _one_email(data: Any) -> Any:
    """`EMail` is accepted as another name for `LoginEMail`; both at once must agree."""
    if isinstance(data, dict) and "EMail" in data:
        data = dict(data)
        alias = data.pop("EMail")
        login = data.setdefault("LoginEMail", alias)
        if isinstance(login, str) and isinstance(alias, str) and login.lower() != alias.lower():
            raise ValueError("LoginEMail and EMail differ; send one of them")
    return data


class LoginRequest(Strict):
    LoginEMail: EmailAddress
    Password: PasswordText


class ResetPasswordRequest(Strict):
    LoginEMail: EmailAddress
    Password: PasswordText
    Token: Annotated[str, StringConstraints(min_length=1, max_length=200)]


class RegisterRequest(Strict):
    FirstName: NameText
    LastName: NameText
    LoginEMail: EmailAddress
    Password: PasswordText
    Language: LanguageCode | None = None

    @model_validator(mode="before")
    @classmethod
    def _email_alias(cls, data: Any) -> Any:
        return _one_email(data)


class PersonCreate(Strict):
    FirstName: NameText
    LastName: NameText
    LoginEMail: EmailAddress
    Password: PasswordText | None = None
    Language: LanguageCode | None = None
    EventID: Id | None = None

    @model_validator(mode="before")
    @classmethod
    def _email_alias(cls, data: Any) -> Any:
        return _one_email(data)


class BusinessContactIn(Strict):
    EMailAddress: str | None = None  # read-only, accepted so a read person can be sent back
    PictureURL: Url | None = None


class ContactInfoIn(Strict):
    Business: BusinessContactIn | None = None


class LoginInfoIn(Strict):
    LoginEMail: EmailAddress | None = None
    IsVerified: bool | None = None  # read-only
    IsDisabled: bool | None = None


class PersonUpdate(Strict):
    """Changed fields only, or the whole person as read: read-only fields are accepted and
    ignored, so the web app can send back the object after merging its changes."""

    FirstName: NameText | None = None
    LastName: NameText | None = None
    Language: LanguageCode | None = None
    PictureURL: Url | None = None
    TimezoneName: TimezoneNameText | None = None
    TimezoneShift: TimezoneShiftValue | None = None
    LoginEMail: EmailAddress | None = None
    IsDisabled: bool | None = None
    ContactInfo: ContactInfoIn | None = None
    Login: LoginInfoIn | None = None
    ID: str | None = Field(default=None, max_length=24)
    FullName: str | None = Field(default=None, max_length=201)
    IsAdmin: bool | None = None
    CreatedAt: datetime | None = None
    UpdatedAt: datetime | None = None

    @model_validator(mode="after")
    def _no_contradiction(self) -> PersonUpdate:
        self.changes()
        return self

    def changes(self) -> dict[str, Any]:
        """The writable fields that were sent, nested spellings folded into the flat ones."""
        sent: dict[str, Any] = {}
        business = self.ContactInfo.Business if self.ContactInfo else None
        if business is not None and business.PictureURL is not None:
            sent["PictureURL"] = business.PictureURL
        if self.Login is not None:
            if self.Login.LoginEMail is not None:
                sent["LoginEMail"] = self.Login.LoginEMail
            if self.Login.IsDisabled is not None:
                sent["IsDisabled"] = self.Login.IsDisabled
        for name in WRITABLE_FIELDS:
            value = getattr(self, name)
            if value is not None:
                if name in sent and _differs(sent[name], value):
                    raise ValueError(f"{name} is sent twice with different values")
                sent[name] = value
        return sent


WRITABLE_FIELDS = (
    "FirstName",
    "LastName",
    "Language",
    "PictureURL",
    "TimezoneName",
    "TimezoneShift",
    "LoginEMail",
    "IsDisabled",
)


def _differs(a: Any, b: Any) -> bool:
    if isinstance(a, str) and isinstance(b, str):
        return a.lower() != b.lower()
    return bool(a != b)


class LoginReason(IntEnum):
    """The reason codes of admin-api.md §3; `ReasonText` is the member name."""

    UNDEFINED = 0
    WRONG_CREDENTIALS = 1
    ACCOUNT_DISABLED = 2
    EMAIL_NOT_VERIFIED = 3
    TOKEN_INVALID = 4
    PASSWORD_MAIL_REQUESTED = 5
    PASSWORD_RULES = 6
    LOGIN_OK = 7
    VERIFICATION_MAIL_SENT = 8
    PASSWORD_SET = 9
    REGISTRATION_DONE = 10
    ADMIN_REQUIRED = 11
    NOT_ATTENDEE = 12
    INTERNAL_ERROR = 13
    EMAIL_ALREADY_USED = 14


class LoginResponse(BaseModel):
    Reason: int
    ReasonText: str
    Token: str | None = None
    PersonID: str | None = None
    EventID: str | None = None
    # The password rules a refused password broke (Reason 6), e.g. ["min_length"].
    Rules: list[str] = Field(default_factory=list)

    @classmethod
    def of(
        cls,
        reason: LoginReason,
        *,
        token: str | None = None,
        person_id: str | None = None,
        event_id: str | None = None,
        rules: list[str] | None = None,
    ) -> LoginResponse:
        return cls(
            Reason=int(reason),
            ReasonText=reason.name,
            Token=token,
            PersonID=person_id,
            EventID=event_id,
            Rules=rules or [],
        )


class BusinessContactOut(BaseModel):
    EMailAddress: str
    PictureURL: str


class ContactInfoOut(BaseModel):
    Business: BusinessContactOut


class LoginInfoOut(BaseModel):
    LoginEMail: str
    IsVerified: bool
    IsDisabled: bool


class PersonOut(BaseModel):
    ID: str
    FirstName: str
    LastName: str
    FullName: str
    Language: str
    IsAdmin: bool
    ContactInfo: ContactInfoOut
    Login: LoginInfoOut
    TimezoneName: str
    TimezoneShift: int
    CreatedAt: datetime
    UpdatedAt: datetime

    @classmethod
    def of(cls, person: Person, *, is_admin: bool) -> PersonOut:
        return cls(
            ID=person.id,
            FirstName=person.first_name,
            LastName=person.last_name,
            FullName=person.full_name,
            Language=person.language,
            IsAdmin=is_admin,
            ContactInfo=ContactInfoOut(
                Business=BusinessContactOut(
                    EMailAddress=person.email, PictureURL=person.picture_url
                )
            ),
            Login=LoginInfoOut(
                LoginEMail=person.login_email,
                IsVerified=person.is_verified,
                IsDisabled=person.is_disabled,
            ),
            TimezoneName=person.timezone_name,
            TimezoneShift=person.timezone_shift,
            CreatedAt=person.created_at,
            UpdatedAt=person.updated_at,
        )
