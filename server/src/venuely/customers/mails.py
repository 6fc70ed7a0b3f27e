"""The invitation a customer's admin gets, in their language: a set-password link to the console
for an account without a password (or one whose address was never confirmed), else a plain
"sign in to the console"."""

from __future__ import annotations

from urllib.parse import urlencode

from venuely.accounts.models import Person
from venuely.core.i18n import Language, normalize_language
from venuely.core.mail import Mail
from venuely.core.mailtemplate import MailContent, render
from venuely.settings import Settings

# The console, and its page that sets a password from a mailed link (web/src/lib/console-paths.ts).
CONSOLE_PATH = "/manage"
SET_PASSWORD_PAGE = f"{CONSOLE_PATH}/set-password"

_TEXT: dict[Language, dict[str, str]] = {
    "en": {
        "subject": "You are invited to manage {customer} on Venuely",
        "greeting": "Hello {name},",
        "greeting_plain": "Hello,",
        "intro": "You are now an administrator of {customer} on Venuely: you create and run its "
        "events in the organizer console.",
        "set": "Choose your password with the button below, then sign in to the console with "
        "your email address {email}.",
        "login": "Sign in to the console with your email address {email} and your password.",
        "action_set": "Set your password",
        "action_login": "Open the console",
        "expiry": "The link works for 3 days; after that, ask the Venuely team for a new one.",
        "ignore": "If you did not expect this mail, you can ignore it.",
    },
    "de": {
        "subject": "Einladung zur Verwaltung von {customer} bei Venuely",
        "greeting": "Hallo {name},",
        "greeting_plain": "Hallo,",
        "intro": "Du bist jetzt Administrator von {customer} bei Venuely: In der Veranstalter-"
        "Konsole legst du seine Veranstaltungen an und betreust sie.",
        "set": "Lege mit dem Knopf unten dein Passwort fest und melde dich dann mit deiner "
        "E-Mail-Adresse {email} in der Konsole an.",
        "login": "Melde dich mit deiner E-Mail-Adresse {email} und deinem Passwort in der "
        "Konsole an.",
        "action_set": "Passwort festlegen",
        "action_login": "Konsole öffnen",
        "expiry": "Der Link gilt 3 Tage; danach bitte das Venuely-Team um einen neuen.",
        "ignore": "Wenn du diese E-Mail nicht erwartet hast, kannst du sie ignorieren.",
    },
    "es": {
        "subject": "Te invitamos a gestionar {customer} en Venuely",
        "greeting": "Hola {name}:",
        "greeting_plain": "Hola:",
        "intro": "Ahora eres administrador de {customer} en Venuely: creas y gestionas sus "
        "eventos en la consola del organizador.",
        "set": "Elige tu contraseña con el botón de abajo y luego inicia sesión en la consola "
        "con tu dirección de correo {email}.",
        "login": "Inicia sesión en la consola con tu dirección de correo {email} y tu contraseña.",
        "action_set": "Elegir contraseña",
        "action_login": "Abrir la consola",
        "expiry": "El enlace funciona durante 3 días; después, pide uno nuevo al equipo de "
        "Venuely.",
        "ignore": "Si no esperabas este correo, puedes ignorarlo.",
    },
    "fr": {
        "subject": "Invitation à gérer {customer} sur Venuely",
        "greeting": "Bonjour {name},",
        "greeting_plain": "Bonjour,",
        "intro": "Vous êtes maintenant administrateur de {customer} sur Venuely : vous créez et "
        "gérez ses événements dans la console de l'organisateur.",
        "set": "Choisissez votre mot de passe avec le bouton ci-dessous, puis connectez-vous à "
        "la console avec votre adresse e-mail {email}.",
        "login": "Connectez-vous à la console avec votre adresse e-mail {email} et votre mot "
        "de passe.",
        "action_set": "Choisir mon mot de passe",
        "action_login": "Ouvrir la console",
        "expiry": "Le lien est valable 3 jours ; ensuite, demandez-en un nouveau à l'équipe "
        "Venuely.",
        "ignore": "Si vous n'attendiez pas ce message, vous pouvez l'ignorer.",
    },
    "it": {
        "subject": "Invito a gestire {customer} su Venuely",
        "greeting": "Ciao {name},",
        "greeting_plain": "Ciao,",
        "intro": "Ora sei amministratore di {customer} su Venuely: crei e gestisci i suoi eventi "
        "nella console dell'organizzatore.",
        "set": "Scegli la tua password con il pulsante qui sotto, poi accedi alla console con il "
        "tuo indirizzo email {email}.",
        "login": "Accedi alla console con il tuo indirizzo email {email} e la tua password.",
        "action_set": "Scegli la password",
        "action_login": "Apri la console",
        "expiry": "Il link vale 3 giorni; dopo, chiedine uno nuovo al team di Venuely.",
        "ignore": "Se non ti aspettavi questa email, puoi ignorarla.",
    },
}


def one_line(value: str) -> str:
    # Names end up in the Subject header, where a line break is not allowed.
    return " ".join(value.split())


def console_url(settings: Settings) -> str:
    return f"{settings.public_url}{CONSOLE_PATH}"


def set_password_url(settings: Settings, person: Person, token: str) -> str:
    query = urlencode({"loginEMail": person.login_email, "token": token})
    return f"{settings.public_url}{SET_PASSWORD_PAGE}?{query}"


def invitation_mail(
    settings: Settings, person: Person, customer_name: str, token: str | None
) -> Mail:
    """`token`: the set-password link's secret, or None for an account that signs in as is."""
    text = _TEXT[normalize_language(person.language)]
    name = one_line(person.first_name)
    values = {"customer": one_line(customer_name), "email": person.login_email, "name": name}
    if token is None:
        how, label, url = text["login"], text["action_login"], console_url(settings)
        footer = [text["ignore"]]
    else:
        how, label = text["set"], text["action_set"]
        url = set_password_url(settings, person, token)
        footer = [text["expiry"], text["ignore"]]
    return render(
        MailContent(
            to=person.email or person.login_email,
            subject=text["subject"].format(**values),
            greeting=text["greeting" if name else "greeting_plain"].format(**values),
            paragraphs=[text["intro"].format(**values), how.format(**values)],
            action_label=label,
            action_url=url,
            footer=footer,
        )
    )
