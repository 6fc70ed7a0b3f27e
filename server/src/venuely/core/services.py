"""The process-wide objects a request needs, built once by the app factory."""

from __future__ import annotations

from dataclasses import dataclass, field

from venuely.core.background import Background
from venuely.core.clock import Clock
from venuely.core.db import Database
from venuely.core.mail import FileMailer, Mailer, SmtpMailer
from venuely.realtime.hub import Hub, build_hub
from venuely.settings import Settings


@dataclass(slots=True)
class Services:
    settings: Settings
    db: Database
    clock: Clock
    mailer: Mailer
    # Realtime fan-out (in-process, or Redis when configured); tests may pass their own.
    hub: Hub
    # Coalescing ticks and periodic jobs of features (core/background.py).
    background: Background = field(init=False)

    def __post_init__(self) -> None:
        self.background = Background(self)


def build_services(
    settings: Settings,
    *,
    clock: Clock | None = None,
    mailer: Mailer | None = None,
    hub: Hub | None = None,
) -> Services:
    clock = clock or Clock()
    if mailer is None:
        if settings.smtp_host:
            mailer = SmtpMailer(
                settings.smtp_host,
                settings.smtp_port,
                settings.smtp_user,
                settings.smtp_password,
                settings.smtp_sender,
                settings.smtp_starttls,
                clock,
            )
        else:
            mailer = FileMailer(settings.mail_dir, settings.smtp_sender, clock)
    return Services(
        settings=settings,
        db=Database(settings.effective_database_url),
        clock=clock,
        mailer=mailer,
        hub=hub or build_hub(settings),
    )
