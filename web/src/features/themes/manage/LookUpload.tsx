/**
 * One file upload of the Look screen (a font of a weight, the favicon): the file is checked before
 * sending (type and size, look-schema.ts), goes out with a progress bar and a Cancel button
 * (`sendForm`, XMLHttpRequest), and a refusal is said beside the file input with the size limit or
 * the accepted types. One upload at a time; the chosen file stays after a failure.
 */
import { useRef, useState, type ChangeEvent } from "react";
import { useTranslation } from "react-i18next";
import { Field } from "@/components/Field";
import { UploadProgressBar } from "@/components/UploadProgressBar";
import { notify } from "@/features/notifications";
import type { UploadProgress } from "@/lib/api-client";
import { formatBytes } from "@/lib/format-bytes";
import type { SendOptions } from "./look-api";
import { failureKey, isAbort, maxBytesOf } from "./look-errors";
import { LOOK_NS } from "./look-i18n";
import { MAX_UPLOAD_BYTES, type LookValidationKey } from "./look-schema";

export interface LookUploadProps {
  /** The file input's label. */
  label: string;
  hint: string;
  /** Names the buttons for screen readers, after their visible word ("Upload Regular"). */
  subject: string;
  accept: string;
  /** What the server accepts, said after a type refusal. */
  acceptedText: string;
  check: (file: File) => LookValidationKey | null;
  upload: (file: File, options: SendOptions) => Promise<unknown>;
  /** The toast after a successful upload. */
  doneText: string;
}

export function LookUpload({ label, hint, subject, accept, acceptedText, check, upload, doneText }: LookUploadProps) {
  const { t, i18n } = useTranslation(LOOK_NS);
  const { t: tc } = useTranslation();
  const fileRef = useRef<HTMLInputElement | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const running = useRef(false);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [status, setStatus] = useState("");
  const size = formatBytes(MAX_UPLOAD_BYTES, i18n.language);
  const busy = progress !== null;

  const problemText = (problem: LookValidationKey) => `${t(`validation.${problem}`, { size })}${problem.endsWith("Type") ? ` ${acceptedText}` : ""}`;

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setFile(chosen);
    setStatus("");
    const problem = chosen ? check(chosen) : null;
    setError(problem ? problemText(problem) : null);
  };

  const submit = async () => {
    if (running.current) return;
    const problem = file ? check(file) : "fileRequired";
    if (problem || !file) {
      setError(problemText(problem ?? "fileRequired"));
      fileRef.current?.focus();
      return;
    }
    running.current = true;
    const controller = new AbortController();
    abortRef.current = controller;
    setError(null);
    setStatus("");
    setProgress({ loaded: 0, total: file.size });
    try {
      await upload(file, { onProgress: setProgress, signal: controller.signal });
      setFile(null);
      if (fileRef.current) fileRef.current.value = "";
      notify("success", doneText);
    } catch (failure) {
      if (isAbort(failure)) {
        setStatus(t("upload.cancelled"));
      } else {
        const key = failureKey(failure);
        const max = maxBytesOf(failure);
        const detail = max ? ` ${t("upload.sizeLimit", { size: formatBytes(max, i18n.language) })}` : "";
        const types = key === "errors.fileType" ? ` ${acceptedText}` : "";
        setError(t("upload.failed", { reason: `${tc(key)}${detail}${types}` }));
        fileRef.current?.focus();
      }
    } finally {
      running.current = false;
      abortRef.current = null;
      setProgress(null);
    }
  };

  return (
    <form
      className="console-form look-upload"
      noValidate
      aria-busy={busy}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Field ref={fileRef} type="file" accept={accept} label={label} hint={hint} error={error ?? undefined} onChange={onFile} />
      {progress ? <UploadProgressBar progress={progress} /> : null}
      <p className="small" role="status">
        {status}
      </p>
      <div className="look-actions">
        <button type="submit" className="button" aria-disabled={busy || undefined} aria-label={`${t("upload.upload")} ${subject}`}>
          {t("upload.upload")}
        </button>
        {busy ? (
          <button type="button" className="button button--secondary" aria-label={`${t("upload.cancel")} ${subject}`} onClick={() => abortRef.current?.abort()}>
            {t("upload.cancel")}
          </button>
        ) : null}
      </div>
    </form>
  );
}
