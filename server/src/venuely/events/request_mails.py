"""The mails telling a requester what became of their event request, in their language."""

from __future__ import annotations

from venuely.accounts.models import Person
from venuely.core.i18n import Language, normalize_language
from venuely.core.mail import Mail
from venuely.core.mailtemplate import MailContent, render
from venuely.customers.mails import console_url, one_line
from venuely.events.models import Event
from venuely.settings import Settings

_TEXT: dict[Language, dict[str, str]] = {
    "en": {
        "greeting": "Hello {name},",
        "greeting_plain": "Hello,",
        "approved_subject": "Your event “{title}” is ready",
        "approved_intro": "Your request for the event “{title}” was approved, and you are its "
        "admin: set it up in the organizer console.",
        "approved_address": "Attendees will find it at {url}.",
        "approved_action": "Open the console",
        "rejected_subject": "Your event request “{title}”",
        "rejected_intro": "Your request for the event “{title}” was declined.",
        "rejected_reason": "The reason given: {reason}",
    },
    "de": {
        "greeting": "Hallo {name},",
        "greeting_plain": "Hallo,",
        "approved_subject": "Deine Veranstaltung „{title}“ ist bereit",
        "approved_intro": "Deine Anfrage für die Veranstaltung „{title}“ wurde angenommen, und "
        "du bist ihr Admin: Richte sie in der Veranstalter-Konsole ein.",
        "approved_address": "Teilnehmende finden sie unter {url}.",
        "approved_action": "Konsole öffnen",
        "rejected_subject": "Deine Veranstaltungsanfrage „{title}“",
        "rejected_intro": "Deine Anfrage für die Veranstaltung „{title}“ wurde abgelehnt.",
        "rejected_reason": "Die Begründung: {reason}",
    },
    "es": {
        "greeting": "Hola {name}:",
        "greeting_plain": "Hola:",
        "approved_subject": "Tu evento «{title}» está listo",
        "approved_intro": "Tu solicitud del evento «{title}» fue aprobada y eres su "
        "administrador: configúralo en la consola del organizador.",
        "approved_address": "Los asistentes lo encontrarán en {url}.",
        "approved_action": "Abrir la consola",
        "rejected_subject": "Tu solicitud de evento «{title}»",
        "rejected_intro": "Tu solicitud del evento «{title}» fue rechazada.",
        "rejected_reason": "El motivo: {reason}",
    },
    "fr": {
        "greeting": "Bonjour {name},",
        "greeting_plain": "Bonjour,",
        "approved_subject": "Votre événement « {title} » est prêt",
        "approved_intro": "Votre demande pour l'événement « {title} » a été acceptée et vous en "
        "êtes l'administrateur : configurez-le dans la console de l'organisateur.",
        "approved_address": "Les participants le trouveront à l'adresse {url}.",
        "approved_action": "Ouvrir la console",
        "rejected_subject": "Votre demande d'événement « {title} »",
        "rejected_intro": "Votre demande pour l'événement « {title} » a été refusée.",
        "rejected_reason": "Le motif : {reason}",
    },
    "it": {
        "greeting": "Ciao {name},",
        "greeting_plain": "Ciao,",
        "approved_subject": "Il tuo evento «{title}» è pronto",
        "approved_intro": "La tua richiesta per l'evento «{title}» è stata approvata e ne sei "
        "l'amministratore: configuralo nella console dell'organizzatore.",
        "approved_address": "I partecipanti lo troveranno all'indirizzo {url}.",
        "approved_action": "Apri la console",
        "rejected_subject": "La tua richiesta di evento «{title}»",
        "rejected_intro": "La tua richiesta per l'evento «{title}» è stata rifiutata.",
        "rejected_reason": "Il motivo: {reason}",
    },
}


def _texts(person: Person) -> tuple[dict[str, str], str]:
    text = _TEXT[normalize_language(person.language)]
    name = one_line(person.first_name)
    greeting = text["greeting"].format(name=name) if name else text["greeting_plain"]
    return text, greeting


def approved_mail(settings: Settings, requester: Person, event: Event) -> Mail:
    text, greeting = _texts(requester)
    title = one_line(event.title)
    return render(
        MailContent(
            to=requester.email or requester.login_email,
            subject=text["approved_subject"].format(title=title),
            greeting=greeting,
            paragraphs=[
                text["approved_intro"].format(title=title),
                text["approved_address"].format(url=f"{settings.public_url}/{event.internal_name}"),
            ],
            action_label=text["approved_action"],
            action_url=console_url(settings),
        )
    )


def rejected_mail(requester: Person, title: str, reason: str) -> Mail:
    text, greeting = _texts(requester)
    title = one_line(title)
    return render(
        MailContent(
            to=requester.email or requester.login_email,
            subject=text["rejected_subject"].format(title=title),
            greeting=greeting,
            paragraphs=[
                text["rejected_intro"].format(title=title),
                text["rejected_reason"].format(reason=reason),
            ],
        )
    )
