/**
 * The console section's strings: the `treasurehuntManage` namespace in all five languages
 * (`./locales/<lang>.ts`; `treasurehunt` is the venue's), added when the section's chunk loads,
 * so the attendee app never carries them.
 */
import { addNamespace } from "@/lib/i18n-namespace";
import { type Keys, type TypedT, useNamespaceT } from "../typed-t";
import de from "./locales/de";
import en from "./locales/en";
import es from "./locales/es";
import fr from "./locales/fr";
import it from "./locales/it";

export const TREASUREHUNT_MANAGE_NS = "treasurehuntManage";

export const treasureHuntManageResources = { en, de, es, fr, it } as const;

export function addTreasureHuntManageStrings(): void {
  addNamespace(TREASUREHUNT_MANAGE_NS, treasureHuntManageResources);
}

export type ManageKey = Keys<typeof en>;
export type ManageT = TypedT<ManageKey>;

export function useManageT(): ManageT {
  return useNamespaceT(TREASUREHUNT_MANAGE_NS, treasureHuntManageResources);
}
