/**
 * The theme's media assets the attendee app uses — today the favicon (`MediaAssets.favicon`,
 * attendee-app.md §3). Shows what attendees get (the event's own, else the inherited one, else the
 * app's icon), uploads one (`POST …/themes/media-assets/{name}`: PNG, JPEG, WebP, GIF or ICO; the
 * server re-encodes it and never takes SVG) and removes the event's own after asking
 * (`DELETE …/themes/media-assets/{name}`), which brings the inherited one back.
 */
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { notify } from "@/features/notifications";
import { errorMessageKey } from "@/lib/errors";
import { formatBytes } from "@/lib/format-bytes";
import { useSubmitLock } from "@/lib/use-submit-lock";
import type { LookWrites, ThemeLevel } from "./look-api";
import { LOOK_NS } from "./look-i18n";
import { useLookLabels } from "./look-labels";
import type { Inherited } from "./look-model";
import { IMAGE_ACCEPT, imageProblem, MAX_UPLOAD_BYTES } from "./look-schema";
import { LookUpload } from "./LookUpload";

/** The media assets the attendee app reads. */
export const MEDIA_ASSETS = ["favicon"] as const;

export interface LookMediaProps {
  level: ThemeLevel | null;
  inherited: Inherited;
  writes: Pick<LookWrites, "uploadMedia" | "removeMedia">;
}

export function LookMedia({ level, inherited, writes }: LookMediaProps) {
  const { t, i18n } = useTranslation(LOOK_NS);
  const { t: tc } = useTranslation();
  const { sourceName } = useLookLabels();
  const headingId = useId();
  const { busy, run } = useSubmitLock();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = MEDIA_ASSETS[0];
  const own = level?.MediaAssets[name];
  const below = inherited.media[name];
  const shown = own ?? below?.ref;

  const remove = () =>
    run(async () => {
      setError(null);
      try {
        await writes.removeMedia(name);
        setAsking(false);
        notify("success", t("media.removed"));
      } catch (failure) {
        setError(t("media.notRemoved", { reason: tc(errorMessageKey(failure)) }));
      }
    });

  let where: string;
  if (own) where = t("media.own");
  else if (below) where = t("media.inherited", { source: sourceName(below.from, inherited.base?.Name ?? null) });
  else where = t("media.none");

  return (
    <section className="look-section" aria-labelledby={headingId}>
      <h3 id={headingId}>{t("media.title")}</h3>
      <p className="muted">{t("media.intro")}</p>
      <div className="look-favicon">
        {shown ? <img src={shown.url} alt={t("media.currentAlt")} width={32} height={32} /> : null}
        <p className="small">{where}</p>
      </div>
      <LookUpload
        label={t("media.fileLabel")}
        hint={t("media.fileHint", { size: formatBytes(MAX_UPLOAD_BYTES, i18n.language) })}
        subject={t("media.title")}
        accept={IMAGE_ACCEPT}
        acceptedText={t("media.accepted")}
        check={imageProblem}
        upload={(file, options) => writes.uploadMedia(name, file, options)}
        doneText={t("media.uploaded")}
      />
      {own ? (
        <div className="look-actions">
          <button type="button" className="button button--secondary" aria-label={`${t("media.remove")} ${t("media.title")}`} onClick={() => setAsking(true)}>
            {t("media.remove")}
          </button>
        </div>
      ) : null}
      {asking ? (
        <ConfirmDialog
          title={t("media.removeTitle")}
          body={below ? t("media.removeBodyInherited") : t("media.removeBodyNone")}
          confirmLabel={t("media.remove")}
          busyLabel={t("media.removing")}
          cancelLabel={t("cancel")}
          busy={busy}
          error={error}
          onConfirm={() => void remove()}
          onCancel={() => {
            setAsking(false);
            setError(null);
          }}
        />
      ) : null}
    </section>
  );
}
