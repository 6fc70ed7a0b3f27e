/** The photobooth: a photo in its popup, and the gallery of the event's photos in a new tab. */
import type { EngagementT } from "./i18n";

export interface BoothLinks {
  open: () => void;
  galleryURL: string | null;
}

export function BoothCard({ booth, t }: { booth: BoothLinks; t: EngagementT }) {
  return (
    <section className="engagement__part" aria-labelledby="engagement-booth">
      <h2 id="engagement-booth">{t("booth")}</h2>
      <p>{t("boothText")}</p>
      <div className="engagement__actions">
        <button type="button" className="button" onClick={booth.open}>
          {t("boothOpen")}
        </button>
        {booth.galleryURL && (
          <a className="button button--secondary" href={booth.galleryURL} target="_blank" rel="noopener noreferrer">
            {t("gallery")}
          </a>
        )}
      </div>
    </section>
  );
}
