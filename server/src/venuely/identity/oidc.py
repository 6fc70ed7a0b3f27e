"""The OpenID Connect sign-in: authorization code with PKCE (S256), `state` and `nonce`.

`begin` sends the browser to the provider with a fresh state, nonce and code verifier, kept in
an `OidcLogin` row; the state is also set in a cookie of this browser, so a callback carrying
someone else's state (login CSRF: an attacker's sign-in completed in a victim's browser) is
refused. `finish` takes the callback: it uses the state up (single use, atomically, within
`LOGIN_LIFETIME`), exchanges the code with the verifier, checks the ID token (`verify.py`) and
hands the result to `signin.py`. Authlib builds the authorization URL and makes the token request.
"""

from __future__ import annotations

import logging
import secrets
import warnings
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import anyio
import httpx
from authlib.common.errors import AuthlibBaseError  # type: ignore[import-untyped]
from authlib.deprecate import AuthlibDeprecationWarning  # type: ignore[import-untyped]
from sqlalchemy import delete, update
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.models import Person
from venuely.core.errors import ErrorCode
from venuely.core.security import digests_equal, random_token
from venuely.core.services import Services
from venuely.events.models import Event
from venuely.identity import secrets as secretbox
from venuely.identity.discovery import (
    PROVIDER_CACHE,
    Discovery,
    ProviderUnavailable,
    get_json,
)
from venuely.identity.discovery import client_options as http_options
from venuely.identity.models import OidcLogin, SignInProvider
from venuely.identity.signin import TRUSTED_ISSUERS, SignInRefused, assertion_of, sign_in
from venuely.identity.verify import Expected, TokenRefused, token_header, verify_id_token
from venuely.settings import Settings

with warnings.catch_warnings():
    # Authlib announces that its httpx integration will move to the `httpx2` package; httpx is
    # what this project pins, and the integration works with it unchanged.
    warnings.simplefilter("ignore", AuthlibDeprecationWarning)
    from authlib.integrations.httpx_client import (  # type: ignore[import-untyped]
        AsyncOAuth2Client,
    )

log = logging.getLogger("venuely.identity")

LOGIN_LIFETIME = timedelta(minutes=10)
CALLBACK_PATH = "/api/v1/identity/oidc/callback"
MAX_SUBJECT = 255


def callback_url(settings: Settings) -> str:
    """The redirect URI to register with every provider (one for all providers and events)."""
    return settings.public_url + CALLBACK_PATH


def _refused_provider(reason: str) -> SignInRefused:
    log.warning("sign-in provider failed: %s", reason)
    return SignInRefused(
        ErrorCode.SSO_PROVIDER_FAILED,
        "The sign-in provider could not be reached or refused the sign-in; try again later",
    )


def _client(settings: Settings, provider: SignInProvider, discovery: Discovery) -> Any:
    secret = ""
    if provider.client_secret_enc:
        try:
            secret = secretbox.decrypt(settings.secret_key, provider.client_secret_enc)
        except secretbox.SecretUnreadable:
            raise _refused_provider(
                f"provider {provider.id}: its client secret was encrypted under another secret "
                "key; enter it again"
            ) from None
    method = "none"
    if secret:
        offered = discovery.token_auth_methods
        basic = not offered or "client_secret_basic" in offered
        method = "client_secret_basic" if basic else "client_secret_post"
    return AsyncOAuth2Client(
        client_id=provider.client_id,
        client_secret=secret or None,
        token_endpoint_auth_method=method,
        scope=provider.scopes,
        redirect_uri=callback_url(settings),
        code_challenge_method="S256",
        **http_options(settings),
    )


async def begin(
    session: AsyncSession,
    services: Services,
    provider: SignInProvider,
    event: Event,
    next_path: str,
    *,
    test: bool,
) -> tuple[str, str]:
    """The provider's authorization URL and the state, after storing the pending login."""
    settings, now = services.settings, services.clock.now()
    try:
        discovery = await PROVIDER_CACHE.get_discovery(settings, services.clock, provider.issuer)
    except ProviderUnavailable as exc:
        raise _refused_provider(f"provider {provider.id}: {exc}") from None
    state, nonce = random_token(), random_token()
    verifier = secrets.token_urlsafe(64)  # 86 characters; RFC 7636 asks for 43 to 128
    async with _client(settings, provider, discovery) as client:
        url, _ = client.create_authorization_url(
            discovery.authorization_endpoint, state=state, code_verifier=verifier, nonce=nonce
        )
    # Pending logins nobody came back for are removed as new ones start.
    await session.execute(delete(OidcLogin).where(OidcLogin.created_at < now - LOGIN_LIFETIME))
    session.add(
        OidcLogin(
            id=state,
            provider_id=provider.id,
            event_id=event.id,
            nonce=nonce,
            code_verifier=verifier,
            next_path=next_path,
            is_test=test,
            created_at=now,
        )
    )
    await session.flush()
    return str(url), state


async def use_state(
    session: AsyncSession, services: Services, state: str, cookie_state: str | None
) -> OidcLogin:
    """Use up the pending login `state` names; SignInRefused when it is unknown, used, late, or
    was not started in this browser. The row is used up either way, atomically: of two
    callbacks with one state, one at most gets past this."""
    now = services.clock.now()
    used = await session.execute(
        update(OidcLogin)
        .where(
            OidcLogin.id == state,
            OidcLogin.used_at.is_(None),
            OidcLogin.created_at > now - LOGIN_LIFETIME,
        )
        .values(used_at=now)
    )
    login = await session.get(OidcLogin, state)
    if login is None or not getattr(used, "rowcount", 0):
        raise SignInRefused(
            ErrorCode.SSO_STATE_INVALID,
            "This sign-in link is used, late or unknown; start the sign-in again",
        )
    if cookie_state is None or not digests_equal(cookie_state, state):
        raise SignInRefused(
            ErrorCode.SSO_STATE_INVALID,
            "This sign-in was started in another browser; start it again here",
        )
    return login


