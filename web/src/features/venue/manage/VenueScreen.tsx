/**
 * The organizer console's Venue section (`/manage/events/:eventId/venue`, under the event's page
 * heading, so its own heading is an h2): the 360° tour attendees walk. Tours belong to the event's
 * customer (api.ts), so the screen lists that customer's tours; the organizer picks or creates one,
 * uploads a package as its next version (TourUpload), sees its versions and which events use each
 * (VersionsList), chooses the one this event uses, and previews a version's rooms with their
 * hotspots (NodePreview). While the screen is mounted a realtime connection carries the server's
 * processing progress of an upload (upload-frames.ts).
 */
import { useQuery } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadState } from "@/components/LoadState";
import { ApiError } from "@/lib/api-client";
import { panosQuery, tourEventQuery, useTourWrites, type Pano, type PanoVersion, type TourEvent } from "./api";
import { NodePreview } from "./NodePreview";
import { PanoPicker } from "./PanoPicker";
import { addToursStrings } from "./tours-i18n";
import { TourUpload } from "./TourUpload";
import { useConsoleRealtime } from "./upload-frames";
import { VersionsList } from "./VersionsList";
import "./VenueScreen.css";

export function VenueScreen({ eventId }: { eventId: string }) {
  addToursStrings();
  useConsoleRealtime();
  const { t } = useTranslation("tours");
  const event = useQuery(tourEventQuery(eventId));
  return (
    // Not a landmark of its own: the event page already wraps it in a region named after it.
    <div className="tours-screen">
      <h2>{t("title")}</h2>
      <p className="muted">{t("intro")}</p>
      <LoadState query={event} loadingText={t("loading")} failedText={t("loadFailed")} />
      {event.data ? <VenueSections key={eventId} eventId={eventId} event={event.data} /> : null}
    </div>
  );
}

interface Previewed {
  panoId: string;
  version: number;
}

/** The version to preview: the one asked for, else the event's (if of this tour), else the newest. */
function previewVersion(pano: Pano, event: TourEvent, asked: Previewed | null): PanoVersion | null {
  const find = (n: number | null | undefined) => pano.Versions.find((v) => v.Version === n) ?? null;
  return (
    (asked?.panoId === pano.ID ? find(asked.version) : null) ??
    (event.PanoID === pano.ID ? find(event.PanoVersion) : null) ??
    [...pano.Versions].sort((a, b) => b.Version - a.Version)[0] ??
    null
  );
}

function VenueSections({ eventId, event }: { eventId: string; event: TourEvent }) {
  const { t } = useTranslation("tours");
  const panos = useQuery(panosQuery(event.CustomerID));
  const writes = useTourWrites(eventId, event.CustomerID);
  const [chosen, setChosen] = useState<string | null>(null);
  const [asked, setAsked] = useState<Previewed | null>(null);
  const versionsHeading = useRef<HTMLHeadingElement>(null);
  const id = useId();
  const list = panos.data ?? [];
  const pano = list.find((p) => p.ID === chosen) ?? list.find((p) => p.ID === event.PanoID) ?? list[0] ?? null;
  const shown = pano ? previewVersion(pano, event, asked) : null;
  // Event admins may not read the customer's tours (403): they see what the event uses.
  const forbidden = panos.error instanceof ApiError && panos.error.status === 403;

  return (
    <>
      <CurrentTour event={event} panos={list} />
      {forbidden ? (
        <>
          <p className="tours-note">{t("panos.forbidden")}</p>
          {event.PanoID && event.PanoURL ? (
            <section className="tours-section" aria-labelledby={`${id}-current`}>
              <h3 id={`${id}-current`}>{t("preview.titleCurrent")}</h3>
              <NodePreview key={event.PanoURL} panoURL={event.PanoURL} />
            </section>
          ) : null}
        </>
      ) : (
        <LoadState query={panos} loadingText={t("panos.loading")} failedText={t("panos.loadFailed")} />
      )}
      {panos.data ? (
        <section className="tours-section" aria-labelledby={`${id}-tours`}>
          <h3 id={`${id}-tours`}>{t("panos.title")}</h3>
          <p className="muted">{t("panos.intro")}</p>
          <PanoPicker panos={list} selectedId={pano?.ID ?? null} eventPanoId={event.PanoID ?? null} onSelect={setChosen} create={writes.createPano} />
        </section>
      ) : null}
      {pano ? (
        <>
          <section className="tours-section" aria-labelledby={`${id}-upload`}>
            <h3 id={`${id}-upload`}>{t("upload.title", { name: pano.Name })}</h3>
            <p className="muted">{t("upload.intro")}</p>
            <TourUpload
              key={pano.ID}
              pano={pano}
              writes={writes}
              onUploaded={(version) => setAsked({ panoId: version.PanoID, version: version.Version })}
            />
          </section>
          <section className="tours-section" aria-labelledby={`${id}-versions`}>
            <h3 id={`${id}-versions`} ref={versionsHeading} tabIndex={-1}>
              {t("versions.heading", { name: pano.Name })}
            </h3>
            <VersionsList
              pano={pano}
              event={event}
              previewed={shown?.Version ?? null}
              onPreview={(version) => setAsked({ panoId: pano.ID, version })}
              writes={writes}
              onDeleted={() => versionsHeading.current?.focus()}
            />
          </section>
        </>
      ) : null}
      {pano && shown ? (
        <section className="tours-section" aria-labelledby={`${id}-preview`}>
          <h3 id={`${id}-preview`}>{t("preview.title", { version: shown.Version, name: pano.Name })}</h3>
          <p className="muted">{t("preview.intro")}</p>
          <NodePreview key={shown.PanoURL} panoURL={shown.PanoURL} />
        </section>
      ) : null}
    </>
  );
}

/** What attendees of this event get now. */
function CurrentTour({ event, panos }: { event: TourEvent; panos: readonly Pano[] }) {
  const { t } = useTranslation("tours");
  let text: string;
  if (event.PanoID && event.PanoVersion) {
    const name = panos.find((p) => p.ID === event.PanoID)?.Name;
    text = name ? t("current.uses", { name, version: event.PanoVersion }) : t("current.usesVersion", { version: event.PanoVersion });
  } else if (event.PanoURL) {
    text = t("current.external", { url: event.PanoURL });
  } else {
    text = t("current.none");
  }
  return (
    <p className="tours-current" data-testid="current-tour">
      {text}
    </p>
  );
}
