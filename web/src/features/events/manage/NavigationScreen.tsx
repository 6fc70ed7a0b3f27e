/**
 * The organizer console's Navigation screen (`/manage/events/:eventId/navigation`, under the
 * event's page heading, so its own heading is an h2): the default page, then the top and the
 * bottom menu, each in the order attendees see it, with add, edit, delete and reorder. The menu
 * is read as attendees get it (`GET /events/{EventID}/public`, which an admin gets with hidden
 * items), and every write keeps that cached view in step (navigation-api.ts).
 */
import { useQuery } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { LoadState } from "@/components/LoadState";
import { notify } from "@/features/notifications";
import { ApiError } from "@/lib/api-client";
import { errorMessageKey } from "@/lib/errors";
import { useSubmitLock } from "@/lib/use-submit-lock";
import { eventQuery } from "./api";
import { useEventLocations, useNavigation, useNavigationWrites, useTourRooms, type NavigationData, type NavItem, type NavItemBody } from "./navigation-api";
import { addNavigationStrings } from "./navigation-i18n";
import { useNavigationLabels } from "./navigation-labels";
import { menuOf, planMove, POSITIONS, type MenuPosition } from "./navigation-order";
import type { MenuType } from "./navigation-schema";
import { NavigationDefaultPage } from "./NavigationDefaultPage";
import { NavigationItemDialog, type ItemDialogMode } from "./NavigationItemDialog";
import { NavigationList } from "./NavigationList";
import type { LocationsState, RoomsState } from "./NavigationTargetFields";
import "./NavigationScreen.css";

export function NavigationScreen({ eventId }: { eventId: string }) {
  addNavigationStrings();
  const { t } = useTranslation("navigation");
  const query = useNavigation(eventId);
  const headingRef = useRef<HTMLHeadingElement>(null);
  return (
    // Not a landmark of its own: the console's event page already wraps it in a region named
    // after the section.
    <div className="navigation-screen">
      <h2 ref={headingRef} tabIndex={-1}>
        {t("title")}
      </h2>
      <p className="muted">{t("intro")}</p>
      <LoadState query={query} loadingText={t("loading")} failedText={t("loadFailed")} focusAfterRetry={headingRef} />
      {query.data ? <NavigationEditor key={eventId} eventId={eventId} data={query.data} /> : null}
    </div>
  );
}

interface OrderFailure {
  position: MenuPosition;
  items: { name: string; reason: string }[];
  reread: boolean;
}

