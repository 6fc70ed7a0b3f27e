"""Who may see and change a pano: admins of the pano's customer holding the `content` role
(admins/roles.py: tours are the venue, the organizers' content), and master admins.

Routes reach these through the `AnyAdmin` policy (attendees are refused with 403 there); a pano
of a customer the admin does not administer is reported as not found, so ids of other customers'
panos cannot be probed.
"""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.permissions import Principal, role_required
from venuely.admins.roles import Role
from venuely.core.errors import ApiError, ErrorCode
from venuely.panoramas.models import Pano


def pano_not_found(pano_id: str) -> ApiError:
    return ApiError(ErrorCode.NOT_FOUND, f"Pano {pano_id} not found", {"PanoID": pano_id})


async def access_pano(session: AsyncSession, principal: Principal, pano_id: str) -> Pano:
    pano = await session.get(Pano, pano_id)
    if pano is None or not principal.admins_customer(pano.customer_id):
        raise pano_not_found(pano_id)
    if not principal.has_customer_role(pano.customer_id, Role.CONTENT):
        raise role_required(Role.CONTENT, "customer", {"CustomerID": pano.customer_id})
    return pano
