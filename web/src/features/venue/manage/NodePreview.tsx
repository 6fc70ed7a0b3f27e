/**
 * A version's rooms as attendees will see them: the rooms (nodes) of its `tour.json`, parsed by
 * the attendee app's own `tour.ts`, and the chosen one in the attendee app's 360° viewer
 * (`PanoramaViewer`: link arrows lead to other rooms, screens and web elements are markers).
 * Photo Sphere Viewer is loaded only when a preview is shown (a lazy import, its own chunk), so
 * the rest of the console never carries it. Beside the view, the room's hotspots as a list: every
 * one reachable by keyboard, turning the view to it or, for a link, opening its room.
 */
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useCallback, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadState } from "@/components/LoadState";
import type { ViewerMarker } from "../PanoramaViewer";
import { nodeByID, nodeName, tourAsset, type Tour, type TourNode } from "../tour";
import { versionTourQuery } from "./api";
import { formatAngle } from "./format";
import { hotspotsOf, type Hotspot } from "./hotspots";
import "../venue.css";

const PanoramaViewer = lazy(() => import("../PanoramaViewer").then((m) => ({ default: m.PanoramaViewer })));

export function NodePreview({ panoURL }: { panoURL: string }) {
  const { t } = useTranslation("tours");
  const query = useQuery(versionTourQuery(panoURL));
  return (
    <>
      <LoadState query={query} loadingText={t("preview.loading")} failedText={t("preview.failed")} />
      {query.data ? <TourPreview tour={query.data.tour} panoURL={panoURL} /> : null}
    </>
  );
}

function TourPreview({ tour, panoURL }: { tour: Tour; panoURL: string }) {
  const { t, i18n } = useTranslation("tours");
  const [nodeID, setNodeID] = useState(tour.startNodeID);
  // A yaw plus whole turns: the same direction, but a new value, so choosing a hotspot again
  // turns the view again after the organizer looked elsewhere.
  const [turn, setTurn] = useState<{ yaw: number; count: number } | null>(null);
  const roomsId = useId();
  const node = nodeByID(tour, nodeID) ?? (tour.nodes[0] as TourNode);
  const language = i18n.language;

  const hotspots = useMemo(() => hotspotsOf(tour, node, language), [tour, node, language]);
  const markers = useMemo<ViewerMarker[]>(
    () =>
      hotspots.flatMap((h): ViewerMarker[] => {
        if (h.kind === "link") return []; // the viewer draws link arrows itself
        const base = { id: h.key, yaw: h.yaw, pitch: h.pitch, width: h.width, height: h.height, label: t(`preview.kinds.${h.kind}`, { id: h.id }) };
        if (h.kind === "image" && h.value) return [{ ...base, kind: "image", content: tourAsset(panoURL, h.value) }];
        return [{ ...base, kind: h.kind === "screen" ? "screen" : "link", content: h.id }];
      }),
    [hotspots, panoURL, t],
  );

  const goTo = useCallback((id: string) => {
    setTurn(null);
    setNodeID(id);
  }, []);
  const lookAt = (yaw: number) => setTurn((old) => ({ yaw, count: (old?.count ?? 0) + 1 }));
  const onMarker = useCallback((marker: ViewerMarker) => {
    document.getElementById(`hotspot-${marker.id}`)?.focus();
  }, []);

  return (
    <div className="tours-preview">
      <nav className="tours-rooms" aria-labelledby={roomsId}>
        <h4 id={roomsId}>{t("preview.rooms")}</h4>
        <ul>
          {tour.nodes.map((room) => (
            <li key={room.id}>
              <button type="button" className="tours-room" aria-pressed={room.id === node.id} onClick={() => goTo(room.id)}>
                {room.id === tour.startNodeID ? `${nodeName(room, language)} ${t("preview.start")}` : nodeName(room, language)}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <div className="tours-view">
        <Suspense fallback={<div className="venue__viewer" role="status" aria-label={t("preview.viewerLoading")} />}>
          <PanoramaViewer
            tour={tour}
            panoURL={panoURL}
            nodeID={node.id}
            initialView={null}
            markers={markers}
            rotateTo={turn ? turn.yaw + 360 * turn.count : null}
            onNodeChange={goTo}
            onMarker={onMarker}
            onView={ignoreView}
          />
        </Suspense>
      </div>
      <HotspotList room={nodeName(node, language)} hotspots={hotspots} onLook={lookAt} onGo={goTo} />
    </div>
  );
}

/** The attendee app remembers where a visitor looked; a preview has nothing to remember. */
const ignoreView = () => undefined;

function HotspotList({ room, hotspots, onLook, onGo }: { room: string; hotspots: Hotspot[]; onLook: (yaw: number) => void; onGo: (id: string) => void }) {
  const { t, i18n } = useTranslation("tours");
  const headingId = useId();
  return (
    <section className="tours-hotspots" aria-labelledby={headingId}>
      <h4 id={headingId}>{t("preview.hotspots", { room })}</h4>
      {hotspots.length === 0 ? <p className="small muted">{t("preview.noHotspots")}</p> : null}
      <ul>
        {hotspots.map((h) => (
          <li key={h.key} className="tours-hotspot" data-hotspot={h.key}>
            <p>
              <strong>{h.kind === "link" ? t("preview.linkTo", { room: h.target }) : t(`preview.kinds.${h.kind}`, { id: h.id })}</strong>
              <br />
              <span className="small muted">{t("preview.angles", { yaw: formatAngle(h.yaw, i18n.language), pitch: formatAngle(h.pitch, i18n.language) })}</span>
              {h.value ? (
                <>
                  <br />
                  <span className="small">{t("preview.default", { value: h.value })}</span>
                </>
              ) : null}
            </p>
            <div className="tours-actions">
              <button
                id={`hotspot-${h.key}`}
                type="button"
                className="button button--secondary"
                aria-label={`${t("preview.lookAt")} ${h.kind === "link" ? h.target : h.id}`}
                onClick={() => onLook(h.yaw)}
              >
                {t("preview.lookAt")}
              </button>
              {h.kind === "link" ? (
                <button type="button" className="button button--secondary" onClick={() => onGo(h.id)}>
                  {t("preview.goTo", { room: h.target })}
                </button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
