/**
 * The session's stream: its type (attendee-app.md §3, plus `Video`, a cinema video played as if
 * live, docs/subsystems/media.md) and the fields that type needs — a page URL (Iframe); a join
 * link, meeting id and passcode (Zoom), or a meeting the server creates; a video id or link
 * (YouTube, Vimeo, with an optional Vimeo password); one of the event's videos (Video). Fields of
 * the other types keep what was typed, so switching back and forth loses nothing; only the chosen
 * type's fields are sent.
 *
 * Zoom meetings are made by the server (`createzoommeeting`) from the stored session, so the
 * button is offered once the session exists. Without Zoom credentials the server answers 503
 * `ZOOM_NOT_CONFIGURED`, said here with what an administrator has to set.
 */
import { useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Field } from "@/components/Field";
import { SelectField } from "@/components/SelectField";
import { notify } from "@/features/notifications";
import { ApiError } from "@/lib/api-client";
import { consolePaths } from "@/lib/console-paths";
import { errorMessageKey } from "@/lib/errors";
import { useSubmitLock } from "@/lib/use-submit-lock";
import { CONFERENCE_TYPES, type SessionActivity, type VideoChoices } from "./api";
import { useScheduleT, type ScheduleKey } from "./schedule-i18n";
import type { SessionFormValues } from "./session-schema";
import type { ScheduleWrites } from "./writes";

export interface SessionStreamFieldsProps {
  eventId: string;
  /** The stored session (null until a new one is saved). */
  stored: SessionActivity | null;
  videos: VideoChoices;
  writes: ScheduleWrites;
  /** The server changed the stored session (a meeting was made or removed). */
  onStored: (session: SessionActivity) => void;
  message: (value: unknown) => string | undefined;
}

export function SessionStreamFields({ eventId, stored, videos, writes, onStored, message }: SessionStreamFieldsProps) {
  const t = useScheduleT();
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<SessionFormValues>();
  const type = useWatch({ control, name: "ConferenceType" });
  const videoID = useWatch({ control, name: "VideoID" });
  const storedVideo = stored?.ConferenceType === "Video" ? (stored.ConferenceID ?? "") : "";
  const list = videos.status === "ready" ? videos.videos : [];

  return (
    <fieldset>
      <legend>{t("stream.legend")}</legend>
      <SelectField label={t("stream.type")} error={message(errors.ConferenceType?.message)} {...register("ConferenceType")}>
        {CONFERENCE_TYPES.map((kind) => (
          <option key={kind} value={kind}>
            {t(`stream.types.${kind}`)}
          </option>
        ))}
      </SelectField>
      {type === "Iframe" ? (
        <Field label={t("stream.pageURL")} type="url" inputMode="url" autoComplete="off" hint={t("stream.pageURLHint")} error={message(errors.JoinURL?.message)} {...register("JoinURL")} />
      ) : null}
      {type === "Zoom" ? (
        <>
          <Field label={t("stream.joinURL")} type="url" inputMode="url" autoComplete="off" hint={t("stream.joinURLHint")} error={message(errors.JoinURL?.message)} {...register("JoinURL")} />
          <div className="field-row">
            <Field label={t("stream.meetingID")} autoComplete="off" error={message(errors.MeetingID?.message)} {...register("MeetingID")} />
            <Field label={t("stream.passcode")} autoComplete="off" error={message(errors.Password?.message)} {...register("Password")} />
          </div>
          <ZoomActions stored={stored} writes={writes} onStored={onStored} />
        </>
      ) : null}
      {type === "Youtube" || type === "Vimeo" ? (
        <Field
          label={t(type === "Youtube" ? "stream.youtube" : "stream.vimeo")}
          autoComplete="off"
          hint={t(type === "Youtube" ? "stream.youtubeHint" : "stream.vimeoHint")}
          error={message(errors.ExternalVideo?.message)}
          {...register("ExternalVideo")}
        />
      ) : null}
      {type === "Vimeo" ? <Field label={t("stream.vimeoPassword")} autoComplete="off" hint={t("stream.vimeoPasswordHint")} error={message(errors.Password?.message)} {...register("Password")} /> : null}
      {type === "Video" ? (
        <>
          <SelectField
            label={t("stream.video")}
            hint={t(videos.status === "ready" ? "stream.videoHint" : videos.status === "failed" ? "stream.videosFailed" : "stream.videosLoading")}
            error={message(errors.VideoID?.message)}
            {...register("VideoID")}
          >
            <option value="">{t("stream.chooseVideo")}</option>
            {list.map((video) => (
              <option key={video.ID} value={video.ID}>
                {video.Title}
              </option>
            ))}
            {storedVideo && !list.some((v) => v.ID === storedVideo) ? (
              // Unlisted: gone from the event, or the list could not be read (then just its id).
              <option value={storedVideo}>{videos.status === "ready" ? t("stream.videoMissing", { id: storedVideo }) : storedVideo}</option>
            ) : null}
          </SelectField>
          {videos.status === "ready" && list.length === 0 && !videoID ? (
            <p className="small">
              {t("stream.noVideos")} <Link to={consolePaths.eventSection(eventId, "media")}>{t("stream.toMedia")}</Link>
            </p>
          ) : null}
        </>
      ) : null}
    </fieldset>
  );
}

