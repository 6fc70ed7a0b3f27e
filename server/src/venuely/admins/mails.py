"""The mail telling a person which admin rights they were given, in their language."""

from __future__ import annotations

from datetime import timedelta

from aiosmtplib import SMTPException
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.models import Person
from venuely.admins.models import Admin, AdminType
from venuely.admins.roles import ordered, roles_of
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.i18n import Language, normalize_language
from venuely.core.mailtemplate import MailContent, render
from venuely.core.ratelimit import Limit, enforce
from venuely.core.services import Services
from venuely.events.models import Customer, Event

# Per grant, so nobody's inbox can be flooded through one right; per sender, against a loop
# over many grants.
PER_GRANT = Limit("admin_info_mail", 3, timedelta(hours=1))
PER_SENDER = Limit("admin_info_mail_sender", 30, timedelta(hours=1))

_TEXT: dict[Language, dict[str, str]] = {
    "en": {
        "subject": "You are now an admin on Venuely",
        "greeting": "Hello {name},",
        "Master": "You have been given master admin rights for the whole platform.",
        "Customer": "You have been given customer admin rights for {scope}.",
        "Event": "You have been given event admin rights for the event “{scope}”.",
        "roles": "Your roles: {roles}.",
        "content": "content",
        "moderation": "moderation",
        "people": "people",
        "analytics": "analytics",
        "login": "Sign in with your email address {email}.",
        "no_password": (
            "Your account has no password yet: on the sign-in page choose “Forgot password” "
            "and enter {email} to set one."
        ),
        "action": "Open Venuely",
    },
    "de": {
        "subject": "Du bist jetzt Admin bei Venuely",
        "greeting": "Hallo {name},",
        "Master": "Du hast Master-Admin-Rechte für die gesamte Plattform erhalten.",
        "Customer": "Du hast Kunden-Admin-Rechte für {scope} erhalten.",
        "Event": "Du hast Event-Admin-Rechte für die Veranstaltung „{scope}“ erhalten.",
        "roles": "Deine Rollen: {roles}.",
        "content": "Inhalte",
        "moderation": "Moderation",
        "people": "Personen",
        "analytics": "Auswertungen",
        "login": "Melde dich mit deiner E-Mail-Adresse {email} an.",
        "no_password": (
            "Dein Konto hat noch kein Passwort: Wähle auf der Anmeldeseite „Passwort vergessen“ "
            "und gib {email} ein, um eines festzulegen."
        ),
        "action": "Venuely öffnen",
    },
    "es": {
        "subject": "Ahora eres administrador en Venuely",
        "greeting": "Hola {name}:",
        "Master": "Has recibido derechos de administrador maestro para toda la plataforma.",
        "Customer": "Has recibido derechos de administrador de cliente para {scope}.",
        "Event": "Has recibido derechos de administrador del evento «{scope}».",
        "roles": "Tus roles: {roles}.",
        "content": "contenido",
        "moderation": "moderación",
        "people": "personas",
        "analytics": "analítica",
        "login": "Inicia sesión con tu dirección de correo {email}.",
        "no_password": (
            "Tu cuenta aún no tiene contraseña: en la página de inicio de sesión elige "
            "«He olvidado mi contraseña» e introduce {email} para crear una."
        ),
        "action": "Abrir Venuely",
    },
    "fr": {
        "subject": "Vous êtes maintenant administrateur sur Venuely",
        "greeting": "Bonjour {name},",
        "Master": "Vous avez reçu les droits d'administrateur principal pour toute la plateforme.",
        "Customer": "Vous avez reçu les droits d'administrateur client pour {scope}.",
        "Event": "Vous avez reçu les droits d'administrateur de l'événement « {scope} ».",
        "roles": "Vos rôles : {roles}.",
        "content": "contenu",
        "moderation": "modération",
        "people": "personnes",
        "analytics": "statistiques",
        "login": "Connectez-vous avec votre adresse e-mail {email}.",
        "no_password": (
            "Votre compte n'a pas encore de mot de passe : sur la page de connexion, choisissez "
            "« Mot de passe oublié » et saisissez {email} pour en définir un."
        ),
        "action": "Ouvrir Venuely",
    },
    "it": {
        "subject": "Ora sei amministratore su Venuely",
        "greeting": "Ciao {name},",
        "Master": "Hai ricevuto i diritti di amministratore principale per l'intera piattaforma.",
        "Customer": "Hai ricevuto i diritti di amministratore cliente per {scope}.",
        "Event": "Hai ricevuto i diritti di amministratore dell'evento «{scope}».",
        "roles": "I tuoi ruoli: {roles}.",
        "content": "contenuti",
        "moderation": "moderazione",
        "people": "persone",
        "analytics": "analisi",
        "login": "Accedi con il tuo indirizzo email {email}.",
        "no_password": (
            "Il tuo account non ha ancora una password: nella pagina di accesso scegli "
            "«Password dimenticata» e inserisci {email} per impostarne una."
        ),
        "action": "Apri Venuely",
    },
}


async def _scope_name(session: AsyncSession, grant: Admin) -> str:
    if grant.admin_type == AdminType.EVENT and grant.event_id:
        event = await session.get(Event, grant.event_id)
        return event.title if event else grant.event_id
    if grant.admin_type == AdminType.CUSTOMER and grant.customer_id:
        customer = await session.get(Customer, grant.customer_id)
        return customer.name if customer else grant.customer_id
    return ""


async def admin_info_mail(
    session: AsyncSession, services: Services, grant: Admin, person: Person
) -> MailContent:
    text = _TEXT[normalize_language(person.language)]
    email = person.login_email
    paragraphs = [text[grant.admin_type].format(scope=await _scope_name(session, grant))]
    # The roles it is limited to, named in the person's language (none listed: all four).
    if grant.admin_type != AdminType.MASTER and grant.roles:
        names = [text[role.value] for role in ordered(roles_of(grant.roles))]
        paragraphs.append(text["roles"].format(roles=", ".join(names) or "-"))
    paragraphs.append(
        text["no_password" if person.password_hash is None else "login"].format(email=email)
    )
    return MailContent(
        to=person.email or email,
        subject=text["subject"],
        greeting=text["greeting"].format(name=person.first_name or person.full_name or email),
        paragraphs=paragraphs,
        action_label=text["action"],
        action_url=services.settings.public_url,
    )


async def send_admin_info_mail(
    session: AsyncSession, services: Services, grant: Admin, sender_id: str
) -> None:
    now = services.clock.now()
    await enforce(session, PER_GRANT, grant.id, now)
    await enforce(session, PER_SENDER, sender_id, now)
    person = await session.get(Person, grant.person_id)
    if person is None:  # the grant row cascades with its person; kept for the type checker
        raise ApiError(ErrorCode.PERSON_NOT_FOUND, "The admin's person no longer exists")
    mail = render(await admin_info_mail(session, services, grant, person))
    try:
        await services.mailer.send(mail)
    except (SMTPException, OSError) as exc:
        raise ApiError(ErrorCode.MAIL_FAILED, "The mail could not be sent") from exc
