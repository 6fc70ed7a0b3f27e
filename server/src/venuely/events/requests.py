"""Event requests: a signed-in person asks for an event; every master admin gets a mail.

The request is stored first, so it is not lost when a mail fails; each master admin reads the
mail in their own language.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from aiosmtplib import SMTPException
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.models import Person
from venuely.admins.models import Admin, AdminType
from venuely.core.i18n import Language, normalize_language
from venuely.core.ids import new_id
from venuely.core.mailtemplate import MailContent, render
from venuely.core.ratelimit import Limit, enforce
from venuely.core.services import Services
from venuely.events.models import EventRequest
from venuely.events.schemas import EventRequestIn

log = logging.getLogger("venuely.events")

EVENT_REQUEST_LIMIT = Limit("event_request", 5, timedelta(hours=24))

_TEXT: dict[Language, dict[str, str]] = {
    "en": {
        "subject": "New event request: {title}",
        "greeting": "Hello {name},",
        "intro": "{requester} ({email}) asks for a new event.",
        "details": "Title: {title}. Begins {begin} UTC, ends {end} UTC.",
        "message": "Their message: {message}",
        "contact": "Contact address: {contact}",
        "action": "Open Venuely",
    },
    "de": {
        "subject": "Neue Veranstaltungsanfrage: {title}",
        "greeting": "Hallo {name},",
        "intro": "{requester} ({email}) fragt eine neue Veranstaltung an.",
        "details": "Titel: {title}. Beginn {begin} UTC, Ende {end} UTC.",
        "message": "Nachricht: {message}",
        "contact": "Kontaktadresse: {contact}",
        "action": "Venuely öffnen",
    },
    "es": {
        "subject": "Nueva solicitud de evento: {title}",
        "greeting": "Hola {name}:",
        "intro": "{requester} ({email}) solicita un nuevo evento.",
        "details": "Título: {title}. Empieza {begin} UTC, termina {end} UTC.",
        "message": "Su mensaje: {message}",
        "contact": "Dirección de contacto: {contact}",
        "action": "Abrir Venuely",
    },
    "fr": {
        "subject": "Nouvelle demande d'événement : {title}",
        "greeting": "Bonjour {name},",
        "intro": "{requester} ({email}) demande un nouvel événement.",
        "details": "Titre : {title}. Début {begin} UTC, fin {end} UTC.",
        "message": "Son message : {message}",
        "contact": "Adresse de contact : {contact}",
        "action": "Ouvrir Venuely",
    },
    "it": {
        "subject": "Nuova richiesta di evento: {title}",
        "greeting": "Ciao {name},",
        "intro": "{requester} ({email}) chiede un nuovo evento.",
        "details": "Titolo: {title}. Inizio {begin} UTC, fine {end} UTC.",
        "message": "Il suo messaggio: {message}",
        "contact": "Indirizzo di contatto: {contact}",
        "action": "Apri Venuely",
    },
}


async def master_admins(session: AsyncSession) -> list[Person]:
    rows = await session.scalars(
        select(Person)
        .where(
            Person.id.in_(select(Admin.person_id).where(Admin.admin_type == AdminType.MASTER)),
            Person.is_disabled.is_(False),
        )
        .order_by(Person.id)
    )
    return list(rows.all())


def _request_mail(
    services: Services, admin: Person, requester: Person, body: EventRequestIn
) -> MailContent:
    text = _TEXT[normalize_language(admin.language)]
    fmt = "%Y-%m-%d %H:%M"
    paragraphs = [
        text["intro"].format(requester=requester.full_name, email=requester.login_email),
        text["details"].format(
            title=body.Title,
            begin=body.DateBeginUTC.strftime(fmt),
            end=body.DateEndUTC.strftime(fmt),
        ),
    ]
    if body.Message:
        paragraphs.append(text["message"].format(message=body.Message))
    if body.ContactEMail:
        paragraphs.append(text["contact"].format(contact=body.ContactEMail))
    return MailContent(
        to=admin.email or admin.login_email,
        subject=text["subject"].format(title=body.Title),
        greeting=text["greeting"].format(name=admin.first_name or admin.full_name),
        paragraphs=paragraphs,
        action_label=text["action"],
        action_url=services.settings.public_url,
    )


async def create_event_request(
    session: AsyncSession, services: Services, requester: Person, body: EventRequestIn
) -> EventRequest:
    now = services.clock.now()
    await enforce(session, EVENT_REQUEST_LIMIT, requester.id, now)
    request = EventRequest(
        id=new_id(),
        person_id=requester.id,
        document=body.model_dump(mode="json"),
        created_at=now,
    )
    session.add(request)
    await session.flush()
    for admin in await master_admins(session):
        try:
            await services.mailer.send(render(_request_mail(services, admin, requester, body)))
        except (SMTPException, OSError):
            # The request is stored and visible to masters; one unreachable inbox must not
            # turn the requester's success into an error.
            log.exception("event request mail failed", extra={"to": admin.login_email})
    return request
