"""Sign-in providers of a customer: list, create, change, remove.

The client secret is encrypted before it is stored (`secrets.py`) and never sent back. An issuer
must be an https URL (plain http only for loopback in dev and test: discovery.py says why); it is
not fetched here, so a typo shows at the first (test) sign-in, as SSO_PROVIDER_FAILED.

Changing a provider's issuer or client id removes the identities linked through it: a `sub` is
only unique per issuer (and, for pairwise subjects, per client), so an old link could hand a
person's account to whoever has the same `sub` at the new one. Those people are linked again by
their verified address at their next sign-in.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.core.errors import ApiError, ErrorCode
from venuely.core.ids import new_id
from venuely.core.services import Services
from venuely.events.models import Customer, Event
from venuely.identity import secrets as secretbox
from venuely.identity.discovery import PROVIDER_CACHE, address_problem
from venuely.identity.models import PersonIdentity, ProviderKind, SignInProvider
from venuely.identity.schemas import (
    GOOGLE_ISSUER,
    GOOGLE_LABEL,
    ProviderCreate,
    ProviderOut,
    ProviderUpdate,
)
from venuely.settings import Settings

MAX_PROVIDERS_PER_CUSTOMER = 50


def _invalid(field: str, message: str) -> ApiError:
    return ApiError(
        ErrorCode.VALIDATION_ERROR,
        f"Invalid {field}: {message}",
        {"Problems": [{"In": "body", "Name": field, "Message": message}]},
    )


def _issuer(settings: Settings, kind: str, issuer: str | None) -> str:
    if kind == ProviderKind.GOOGLE:
        if issuer is not None and issuer != GOOGLE_ISSUER:
            raise _invalid("Issuer", f"a Google provider's issuer is {GOOGLE_ISSUER}")
        return GOOGLE_ISSUER
    if issuer is None:
        raise _invalid("Issuer", "an OpenID provider needs its issuer URL")
    problem = address_problem(issuer, settings)
    if problem is None and urlsplit(issuer).query:
        problem = "must not have a query"
    if problem is not None:
        raise _invalid("Issuer", problem)
    return issuer


def _label(kind: str, label: str | None, issuer: str) -> str:
    if label is not None:
        return label
    if kind == ProviderKind.GOOGLE:
        return GOOGLE_LABEL
    return (urlsplit(issuer).hostname or issuer)[:100]


async def _event_ids(session: AsyncSession, customer: Customer, event_ids: list[str]) -> list[str]:
    wanted = list(dict.fromkeys(event_ids))
    if not wanted:
        return []
    found = set(
        (
            await session.scalars(
                select(Event.id).where(Event.id.in_(wanted), Event.customer_id == customer.id)
            )
        ).all()
    )
    foreign = [event_id for event_id in wanted if event_id not in found]
    if foreign:
        raise _invalid("EventIDs", f"not events of this customer: {', '.join(foreign[:5])}")
    return wanted


async def list_providers(session: AsyncSession, customer: Customer) -> list[ProviderOut]:
    rows = await session.scalars(
        select(SignInProvider)
        .where(SignInProvider.customer_id == customer.id)
        .order_by(SignInProvider.created_at, SignInProvider.id)
    )
    return [ProviderOut.of(row) for row in rows.all()]


async def create_provider(
    session: AsyncSession, services: Services, customer: Customer, body: ProviderCreate
) -> SignInProvider:
    settings, now = services.settings, services.clock.now()
    issuer = _issuer(settings, body.Kind, body.Issuer)
    event_ids = await _event_ids(session, customer, body.EventIDs)
    count = len(
        (
            await session.scalars(
                select(SignInProvider.id).where(SignInProvider.customer_id == customer.id)
            )
        ).all()
    )
    if count >= MAX_PROVIDERS_PER_CUSTOMER:
        raise ApiError(
            ErrorCode.CONFLICT,
            f"A customer may have at most {MAX_PROVIDERS_PER_CUSTOMER} sign-in providers",
        )
    provider = SignInProvider(
        id=new_id(),
        customer_id=customer.id,
        kind=body.Kind,
        label=_label(body.Kind, body.Label, issuer),
        issuer=issuer,
        client_id=body.ClientID,
        client_secret_enc=_encrypted(settings, body.ClientSecret),
        scopes=body.Scopes,
        event_ids=event_ids,
        is_enabled=body.IsEnabled,
        created_at=now,
        updated_at=now,
    )
    session.add(provider)
    await session.flush()
    return provider


def _encrypted(settings: Settings, secret: str | None) -> str:
    return secretbox.encrypt(settings.secret_key, secret) if secret else ""


async def update_provider(
    session: AsyncSession,
    services: Services,
    customer: Customer,
    provider: SignInProvider,
    body: ProviderUpdate,
) -> SignInProvider:
    settings = services.settings
    changes: dict[str, Any] = {}
    kind = body.Kind or provider.kind
    if body.Kind is not None or body.Issuer is not None:
        issuer = body.Issuer if body.Issuer is not None else provider.issuer
        if body.Kind == "google" and body.Issuer is None:
            issuer = GOOGLE_ISSUER
        changes["issuer"] = _issuer(settings, kind, issuer)
        changes["kind"] = kind
    if body.ClientID is not None:
        changes["client_id"] = body.ClientID
    if body.ClientSecret is not None:
        changes["client_secret_enc"] = _encrypted(settings, body.ClientSecret)
    if body.Label is not None:
        changes["label"] = body.Label
    if body.Scopes is not None:
        changes["scopes"] = body.Scopes
    if body.EventIDs is not None:
        changes["event_ids"] = await _event_ids(session, customer, body.EventIDs)
    if body.IsEnabled is not None:
        changes["is_enabled"] = body.IsEnabled
    relinks = (
        changes.get("issuer", provider.issuer) != provider.issuer
        or changes.get("client_id", provider.client_id) != provider.client_id
    )
    if relinks:
        await session.execute(
            delete(PersonIdentity).where(PersonIdentity.provider_id == provider.id)
        )
        PROVIDER_CACHE.forget(provider.issuer)
    for attribute, value in changes.items():
        setattr(provider, attribute, value)
    provider.updated_at = services.clock.now()
    await session.flush()
    return provider


async def delete_provider(session: AsyncSession, provider: SignInProvider) -> None:
    # Linked identities and pending sign-ins go with it (ON DELETE CASCADE).
    await session.delete(provider)
    await session.flush()
