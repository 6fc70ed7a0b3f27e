from __future__ import annotations

import logging
from email import message_from_bytes, policy
from pathlib import Path

import pytest

from venuely.core.clock import FrozenClock
from venuely.core.mail import FileMailer
from venuely.core.mailtemplate import MailContent, render


def _content() -> MailContent:
    return MailContent(
        to="ada@example.com",
        subject="Confirm your address",
        greeting="Hello <b>Ada</b>,",
        paragraphs=["Please confirm."],
        action_label="Confirm",
        action_url="https://venuely.example/demo/password-confirmation?token=abc&x=1",
        code="123456",
        code_label="Your code",
    )


def test_html_part_escapes_what_people_typed() -> None:
    mail = render(_content())
    assert "<b>Ada</b>" not in mail.html
    assert "&lt;b&gt;Ada&lt;/b&gt;" in mail.html
    assert "token=abc&amp;x=1" in mail.html
    assert "https://venuely.example/demo/password-confirmation?token=abc&x=1" in mail.text
    assert "123456" in mail.text


async def test_file_mailer_writes_a_real_message_and_logs_the_link(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    mailer = FileMailer(tmp_path / "mail", "Venuely <no-reply@venuely.invalid>", FrozenClock())
    with caplog.at_level(logging.INFO, logger="venuely.mail"):
        await mailer.send(render(_content()))
    files = list((tmp_path / "mail").glob("*.eml"))
    assert len(files) == 1
    message = message_from_bytes(files[0].read_bytes(), policy=policy.default)
    assert message["To"] == "ada@example.com"
    assert message["Subject"] == "Confirm your address"
    assert message.get_body(preferencelist=("plain",)) is not None
    assert message.get_body(preferencelist=("html",)) is not None
    logged = [getattr(r, "links", []) for r in caplog.records]
    assert ["https://venuely.example/demo/password-confirmation?token=abc&x=1"] in logged
