"""One layout for every mail Venuely sends: greeting, paragraphs, an action button with its link
spelled out, an optional code, a footer. Plain text and HTML carry the same content; every value
is escaped in the HTML part, so names people type cannot inject markup."""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape

from venuely.core.mail import Mail


@dataclass(frozen=True, slots=True)
class MailContent:
    to: str
    subject: str
    greeting: str
    paragraphs: list[str]
    action_label: str = ""
    action_url: str = ""
    code: str = ""
    code_label: str = ""
    footer: list[str] = field(default_factory=list)


def render(content: MailContent) -> Mail:
    text_parts = [content.greeting, *content.paragraphs]
    if content.action_url:
        text_parts.append(f"{content.action_label}:\n{content.action_url}")
    if content.code:
        text_parts.append(f"{content.code_label}: {content.code}")
    text_parts.extend(content.footer)
    text = "\n\n".join(text_parts) + "\n"

    html_parts = [f"<p>{escape(content.greeting)}</p>"]
    html_parts += [f"<p>{escape(p)}</p>" for p in content.paragraphs]
    if content.action_url:
        url = escape(content.action_url, quote=True)
        html_parts.append(
            f'<p><a href="{url}" style="display:inline-block;padding:12px 20px;'
            f'background:#3b4fe4;color:#ffffff;border-radius:6px;text-decoration:none">'
            f"{escape(content.action_label)}</a></p>"
            f'<p style="font-size:13px;color:#555">{url}</p>'
        )
    if content.code:
        html_parts.append(
            f"<p>{escape(content.code_label)}:</p>"
            '<p style="font-size:28px;letter-spacing:6px;font-weight:bold">'
            f"{escape(content.code)}</p>"
        )
    html_parts += [f'<p style="font-size:13px;color:#555">{escape(f)}</p>' for f in content.footer]
    html = (
        '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;'
        'color:#1d1d1f;max-width:560px;margin:auto">' + "".join(html_parts) + "</body></html>"
    )
    return Mail(to=content.to, subject=content.subject, text=text, html=html)
