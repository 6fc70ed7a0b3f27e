/**
 * The contrast warnings for the values being edited: every text/background pair below WCAG AA
 * (4.5:1), worked out by the pre-publish check's own rule (./contrast.ts), so what this says before
 * saving is what the check says after. Colours the rule cannot read are named too. Not a live
 * region: it changes with every key press; the fields themselves are what is being edited.
 */
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { AA_NORMAL_TEXT, contrastReport, type ThemeMaps } from "./contrast";
import { LOOK_NS } from "./look-i18n";
import { useLookLabels } from "./look-labels";

export function LookContrast({ maps }: { maps: ThemeMaps }) {
  const { t, i18n } = useTranslation(LOOK_NS);
  const { fieldLabel, componentName } = useLookLabels();
  const headingId = useId();
  const report = contrastReport(maps);
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const required = number.format(AA_NORMAL_TEXT);
  return (
    <div className="look-contrast" role="group" aria-labelledby={headingId} data-testid="look-contrast">
      <h4 id={headingId}>{t("contrast.title")}</h4>
      {report.problems.length === 0 ? <p className="small">{t("contrast.ok", { required })}</p> : null}
      {report.problems.length > 0 ? (
        <ul className="look-contrast__list">
          {report.problems.map((p) => (
            <li key={`${p.theme}.${p.textKey}.${p.backgroundKey}`} className="notice small">
              {t("contrast.problem", {
                component: componentName(p.theme),
                text: fieldLabel(p.theme, p.textKey),
                background: fieldLabel(p.backgroundTheme, p.backgroundKey),
                ratio: number.format(p.ratio),
                required,
              })}
            </li>
          ))}
        </ul>
      ) : null}
      {report.unreadable.map((u) => (
        <p key={`${u.theme}.${u.key}`} className="small muted">
          {t("contrast.unreadable", { component: componentName(u.theme), label: fieldLabel(u.theme, u.key), value: u.value })}
        </p>
      ))}
    </div>
  );
}
