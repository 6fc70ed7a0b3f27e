/**
 * The venue's hunt strings: the `treasurehunt` namespace in all five languages
 * (`./locales/<lang>.ts`), added when a hunt chunk loads (the room's items, the leaderboard), so
 * neither the login route nor the venue frame's own chunk carries them. The console's strings are
 * `manage/i18n.ts`'s namespace, so attendees never load them.
 */
import { addNamespace } from "@/lib/i18n-namespace";
import de from "./locales/de";
import en from "./locales/en";
import es from "./locales/es";
import fr from "./locales/fr";
import it from "./locales/it";
import { type Keys, type TypedT, useNamespaceT } from "./typed-t";

export const TREASUREHUNT_NS = "treasurehunt";

export const treasureHuntResources = { en, de, es, fr, it } as const;

export function addTreasureHuntStrings(): void {
  addNamespace(TREASUREHUNT_NS, treasureHuntResources);
}

export type HuntT = TypedT<Keys<typeof en>>;

export function useHuntT(): HuntT {
  return useNamespaceT(TREASUREHUNT_NS, treasureHuntResources);
}
