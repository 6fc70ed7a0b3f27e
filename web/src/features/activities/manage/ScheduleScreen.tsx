/**
 * The organizer console's Schedule section (`/manage/events/:eventId/schedule`, under the event's
 * page heading, so its own heading is an h2): the event's sessions by event day, times in the
 * event's zone, each with its screen, stream, speakers and recording; add, edit (SessionDialog),
 * attach or remove a recording, delete. Sessions sharing a screen at the same time are listed as
 * the pre-publish check would report them. `?session=<ID>` (the check's Fix link) opens that
 * session's dialog.
 */
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { LoadState } from "@/components/LoadState";
import { notify } from "@/features/notifications";
import { ApiError } from "@/lib/api-client";
import { consolePaths } from "@/lib/console-paths";
import { errorMessageKey } from "@/lib/errors";
import { useSubmitLock } from "@/lib/use-submit-lock";
import {
  recordingsQuery,
  scheduleEventQuery,
  sessionsQuery,
  speakerLinksQuery,
  speakersQuery,
  videosQuery,
  type Recording,
  type Relation,
  type ScheduleEvent,
  type SessionActivity,
  type SpeakerActivity,
  type VideoChoices,
} from "./api";
import { allLoaded } from "./load";
import { RecordingDialog } from "./RecordingDialog";
import { useScheduleT } from "./schedule-i18n";
import { dayLabel, findOverlaps, groupByDay } from "./schedule-model";
import { SessionDialog } from "./SessionDialog";
import { SessionTable, type SessionRowData } from "./SessionTable";
import { speakerName } from "./speakers-model";
import { screenLabel, useTourScreens } from "./tour-screens";
import { speakerRelationsOf, useScheduleWrites } from "./writes";
import "./ScheduleScreen.css";

export function ScheduleScreen({ eventId }: { eventId: string }) {
  const t = useScheduleT();
  const event = useQuery(scheduleEventQuery(eventId));
  const sessions = useQuery(sessionsQuery(eventId));
  const speakers = useQuery(speakersQuery(eventId));
  const links = useQuery(speakerLinksQuery(eventId));
  const headingRef = useRef<HTMLHeadingElement>(null);
  return (
    <div className="schedule-screen">
      <h2 ref={headingRef} tabIndex={-1}>
        {t("title")}
      </h2>
      <p className="muted">{t("intro")}</p>
      <LoadState query={allLoaded([event, sessions, speakers, links])} loadingText={t("loading")} failedText={t("loadFailed")} focusAfterRetry={headingRef} />
      {event.data && sessions.data && speakers.data && links.data ? (
        <ScheduleEditor key={eventId} event={event.data} sessions={sessions.data} speakers={speakers.data} links={links.data} headingRef={headingRef} />
      ) : null}
    </div>
  );
}

interface EditorProps {
  event: ScheduleEvent;
  sessions: SessionActivity[];
  speakers: SpeakerActivity[];
  links: Relation[];
  headingRef: React.RefObject<HTMLHeadingElement | null>;
}

type Dialog = { kind: "session"; session: SessionActivity | null } | { kind: "recording"; session: SessionActivity };

