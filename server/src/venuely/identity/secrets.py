"""Encryption of the secrets identity keeps: providers' client secrets and customers' portal
hand-off secrets. Both must be readable again (a client secret is sent to the provider, a
hand-off secret checks a signature), so they are encrypted rather than hashed.

Fernet (AES-128-CBC with HMAC-SHA256, from `cryptography`) under a key derived with HKDF from
`VENUELY_SECRET_KEY`, so a stolen database alone reveals none of them. Changing the secret key
makes them unreadable: such a provider then refuses sign-ins (SSO_PROVIDER_FAILED) until its
client secret is entered again, and a portal secret must be rotated.
"""

from __future__ import annotations

import base64
from functools import lru_cache

from cryptography.fernet import Fernet, InvalidToken
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

# Names the purpose, so the same secret key yields unrelated keys elsewhere.
_INFO = b"venuely identity secrets v1"


class SecretUnreadable(Exception):
    """Encrypted under another secret key, or altered."""


@lru_cache(maxsize=4)
def _fernet(secret_key: str) -> Fernet:
    key = HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=_INFO).derive(
        secret_key.encode("utf-8")
    )
    return Fernet(base64.urlsafe_b64encode(key))


def encrypt(secret_key: str, plain: str) -> str:
    return _fernet(secret_key).encrypt(plain.encode("utf-8")).decode("ascii")


def decrypt(secret_key: str, token: str) -> str:
    try:
        return _fernet(secret_key).decrypt(token.encode("ascii")).decode("utf-8")
    except (InvalidToken, UnicodeError) as exc:
        raise SecretUnreadable from exc
