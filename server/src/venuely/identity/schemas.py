"""Wire shapes of the identity API (PascalCase). A provider's client secret is write-only: it is
accepted in bodies and never sent back (`HasClientSecret` says whether one is stored)."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints

from venuely.core.ids import Id
from venuely.identity.models import SignInProvider

GOOGLE_ISSUER = "https://accounts.google.com"
GOOGLE_LABEL = "Google"
DEFAULT_SCOPES = "openid email profile"
MAX_EVENT_IDS = 1000
# RFC 6749 §3.3: a scope token is printable ASCII without space, `"` and `\`.
_SCOPE_TOKEN = re.compile(r"^[\x21\x23-\x5b\x5d-\x7e]+$")


def _scopes(value: str) -> str:
    tokens = list(dict.fromkeys(value.split()))
    if not all(_SCOPE_TOKEN.match(token) for token in tokens):
        raise ValueError("scopes are space-separated tokens of printable characters")
    if "openid" not in tokens:
        raise ValueError("the scopes must include openid")
    return " ".join(tokens)


KindText = Literal["google", "oidc"]
LabelText = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=100)]
IssuerUrl = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=500)]
ClientIdText = Annotated[
    str, StringConstraints(strip_whitespace=True, min_length=1, max_length=500)
]
ClientSecretText = Annotated[str, StringConstraints(min_length=1, max_length=2000)]
ScopesText = Annotated[
    str, StringConstraints(strip_whitespace=True, max_length=500), AfterValidator(_scopes)
]
EventIdList = Annotated[list[Id], Field(max_length=MAX_EVENT_IDS)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ProviderCreate(_Strict):
    """`Kind` "google" presets `Issuer` (Google's) and `Label` ("Google"); "oidc" needs an
    `Issuer`, and its `Label` defaults to the issuer's host."""

    Kind: KindText = "oidc"
    Label: LabelText | None = None
    Issuer: IssuerUrl | None = None
    ClientID: ClientIdText
    ClientSecret: ClientSecretText | None = None
    Scopes: ScopesText = DEFAULT_SCOPES
    EventIDs: EventIdList = Field(default_factory=list)
    IsEnabled: bool = True


class ProviderUpdate(_Strict):
    """Changed fields only; `ClientSecret` replaces the stored one. The provider as read may be
    sent back: its read-only fields are accepted and ignored."""

    Kind: KindText | None = None
    Label: LabelText | None = None
    Issuer: IssuerUrl | None = None
    ClientID: ClientIdText | None = None
    ClientSecret: ClientSecretText | None = None
    Scopes: ScopesText | None = None
    EventIDs: EventIdList | None = None
    IsEnabled: bool | None = None
    ID: str | None = Field(default=None, max_length=24)
    CustomerID: str | None = Field(default=None, max_length=24)
    HasClientSecret: bool | None = None
    CreatedAt: datetime | None = None


class ProviderOut(BaseModel):
    ID: str
    CustomerID: str
    Kind: str
    Label: str
    Issuer: str
    ClientID: str
    HasClientSecret: bool
    Scopes: str
    EventIDs: list[str]
    IsEnabled: bool
    CreatedAt: datetime

    @classmethod
    def of(cls, provider: SignInProvider) -> ProviderOut:
        return cls(
            ID=provider.id,
            CustomerID=provider.customer_id,
            Kind=provider.kind,
            Label=provider.label,
            Issuer=provider.issuer,
            ClientID=provider.client_id,
            HasClientSecret=bool(provider.client_secret_enc),
            Scopes=provider.scopes,
            EventIDs=list(provider.event_ids),
            IsEnabled=provider.is_enabled,
            CreatedAt=provider.created_at,
        )


class PublicProviderOut(BaseModel):
    """A sign-in button of an event's login page."""

    ID: str
    Kind: str
    Label: str


class SsoCompleteRequest(_Strict):
    EventID: Id


class SsoSecretOut(BaseModel):
    """The new portal hand-off secret: shown this once, stored encrypted."""

    Secret: str


class SsoSecretStatus(BaseModel):
    HasSecret: bool
    CreatedAt: datetime | None
