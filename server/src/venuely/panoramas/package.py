"""Read a tour zip (docs/formats/tour-package.md) into cleaned files, or refuse it as a whole.

Everything here is CPU-bound, synchronous and touches neither the database nor the storage
backend: a package is read, checked and re-encoded entirely in memory, and only a fully
accepted `Package` is handed to the caller to store. So a refused upload leaves nothing behind.

The zip's own size fields are never trusted: every entry is decompressed with an explicit byte
cap (its own limit, the running total and the ratio bound), so a lying header cannot make us
allocate more than the limits below.
"""

from __future__ import annotations

import io
import json
import re
import stat
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field

from pydantic import ValidationError

from venuely.files.sniff import HEAD_BYTES, sniff
from venuely.files.validate import InvalidFile, clean_image
from venuely.panoramas.tourfile import Tour, pano_xml

MAX_ENTRIES = 500
MAX_ENTRY_BYTES = 64 * 1024 * 1024
MAX_TOTAL_BYTES = 512 * 1024 * 1024
MAX_RATIO = 100
# Tiny entries compress absurdly well (a run of spaces in tour.json); the ratio only says
# "bomb" once an entry is big enough to matter.
RATIO_FLOOR_BYTES = 1024 * 1024
MAX_TOUR_JSON_BYTES = 2 * 1024 * 1024
MAX_THUMB_WIDTH = 1024
READ_CHUNK = 64 * 1024

TOUR_JSON = "tour.json"
PANO_XML = "pano.xml"
NODE_FORMATS = frozenset({"jpeg", "png"})
ASSET_FORMATS = frozenset({"jpeg", "png", "webp"})
_DRIVE = re.compile(r"^[A-Za-z]:")
_SAFE_SEGMENT = re.compile(r"^[A-Za-z0-9_.-]+$")

# (step, done, total): "check" while entries are read, "images" while they are re-encoded.
Progress = Callable[[str, int, int], None]


class PackageError(Exception):
    """The package is refused; `too_large` asks for 413 instead of 422."""

    def __init__(self, message: str, *, entry: str | None = None, too_large: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.entry = entry
        self.too_large = too_large


@dataclass(frozen=True, slots=True)
class PackageFile:
    path: str
    data: bytes
    content_type: str


@dataclass(slots=True)
class Package:
    tour: Tour
    files: list[PackageFile] = field(default_factory=list)

    @property
    def size(self) -> int:
        return sum(len(f.data) for f in self.files)


def _check_name(info: zipfile.ZipInfo) -> None:
    name = info.filename
    if "\\" in name:
        raise PackageError("entry names must not contain a backslash", entry=name)
    if name.startswith("/") or _DRIVE.match(name):
        raise PackageError("entry names must be relative", entry=name)
    if "\x00" in name:
        raise PackageError("entry names must not contain NUL", entry=name)
    segments = name.rstrip("/").split("/")
    if any(seg in ("", ".", "..") for seg in segments):
        raise PackageError("entry names must not contain '..', '.' or empty parts", entry=name)
    if not all(_SAFE_SEGMENT.match(seg) for seg in segments):
        raise PackageError("entry names use only a-z A-Z 0-9 _ . -", entry=name)
    mode = info.external_attr >> 16
    if stat.S_ISLNK(mode):
        raise PackageError("symbolic links are not allowed", entry=name)
    if info.flag_bits & 0x1:
        raise PackageError("encrypted entries are not allowed", entry=name)


def _read_entry(archive: zipfile.ZipFile, info: zipfile.ZipInfo, budget: int) -> bytes:
    """The entry's bytes, refusing as soon as they pass its size, the total or the ratio bound."""
    cap = min(MAX_ENTRY_BYTES, budget)
    ratio_cap = max(info.compress_size * MAX_RATIO, RATIO_FLOOR_BYTES)
    parts: list[bytes] = []
    size = 0
    try:
        with archive.open(info) as handle:
            while chunk := handle.read(READ_CHUNK):
                size += len(chunk)
                if size > ratio_cap:
                    raise PackageError(
                        f"compression ratio over {MAX_RATIO}:1 (zip bomb)", entry=info.filename
                    )
                if size > cap:
                    what = (
                        f"more than {MAX_ENTRY_BYTES} bytes"
                        if cap == MAX_ENTRY_BYTES
                        else f"over the total of {MAX_TOTAL_BYTES} bytes"
                    )
                    raise PackageError(
                        f"entry uncompresses to {what}", entry=info.filename, too_large=True
                    )
                parts.append(chunk)
    except PackageError:
        raise
    except (
        zipfile.BadZipFile,
        zipfile.LargeZipFile,
        OSError,
        EOFError,
        ValueError,
        RuntimeError,
    ) as exc:
        # CRC mismatch, a lying size field, an unsupported method: all mean a broken package.
        raise PackageError(f"entry cannot be read: {exc}", entry=info.filename) from exc
    except NotImplementedError as exc:
        raise PackageError("entry uses an unsupported compression", entry=info.filename) from exc
    return b"".join(parts)


def _open(data: bytes) -> zipfile.ZipFile:
    try:
        return zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, EOFError) as exc:
        raise PackageError("the upload is not a zip file") from exc


