/**
 * A customer's Admins section (`/manage/customers/:customerId/admins`, under the customer's name
 * as the page's h1, so its own heading is an h2): the customer's customer admins with their roles,
 * inviting one, changing roles, resending the invitation and removing a right — the event Admins
 * screen's parts (`AdminGroup`, `InviteAdminForm` in its customer scope, `EditRolesDialog`,
 * `RemoveAdminDialog`) for customer rights only. Event admins are per event and stay on each
 * event's own Admins section.
 *
 * Who may act: the customer's admins and master admins (`MayCreateEvents` of the customer in
 * `GET /customers`, the server's same check). An account can be created here by master admins
 * only (the server refuses a person outside an event to others); anyone else invites people who
 * already have an account.
 */
import { useQuery } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { adminsCustomersQuery, adminsIsMasterQuery, customerAdminsQuery, isStatus } from "./api";
import { AdminGroup, groupState, type GroupState } from "./AdminGroup";
import { addAdminsStrings } from "./admins-i18n";
import { InviteAdminForm } from "./InviteAdminForm";
import { consolePersonId } from "./self";
import { useAdminActions } from "./use-admin-actions";
import "./AdminsScreen.css";

export function CustomerAdminsScreen({ customerId }: { customerId: string }) {
  addAdminsStrings();
  const { t } = useTranslation("admins");
  const [selfId] = useState(consolePersonId);
  const customers = useQuery(adminsCustomersQuery());
  const master = useQuery(adminsIsMasterQuery());
  const customer = customers.data?.find((c) => c.ID === customerId);
  const customerName = customer?.Name ?? t("thisCustomer");
  /** Known once the customers are read; unreadable customers leave it to the server. */
  const mayManage = customers.data ? customer?.MayCreateEvents === true : customers.isError ? true : undefined;
  const admins = useQuery({ ...customerAdminsQuery(customerId), enabled: mayManage === true });

  const heading = useRef<HTMLHeadingElement>(null);
  const focusGroup = useCallback(() => heading.current?.focus(), []);
  const actions = useAdminActions({
    selfId,
    customerName,
    eventTitle: "",
    // Without this right the customer may be out of reach: back to the events.
    leavesOnSelfRemoval: () => true,
    focusGroup,
  });

  const state: GroupState =
    mayManage === false || isStatus(admins.error, 403) ? { status: "restricted" } : mayManage === undefined ? { status: "loading" } : groupState(admins);

  return (
    <div className="admins-screen">
      <h2>{t("title")}</h2>
      <p className="muted">{t("customerScreen.intro", { customer: customerName })}</p>
      <AdminGroup
        kind="Customer"
        headingRef={heading}
        title={t("customerGroup.title")}
        description={t("customerGroup.description", { customer: customerName })}
        empty={t("customerGroup.empty", { customer: customerName })}
        state={state}
        selfId={selfId}
        mayManage={mayManage !== false}
        customerName={customerName}
        onRemove={actions.startRemove}
        onEditRoles={actions.startEditRoles}
        announce={actions.announce}
      />
      {mayManage === true && !master.isPending ? (
        <InviteAdminForm
          scope={{ kind: "customer", customerId, customerName, mayCreateAccounts: master.data === true }}
          announce={actions.announce}
        />
      ) : null}
      {actions.overlays}
    </div>
  );
}
