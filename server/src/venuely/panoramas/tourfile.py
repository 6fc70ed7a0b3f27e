"""The `tour.json` schema (docs/formats/tour-package.md) and the `pano.xml` made from it.

Field names are the shared contract with the demo-tour generator and the web venue: never rename.
Cross-field rules (unique ids, links to known nodes, the start node) are checked here too, so a
`Tour` that validates is internally consistent; whether referenced files exist is the package
reader's business (`package.py`).
"""

from __future__ import annotations

# Used only to build XML (escaping done by the library), never to parse input.
import xml.etree.ElementTree as ET
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

NODE_ID_PATTERN = r"^[A-Za-z0-9_-]{1,64}$"
# A path inside the zip as tour.json names it; the package reader checks it further.
REF_PATTERN = r"^(images|assets)/[A-Za-z0-9_-][A-Za-z0-9_.-]{0,119}$"
WEB_ELEMENT_ID_PATTERN = r"^Screen_[0-9]{2}$"

NodeId = Annotated[str, Field(pattern=NODE_ID_PATTERN)]
Ref = Annotated[str, Field(pattern=REF_PATTERN)]
Yaw = Annotated[float, Field(ge=-180, le=180, allow_inf_nan=False)]
Pitch = Annotated[float, Field(ge=-90, le=90, allow_inf_nan=False)]
Extent = Annotated[float, Field(gt=0, le=360, allow_inf_nan=False)]
LocaleText = Annotated[str, Field(min_length=1, max_length=200)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Names(Strict):
    en: LocaleText
    de: LocaleText | None = None
    es: LocaleText | None = None
    fr: LocaleText | None = None
    it: LocaleText | None = None


class Link(Strict):
    NodeID: NodeId
    Yaw: Yaw
    Pitch: Pitch


class Screen(Strict):
    ScreenID: Annotated[str, Field(pattern=r"^[A-Za-z0-9_-]{1,64}$")]
    Yaw: Yaw
    Pitch: Pitch
    Width: Extent
    Height: Extent


class WebElement(Strict):
    ID: Annotated[str, Field(pattern=WEB_ELEMENT_ID_PATTERN)]
    Type: Literal["image", "link"]
    Yaw: Yaw
    Pitch: Pitch
    Width: Extent
    Height: Extent
    Default: Annotated[str, Field(max_length=2000)] = ""

    @model_validator(mode="after")
    def _default_fits_type(self) -> WebElement:
        if not self.Default:
            return self
        if self.Type == "image" and not _is_ref(self.Default):
            raise ValueError("an image web element's Default must be a file under assets/")
        if self.Type == "link" and not self.Default.startswith(("https://", "http://")):
            raise ValueError("a link web element's Default must be an http(s) URL")
        return self


class Node(Strict):
    ID: NodeId
    CustomID: NodeId | None = None
    Name: Names
    Panorama: Ref
    Thumbnail: Ref | None = None
    StartYaw: Yaw = 0
    StartPitch: Pitch = 0
    Links: list[Link] = Field(default_factory=list, max_length=100)
    Screens: list[Screen] = Field(default_factory=list, max_length=50)
    WebElements: list[WebElement] = Field(default_factory=list, max_length=100)
    Components: list[Literal["cinema", "replays"]] = Field(default_factory=list, max_length=2)


class Tour(Strict):
    FormatVersion: Literal[1]
    Title: Annotated[str, Field(max_length=200)] = ""
    StartNodeID: NodeId
    StartYaw: Yaw = 0
    StartPitch: Pitch = 0
    Nodes: list[Node] = Field(min_length=1, max_length=200)

    @model_validator(mode="after")
    def _consistent(self) -> Tour:
        ids = [node.ID for node in self.Nodes]
        _unique(ids, "node ID")
        _unique([n.CustomID for n in self.Nodes if n.CustomID is not None], "node CustomID")
        known = set(ids)
        if self.StartNodeID not in known:
            raise ValueError(f"StartNodeID '{self.StartNodeID}' is not a node of the tour")
        for node in self.Nodes:
            for link in node.Links:
                if link.NodeID not in known:
                    raise ValueError(f"node '{node.ID}' links to unknown node '{link.NodeID}'")
            _unique([w.ID for w in node.WebElements], f"web element ID in node '{node.ID}'")
            if node.Thumbnail is not None and not node.Thumbnail.startswith("images/"):
                raise ValueError(f"node '{node.ID}': Thumbnail must be under images/")
            if not node.Panorama.startswith("images/"):
                raise ValueError(f"node '{node.ID}': Panorama must be under images/")
        return self

    def node_images(self) -> set[str]:
        return {node.Panorama for node in self.Nodes}

    def thumbnails(self) -> set[str]:
        return {node.Thumbnail for node in self.Nodes if node.Thumbnail is not None}

    def assets(self) -> set[str]:
        return {
            element.Default
            for node in self.Nodes
            for element in node.WebElements
            if element.Type == "image" and element.Default
        }


def _is_ref(value: str) -> bool:
    import re

    return re.match(REF_PATTERN, value) is not None and value.startswith("assets/")


def _unique(values: list[str], what: str) -> None:
    seen: set[str] = set()
    for value in values:
        if value in seen:
            raise ValueError(f"duplicate {what} '{value}'")
        seen.add(value)


def _num(value: float) -> str:
    # Whole angles print without ".0" so the XML reads like what the organizer wrote.
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def pano_xml(tour: Tour) -> bytes:
    """The viewer's description of the tour. Built with ElementTree so every attribute and text
    is escaped by the library; nothing from tour.json is ever concatenated into markup."""
    root = ET.Element(
        "tour",
        {
            "formatversion": str(tour.FormatVersion),
            "title": tour.Title,
            "startnode": tour.StartNodeID,
            "startyaw": _num(tour.StartYaw),
            "startpitch": _num(tour.StartPitch),
        },
    )
    for node in tour.Nodes:
        attrs = {
            "id": node.ID,
            "customid": node.CustomID or node.ID,
            "panorama": node.Panorama,
            "startyaw": _num(node.StartYaw),
            "startpitch": _num(node.StartPitch),
        }
        if node.Thumbnail is not None:
            attrs["thumbnail"] = node.Thumbnail
        element = ET.SubElement(root, "node", attrs)
        for lang, text in node.Name.model_dump(exclude_none=True).items():
            ET.SubElement(element, "name", {"lang": lang}).text = text
        for link in node.Links:
            ET.SubElement(
                element,
                "link",
                {"node": link.NodeID, "yaw": _num(link.Yaw), "pitch": _num(link.Pitch)},
            )
        for screen in node.Screens:
            ET.SubElement(
                element,
                "screen",
                {
                    "id": screen.ScreenID,
                    "yaw": _num(screen.Yaw),
                    "pitch": _num(screen.Pitch),
                    "width": _num(screen.Width),
                    "height": _num(screen.Height),
                },
            )
        for web in node.WebElements:
            ET.SubElement(
                element,
                "webelement",
                {
                    "id": web.ID,
                    "type": web.Type,
                    "default": web.Default,
                    "yaw": _num(web.Yaw),
                    "pitch": _num(web.Pitch),
                    "width": _num(web.Width),
                    "height": _num(web.Height),
                },
            )
        for component in node.Components:
            ET.SubElement(element, "component", {"name": component})
    ET.indent(root)
    encoded: bytes = ET.tostring(root, encoding="utf-8", xml_declaration=True)
    return encoded + b"\n"
