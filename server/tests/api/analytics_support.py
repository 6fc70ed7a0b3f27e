"""Shared steps of the analytics tests: two events with an attendee each, consent records
written straight into `person_consents`, tracker calls, the flush run by hand (the periodic job
would wait 10 s), and the dropped-items counter read back from Prometheus."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import httpx
import pytest
from prometheus_client import REGISTRY
from sqlalchemy import select

from tests.api.activities_support import World, build_world
from tests.factories import bearer, make_person, token_for
from venuely.accounts.models import Person
from venuely.activities.models import Activity, EntityType
from venuely.analytics.flush import flush
from venuely.core.clock import FrozenClock
from venuely.core.ids import new_id
from venuely.core.services import Services
from venuely.events.models import Event
from venuely.privacy.models import PersonConsent


def dropped(reason: str) -> float:
    """The process's count of items dropped for `reason` so far (tests compare differences)."""
    return REGISTRY.get_sample_value("venuely_analytics_dropped_total", {"reason": reason}) or 0.0


def to_next_minute(clock: FrozenClock, seconds: int = 0) -> None:
    """Moves the clock to `seconds` past the next whole minute, so a test knows its minutes."""
    now = clock.now()
    clock.advance(now.replace(second=seconds, microsecond=0) + timedelta(minutes=1) - now)


def item(kind: str = "page_view", screen: str = "start", **fields: Any) -> dict[str, Any]:
    return {"Kind": kind, "Screen": screen, **fields}


@dataclass
class Analytics:
    client: httpx.AsyncClient
    world: World
    services: Services
    clock: FrozenClock

    @property
    def event(self) -> Event:
        return self.world.event_a

    def h(self, who: str) -> dict[str, str]:
        return self.world.h(who)

    async def consent(self, person: Person | str, statistics: bool = True) -> None:
        """Stores (or replaces) the person's consent for event A, as the privacy routes do."""
        person_id = person if isinstance(person, str) else person.id
        async with self.services.db.session() as session:
            found = await session.get(PersonConsent, (person_id, self.event.id))
            if found is None:
                session.add(
                    PersonConsent(
                        person_id=person_id,
                        event_id=self.event.id,
                        functional=True,
                        statistics=statistics,
                        updated_at=self.clock.now(),
                    )
                )
            else:
                found.statistics = statistics

    async def attendee(self, name: str, consent: bool = True) -> str:
        """Another attendee of event A, callable as `name`; answers the person's id."""
        person = await make_person(self.services, event=self.event)
        self.world.headers[name] = bearer(await token_for(self.services, person, self.event))
        if consent:
            await self.consent(person)
        return person.id

    async def send(self, who: str, *items: dict[str, Any], **kwargs: Any) -> httpx.Response:
        headers = {**self.h(who), **kwargs.pop("headers", {})}
        return await self.client.post(
            f"/events/{self.event.id}/analytics",
            json={"Events": list(items)},
            headers=headers,
            **kwargs,
        )

    async def sent(self, who: str, *items: dict[str, Any]) -> dict[str, int]:
        response = await self.send(who, *items)
        assert response.status_code == 202, response.text
        answer: dict[str, int] = response.json()
        return answer

    async def flush(self) -> None:
        await flush(self.services)

    async def rows(self, model: Any) -> list[Any]:
        async with self.services.db.session() as session:
            return list((await session.scalars(select(model))).all())

    async def session_activity(
        self, title: str = "Opening keynote", event: Event | None = None
    ) -> str:
        """A session of event A (or `event`), stored directly."""
        now = self.clock.now()
        async with self.services.db.session() as session:
            activity = Activity(
                id=new_id(),
                event_id=(event or self.event).id,
                entity_type=EntityType.SESSION.value,
                internal_name=title.lower().replace(" ", "-"),
                title=title,
                date_begin=now - timedelta(minutes=10),
                date_end=now + timedelta(hours=1),
                document={"Title": title},
                created_at=now,
                updated_at=now,
            )
            session.add(activity)
        return activity.id

    async def dashboard(self, who: str = "admin_a") -> dict[str, Any]:
        response = await self.client.get(
            f"/events/{self.event.id}/analytics/dashboard", headers=self.h(who)
        )
        assert response.status_code == 200, response.text
        body: dict[str, Any] = response.json()
        return body


@pytest.fixture
async def analytics(client: httpx.AsyncClient, services: Services, clock: FrozenClock) -> Analytics:
    return Analytics(client, await build_world(services), services, clock)
