/**
 * A session's interaction switches: Q&A on or off, pre-moderation (new questions wait for
 * approval) on or off, reactions on or off. Each is a switch (`role="switch"` on a checkbox, so
 * it is a labelled native control) saved as soon as it is flipped, with all three sent
 * (`PUT /interaction` takes the whole state). While one saves, the switches say so and ignore
 * further flips; a refusal leaves them as stored and says why.
 */
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessageKey } from "@/lib/errors";
import { useSubmitLock } from "@/lib/use-submit-lock";
import type { Interaction } from "./api";
import { useQnaT } from "./qna-manage-i18n";
import type { QnaWrites } from "./qna-writes";

const SWITCHES = ["QnaEnabled", "QnaModerated", "ReactionsEnabled"] as const satisfies readonly (keyof Interaction)[];

export interface InteractionSwitchesProps {
  current: Interaction;
  sessionTitle: string;
  writes: QnaWrites;
  announce: (text: string) => void;
}

export function InteractionSwitches({ current, sessionTitle, writes, announce }: InteractionSwitchesProps) {
  const t = useQnaT();
  const { t: tc } = useTranslation();
  const id = useId();
  const { busy, run } = useSubmitLock();
  const [saving, setSaving] = useState<keyof Interaction | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const flip = (key: keyof Interaction) =>
    void run(async () => {
      setSaving(key);
      setFailure(null);
      try {
        const saved = await writes.setInteraction({ ...current, [key]: !current[key] });
        announce(t(`switches.${key}.${saved[key] ? "on" : "off"}`, { session: sessionTitle }));
      } catch (error) {
        setFailure(t("switches.failed", { reason: tc(errorMessageKey(error)) }));
      } finally {
        setSaving(null);
      }
    });

  return (
    <fieldset className="qna-switches" aria-busy={busy}>
      <legend>{t("switches.legend")}</legend>
      {SWITCHES.map((key) => (
        <div key={key} className="field field--checkbox qna-switch">
          <input
            id={`${id}-${key}`}
            type="checkbox"
            role="switch"
            checked={current[key]}
            aria-describedby={`${id}-${key}-hint`}
            aria-disabled={busy || undefined}
            onChange={() => {
              if (!busy) flip(key);
            }}
          />
          <label htmlFor={`${id}-${key}`}>{t(`switches.${key}.label`)}</label>
          <span id={`${id}-${key}-hint`} className="small muted qna-switch__hint">
            {saving === key ? t("switches.saving") : t(`switches.${key}.hint`)}
          </span>
        </div>
      ))}
      {failure ? (
        <p role="alert" className="qna-failure">
          {failure}
        </p>
      ) : null}
    </fieldset>
  );
}
