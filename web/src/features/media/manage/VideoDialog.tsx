/**
 * Adding or editing a cinema video, in a dialog. A new video comes from an address (its kind and
 * URL, checked as the server checks them) or from an MP4 uploaded with the form (progress,
 * Cancel, the server's 413/415/422 said beside the file input); the upload happens once, so a
 * create refused afterwards is retried without sending the file again. Editing also offers the
 * poster (PosterUpload). Every save validates first, sends once however often it is submitted,
 * and keeps what was typed when refused.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useRef, useState, type ChangeEvent } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { CheckboxField } from "@/components/CheckboxField";
import { DialogActions } from "@/components/DialogActions";
import { Field } from "@/components/Field";
import { FormError } from "@/components/FormError";
import { Modal } from "@/components/Modal";
import { SelectField } from "@/components/SelectField";
import { TextareaField } from "@/components/TextareaField";
import { UploadProgressBar } from "@/components/UploadProgressBar";
import { notify } from "@/features/notifications";
import type { UploadProgress } from "@/lib/api-client";
import type { ErrorMessageKey } from "@/lib/errors";
import { formatBytes } from "@/lib/format-bytes";
import { focusFirstInvalid, useSubmitLock } from "@/lib/use-submit-lock";
import { VIDEO_KINDS, type Video } from "./api";
import { mapVideoError, uploadRefusal } from "./media-errors";
import { useMediaT } from "./media-manage-i18n";
import type { MediaWrites } from "./media-writes";
import { PosterUpload } from "./PosterUpload";
import { isMediaValidationKey, MAX_VIDEO_BYTES, toVideoBody, VIDEO_ACCEPT, videoFileProblem, videoFormSchema, videoValues, type VideoFormValues } from "./video-schema";

export interface VideoDialogProps {
  /** The video to edit, or null for a new one. */
  video: Video | null;
  writes: MediaWrites;
  onClose: () => void;
}

