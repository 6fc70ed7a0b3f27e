/**
 * The organizer console's Polls section (`/manage/events/:eventId/polls`, under the event's page
 * heading, so its own heading is an h2): the event's polls with their state, place, schedule and
 * ballots; create and edit (PollDialog), open and close by hand, delete after asking, and a poll's
 * live results (PollResultsPanel) with the ballots' CSV export. The list and the results follow
 * the realtime frames (poll-frames.ts) over a socket bound to the event.
 */
import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { LoadState } from "@/components/LoadState";
import { notify } from "@/features/notifications";
import { useSubmitLock } from "@/lib/use-submit-lock";
import { pollsEventQuery, pollsQuery, sessionChoicesQuery, type PollsEvent, type PollView } from "./api";
import { isGone, pollErrorMessage } from "./poll-errors";
import { usePollFrames } from "./poll-frames";
import { usePollWrites } from "./poll-writes";
import { PollDialog } from "./PollDialog";
import { PollList } from "./PollList";
import { sessionLabel, type SessionsState } from "./PollPlaceFields";
import { PollResultsPanel } from "./PollResultsPanel";
import { usePollsT } from "./polls-manage-i18n";
import { roomName, useTourRooms } from "./tour-rooms";
import "./PollsScreen.css";

export function PollsScreen({ eventId }: { eventId: string }) {
  const t = usePollsT();
  const event = useQuery(pollsEventQuery(eventId));
  const polls = useQuery(pollsQuery(eventId));
  const headingRef = useRef<HTMLHeadingElement>(null);
  usePollFrames(eventId);
  // Both are needed before anything can be shown; a retry asks again only for what failed.
  const failed = [event, polls].filter((q) => q.isError && q.data === undefined);
  const loadable = {
    isPending: event.isPending || polls.isPending,
    isError: failed.length > 0,
    error: failed[0]?.error ?? null,
    data: event.data && polls.data ? true : undefined,
    refetch: () => Promise.all(failed.map((q) => q.refetch())),
  };
  return (
    <div className="polls-screen">
      <h2 ref={headingRef} tabIndex={-1}>
        {t("title")}
      </h2>
      <p className="muted">{t("intro")}</p>
      <LoadState query={loadable} loadingText={t("loading")} failedText={t("loadFailed")} focusAfterRetry={headingRef} />
      {event.data && polls.data ? <PollsEditor event={event.data} polls={polls.data} headingRef={headingRef} /> : null}
    </div>
  );
}

interface EditorProps {
  event: PollsEvent;
  polls: PollView[];
  headingRef: React.RefObject<HTMLHeadingElement | null>;
}

function PollsEditor({ event, polls, headingRef }: EditorProps) {
  const t = usePollsT();
  const { t: tc, i18n } = useTranslation();
  const eventId = event.ID;
  const timeZone = event.TimeZone || "UTC";
  const writes = usePollWrites(eventId);
  const rooms = useTourRooms(event.PanoURL);
  const sessionsQuery = useQuery(sessionChoicesQuery(eventId));
  const sessions: SessionsState = sessionsQuery.data ? { status: "ready", sessions: sessionsQuery.data } : { status: sessionsQuery.isError ? "failed" : "loading" };
  const [dialog, setDialog] = useState<{ poll: PollView | null } | null>(null);
  const [resultsOf, setResultsOf] = useState<string | null>(null);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const [switching, setSwitching] = useState<string | null>(null);
  const switches = useSubmitLock();
  const [failure, setFailure] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<PollView | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const removal = useSubmitLock();
  const keepFocus = useRef(false);
  const [announcement, setAnnouncement] = useState({ id: 0, text: "" });
  const announce = useCallback((text: string) => setAnnouncement((a) => ({ id: a.id + 1, text })), []);
  const said = (error: unknown) => {
    const message = pollErrorMessage(error);
    return "own" in message ? t(message.own) : tc(message.shared);
  };

  const shown = polls.find((p) => p.ID === resultsOf) ?? null;
  // Opening the results moves the focus to their heading (the panel is below the list).
  useEffect(() => {
    if (resultsOf) resultsHeading.current?.focus();
  }, [resultsOf]);

  const placeOf = (poll: PollView): string | null => {
    if (poll.SessionID) {
      const session = sessions.status === "ready" ? sessions.sessions.find((s) => s.ID === poll.SessionID) : undefined;
      return t("list.inSession", { session: session ? sessionLabel(session, timeZone) : poll.SessionID });
    }
    if (!poll.PanoNodeID) return null;
    const room = rooms.rooms.find((r) => r.id === poll.PanoNodeID);
    return t("list.inRoom", { room: room ? roomName(room, i18n.language) : poll.PanoNodeID });
  };

  const toggle = (poll: PollView) =>
    void switches.run(async () => {
      setSwitching(poll.ID);
      setFailure(null);
      try {
        const saved = poll.State === "open" ? await writes.close(poll.ID) : await writes.open(poll.ID);
        announce(t(saved.State === "open" ? "list.nowOpen" : saved.State === "closed" ? "list.nowClosed" : "list.nowDraft", { question: saved.Question }));
      } catch (error) {
        if (isGone(error)) writes.forget(poll.ID);
        setFailure(t("list.toggleFailed", { question: poll.Question, reason: said(error) }));
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
        notify("success", t("delete.done", { question: deleting.Question }));
      } catch (error) {
        if (!isGone(error)) {
          setDeleteError(said(error));
          return;
        }
        writes.forget(deleting.ID);
        notify("default", t("delete.gone", { question: deleting.Question }));
      }
      if (resultsOf === deleting.ID) setResultsOf(null);
      // The row is gone: the focus goes to the section's heading.
      keepFocus.current = true;
      setDeleting(null);
      requestAnimationFrame(() => headingRef.current?.focus());
    });

  return (
    <>
      {/* Always in the page, so what is put in it is announced. */}
      <div className="visually-hidden" role="status" aria-live="polite" data-testid="polls-announcer">
        <span key={announcement.id}>{announcement.text}</span>
      </div>
      <p className="polls-zone">{t("zone", { zone: timeZone })}</p>
      <p>
        <button type="button" className="button" onClick={() => setDialog({ poll: null })}>
          {t("add")}
        </button>
      </p>
      {failure ? (
        <p role="alert" className="polls-failure">
          {failure}
        </p>
      ) : null}
      {polls.length === 0 ? (
        <p className="polls-empty">{t("empty")}</p>
      ) : (
        <PollList
          polls={polls}
          timeZone={timeZone}
          placeOf={placeOf}
          switching={switching}
          onResults={(poll) => {
            setResultsOf(poll.ID);
            // Asked again while shown: the focus still goes to the heading.
            if (resultsOf === poll.ID) resultsHeading.current?.focus();
          }}
          onEdit={(poll) => setDialog({ poll })}
          onToggle={toggle}
          onDelete={(poll) => {
            keepFocus.current = false;
            setDeleteError(null);
            setDeleting(poll);
          }}
        />
      )}
      {shown ? (
        <PollResultsPanel
          eventId={eventId}
          poll={shown}
          timeZone={timeZone}
          headingRef={resultsHeading}
          onClose={() => {
            setResultsOf(null);
            headingRef.current?.focus();
          }}
        />
      ) : null}
      {dialog ? <PollDialog poll={dialog.poll} timeZone={timeZone} rooms={rooms} sessions={sessions} writes={writes} onClose={() => setDialog(null)} /> : null}
      {deleting ? (
        <ConfirmDialog
          title={t("delete.title", { question: deleting.Question })}
          body={t("delete.body", { count: deleting.Tally?.Ballots ?? 0 })}
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
