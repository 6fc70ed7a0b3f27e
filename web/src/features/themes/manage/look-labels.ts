/**
 * Words for the keys the server names. The keys themselves come from the server (json-schemas,
 * the levels' maps, `FontGroups`); a key this build has a translation for reads as words, any
 * other (a key the server adds later, one an organizer typed in) as the key made readable.
 */
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { LOOK_NS } from "./look-i18n";
import { humanizeKey, type Source } from "./look-model";
import type { SubTheme } from "./look-api";

export function useLookLabels() {
  const { t, i18n } = useTranslation(LOOK_NS);
  // Keys built at run time: i18next's typed `t` cannot check them, `exists` does.
  const lookup = useCallback(
    (path: string, fallback: string) => (i18n.exists(path, { ns: LOOK_NS }) ? (t as unknown as (key: string) => string)(path) : fallback),
    [i18n, t],
  );
  const fieldLabel = useCallback((sub: SubTheme, key: string) => lookup(`labels.${sub}.${key}`, humanizeKey(key)), [lookup]);
  const groupLabel = useCallback((group: string) => lookup(`fonts.groups.${group}`, humanizeKey(group)), [lookup]);
  const componentName = useCallback((sub: SubTheme) => t(`components.${sub}.title`), [t]);
  const sourceName = useCallback(
    (source: Source, baseName: string | null) => (source === "global" && baseName !== null ? t("source.global", { name: baseName }) : t("source.default")),
    [t],
  );
  return { fieldLabel, groupLabel, componentName, sourceName };
}
