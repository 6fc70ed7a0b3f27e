/**
 * A read-only value with a Copy button (the redirect URI, a new hand-off secret). Where the
 * clipboard is unavailable or refuses, the text is selected so the keyboard can copy it, and the
 * status line says so.
 */
import { useEffect, useId, useRef, useState } from "react";
import { useIdentityT } from "./identity-manage-i18n";

type CopyState = "idle" | "copied" | "failed";

export interface CopyFieldProps {
  label: string;
  value: string;
  /** Read with the field (aria-describedby); `warning` shows it as a notice above the value. */
  hint?: string;
  warning?: boolean;
  /** Focus the value when it appears or changes (a secret just created takes the focus). */
  focusValue?: boolean;
}

export function CopyField({ label, value, hint, warning = false, focusValue = false }: CopyFieldProps) {
  const t = useIdentityT();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<CopyState>("idle");

  useEffect(() => {
    if (focusValue) input.current?.focus();
  }, [focusValue, value]);

  const fail = () => {
    input.current?.select();
    setCopy("failed");
  };
  const onCopy = () => {
    const clipboard = typeof navigator === "undefined" ? undefined : navigator.clipboard;
    if (!clipboard) return fail();
    clipboard.writeText(value).then(() => setCopy("copied"), fail);
  };

  const note = hint ? (
    <span id={`${id}-hint`} className={warning ? "notice signin-copy__warning" : "field__hint"}>
      {hint}
    </span>
  ) : null;

  return (
    <div className="field signin-copy">
      <label htmlFor={id}>{label}</label>
      {warning ? note : null}
      <div className="signin-copy__row">
        <input ref={input} id={id} type="text" readOnly value={value} spellCheck={false} aria-describedby={hint ? `${id}-hint` : undefined} onFocus={(e) => e.currentTarget.select()} />
        <button type="button" className="button button--secondary" aria-label={t("copy.buttonFor", { label })} onClick={onCopy}>
          {t("copy.button")}
        </button>
      </div>
      {warning ? null : note}
      <span role="status" className="small">
        {copy === "copied" ? t("copy.copied") : copy === "failed" ? t("copy.failed") : ""}
      </span>
    </div>
  );
}
