"""Colours as CSS writes them, alpha compositing, and WCAG 2.x contrast. Pure functions.

Readable colours: `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb()`/`rgba()` and `hsl()`/`hsla()`
(comma or space syntax, `/ alpha`, percentages), `transparent` and the 148 CSS colour names.
Anything else (`var(...)`, `color-mix(...)`, other colour spaces) is unreadable: the caller says
so instead of guessing.

Compositing is done as browsers paint, in sRGB: a colour with alpha `a` over a backdrop gives
`a * colour + (1 - a) * backdrop` per channel. Contrast is WCAG 2.x: relative luminance from
linearised sRGB channels, ratio `(L1 + 0.05) / (L2 + 0.05)`.
"""

from __future__ import annotations

import colorsys
import re
from dataclasses import dataclass

from PIL import ImageColor

AA_NORMAL_TEXT = 4.5

_HEX = re.compile(r"^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$")
_FUNCTION = re.compile(r"^(rgba?|hsla?)\(([^()]*)\)$")
_NUMBER = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?(%|deg)?$")


@dataclass(frozen=True, slots=True)
class Rgba:
    r: float  # 0..255
    g: float
    b: float
    a: float = 1.0  # 0..1

    def over(self, backdrop: Rgba) -> Rgba:
        """This colour painted over an opaque `backdrop`."""
        a = self.a
        return Rgba(
            a * self.r + (1 - a) * backdrop.r,
            a * self.g + (1 - a) * backdrop.g,
            a * self.b + (1 - a) * backdrop.b,
        )

    def with_alpha(self, alpha: float) -> Rgba:
        return Rgba(self.r, self.g, self.b, alpha)

    def hex(self) -> str:
        return "#" + "".join(f"{round(c):02x}" for c in (self.r, self.g, self.b))


WHITE = Rgba(255, 255, 255)


def _clamp(value: float, top: float) -> float:
    return min(max(value, 0.0), top)


def _number(token: str, scale: float) -> float | None:
    """A channel: a plain number in 0..scale, or a percentage of scale."""
    if not _NUMBER.match(token):
        return None
    if token.endswith("%"):
        return _clamp(float(token[:-1]) / 100 * scale, scale)
    if token.endswith("deg"):
        return None
    return _clamp(float(token), scale)


def _alpha(token: str | None) -> float | None:
    if token is None:
        return 1.0
    if not _NUMBER.match(token) or token.endswith("deg"):
        return None
    value = float(token[:-1]) / 100 if token.endswith("%") else float(token)
    return _clamp(value, 1.0)


def _function(name: str, body: str) -> Rgba | None:
    tokens = body.replace(",", " ").replace("/", " / ").split()
    alpha_token: str | None = None
    if "/" in tokens:
        at = tokens.index("/")
        if at != 3 or len(tokens) != 5:
            return None
        alpha_token, tokens = tokens[4], tokens[:3]
    elif len(tokens) == 4:
        alpha_token, tokens = tokens[3], tokens[:3]
    if len(tokens) != 3:
        return None
    alpha = _alpha(alpha_token)
    if alpha is None:
        return None
    if name.startswith("rgb"):
        channels = [_number(t, 255) for t in tokens]
        if any(c is None for c in channels):
            return None
        r, g, b = (float(c or 0) for c in channels)
        return Rgba(r, g, b, alpha)
    hue_token = tokens[0].removesuffix("deg")
    # One unit at most: "120degdeg" would otherwise reach float() as "120deg".
    if not _NUMBER.match(hue_token) or hue_token.endswith(("%", "deg")):
        return None
    saturation, lightness = _number(tokens[1], 1.0), _number(tokens[2], 1.0)
    if saturation is None or lightness is None or not tokens[1].endswith("%"):
        return None
    r, g, b = colorsys.hls_to_rgb(float(hue_token) % 360 / 360, lightness, saturation)
    return Rgba(r * 255, g * 255, b * 255, alpha)


def parse_color(value: object) -> Rgba | None:
    if not isinstance(value, str):
        return None
    text = value.strip().lower()
    if text == "transparent":
        return Rgba(0, 0, 0, 0.0)
    hex_match = _HEX.match(text)
    if hex_match:
        digits = hex_match.group(1)
        if len(digits) <= 4:
            digits = "".join(d * 2 for d in digits)
        channels = [int(digits[i : i + 2], 16) for i in range(0, len(digits), 2)]
        alpha = channels[3] / 255 if len(channels) == 4 else 1.0
        return Rgba(channels[0], channels[1], channels[2], alpha)
    function = _FUNCTION.match(text)
    if function:
        return _function(function.group(1), function.group(2))
    named = ImageColor.colormap.get(text)
    if isinstance(named, tuple):  # Pillow caches names it has parsed as tuples
        return Rgba(*named)
    if isinstance(named, str):
        return parse_color(named)
    return None


def relative_luminance(color: Rgba) -> float:
    def linear(channel: float) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * linear(color.r) + 0.7152 * linear(color.g) + 0.0722 * linear(color.b)


def contrast_ratio(first: Rgba, second: Rgba) -> float:
    lighter, darker = sorted((relative_luminance(first), relative_luminance(second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)
