"""The invitation mail, in the invitee's language (the CSV's `language` column, else the
event's): what the event is and a link to its sign-up page with the address filled in."""

from __future__ import annotations

from urllib.parse import urlencode

from venuely.core.i18n import Language
from venuely.core.mail import Mail
from venuely.core.mailtemplate import MailContent, render
from venuely.events.models import Event
from venuely.settings import Settings

_TEXT: dict[Language, dict[str, str]] = {
    "en": {
        "subject": "You are invited to {event}",
        "greeting": "Hello {name},",
        "greeting_plain": "Hello,",
        "intro": "You are invited to the online event “{event}”.",
        "howto": "Create your account with this address ({email}) to take part.",
        "action": "Sign up",
        "existing": "If you already have an account, sign in with it on the same page.",
        "ignore": "If you did not expect this invitation, you can ignore this mail.",
    },
    "de": {
        "subject": "Einladung zu {event}",
        "greeting": "Hallo {name},",
        "greeting_plain": "Hallo,",
        "intro": "Sie sind zur Online-Veranstaltung „{event}“ eingeladen.",
        "howto": "Legen Sie mit dieser Adresse ({email}) Ihr Konto an, um teilzunehmen.",
        "action": "Registrieren",
        "existing": "Wenn Sie bereits ein Konto haben, melden Sie sich damit auf derselben "
        "Seite an.",
        "ignore": "Wenn Sie diese Einladung nicht erwartet haben, können Sie diese E-Mail "
        "ignorieren.",
    },
    "es": {
        "subject": "Invitación a {event}",
        "greeting": "Hola {name}:",
        "greeting_plain": "Hola:",
        "intro": "Estás invitado al evento en línea «{event}».",
        "howto": "Crea tu cuenta con esta dirección ({email}) para participar.",
        "action": "Registrarse",
        "existing": "Si ya tienes una cuenta, inicia sesión con ella en la misma página.",
        "ignore": "Si no esperabas esta invitación, puedes ignorar este correo.",
    },
    "fr": {
        "subject": "Invitation à {event}",
        "greeting": "Bonjour {name},",
        "greeting_plain": "Bonjour,",
        "intro": "Vous êtes invité à l'événement en ligne « {event} ».",
        "howto": "Créez votre compte avec cette adresse ({email}) pour participer.",
        "action": "S'inscrire",
        "existing": "Si vous avez déjà un compte, connectez-vous avec sur la même page.",
        "ignore": "Si vous n'attendiez pas cette invitation, vous pouvez ignorer ce message.",
    },
    "it": {
        "subject": "Invito a {event}",
        "greeting": "Ciao {name},",
        "greeting_plain": "Ciao,",
        "intro": "Sei invitato all'evento online «{event}».",
        "howto": "Crea il tuo account con questo indirizzo ({email}) per partecipare.",
        "action": "Registrati",
        "existing": "Se hai già un account, accedi con quello dalla stessa pagina.",
        "ignore": "Se non ti aspettavi questo invito, puoi ignorare questa email.",
    },
}


def _one_line(value: str) -> str:
    # Names and titles reach the Subject header, where a line break is not allowed.
    return " ".join(value.split())


def sign_up_url(settings: Settings, event: Event, email: str) -> str:
    """The event's sign-up page; the web app reads `email` to fill in the address."""
    return f"{settings.public_url}/{event.internal_name}/sign-up?{urlencode({'email': email})}"


def invitation_mail(
    settings: Settings, event: Event, email: str, first_name: str, language: Language
) -> Mail:
    text = _TEXT[language]
    values = {"event": _one_line(event.title), "email": email, "name": _one_line(first_name)}
    greeting = text["greeting" if values["name"] else "greeting_plain"].format(**values)
    return render(
        MailContent(
            to=email,
            subject=text["subject"].format(**values),
            greeting=greeting,
            paragraphs=[text["intro"].format(**values), text["howto"].format(**values)],
            action_label=text["action"],
            action_url=sign_up_url(settings, event, email),
            footer=[text["existing"], text["ignore"]],
        )
    )
