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
import { useQuery } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { adminsCustomersQuery, adminsEventQuery, customerAdminsQuery, eventAdminsQuery, isStatus, type AdminKind } from "./api";
import { AdminGroup, groupState, type GroupState } from "./AdminGroup";
import { addAdminsStrings } from "./admins-i18n";
import { InviteAdminForm } from "./InviteAdminForm";
import { consolePersonId } from "./self";
import { useAdminActions } from "./use-admin-actions";
import "./AdminsScreen.css";

export function AdminsScreen({ eventId }: { eventId: string }) {
  addAdminsStrings();
  const { t } = useTranslation("admins");
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

  const eventHeading = useRef<HTMLHeadingElement>(null);
  const customerHeading = useRef<HTMLHeadingElement>(null);
  const focusGroup = useCallback((kind: AdminKind) => (kind === "Event" ? eventHeading : customerHeading).current?.focus(), []);
  const actions = useAdminActions({
    selfId,
    customerName,
    eventTitle,
    // A customer right was what gave access here (only customer admins may remove rights);
    // without it the event may be out of reach.
    leavesOnSelfRemoval: (kind) => kind === "Customer",
    focusGroup,
  });

  const rightsKnown = mayManage !== undefined || customers.isError;
  const customerState: GroupState =
    mayManage === false || isStatus(customerAdmins.error, 403)
      ? { status: "restricted" }
      : !customerId || !rightsKnown
        ? { status: "loading" }
        : groupState(customerAdmins);
  // Offered unless the caller is known not to hold the rights.
  const mayAct = mayManage !== false;

  return (
    // Not a landmark of its own: the console's event page already wraps it in a region named
    // after the section.
    <div className="admins-screen">
      <h2>{t("title")}</h2>
      <p className="muted">{t("intro")}</p>
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
          mayManage={mayAct}
          customerName={customerName}
          onRemove={actions.startRemove}
          onEditRoles={actions.startEditRoles}
          announce={actions.announce}
        />
        <AdminGroup
          kind="Customer"
          headingRef={customerHeading}
          title={t("customerGroup.title")}
          description={t("customerGroup.description", { customer: customerName })}
          empty={t("customerGroup.empty", { customer: customerName })}
          state={customerState}
          selfId={selfId}
          mayManage={mayAct}
          customerName={customerName}
          onRemove={actions.startRemove}
          onEditRoles={actions.startEditRoles}
          announce={actions.announce}
        />
      </div>
      {mayAct && rightsKnown && event.data ? (
        <InviteAdminForm
          scope={{ kind: "event", eventId, customerId: event.data.CustomerID, eventTitle, customerName }}
          announce={actions.announce}
        />
      ) : null}
      {actions.overlays}
    </div>
  );
}
