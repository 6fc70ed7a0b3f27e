"""The error envelope and cross-cutting HTTP behaviour."""

from __future__ import annotations

import httpx


async def test_backendversion_is_public(client: httpx.AsyncClient) -> None:
    response = await client.get("/backendversion")
    assert response.status_code == 200
    assert response.json()["Version"]


async def test_unknown_route_answers_in_the_envelope(client: httpx.AsyncClient) -> None:
    response = await client.get("/no-such-thing")
    assert response.status_code == 404
    assert response.json()["Error"]["Code"] == "ROUTE_NOT_FOUND"


async def test_oversized_body_is_refused(client: httpx.AsyncClient) -> None:
    response = await client.post("/login", content=b"{" + b" " * (2 * 1024 * 1024) + b"}")
    assert response.status_code == 413
    assert response.json()["Error"]["Code"] == "BODY_TOO_LARGE"


async def test_public_calls_ignore_a_stale_token(client: httpx.AsyncClient) -> None:
    response = await client.get("/backendversion", headers={"Authorization": "Bearer not.a.jwt"})
    assert response.status_code == 200


async def test_garbage_bearer_token_is_401_where_identity_matters(
    client: httpx.AsyncClient,
) -> None:
    response = await client.post("/logout", headers={"Authorization": "Bearer not.a.jwt"})
    assert response.status_code == 401
    assert response.json()["Error"]["Code"] == "TOKEN_INVALID"


async def test_malformed_json_is_422(client: httpx.AsyncClient) -> None:
    response = await client.post(
        "/login?EventID=" + "0" * 24,
        content=b"{not json",
        headers={"content-type": "application/json"},
    )
    assert response.status_code == 422
    assert response.json()["Error"]["Code"] == "VALIDATION_ERROR"
