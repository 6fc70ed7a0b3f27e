/**
 * The organizer console's Pages screen (`/manage/events/:eventId/pages`, under the event's page
 * heading, so its own heading is an h2): the FAQ, the landing page, the photobooth settings and
 * the web-element images. Everything is read from the event as attendees get it
 * (`GET /events/{EventID}/public`, pages-api.ts); each part saves on its own.
 */
import { useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { LoadState } from "@/components/LoadState";
import { usePagesEvent, usePagesWrites, type PagesEvent } from "./pages-api";
import { addPagesStrings } from "./pages-i18n";
import { PagesPageForm } from "./PagesPageForm";
import { PagesPhotoboothForm } from "./PagesPhotoboothForm";
import { PagesWebElements } from "./PagesWebElements";
import "./PagesScreen.css";

export function PagesScreen({ eventId }: { eventId: string }) {
  addPagesStrings();
  const { t } = useTranslation("pages");
  const query = usePagesEvent(eventId);
  const headingRef = useRef<HTMLHeadingElement>(null);

  return (
    // Not a landmark of its own: the console's event page already wraps it in a region named
    // after the section.
    <div className="pages-screen">
      <h2 ref={headingRef} tabIndex={-1}>
        {t("title")}
      </h2>
      <p className="muted">{t("intro")}</p>
      <LoadState query={query} loadingText={t("loading")} failedText={t("loadFailed")} focusAfterRetry={headingRef} />
      {query.data ? <PagesSections key={eventId} eventId={eventId} event={query.data} /> : null}
    </div>
  );
}

function PagesSections({ eventId, event }: { eventId: string; event: PagesEvent }) {
  const { t } = useTranslation("pages");
  const { savePage, savePhotobooth, uploadImage, removeImage } = usePagesWrites(eventId);
  const id = useId();
  return (
    <>
      <section className="pages-section" aria-labelledby={`${id}-faq`}>
        <h3 id={`${id}-faq`}>{t("faq.title")}</h3>
        <p className="muted">{t("faq.intro")}</p>
        {event.FAQ ? null : <p className="pages-empty">{t("faq.empty")}</p>}
        <PagesPageForm kind="faq" page={event.FAQ} save={savePage} />
      </section>
      <section className="pages-section" aria-labelledby={`${id}-landing`}>
        <h3 id={`${id}-landing`}>{t("landing.title")}</h3>
        <p className="muted">{t("landing.intro")}</p>
        {event.Landing ? null : <p className="pages-empty">{t("landing.empty")}</p>}
        <PagesPageForm kind="landing" page={event.Landing} save={savePage} />
      </section>
      <section className="pages-section" aria-labelledby={`${id}-photobooth`}>
        <h3 id={`${id}-photobooth`}>{t("photobooth.title")}</h3>
        <p className="pages-about">{t("photobooth.about")}</p>
        {event.Photobooth ? null : <p className="pages-empty">{t("photobooth.empty")}</p>}
        <PagesPhotoboothForm booth={event.Photobooth} save={savePhotobooth} />
      </section>
      <section className="pages-section" aria-labelledby={`${id}-elements`}>
        <h3 id={`${id}-elements`}>{t("webElements.title")}</h3>
        <p className="muted">{t("webElements.intro")}</p>
        <PagesWebElements event={event} upload={uploadImage} remove={removeImage} />
      </section>
    </>
  );
}