def _parse_tour(raw: bytes) -> Tour:
    if len(raw) > MAX_TOUR_JSON_BYTES:
        raise PackageError(f"tour.json is over {MAX_TOUR_JSON_BYTES} bytes", entry=TOUR_JSON)
    try:
        document = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        raise PackageError(f"tour.json is not valid JSON: {exc}", entry=TOUR_JSON) from exc
    try:
        return Tour.model_validate(document)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ())) or "tour"
        raise PackageError(
            f"tour.json does not follow the format at {where}: {first.get('msg')}",
            entry=TOUR_JSON,
        ) from exc


def _clean(
    path: str, data: bytes, formats: frozenset[str], max_pixels: int
) -> tuple[PackageFile, int, int]:
    found = sniff(data[:HEAD_BYTES])
    if found is None or found[0] not in formats:
        raise PackageError(f"not a {' or '.join(sorted(formats))} image", entry=path)
    try:
        cleaned = clean_image(data, found[0], max_pixels)
    except InvalidFile as exc:
        raise PackageError(str(exc), entry=path) from exc
    return PackageFile(path, cleaned.data, cleaned.content_type), cleaned.width, cleaned.height


def read_package(data: bytes, max_pixels: int, progress: Progress | None = None) -> Package:
    """Check and clean a whole package. Raises `PackageError` naming the first problem."""
    report = progress or (lambda _step, _done, _total: None)
    with _open(data) as archive:
        infos = archive.infolist()
        if len(infos) > MAX_ENTRIES:
            raise PackageError(f"more than {MAX_ENTRIES} entries", too_large=True)
        names: set[str] = set()
        for info in infos:
            _check_name(info)
            if info.filename in names:
                raise PackageError("duplicate entry name", entry=info.filename)
            names.add(info.filename)
        entries = [i for i in infos if not i.is_dir()]
        contents: dict[str, bytes] = {}
        total = 0
        for done, info in enumerate(entries, start=1):
            content = _read_entry(archive, info, MAX_TOTAL_BYTES - total)
            total += len(content)
            contents[info.filename] = content
            report("check", done, len(entries))
    if TOUR_JSON not in contents:
        raise PackageError("tour.json is missing at the root of the zip", entry=TOUR_JSON)
    tour = _parse_tour(contents[TOUR_JSON])
    nodes, thumbs, assets = tour.node_images(), tour.thumbnails(), tour.assets()
    referenced = nodes | thumbs | assets
    for path in sorted(referenced):
        if path not in contents:
            raise PackageError("tour.json names a file that is not in the zip", entry=path)
    for path in sorted(contents):
        if path != TOUR_JSON and path not in referenced:
            raise PackageError("entry is not referenced by tour.json", entry=path)
    package = Package(tour=tour)
    images = sorted(referenced)
    for done, path in enumerate(images, start=1):
        formats = ASSET_FORMATS if path in assets and path not in nodes | thumbs else NODE_FORMATS
        cleaned, width, height = _clean(path, contents[path], formats, max_pixels)
        if path in nodes and width != 2 * height:
            raise PackageError(
                f"a node panorama must be twice as wide as high, not {width}x{height}", entry=path
            )
        if path in thumbs and path not in nodes and width > MAX_THUMB_WIDTH:
            raise PackageError(f"thumbnails are at most {MAX_THUMB_WIDTH} px wide", entry=path)
        package.files.append(cleaned)
        report("images", done, len(images))
    package.files.append(PackageFile(TOUR_JSON, contents[TOUR_JSON], "application/json"))
    package.files.append(PackageFile(PANO_XML, pano_xml(tour), "application/xml"))
    return package
