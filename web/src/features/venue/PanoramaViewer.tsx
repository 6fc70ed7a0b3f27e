/**
 * The 360° view: Photo Sphere Viewer with its virtual-tour plugin (nodes and link arrows) and the
 * markers plugin (screens, web elements). This module is the only one importing PSV and three,
 * and it is reached only through the venue's lazy route, so none of it lands in the login chunk.
 *
 * The viewer follows the route: `nodeID` is the room the route names; a click on an arrow reports
 * `onNodeChange`, and the page turns that into a route change, which comes back here as `nodeID`.
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Viewer, type Position } from "@photo-sphere-viewer/core";
import { MarkersPlugin, type MarkerConfig } from "@photo-sphere-viewer/markers-plugin";
import { VirtualTourPlugin, type VirtualTourNode } from "@photo-sphere-viewer/virtual-tour-plugin";
import "@photo-sphere-viewer/core/index.css";
import "@photo-sphere-viewer/markers-plugin/index.css";
import "@photo-sphere-viewer/virtual-tour-plugin/index.css";
import { nodeName, tourAsset, type Tour } from "./tour";

const toRad = (deg: number) => (deg * Math.PI) / 180;
const toDeg = (rad: number) => {
  const deg = (rad * 180) / Math.PI;
  return deg > 180 ? deg - 360 : deg;
};
/**
 * Angular sizes (degrees) become marker pixels at PSV's default field of view; markers scale with
 * zoom anyway, so this only sets their size at the default zoom.
 */
const PX_PER_DEGREE = 10;

export interface ViewerMarker {
  id: string;
  /**
   * `upcoming`: an idle screen's next session ("starts in N min"); shown, not clickable.
   * `treasure`: a treasure hunt's hidden item (a star); once `found`, smaller and not clickable.
   */
  kind: "screen" | "upcoming" | "image" | "link" | "treasure";
  yaw: number;
  pitch: number;
  width: number;
  height: number;
  /** Image URL for image markers; the visible caption for screens and links. */
  content: string;
  label: string;
  /** A treasure the attendee has found already. */
  found?: boolean;
}

interface Props {
  tour: Tour;
  panoURL: string;
  nodeID: string;
  /** The view direction to open the first node with (degrees). */
  initialView: { yaw: number; pitch: number } | null;
  markers: ViewerMarker[];
  /** Turn to this yaw (degrees) once `nodeID` is shown, e.g. a menu item's angle. */
  rotateTo: number | null;
  onNodeChange: (nodeID: string) => void;
  onMarker: (marker: ViewerMarker) => void;
  onView: (view: { yaw: number; pitch: number }) => void;
  /** A click on the panorama itself (not a marker), where it points: the console places items with it. */
  onPanoramaClick?: (position: { yaw: number; pitch: number }) => void;
}

/** Low-end devices and browsers without WebGL get the plain list instead of the viewer. */
function hasWebGL(): boolean {
  try {
    const canvas = document.createElement("canvas");
    return Boolean(canvas.getContext("webgl2") ?? canvas.getContext("webgl"));
  } catch {
    return false;
  }
}

const SVG = "http://www.w3.org/2000/svg";

/**
 * A link arrow: PSV's own arrow is a button without a name (axe: button-name), so each arrow is
 * built here with the target room as its accessible name. The shape is drawn with DOM calls.
 */
function arrowButton(label: string): HTMLElement {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "psv-virtual-tour-arrow venue-arrow";
  button.setAttribute("aria-label", label);
  button.title = label;
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 100 100");
  svg.setAttribute("aria-hidden", "true");
  const circle = document.createElementNS(SVG, "circle");
  circle.setAttribute("cx", "50");
  circle.setAttribute("cy", "50");
  circle.setAttribute("r", "44");
  const chevron = document.createElementNS(SVG, "path");
  chevron.setAttribute("d", "M28 60 L50 38 L72 60");
  svg.append(circle, chevron);
  button.append(svg);
  return button;
}

/** A five-pointed star, drawn with DOM calls like the arrows; the marker's tooltip names it. */
function treasureElement(found: boolean): HTMLElement {
  const element = document.createElement("div");
  element.className = `venue-marker--treasure${found ? " venue-marker--found" : ""}`;
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 100 100");
  svg.setAttribute("aria-hidden", "true");
  const star = document.createElementNS(SVG, "path");
  star.setAttribute("d", "M50 6 L62 38 L96 38 L69 59 L79 93 L50 73 L21 93 L31 59 L4 38 L38 38 Z");
  svg.append(star);
  element.append(svg);
  return element;
}

function markerConfig(marker: ViewerMarker): MarkerConfig {
  const base = {
    id: marker.id,
    position: { yaw: toRad(marker.yaw), pitch: toRad(marker.pitch) },
    size: { width: marker.width * PX_PER_DEGREE, height: marker.height * PX_PER_DEGREE },
    tooltip: marker.label,
    data: marker,
  };
  if (marker.kind === "image") return { ...base, image: marker.content };
  if (marker.kind === "treasure") return { ...base, element: treasureElement(marker.found === true) };
  // Text goes in through textContent: organizer content never becomes markup.
  const element = document.createElement("div");
  element.className = `venue-marker venue-marker--${marker.kind}`;
  element.textContent = marker.content;
  return { ...base, element };
}

