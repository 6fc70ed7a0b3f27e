"""The error catalogue (core/error_codes.py) is consistent, drives ApiError and the socket's
closes, and the web app's generated list of codes is current."""

from __future__ import annotations

from pathlib import Path

import pytest

from venuely.core import error_codes_ts
from venuely.core.error_codes import ErrorCode, Realtime, error_envelope
from venuely.core.errors import ApiError, ErrorEnvelope
from venuely.realtime.errors import CloseCode, close_code_for


def test_every_code_is_spelled_as_its_name_and_declared_with_a_spec() -> None:
    for code in ErrorCode:
        assert code.value == code.name
        assert code.spec.status is None or 400 <= code.spec.status < 600


def test_a_code_rest_spells_differently_names_a_rest_code() -> None:
    aliased = [code for code in ErrorCode if code.spec.rest_as is not None]
    assert aliased == [ErrorCode.NOT_A_MEMBER]
    for code in aliased:
        assert code.spec.status is None  # REST never sends it under its own name
        assert code.rest_code.spec.status is not None


def test_closing_codes_have_a_close_code_of_their_name() -> None:
    closing = {code for code in ErrorCode if code.spec.realtime is Realtime.CLOSE}
    assert closing == {ErrorCode.TOKEN_REVOKED, ErrorCode.JWT_EXPIRED, ErrorCode.NOT_WHITELISTED}
    assert close_code_for(ErrorCode.TOKEN_REVOKED) is CloseCode.TOKEN_REVOKED
    assert close_code_for(ErrorCode.JWT_EXPIRED) is CloseCode.JWT_EXPIRED
    assert close_code_for(ErrorCode.NOT_WHITELISTED) is CloseCode.NOT_WHITELISTED
    assert close_code_for(ErrorCode.FORBIDDEN) is None


def test_api_error_takes_status_and_rest_form_from_the_catalogue() -> None:
    too_long = ApiError(ErrorCode.TEXT_TOO_LONG, "Text is too long", {"MaxLength": 4000})
    assert too_long.status == 422
    assert too_long.envelope() == error_envelope(
        ErrorCode.TEXT_TOO_LONG, "Text is too long", {"MaxLength": 4000}
    )
    member = ApiError(ErrorCode.NOT_A_MEMBER, "You are not a member", {"ChatroomID": "r"})
    assert member.status == 404
    assert member.envelope() == {
        "Error": {
            "Code": "CHATROOM_NOT_FOUND",
            "Message": "No such chat room in this event",
            "Data": {"ChatroomID": "r"},
        }
    }
    # A frame-layer code has no REST form: reaching REST would be a bug, answered as one.
    assert ApiError(ErrorCode.BAD_CHECKSUM, "x").status == 500


def test_the_envelope_model_is_built_by_the_one_builder() -> None:
    model = ErrorEnvelope.of(ErrorCode.RATE_LIMITED, "slow down", {"RetryAfterMs": 1500})
    assert model.model_dump() == error_envelope(
        ErrorCode.RATE_LIMITED, "slow down", {"RetryAfterMs": 1500}
    )


def test_the_generated_typescript_list_is_current() -> None:
    assert error_codes_ts.main(["--check"]) == 0, "run: python -m venuely.core.error_codes_ts"


def test_the_check_fails_on_a_stale_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    stale = tmp_path / "error-codes.ts"
    stale.write_text(error_codes_ts.render().replace('  "TEXT_TOO_LONG",\n', ""), "utf-8")
    assert error_codes_ts.main(["--check", "--out", str(stale)]) == 1
    assert "stale" in capsys.readouterr().err
    assert error_codes_ts.main(["--out", str(stale)]) == 0
    assert error_codes_ts.main(["--check", "--out", str(stale)]) == 0


def test_the_typescript_names_every_code_with_its_status() -> None:
    rendered = error_codes_ts.render()
    for code in ErrorCode:
        assert f'  "{code.value}",\n' in rendered
        status = "null" if code.spec.status is None else str(code.spec.status)
        assert f"  {code.value}: {status},\n" in rendered
