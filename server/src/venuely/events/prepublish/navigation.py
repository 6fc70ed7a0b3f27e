"""Checks on the menu: the default page, and where each visible item leads."""

from __future__ import annotations

import re
from collections.abc import Iterable
from urllib.parse import unquote

from venuely.core.ids import NULL_ID
from venuely.events.models import MenuItem
from venuely.events.prepublish.codes import FindingCode
from venuely.events.prepublish.context import CheckContext, data_text, item_name
from venuely.events.prepublish.modules import (
    ALLOWED_ADDONS,
    KNOWN_MODULES,
    NODE_TYPES,
    opens_page,
)
from venuely.events.prepublish.schemas import Finding, finding
from venuely.events.prepublish.tour import TourNodes, tour_nodes

# The two JS Call actions that name a target (web/src/features/venue/js-actions.ts):
# navigate('/page/{slug}') and goToRoom('{node}'[, yaw]). Only the target is read here; whether
# the rest of the script is valid is the attendee app's business (it disables such items).
_NAVIGATE_PAGE = re.compile(r"""\bnavigate\s*\(\s*(['"])/page/([^'"?#/]*)/?\1\s*\)""")
_GO_TO_ROOM = re.compile(r"""\bgoToRoom\s*\(\s*(['"])([A-Za-z0-9_-]{1,64})\1""")


async def check_default_page(ctx: CheckContext) -> list[Finding]:
    page_id = ctx.event.default_page
    if not page_id or page_id == NULL_ID:
        return [
            finding(
                FindingCode.DEFAULT_PAGE_MISSING,
                "No default page is set: attendees land on the start page",
            )
        ]
    item = next((i for i in ctx.items if i.id == page_id), None)
    if item is None:
        return [
            finding(
                FindingCode.DEFAULT_PAGE_NOT_FOUND,
                f"The default page {page_id} is not a menu item of this event",
                page_id,
                MenuItemID=page_id,
            )
        ]
    name = item_name(item)
    if not item.is_visible:
        return [
            finding(
                FindingCode.DEFAULT_PAGE_HIDDEN,
                f"The default page '{name}' is hidden: attendees land on the start page instead",
                item.id,
                MenuItemID=item.id,
                Name=name,
            )
        ]
    if not opens_page(item):
        return [
            finding(
                FindingCode.DEFAULT_PAGE_NOT_A_PAGE,
                f"The default page '{name}' ({item.type}) opens no page: attendees land on the "
                "start page instead",
                item.id,
                MenuItemID=item.id,
                Name=name,
                Type=item.type,
            )
        ]
    return []


async def check_targets(ctx: CheckContext) -> list[Finding]:
    """Nodes that are not in the tour, page slugs no item defines, modules nothing opens."""
    visible = ctx.visible
    slugs = {data_text(i, "slug") for i in visible if i.type == "FullscreenIframe"}
    nodes: TourNodes | None = None  # read only when some item names a node
    findings: list[Finding] = []
    for item in visible:
        for node_id in _node_targets(item):
            nodes = nodes or await tour_nodes(ctx)
            if not nodes.has(node_id):
                findings.append(_node_finding(item, node_id, nodes))
        findings += [
            finding(
                FindingCode.MENU_PAGE_MISSING,
                f"'{item_name(item)}' navigates to /page/{slug}, which no visible "
                "FullscreenIframe item defines",
                item.id,
                MenuItemID=item.id,
                Name=item_name(item),
                Slug=slug,
            )
            for slug in _page_targets(item)
            if slug not in slugs
        ]
        findings += _module_findings(item)
    return findings


def _node_targets(item: MenuItem) -> list[str]:
    if item.type in NODE_TYPES:
        node_id = data_text(item, "id")
        return [node_id] if node_id else []
    if item.type == "JS Call":
        return _unique(match.group(2) for match in _GO_TO_ROOM.finditer(data_text(item, "code")))
    return []


def _page_targets(item: MenuItem) -> list[str]:
    if item.type != "JS Call":
        return []
    code = data_text(item, "code")
    return _unique(unquote(match.group(2)) for match in _NAVIGATE_PAGE.finditer(code))


def _unique(values: Iterable[str]) -> list[str]:
    seen: list[str] = []
    for value in values:
        if value not in seen:
            seen.append(value)
    return seen


def _node_finding(item: MenuItem, node_id: str, nodes: TourNodes) -> Finding:
    name = item_name(item)
    if nodes.known is None:
        return finding(
            FindingCode.MENU_NODE_UNVERIFIED,
            f"'{name}' leads to tour node '{node_id}', which cannot be verified: {nodes.reason}",
            item.id,
            MenuItemID=item.id,
            Name=name,
            NodeID=node_id,
            Reason=nodes.reason,
        )
    return finding(
        FindingCode.MENU_NODE_MISSING,
        f"'{name}' leads to tour node '{node_id}': {nodes.reason}",
        item.id,
        MenuItemID=item.id,
        Name=name,
        NodeID=node_id,
        Reason=nodes.reason,
    )


def _module_findings(item: MenuItem) -> list[Finding]:
    if item.type not in {"Addon", "Module"}:
        return []
    module = data_text(item, "module")
    name = item_name(item)
    if item.type == "Addon" and module.lower() not in ALLOWED_ADDONS:
        return [
            finding(
                FindingCode.MENU_ADDON_NOT_ALLOWED,
                f"'{name}' is an Addon for '{module}', which is not in the Addon list",
                item.id,
                MenuItemID=item.id,
                Name=name,
                Module=module,
            )
        ]
    if item.type == "Module" and module.lower() not in KNOWN_MODULES:
        return [
            finding(
                FindingCode.MENU_MODULE_UNKNOWN,
                f"'{name}' opens module '{module}', which the attendee app does not know",
                item.id,
                MenuItemID=item.id,
                Name=name,
                Module=module,
            )
        ]
    return []
