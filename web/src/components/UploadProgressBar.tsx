import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { UploadProgress } from "@/lib/api-client";

/**
 * An upload under way: a progress bar with its percentage as text (not a live region: a screen
 * reader user hears it on demand, not forty times a second). Without a known total the bar is
 * indeterminate.
 */
export function UploadProgressBar({ progress }: { progress: UploadProgress }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const share = progress.total ? Math.min(1, progress.loaded / progress.total) : null;
  const text =
    share === null
      ? t("common.uploadingUnknown")
      : t("common.uploading", { percent: new Intl.NumberFormat(i18n.language, { style: "percent" }).format(share) });
  return (
    <div className="upload-progress" data-testid="upload-progress">
      <span id={id} className="small">
        {text}
      </span>
      {share === null ? <progress aria-labelledby={id} /> : <progress aria-labelledby={id} value={Math.round(share * 100)} max={100} />}
    </div>
  );
}
