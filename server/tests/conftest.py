"""Test harness: a fresh database per test (SQLite always; PostgreSQL too when
`VENUELY_TEST_DATABASE_URL` is set), a real local SMTP server capturing mail, a frozen clock
and an HTTP client speaking to the app in-process."""

from __future__ import annotations

import asyncio
import os
import shutil
import socket
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import asyncpg  # type: ignore[import-untyped]  # no type information published
import httpx
import pytest
from aiosmtpd.controller import Controller
from sqlalchemy import create_engine, make_url, text
from sqlalchemy.ext.asyncio import create_async_engine

from tests.apps import app_for
from venuely.core.clock import FrozenClock
from venuely.core.db import Base
from venuely.core.services import Services, build_services
from venuely.models import import_all_models
from venuely.settings import Environment, Settings

import_all_models()
PG_URL = os.environ.get("VENUELY_TEST_DATABASE_URL", "")
BACKENDS = ["sqlite", "postgresql"] if PG_URL else ["sqlite"]
TEST_SECRET = "test-secret-" + "x" * 40


@dataclass
class Mailbox:
    """Mail received by the local SMTP server, parsed."""

    messages: list[EmailMessage] = field(default_factory=list)

    def handle(self, data: bytes) -> None:
        parsed = message_from_bytes(data, policy=policy.default)
        assert isinstance(parsed, EmailMessage)
        self.messages.append(parsed)

    def to(self, address: str) -> list[EmailMessage]:
        return [m for m in self.messages if address.lower() in str(m["To"]).lower()]

    @staticmethod
    def text(message: EmailMessage) -> str:
        body = message.get_body(preferencelist=("plain",))
        assert body is not None
        content = body.get_content()
        assert isinstance(content, str)
        return content

    @staticmethod
    def html(message: EmailMessage) -> str:
        body = message.get_body(preferencelist=("html",))
        assert body is not None
        content = body.get_content()
        assert isinstance(content, str)
        return content


class _Handler:
    def __init__(self, mailbox: Mailbox) -> None:
        self.mailbox = mailbox

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.mailbox.handle(envelope.content)
        return "250 Message accepted for delivery"


@pytest.fixture(scope="session")
def smtp_server() -> Iterator[tuple[Controller, Mailbox]]:
    mailbox = Mailbox()
    with socket.socket() as probe:  # aiosmtpd cannot report a port it was told to pick itself
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    controller = Controller(_Handler(mailbox), hostname="127.0.0.1", port=port)
    controller.start()
    yield controller, mailbox
    controller.stop()


@pytest.fixture
def mailbox(smtp_server: tuple[Controller, Mailbox]) -> Mailbox:
    smtp_server[1].messages.clear()
    return smtp_server[1]


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Built once per run from the models; each test copies the file.
    `tests/unit/test_migrations.py` proves the migrations build exactly this schema."""
    path = tmp_path_factory.mktemp("template") / "venuely.db"
    engine = create_engine(f"sqlite:///{path}")
    Base.metadata.create_all(engine)
    engine.dispose()
    return path


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A database of this run's own, created next to the configured one so parallel runs never
    wipe each other's tables. Fails loudly when the URL is set but unreachable; never skips."""
    assert PG_URL, "postgresql backend requested without VENUELY_TEST_DATABASE_URL"
    base = make_url(PG_URL)
    name = f"venuely_test_{os.getpid()}"

    async def admin(statement: str) -> None:
        engine = create_async_engine(base, isolation_level="AUTOCOMMIT")
        async with engine.connect() as conn:
            await conn.execute(text(statement))
        await engine.dispose()

    async def create_schema(url: str) -> None:
        engine = create_async_engine(url)
        async with engine.begin() as conn:
            await conn.run_sync(Base.metadata.create_all)
        await engine.dispose()

    asyncio.run(admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    asyncio.run(admin(f'CREATE DATABASE "{name}"'))
    url = base.set(database=name).render_as_string(hide_password=False)
    asyncio.run(create_schema(url))
    yield url
    asyncio.run(admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


# Children before parents, so no foreign key is ever violated on the way.
# The names are the schema's own, never input.
_EMPTY_ALL = "BEGIN; {}; COMMIT".format(
    "; ".join(f'DELETE FROM "{t.name}"' for t in reversed(Base.metadata.sorted_tables))  # noqa: S608
)


async def _empty_postgres(url: str) -> None:
    # DELETE, not TRUNCATE: a test leaves a few rows, and deleting them takes about 10 ms where
    # TRUNCATE of every table takes 200 (it swaps each table's files); with some 1,700 PostgreSQL
    # tests that is minutes of the suite. A bare driver connection saves an engine per test too.
    conn = await asyncpg.connect(make_url(url).set(drivername="postgresql").render_as_string(False))
    try:
        await conn.execute(_EMPTY_ALL)
    finally:
        await conn.close()


@pytest.fixture(params=BACKENDS)
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    return fresh_database_url(request, request.param, tmp_path)


def fresh_database_url(request: pytest.FixtureRequest, backend: str, tmp_path: Path) -> str:
    """An empty database with the schema on `backend`, for one test."""
    if backend == "sqlite":
        target = tmp_path / "venuely.db"
        shutil.copyfile(request.getfixturevalue("sqlite_template"), target)
        return f"sqlite+aiosqlite:///{target}"
    url: str = request.getfixturevalue("postgres_url")
    asyncio.run(_empty_postgres(url))
    return url


@pytest.fixture
def clock() -> FrozenClock:
    return FrozenClock()


@pytest.fixture
def settings(
    database_url: str, tmp_path: Path, smtp_server: tuple[Controller, Mailbox]
) -> Settings:
    controller = smtp_server[0]
    return Settings(
        env=Environment.TEST,
        data_dir=tmp_path / "var",
        database_url=database_url,
        secret_key=TEST_SECRET,
        public_url="http://venuely.test",
        smtp_host="127.0.0.1",
        smtp_port=int(controller.port),
        smtp_starttls=False,
    )


@pytest.fixture
async def services(settings: Settings, clock: FrozenClock) -> AsyncIterator[Services]:
    services = build_services(settings, clock=clock)
    yield services
    # Coalescers flush (a recount reads the database) before the engine goes, so no database
    # call of a test outlives its event loop.
    await services.background.stop()
    await services.db.dispose()


@pytest.fixture
async def client(services: Services) -> AsyncIterator[httpx.AsyncClient]:
    app = app_for(services)
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(
        transport=transport, base_url="http://venuely.test/api/v1"
    ) as client:
        yield client
