"""The identity part of the authorization matrix: its world objects (`authz_world.py` calls
`identity_objects`) and its rows (`authz_rows.py` adds `identity_rows()` as the group
`identity`).

Keys: PROVIDER (a sign-in provider of customer A), PROVIDER_B (one of customer B). Their issuers
are never fetched: the rows that start a sign-in use a provider the event does not offer, which
is refused before any provider is asked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import httpx

if TYPE_CHECKING:
    from tests.api.authz_rows import Row


async def identity_objects(
    client: httpx.AsyncClient, h: dict[str, str], ids: dict[str, str]
) -> None:
    for key, customer in (("PROVIDER", ids["C"]), ("PROVIDER_B", ids["CB"])):
        created = await client.post(
            f"/customers/{customer}/sign-in-providers",
            headers=h,
            json={
                "Issuer": "https://login.example.com",
                "ClientID": f"venuely-{key.lower()}",
                "ClientSecret": "matrix-client-secret",
            },
        )
        assert created.status_code == 201, created.text
        ids[key] = created.json()["ID"]


def identity_rows() -> list[Row]:
    # Imported here: authz_rows imports this module to add the group.
    from tests.api.authz_rows import Row, customer_admin, public

    providers = "/customers/{C}/sign-in-providers"
    # Customer B's provider through customer A's path: A's admins find nothing there.
    foreign = (401, 403, 403, 403, 404, 403, 404)
    return [
        Row("GET", providers, customer_admin()),
        Row("POST", providers, customer_admin(422), lambda w: {"ClientID": "no-issuer"}),
        Row("PUT", providers + "/{PROVIDER}", customer_admin(), lambda w: {"Label": "Renamed"}),
        Row("PUT", providers + "/{PROVIDER_B}", foreign, lambda w: {"Label": "Renamed"}),
        Row("DELETE", providers + "/{PROVIDER_B}", foreign),
        Row("DELETE", providers + "/{PROVIDER}", customer_admin(204), destructive=True),
        Row("GET", "/customers/{C}/sso-secret", customer_admin()),
        Row("POST", "/customers/{C}/sso-secret", customer_admin(201)),
        Row("DELETE", "/customers/{C}/sso-secret", customer_admin(204)),
        # The sign-in steps are public: every caller gets the same answer.
        Row("GET", "/events/{A}/sign-in-providers", public()),
        Row("GET", "/identity/oidc/{PROVIDER_B}/start?EventID={A}", public(302)),
        Row("GET", "/identity/oidc/callback?code=c&state=never-issued", public(400)),
        Row("POST", "/identity/sso/complete", public(401), lambda w: {"EventID": w.ids["A"]}),
        Row("GET", "/identity/sso/handoff?token=not-a-jwt", public(401)),
    ]
