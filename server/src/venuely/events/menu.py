"""Menu items (navigation buttons) and the Data each Type carries (attendee-app.md §3).

One request class per Type, discriminated on `Type`, so a `URL` item with `javascript:` in `src`
or an `Addon` naming an unknown module is refused at the door instead of reaching the attendee
app. To add a Type: write its Data model and its item class, then add it to `MenuItemIn`.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal, get_args

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from venuely.core.ids import NULL_ID, Id

_HTTP_URL_RE = re.compile(r"^https?://[^\s/?#]+[^\s]*$", re.IGNORECASE)
_SIZE_RE = re.compile(r"^\d{1,5}(\.\d{1,3})?(px|%|vw|vh)?$")

AddonModule = Literal[
    "Auditorium",
    "BreakoutRoom",
    "Cinema",
    "EngagementIsland",
    "Helpdesk",
    "Landing",
    "Photobooth",
    "Polls",
    "TreasureHunt",
    "WallOfFame",
    "FAQ",
    "Iframe",
]
ADDON_MODULES: tuple[str, ...] = get_args(AddonModule)
SidebarKind = Literal[
    "Agenda", "Chat", "Leaderboard", "Replays", "Speakers", "FAQ", "Location Agenda"
]


def _http_url(value: str) -> str:
    if not _HTTP_URL_RE.match(value):
        raise ValueError("must be an http(s) URL")
    return value


def _size(value: int | str) -> int | str:
    if isinstance(value, str) and not _SIZE_RE.match(value):
        raise ValueError("must be a number, optionally with px, %, vw or vh")
    return value


HttpUrl = Annotated[str, Field(min_length=1, max_length=2000), AfterValidator(_http_url)]
Size = Annotated[int | str, Field(union_mode="left_to_right"), AfterValidator(_size)]
# Views are stored by the tour as a number (horizontal degrees) or a short "h,v,fov" string.
Angle = Annotated[float | Annotated[str, Field(max_length=100)], Field(union_mode="left_to_right")]
NodeId = Annotated[str, Field(min_length=1, max_length=200)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class UrlData(_Strict):
    mode: Literal["New tab", "Same tab", "Over page"]
    src: HttpUrl


class JsCallData(_Strict):
    code: Annotated[str, Field(min_length=1, max_length=10_000)]


class ModuleData(_Strict):
    module: Annotated[str, Field(min_length=1, max_length=100)]


class AddonData(_Strict):
    module: AddonModule


class IFrameData(_Strict):
    url: HttpUrl
    width: Size = "100%"
    height: Size = "100%"


class FullscreenIframeData(_Strict):
    slug: Annotated[str, Field(min_length=1, max_length=100, pattern=r"^[a-z0-9-]+$")]
    # The page /page/{slug} frames (not in the spec, which names only the slug: without an
    # address the page has nothing to show). Optional so items stored before it still load;
    # the attendee app says such a page is not set up, and the console asks for it.
    url: HttpUrl | None = None


class PanoramaData(_Strict):
    id: NodeId
    angle: Angle | None = None


class VirtualLocationData(_Strict):
    VirtualSpaceMainpanoID: NodeId
    id: NodeId
    angle: Angle | None = None


class LocalizedText(_Strict):
    en: Annotated[str, Field(max_length=200)] = ""
    de: Annotated[str, Field(max_length=200)] = ""
    es: Annotated[str, Field(max_length=200)] = ""
    fr: Annotated[str, Field(max_length=200)] = ""
    it: Annotated[str, Field(max_length=200)] = ""


class _MenuItemBase(_Strict):
    # Optional on create (the server assigns it); on update it must match the path.
    ID: Id | None = None
    Position: Literal["Top", "Bottom"]
    IsVisible: bool = True
    Index: Annotated[int, Field(ge=-1_000_000, le=1_000_000)] = 0
    Name: Annotated[str, Field(max_length=200)] = ""
    NameDE: Annotated[str, Field(max_length=200)] = ""
    Names: LocalizedText = Field(default_factory=LocalizedText)
    SidebarTitles: LocalizedText = Field(default_factory=LocalizedText)
    SidebarType: SidebarKind | None = None
    VirtualSpaceID: Id = NULL_ID
    IsSidebar: bool = False


class UrlItem(_MenuItemBase):
    Type: Literal["URL"]
    Data: UrlData


class JsCallItem(_MenuItemBase):
    Type: Literal["JS Call"]
    Data: JsCallData


class ModuleItem(_MenuItemBase):
    Type: Literal["Module"]
    Data: ModuleData


class AddonItem(_MenuItemBase):
    Type: Literal["Addon"]
    Data: AddonData


class IFrameItem(_MenuItemBase):
    Type: Literal["IFrame"]
    Data: IFrameData


class FullscreenIframeItem(_MenuItemBase):
    Type: Literal["FullscreenIframe"]
    Data: FullscreenIframeData


class PanoramaItem(_MenuItemBase):
    Type: Literal["Panorama"]
    Data: PanoramaData


class VirtualLocationItem(_MenuItemBase):
    Type: Literal["VirtualLocation"]
    Data: VirtualLocationData


MenuItemVariant = (
    UrlItem
    | JsCallItem
    | ModuleItem
    | AddonItem
    | IFrameItem
    | FullscreenIframeItem
    | PanoramaItem
    | VirtualLocationItem
)
MenuItemIn = Annotated[MenuItemVariant, Field(discriminator="Type")]
MENU_TYPES = (
    "URL",
    "JS Call",
    "Module",
    "Addon",
    "IFrame",
    "FullscreenIframe",
    "Panorama",
    "VirtualLocation",
)


class DefaultPageIn(_Strict):
    """The body of PUT .../menu/default: a menu item whose ID is what counts. The other fields a
    client echoes back are accepted loosely and ignored, so it can send the item it displays."""

    ID: Id
    Position: str | None = None
    IsVisible: bool | None = None
    Index: int | None = None
    Name: str | None = None
    NameDE: str | None = None
    Names: dict[str, Any] | None = None
    SidebarTitles: dict[str, Any] | None = None
    Type: str | None = None
    SidebarType: str | None = None
    Data: dict[str, Any] | None = None
    VirtualSpaceID: str | None = None
    IsSidebar: bool | None = None


class MenuItemOut(BaseModel):
    # Defaults keep documents written by other paths (the demo seed, older rows) readable.
    ID: str
    Position: str = "Top"
    IsVisible: bool = True
    Index: int = 0
    Name: str = ""
    NameDE: str = ""
    Names: dict[str, str] = Field(default_factory=dict)
    SidebarTitles: dict[str, str] = Field(default_factory=dict)
    Type: str
    SidebarType: str | None = None
    Data: dict[str, Any] = Field(default_factory=dict)
    VirtualSpaceID: str = NULL_ID
    IsSidebar: bool = False


def item_document(item: MenuItemVariant) -> dict[str, Any]:
    """What is stored: the validated item without its ID (the row's key holds that)."""
    return item.model_dump(mode="json", exclude={"ID"})


def item_out(item_id: str, document: dict[str, Any]) -> MenuItemOut:
    return MenuItemOut.model_validate({**document, "ID": item_id})
