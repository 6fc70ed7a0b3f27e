/**
 * One field of a component form, by its kind: a colour (with its opacity when it has one), the
 * login box offset (a percentage field and a slider), an opacity of its own, or plain text. Each
 * says where its value comes from — set for this event, or inherited and from which level — and
 * what a reset returns to; "Use inherited" empties it here.
 */
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Field } from "@/components/Field";
import { parseAlpha, parseOffset, type StyleMap } from "../theme";
import { ColorControl } from "./ColorControl";
import type { SubTheme } from "./look-api";
import { LOOK_NS } from "./look-i18n";
import { useLookLabels } from "./look-labels";
import { textOf, type FieldSpec, type Source } from "./look-model";

export interface LookFieldProps {
  sub: SubTheme;
  spec: FieldSpec;
  values: Record<string, string>;
  inherited: StyleMap;
  from: Record<string, Source>;
  baseName: string | null;
  /** Translated messages by draft path (`values.<key>`). */
  errors: Record<string, string>;
  onChange: (key: string, value: string) => void;
}

export function LookField({ sub, spec, values, inherited, from, baseName, errors, onChange }: LookFieldProps) {
  const { t, i18n } = useTranslation(LOOK_NS);
  const { fieldLabel, sourceName } = useLookLabels();
  const sliderId = useId();
  const label = fieldLabel(sub, spec.key);
  const value = values[spec.key] ?? "";
  const alphaValue = spec.alphaKey ? (values[spec.alphaKey] ?? "") : "";
  const before = textOf(inherited[spec.key]);
  const beforeAlpha = spec.alphaKey ? textOf(inherited[spec.alphaKey]) : "";
  const isSet = value.trim() !== "" || alphaValue.trim() !== "";
  const source = sourceName(from[spec.key] ?? from[spec.alphaKey ?? ""] ?? "default", baseName);
  const inheritedOpacity = parseAlpha(beforeAlpha);
  const opacityText = inheritedOpacity === null ? beforeAlpha : new Intl.NumberFormat(i18n.language, { style: "percent" }).format(inheritedOpacity);
  const shown = beforeAlpha ? t("fields.withOpacity", { value: before, opacity: opacityText }) : before;

  let hint: string;
  if (isSet) hint = before || beforeAlpha ? t("fields.setHere", { value: shown, source }) : t("fields.setHereOnly");
  else hint = before || beforeAlpha ? t("fields.inherited", { value: shown, source }) : t("fields.unset");

  const error = errors[`values.${spec.key}`];
  let control;
  if (spec.kind === "color") {
    const alphaKey = spec.alphaKey;
    control = (
      <ColorControl
        label={label}
        value={value}
        inherited={before}
        hint={hint}
        error={error}
        onChange={(next) => onChange(spec.key, next)}
        alpha={alphaKey ? { value: alphaValue, inherited: beforeAlpha, error: errors[`values.${alphaKey}`], onChange: (next) => onChange(alphaKey, next) } : undefined}
      />
    );
  } else if (spec.kind === "offset") {
    const offset = parseOffset(value.trim() || before) ?? 0;
    control = (
      <div className="look-offset">
        <Field label={label} value={value} placeholder={before} autoComplete="off" inputMode="decimal" hint={`${t("fields.offsetHint")} ${hint}`} error={error} onChange={(e) => onChange(spec.key, e.target.value)} />
        <label htmlFor={sliderId}>{t("fields.offsetSlider")}</label>
        <input id={sliderId} type="range" min={-50} max={50} step={1} value={Math.round(offset)} aria-valuetext={`${Math.round(offset)}%`} onChange={(e) => onChange(spec.key, `${e.target.value}%`)} />
      </div>
    );
  } else {
    const kindHint = spec.kind === "alpha" ? `${t("fields.alphaHint")} ` : "";
    control = <Field label={label} value={value} placeholder={before} autoComplete="off" spellCheck={false} hint={`${kindHint}${hint}`} error={error} onChange={(e) => onChange(spec.key, e.target.value)} />;
  }

  return (
    <div className="look-field" data-key={spec.key}>
      {control}
      {isSet ? (
        <button
          type="button"
          className="link-button small"
          aria-label={`${t("fields.useInherited")}: ${label}`}
          onClick={() => {
            onChange(spec.key, "");
            if (spec.alphaKey) onChange(spec.alphaKey, "");
          }}
        >
          {t("fields.useInherited")}
        </button>
      ) : null}
    </div>
  );
}