/** The schedule's own message for a Zoom refusal, or null for the shared one. */
function zoomMessageKey(error: unknown): ScheduleKey | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === "ZOOM_NOT_CONFIGURED") return "zoom.notConfigured";
  if (error.code === "ZOOM_FAILED") return "zoom.failed";
  if (error.code === "CONFLICT") return "zoom.exists";
  // deletemeeting on a session without a server-made meeting.
  if (error.code === "NOT_FOUND") return "zoom.noMeeting";
  return null;
}

interface ZoomActionsProps {
  stored: SessionActivity | null;
  writes: ScheduleWrites;
  onStored: (session: SessionActivity) => void;
}

function ZoomActions({ stored, writes, onStored }: ZoomActionsProps) {
  const t = useScheduleT();
  const { t: tc } = useTranslation();
  const { setValue } = useFormContext<SessionFormValues>();
  const { busy, run } = useSubmitLock();
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const say = (e: unknown) => {
    const key = zoomMessageKey(e);
    setError(key ? t(key) : tc(errorMessageKey(e)));
  };
  const hasMeeting = stored?.ConferenceType === "Zoom" && (stored.ConferenceID ?? "") !== "";

  const fill = (session: SessionActivity) => {
    onStored(session);
    setValue("JoinURL", session.ConferenceJoinURL ?? "");
    setValue("MeetingID", session.ConferenceID ?? "");
    setValue("Password", session.ConferencePassword ?? "");
  };

  const create = () =>
    void run(async () => {
      if (!stored) return;
      setError(null);
      try {
        fill(await writes.createMeeting(stored.ID));
        setValue("ConferenceType", "Zoom");
        notify("success", t("zoom.created"));
      } catch (e) {
        say(e);
      }
    });

  const remove = () =>
    void run(async () => {
      if (!stored) return;
      setError(null);
      try {
        fill(await writes.deleteMeeting(stored.ID));
        setValue("ConferenceType", "None");
        setConfirming(false);
        notify("success", t("zoom.deleted"));
      } catch (e) {
        setConfirming(false);
        say(e);
      }
    });

  return (
    <div className="schedule-zoom">
      {!stored ? <p className="small muted">{t("zoom.saveFirst")}</p> : null}
      {stored && !hasMeeting ? (
        <>
          <button type="button" className="button button--secondary" aria-disabled={busy || undefined} onClick={create}>
            {busy ? t("zoom.creating") : t("zoom.create")}
          </button>
          <p className="small muted">{t("zoom.createHint")}</p>
        </>
      ) : null}
      {hasMeeting && !confirming ? (
        <>
          <p className="small muted">{t("zoom.meetingHint")}</p>
          <button type="button" className="button button--secondary" onClick={() => setConfirming(true)}>
            {t("zoom.delete")}
          </button>
        </>
      ) : null}
      {hasMeeting && confirming ? (
        <div role="group" aria-label={t("zoom.delete")} className="schedule-zoom__confirm">
          <p>{t("zoom.deleteAsk")}</p>
          <button type="button" className="button button--secondary" onClick={() => setConfirming(false)} disabled={busy}>
            {t("zoom.keep")}
          </button>{" "}
          <button type="button" className="button button--danger" aria-disabled={busy || undefined} onClick={remove}>
            {busy ? t("zoom.deleting") : t("zoom.deleteConfirm")}
          </button>
        </div>
      ) : null}
      {error ? (
        <p className="field__error" role="alert" data-testid="zoom-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
