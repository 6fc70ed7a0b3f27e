/**
 * The organizer console's Q&A section (`/manage/events/:eventId/qna`, under the event's page
 * heading, so its own heading is an h2): a session's moderation queue. Pick the session (the one
 * running now first; `?session=<ID>` keeps the choice across reloads), set its interaction
 * switches, and moderate its questions in four tabs: approve, hide, show again, mark answered or
 * not, pin or unpin, delete after asking. The lists follow the realtime frames (qna-frames.ts).
 */
import { useQuery } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { LoadState } from "@/components/LoadState";
import { SelectField } from "@/components/SelectField";
import { consolePaths } from "@/lib/console-paths";
import { interactionOf, qnaEventQuery, qnaSessionsQuery, type QnaEvent, type QnaSession } from "./api";
import { formatInZone } from "./event-time";
import { InteractionSwitches } from "./InteractionSwitches";
import { useQnaFrames } from "./qna-frames";
import { useQnaT } from "./qna-manage-i18n";
import { defaultSession } from "./qna-model";
import { QuestionQueue } from "./QuestionQueue";
import { QuestionsExport } from "./QuestionsExport";
import { useQnaWrites } from "./qna-writes";
import "./QnaScreen.css";

export function QnaScreen({ eventId }: { eventId: string }) {
  const t = useQnaT();
  const event = useQuery(qnaEventQuery(eventId));
  const sessions = useQuery(qnaSessionsQuery(eventId));
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Both are needed before anything can be shown; a retry asks again only for what failed.
  const failed = [event, sessions].filter((q) => q.isError && q.data === undefined);
  const loadable = {
    isPending: event.isPending || sessions.isPending,
    isError: failed.length > 0,
    error: failed[0]?.error ?? null,
    data: event.data && sessions.data ? true : undefined,
    refetch: () => Promise.all(failed.map((q) => q.refetch())),
  };
  return (
    <div className="qna-screen">
      <h2 ref={headingRef} tabIndex={-1}>
        {t("title")}
      </h2>
      <p className="muted">{t("intro")}</p>
      <LoadState query={loadable} loadingText={t("loading")} failedText={t("loadFailed")} focusAfterRetry={headingRef} />
      {event.data && sessions.data ? <QnaEditor event={event.data} sessions={sessions.data} /> : null}
    </div>
  );
}

const sessionTitle = (s: QnaSession) => s.Title || s.InternalName;

function QnaEditor({ event, sessions }: { event: QnaEvent; sessions: QnaSession[] }) {
  const t = useQnaT();
  const timeZone = event.TimeZone || "UTC";
  const [params, setParams] = useSearchParams();
  // Read once: the session running when the screen opened stays chosen until the organizer picks another.
  const [fallback] = useState(() => defaultSession(sessions, Date.now())?.ID ?? null);
  const wanted = params.get("session");
  const session = sessions.find((s) => s.ID === wanted) ?? sessions.find((s) => s.ID === fallback) ?? null;
  const [announcement, setAnnouncement] = useState({ id: 0, text: "" });
  const announce = useCallback((text: string) => setAnnouncement((a) => ({ id: a.id + 1, text })), []);
  // Here rather than per session: switching sessions keeps the one socket.
  useQnaFrames(event.ID, session?.ID ?? null);

  const choose = (id: string) =>
    setParams(
      (p) => {
        p.set("session", id);
        return p;
      },
      { replace: true },
    );

  if (sessions.length === 0) {
    return (
      <p className="qna-empty">
        {t("noSessions")} <Link to={consolePaths.eventSection(event.ID, "schedule")}>{t("toSchedule")}</Link>
      </p>
    );
  }
  const ordered = [...sessions].sort((a, b) => Date.parse(a.DateBegin) - Date.parse(b.DateBegin));
  return (
    <>
      {/* Always in the page, so what is put in it is announced. */}
      <div className="visually-hidden" role="status" aria-live="polite" data-testid="qna-announcer">
        <span key={announcement.id}>{announcement.text}</span>
      </div>
      <SelectField label={t("session")} hint={t("zone", { zone: timeZone })} value={session?.ID ?? ""} onChange={(e) => choose(e.target.value)}>
        {session ? null : <option value="">{t("chooseSession")}</option>}
        {ordered.map((s) => (
          <option key={s.ID} value={s.ID}>
            {t("sessionOption", { title: sessionTitle(s), begin: formatInZone(s.DateBegin, timeZone) })}
          </option>
        ))}
      </SelectField>
      {session ? <SessionModeration key={session.ID} eventId={event.ID} session={session} timeZone={timeZone} announce={announce} /> : null}
    </>
  );
}

interface ModerationProps {
  eventId: string;
  session: QnaSession;
  timeZone: string;
  announce: (text: string) => void;
}

function SessionModeration({ eventId, session, timeZone, announce }: ModerationProps) {
  const writes = useQnaWrites(eventId, session.ID);
  const current = interactionOf(session);
  return (
    <>
      <InteractionSwitches current={current} sessionTitle={sessionTitle(session)} writes={writes} announce={announce} />
      <QuestionQueue eventId={eventId} sessionId={session.ID} qnaEnabled={current.QnaEnabled} timeZone={timeZone} writes={writes} announce={announce} />
      <QuestionsExport eventId={eventId} sessionId={session.ID} />
    </>
  );
}
