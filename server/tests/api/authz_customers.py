"""Customers and event requests in the authorization matrix (group `customers` of
`authz_rows.GROUPS`). The world's customers are C (event A's) and CB (event B's).

Rows that would make something (a customer, an invitation mail, an event) send a body the route
refuses after the policy (422), or name what does not exist (404): the answer proves the call
got past the permission check. Disabling customer C is a master's only; its success would close
event A to the rows after it, so it is destructive.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tests.api.authz_rows import Row

# An event request that was never made.
NO_REQUEST = "f" * 24


def customer_rows() -> list[Row]:
    # Imported here: authz_rows imports this module to add the group.
    from tests.api.authz_rows import Row, customer_admin, master_only

    # Customer B's admins and masters.
    customer_b: tuple[int, int, int, int, int, int, int] = (401, 403, 403, 403, 403, 200, 200)
    requests = f"/event-requests/{NO_REQUEST}"
    return [
        Row("POST", "/customers", master_only(422), lambda w: {}),
        Row("GET", "/customers/{C}", customer_admin()),
        Row("GET", "/customers/{CB}", customer_b),
        # No change at all: allowed callers get the customer back, nothing happens.
        Row("PUT", "/customers/{C}", customer_admin(), lambda w: {}),
        Row("PUT", "/customers/{CB}", customer_b, lambda w: {}),
        Row(
            "PUT",
            "/customers/{C}",
            (401, 403, 403, 403, 403, 403, 200),
            lambda w: {"IsDisabled": True},
            destructive=True,
        ),
        Row(
            "POST",
            "/customers/{C}/invitation",
            master_only(404),
            lambda w: {"AdminEMail": "nobody@example.com"},
        ),
        Row("GET", "/event-requests", master_only()),
        Row("GET", "/event-requests?Status=pending", master_only()),
        Row(
            "POST",
            f"{requests}/approve",
            master_only(404),
            lambda w: {"CustomerID": w.ids["C"], "InternalName": "never-made"},
        ),
        Row("POST", f"{requests}/reject", master_only(404), lambda w: {"Reason": "Spam"}),
    ]
