/**
 * "Review submissions before they are public": a switch (`role="switch"` on a checkbox, so it is
 * a labelled native control, as the Q&A section's) saved as soon as it is flipped
 * (`PUT …/settings`). While it saves it says so and ignores further flips; a refusal leaves it as
 * stored and says why.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { LoadState } from "@/components/LoadState";
import { useSubmitLock } from "@/lib/use-submit-lock";
import { getSettings, putSettings, type Settings, type WallKeys } from "../api";
import { useRefusalText, useWallT } from "../i18n";

export function ReviewSwitch({ eventID, keys, announce }: { eventID: string; keys: WallKeys; announce: (text: string) => void }) {
  const { t } = useWallT();
  const refusal = useRefusalText();
  const client = useQueryClient();
  const id = useId();
  const { busy, run } = useSubmitLock();
  const [failure, setFailure] = useState<string | null>(null);
  const query = useQuery({ queryKey: keys.settings, queryFn: ({ signal }) => getSettings(eventID, signal) });
  const current = query.data;

  const flip = (settings: Settings) =>
    void run(async () => {
      setFailure(null);
      try {
        const saved = await putSettings(eventID, { ReviewRequired: !settings.ReviewRequired });
        client.setQueryData<Settings>(keys.settings, saved);
        announce(t(saved.ReviewRequired ? "manage.review.on" : "manage.review.off"));
      } catch (error) {
        setFailure(t("manage.review.failed", { reason: refusal(error) }));
      }
    });

  return (
    <fieldset className="wall-switches" aria-busy={busy}>
      <legend>{t("manage.review.legend")}</legend>
      <LoadState query={query} loadingText={t("manage.review.loading")} failedText={t("manage.review.loadFailed")} />
      {current ? (
        <div className="field field--checkbox wall-switch">
          <input
            id={`${id}-review`}
            type="checkbox"
            role="switch"
            checked={current.ReviewRequired}
            aria-describedby={`${id}-hint`}
            aria-disabled={busy || undefined}
            onChange={() => {
              if (!busy) flip(current);
            }}
          />
          <label htmlFor={`${id}-review`}>{t("manage.review.label")}</label>
          <span id={`${id}-hint`} className="small muted wall-switch__hint">
            {busy ? t("manage.review.saving") : t("manage.review.hint")}
          </span>
        </div>
      ) : null}
      {failure ? (
        <p role="alert" className="wall-failure">
          {failure}
        </p>
      ) : null}
    </fieldset>
  );
}