export function PanoramaViewer({ tour, panoURL, nodeID, initialView, markers, rotateTo, onNodeChange, onMarker, onView, onPanoramaClick }: Props) {
  const { t, i18n } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const viewer = useRef<Viewer | null>(null);
  const callbacks = useRef({ onNodeChange, onMarker, onView, onPanoramaClick });
  const markerList = useRef(markers);
  // The node the viewer shows or is loading; asking PSV for a node it is already loading would
  // abort that load.
  const shownNode = useRef(nodeID);
  const [failed, setFailed] = useState(() => !hasWebGL());

  useEffect(() => {
    callbacks.current = { onNodeChange, onMarker, onView, onPanoramaClick };
  }, [onNodeChange, onMarker, onView, onPanoramaClick]);

  // One viewer per tour; room changes go through setCurrentNode below.
  useEffect(() => {
    if (!container.current || failed) return;
    const nodes: VirtualTourNode[] = tour.nodes.map((node) => ({
      id: node.id,
      panorama: tourAsset(panoURL, node.panorama),
      name: nodeName(node, i18n.language),
      ...(node.thumbnail ? { thumbnail: tourAsset(panoURL, node.thumbnail) } : {}),
      links: node.links.map((link) => {
        const target = tour.nodes.find((n) => n.id === link.nodeID);
        return {
          nodeId: link.nodeID,
          position: { yaw: toRad(link.yaw), pitch: toRad(link.pitch) },
          data: { label: t("venue.goTo", { room: target ? nodeName(target, i18n.language) : link.nodeID }) },
        };
      }),
    }));
    const start = tour.nodes.find((n) => n.id === nodeID);
    const view = initialView ?? { yaw: start?.startYaw ?? tour.startYaw, pitch: start?.startPitch ?? tour.startPitch };
    let instance: Viewer;
    try {
      instance = new Viewer({
        container: container.current,
        navbar: false,
        loadingTxt: "",
        defaultYaw: toRad(view.yaw),
        defaultPitch: toRad(view.pitch),
        // Keep the drawing buffer so a screenshot (and the browser test's pixel check) sees the frame.
        rendererParameters: { preserveDrawingBuffer: true },
        plugins: [
          MarkersPlugin,
          VirtualTourPlugin.withConfig({
            positionMode: "manual",
            renderMode: "3d",
            nodes,
            startNodeId: nodeID,
            preload: false,
            showLinkTooltip: true,
            arrowStyle: {
              element: (link) => arrowButton(String((link.data as { label?: unknown } | undefined)?.label ?? link.nodeId)),
              size: { width: 80, height: 80 },
            },
          }),
        ],
      });
    } catch (error) {
      console.warn("panorama viewer not available", error);
      void Promise.resolve().then(() => setFailed(true));
      return;
    }
    viewer.current = instance;
    shownNode.current = nodeID;
    const tourPlugin = instance.getPlugin<VirtualTourPlugin>(VirtualTourPlugin);
    const markersPlugin = instance.getPlugin<MarkersPlugin>(MarkersPlugin);
    tourPlugin.addEventListener("node-changed", ({ node }) => {
      shownNode.current = node.id;
      markersPlugin.setMarkers(markerList.current.map(markerConfig));
      callbacks.current.onNodeChange(node.id);
    });
    markersPlugin.addEventListener("select-marker", ({ marker }) => {
      callbacks.current.onMarker(marker.data as ViewerMarker);
    });
    instance.addEventListener("click", ({ data }) => {
      // A click on a marker or a way to another room is theirs; a right click is the browser's.
      if (data.rightclick || data.marker || data.target?.closest(".venue-arrow")) return;
      callbacks.current.onPanoramaClick?.({ yaw: toDeg(data.yaw), pitch: toDeg(data.pitch) });
    });
    let timer: ReturnType<typeof setTimeout> | null = null;
    instance.addEventListener("position-updated", ({ position }: { position: Position }) => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => callbacks.current.onView({ yaw: toDeg(position.yaw), pitch: toDeg(position.pitch) }), 300);
    });
    return () => {
      if (timer) clearTimeout(timer);
      viewer.current = null;
      instance.destroy();
    };
    // The viewer is built once per tour; node, view and markers are applied by the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tour, panoURL]);

  useEffect(() => {
    const instance = viewer.current;
    const tourPlugin = instance?.getPlugin<VirtualTourPlugin>(VirtualTourPlugin);
    if (!instance || !tourPlugin) return;
    const turn = () => {
      if (rotateTo !== null) instance.rotate({ yaw: toRad(rotateTo), pitch: 0 });
    };
    if (shownNode.current !== nodeID) {
      shownNode.current = nodeID;
      tourPlugin
        .setCurrentNode(nodeID)
        .then((done) => done && turn())
        .catch(() => undefined);
    } else {
      turn();
    }
  }, [nodeID, rotateTo]);

  useEffect(() => {
    markerList.current = markers;
    viewer.current?.getPlugin<MarkersPlugin>(MarkersPlugin).setMarkers(markers.map(markerConfig));
  }, [markers]);

  const room = tour.nodes.find((n) => n.id === nodeID);
  if (failed) return <p className="venue__notice" role="status">{t("venue.noWebGL")}</p>;
  return (
    <div
      className="venue__viewer"
      ref={container}
      role="region"
      aria-label={t("venue.viewLabel", { room: room ? nodeName(room, i18n.language) : nodeID })}
      data-node={nodeID}
    />
  );
}
