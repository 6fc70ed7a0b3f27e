/**
 * The organizer console's Admins section (`/manage/events/:eventId/admins`, under the event's
 * page heading, so its own heading is an h2): the event's event admins and its customer's
 * customer admins, inviting one (`InviteAdminForm`), changing a right's roles
 * (`EditRolesDialog`), resending the invitation mail and removing a right (`RemoveAdminDialog`).
 *
 * Who may do what (admins/access.py): only customer admins of the event's customer and master
 * admins grant, change or remove rights; event admins see the event's admins and nothing else.
 * The screen reads that from `GET /customers` (`MayCreateEvents` of the event's customer: the
 * same `admins_customer` check) and offers the actions only then. The server answers an event
 * admin's customer list with just the grants they may see (none), so that group says "visible to
 * customer admins only" instead of asking; a 403 there says the same. If the customers cannot be
 * read, everything is offered and the server decides (its 403 is a clear message).
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { notify } from "@/features/notifications";
import { consolePaths } from "@/lib/console-paths";
import {
  adminKeys,
  adminsCustomersQuery,
  adminsEventQuery,
  customerAdminsQuery,
  eventAdminsQuery,
  isStatus,
  type AdminKind,
  type AdminListItem,
} from "./api";
import { AdminGroup, displayName, groupState, type GroupState } from "./AdminGroup";
import { addAdminsStrings } from "./admins-i18n";
import { EditRolesDialog, type EditRolesTarget } from "./EditRolesDialog";
import { InviteAdminForm } from "./InviteAdminForm";
import { RemoveAdminDialog, type RemoveResult, type RemoveTarget } from "./RemoveAdminDialog";
import { consolePersonId } from "./self";
import "./AdminsScreen.css";

export function AdminsScreen({ eventId }: { eventId: string }) {
  addAdminsStrings();
  const { t } = useTranslation("admins");
  const client = useQueryClient();
  const navigate = useNavigate();
  const [selfId] = useState(consolePersonId);
  const event = useQuery(adminsEventQuery(eventId));
  const customers = useQuery(adminsCustomersQuery());
  const customerId = event.data?.CustomerID;
  const customer = customerId ? customers.data?.find((c) => c.ID === customerId) : undefined;
  /** True or false once known; undefined while loading or when the customers could not be read. */
  const mayManage = customers.data && customerId ? customer?.MayCreateEvents === true : undefined;
  const customerName = customer?.Name ?? t("thisCustomer");
  const eventTitle = event.data?.Title ?? "";

  const eventAdmins = useQuery(eventAdminsQuery(eventId));
  const customerAdmins = useQuery({
    ...customerAdminsQuery(customerId ?? ""),
    // Asked of those who may see it; unknown rights (customers unreadable) leave it to the server.
    enabled: Boolean(customerId) && (mayManage === true || customers.isError),
  });

  const [announcement, setAnnouncement] = useState({ id: 0, text: "" });
  const announce = useCallback((text: string) => setAnnouncement((a) => ({ id: a.id + 1, text })), []);
  const [removing, setRemoving] = useState<RemoveTarget | null>(null);
  const [editing, setEditing] = useState<EditRolesTarget | null>(null);
  const eventHeading = useRef<HTMLHeadingElement>(null);
  const customerHeading = useRef<HTMLHeadingElement>(null);
  const [focusRequest, setFocusRequest] = useState<{ kind: AdminKind; id: number } | null>(null);

  // After a removal the row (and its button) are gone: the group's heading takes the focus. An
  // effect, so it runs after the dialog has closed.
  useEffect(() => {
    if (focusRequest) (focusRequest.kind === "Event" ? eventHeading : customerHeading).current?.focus();
  }, [focusRequest]);

  const onRemoved = (target: RemoveTarget, result: RemoveResult) => {
    setRemoving(null);
    const name = displayName(target.admin);
    if (result === "gone") {
      announce(t("alreadyRemoved", { name }));
    } else if (target.isSelf) {
      notify("success", t("removedSelf"));
      // Every console view re-asks (the shell re-checks the organizer's rights too).
      void client.invalidateQueries({ queryKey: ["manage"] });
      // A customer right was what gave access here (only customer admins may remove rights);
      // without it the event may be out of reach.
      if (target.kind === "Customer") {
        void navigate(consolePaths.events);
        return;
      }
    } else {
      const text = t("removed", { name });
      notify("success", text);
      announce(text);
    }
    void client.invalidateQueries({ queryKey: adminKeys.all });
    setFocusRequest((last) => ({ kind: target.kind, id: (last?.id ?? 0) + 1 }));
  };

  const onRolesSaved = (target: EditRolesTarget) => {
    setEditing(null);
    const text = t("rolesSaved", { name: displayName(target.admin) });
    notify("success", text);
    announce(text);
    // One's own roles decide which sections the console shows: everything asks again.
    void client.invalidateQueries({ queryKey: target.isSelf ? ["manage"] : adminKeys.all });
  };
  const editRoles = (admin: AdminListItem) => setEditing({ admin, isSelf: admin.PersonID === selfId });

  const rightsKnown = mayManage !== undefined || customers.isError;
  const customerState: GroupState =
    mayManage === false || isStatus(customerAdmins.error, 403)
      ? { status: "restricted" }
      : !customerId || !rightsKnown
        ? { status: "loading" }
        : groupState(customerAdmins);
  // Offered unless the caller is known not to hold the rights.
  const actions = mayManage !== false;

  return (
    // Not a landmark of its own: the console's event page already wraps it in a region named
    // after the section.
    <div className="admins-screen">
      <h2>{t("title")}</h2>
      <p className="muted">{t("intro")}</p>
      {/* Always in the page, so what is put in it is announced. */}
      <div className="visually-hidden" role="status" aria-live="polite" data-testid="admins-announcer">
        <span key={announcement.id}>{announcement.text}</span>
      </div>
      {mayManage === false ? <p className="notice">{t("readOnly", { customer: customerName })}</p> : null}
      <div className="admins-groups">
        <AdminGroup
          kind="Event"
          headingRef={eventHeading}
          title={t("eventGroup.title")}
          description={t("eventGroup.description", { title: eventTitle })}
          empty={t("eventGroup.empty")}
          state={groupState(eventAdmins)}
          selfId={selfId}
          mayManage={actions}
          customerName={customerName}
          onRemove={(admin, kind) => setRemoving({ admin, kind, isSelf: admin.PersonID === selfId })}
          onEditRoles={editRoles}
          announce={announce}
        />
        <AdminGroup
          kind="Customer"
          headingRef={customerHeading}
          title={t("customerGroup.title")}
          description={t("customerGroup.description", { customer: customerName })}
          empty={t("customerGroup.empty", { customer: customerName })}
          state={customerState}
          selfId={selfId}
          mayManage={actions}
          customerName={customerName}
          onRemove={(admin, kind) => setRemoving({ admin, kind, isSelf: admin.PersonID === selfId })}
          onEditRoles={editRoles}
          announce={announce}
        />
      </div>
      {actions && rightsKnown && event.data ? (
        <InviteAdminForm
          scope={{ kind: "event", eventId, customerId: event.data.CustomerID, eventTitle, customerName }}
          announce={announce}
        />
      ) : null}
      {editing ? (
        <EditRolesDialog target={editing} customerName={customerName} onClose={() => setEditing(null)} onSaved={() => onRolesSaved(editing)} />
      ) : null}
      {removing ? (
        <RemoveAdminDialog
          target={removing}
          eventTitle={eventTitle}
          customerName={customerName}
          onClose={() => setRemoving(null)}
          onDone={(result) => onRemoved(removing, result)}
        />
      ) : null}
    </div>
  );
}
