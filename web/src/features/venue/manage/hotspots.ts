/**
 * A room's hotspots in one list, in the order the preview lists them: the ways to other rooms
 * (link arrows), then screens, then web elements. The viewer draws arrows for links itself; the
 * rest become its markers. Keys are unique within the room even when a tour repeats an id.
 */
import { nodeByID, nodeName, type Tour, type TourNode } from "../tour";

export type HotspotKind = "link" | "screen" | "image" | "weblink";

export interface Hotspot {
  key: string;
  kind: HotspotKind;
  /** The target room's id (links), the screen's id, or the web element's id. */
  id: string;
  /** The target room's name, for links; "" otherwise. */
  target: string;
  yaw: number;
  pitch: number;
  width: number;
  height: number;
  /** A web element's default content from the tour (an asset path or a URL); "" otherwise. */
  value: string;
}

export function hotspotsOf(tour: Tour, node: TourNode, language: string): Hotspot[] {
  const links = node.links.map((link, i): Hotspot => {
    const target = nodeByID(tour, link.nodeID);
    const name = target ? nodeName(target, language) : link.nodeID;
    return { key: `link-${i}`, kind: "link", id: link.nodeID, target: name, yaw: link.yaw, pitch: link.pitch, width: 0, height: 0, value: "" };
  });
  const screens = node.screens.map(
    (s, i): Hotspot => ({ key: `screen-${i}`, kind: "screen", id: s.screenID, target: "", yaw: s.yaw, pitch: s.pitch, width: s.width, height: s.height, value: "" }),
  );
  const elements = node.webElements.map(
    (w, i): Hotspot => ({
      key: `element-${i}`,
      kind: w.type === "image" ? "image" : "weblink",
      id: w.id,
      target: "",
      yaw: w.yaw,
      pitch: w.pitch,
      width: w.width,
      height: w.height,
      value: w.defaultValue,
    }),
  );
  return [...links, ...screens, ...elements];
}
