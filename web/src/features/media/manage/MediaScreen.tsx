/**
 * The organizer console's Media section (`/manage/events/:eventId/media`, under the event's page
 * heading, so its own heading is an h2): the event's cinema videos in the order attendees see
 * them, reordered by drag or Move up / Move down (every id sent, `PUT /videos/order`), shown in
 * the cinema or not, added from an address or an upload, edited with their poster, and deleted
 * after asking — a video a `Video` session streams cannot go, and the refusal names the sessions.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { LoadState } from "@/components/LoadState";
import { notify } from "@/features/notifications";
import { ApiError } from "@/lib/api-client";
import { errorMessageKey } from "@/lib/errors";
import { useSubmitLock } from "@/lib/use-submit-lock";
import { sessionNamesQuery, videosQuery, type Video } from "./api";
import { streamingSessions } from "./media-errors";
import { useMediaT } from "./media-manage-i18n";
import { useMediaWrites } from "./media-writes";
import { toVideoBody, videoValues } from "./video-schema";
import { VideoDialog } from "./VideoDialog";
import { VideoList } from "./VideoList";
import "./MediaScreen.css";

export function MediaScreen({ eventId }: { eventId: string }) {
  const t = useMediaT();
  const query = useQuery(videosQuery(eventId));
  const headingRef = useRef<HTMLHeadingElement>(null);
  return (
    <div className="media-screen">
      <h2 ref={headingRef} tabIndex={-1}>
        {t("title")}
      </h2>
      <p className="muted">{t("intro")}</p>
      <LoadState query={query} loadingText={t("loading")} failedText={t("loadFailed")} focusAfterRetry={headingRef} />
      {query.data ? <MediaEditor key={eventId} eventId={eventId} videos={query.data} headingRef={headingRef} /> : null}
    </div>
  );
}

interface EditorProps {
  eventId: string;
  videos: Video[];
  headingRef: React.RefObject<HTMLHeadingElement | null>;
}

function MediaEditor({ eventId, videos, headingRef }: EditorProps) {
  const t = useMediaT();
  const { t: tc } = useTranslation();
  const client = useQueryClient();
  const writes = useMediaWrites(eventId);
  const moves = useSubmitLock();
  const toggles = useSubmitLock();
  const removal = useSubmitLock();
  const [dialog, setDialog] = useState<{ video: Video | null } | null>(null);
  const [toggling, setToggling] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Video | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const keepFocus = useRef(false);
  const [announcement, setAnnouncement] = useState({ id: 0, text: "" });
  const announce = useCallback((text: string) => setAnnouncement((a) => ({ id: a.id + 1, text })), []);

  const move = (from: number, to: number) =>
    void moves.run(async () => {
      const video = videos[from];
      if (!video) return;
      setFailure(null);
      announce(t("order.saving"));
      try {
        await writes.move(from, to);
        announce(t("order.saved", { title: video.Title, place: to + 1, count: videos.length }));
      } catch (error) {
        const reread = error instanceof ApiError && error.status === 409;
        setFailure(t(reread ? "order.changed" : "order.failed", { reason: tc(errorMessageKey(error)) }));
      }
    });

  const toggleCinema = (video: Video) =>
    void toggles.run(async () => {
      setToggling(video.ID);
      setFailure(null);
      try {
        const saved = await writes.update(video.ID, { ...toVideoBody(videoValues(video), video, null), IsInCinema: !video.IsInCinema });
        announce(t(saved.IsInCinema ? "list.nowInCinema" : "list.nowHidden", { title: saved.Title }));
      } catch (error) {
        setFailure(t("list.toggleFailed", { title: video.Title, reason: tc(errorMessageKey(error)) }));
      } finally {
        setToggling(null);
      }
    });

  /** The titles of the sessions a refused delete names (their ids when they cannot be read). */
  const sessionTitles = async (ids: string[]): Promise<string[]> => {
    try {
      const sessions = await client.fetchQuery(sessionNamesQuery(eventId));
      return ids.map((id) => {
        const found = sessions.find((s) => s.ID === id);
        return found ? found.Title || found.InternalName : id;
      });
    } catch {
      return ids;
    }
  };

  const confirmDelete = () =>
    void removal.run(async () => {
      if (!deleting) return;
      setDeleteError(null);
      try {
        await writes.remove(deleting.ID);
        notify("success", t("delete.done", { title: deleting.Title }));
      } catch (error) {
        const streaming = streamingSessions(error);
        if (streaming) {
          setDeleteError(t("delete.streaming", { sessions: (await sessionTitles(streaming)).map((s) => `“${s}”`).join(", ") }));
          return;
        }
        if (!(error instanceof ApiError && error.status === 404)) {
          setDeleteError(tc(errorMessageKey(error)));
          return;
        }
        writes.forget(deleting.ID);
        notify("default", t("delete.gone", { title: deleting.Title }));
      }
      // The row is gone: the focus goes to the section's heading.
      keepFocus.current = true;
      setDeleting(null);
      requestAnimationFrame(() => headingRef.current?.focus());
    });

  return (
    <>
      {/* Always in the page, so what is put in it is announced. */}
      <div className="visually-hidden" role="status" aria-live="polite" data-testid="media-announcer">
        <span key={announcement.id}>{announcement.text}</span>
      </div>
      <p>
        <button type="button" className="button" onClick={() => setDialog({ video: null })}>
          {t("add")}
        </button>
      </p>
      {videos.length === 0 ? (
        <p className="media-empty">{t("empty")}</p>
      ) : (
        <VideoList
          videos={videos}
          busy={moves.busy}
          toggling={toggling}
          notice={
            failure ? (
              <p role="alert" className="media-failure">
                {failure}
              </p>
            ) : null
          }
          onMove={move}
          onToggleCinema={toggleCinema}
          onEdit={(video) => setDialog({ video })}
          onDelete={(video) => {
            keepFocus.current = false;
            setDeleteError(null);
            setDeleting(video);
          }}
        />
      )}
      {dialog ? <VideoDialog video={dialog.video} writes={writes} onClose={() => setDialog(null)} /> : null}
      {deleting ? (
        <ConfirmDialog
          title={t("delete.title", { title: deleting.Title })}
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
    </>
  );
}