function NavigationEditor({ eventId, data }: { eventId: string; data: NavigationData }) {
  const { t, i18n } = useTranslation("navigation");
  const { t: tc } = useTranslation();
  const writes = useNavigationWrites(eventId);
  const tour = useTourRooms(data.PanoURL);
  const rooms: RoomsState =
    data.PanoURL === "" ? { status: "none", rooms: [] } : tour.data ? { status: "ready", rooms: tour.data } : { status: tour.isError ? "failed" : "loading", rooms: [] };
  const labels = useNavigationLabels(rooms.rooms);
  // The layout has loaded the event already; its CustomerID names where the locations are.
  const event = useQuery(eventQuery(eventId));
  const [dialog, setDialog] = useState<ItemDialogMode | null>(null);
  const [dialogType, setDialogType] = useState<MenuType | null>(null);
  const locationsQuery = useEventLocations(event.data, eventId, dialog !== null && dialogType === "VirtualLocation");
  const locations: LocationsState = locationsQuery.data
    ? { status: "ready", locations: locationsQuery.data }
    : { status: locationsQuery.isError || event.isError ? "failed" : "loading", locations: [] };

  const [announcement, setAnnouncement] = useState({ id: 0, text: "" });
  const announce = useCallback((text: string) => setAnnouncement((a) => ({ id: a.id + 1, text })), []);
  const [orderFailure, setOrderFailure] = useState<OrderFailure | null>(null);
  const moves = useSubmitLock();
  const removal = useSubmitLock();
  const [deleting, setDeleting] = useState<NavItem | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const keepFocus = useRef(false);
  const headings = useRef(new Map<MenuPosition, HTMLHeadingElement>());

  const reasonOf = (error: unknown) => tc(errorMessageKey(error));
  const listFormat = new Intl.ListFormat(i18n.language, { type: "conjunction" });

  const move = (position: MenuPosition, from: number, to: number) =>
    void moves.run(async () => {
      const list = menuOf(data.Navigation, position);
      const plan = planMove(list, from, to);
      const item = list[from];
      if (!item || plan.changes.length === 0) return;
      setOrderFailure(null);
      announce(t("order.saving"));
      const result = await writes.reorder(plan.changes);
      if (result.failed.length === 0) {
        announce(t("order.saved", { name: labels.nameOf(item), place: to + 1, count: list.length, menu: labels.menuLabel(position) }));
        return;
      }
      setOrderFailure({
        position,
        items: result.failed.map(({ item: failed, error }) => ({ name: labels.nameOf(failed), reason: reasonOf(error) })),
        reread: result.reread,
      });
    });

  const openDialog = (mode: ItemDialogMode) => {
    setDialogType(mode.kind === "edit" ? (mode.item.Type as MenuType) : "Panorama");
    setDialog(mode);
  };
  const save = (body: NavItemBody, itemId: string | null) => (itemId ? writes.update(itemId, body) : writes.create(body));

  const confirmDelete = () =>
    void removal.run(async () => {
      if (!deleting) return;
      const name = labels.nameOf(deleting);
      setDeleteError(null);
      try {
        await writes.remove(deleting);
        notify("success", t("delete.done", { name }));
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) {
          setDeleteError(reasonOf(error));
          return;
        }
        writes.forget(deleting);
        notify("default", t("delete.gone", { name }));
      }
      // The row and its Delete button are gone: the focus goes to the menu's heading.
      keepFocus.current = true;
      const heading = headings.current.get(deleting.Position === "Bottom" ? "Bottom" : "Top");
      setDeleting(null);
      requestAnimationFrame(() => heading?.focus());
    });

  return (
    <>
      {/* Always in the page, so what is put in it is announced. */}
      <div className="visually-hidden" role="status" aria-live="polite" data-testid="navigation-announcer">
        <span key={announcement.id}>{announcement.text}</span>
      </div>
      <NavigationDefaultPage items={data.Navigation} defaultPage={data.DefaultPage} labels={labels} save={writes.setDefault} />
      {POSITIONS.map((position) => (
        <NavigationList
          key={position}
          position={position}
          items={menuOf(data.Navigation, position)}
          defaultPage={data.DefaultPage}
          busy={moves.busy}
          labels={labels}
          headingRef={(element) => {
            if (element) headings.current.set(position, element);
          }}
          notice={
            orderFailure?.position === position ? (
              <div role="alert" className="navigation-failure">
                <p>{t("order.failed", { items: listFormat.format(orderFailure.items.map((f) => t("order.failedItem", f))) })}</p>
                <p>{orderFailure.reread ? t("order.reread") : t("order.notReread")}</p>
              </div>
            ) : null
          }
          onMove={(from, to) => move(position, from, to)}
          onAdd={() => openDialog({ kind: "create", position })}
          onEdit={(item) => openDialog({ kind: "edit", item })}
          onDelete={(item) => {
            keepFocus.current = false;
            setDeleteError(null);
            setDeleting(item);
          }}
        />
      ))}
      {dialog ? (
        <NavigationItemDialog
          mode={dialog}
          items={data.Navigation}
          rooms={rooms}
          locations={locations}
          onTypeChange={setDialogType}
          labels={labels}
          save={save}
          onSaved={() => setDialog(null)}
          onCancel={() => setDialog(null)}
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={t("delete.title", { name: labels.nameOf(deleting) })}
          body={
            <>
              <p>{t("delete.body", { menu: labels.menuLabel(deleting.Position === "Bottom" ? "Bottom" : "Top") })}</p>
              {deleting.ID === data.DefaultPage ? <p>{t("delete.bodyDefault")}</p> : null}
            </>
          }
          confirmLabel={t("delete.confirm")}
          busyLabel={t("delete.busy")}
          cancelLabel={t("delete.cancel")}
          busy={removal.busy}
          error={deleteError}
          keepFocus={keepFocus}
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </>
  );
}
