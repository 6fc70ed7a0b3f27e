/**
 * A session's recording: one of the event's videos (`PUT /events/{E}/recordings/{SessionID}`,
 * which replaces a recording already attached). Attendees find it under replays once the session
 * has ended. Removing a recording is the schedule's own action, asked first.
 */
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DialogActions } from "@/components/DialogActions";
import { FormError } from "@/components/FormError";
import { Modal } from "@/components/Modal";
import { SelectField } from "@/components/SelectField";
import { notify } from "@/features/notifications";
import { ApiError } from "@/lib/api-client";
import { consolePaths } from "@/lib/console-paths";
import { errorMessageKey } from "@/lib/errors";
import { useSubmitLock } from "@/lib/use-submit-lock";
import type { Recording, SessionActivity, VideoChoices } from "./api";
import { useScheduleT } from "./schedule-i18n";
import type { ScheduleWrites } from "./writes";

export interface RecordingDialogProps {
  eventId: string;
  session: SessionActivity;
  current: Recording | null;
  videos: VideoChoices;
  writes: ScheduleWrites;
  onClose: () => void;
}

export function RecordingDialog({ eventId, session, current, videos, writes, onClose }: RecordingDialogProps) {
  const t = useScheduleT();
  const { t: tc } = useTranslation();
  const titleId = useId();
  const selectRef = useRef<HTMLSelectElement>(null);
  const { busy, run } = useSubmitLock();
  const [videoId, setVideoId] = useState(current?.Video.ID ?? "");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const title = session.Title || session.InternalName;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    void run(async () => {
      setFormError(null);
      if (videoId === "") {
        setFieldError(t("validation.videoRequired"));
        selectRef.current?.focus();
        return;
      }
      setFieldError(null);
      try {
        const recording = await writes.attachRecording(session.ID, videoId);
        notify("success", t("recording.saved", { title, video: recording.Video.Title }));
        onClose();
      } catch (error) {
        if (error instanceof ApiError && error.code === "VIDEO_NOT_FOUND") {
          setFieldError(t("validation.videoUnknown"));
          selectRef.current?.focus();
          return;
        }
        setFormError(t("form.notSaved", { reason: tc(errorMessageKey(error)) }));
      }
    });
  };

  return (
    <Modal labelledBy={titleId} role="dialog" busy={busy} onCancel={onClose}>
      <h2 id={titleId}>{t("recording.title", { title })}</h2>
      <form className="console-form" noValidate aria-busy={busy} onSubmit={submit}>
        <p className="small muted">{t("recording.about")}</p>
        {videos.status === "loading" ? (
          <p role="status">{t("stream.videosLoading")}</p>
        ) : videos.status === "failed" ? (
          <p role="alert">{t("stream.videosFailed")}</p>
        ) : videos.videos.length === 0 ? (
          <p>
            {t("stream.noVideos")} <Link to={consolePaths.eventSection(eventId, "media")}>{t("stream.toMedia")}</Link>
          </p>
        ) : (
          <SelectField
            ref={selectRef}
            label={t("recording.video")}
            value={videoId}
            error={fieldError ?? undefined}
            onChange={(e) => {
              setVideoId(e.target.value);
              setFieldError(null);
            }}
          >
            <option value="">{t("stream.chooseVideo")}</option>
            {videos.videos.map((video) => (
              <option key={video.ID} value={video.ID}>
                {video.Title}
              </option>
            ))}
          </SelectField>
        )}
        <FormError message={formError} />
        <DialogActions
          cancelLabel={t("cancel")}
          onCancel={onClose}
          confirmLabel={t("recording.save")}
          busyLabel={t("form.saving")}
          busy={busy}
          keepFocusWhileBusy
          showConfirm={videos.status === "ready" && videos.videos.length > 0}
        />
      </form>
    </Modal>
  );
}
