/**
 * The chosen hunt's items: a table (name, room, points, how many found it, Edit, Delete), "Hide
 * an item" (ItemDialog: a room, a place picked on its panorama, name, clue, points), and Delete
 * after asking — the server then computes the scores again, so the board is read again too.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type RefObject, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { LoadState } from "@/components/LoadState";
import { notify } from "@/features/notifications";
import { errorMessageKey } from "@/lib/errors";
import { useSubmitLock } from "@/lib/use-submit-lock";
import { deleteItem, type Hunt, type HuntItem, type HuntKeys, listItems } from "../api";
import { isGone } from "../errors";
import { type HuntEvent, MAX_ITEMS } from "./api";
import { useManageT } from "./i18n";
import { ItemDialog } from "./ItemDialog";
import { ItemTable } from "./ItemTable";
import { useTourRooms } from "./tour-rooms";

interface Props {
  event: HuntEvent;
  hunt: Hunt;
  keys: HuntKeys;
  headingRef: RefObject<HTMLHeadingElement | null>;
}

export function ItemsPanel({ event, hunt, keys, headingRef }: Props) {
  const t = useManageT();
  const { t: shared, i18n } = useTranslation();
  const client = useQueryClient();
  const items = useQuery({ queryKey: keys.items(hunt.ID), queryFn: ({ signal }) => listItems(event.ID, hunt.ID, signal) });
  const rooms = useTourRooms(event.PanoURL, i18n.language);
  const [editing, setEditing] = useState<{ item: HuntItem | null } | null>(null);
  const [deleting, setDeleting] = useState<HuntItem | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const removal = useSubmitLock();
  const keepFocus = useRef(false);
  const list = items.data ?? [];
  const full = list.length >= MAX_ITEMS;

  /** Scores, counts and the venue's markers all follow an item change: read them again. */
  const changed = () => Promise.all([keys.items(hunt.ID), keys.hunts, keys.board(hunt.ID)].map((queryKey) => client.invalidateQueries({ queryKey })));

  const confirmDelete = () =>
    void removal.run(async () => {
      if (!deleting) return;
      setDeleteError(null);
      try {
        await deleteItem(event.ID, hunt.ID, deleting.ID);
      } catch (error) {
        if (!isGone(error)) {
          setDeleteError(shared(errorMessageKey(error)));
          return;
        }
      }
      notify("success", t("delete.done", { item: deleting.Name }));
      await changed();
      // The row is gone: the focus goes to the panel's heading.
      keepFocus.current = true;
      setDeleting(null);
      requestAnimationFrame(() => headingRef.current?.focus());
    });

  return (
    <section className="hunt-panel" aria-labelledby={`hunt-items-${hunt.ID}`}>
      <div className="hunt-panel__head">
        <h3 id={`hunt-items-${hunt.ID}`} ref={headingRef} tabIndex={-1}>
          {t("items.title", { hunt: hunt.Title })}
        </h3>
        {rooms.status === "ready" && items.data ? (
          <button type="button" className="button" aria-disabled={full || undefined} onClick={() => !full && setEditing({ item: null })}>
            {t("items.add")}
          </button>
        ) : null}
      </div>
      {rooms.status === "none" ? <p className="hunt-note">{t("itemForm.noTour")}</p> : null}
      {rooms.status === "failed" ? <p role="alert">{t("itemForm.tourFailed")}</p> : null}
      {full ? <p className="hunt-note">{t("items.full", { max: MAX_ITEMS })}</p> : null}
      <LoadState query={items} loadingText={t("items.loading")} failedText={t("items.loadFailed")} />
      {items.data && list.length === 0 ? <p className="hunt-empty">{t("items.empty")}</p> : null}
      {list.length > 0 ? (
        <ItemTable
          items={list}
          rooms={rooms.status === "ready" ? rooms.rooms : []}
          onEdit={(item) => setEditing({ item })}
          onDelete={(item) => {
            keepFocus.current = false;
            setDeleteError(null);
            setDeleting(item);
          }}
        />
      ) : null}
      {editing && rooms.status === "ready" ? (
        <ItemDialog eventId={event.ID} panoURL={event.PanoURL ?? ""} hunt={hunt} item={editing.item} rooms={rooms.rooms} onSaved={changed} onClose={() => setEditing(null)} />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={t("delete.title", { item: deleting.Name })}
          body={t("delete.body")}
          confirmLabel={t("delete.confirm")}
          busyLabel={t("delete.busy")}
          cancelLabel={t("cancel")}
          busy={removal.busy}
          error={deleteError}
          keepFocus={keepFocus}
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </section>
  );
}
