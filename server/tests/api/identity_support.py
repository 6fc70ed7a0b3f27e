"""The identity tests' OpenID provider and browser.

`oidc_provider` (once per test process): a real provider, the certified `oidc-provider` package
run by `dev/oidc/provider.mjs` under node, on a free loopback port, with the clients and accounts
below. `make pytest` installs it (`npm ci` in dev/oidc). Without node or the package the fixture
fails, naming what is missing; it never skips.

`browser`: one httpx client with one cookie jar, as a browser has: requests to the app's host go
to the app in-process, everything else (the provider) over the network. `sign_in` clicks
through a whole sign-in: the event's start URL, the provider's own login page (its form parsed
and posted like a person would), its consent page, and back to the callback.

Test modules import the fixtures they use (`from tests.api.identity_support import ...`); the
`settings` fixture here shortens calls to providers to `PROVIDER_TIMEOUT` so the tests of slow
providers do not wait ten seconds.
"""

from __future__ import annotations

import json
import select
import shutil
import socket
import subprocess
import threading
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlencode, urljoin, urlsplit, urlunsplit

import httpx
import pytest
from sqlalchemy import func
from sqlalchemy import select as sql_select

from tests.apps import app_for
from tests.factories import bearer, grant_admin, make_customer, make_event, make_person, token_for
from venuely.accounts.models import AuthSession, Person
from venuely.admins.models import AdminType
from venuely.core.services import Services
from venuely.events.models import Customer, Event
from venuely.identity.models import PersonIdentity, SsoHandoff
from venuely.settings import Settings

REPO = Path(__file__).resolve().parents[3]
PROVIDER_SCRIPT = REPO / "dev" / "oidc" / "provider.mjs"
APP = "http://venuely.test"
API = f"{APP}/api/v1"
CALLBACK = f"{API}/identity/oidc/callback"
PROVIDER_TIMEOUT = 2.0
# ID tokens live two minutes: a test that moves the server's clock five minutes on meets an
# expired one while its sign-in (ten minutes) is still pending.
ID_TOKEN_TTL = 120

# Each misbehaving client breaks exactly one rule (dev/oidc/provider.mjs says how).
CLIENTS: dict[str, dict[str, Any]] = {
    "venuely": {},
    "venuely-other": {},
    "venuely-aud": {"tamper": "audience"},
    "venuely-iss": {"tamper": "issuer"},
    "venuely-sig": {"tamper": "signature"},
    "venuely-slow": {"delay_ms": int(PROVIDER_TIMEOUT * 2500)},
}
ACCOUNTS: list[dict[str, Any]] = [
    {"login": "ada", "email": "ada@example.com", "given_name": "Ada", "family_name": "Byron"},
    {"login": "linda", "email": "Linda@Example.com", "given_name": "Linda", "family_name": "Li"},
    {"login": "mallory", "email": "mallory@example.com", "email_verified": False},
    {"login": "boss", "email": "boss@example.com", "given_name": "Bo", "family_name": "Ss"},
]


def secret_of(client_id: str) -> str:
    return f"{client_id}-secret-0123456789"


@dataclass(frozen=True)
class OidcProvider:
    issuer: str
    process: subprocess.Popen[str]

    def stop(self) -> None:
        """Down, as a provider can be."""
        self.process.terminate()
        self.process.wait(timeout=10)


def provider_config(**changes: Any) -> dict[str, Any]:
    """The test provider's clients and accounts; `changes` replace top-level entries."""
    return {
        "port": 0,
        "id_token_ttl": ID_TOKEN_TTL,
        "clients": [
            {
                "client_id": name,
                "client_secret": secret_of(name),
                "redirect_uris": [CALLBACK],
                **extra,
            }
            for name, extra in CLIENTS.items()
        ],
        "accounts": ACCOUNTS,
        **changes,
    }


