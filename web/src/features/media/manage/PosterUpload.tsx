/**
 * A video's poster: the current one, an image to upload at once (`POST /videos/{ID}/poster`, with
 * progress and Cancel; the server re-encodes it), and the refusals beside the file input with the
 * limit or the accepted types. Removing the poster is part of the video's form (it is saved with it).
 */
import { useRef, useState, type ChangeEvent } from "react";
import { useTranslation } from "react-i18next";
import { Field } from "@/components/Field";
import { UploadProgressBar } from "@/components/UploadProgressBar";
import { notify } from "@/features/notifications";
import type { UploadProgress } from "@/lib/api-client";
import { formatBytes } from "@/lib/format-bytes";
import { useSubmitLock } from "@/lib/use-submit-lock";
import type { Video } from "./api";
import { uploadRefusal } from "./media-errors";
import { useMediaT } from "./media-manage-i18n";
import type { MediaWrites } from "./media-writes";
import { MAX_POSTER_BYTES, POSTER_ACCEPT, posterProblem } from "./video-schema";

export function PosterUpload({ video, writes, onUploaded }: { video: Video; writes: MediaWrites; onUploaded: (video: Video) => void }) {
  const t = useMediaT();
  const { t: tc, i18n } = useTranslation();
  const fileRef = useRef<HTMLInputElement | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const { busy, run } = useSubmitLock();
  const [file, setFile] = useState<File | null>(null);
  // A problem found before sending blocks the upload; the server's refusal only informs a retry.
  const [problem, setProblem] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const error = problem ?? refused;
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const size = formatBytes(MAX_POSTER_BYTES, i18n.language);

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setFile(chosen);
    setRefused(null);
    const found = chosen ? posterProblem(chosen) : null;
    setProblem(found ? t(`validation.${found}`, { size }) : null);
  };

  const upload = () =>
    void run(async () => {
      if (!file) {
        setProblem(t("validation.fileRequired"));
        fileRef.current?.focus();
        return;
      }
      if (problem) {
        fileRef.current?.focus();
        return;
      }
      const controller = new AbortController();
      abortRef.current = controller;
      setRefused(null);
      setProgress({ loaded: 0, total: file.size });
      try {
        const saved = await writes.uploadPoster(video.ID, file, { onProgress: setProgress, signal: controller.signal });
        onUploaded(saved);
        setFile(null);
        if (fileRef.current) fileRef.current.value = "";
        notify("success", t("poster.uploaded", { title: saved.Title }));
      } catch (e) {
        if (e instanceof DOMException && e.name === "AbortError") setRefused(t("upload.cancelled"));
        else {
          const refusal = uploadRefusal(e);
          const limit = refusal.maxBytes ? ` ${t("upload.sizeLimit", { size: formatBytes(refusal.maxBytes, i18n.language) })}` : "";
          const types = refusal.message === "errors.fileType" ? ` ${t("poster.accepted")}` : "";
          setRefused(`${tc(refusal.message)}${limit}${types}`);
        }
        fileRef.current?.focus();
      } finally {
        abortRef.current = null;
        setProgress(null);
      }
    });

  return (
    <div className="media-poster-upload">
      {video.PosterURL ? <img className="media-poster media-poster--large" src={video.PosterURL} alt={t("poster.current", { title: video.Title })} /> : <p className="small muted">{t("poster.none")}</p>}
      <Field
        ref={fileRef}
        type="file"
        accept={POSTER_ACCEPT}
        label={t("poster.file")}
        hint={file && !error ? t("upload.chosen", { name: file.name, size: formatBytes(file.size, i18n.language) }) : t("poster.fileHint", { size })}
        error={error ?? undefined}
        onChange={onFile}
      />
      {progress ? <UploadProgressBar progress={progress} /> : null}
      <p className="media-actions">
        <button type="button" className="button button--secondary" aria-disabled={busy || undefined} onClick={upload}>
          {busy ? t("upload.uploading") : t("poster.upload")}
        </button>
        {progress ? (
          <button type="button" className="button button--secondary" onClick={() => abortRef.current?.abort()}>
            {t("upload.cancel")}
          </button>
        ) : null}
      </p>
    </div>
  );
}
