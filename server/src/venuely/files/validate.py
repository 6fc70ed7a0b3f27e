"""Turn an uploaded file into bytes that are safe to serve, or refuse it.

Images are decoded by Pillow and re-encoded, so what is stored is pixels the server wrote itself:
metadata, trailing data and polyglot payloads do not survive. The pixel count is checked from the
header before any pixel is decoded, so a small file announcing huge dimensions costs nothing.
Fonts are parsed by fontTools (every table decompiled) and compiled again in their own flavour,
which drops bytes outside the tables. MP4 videos are checked and their tracks copied into a new
file (`video.py`). These functions are CPU-bound and run in a worker thread.
"""

from __future__ import annotations

import io
import warnings
from dataclasses import dataclass

from PIL import Image, ImageOps

from venuely.files.sniff import Kind

# Output format and content type per accepted input format. GIF and ICO become PNG: an animated
# GIF keeps its first frame only, and every browser takes a PNG favicon.
_IMAGE_OUTPUT: dict[str, tuple[str, str, str]] = {
    "png": ("PNG", "image/png", "png"),
    "jpeg": ("JPEG", "image/jpeg", "jpg"),
    "webp": ("WEBP", "image/webp", "webp"),
    "gif": ("PNG", "image/png", "png"),
    "ico": ("PNG", "image/png", "png"),
}
_PIL_FORMATS = {"png": "PNG", "jpeg": "JPEG", "webp": "WEBP", "gif": "GIF", "ico": "ICO"}
_FONT_TYPES = {"woff2": "font/woff2", "woff": "font/woff", "ttf": "font/ttf", "otf": "font/otf"}


class InvalidFile(Exception):
    """The file claims a format it does not hold, or holds it in a form we refuse."""


@dataclass(frozen=True, slots=True)
class Cleaned:
    data: bytes
    kind: Kind
    content_type: str
    extension: str
    width: int = 0
    height: int = 0
    duration_ms: int = 0


def clean_image(data: bytes, fmt: str, max_pixels: int) -> Cleaned:
    out_format, content_type, extension = _IMAGE_OUTPUT[fmt]
    try:
        with warnings.catch_warnings():
            # Pillow's own bomb check only warns below 2x its global limit; make it an error.
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data), formats=[_PIL_FORMATS[fmt]]) as image:
                width, height = image.size
                if width < 1 or height < 1 or width * height > max_pixels:
                    raise InvalidFile(
                        f"image is {width}x{height} pixels; at most {max_pixels} pixels allowed"
                    )
                image.load()  # decodes every pixel: truncated or corrupt data fails here
                pixels = ImageOps.exif_transpose(image) if fmt == "jpeg" else image.copy()
    except InvalidFile:
        raise
    # Pillow refuses extreme sizes itself while opening (and warns, made an error above).
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
        raise InvalidFile(f"image has too many pixels; at most {max_pixels} allowed") from exc
    except (OSError, ValueError, SyntaxError, EOFError) as exc:
        raise InvalidFile(f"not a readable {fmt} image") from exc
    pixels = _convert_for(out_format, pixels)
    buffer = io.BytesIO()
    # Nothing from the original file is passed on: no EXIF, ICC, XMP or comments.
    if out_format == "JPEG":
        pixels.save(buffer, "JPEG", quality=90, optimize=True)
    elif out_format == "WEBP":
        pixels.save(buffer, "WEBP", quality=90, method=4)
    else:
        pixels.save(buffer, "PNG", optimize=True)
    return Cleaned(buffer.getvalue(), Kind.IMAGE, content_type, extension, *pixels.size)


def _convert_for(out_format: str, image: Image.Image) -> Image.Image:
    has_alpha = image.mode in ("RGBA", "LA", "PA") or (
        image.mode == "P" and "transparency" in image.info
    )
    if out_format == "JPEG":
        return image if image.mode in ("RGB", "L") else image.convert("RGB")
    if image.mode in ("RGB", "RGBA", "L") and out_format == "PNG":
        return image
    return image.convert("RGBA" if has_alpha else "RGB")


def clean_font(data: bytes, fmt: str) -> Cleaned:
    from fontTools.ttLib import TTFont, TTLibError

    try:
        font = TTFont(io.BytesIO(data), lazy=False, recalcBBoxes=False, recalcTimestamp=False)
        for tag in ("head", "name", "cmap", "maxp"):
            if tag not in font:
                raise InvalidFile(f"font has no {tag} table")
        if "glyf" not in font and "CFF " not in font and "CFF2" not in font:
            raise InvalidFile("font has no outlines")
        font.ensureDecompiled()
        font.getGlyphOrder()
        buffer = io.BytesIO()
        font.flavor = {"woff2": "woff2", "woff": "woff"}.get(fmt)
        font.save(buffer, reorderTables=True)
    except InvalidFile:
        raise
    # fontTools raises a wide range of errors on malformed input; all mean "not a font".
    except (TTLibError, Exception) as exc:
        raise InvalidFile(f"not a valid {fmt} font") from exc
    return Cleaned(buffer.getvalue(), Kind.FONT, _FONT_TYPES[fmt], fmt)


def clean_video(data: bytes, max_pixels: int) -> Cleaned:
    from venuely.files.video import InvalidVideo, check_mp4

    try:
        checked = check_mp4(data, max_pixels)
    except InvalidVideo as exc:
        raise InvalidFile(str(exc)) from exc
    return Cleaned(
        checked.data,
        Kind.VIDEO,
        "video/mp4",
        "mp4",
        checked.width,
        checked.height,
        checked.duration_ms,
    )


def clean(data: bytes, fmt: str, kind: Kind, max_pixels: int) -> Cleaned:
    if kind is Kind.IMAGE:
        return clean_image(data, fmt, max_pixels)
    if kind is Kind.VIDEO:
        return clean_video(data, max_pixels)
    return clean_font(data, fmt)
