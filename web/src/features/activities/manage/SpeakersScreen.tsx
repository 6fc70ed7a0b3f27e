/**
 * The organizer console's Speakers section (`/manage/events/:eventId/speakers`): the event's
 * speakers by name, as the printed speaker list orders them, each with picture, job title and
 * company and the sessions they speak in; add and edit (SpeakerDialog), delete after asking (the
 * server removes the speaker's links to sessions with it).
 */
import { useQuery } from "@tanstack/react-query";
import { useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { LoadState } from "@/components/LoadState";
import { notify } from "@/features/notifications";
import { ApiError } from "@/lib/api-client";
import { errorMessageKey } from "@/lib/errors";
import { useSubmitLock } from "@/lib/use-submit-lock";
import { sessionsQuery, speakerLinksQuery, speakersQuery, type Relation, type SessionActivity, type SpeakerActivity } from "./api";
import { allLoaded } from "./load";
import { useScheduleT } from "./schedule-i18n";
import { byBegin } from "./schedule-model";
import { SpeakerDialog } from "./SpeakerDialog";
import { bySpeakerName, speakerName, speakerRole } from "./speakers-model";
import { useScheduleWrites } from "./writes";
import "./ScheduleScreen.css";

export function SpeakersScreen({ eventId }: { eventId: string }) {
  const t = useScheduleT();
  const speakers = useQuery(speakersQuery(eventId));
  const sessions = useQuery(sessionsQuery(eventId));
  const links = useQuery(speakerLinksQuery(eventId));
  const headingRef = useRef<HTMLHeadingElement>(null);
  return (
    <div className="schedule-screen">
      <h2 ref={headingRef} tabIndex={-1}>
        {t("speakers.title")}
      </h2>
      <p className="muted">{t("speakers.intro")}</p>
      <LoadState query={allLoaded([speakers, sessions, links])} loadingText={t("speakers.loading")} failedText={t("speakers.loadFailed")} focusAfterRetry={headingRef} />
      {speakers.data && sessions.data && links.data ? (
        <SpeakersList key={eventId} eventId={eventId} speakers={speakers.data} sessions={sessions.data} links={links.data} headingRef={headingRef} />
      ) : null}
    </div>
  );
}

interface ListProps {
  eventId: string;
  speakers: SpeakerActivity[];
  sessions: SessionActivity[];
  links: Relation[];
  headingRef: React.RefObject<HTMLHeadingElement | null>;
}

function SpeakersList({ eventId, speakers, sessions, links, headingRef }: ListProps) {
  const t = useScheduleT();
  const { t: tc } = useTranslation();
  const writes = useScheduleWrites(eventId);
  const [dialog, setDialog] = useState<{ speaker: SpeakerActivity | null } | null>(null);
  const [deleting, setDeleting] = useState<SpeakerActivity | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const removal = useSubmitLock();
  const keepFocus = useRef(false);
  const sorted = useMemo(() => [...speakers].sort(bySpeakerName), [speakers]);
  const sessionsOf = (speakerId: string) =>
    sessions.filter((s) => links.some((r) => r.ParentID === s.ID && r.ChildID === speakerId)).sort(byBegin);

  const confirmDelete = () =>
    void removal.run(async () => {
      if (!deleting) return;
      const name = speakerName(deleting);
      setDeleteError(null);
      try {
        await writes.removeSpeaker(deleting.ID);
        notify("success", t("speakers.deleted", { name }));
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) {
          setDeleteError(tc(errorMessageKey(error)));
          return;
        }
        writes.forgetSpeaker(deleting.ID);
        notify("default", t("speakers.gone", { name }));
      }
      keepFocus.current = true;
      setDeleting(null);
      requestAnimationFrame(() => headingRef.current?.focus());
    });

  return (
    <>
      <p>
        <button type="button" className="button" onClick={() => setDialog({ speaker: null })}>
          {t("speakers.add")}
        </button>
      </p>
      {sorted.length === 0 ? <p className="schedule-empty">{t("speakers.empty")}</p> : null}
      <ul className="schedule-speakers">
        {sorted.map((speaker) => {
          const name = speakerName(speaker);
          const role = speakerRole(speaker);
          const talks = sessionsOf(speaker.ID);
          const about = <span className="visually-hidden">{t("speakers.about", { name })}</span>;
          return (
            <li key={speaker.ID} className="schedule-speaker" data-testid="speaker-row">
              {speaker.PictureURL ? (
                <img className="schedule-speaker__picture" src={speaker.PictureURL} alt="" />
              ) : (
                <span className="schedule-speaker__picture schedule-speaker__initials" aria-hidden="true">
                  {Array.from(name)[0] ?? ""}
                </span>
              )}
              <div className="schedule-speaker__main">
                <p className="schedule-title">{name}</p>
                {role ? <p className="small">{role}</p> : null}
                <p className="small muted">
                  {talks.length > 0 ? t("speakers.speaksIn", { sessions: talks.map((s) => s.Title || s.InternalName).join(", ") }) : t("speakers.noSessions")}
                </p>
              </div>
              <div className="schedule-speaker__actions">
                <button type="button" className="button button--secondary schedule-action" onClick={() => setDialog({ speaker })}>
                  {t("table.edit")} {about}
                </button>
                <button
                  type="button"
                  className="button button--secondary schedule-action"
                  onClick={() => {
                    keepFocus.current = false;
                    setDeleteError(null);
                    setDeleting(speaker);
                  }}
                >
                  {t("table.delete")} {about}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      {dialog ? <SpeakerDialog speaker={dialog.speaker} writes={writes} onClose={() => setDialog(null)} /> : null}
      {deleting ? (
        <ConfirmDialog
          title={t("speakers.deleteTitle", { name: speakerName(deleting) })}
          body={sessionsOf(deleting.ID).length === 0 ? t("speakers.deleteBodyNone") : t("speakers.deleteBody", { count: sessionsOf(deleting.ID).length })}
          confirmLabel={t("speakers.deleteConfirm")}
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