@contextmanager
def running_provider(config: dict[str, Any]) -> Iterator[OidcProvider]:
    """`dev/oidc/provider.mjs` with `config`, until the block ends."""
    node = shutil.which("node")
    assert node is not None, "node is needed for the identity tests (apt-get install nodejs)"
    assert (PROVIDER_SCRIPT.parent / "node_modules" / "oidc-provider").is_dir(), (
        "the test provider is not installed: run `make dev/oidc/node_modules/.stamp`"
    )
    process = subprocess.Popen(
        [node, str(PROVIDER_SCRIPT), json.dumps(config)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        ready, _, _ = select.select([process.stdout], [], [], 30)
        line = process.stdout.readline() if ready else ""
        if not line:
            process.kill()
            _, errors = process.communicate(timeout=5)
            raise AssertionError(f"the test OpenID provider did not start: {errors[-2000:]}")
        yield OidcProvider(issuer=json.loads(line)["issuer"], process=process)
    finally:
        if process.poll() is None:
            process.terminate()
            process.wait(timeout=10)
        for stream in (process.stdout, process.stderr):
            if stream is not None:
                stream.close()


@pytest.fixture(scope="session")
def oidc_provider() -> Iterator[OidcProvider]:
    with running_provider(provider_config()) as provider:
        yield provider


@pytest.fixture
def settings(settings: Settings) -> Settings:
    return settings.model_copy(update={"oidc_timeout_seconds": PROVIDER_TIMEOUT})


def new_browser(services: Services) -> httpx.AsyncClient:
    """A browser with a cookie jar of its own: the app in-process, the rest over the network."""
    return httpx.AsyncClient(
        mounts={APP: httpx.ASGITransport(app=app_for(services))},
        follow_redirects=False,
        trust_env=False,
        timeout=10,
    )


@pytest.fixture
async def browser(services: Services) -> AsyncIterator[httpx.AsyncClient]:
    async with new_browser(services) as client:
        yield client


# --- the provider's own pages ---------------------------------------------------------------------


class _Forms(HTMLParser):
    """The forms of a page: action, method and the named inputs with their values."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict[str, Any]] = []
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "a" and values.get("href"):
            self.links.append(values["href"] or "")
        if tag == "form":
            self.forms.append({"action": values.get("action") or "", "fields": {}})
        elif tag == "input" and self.forms and values.get("name"):
            self.forms[-1]["fields"][values["name"]] = values.get("value") or ""


def _form(page: httpx.Response) -> tuple[str, dict[str, str]]:
    parser = _Forms()
    parser.feed(page.text)
    assert parser.forms, f"no form on the provider's page: {page.text[:500]}"
    form = parser.forms[0]
    return urljoin(str(page.url), form["action"]), dict(form["fields"])


async def at_provider(browser: httpx.AsyncClient, url: str, login: str) -> str:
    """Follow the provider from its authorization URL, fill in its login form with `login` (any
    password) and confirm its consent form, until it sends the browser back to the callback;
    the callback URL it sends."""
    response = await browser.get(url)
    for _ in range(12):
        if response.is_redirect:
            location = urljoin(str(response.url), response.headers["location"])
            if location.startswith(CALLBACK):
                return location
            response = await browser.get(location)
            continue
        assert response.status_code == 200, f"the provider answered {response.text[:500]}"
        action, fields = _form(response)
        if fields.get("prompt") == "login":
            fields.update(login=login, password="whatever-the-provider-accepts")
        response = await browser.post(action, data=fields)
    raise AssertionError("the provider never sent the browser back")


async def cancel_at_provider(browser: httpx.AsyncClient, url: str) -> str:
    """Open the provider's login page and click its Cancel link; the callback URL it sends."""
    page = await browser.get(url)
    while page.is_redirect:
        page = await browser.get(urljoin(str(page.url), page.headers["location"]))
    parser = _Forms()
    parser.feed(page.text)
    [abort] = [link for link in parser.links if link.endswith("/abort")]
    response = await browser.get(urljoin(str(page.url), abort))
    while response.is_redirect:
        location = urljoin(str(response.url), response.headers["location"])
        if location.startswith(CALLBACK):
            return location
        response = await browser.get(location)
    raise AssertionError(f"cancelling did not lead back: {response.text[:300]}")


def leave_provider(browser: httpx.AsyncClient) -> None:
    """Forget the provider's session (its cookies), so the next sign-in asks who signs in."""
    for cookie in list(browser.cookies.jar):
        if cookie.domain != "venuely.test":
            browser.cookies.jar.clear(cookie.domain, cookie.path, cookie.name)


def with_query(url: str, **changes: str) -> str:
    """`url` with query parameters replaced (an attacker editing a link)."""
    parts = urlsplit(url)
    query = {k: v[0] for k, v in parse_qs(parts.query).items()}
    query.update(changes)
    return urlunsplit(parts._replace(query=urlencode(query)))


async def start(
    browser: httpx.AsyncClient, provider_id: str, event: Event, *, next_path: str = "/"
) -> httpx.Response:
    return await browser.get(
        f"{API}/identity/oidc/{provider_id}/start",
        params={"EventID": event.id, "Next": next_path},
    )


async def sign_in(
    browser: httpx.AsyncClient,
    provider_id: str,
    event: Event,
    login: str,
    *,
    next_path: str = "/",
) -> httpx.Response:
    """A whole sign-in up to the callback's answer."""
    started = await start(browser, provider_id, event, next_path=next_path)
    assert started.status_code == 302, started.text
    return await browser.get(await at_provider(browser, started.headers["location"], login))


async def complete(browser: httpx.AsyncClient, event_id: str) -> httpx.Response:
    return await browser.post(f"{API}/identity/sso/complete", json={"EventID": event_id})


def refused_with(response: httpx.Response, event: Event, code: str) -> None:
    """The answer sends the browser to the event's login page with `code`, and sets no
    hand-off cookie."""
    assert response.status_code == 302, response.text
    location = urlsplit(response.headers["location"])
    assert location.path == f"/{event.internal_name}/login", response.headers["location"]
    assert parse_qs(location.query) == {"sso_error": [code]}
    assert "venuely_sso=" not in response.headers.get("set-cookie", "")


# --- the world ------------------------------------------------------------------------------------


@dataclass
class IdentityWorld:
    customer: Customer
    event: Event
    # The customer's admin, who configured the provider (their token is a login session).
    organizer: Person
    admin_h: dict[str, str]
    provider: dict[str, Any]


async def add_provider(
    client: httpx.AsyncClient,
    headers: dict[str, str],
    customer_id: str,
    issuer: str,
    client_id: str = "venuely",
    **fields: Any,
) -> dict[str, Any]:
    body = {
        "Issuer": issuer,
        "ClientID": client_id,
        "ClientSecret": secret_of(client_id),
        "Label": "Company login",
        **fields,
    }
    created = await client.post(
        f"{API}/customers/{customer_id}/sign-in-providers", headers=headers, json=body
    )
    assert created.status_code == 201, created.text
    result: dict[str, Any] = created.json()
    return result


async def identity_world(
    services: Services,
    browser: httpx.AsyncClient,
    oidc_provider: OidcProvider,
    *,
    client_id: str = "venuely",
    whitelist: list[str] | None = None,
) -> IdentityWorld:
    customer = await make_customer(services, "Identity Corp")
    event = await make_event(services, customer, whitelist=whitelist)
    admin = await make_person(services, "organizer@example.com")
    await grant_admin(services, admin, AdminType.CUSTOMER, customer_id=customer.id)
    admin_h = bearer(await token_for(services, admin))
    provider = await add_provider(browser, admin_h, customer.id, oidc_provider.issuer, client_id)
    return IdentityWorld(customer, event, admin, admin_h, provider)


async def persons_with(services: Services, email: str) -> list[Person]:
    async with services.db.session() as session:
        rows = await session.scalars(sql_select(Person).where(Person.login_email == email.lower()))
        return list(rows.all())


async def count(services: Services, model: Any) -> int:
    async with services.db.session() as session:
        return int(await session.scalar(sql_select(func.count()).select_from(model)) or 0)


async def logins(services: Services, world: IdentityWorld) -> int:
    """Login sessions, but the organizer's."""
    async with services.db.session() as session:
        found = await session.scalar(
            sql_select(func.count())
            .select_from(AuthSession)
            .where(AuthSession.person_id != world.organizer.id)
        )
    return int(found or 0)


async def nothing_signed_in(services: Services, world: IdentityWorld) -> None:
    """No login session (but the organizer's), no hand-off and no linked identity exist."""
    assert await logins(services, world) == 0
    assert await count(services, SsoHandoff) == 0
    assert await count(services, PersonIdentity) == 0


# --- providers that are down or slow --------------------------------------------------------------


def closed_port() -> int:
    """A loopback port nothing listens on (bound, then released)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class SilentServer:
    """Accepts connections and never answers: a provider that hangs."""

    def __init__(self) -> None:
        self.listener = socket.socket()
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(16)
        self.port = int(self.listener.getsockname()[1])
        self.held: list[socket.socket] = []
        self.thread = threading.Thread(target=self._accept, daemon=True)

    def _accept(self) -> None:
        while True:
            try:
                connection, _ = self.listener.accept()
            except OSError:
                return
            self.held.append(connection)

    def __enter__(self) -> SilentServer:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.listener.close()
        for connection in self.held:
            connection.close()

    @property
    def issuer(self) -> str:
        return f"http://127.0.0.1:{self.port}"
