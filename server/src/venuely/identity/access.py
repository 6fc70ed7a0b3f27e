"""Permission-checked loading of sign-in providers: the only way a route gets one.

Organizers reach a provider through its customer (the route's `CustomerAdmin` policy has
checked the caller); a provider of another customer is answered like one that does not exist.
Sign-ins reach it through an event: it must belong to the event's customer, be enabled, and be
offered for that event.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.core.errors import ApiError, ErrorCode
from venuely.events.models import Customer, Event
from venuely.identity.models import SignInProvider


def provider_not_found(provider_id: str) -> ApiError:
    return ApiError(
        ErrorCode.SIGN_IN_PROVIDER_NOT_FOUND,
        f"Sign-in provider {provider_id} not found",
        {"ProviderID": provider_id},
    )


async def access_provider(
    session: AsyncSession, customer: Customer, provider_id: str
) -> SignInProvider:
    provider = await session.get(SignInProvider, provider_id)
    if provider is None or provider.customer_id != customer.id:
        raise provider_not_found(provider_id)
    return provider


def offered_for(provider: SignInProvider, event: Event) -> bool:
    """Whether the provider is one of the event's sign-in methods (enabled or not)."""
    return provider.customer_id == event.customer_id and (
        not provider.event_ids or event.id in provider.event_ids
    )


async def provider_for_sign_in(
    session: AsyncSession, provider_id: str, event: Event, *, test: bool
) -> SignInProvider:
    """The provider to sign in to `event` with. A disabled one only for a test sign-in, which
    the event's organizers alone can complete (signin.py)."""
    provider = await session.get(SignInProvider, provider_id)
    if provider is None or not offered_for(provider, event):
        raise provider_not_found(provider_id)
    if not provider.is_enabled and not test:
        raise provider_not_found(provider_id)
    return provider


async def enabled_for_event(session: AsyncSession, event: Event) -> list[SignInProvider]:
    rows = await session.scalars(
        select(SignInProvider)
        .where(
            SignInProvider.customer_id == event.customer_id,
            SignInProvider.is_enabled.is_(True),
        )
        .order_by(SignInProvider.created_at, SignInProvider.id)
    )
    return [provider for provider in rows.all() if offered_for(provider, event)]
