"""Password rules (quality-bar §4) and argon2id hashing off the event loop.

Rules: at least 12 and at most 1024 characters (nothing is truncated), not a well-known password
or an obvious pattern, not the account's own address. A broken rule is reported by name so the
client can say which one (`LoginResponse.Rules`).
"""

from __future__ import annotations

import asyncio
import re

from venuely.core.security import hash_password, verify_password

MIN_LENGTH = 12
MAX_LENGTH = 1024

MIN_LENGTH_RULE = "min_length"
MAX_LENGTH_RULE = "max_length"
COMMON_RULE = "common_password"
REPEATED_RULE = "repeated_character"
EMAIL_RULE = "matches_email"

# Long passwords that show up again and again in breach corpora. Compared lower-cased.
_COMMON = frozenset(
    {
        "password1234",
        "password12345",
        "password123456",
        "passwordpassword",
        "password1234!",
        "123456789012",
        "1234567890123",
        "12345678901234",
        "123456123456",
        "123123123123",
        "111111111111",
        "000000000000",
        "121212121212",
        "123412341234",
        "qwertyuiopas",
        "qwertyuiop123",
        "qwerty123456",
        "qwertyqwerty",
        "1qaz2wsx3edc",
        "1q2w3e4r5t6y",
        "q1w2e3r4t5y6",
        "zaq12wsxcde3",
        "asdfghjkl123",
        "asdfasdfasdf",
        "abcdefghijkl",
        "abc123abc123",
        "abcd1234abcd",
        "iloveyou1234",
        "iloveyouiloveyou",
        "letmein12345",
        "letmeinletmein",
        "welcome12345",
        "welcome123456",
        "welcometotheparty",
        "changeme1234",
        "changemenow!",
        "trustno1trustno1",
        "baseball1234",
        "football1234",
        "footballfootball",
        "basketball12",
        "superman1234",
        "batman123456",
        "starwars1234",
        "princess1234",
        "sunshine1234",
        "monkey123456",
        "dragon123456",
        "shadow123456",
        "master123456",
        "michael12345",
        "jennifer1234",
        "jordan231234",
        "liverpool123",
        "chelsea12345",
        "arsenal12345",
        "manchesterunited",
        "pokemon12345",
        "minecraft123",
        "computer1234",
        "internet1234",
        "administrator",
        "administrator1",
        "admin1234567",
        "adminadmin12",
        "rootroot1234",
        "secret123456",
        "mypassword12",
        "mypassword123",
        "thisismypassword",
        "correcthorsebatterystaple",
        "correct horse battery staple",
        "letmein!letmein!",
        "passw0rd1234",
        "p@ssw0rd1234",
        "p@ssword1234",
        "qazwsxedcrfv",
        "1qazxsw23edc",
        "zxcvbnm12345",
        "zxcvbnmasdfg",
        "!qaz2wsx#edc",
        "1234qwerasdf",
        "qwer1234asdf",
        "asdf1234qwer",
        "hello1234567",
        "helloworld12",
        "helloworld123",
        "summer202020",
        "winter202020",
        "spring202020",
        "autumn202020",
        "december1234",
        "september123",
        "blink182blink182",
        "whatever1234",
        "freedom12345",
        "password1!password1!",
        "1234567890qwerty",
        "qwerty1234567890",
        "abc123456789",
        "987654321098",
        "147258369147",
        "159753159753",
        "741852963741",
        "iloveyou!!!!",
        "venuely12345",
        "venuelyvenuely",
    }
)

# Words that stay guessable with digits or symbols around them: "Password2024!", "welcome!!!!!".
_GUESSABLE_CORES = frozenset(
    {
        "password",
        "passwort",
        "contraseña",
        "motdepasse",
        "passw0rd",
        "p@ssw0rd",
        "qwerty",
        "qwertz",
        "azerty",
        "letmein",
        "welcome",
        "iloveyou",
        "admin",
        "administrator",
        "changeme",
        "secret",
        "monkey",
        "dragon",
        "football",
        "baseball",
        "sunshine",
        "princess",
        "master",
        "login",
        "venuely",
        "summer",
        "winter",
        "hallo",
        "hello",
    }
)

# Walking along these (forwards or backwards, wrapping around) gives no secret at all.
_SEQUENCES = (
    "0123456789",
    "abcdefghijklmnopqrstuvwxyz",
    "qwertyuiopasdfghjklzxcvbnm",
    "qwertzuiopasdfghjklyxcvbnm",
    "azertyuiopqsdfghjklmwxcvbn",
    "1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik9ol0p",
)
_AROUND_CORE = re.compile(r"^[\d\W_]*(.*?)[\d\W_]*$")


def _is_sequence(text: str) -> bool:
    for sequence in _SEQUENCES:
        for walk in (sequence, sequence[::-1]):
            # Enough repetitions that any run of `text`'s length fits inside.
            repeated = walk * (len(text) // len(walk) + 2)
            if text in repeated:
                return True
    return False


def _is_short_repetition(text: str) -> bool:
    """ "abcabcabcabc", "12121212121212": a unit of up to four characters repeated."""
    for size in range(2, 5):
        unit = text[:size]
        if len(text) >= size * 2 and unit * (len(text) // size) + unit[: len(text) % size] == text:
            return True
    return False


def _is_common(password: str) -> bool:
    lowered = password.lower()
    if lowered in _COMMON or _is_sequence(lowered) or _is_short_repetition(lowered):
        return True
    match = _AROUND_CORE.match(lowered)
    core = match.group(1) if match else lowered
    return core in _GUESSABLE_CORES or (core != lowered and core in _COMMON)


def password_problems(password: str, email: str = "") -> list[str]:
    """The names of the rules `password` breaks; empty when it is acceptable."""
    if len(password) > MAX_LENGTH:
        return [MAX_LENGTH_RULE]
    problems: list[str] = []
    if len(password) < MIN_LENGTH:
        problems.append(MIN_LENGTH_RULE)
    if password and len(set(password)) == 1:
        problems.append(REPEATED_RULE)
    elif password and _is_common(password):
        problems.append(COMMON_RULE)
    lowered, email = password.lower(), email.lower()
    if email and lowered in {email, email.partition("@")[0]}:
        problems.append(EMAIL_RULE)
    return problems


async def hash_password_async(password: str) -> str:
    # argon2 takes tens of milliseconds of CPU; off the loop, other requests keep flowing.
    return await asyncio.to_thread(hash_password, password)


async def verify_password_async(password_hash: str | None, password: str) -> bool:
    return await asyncio.to_thread(verify_password, password_hash, password)
