/**
 * The item editor's preview (a lazy chunk of its own): the chosen room in the attendee app's 360°
 * viewer — the venue's parser and `PanoramaViewer`, itself the venue's lazy chunk — with the item
 * drawn where it will be. A click on the panorama places it there; a click on a way to another
 * room takes the editor to that room. The angles are also fields of the form, for the keyboard.
 */
import { lazy, Suspense, useMemo, useState } from "react";
import { useTour } from "@/features/venue";
// eslint-disable-next-line no-restricted-imports -- the viewer and its markers are styled by the room's sheet; said here, not left to what the index happens to import
import "@/features/venue/venue.css";

// The viewer is never exported by the venue's index (so importing the index never pulls Photo
// Sphere Viewer in); like the venue's own console preview, it is imported lazily by its path.
const PanoramaViewer = lazy(() => import("@/features/venue/PanoramaViewer").then((m) => ({ default: m.PanoramaViewer })));

interface Props {
  panoURL: string;
  nodeID: string;
  place: { yaw: number; pitch: number };
  /** The viewer's accessible name: "Preview of Lobby: click to place the item". */
  label: string;
  markerLabel: string;
  failedText: string;
  onPlace: (position: { yaw: number; pitch: number }) => void;
  onRoom: (nodeID: string) => void;
}

/** The organizer's view is not remembered: the attendee app's angle memory is not theirs. */
const ignoreView = () => undefined;
const ignoreMarker = () => undefined;

export default function PlacePreview({ panoURL, nodeID, place, label, markerLabel, failedText, onPlace, onRoom }: Props) {
  const tour = useTour(panoURL);
  const markers = useMemo(
    () => [{ id: "place", kind: "treasure" as const, yaw: place.yaw, pitch: place.pitch, width: 6, height: 6, content: "", label: markerLabel }],
    [place.yaw, place.pitch, markerLabel],
  );
  // Opened on the item, so the organizer sees where it is before moving it.
  const [initialView] = useState(place);
  if (tour.isError) return <p role="alert">{failedText}</p>;
  if (!tour.data) return <div className="venue__viewer hunt-preview" role="status" aria-label={label} />;
  return (
    <div className="hunt-preview" role="group" aria-label={label}>
      <Suspense fallback={<div className="venue__viewer" role="status" aria-label={label} />}>
        <PanoramaViewer
          tour={tour.data.tour}
          panoURL={panoURL}
          nodeID={nodeID}
          initialView={initialView}
          markers={markers}
          rotateTo={null}
          onNodeChange={onRoom}
          onMarker={ignoreMarker}
          onView={ignoreView}
          onPanoramaClick={onPlace}
        />
      </Suspense>
    </div>
  );
}
