/**
 * A colour field: the browser's colour picker and a text field holding the value (a hex colour, or
 * any colour the contrast rule reads), and — for a `X_background_color` with its
 * `X_background_alpha` — an opacity slider: the alpha rule of the attendee app shown as one
 * control. The picker and the slider start from what attendees get (the value set here, else the
 * inherited one); moving them sets the value at this level. The text field is empty while the
 * value is inherited, and then shows the inherited value as its placeholder.
 */
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Field } from "@/components/Field";
import { parseAlpha } from "../theme";
import { parseColor } from "./contrast";
import { LOOK_NS } from "./look-i18n";

export interface AlphaPart {
  value: string;
  inherited: string;
  error?: string | undefined;
  onChange: (value: string) => void;
}

export interface ColorControlProps {
  label: string;
  value: string;
  inherited: string;
  hint: string;
  error?: string | undefined;
  onChange: (value: string) => void;
  alpha?: AlphaPart | undefined;
}

const hex2 = (n: number) => Math.round(Math.min(255, Math.max(0, n))).toString(16).padStart(2, "0");

/** `<input type=color>` takes only #rrggbb: the colour's channels, its alpha aside. */
export function pickerValue(text: string): string {
  const color = parseColor(text);
  return color ? `#${hex2(color.r)}${hex2(color.g)}${hex2(color.b)}` : "#000000";
}

export function ColorControl({ label, value, inherited, hint, error, onChange, alpha }: ColorControlProps) {
  const { t, i18n } = useTranslation(LOOK_NS);
  const sliderId = useId();
  const alphaErrorId = useId();
  const opacity = alpha ? (parseAlpha(alpha.value) ?? parseAlpha(alpha.inherited) ?? 1) : 1;
  const percent = new Intl.NumberFormat(i18n.language, { style: "percent" }).format(opacity);
  return (
    <div className="look-color">
      <div className="look-color__row">
        <input
          type="color"
          className="look-color__picker"
          aria-label={t("fields.pick", { label })}
          value={pickerValue(value.trim() || inherited)}
          onChange={(e) => onChange(e.target.value)}
        />
        <Field
          label={label}
          value={value}
          placeholder={inherited}
          autoComplete="off"
          spellCheck={false}
          hint={hint}
          error={error}
          onChange={(e) => onChange(e.target.value)}
        />
      </div>
      {alpha ? (
        <div className="look-color__alpha">
          <label htmlFor={sliderId}>{t("fields.opacity", { label })}</label>
          <input
            id={sliderId}
            type="range"
            min={0}
            max={100}
            step={1}
            value={Math.round(opacity * 100)}
            aria-valuetext={percent}
            aria-invalid={alpha.error ? true : undefined}
            aria-describedby={alpha.error ? alphaErrorId : undefined}
            onChange={(e) => alpha.onChange(String(Number(e.target.value) / 100))}
          />
          <output htmlFor={sliderId}>{percent}</output>
          {alpha.error ? (
            <span id={alphaErrorId} className="field__error" role="alert">
              {alpha.error}
            </span>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
