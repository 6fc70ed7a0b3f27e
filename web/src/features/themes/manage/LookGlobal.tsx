/**
 * Start from a global theme of the event's customer (`GET /events/themes/global/{CustomerID}`) and
 * apply it (`POST /events/{EventID}/themes/{ThemeID}/apply`): the server copies its colours, offset,
 * fonts and favicon over the event's own settings and keeps it as the level under the event's, so
 * later resets fall back to it. Applying replaces what was set here, so it asks first and says so.
 * "Reset everything" (`PUT …/theme/All/reset`) empties the event's level.
 */
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { SelectField } from "@/components/SelectField";
import { notify } from "@/features/notifications";
import { errorMessageKey } from "@/lib/errors";
import { useSubmitLock } from "@/lib/use-submit-lock";
import { globalThemesQuery, type LookWrites, type ThemeLevel } from "./look-api";
import { LOOK_NS } from "./look-i18n";
import type { Inherited } from "./look-model";
import { ResetButton } from "./LookComponentForm";

export interface LookGlobalProps {
  customerId: string;
  level: ThemeLevel | null;
  inherited: Inherited;
  writes: Pick<LookWrites, "applyGlobal" | "reset">;
}

const isEmpty = (level: ThemeLevel | null) =>
  !level ||
  (Object.keys(level.MainTheme).length === 0 &&
    Object.keys(level.HeaderTheme).length === 0 &&
    Object.keys(level.ChatTheme).length === 0 &&
    level.login_box_x_offset === null &&
    Object.values(level.FontAssets).every((refs) => refs.length === 0) &&
    Object.keys(level.MediaAssets).length === 0);

export function LookGlobal({ customerId, level, inherited, writes }: LookGlobalProps) {
  const { t } = useTranslation(LOOK_NS);
  const { t: tc } = useTranslation();
  const headingId = useId();
  const globals = useQuery(globalThemesQuery(customerId));
  const [chosen, setChosen] = useState("");
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useSubmitLock();
  const themes = globals.data ?? [];
  const selected = themes.find((theme) => theme.ThemeID === chosen) ?? themes[0];
  const baseName = inherited.base?.Name ?? null;

  const apply = () =>
    run(async () => {
      if (!selected) return;
      setError(null);
      try {
        await writes.applyGlobal(selected.ThemeID);
        setAsking(false);
        notify("success", t("global.applied", { name: selected.Name }));
      } catch (failure) {
        setError(t("global.notApplied", { reason: tc(errorMessageKey(failure)) }));
      }
    });

  return (
    <section className="look-section" aria-labelledby={headingId}>
      <h3 id={headingId}>{t("global.title")}</h3>
      <p className="muted">{baseName === null ? t("global.notBased") : t("global.basedOn", { name: baseName })}</p>
      {globals.isPending ? <p role="status">{t("global.loading")}</p> : null}
      {globals.isError ? (
        <p role="alert" className="field__error">
          {t("global.loadFailed", { reason: tc(errorMessageKey(globals.error)) })}
        </p>
      ) : null}
      {globals.isSuccess && themes.length === 0 ? <p className="small">{t("global.none")}</p> : null}
      {themes.length > 0 && selected ? (
        <form
          className="console-form look-global"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            setAsking(true);
          }}
        >
          <SelectField label={t("global.choose")} value={selected.ThemeID} onChange={(e) => setChosen(e.target.value)}>
            {themes.map((theme) => (
              <option key={theme.ThemeID} value={theme.ThemeID}>
                {theme.Name}
              </option>
            ))}
          </SelectField>
          <div className="look-actions">
            <button type="submit" className="button">
              {t("global.apply")}
            </button>
          </div>
        </form>
      ) : null}
      {isEmpty(level) ? null : (
        <div className="look-actions">
          <ResetButton subject={t("global.everything")} label={t("global.resetAll")} baseName={baseName} reset={() => writes.reset("All")} />
        </div>
      )}
      {asking && selected ? (
        <ConfirmDialog
          title={t("global.confirmTitle", { name: selected.Name })}
          body={t("global.confirmBody")}
          confirmLabel={t("global.apply")}
          busyLabel={t("global.applying")}
          cancelLabel={t("cancel")}
          busy={busy}
          error={error}
          onConfirm={() => void apply()}
          onCancel={() => {
            setAsking(false);
            setError(null);
          }}
        />
      ) : null}
    </section>
  );
}
