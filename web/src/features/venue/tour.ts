/**
 * The tour package the venue walks (docs/formats/tour-package.md): `tour.json` parsed into typed
 * nodes, and the default web-element content read from `pano.xml`. The server validated the
 * package on upload, so parsing here is defensive rather than strict: an entry the app cannot use
 * (bad angle, unknown link target) is left out instead of failing the whole venue.
 */

export type Localized = Partial<Record<string, string>>;

export interface TourLink {
  nodeID: string;
  yaw: number;
  pitch: number;
}

export interface TourScreen {
  screenID: string;
  yaw: number;
  pitch: number;
  width: number;
  height: number;
}

export interface TourWebElement {
  id: string;
  type: "image" | "link";
  yaw: number;
  pitch: number;
  width: number;
  height: number;
  /** The tour's own content: an asset path (image) or an http(s) URL (link). */
  defaultValue: string;
}

export type NodeComponent = "cinema" | "replays";

export interface TourNode {
  id: string;
  customID: string | null;
  name: Localized;
  panorama: string;
  thumbnail: string | null;
  startYaw: number;
  startPitch: number;
  links: TourLink[];
  screens: TourScreen[];
  webElements: TourWebElement[];
  components: NodeComponent[];
}

export interface Tour {
  title: string;
  startNodeID: string;
  startYaw: number;
  startPitch: number;
  nodes: TourNode[];
}

const ID_RE = /^[A-Za-z0-9_-]{1,64}$/;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function angle(value: unknown, limit: number, fallback = 0): number {
  return typeof value === "number" && Number.isFinite(value) && Math.abs(value) <= limit ? value : fallback;
}

function size(value: unknown, fallback: number): number {
  return typeof value === "number" && Number.isFinite(value) && value > 0 && value <= 360 ? value : fallback;
}

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

function list(value: unknown): Json[] {
  return Array.isArray(value) ? value.filter(isObject) : [];
}

function parseNode(raw: Json): TourNode | null {
  const id = text(raw.ID);
  const panorama = text(raw.Panorama);
  if (!ID_RE.test(id) || !panorama) return null;
  const customID = text(raw.CustomID);
  const name: Localized = {};
  if (isObject(raw.Name)) {
    for (const [lang, value] of Object.entries(raw.Name)) if (typeof value === "string") name[lang] = value;
  }
  return {
    id,
    customID: ID_RE.test(customID) ? customID : null,
    name,
    panorama,
    thumbnail: text(raw.Thumbnail) || null,
    startYaw: angle(raw.StartYaw, 180),
    startPitch: angle(raw.StartPitch, 90),
    links: list(raw.Links)
      .map((l) => ({ nodeID: text(l.NodeID), yaw: angle(l.Yaw, 180), pitch: angle(l.Pitch, 90) }))
      .filter((l) => ID_RE.test(l.nodeID)),
    screens: list(raw.Screens)
      .map((s) => ({
        screenID: text(s.ScreenID),
        yaw: angle(s.Yaw, 180),
        pitch: angle(s.Pitch, 90),
        width: size(s.Width, 40),
        height: size(s.Height, 22),
      }))
      .filter((s) => s.screenID !== ""),
    webElements: list(raw.WebElements).flatMap((w): TourWebElement[] => {
      const type = w.Type === "image" || w.Type === "link" ? w.Type : null;
      const elementID = text(w.ID);
      if (!type || !elementID) return [];
      return [
        {
          id: elementID,
          type,
          yaw: angle(w.Yaw, 180),
          pitch: angle(w.Pitch, 90),
          width: size(w.Width, 20),
          height: size(w.Height, 12),
          defaultValue: text(w.Default),
        },
      ];
    }),
    components: (Array.isArray(raw.Components) ? raw.Components : []).filter(
      (c): c is NodeComponent => c === "cinema" || c === "replays",
    ),
  };
}

/** Parses `tour.json`; throws when it is not a usable version-1 tour (no nodes at all). */
export function parseTour(raw: unknown): Tour {
  if (!isObject(raw) || raw.FormatVersion !== 1) throw new Error("not a version 1 tour");
  const nodes: TourNode[] = [];
  const seen = new Set<string>();
  for (const entry of list(raw.Nodes)) {
    const node = parseNode(entry);
    if (node && !seen.has(node.id)) {
      seen.add(node.id);
      nodes.push(node);
    }
  }
  if (nodes.length === 0) throw new Error("the tour has no nodes");
  // Links to nodes that are not in the tour would strand the visitor: drop them.
  for (const node of nodes) node.links = node.links.filter((l) => seen.has(l.nodeID) && l.nodeID !== node.id);
  const first = nodes[0] as TourNode;
  const startNodeID = seen.has(text(raw.StartNodeID)) ? text(raw.StartNodeID) : first.id;
  return {
    title: text(raw.Title),
    startNodeID,
    startYaw: angle(raw.StartYaw, 180),
    startPitch: angle(raw.StartPitch, 90),
    nodes,
  };
}

/** The node a route segment names: its id or its custom id, compared without regard to case. */
export function findNode(tour: Tour, room: string | undefined): TourNode | null {
  if (!room) return null;
  const wanted = room.toLowerCase();
  return (
    tour.nodes.find((n) => n.id.toLowerCase() === wanted) ??
    tour.nodes.find((n) => n.customID?.toLowerCase() === wanted) ??
    null
  );
}

export function nodeByID(tour: Tour, id: string): TourNode | null {
  return tour.nodes.find((n) => n.id === id) ?? null;
}

/** The route segment of a node: its custom id when it has one (attendee-app.md §4), else its id. */
export function roomSegment(node: TourNode): string {
  return node.customID ?? node.id;
}

/** The node's name in the language, falling back to English, then to its id. */
export function nodeName(node: TourNode, language: string): string {
  return node.name[language] || node.name.en || node.id;
}

/** A tour-relative path as a URL under the PanoURL; absolute http(s) URLs stay as they are. */
export function tourAsset(panoURL: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  // Files the organizer uploaded (web-element images) are served by the API, not the tour.
  if (path.startsWith("/api/")) return path;
  const base = panoURL.endsWith("/") ? panoURL : `${panoURL}/`;
  return `${base}${path.replace(/^\/+/, "")}`;
}

/**
 * Default web-element content from `pano.xml`: `<webelement id=… type=… default=…>` under any
 * node. Parsed as XML (never as HTML); a broken file yields no defaults (§8: logged only).
 */
export function parsePanoXmlDefaults(xml: string): Map<string, string> {
  const defaults = new Map<string, string>();
  const doc = new DOMParser().parseFromString(xml, "application/xml");
  if (doc.getElementsByTagName("parsererror").length > 0) return defaults;
  for (const element of Array.from(doc.getElementsByTagName("webelement"))) {
    const id = element.getAttribute("id");
    if (id && !defaults.has(id)) defaults.set(id, element.getAttribute("default") ?? "");
  }
  return defaults;
}
