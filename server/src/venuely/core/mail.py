"""Outgoing mail: SMTP when `VENUELY_SMTP_HOST` is set, otherwise `.eml` files under `var/mail/`.

The file backend is the development default: every mail is a real RFC 5322 message a mail client
opens, and its links are logged so a developer can click through without a mail server.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid
from pathlib import Path
from typing import Protocol

import aiosmtplib

from venuely.core.clock import Clock
from venuely.core.ids import new_id

log = logging.getLogger("venuely.mail")
_LINK_RE = re.compile(r"https?://\S+")


@dataclass(frozen=True, slots=True)
class Mail:
    to: str
    subject: str
    text: str
    html: str


class Mailer(Protocol):
    async def send(self, mail: Mail) -> None: ...


def build_message(mail: Mail, sender: str, clock: Clock) -> EmailMessage:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = mail.to
    # Subjects carry user text (event titles, names): a line break would be a header injection,
    # and the email library refuses it with an exception, so fold it to a space.
    message["Subject"] = " ".join(mail.subject.split())
    message["Date"] = format_datetime(clock.now())
    message["Message-ID"] = make_msgid(domain="venuely.local")
    message.set_content(mail.text)
    message.add_alternative(mail.html, subtype="html")
    return message


class SmtpMailer:
    def __init__(
        self,
        host: str,
        port: int,
        user: str,
        password: str,
        sender: str,
        starttls: bool,
        clock: Clock,
    ) -> None:
        self.host, self.port, self.user, self.password = host, port, user, password
        self.sender, self.starttls, self.clock = sender, starttls, clock

    async def send(self, mail: Mail) -> None:
        await aiosmtplib.send(
            build_message(mail, self.sender, self.clock),
            hostname=self.host,
            port=self.port,
            username=self.user or None,
            password=self.password or None,
            start_tls=self.starttls,
            timeout=15,
        )
        log.info("mail sent", extra={"to": mail.to, "subject": mail.subject})


class FileMailer:
    def __init__(self, directory: Path, sender: str, clock: Clock) -> None:
        self.directory, self.sender, self.clock = directory, sender, clock

    async def send(self, mail: Mail) -> None:
        self.directory.mkdir(parents=True, exist_ok=True)
        path = self.directory / f"{new_id()}.eml"
        path.write_bytes(bytes(build_message(mail, self.sender, self.clock)))
        log.info(
            "mail written",
            extra={
                "to": mail.to,
                "subject": mail.subject,
                "file": str(path),
                "links": _LINK_RE.findall(mail.text),
            },
        )