function ScheduleEditor({ event, sessions, speakers, links, headingRef }: EditorProps) {
  const t = useScheduleT();
  const { t: tc, i18n } = useTranslation();
  const eventId = event.ID;
  const timeZone = event.TimeZone || "UTC";
  const writes = useScheduleWrites(eventId);
  const screens = useTourScreens(event.PanoURL, i18n.language);
  const videos = useQuery(videosQuery(eventId));
  const recordings = useQuery(recordingsQuery(eventId));
  const videoChoices: VideoChoices = videos.data ? { status: "ready", videos: videos.data } : { status: videos.isError ? "failed" : "loading" };
  const [params, setParams] = useSearchParams();
  // The check's Fix link names a session (`?session=<ID>`): its dialog is open at first.
  const [dialog, setDialog] = useState<Dialog | null>(() => {
    const session = sessions.find((s) => s.ID === params.get("session"));
    return session ? { kind: "session", session } : null;
  });
  const [deleting, setDeleting] = useState<{ session: SessionActivity; what: "session" | "recording" } | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const removal = useSubmitLock();
  const keepFocus = useRef(false);

  // Once read, the parameter goes, so a reload or Back does not open the dialog again.
  const wanted = params.get("session");
  useEffect(() => {
    if (!wanted) return;
    setParams(
      (p) => {
        p.delete("session");
        return p;
      },
      { replace: true },
    );
  }, [wanted, setParams]);

  const speakerNames = useMemo(() => new Map(speakers.map((s) => [s.ID, speakerName(s)])), [speakers]);
  const recordingOf = useMemo(() => new Map((recordings.data ?? []).map((r: Recording) => [r.SessionID, r])), [recordings.data]);
  const overlaps = useMemo(() => findOverlaps(sessions), [sessions]);
  const overlapping = new Set(overlaps.flatMap((o) => [o.session.ID, o.other.ID]));
  const screenRooms = new Map(screens.status === "ready" ? screens.screens.map((s) => [s.screenID, s]) : []);
  const titleOf = (s: SessionActivity) => s.Title || s.InternalName;
  const screenText = (screenID: string) => {
    if (screenID === "" || screens.status !== "ready") return screenID;
    const choice = screenRooms.get(screenID);
    return choice ? screenLabel(choice) : t("table.screenMissing", { screen: screenID });
  };

  const rows = (list: SessionActivity[]): SessionRowData[] =>
    list.map((session) => ({
      session,
      speakers: speakerRelationsOf(links, session.ID).map((r) => speakerNames.get(r.ChildID) ?? r.ChildID),
      screen: screenText(session.ScreenID ?? ""),
      recording: recordingOf.get(session.ID) ?? null,
      recordingsKnown: recordings.data !== undefined,
      overlaps: overlapping.has(session.ID),
    }));

  const confirmDelete = () =>
    void removal.run(async () => {
      if (!deleting) return;
      const { session, what } = deleting;
      setDeleteError(null);
      try {
        if (what === "recording") {
          await writes.detachRecording(session.ID);
          notify("success", t("recording.removed", { title: titleOf(session) }));
        } else {
          await writes.removeSession(session.ID);
          notify("success", t("delete.done", { title: titleOf(session) }));
        }
      } catch (error) {
        if (what === "recording" || !(error instanceof ApiError && error.status === 404)) {
          setDeleteError(tc(errorMessageKey(error)));
          return;
        }
        writes.forgetSession(session.ID);
        notify("default", t("delete.gone", { title: titleOf(session) }));
      }
      // The row (or its button) may be gone: the focus goes to the section's heading.
      keepFocus.current = what === "session";
      setDeleting(null);
      if (what === "session") requestAnimationFrame(() => headingRef.current?.focus());
    });

  const days = groupByDay(sessions, timeZone);
  return (
    <>
      <p className="schedule-zone">{t("zone", { zone: timeZone })}</p>
      {screens.status === "none" ? (
        <p className="schedule-note">
          {t("screens.none")} <Link to={consolePaths.eventSection(eventId, "venue")}>{t("screens.toVenue")}</Link>
        </p>
      ) : screens.status === "failed" ? (
        <p className="schedule-note">{t("screens.failed")}</p>
      ) : null}
      {videos.isError || recordings.isError ? <p className="schedule-note">{t("mediaFailed", { reason: tc(errorMessageKey(videos.error ?? recordings.error)) })}</p> : null}
      {overlaps.length > 0 ? (
        <div className="schedule-warning" data-testid="schedule-overlaps">
          <p>
            <strong>{t("overlaps.title", { count: overlaps.length })}</strong>
          </p>
          <ul>
            {overlaps.map((o) => (
              <li key={`${o.session.ID}-${o.other.ID}`}>{t("overlaps.item", { title: titleOf(o.session), other: titleOf(o.other), screen: o.screenID })}</li>
            ))}
          </ul>
          <p className="small">
            {t("overlaps.hint")} <Link to={consolePaths.eventSection(eventId, "check")}>{t("overlaps.check")}</Link>
          </p>
        </div>
      ) : null}
      <p>
        <button type="button" className="button" onClick={() => setDialog({ kind: "session", session: null })}>
          {t("add")}
        </button>
      </p>
      {days.length === 0 ? <p className="schedule-empty">{t("empty")}</p> : null}
      {days.map((day) => (
        // Not a region itself: the table's scroll region is named by the day's heading already.
        <section key={day.date} className="schedule-day">
          <h3 id={`day-${day.date}`}>{dayLabel(day.date, i18n.language)}</h3>
          <SessionTable
            labelledBy={`day-${day.date}`}
            rows={rows(day.sessions)}
            timeZone={timeZone}
            onEdit={(session) => setDialog({ kind: "session", session })}
            onRecording={(session) => setDialog({ kind: "recording", session })}
            onRemoveRecording={(session) => {
              keepFocus.current = false;
              setDeleteError(null);
              setDeleting({ session, what: "recording" });
            }}
            onDelete={(session) => {
              keepFocus.current = false;
              setDeleteError(null);
              setDeleting({ session, what: "session" });
            }}
          />
        </section>
      ))}
      {dialog?.kind === "session" ? (
        <SessionDialog
          event={event}
          session={dialog.session}
          sessions={sessions}
          speakers={speakers}
          links={links}
          screens={screens}
          videos={videoChoices}
          writes={writes}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === "recording" ? (
        <RecordingDialog
          eventId={eventId}
          session={dialog.session}
          current={recordingOf.get(dialog.session.ID) ?? null}
          videos={videoChoices}
          writes={writes}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={t(deleting.what === "session" ? "delete.title" : "recording.removeTitle", { title: titleOf(deleting.session) })}
          body={
            deleting.what === "session"
              ? t("delete.body")
              : t("recording.removeBody", { video: recordingOf.get(deleting.session.ID)?.Video.Title ?? "" })
          }
          confirmLabel={t(deleting.what === "session" ? "delete.confirm" : "recording.removeConfirm")}
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