@dataclass(frozen=True, slots=True)
class Callback:
    code: str | None
    error: str | None
    issuer: str | None


async def finish(
    session: AsyncSession,
    services: Services,
    login: OidcLogin,
    provider: SignInProvider,
    event: Event,
    callback: Callback,
) -> Person:
    """Exchange the code, check the ID token and sign the person in; SignInRefused otherwise.
    Nothing is written before the provider's answer has passed every check."""
    if callback.error is not None or not callback.code:
        raise _refused_provider(f"provider {provider.id} answered {callback.error or 'no code'}")
    # RFC 9207: a provider that names itself must be the one this sign-in went to.
    if callback.issuer is not None and callback.issuer != provider.issuer:
        raise SignInRefused(
            ErrorCode.SSO_STATE_INVALID, "The answer came from another sign-in provider"
        )
    settings = services.settings
    try:
        discovery = await PROVIDER_CACHE.get_discovery(settings, services.clock, provider.issuer)
        tokens = await _exchange(settings, provider, discovery, login, callback.code)
        id_token = tokens["id_token"]
        keys = await PROVIDER_CACHE.get_keys(
            settings, services.clock, discovery, wanted_kid=_kid(id_token)
        )
    except ProviderUnavailable as exc:
        raise _refused_provider(f"provider {provider.id}: {exc}") from None
    expected = Expected(
        issuer=provider.issuer,
        client_id=provider.client_id,
        nonce=login.nonce,
        now=services.clock.now(),
        issued_after=login.created_at,
    )
    try:
        claims = verify_id_token(id_token, keys, expected)
    except TokenRefused as exc:
        log.warning("ID token of provider %s refused: %s", provider.id, exc)
        raise SignInRefused(
            ErrorCode.SSO_TOKEN_INVALID, "The sign-in provider's answer did not pass our checks"
        ) from None
    if "email" not in claims:
        claims = await _with_userinfo(settings, provider, discovery, claims, tokens)
    assertion = assertion_of(claims)
    if len(assertion.subject) > MAX_SUBJECT:
        raise SignInRefused(ErrorCode.SSO_TOKEN_INVALID, "The provider's account id is too long")
    return await sign_in(
        session,
        services,
        event,
        assertion,
        provider_id=provider.id,
        trusted=provider.issuer in TRUSTED_ISSUERS,
        organizers_only=login.is_test and not provider.is_enabled,
    )


# What the UserInfo endpoint may add to an ID token that lacks it.
_PROFILE_CLAIMS = ("email", "email_verified", "given_name", "family_name", "name")


async def _with_userinfo(
    settings: Settings,
    provider: SignInProvider,
    discovery: Discovery,
    claims: dict[str, Any],
    tokens: dict[str, Any],
) -> dict[str, Any]:
    """The ID token's claims completed from the UserInfo endpoint: providers may return the
    claims of the `email` and `profile` scopes there only (OpenID Connect Core §5.4). Its `sub`
    must be the ID token's (§5.3.4), else its answer could be anyone's."""
    access_token = tokens.get("access_token")
    if discovery.userinfo_endpoint is None or not isinstance(access_token, str):
        return claims
    try:
        info = await get_json(settings, discovery.userinfo_endpoint, access_token=access_token)
    except ProviderUnavailable as exc:
        raise _refused_provider(f"provider {provider.id}: {exc}") from None
    if info.get("sub") != claims["sub"]:
        log.warning("UserInfo of provider %s names another subject", provider.id)
        raise SignInRefused(
            ErrorCode.SSO_TOKEN_INVALID, "The sign-in provider's answer did not pass our checks"
        )
    return {**{k: info[k] for k in _PROFILE_CLAIMS if k in info}, **claims}


def _kid(token: str) -> str | None:
    try:
        kid = token_header(token).get("kid")
    except TokenRefused:
        return None  # verify_id_token says why
    return kid if isinstance(kid, str) else None


async def _exchange(
    settings: Settings,
    provider: SignInProvider,
    discovery: Discovery,
    login: OidcLogin,
    code: str,
) -> dict[str, Any]:
    """The token answer for `code`, fetched with the PKCE verifier; ProviderUnavailable unless
    it holds an ID token."""
    limit = settings.oidc_timeout_seconds
    try:
        with anyio.fail_after(limit):
            async with _client(settings, provider, discovery) as client:
                token = await client.fetch_token(
                    discovery.token_endpoint,
                    grant_type="authorization_code",
                    code=code,
                    code_verifier=login.code_verifier,
                )
    except TimeoutError:
        raise ProviderUnavailable(f"no token answer within {limit:g} s") from None
    except AuthlibBaseError as exc:
        raise ProviderUnavailable(f"the token request was refused: {exc}") from None
    except (httpx.HTTPError, ValueError) as exc:
        raise ProviderUnavailable(f"the token request failed: {exc.__class__.__name__}") from None
    if not isinstance(token.get("id_token"), str):
        raise ProviderUnavailable("the token answer holds no ID token (is `openid` a scope?)")
    return dict(token)
