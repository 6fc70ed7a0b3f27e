"""The pre-publish check's pure rules: framing headers as browsers read them, colours, WCAG
contrast with alpha compositing."""

from __future__ import annotations

import pytest

from venuely.events.prepublish.contrast import Rgba, contrast_ratio, parse_color
from venuely.events.prepublish.framing import Origin, framing_refusal, origin_of
from venuely.events.prepublish.theme import contrast_findings, web_alpha
from venuely.themes.defaults import BUILTIN, SubThemeType

EVENT = Origin("https", "events.example.com", 443)
EMBED = Origin("https", "player.example.net", 443)


@pytest.mark.parametrize(
    ("headers", "refused"),
    [
        ([], False),
        ([("X-Frame-Options", "DENY")], True),
        ([("x-frame-options", "sameorigin")], True),
        ([("X-Frame-Options", "ALLOWALL")], False),
        ([("X-Frame-Options", "ALLOW-FROM https://events.example.com")], False),
        ([("X-Frame-Options", "SAMEORIGIN"), ("X-Frame-Options", "DENY")], True),
        ([("X-Frame-Options", "allow-from a, allow-from b")], False),  # a conflict, ignored
        ([("Content-Security-Policy", "frame-ancestors")], True),  # an empty list admits none
        ([("Content-Security-Policy", "frame-ancestors 'none' https:")], False),
        ([("Content-Security-Policy", "frame-ancestors https://*.example.com")], False),
        ([("Content-Security-Policy", "frame-ancestors https://*.events.example.com")], True),
        ([("Content-Security-Policy", "frame-ancestors https://events.example.com:443")], False),
        ([("Content-Security-Policy", "frame-ancestors https://events.example.com:*")], False),
        ([("Content-Security-Policy", "frame-ancestors https://events.example.com:8443")], True),
        ([("Content-Security-Policy", "frame-ancestors http://events.example.com")], False),
        ([("Content-Security-Policy", "frame-ancestors wss://events.example.com")], True),
        ([("Content-Security-Policy", "frame-ancestors 'self'")], True),
        ([("Content-Security-Policy", "frame-ancestors 'nonce-abc'")], True),
        ([("Content-Security-Policy", "script-src 'none'")], False),  # no frame-ancestors
        ([("Content-Security-Policy", "frame-ancestors *; frame-ancestors 'none'")], False),
        (
            [
                ("Content-Security-Policy", "frame-ancestors https:"),
                ("Content-Security-Policy", "frame-ancestors 'none'"),
            ],
            True,
        ),
        ([("Content-Security-Policy", "frame-ancestors *"), ("X-Frame-Options", "DENY")], False),
    ],
)
def test_framing_rules(headers: list[tuple[str, str]], refused: bool) -> None:
    assert (framing_refusal(headers, EMBED, EVENT) is not None) is refused


def test_self_and_sameorigin_admit_the_embeds_own_origin() -> None:
    same = Origin("https", "events.example.com", 443)
    assert framing_refusal([("X-Frame-Options", "SAMEORIGIN")], same, EVENT) is None
    assert (
        framing_refusal([("Content-Security-Policy", "frame-ancestors 'self'")], same, EVENT)
        is None
    )
    # 'self' admits the https upgrade of an http embed's origin.
    http_embed = Origin("http", "events.example.com", 80)
    assert (
        framing_refusal([("Content-Security-Policy", "frame-ancestors 'self'")], http_embed, EVENT)
        is None
    )


def test_the_refusal_names_the_header() -> None:
    refusal = framing_refusal([("Content-Security-Policy", "frame-ancestors 'none'")], EMBED, EVENT)
    assert refusal == "Content-Security-Policy: frame-ancestors 'none'"


def test_origins() -> None:
    assert origin_of("https://A.example.com/x?y") == Origin("https", "a.example.com", 443)
    assert origin_of("http://127.0.0.1:8000") == Origin("http", "127.0.0.1", 8000)
    assert str(origin_of("http://127.0.0.1:8000")) == "http://127.0.0.1:8000"
    assert origin_of("ftp://example.com") is None
    assert origin_of("https://example.com:99999/") is None


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("#fff", Rgba(255, 255, 255)),
        ("#FF000080", Rgba(255, 0, 0, 128 / 255)),
        ("#0f08", Rgba(0, 255, 0, 136 / 255)),
        ("rgb(10, 20, 30)", Rgba(10, 20, 30)),
        ("rgba(10,20,30,0.5)", Rgba(10, 20, 30, 0.5)),
        ("rgb(10 20 30 / 25%)", Rgba(10, 20, 30, 0.25)),
        ("rgb(100%, 0%, 0%)", Rgba(255, 0, 0)),
        ("hsl(0, 100%, 50%)", Rgba(255, 0, 0)),
        ("hsla(120deg 100% 25% / 0.5)", Rgba(0, 127.5, 0, 0.5)),
        ("RebeccaPurple", Rgba(0x66, 0x33, 0x99)),
        ("transparent", Rgba(0, 0, 0, 0)),
    ],
)
def test_readable_colours(value: str, expected: Rgba) -> None:
    assert parse_color(value) == expected


@pytest.mark.parametrize(
    "value",
    [
        "var(--x)",
        "color-mix(in srgb, red, blue)",
        "#12",
        "rgb(1, 2)",
        "hsl(1, 2, 3)",
        "hsl(120degdeg, 50%, 50%)",
        "",
        3,
        None,
    ],
)
def test_unreadable_colours(value: object) -> None:
    assert parse_color(value) is None


def test_wcag_contrast() -> None:
    assert contrast_ratio(Rgba(0, 0, 0), Rgba(255, 255, 255)) == pytest.approx(21)
    assert contrast_ratio(Rgba(255, 255, 255), Rgba(255, 255, 255)) == pytest.approx(1)
    # #767676 on white is the classic just-passing grey (4.54:1).
    grey = parse_color("#767676")
    assert grey is not None
    assert contrast_ratio(grey, Rgba(255, 255, 255)) == pytest.approx(4.54, abs=0.01)
    # Half-transparent black over white is seen as mid grey.
    assert Rgba(0, 0, 0, 0.5).over(Rgba(255, 255, 255)) == Rgba(127.5, 127.5, 127.5)


@pytest.mark.parametrize(
    ("value", "expected"),
    [(0.5, 0.5), ("0.25", 0.25), ("1", 1.0), ("2", None), ("x", None), (True, None)],
)
def test_alpha_values_as_the_web_app_reads_them(value: object, expected: float | None) -> None:
    assert web_alpha(value) == expected


def test_the_built_in_theme_passes() -> None:
    assert contrast_findings({sub: dict(BUILTIN[sub]) for sub in SubThemeType}) == []


def test_an_alpha_key_replaces_a_hex_colours_alpha_and_multiplies_others() -> None:
    maps = {sub: dict(BUILTIN[sub]) for sub in SubThemeType}
    # An opaque-looking dark chat made almost invisible by its alpha: the light page shows.
    maps[SubThemeType.CHAT].update(background_color="#000000", background_alpha="0.02")
    assert contrast_findings(maps) == []
    maps[SubThemeType.CHAT].update(background_color="rgba(0, 0, 0, 1)", background_alpha="0.9")
    assert [f.Params["BackgroundKey"] for f in contrast_findings(maps)] == ["background_color"]
    # A null value falls back to the built-in colour, as the stylesheet's fallback does.
    maps[SubThemeType.CHAT].update(background_color=None)
    assert contrast_findings(maps) == []
