"""The account mails' sentences in every product language.

Placeholders: `{name}` (first name), `{event}` (event title), `{email}` (login address). Values are
passed to `str.format` as arguments, never spliced into the template, so braces a person types
stay literal. Each language keeps its own conventions (German continues after the greeting's comma
in lower case, Spanish greets with a colon).
"""

from __future__ import annotations

from typing import Final

from venuely.core.i18n import Language

TEXTS: Final[dict[Language, dict[str, str]]] = {
    "en": {
        "greeting": "Hello {name},",
        "greeting_plain": "Hello,",
        "signature": "Your Venuely team",
        "verify_subject": "Confirm your email address for {event}",
        "verify_intro": "Thank you for registering for {event}.",
        "verify_howto": (
            "To activate your account, open the link below or enter the code on the "
            "confirmation page."
        ),
        "verify_action": "Confirm email address",
        "verify_code_label": "Your confirmation code",
        "verify_expiry": "The link and the code are valid for 24 hours.",
        "verify_ignore": (
            "If you did not register, simply ignore this email. No account will be activated."
        ),
        "exists_subject": "Registration attempt for {event}",
        "exists_intro": (
            "Someone, maybe you, has just tried to register for {event} with this email "
            "address. You already have an account with it."
        ),
        "exists_howto": (
            "If it was you, simply log in with your password. If you have forgotten it, choose "
            "“Forgot password” on the login page to set a new one."
        ),
        "exists_action": "Go to the login page",
        "exists_ignore": (
            "If it wasn't you, you can ignore this email. Your account has not been changed."
        ),
        "reset_subject": "Reset your password for {event}",
        "reset_intro": ("We received a request to reset the password of your account for {event}."),
        "reset_howto": "Open the link below to choose a new password.",
        "reset_action": "Choose a new password",
        "reset_expiry": "The link is valid for 2 hours and can be used only once.",
        "reset_ignore": (
            "If you did not ask for this, ignore this email. Your password stays unchanged."
        ),
        "invite_subject": "Your new account",
        "invite_subject_event": "Your account for {event}",
        "invite_intro": "An account has been created for you.",
        "invite_intro_event": "An account has been created for you to take part in {event}.",
        "invite_howto": (
            "Open the link below to set your password. You log in with your email address: {email}."
        ),
        "invite_action": "Set your password",
        "invite_expiry": (
            "The link is valid for 3 days. After that, use “Forgot password” on the login page "
            "to get a new one."
        ),
        "invite_ignore": "If you did not expect this email, you can ignore it.",
    },
    "de": {
        "greeting": "Hallo {name},",
        "greeting_plain": "Hallo,",
        "signature": "Ihr Venuely-Team",
        "verify_subject": "Bestätigen Sie Ihre E-Mail-Adresse für {event}",
        "verify_intro": "vielen Dank für Ihre Registrierung für {event}.",
        "verify_howto": (
            "Um Ihr Konto zu aktivieren, öffnen Sie den folgenden Link oder geben Sie den Code "
            "auf der Bestätigungsseite ein."
        ),
        "verify_action": "E-Mail-Adresse bestätigen",
        "verify_code_label": "Ihr Bestätigungscode",
        "verify_expiry": "Der Link und der Code sind 24 Stunden lang gültig.",
        "verify_ignore": (
            "Falls Sie sich nicht registriert haben, ignorieren Sie diese E-Mail einfach. "
            "Es wird kein Konto aktiviert."
        ),
        "exists_subject": "Registrierungsversuch für {event}",
        "exists_intro": (
            "soeben hat jemand – vielleicht Sie selbst – versucht, sich mit dieser "
            "E-Mail-Adresse für {event} zu registrieren. Sie haben mit dieser Adresse bereits "
            "ein Konto."
        ),
        "exists_howto": (
            "Wenn Sie das waren, melden Sie sich einfach mit Ihrem Passwort an. Falls Sie es "
            "vergessen haben, wählen Sie auf der Anmeldeseite „Passwort vergessen“, um ein neues "
            "festzulegen."
        ),
        "exists_action": "Zur Anmeldeseite",
        "exists_ignore": (
            "Wenn Sie das nicht waren, können Sie diese E-Mail ignorieren. An Ihrem Konto wurde "
            "nichts geändert."
        ),
        "reset_subject": "Passwort zurücksetzen für {event}",
        "reset_intro": (
            "wir haben eine Anfrage erhalten, das Passwort Ihres Kontos für {event} zurückzusetzen."
        ),
        "reset_howto": "Öffnen Sie den folgenden Link, um ein neues Passwort zu wählen.",
        "reset_action": "Neues Passwort wählen",
        "reset_expiry": (
            "Der Link ist 2 Stunden lang gültig und kann nur einmal verwendet werden."
        ),
        "reset_ignore": (
            "Falls Sie das nicht angefordert haben, ignorieren Sie diese E-Mail. Ihr Passwort "
            "bleibt unverändert."
        ),
        "invite_subject": "Ihr neues Konto",
        "invite_subject_event": "Ihr Konto für {event}",
        "invite_intro": "für Sie wurde ein Konto angelegt.",
        "invite_intro_event": "für Sie wurde ein Konto für die Teilnahme an {event} angelegt.",
        "invite_howto": (
            "Öffnen Sie den folgenden Link, um Ihr Passwort festzulegen. Sie melden sich mit "
            "Ihrer E-Mail-Adresse an: {email}."
        ),
        "invite_action": "Passwort festlegen",
        "invite_expiry": (
            "Der Link ist 3 Tage lang gültig. Danach können Sie auf der Anmeldeseite über "
            "„Passwort vergessen“ einen neuen anfordern."
        ),
        "invite_ignore": (
            "Falls Sie diese E-Mail nicht erwartet haben, können Sie sie ignorieren."
        ),
    },
    "es": {
        "greeting": "Hola, {name}:",
        "greeting_plain": "Hola:",
        "signature": "El equipo de Venuely",
        "verify_subject": "Confirme su dirección de correo electrónico para {event}",
        "verify_intro": "Gracias por registrarse en {event}.",
        "verify_howto": (
            "Para activar su cuenta, abra el siguiente enlace o introduzca el código en la "
            "página de confirmación."
        ),
        "verify_action": "Confirmar dirección de correo",
        "verify_code_label": "Su código de confirmación",
        "verify_expiry": "El enlace y el código son válidos durante 24 horas.",
        "verify_ignore": (
            "Si no se ha registrado, ignore este correo. No se activará ninguna cuenta."
        ),
        "exists_subject": "Intento de registro en {event}",
        "exists_intro": (
            "Alguien, quizá usted, acaba de intentar registrarse en {event} con esta dirección "
            "de correo electrónico. Ya tiene una cuenta con ella."
        ),
        "exists_howto": (
            "Si fue usted, inicie sesión con su contraseña. Si la ha olvidado, elija «He olvidado "
            "mi contraseña» en la página de inicio de sesión para establecer una nueva."
        ),
        "exists_action": "Ir a la página de inicio de sesión",
        "exists_ignore": "Si no fue usted, puede ignorar este correo. Su cuenta no ha cambiado.",
        "reset_subject": "Restablezca su contraseña para {event}",
        "reset_intro": (
            "Hemos recibido una solicitud para restablecer la contraseña de su cuenta para {event}."
        ),
        "reset_howto": "Abra el siguiente enlace para elegir una contraseña nueva.",
        "reset_action": "Elegir una contraseña nueva",
        "reset_expiry": "El enlace es válido durante 2 horas y solo puede usarse una vez.",
        "reset_ignore": ("Si no lo ha solicitado, ignore este correo. Su contraseña no cambiará."),
        "invite_subject": "Su nueva cuenta",
        "invite_subject_event": "Su cuenta para {event}",
        "invite_intro": "Se ha creado una cuenta para usted.",
        "invite_intro_event": "Se ha creado una cuenta para que participe en {event}.",
        "invite_howto": (
            "Abra el siguiente enlace para establecer su contraseña. Inicie sesión con su "
            "dirección de correo electrónico: {email}."
        ),
        "invite_action": "Establecer contraseña",
        "invite_expiry": (
            "El enlace es válido durante 3 días. Después, use «He olvidado mi contraseña» en la "
            "página de inicio de sesión para recibir uno nuevo."
        ),
        "invite_ignore": "Si no esperaba este correo, puede ignorarlo.",
    },
    "fr": {
        "greeting": "Bonjour {name},",
        "greeting_plain": "Bonjour,",
        "signature": "L’équipe Venuely",
        "verify_subject": "Confirmez votre adresse e-mail pour {event}",
        "verify_intro": "Merci pour votre inscription à {event}.",
        "verify_howto": (
            "Pour activer votre compte, ouvrez le lien ci-dessous ou saisissez le code sur la "
            "page de confirmation."
        ),
        "verify_action": "Confirmer l’adresse e-mail",
        "verify_code_label": "Votre code de confirmation",
        "verify_expiry": "Le lien et le code sont valables 24 heures.",
        "verify_ignore": (
            "Si vous n’êtes pas à l’origine de cette inscription, ignorez simplement cet "
            "e-mail : aucun compte ne sera activé."
        ),
        "exists_subject": "Tentative d’inscription à {event}",
        "exists_intro": (
            "Quelqu’un, peut-être vous-même, vient d’essayer de s’inscrire à {event} avec cette "
            "adresse e-mail. Vous avez déjà un compte avec cette adresse."
        ),
        "exists_howto": (
            "Si c’était vous, connectez-vous simplement avec votre mot de passe. Si vous l’avez "
            "oublié, choisissez « Mot de passe oublié » sur la page de connexion pour en définir "
            "un nouveau."
        ),
        "exists_action": "Aller à la page de connexion",
        "exists_ignore": (
            "Si ce n’était pas vous, vous pouvez ignorer cet e-mail. Votre compte n’a pas été "
            "modifié."
        ),
        "reset_subject": "Réinitialisez votre mot de passe pour {event}",
        "reset_intro": (
            "Nous avons reçu une demande de réinitialisation du mot de passe de votre compte "
            "pour {event}."
        ),
        "reset_howto": "Ouvrez le lien ci-dessous pour choisir un nouveau mot de passe.",
        "reset_action": "Choisir un nouveau mot de passe",
        "reset_expiry": ("Le lien est valable 2 heures et ne peut être utilisé qu’une seule fois."),
        "reset_ignore": (
            "Si vous n’avez rien demandé, ignorez cet e-mail. Votre mot de passe reste inchangé."
        ),
        "invite_subject": "Votre nouveau compte",
        "invite_subject_event": "Votre compte pour {event}",
        "invite_intro": "Un compte a été créé pour vous.",
        "invite_intro_event": "Un compte a été créé pour vous afin de participer à {event}.",
        "invite_howto": (
            "Ouvrez le lien ci-dessous pour définir votre mot de passe. Vous vous connectez avec "
            "votre adresse e-mail : {email}."
        ),
        "invite_action": "Définir mon mot de passe",
        "invite_expiry": (
            "Le lien est valable 3 jours. Ensuite, utilisez « Mot de passe oublié » sur la page "
            "de connexion pour en recevoir un nouveau."
        ),
        "invite_ignore": "Si vous n’attendiez pas cet e-mail, vous pouvez l’ignorer.",
    },
    "it": {
        "greeting": "Ciao {name},",
        "greeting_plain": "Ciao,",
        "signature": "Il team di Venuely",
        "verify_subject": "Conferma il tuo indirizzo email per {event}",
        "verify_intro": "Grazie per la tua registrazione a {event}.",
        "verify_howto": (
            "Per attivare il tuo account, apri il link qui sotto oppure inserisci il codice "
            "nella pagina di conferma."
        ),
        "verify_action": "Conferma indirizzo email",
        "verify_code_label": "Il tuo codice di conferma",
        "verify_expiry": "Il link e il codice sono validi per 24 ore.",
        "verify_ignore": (
            "Se non hai effettuato tu la registrazione, ignora questa email: nessun account "
            "verrà attivato."
        ),
        "exists_subject": "Tentativo di registrazione a {event}",
        "exists_intro": (
            "Qualcuno, forse tu, ha appena provato a registrarsi a {event} con questo indirizzo "
            "email. Hai già un account con questo indirizzo."
        ),
        "exists_howto": (
            "Se eri tu, accedi semplicemente con la tua password. Se l’hai dimenticata, scegli "
            "«Password dimenticata» nella pagina di accesso per impostarne una nuova."
        ),
        "exists_action": "Vai alla pagina di accesso",
        "exists_ignore": (
            "Se non eri tu, puoi ignorare questa email. Il tuo account non è stato modificato."
        ),
        "reset_subject": "Reimposta la tua password per {event}",
        "reset_intro": (
            "Abbiamo ricevuto una richiesta di reimpostazione della password del tuo account "
            "per {event}."
        ),
        "reset_howto": "Apri il link qui sotto per scegliere una nuova password.",
        "reset_action": "Scegli una nuova password",
        "reset_expiry": "Il link è valido per 2 ore e può essere usato una sola volta.",
        "reset_ignore": (
            "Se non hai fatto tu questa richiesta, ignora questa email. La tua password resta "
            "invariata."
        ),
        "invite_subject": "Il tuo nuovo account",
        "invite_subject_event": "Il tuo account per {event}",
        "invite_intro": "È stato creato un account per te.",
        "invite_intro_event": "È stato creato un account per te per partecipare a {event}.",
        "invite_howto": (
            "Apri il link qui sotto per impostare la tua password. Accedi con il tuo indirizzo "
            "email: {email}."
        ),
        "invite_action": "Imposta la password",
        "invite_expiry": (
            "Il link è valido per 3 giorni. In seguito, usa «Password dimenticata» nella pagina "
            "di accesso per riceverne uno nuovo."
        ),
        "invite_ignore": "Se non aspettavi questa email, puoi ignorarla.",
    },
}
