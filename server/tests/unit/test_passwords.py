"""The password rules, on their own."""

from __future__ import annotations

import pytest

from venuely.accounts.passwords import (
    COMMON_RULE,
    EMAIL_RULE,
    MAX_LENGTH,
    MAX_LENGTH_RULE,
    MIN_LENGTH_RULE,
    REPEATED_RULE,
    hash_password_async,
    password_problems,
    verify_password_async,
)


@pytest.mark.parametrize(
    "password",
    [
        "violet-kayak-harbour-9",
        "correct horse battery",
        "Tr0ub4dor&3xyz",
        "zwölf Zeichen ok",
        "x" * 11 + "y",
        "p" * 63 + "q",
        "a" + "b" * (MAX_LENGTH - 1),
        "my password is long enough",
    ],
)
def test_acceptable_passwords(password: str) -> None:
    assert password_problems(password, "someone@example.com") == []


@pytest.mark.parametrize(
    ("password", "rules"),
    [
        ("", [MIN_LENGTH_RULE]),
        ("elevenchars", [MIN_LENGTH_RULE]),
        ("x" * (MAX_LENGTH + 1), [MAX_LENGTH_RULE]),
        ("aaaaaaaaaaaaaaaa", [REPEATED_RULE]),
        ("............", [REPEATED_RULE]),
        ("password1234", [COMMON_RULE]),
        ("PASSWORD1234", [COMMON_RULE]),
        ("Password2024!", [COMMON_RULE]),
        ("!!Welcome!!2025", [COMMON_RULE]),
        ("123456789012", [COMMON_RULE]),
        ("210987654321", [COMMON_RULE]),
        ("qwertyuiopas", [COMMON_RULE]),
        ("QWERTZUIOPASD", [COMMON_RULE]),
        ("abcdefghijklmnop", [COMMON_RULE]),
        ("abcabcabcabc", [COMMON_RULE]),
        ("12121212121212", [COMMON_RULE]),
        ("1qaz2wsx3edc", [COMMON_RULE]),
        ("iloveyou1234", [COMMON_RULE]),
        ("Someone@Example.com", [EMAIL_RULE]),
    ],
)
def test_refused_passwords_name_the_rule(password: str, rules: list[str]) -> None:
    assert password_problems(password, "someone@example.com") == rules


def test_local_part_of_the_address_is_refused() -> None:
    assert password_problems("Grace.Hopper.1906", "grace.hopper.1906@example.com") == [EMAIL_RULE]
    assert password_problems("grace.hopper.1906@example.com", "grace.hopper.1906@example.com") == [
        EMAIL_RULE
    ]
    assert password_problems("Grace.Hopper.1906", "other@example.com") == []


def test_short_and_common_are_both_reported() -> None:
    assert password_problems("password", "") == [MIN_LENGTH_RULE, COMMON_RULE]


async def test_hashing_is_argon2id_and_verifies() -> None:
    hashed = await hash_password_async("violet-kayak-harbour-9")
    assert hashed.startswith("$argon2id$")
    assert await verify_password_async(hashed, "violet-kayak-harbour-9")
    assert not await verify_password_async(hashed, "violet-kayak-harbour-8")
    assert not await verify_password_async(None, "violet-kayak-harbour-9")
