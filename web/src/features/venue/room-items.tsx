/**
 * Things another feature places in a room — the treasure hunt's hidden items — without the venue
 * knowing that feature (features never import each other both ways; the app composes them). The
 * frame hands the room a `roomItems` renderer (RoomFrame); what it renders reports the room's
 * items through `onChange`, and the room draws them as markers and offers the ones still to find
 * in its keyboard list, so the hunt is playable without a pointer.
 */
import { useEffect, useRef, useState } from "react";
import type { ViewerMarker } from "./PanoramaViewer";

export interface RoomItem {
  /** Unique in the room. */
  id: string;
  yaw: number;
  pitch: number;
  /** The marker's tooltip and the list entry's text, e.g. "Hidden item: Golden star". */
  label: string;
  /** Found already: drawn smaller, not clickable, and no longer in the list. */
  found: boolean;
}

export interface RoomLayer {
  /** The node the items are of: a report for the room left behind is not drawn in the next. */
  nodeID: string;
  items: RoomItem[];
  activate: (id: string) => void;
}

export interface RoomItemsHost {
  eventID: string;
  nodeID: string;
  onChange: (layer: RoomLayer) => void;
}

const MARKER_PREFIX = "item:";
/** Angular sizes (degrees): a found item stays visible but gives way. */
const SIZE = { open: 6, found: 4 };

export function roomItemMarkers(items: readonly RoomItem[]): ViewerMarker[] {
  return items.map((item) => {
    const size = item.found ? SIZE.found : SIZE.open;
    return { id: `${MARKER_PREFIX}${item.id}`, kind: "treasure", found: item.found, yaw: item.yaw, pitch: item.pitch, width: size, height: size, content: "", label: item.label };
  });
}

/** The item a clicked marker stands for, when it is one still to find. */
export function roomItemOf(marker: ViewerMarker): string | null {
  return marker.kind === "treasure" && !marker.found && marker.id.startsWith(MARKER_PREFIX) ? marker.id.slice(MARKER_PREFIX.length) : null;
}

/**
 * The items still to find as entries of the room's hotspot list (`<li>`s of its `ul`). An entry
 * goes once its item is found; the focus then moves to the button at the same place in the list
 * (or the last one), so a keyboard user is never dropped to the page's start.
 */
export function RoomItemEntries({ items, onActivate }: { items: readonly RoomItem[]; onActivate: (id: string) => void }) {
  const open = items.filter((item) => !item.found);
  const [pending, setPending] = useState<{ id: string; list: HTMLElement; index: number } | null>(null);
  const openIDs = open.map((item) => item.id).join(" ");
  const last = useRef(openIDs);

  useEffect(() => {
    if (last.current === openIDs) return;
    last.current = openIDs;
    if (!pending || openIDs.split(" ").includes(pending.id)) return;
    const buttons = pending.list.querySelectorAll<HTMLButtonElement>("button");
    buttons[Math.min(pending.index, buttons.length - 1)]?.focus();
  }, [openIDs, pending]);

  return open.map((item) => (
    <li key={item.id}>
      <button
        type="button"
        className="button button--secondary venue-room__item"
        data-room-item={item.id}
        onClick={(event) => {
          const list = event.currentTarget.closest("ul");
          if (list) setPending({ id: item.id, list, index: [...list.querySelectorAll("button")].indexOf(event.currentTarget) });
          onActivate(item.id);
        }}
      >
        {item.label}
      </button>
    </li>
  ));
}
