/**
 * The organizer console's Breakout rooms section (`/manage/events/:eventId/breakouts`, under the
 * event's page heading, so its own heading is an h2): the event's rooms with their state, opening
 * times, call and who is inside (live, over the console socket bound to the event); create and
 * edit (RoomDialog), open and close by hand, delete after asking, move a person to another room
 * (MoveDialog), and a message to every room's chat (BroadcastForm).
 */
import { useQuery } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { LoadState } from "@/components/LoadState";
import { notify } from "@/features/notifications";
import { errorMessageKey } from "@/lib/errors";
import { useNow } from "@/lib/use-now";
import { useSubmitLock } from "@/lib/use-submit-lock";
import { stateAt } from "../model";
import { breakoutsEventQuery, roomsQuery, type BreakoutRoom, type BreakoutsEvent } from "./api";
import { useBreakoutsManageT } from "./breakouts-manage-i18n";
import { BroadcastForm } from "./BroadcastForm";
import { MoveDialog } from "./MoveDialog";
import { isGone } from "./room-errors";
import { useRoomFrames } from "./room-frames";
import { useRoomWrites } from "./room-writes";
import { RoomDialog } from "./RoomDialog";
import { RoomTable } from "./RoomTable";
import "./BreakoutsScreen.css";

export function BreakoutsScreen({ eventId }: { eventId: string }) {
  const t = useBreakoutsManageT();
  const event = useQuery(breakoutsEventQuery(eventId));
  const rooms = useQuery(roomsQuery(eventId));
  const headingRef = useRef<HTMLHeadingElement>(null);
  useRoomFrames(eventId);
  // Both are needed before anything can be shown; a retry asks again only for what failed.
  const failed = [event, rooms].filter((q) => q.isError && q.data === undefined);
  const loadable = {
    isPending: event.isPending || rooms.isPending,
    isError: failed.length > 0,
    error: failed[0]?.error ?? null,
    data: event.data && rooms.data ? true : undefined,
    refetch: () => Promise.all(failed.map((q) => q.refetch())),
  };
  return (
    <div className="breakouts-screen">
      <h2 ref={headingRef} tabIndex={-1}>
        {t("title")}
      </h2>
      <p className="muted">{t("intro")}</p>
      <LoadState query={loadable} loadingText={t("loading")} failedText={t("loadFailed")} focusAfterRetry={headingRef} />
      {event.data && rooms.data ? <RoomsEditor event={event.data} rooms={rooms.data} headingRef={headingRef} /> : null}
    </div>
  );
}

interface EditorProps {
  event: BreakoutsEvent;
  rooms: BreakoutRoom[];
  headingRef: React.RefObject<HTMLHeadingElement | null>;
}

function RoomsEditor({ event, rooms, headingRef }: EditorProps) {
  const t = useBreakoutsManageT();
  const { t: tc } = useTranslation();
  const eventId = event.ID;
  const timeZone = event.TimeZone || "UTC";
  const writes = useRoomWrites(eventId, timeZone);
  // A room opening or closing by its times changes state without any write.
  const now = useNow(15_000);
  const stateOf = (room: BreakoutRoom) => stateAt(room, now);
  const [dialog, setDialog] = useState<{ room: BreakoutRoom | null } | null>(null);
  const [moving, setMoving] = useState<{ room: BreakoutRoom; person: { id: string; name: string } } | null>(null);
  const [switching, setSwitching] = useState<string | null>(null);
  const switches = useSubmitLock();
  const [failure, setFailure] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<BreakoutRoom | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const removal = useSubmitLock();
  const keepFocus = useRef(false);
  const [announcement, setAnnouncement] = useState({ id: 0, text: "" });
  const announce = useCallback((text: string) => setAnnouncement((a) => ({ id: a.id + 1, text })), []);

  const toggle = (room: BreakoutRoom) =>
    void switches.run(async () => {
      setSwitching(room.ID);
      setFailure(null);
      try {
        const saved = stateOf(room) === "open" ? await writes.close(room.ID) : await writes.open(room.ID);
        announce(t(stateAt(saved, Date.now()) === "open" ? "list.nowOpen" : "list.nowClosed", { room: saved.Title }));
      } catch (error) {
        if (isGone(error)) writes.forget(room.ID);
        setFailure(t("list.toggleFailed", { room: room.Title, reason: tc(errorMessageKey(error)) }));
      } finally {
        setSwitching(null);
      }
    });

  const confirmDelete = () =>
    void removal.run(async () => {
      if (!deleting) return;
      setDeleteError(null);
      try {
        await writes.remove(deleting.ID);
        notify("success", t("delete.done", { room: deleting.Title }));
      } catch (error) {
        if (!isGone(error)) {
          setDeleteError(tc(errorMessageKey(error)));
          return;
        }
        writes.forget(deleting.ID);
        notify("default", t("delete.gone", { room: deleting.Title }));
      }
      // The row is gone: the focus goes to the section's heading.
      keepFocus.current = true;
      setDeleting(null);
      requestAnimationFrame(() => headingRef.current?.focus());
    });

  const targetsFor = (from: BreakoutRoom) => rooms.filter((room) => room.ID !== from.ID && stateOf(room) === "open" && room.SeatsLeft > 0);

  return (
    <>
      {/* Always in the page, so what is put in it is announced. */}
      <div className="visually-hidden" role="status" aria-live="polite" data-testid="breakouts-announcer">
        <span key={announcement.id}>{announcement.text}</span>
      </div>
      <p className="breakouts-zone">{t("zone", { zone: timeZone })}</p>
      <p>
        <button type="button" className="button" onClick={() => setDialog({ room: null })}>
          {t("add")}
        </button>
      </p>
      {failure ? (
        <p role="alert" className="breakouts-failure">
          {failure}
        </p>
      ) : null}
      {rooms.length === 0 ? (
        <p className="breakouts-empty">{t("empty")}</p>
      ) : (
        <RoomTable
          eventId={eventId}
          rooms={rooms}
          timeZone={timeZone}
          stateOf={stateOf}
          switching={switching}
          onToggle={toggle}
          onEdit={(room) => setDialog({ room })}
          onDelete={(room) => {
            keepFocus.current = false;
            setDeleteError(null);
            setDeleting(room);
          }}
          onMove={(room, person) => setMoving({ room, person })}
        />
      )}
      <BroadcastForm writes={writes} />
      {dialog ? <RoomDialog room={dialog.room} timeZone={timeZone} writes={writes} onClose={() => setDialog(null)} /> : null}
      {moving ? <MoveDialog person={moving.person} from={moving.room} targets={targetsFor(moving.room)} writes={writes} onClose={() => setMoving(null)} /> : null}
      {deleting ? (
        <ConfirmDialog
          title={t("delete.title", { room: deleting.Title })}
          body={t("delete.body", { count: deleting.Occupancy })}
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
    </>
  );
}
