"""Permission-checked loading of global themes.

Global themes belong to a customer. Its customer admins holding the `content` role (and master
admins) may change them; event admins of that customer's events may see them, to apply one to their
event. Anyone else is told the theme does not exist: a theme id reveals nothing about other
customers.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.permissions import Principal, role_required
from venuely.admins.roles import Role
from venuely.core.errors import ApiError, ErrorCode
from venuely.events.models import Customer, Event
from venuely.themes.models import Theme, ThemeLevel


async def visible_customer_ids(session: AsyncSession, principal: Principal) -> set[str]:
    """Customers whose global themes the caller may see (master admins: see `is_master`)."""
    ids = principal.administered_customer_ids()
    event_ids = principal.administered_event_ids()
    if event_ids:
        rows = await session.scalars(select(Event.customer_id).where(Event.id.in_(event_ids)))
        ids |= set(rows.all())
    return ids


def _not_found(theme_id: str) -> ApiError:
    return ApiError(ErrorCode.THEME_NOT_FOUND, f"Theme {theme_id} not found", {"ThemeID": theme_id})


async def access_global_theme(
    session: AsyncSession, principal: Principal, theme_id: str, *, write: bool
) -> Theme:
    theme = await session.get(Theme, theme_id)
    if theme is None or theme.level != ThemeLevel.GLOBAL.value or theme.customer_id is None:
        raise _not_found(theme_id)
    if principal.admins_customer(theme.customer_id):
        if write and not principal.has_customer_role(theme.customer_id, Role.CONTENT):
            raise role_required(Role.CONTENT, "customer", {"CustomerID": theme.customer_id})
        return theme
    if theme.customer_id not in await visible_customer_ids(session, principal):
        raise _not_found(theme_id)
    if write:
        raise ApiError(
            ErrorCode.FORBIDDEN,
            "Changing a global theme requires customer admin rights",
            {"ThemeID": theme_id},
        )
    return theme


async def check_customer_writable(
    session: AsyncSession, principal: Principal, customer_id: str
) -> None:
    if await session.get(Customer, customer_id) is None:
        raise ApiError(
            ErrorCode.CUSTOMER_NOT_FOUND,
            f"Customer {customer_id} not found",
            {"CustomerID": customer_id},
        )
    if not principal.admins_customer(customer_id):
        raise ApiError(
            ErrorCode.FORBIDDEN, "Customer admin rights required", {"CustomerID": customer_id}
        )
    if not principal.has_customer_role(customer_id, Role.CONTENT):
        raise role_required(Role.CONTENT, "customer", {"CustomerID": customer_id})


async def theme_for_event(session: AsyncSession, theme_id: str, event: Event) -> Theme:
    """A global theme that may be applied to `event`: one of the event's own customer."""
    theme = await session.get(Theme, theme_id)
    if (
        theme is None
        or theme.level != ThemeLevel.GLOBAL.value
        or theme.customer_id != event.customer_id
    ):
        raise _not_found(theme_id)
    return theme
