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
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { notify } from "@/features/notifications";
import { consolePaths } from "@/lib/console-paths";
import { adminKeys, adminsCustomersQuery, adminsIsMasterQuery, customerAdminsQuery, isStatus, type AdminListItem } from "./api";
import { AdminGroup, displayName, groupState, type GroupState } from "./AdminGroup";
import { addAdminsStrings } from "./admins-i18n";
import { EditRolesDialog, type EditRolesTarget } from "./EditRolesDialog";
import { InviteAdminForm } from "./InviteAdminForm";
import { RemoveAdminDialog, type RemoveResult, type RemoveTarget } from "./RemoveAdminDialog";
import { consolePersonId } from "./self";
import "./AdminsScreen.css";

export function CustomerAdminsScreen({ customerId }: { customerId: string }) {
  addAdminsStrings();
  const { t } = useTranslation("admins");
  const client = useQueryClient();
  const navigate = useNavigate();
  const [selfId] = useState(consolePersonId);
  const customers = useQuery(adminsCustomersQuery());
  const master = useQuery(adminsIsMasterQuery());
  const customer = customers.data?.find((c) => c.ID === customerId);
  const customerName = customer?.Name ?? t("thisCustomer");
  /** Known once the customers are read; unreadable customers leave it to the server. */
  const mayManage = customers.data ? customer?.MayCreateEvents === true : customers.isError ? true : undefined;
  const admins = useQuery({ ...customerAdminsQuery(customerId), enabled: mayManage === true });

  const [announcement, setAnnouncement] = useState({ id: 0, text: "" });
  const announce = useCallback((text: string) => setAnnouncement((a) => ({ id: a.id + 1, text })), []);
  const [removing, setRemoving] = useState<RemoveTarget | null>(null);
  const [editing, setEditing] = useState<EditRolesTarget | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);

  // After a removal the row is gone: the group's heading takes the focus (after the dialog closed).
  useEffect(() => {
    if (focusRequest > 0) heading.current?.focus();
  }, [focusRequest]);

  const onRemoved = (target: RemoveTarget, result: RemoveResult) => {
    setRemoving(null);
    const name = displayName(target.admin);
    if (result === "gone") {
      announce(t("alreadyRemoved", { name }));
    } else if (target.isSelf) {
      notify("success", t("removedSelf"));
      // Without this right the customer may be out of reach: back to the events, everything re-read.
      void client.invalidateQueries({ queryKey: ["manage"] });
      void navigate(consolePaths.events);
      return;
    } else {
      const text = t("removed", { name });
      notify("success", text);
      announce(text);
    }
    void client.invalidateQueries({ queryKey: adminKeys.all });
    setFocusRequest((n) => n + 1);
  };

  const onRolesSaved = (target: EditRolesTarget) => {
    setEditing(null);
    const text = t("rolesSaved", { name: displayName(target.admin) });
    notify("success", text);
    announce(text);
    void client.invalidateQueries({ queryKey: target.isSelf ? ["manage"] : adminKeys.all });
  };

  const state: GroupState =
    mayManage === false || isStatus(admins.error, 403) ? { status: "restricted" } : mayManage === undefined ? { status: "loading" } : groupState(admins);

  return (
    <div className="admins-screen">
      <h2>{t("title")}</h2>
      <p className="muted">{t("customerScreen.intro", { customer: customerName })}</p>
      <div className="visually-hidden" role="status" aria-live="polite" data-testid="admins-announcer">
        <span key={announcement.id}>{announcement.text}</span>
      </div>
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
        onRemove={(admin: AdminListItem, kind) => setRemoving({ admin, kind, isSelf: admin.PersonID === selfId })}
        onEditRoles={(admin) => setEditing({ admin, isSelf: admin.PersonID === selfId })}
        announce={announce}
      />
      {mayManage === true && !master.isPending ? (
        <InviteAdminForm scope={{ kind: "customer", customerId, customerName, mayCreateAccounts: master.data === true }} announce={announce} />
      ) : null}
      {editing ? (
        <EditRolesDialog target={editing} customerName={customerName} onClose={() => setEditing(null)} onSaved={() => onRolesSaved(editing)} />
      ) : null}
      {removing ? (
        <RemoveAdminDialog
          target={removing}
          eventTitle=""
          customerName={customerName}
          onClose={() => setRemoving(null)}
          onDone={(result) => onRemoved(removing, result)}
        />
      ) : null}
    </div>
  );
}