export function VideoDialog({ video, writes, onClose }: VideoDialogProps) {
  const t = useMediaT();
  const { t: tc, i18n } = useTranslation();
  const titleId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const fileRef = useRef<HTMLInputElement | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const { busy, run } = useSubmitLock();
  const [current, setCurrent] = useState<Video | null>(video);
  const [formError, setFormError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  // A problem found before sending blocks the upload; the server's refusal only informs a retry.
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [fileRefusal, setFileRefusal] = useState<string | null>(null);
  const fileError = fileProblem ?? fileRefusal;
  const [fileDetail, setFileDetail] = useState<string | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  // The chosen file's stored URL once uploaded: a retry creates the video without sending it again.
  const [uploaded, setUploaded] = useState<{ file: File; url: string } | null>(null);
  const size = formatBytes(MAX_VIDEO_BYTES, i18n.language);
  const { register, control, handleSubmit, setError, getValues, setValue, formState } = useForm<VideoFormValues>({
    resolver: zodResolver(videoFormSchema),
    mode: "onTouched",
    defaultValues: videoValues(video),
  });
  const errors = formState.errors;
  const [source, kind] = useWatch({ control, name: ["Source", "Kind"] });

  const message = (value: unknown): string | undefined => {
    if (isMediaValidationKey(value)) return t(`validation.${value}`, { size });
    if (typeof value === "string" && value.startsWith("errors.")) return tc(value as ErrorMessageKey);
    return undefined;
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setFile(chosen);
    setFileDetail(null);
    setFileRefusal(null);
    const problem = chosen ? videoFileProblem(chosen) : null;
    setFileProblem(problem ? t(`validation.${problem}`, { size }) : null);
    // The file's name is a first title.
    if (chosen && getValues("Title").trim() === "") setValue("Title", chosen.name.replace(/\.[^.]+$/, "").slice(0, 200));
  };

  /** The uploaded file's URL, or null when the upload failed (its reason is shown). */
  const uploadChosen = async (chosen: File): Promise<string | null> => {
    if (uploaded?.file === chosen) return uploaded.url;
    const controller = new AbortController();
    abortRef.current = controller;
    setFileRefusal(null);
    setFileDetail(null);
    setProgress({ loaded: 0, total: chosen.size });
    try {
      const stored = await writes.uploadFile(chosen, { onProgress: setProgress, signal: controller.signal });
      setUploaded({ file: chosen, url: stored.URL });
      return stored.URL;
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") setFileRefusal(t("upload.cancelled"));
      else {
        const refusal = uploadRefusal(error);
        const limit = refusal.maxBytes ? ` ${t("upload.sizeLimit", { size: formatBytes(refusal.maxBytes, i18n.language) })}` : "";
        const types = refusal.message === "errors.fileType" ? ` ${t("upload.accepted")}` : "";
        setFileRefusal(`${tc(refusal.message)}${limit}${types}`);
        setFileDetail(refusal.detail);
      }
      fileRef.current?.focus();
      return null;
    } finally {
      abortRef.current = null;
      setProgress(null);
    }
  };

  const onValid = (values: VideoFormValues) =>
    run(async () => {
      setFormError(null);
      let uploadedURL: string | null = null;
      if (!current && values.Source === "upload") {
        if (!file || fileProblem) {
          if (!file) setFileProblem(t("validation.fileRequired"));
          fileRef.current?.focus();
          return;
        }
        uploadedURL = await uploadChosen(file);
        if (!uploadedURL) return;
      }
      try {
        const body = toVideoBody(values, current, uploadedURL);
        const saved = current ? await writes.update(current.ID, body) : await writes.create(body);
        notify("success", t(current ? "form.saved" : "form.created", { title: saved.Title }));
        onClose();
      } catch (error) {
        const mapped = mapVideoError(error);
        if (mapped.fields.length === 0 || (uploadedURL && mapped.fields.every((f) => f === "URL" || f === "Kind"))) {
          setFormError(t("form.notSaved", { reason: tc(mapped.message) }));
          return;
        }
        mapped.fields.forEach((field, i) => setError(field, { type: "server", message: mapped.message }, { shouldFocus: i === 0 }));
      }
    });

  const title = video ? t("form.editTitle", { title: video.Title }) : t("form.addTitle");
  return (
    <Modal labelledBy={titleId} role="dialog" busy={busy} onCancel={onClose}>
      <h2 id={titleId}>{title}</h2>
      <form ref={formRef} className="console-form media-form" noValidate aria-busy={busy} onSubmit={(e) => {
          // The file is no form value: its absence is said with the form's own refusals.
          if (!current && source === "upload" && !file) setFileProblem(t("validation.fileRequired"));
          void handleSubmit(onValid, () => focusFirstInvalid(formRef.current))(e);
        }}
      >
        <fieldset>
          <legend>{t("form.general")}</legend>
          <Field label={t("form.title")} autoComplete="off" error={message(errors.Title?.message)} {...register("Title")} />
          <TextareaField label={t("form.description")} rows={3} error={message(errors.Description?.message)} {...register("Description")} />
          <CheckboxField label={t("form.inCinema")} {...register("IsInCinema")} />
        </fieldset>

        <fieldset>
          <legend>{t("form.source")}</legend>
          {video ? null : (
            <div className="media-source-choice">
              <div className="field field--checkbox">
                <input id={`${titleId}-url`} type="radio" value="url" {...register("Source")} />
                <label htmlFor={`${titleId}-url`}>{t("form.fromURL")}</label>
              </div>
              <div className="field field--checkbox">
                <input id={`${titleId}-upload`} type="radio" value="upload" {...register("Source")} />
                <label htmlFor={`${titleId}-upload`}>{t("form.fromFile")}</label>
              </div>
            </div>
          )}
          {source === "url" || video ? (
            <>
              <SelectField label={t("form.kind")} error={message(errors.Kind?.message)} {...register("Kind", { deps: ["URL"] })}>
                {VIDEO_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {t(`kinds.${k}`)}
                  </option>
                ))}
              </SelectField>
              <Field label={t("form.url")} autoComplete="off" inputMode="url" hint={t(`form.urlHints.${kind}`)} error={message(errors.URL?.message)} {...register("URL")} />
            </>
          ) : (
            <>
              <Field
                ref={fileRef}
                type="file"
                accept={VIDEO_ACCEPT}
                label={t("form.file")}
                hint={file && !fileError ? t("upload.chosen", { name: file.name, size: formatBytes(file.size, i18n.language) }) : t("form.fileHint", { size })}
                error={fileError ?? undefined}
                onChange={onFile}
              />
              {fileDetail ? (
                <p className="small media-detail">
                  {t("upload.serverSaid")} <span lang="en">{fileDetail}</span>
                </p>
              ) : null}
              {progress ? (
                <div className="media-upload">
                  <UploadProgressBar progress={progress} />
                  <button type="button" className="button button--secondary" onClick={() => abortRef.current?.abort()}>
                    {t("upload.cancel")}
                  </button>
                </div>
              ) : null}
            </>
          )}
        </fieldset>

        {current ? (
          <fieldset>
            <legend>{t("poster.legend")}</legend>
            <PosterUpload video={current} writes={writes} onUploaded={setCurrent} />
            {current.PosterURL ? <CheckboxField label={t("poster.remove")} {...register("RemovePoster")} /> : null}
          </fieldset>
        ) : (
          <p className="small muted">{t("poster.afterCreate")}</p>
        )}

        <FormError message={formError} />
        <DialogActions
          cancelLabel={t("cancel")}
          onCancel={onClose}
          confirmLabel={t("form.save")}
          busyLabel={progress ? t("upload.uploading") : t("form.saving")}
          busy={busy}
          keepFocusWhileBusy
        />
      </form>
    </Modal>
  );
}
