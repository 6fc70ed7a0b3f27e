"""The account mails, in the recipient's language, and the outbox that sends them.

Mails are queued on an `Outbox` while the request runs and sent as a background task after the
response: they leave only once the unit of work has committed (a refused request queues nothing
that goes out), and the answer takes the same time whether or not a mail was due, so timing does
not tell which addresses have accounts.
"""

from __future__ import annotations

import logging
from typing import Annotated
from urllib.parse import urlencode

from fastapi import BackgroundTasks, Depends

from venuely.accounts.mail_texts import TEXTS
from venuely.accounts.models import Person
from venuely.core.deps import ServicesDep
from venuely.core.i18n import normalize_language
from venuely.core.mail import Mail, Mailer
from venuely.core.mailtemplate import MailContent, render
from venuely.events.models import Event
from venuely.settings import Settings

log = logging.getLogger("venuely.accounts.mail")


class Outbox:
    def __init__(self) -> None:
        self.mails: list[Mail] = []

    def add(self, mail: Mail) -> None:
        self.mails.append(mail)

    async def deliver(self, mailer: Mailer) -> None:
        # A failed send is logged, not reported: the answer was already identical for known and
        # unknown addresses, and every flow can be started again (login re-sends verification,
        # "forgot password" re-sends a link).
        for mail in self.mails:
            try:
                await mailer.send(mail)
            except Exception:
                log.exception("account mail not sent", extra={"to": mail.to})


async def get_outbox(background: BackgroundTasks, services: ServicesDep) -> Outbox:
    outbox = Outbox()
    background.add_task(outbox.deliver, services.mailer)
    return outbox


OutboxDep = Annotated[Outbox, Depends(get_outbox)]


def _one_line(value: str) -> str:
    # Names and titles end up in the Subject header, where a line break is not allowed.
    return " ".join(value.split())


class _Texts:
    def __init__(self, person: Person, event: Event | None) -> None:
        self.table = TEXTS[normalize_language(person.language)]
        self.values = {
            "name": _one_line(person.first_name),
            "event": _one_line(event.title) if event else "",
            "email": person.login_email,
        }

    def __call__(self, key: str) -> str:
        return self.table[key].format(**self.values)

    def greeting(self) -> str:
        return self("greeting") if self.values["name"] else self("greeting_plain")


def _event_url(settings: Settings, event: Event | None, page: str, **query: str) -> str:
    base = f"{settings.public_url}/{event.internal_name}" if event else settings.public_url
    return f"{base}/{page}" + (f"?{urlencode(query)}" if query else "")


def verification_mail(
    settings: Settings, person: Person, event: Event, token: str, code: str
) -> Mail:
    t = _Texts(person, event)
    url = _event_url(
        settings, event, "password-confirmation", loginEMail=person.login_email, token=token
    )
    return render(
        MailContent(
            to=person.login_email,
            subject=t("verify_subject"),
            greeting=t.greeting(),
            paragraphs=[t("verify_intro"), t("verify_howto")],
            action_label=t("verify_action"),
            action_url=url,
            code=code,
            code_label=t("verify_code_label"),
            footer=[t("verify_expiry"), t("verify_ignore"), t("signature")],
        )
    )


def already_registered_mail(settings: Settings, person: Person, event: Event) -> Mail:
    t = _Texts(person, event)
    return render(
        MailContent(
            to=person.login_email,
            subject=t("exists_subject"),
            greeting=t.greeting(),
            paragraphs=[t("exists_intro"), t("exists_howto")],
            action_label=t("exists_action"),
            action_url=_event_url(settings, event, "login"),
            footer=[t("exists_ignore"), t("signature")],
        )
    )


def reset_mail(settings: Settings, person: Person, event: Event, token: str) -> Mail:
    t = _Texts(person, event)
    url = _event_url(settings, event, "password-reset", token=token, loginEMail=person.login_email)
    return render(
        MailContent(
            to=person.login_email,
            subject=t("reset_subject"),
            greeting=t.greeting(),
            paragraphs=[t("reset_intro"), t("reset_howto")],
            action_label=t("reset_action"),
            action_url=url,
            footer=[t("reset_expiry"), t("reset_ignore"), t("signature")],
        )
    )


def invitation_mail(settings: Settings, person: Person, event: Event | None, token: str) -> Mail:
    t = _Texts(person, event)
    url = _event_url(settings, event, "password-reset", token=token, loginEMail=person.login_email)
    return render(
        MailContent(
            to=person.login_email,
            subject=t("invite_subject_event") if event else t("invite_subject"),
            greeting=t.greeting(),
            paragraphs=[t("invite_intro_event") if event else t("invite_intro"), t("invite_howto")],
            action_label=t("invite_action"),
            action_url=url,
            footer=[t("invite_expiry"), t("invite_ignore"), t("signature")],
        )
    )
