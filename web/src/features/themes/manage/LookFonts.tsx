/**
 * The theme's fonts, per weight group (`FontGroups` of json-schemas: regular, medium, bold, …).
 * A group is a fallback stack: the browser uses the first font it can load. The event's own fonts
 * of a group replace the inherited ones of that group as a whole (the most specific level that has
 * fonts for a group wins), so the screen shows the event's list when it has one, else what is
 * inherited. Upload appends (`POST …/themes/fonts/{FontGroup}`), Up/Down reorder
 * (`PUT …/re-order` with the whole list), Remove asks first (`DELETE …/file-hash/{FileHash}`).
 * Reset fonts clears every group of the event (`PUT …/theme/FontAssets/reset`).
 */
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { notify } from "@/features/notifications";
import { errorMessageKey } from "@/lib/errors";
import { formatBytes } from "@/lib/format-bytes";
import { useSubmitLock } from "@/lib/use-submit-lock";
import type { FileRef, LookWrites, ThemeLevel } from "./look-api";
import { LOOK_NS } from "./look-i18n";
import { useLookLabels } from "./look-labels";
import type { Inherited } from "./look-model";
import { FONT_ACCEPT, fontProblem, MAX_UPLOAD_BYTES } from "./look-schema";
import { ResetButton } from "./LookComponentForm";
import { LookUpload } from "./LookUpload";

export interface LookFontsProps {
  groups: readonly string[];
  level: ThemeLevel | null;
  inherited: Inherited;
  writes: Pick<LookWrites, "uploadFont" | "removeFont" | "reorderFonts" | "reset">;
}

export function LookFonts({ groups, level, inherited, writes }: LookFontsProps) {
  const { t } = useTranslation(LOOK_NS);
  const headingId = useId();
  const hasOwn = Object.values(level?.FontAssets ?? {}).some((refs) => refs.length > 0);
  return (
    <section className="look-section" aria-labelledby={headingId}>
      <h3 id={headingId}>{t("fonts.title")}</h3>
      <p className="muted">{t("fonts.intro")}</p>
      {groups.map((group) => (
        <FontGroup key={group} group={group} own={level?.FontAssets[group] ?? []} inherited={inherited} writes={writes} />
      ))}
      {hasOwn ? (
        <div className="look-actions">
          <ResetButton subject={t("fonts.title")} label={t("fonts.reset")} baseName={inherited.base?.Name ?? null} reset={() => writes.reset("FontAssets")} />
        </div>
      ) : null}
    </section>
  );
}

function FontGroup({ group, own, inherited, writes }: { group: string; own: FileRef[]; inherited: Inherited; writes: LookFontsProps["writes"] }) {
  const { t, i18n } = useTranslation(LOOK_NS);
  const { t: tc } = useTranslation();
  const { groupLabel, sourceName } = useLookLabels();
  const headingId = useId();
  const label = groupLabel(group);
  const { busy, run } = useSubmitLock();
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<{ ref: FileRef; index: number } | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const below = inherited.fonts[group];

  const move = (index: number, by: -1 | 1) =>
    run(async () => {
      const hashes = own.map((f) => f.hash);
      const [moved] = hashes.splice(index, 1);
      if (moved === undefined) return;
      hashes.splice(index + by, 0, moved);
      setError(null);
      try {
        await writes.reorderFonts(group, hashes);
        // The moved font's row is re-rendered elsewhere: keep the focus on its button, or on the
        // other direction once it reached an end.
        requestAnimationFrame(() => {
          const buttons = [...(listRef.current?.querySelectorAll<HTMLButtonElement>(`[data-font="${moved}"]`) ?? [])];
          (buttons.find((b) => b.dataset.move === String(by) && !b.disabled) ?? buttons.find((b) => !b.disabled))?.focus();
        });
      } catch (failure) {
        setError(t("fonts.notMoved", { reason: tc(errorMessageKey(failure)) }));
      }
    });

  const remove = () =>
    run(async () => {
      if (!removing) return;
      setRemoveError(null);
      try {
        await writes.removeFont(group, removing.ref.hash);
        setRemoving(null);
        notify("success", t("fonts.removed", { group: label }));
      } catch (failure) {
        setRemoveError(t("fonts.notRemoved", { reason: tc(errorMessageKey(failure)) }));
      }
    });

  return (
    <section className="look-font-group" aria-labelledby={headingId}>
      <h4 id={headingId}>{label}</h4>
      {own.length > 0 ? (
        <ol ref={listRef} className="look-font-list" aria-label={t("fonts.listLabel", { group: label })}>
          {own.map((font, index) => {
            const name = t("fonts.fontName", { number: index + 1 });
            const subject = `${name} ${label}`;
            return (
              <li key={font.hash} className="look-font">
                <span>
                  {name} <code className="small muted">{font.hash.slice(0, 12)}</code>
                </span>
                <span className="look-actions">
                  <button type="button" className="button button--secondary" aria-label={`${t("fonts.up")} ${subject}`} data-font={font.hash} data-move="-1" aria-disabled={busy || undefined} disabled={index === 0} onClick={() => void move(index, -1)}>
                    {t("fonts.up")}
                  </button>
                  <button type="button" className="button button--secondary" aria-label={`${t("fonts.down")} ${subject}`} data-font={font.hash} data-move="1" aria-disabled={busy || undefined} disabled={index === own.length - 1} onClick={() => void move(index, 1)}>
                    {t("fonts.down")}
                  </button>
                  <button type="button" className="button button--secondary" aria-label={`${t("fonts.remove")} ${subject}`} onClick={() => setRemoving({ ref: font, index })}>
                    {t("fonts.remove")}
                  </button>
                </span>
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="small muted">{below ? t("fonts.inherited", { count: below.refs.length, source: sourceName(below.from, inherited.base?.Name ?? null) }) : t("fonts.none")}</p>
      )}
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <LookUpload
        label={t("fonts.fileLabel", { group: label })}
        hint={t("fonts.fileHint", { size: formatBytes(MAX_UPLOAD_BYTES, i18n.language) })}
        subject={label}
        accept={FONT_ACCEPT}
        acceptedText={t("fonts.accepted")}
        check={fontProblem}
        upload={(file, options) => writes.uploadFont(group, file, options)}
        doneText={t("fonts.uploaded", { group: label })}
      />
      {removing ? (
        <ConfirmDialog
          title={t("fonts.removeTitle", { font: t("fonts.fontName", { number: removing.index + 1 }), group: label })}
          body={own.length > 1 ? t("fonts.removeBodyMore") : t("fonts.removeBodyLast")}
          confirmLabel={t("fonts.remove")}
          busyLabel={t("fonts.removing")}
          cancelLabel={t("cancel")}
          busy={busy}
          error={removeError}
          onConfirm={() => void remove()}
          onCancel={() => {
            setRemoving(null);
            setRemoveError(null);
          }}
        />
      ) : null}
    </section>
  );
}
