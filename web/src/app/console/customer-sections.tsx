/**
 * The sections of one customer in the console (`/manage/customers/:customerId/…`), as
 * `sections.tsx` is for an event: the sub-navigation and the routes come from this one list, each
 * screen a lazy chunk taking `{ customerId }`.
 *
 * Sign-in (the customer's OpenID providers and portal hand-off secret) is the identity feature's
 * screen; Admins is the admins feature's, for customer rights.
 */
import type { ComponentType } from "react";
import type { ParseKeys } from "i18next";

export interface CustomerScreenProps {
  customerId: string;
}

export interface CustomerSection {
  /** Relative to the customer's page; "" is the index (settings). Lower-case, no slashes. */
  path: string;
  labelKey: ParseKeys<"console">;
  load: () => Promise<ComponentType<CustomerScreenProps>>;
}

export const customerSections: readonly CustomerSection[] = [
  {
    path: "",
    labelKey: "customerNav.settings",
    load: () => import("@/features/customers/manage/CustomerSettingsScreen").then((m) => m.CustomerSettingsScreen),
  },
  {
    path: "sign-in",
    labelKey: "customerNav.signIn",
    load: () => import("@/features/identity/manage/SignInScreen").then((m) => m.SignInScreen),
  },
  {
    path: "admins",
    labelKey: "customerNav.admins",
    load: () => import("@/features/admins/manage/CustomerAdminsScreen").then((m) => m.CustomerAdminsScreen),
  },
];
