/**
 * Uploading a tour package as the pano's next version. The file is checked before sending (a zip,
 * not empty, at most the server's default allowance); then two progress phases (UploadPhases): the
 * bytes going up, and the server's processing as its realtime frames report it. The HTTP answer
 * decides: 201 adds the version to the list, a refusal is shown with the zip entry at fault and the
 * file stays chosen so it can be fixed and sent again. One upload at a time (`useSubmitLock`);
 * Cancel exists only while bytes are going up, since the server cannot be stopped once it has them.
 */
import { useRef, useState, type ChangeEvent } from "react";
import { useTranslation } from "react-i18next";
import { Field } from "@/components/Field";
import { notify } from "@/features/notifications";
import { useSubmitLock } from "@/lib/use-submit-lock";
import { nextVersion, uploadTour, type Pano, type PanoVersion, type TourWrites } from "./api";
import { formatBytes, MAX_TOUR_BYTES } from "./format";
import { isAbort, uploadFailure, type UploadFailure } from "./upload-errors";
import { watchUpload, type ServerStep } from "./upload-frames";
import { allSent, UploadPhases, type UploadState } from "./UploadPhases";

const ZIP_TYPES = new Set(["application/zip", "application/x-zip-compressed", "application/x-zip"]);
const ACCEPT = ".zip,application/zip,application/x-zip-compressed";

type Problem = "fileRequired" | "fileEmpty" | "notZip" | "tooLarge";

/** What is wrong with a chosen file before it is sent, or null. The server checks the contents. */
export function packageProblem(file: File | null): Problem | null {
  if (!file) return "fileRequired";
  // Browsers give zips several types (or none): the name decides when the type does not.
  if (!ZIP_TYPES.has(file.type) && !/\.zip$/i.test(file.name)) return "notZip";
  if (file.size === 0) return "fileEmpty";
  if (file.size > MAX_TOUR_BYTES) return "tooLarge";
  return null;
}

interface Props {
  pano: Pano;
  writes: Pick<TourWrites, "addVersion" | "refreshPanos">;
  onUploaded: (version: PanoVersion) => void;
}

export function TourUpload({ pano, writes, onUploaded }: Props) {
  const { t, i18n } = useTranslation("tours");
  const { t: tc } = useTranslation();
  const fileRef = useRef<HTMLInputElement | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const { busy, run } = useSubmitLock();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [failure, setFailure] = useState<UploadFailure | null>(null);
  const [progress, setProgress] = useState<UploadState | null>(null);
  // Phase changes for screen readers; the bars themselves are not announced.
  const [status, setStatus] = useState("");
  const size = formatBytes(MAX_TOUR_BYTES, i18n.language);
  const problemText = (problem: Problem) => t(`upload.problems.${problem}`, { size });

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setFile(chosen);
    setFailure(null);
    setStatus("");
    const problem = chosen ? packageProblem(chosen) : null;
    setFileError(problem ? problemText(problem) : null);
  };

  const stored = (version: number) => {
    setFile(null);
    if (fileRef.current) fileRef.current.value = "";
    setStatus(t("upload.stored", { version }));
    notify("success", t("upload.uploaded", { version, name: pano.Name }));
  };

  const submit = () =>
    run(async () => {
      const problem = packageProblem(file);
      if (problem || !file) {
        setFileError(problemText(problem ?? "fileRequired"));
        fileRef.current?.focus();
        return;
      }
      setFileError(null);
      setFailure(null);
      const controller = new AbortController();
      abortRef.current = controller;
      let lastStep: ServerStep | null = null;
      // Set by the SUCCESS frame; an object so the checks below see what the callback wrote.
      const frames: { committed: number | null } = { committed: null };
      setProgress({ sent: { loaded: 0, total: file.size }, server: null });
      setStatus(t("upload.statusSending"));
      const stop = watchUpload(pano.ID, nextVersion(pano), {
        progress: (server) => {
          setProgress((state) => (state ? { ...state, server } : state));
          if (server.step !== lastStep) setStatus(t(`upload.statusSteps.${server.step}`));
          lastStep = server.step;
        },
        success: (version) => {
          frames.committed = version;
        },
        error: () => undefined, // the HTTP answer right behind it says what and where
      });
      try {
        const version = await uploadTour(pano.ID, file, {
          signal: controller.signal,
          onProgress: (sent) => {
            setProgress((state) => (state ? { ...state, sent } : state));
            if (allSent(sent) && lastStep === null) setStatus(t("upload.statusProcessing"));
          },
        });
        writes.addVersion(version);
        stored(version.Version);
        onUploaded(version);
      } catch (error) {
        if (isAbort(error)) {
          setStatus(t("upload.cancelled"));
          return;
        }
        const refused = uploadFailure(error);
        // The answer was lost but the server said it committed: the version exists.
        if (refused.unanswered && frames.committed !== null) {
          stored(frames.committed);
          void writes.refreshPanos();
          return;
        }
        setStatus("");
        setFailure(refused);
        if (refused.unanswered || refused.raced) void writes.refreshPanos();
      } finally {
        stop();
        abortRef.current = null;
        setProgress(null);
      }
    });

  const sending = progress !== null && !allSent(progress.sent);
  return (
    <form
      className="tours-upload"
      noValidate
      aria-busy={busy}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Field
        ref={fileRef}
        type="file"
        accept={ACCEPT}
        label={t("upload.file")}
        hint={t("upload.fileHint", { size, version: nextVersion(pano), name: pano.Name })}
        error={fileError ?? undefined}
        onChange={onFile}
      />
      {progress ? <UploadPhases state={progress} /> : null}
      {failure ? <UploadRefusal failure={failure} message={tc(failure.message)} /> : null}
      <p className="small" role="status">
        {status}
      </p>
      <div className="tours-actions">
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          {busy ? t("upload.busy") : t("upload.submit")}
        </button>
        {sending ? (
          <button type="button" className="button button--secondary" onClick={() => abortRef.current?.abort()}>
            {t("upload.cancel")}
          </button>
        ) : null}
      </div>
    </form>
  );
}

function UploadRefusal({ failure, message }: { failure: UploadFailure; message: string }) {
  const { t, i18n } = useTranslation("tours");
  return (
    <div role="alert" className="tours-failure" data-testid="upload-refusal">
      <p>{t("upload.refused", { reason: message })}</p>
      {failure.entry ? <p>{t("upload.entry", { entry: failure.entry })}</p> : null}
      {failure.maxBytes ? <p>{t("upload.limit", { size: formatBytes(failure.maxBytes, i18n.language) })}</p> : null}
      {failure.detail ? (
        <p className="small">
          {t("upload.detail")} <span lang="en">{failure.detail}</span>
        </p>
      ) : null}
      {failure.raced ? <p>{t("upload.raced")}</p> : null}
      {failure.unanswered ? <p>{t("upload.mayBeStored")}</p> : null}
    </div>
  );
}
