"""`venuely sign-in-provider`: register (or refresh) a customer's sign-in provider from the
command line. `make dev` uses it for its local provider; pointing the demo at Google is

    venuely sign-in-provider --kind google --client-id <id> --client-secret <secret>

Without `--customer` the demo customer is meant. Running it again for the same customer, issuer
and client id updates that provider instead of adding another.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

from pydantic import ValidationError
from sqlalchemy import or_, select

from venuely.core.errors import ApiError
from venuely.core.services import build_services
from venuely.demo.content import DEMO_CUSTOMER_NAME
from venuely.events.models import Customer
from venuely.identity import providers
from venuely.identity.models import SignInProvider
from venuely.identity.schemas import GOOGLE_ISSUER, ProviderCreate, ProviderUpdate
from venuely.settings import Settings


@dataclass(frozen=True, slots=True)
class ProviderArgs:
    customer: str | None
    kind: str
    issuer: str | None
    client_id: str
    client_secret: str | None
    label: str | None


async def register_provider(settings: Settings, args: ProviderArgs) -> int:
    try:
        create = ProviderCreate.model_validate(
            {
                "Kind": args.kind,
                "Issuer": args.issuer,
                "ClientID": args.client_id,
                "ClientSecret": args.client_secret,
                "Label": args.label,
            }
        )
    except ValidationError as exc:
        sys.stderr.write(f"venuely: {exc}\n")
        return 2
    wanted = args.customer or DEMO_CUSTOMER_NAME
    services = build_services(settings)
    try:
        async with services.db.session() as session:
            customer = await session.scalar(
                select(Customer).where(or_(Customer.id == wanted, Customer.name == wanted))
            )
            if customer is None:
                sys.stderr.write(f"venuely: no customer {wanted!r} (run `venuely demo`?)\n")
                return 2
            issuer = GOOGLE_ISSUER if create.Kind == "google" else create.Issuer
            existing = await session.scalar(
                select(SignInProvider).where(
                    SignInProvider.customer_id == customer.id,
                    SignInProvider.issuer == issuer,
                    SignInProvider.client_id == create.ClientID,
                )
            )
            if existing is None:
                provider = await providers.create_provider(session, services, customer, create)
            else:
                change = ProviderUpdate(
                    Label=create.Label, ClientSecret=create.ClientSecret, IsEnabled=True
                )
                provider = await providers.update_provider(
                    session, services, customer, existing, change
                )
            sys.stdout.write(
                f"sign-in provider {provider.label!r} ({provider.issuer}) is offered by every "
                f"event of {customer.name!r}; its redirect URI: "
                f"{settings.public_url}/api/v1/identity/oidc/callback\n"
            )
    except ApiError as exc:
        sys.stderr.write(f"venuely: {exc.message}\n")
        return 2
    finally:
        await services.db.dispose()
    return 0
