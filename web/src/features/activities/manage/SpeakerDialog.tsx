/**
 * Adding or editing a speaker, in a dialog: names, job title, company, biography, links and the
 * picture (an upload with progress and Cancel, or an http(s) address). The form checks everything
 * before sending (speaker-schema.ts), once however often it is submitted. The speaker is saved
 * first; a chosen picture is then uploaded (speaker-picture.ts: one request, after which the server
 * holds the picture's path as its `PictureURL`). If the upload fails the dialog stays on the saved
 * speaker, the refusal beside the file input.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useRef, useState, type ChangeEvent } from "react";
import { useFieldArray, useForm, useWatch, type FieldPath } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { DialogActions } from "@/components/DialogActions";
import { Field } from "@/components/Field";
import { FormError } from "@/components/FormError";
import { Modal } from "@/components/Modal";
import { TextareaField } from "@/components/TextareaField";
import { UploadProgressBar } from "@/components/UploadProgressBar";
import { notify } from "@/features/notifications";
import type { UploadProgress } from "@/lib/api-client";
import type { ErrorMessageKey } from "@/lib/errors";
import { formatBytes } from "@/lib/format-bytes";
import { focusFirstInvalid, useSubmitLock } from "@/lib/use-submit-lock";
import type { SpeakerActivity } from "./api";
import { useScheduleT } from "./schedule-i18n";
import { mapSpeakerError, pictureRefusalKey, refusedMaxBytes } from "./speaker-errors";
import {
  isSpeakerValidationKey,
  MAX_LINKS,
  MAX_PICTURE_BYTES,
  PICTURE_ACCEPT,
  pictureProblem,
  speakerFormSchema,
  speakerValues,
  toSpeakerBody,
  type SpeakerFormValues,
} from "./speaker-schema";
import { speakerName } from "./speakers-model";
import type { ScheduleWrites } from "./writes";

export interface SpeakerDialogProps {
  speaker: SpeakerActivity | null;
  writes: ScheduleWrites;
  onClose: () => void;
}

export function SpeakerDialog({ speaker, writes, onClose }: SpeakerDialogProps) {
  const t = useScheduleT();
  const { t: tc, i18n } = useTranslation();
  const titleId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const fileRef = useRef<HTMLInputElement | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const { busy, run } = useSubmitLock();
  const [current, setCurrent] = useState<SpeakerActivity | null>(speaker);
  const [formError, setFormError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  // A problem found before sending blocks the upload; the server's refusal only informs a retry.
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [fileRefusal, setFileRefusal] = useState<string | null>(null);
  const fileError = fileProblem ?? fileRefusal;
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const size = formatBytes(MAX_PICTURE_BYTES, i18n.language);
  const { register, control, handleSubmit, setError, setValue, formState } = useForm<SpeakerFormValues>({
    resolver: zodResolver(speakerFormSchema),
    mode: "onTouched",
    defaultValues: speakerValues(speaker),
  });
  const errors = formState.errors;
  const links = useFieldArray({ control, name: "Links" });
  const pictureURL = useWatch({ control, name: "PictureURL" });

  const message = (value: unknown): string | undefined => {
    if (isSpeakerValidationKey(value)) return t(`validation.${value}`, { size });
    if (typeof value === "string" && value.startsWith("errors.")) return tc(value as ErrorMessageKey);
    return undefined;
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setFile(chosen);
    setFileRefusal(null);
    const problem = chosen ? pictureProblem(chosen) : null;
    setFileProblem(problem ? t(`validation.${problem}`, { size }) : null);
  };

  const upload = async (saved: SpeakerActivity, chosen: File): Promise<SpeakerActivity | null> => {
    const controller = new AbortController();
    abortRef.current = controller;
    setFileRefusal(null);
    setProgress({ loaded: 0, total: chosen.size });
    try {
      const withPicture = await writes.uploadSpeakerPicture(saved.ID, chosen, { onProgress: setProgress, signal: controller.signal });
      setValue("PictureURL", withPicture.PictureURL ?? "");
      setFile(null);
      if (fileRef.current) fileRef.current.value = "";
      return withPicture;
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") setFileRefusal(t("speakers.uploadCancelled"));
      else {
        const max = refusedMaxBytes(error);
        const limit = max ? ` ${t("speakers.sizeLimit", { size: formatBytes(max, i18n.language) })}` : "";
        setFileRefusal(`${tc(pictureRefusalKey(error))}${limit}`);
      }
      setFormError(t("speakers.savedWithoutPicture"));
      fileRef.current?.focus();
      return null;
    } finally {
      abortRef.current = null;
      setProgress(null);
    }
  };

  const onValid = (values: SpeakerFormValues) =>
    run(async () => {
      if (fileProblem && file) {
        fileRef.current?.focus();
        return;
      }
      setFormError(null);
      let saved: SpeakerActivity;
      try {
        saved = await writes.saveSpeaker(toSpeakerBody(values, current), current?.ID ?? null);
      } catch (error) {
        const mapped = mapSpeakerError(error);
        if (mapped.fields.length === 0) {
          setFormError(t("form.notSaved", { reason: message(mapped.message) ?? tc("errors.generic") }));
          return;
        }
        mapped.fields.forEach((field, i) => setError(field as FieldPath<SpeakerFormValues>, { type: "server", message: mapped.message }, { shouldFocus: i === 0 }));
        return;
      }
      setCurrent(saved);
      if (file) {
        const withPicture = await upload(saved, file);
        if (!withPicture) return;
        saved = withPicture;
      }
      notify("success", t(current ? "speakers.saved" : "speakers.created", { name: speakerName(saved) }));
      onClose();
    });

  const title = speaker ? t("speakers.editTitle", { name: speakerName(speaker) }) : t("speakers.addTitle");
  return (
    <Modal labelledBy={titleId} role="dialog" busy={busy} onCancel={onClose}>
      <h2 id={titleId}>{title}</h2>
      <form ref={formRef} className="console-form schedule-form" noValidate aria-busy={busy} onSubmit={(e) => void handleSubmit(onValid, () => focusFirstInvalid(formRef.current))(e)}>
        <fieldset>
          <legend>{t("speakers.names")}</legend>
          <div className="field-row">
            <Field label={t("speakers.firstName")} autoComplete="off" error={message(errors.FirstName?.message)} {...register("FirstName")} />
            <Field label={t("speakers.lastName")} autoComplete="off" error={message(errors.LastName?.message)} {...register("LastName")} />
          </div>
          <Field label={t("speakers.fullName")} autoComplete="off" hint={t("speakers.fullNameHint")} error={message(errors.FullName?.message)} {...register("FullName")} />
          <div className="field-row">
            <Field label={t("speakers.jobTitle")} autoComplete="off" error={message(errors.JobTitle?.message)} {...register("JobTitle")} />
            <Field label={t("speakers.company")} autoComplete="off" error={message(errors.Company?.message)} {...register("Company")} />
          </div>
          <TextareaField label={t("speakers.biography")} rows={5} error={message(errors.Biography?.message)} {...register("Biography")} />
        </fieldset>

        <fieldset>
          <legend>{t("speakers.picture")}</legend>
          {pictureURL.trim() !== "" ? <img className="schedule-picture" src={pictureURL} alt={t("speakers.pictureAlt")} /> : <p className="small muted">{t("speakers.noPicture")}</p>}
          <Field
            ref={fileRef}
            type="file"
            accept={PICTURE_ACCEPT}
            label={t("speakers.pictureFile")}
            hint={file && !fileError ? t("speakers.chosen", { name: file.name, size: formatBytes(file.size, i18n.language) }) : t("speakers.pictureFileHint", { size })}
            error={fileError ?? undefined}
            onChange={onFile}
          />
          {progress ? (
            <div className="schedule-upload">
              <UploadProgressBar progress={progress} />
              <button type="button" className="button button--secondary" onClick={() => abortRef.current?.abort()}>
                {t("speakers.cancelUpload")}
              </button>
            </div>
          ) : null}
          <Field label={t("speakers.pictureURL")} type="url" inputMode="url" autoComplete="off" hint={t("speakers.pictureURLHint")} error={message(errors.PictureURL?.message)} {...register("PictureURL")} />
        </fieldset>

        <fieldset>
          <legend>{t("speakers.links")}</legend>
          {links.fields.length === 0 ? <p className="small muted">{t("speakers.noLinks")}</p> : null}
          {links.fields.map((item, index) => (
            <div key={item.id} className="field-row schedule-link" role="group" aria-label={t("speakers.linkN", { n: index + 1 })}>
              <Field label={t("speakers.linkLabel")} autoComplete="off" error={message(errors.Links?.[index]?.Label?.message)} {...register(`Links.${index}.Label`)} />
              <Field label={t("speakers.linkURL")} type="url" inputMode="url" autoComplete="off" error={message(errors.Links?.[index]?.URL?.message)} {...register(`Links.${index}.URL`)} />
              <button type="button" className="button button--secondary schedule-link__remove" onClick={() => links.remove(index)}>
                {t("speakers.removeLink")} <span className="visually-hidden">{t("speakers.linkN", { n: index + 1 })}</span>
              </button>
            </div>
          ))}
          {links.fields.length < MAX_LINKS ? (
            <p>
              <button type="button" className="button button--secondary" onClick={() => links.append({ Label: "", URL: "" })}>
                {t("speakers.addLink")}
              </button>
            </p>
          ) : null}
        </fieldset>

        <FormError message={formError} />
        <DialogActions
          cancelLabel={t("cancel")}
          onCancel={onClose}
          confirmLabel={t("form.save")}
          busyLabel={t("form.saving")}
          busy={busy}
          keepFocusWhileBusy
        />
      </form>
    </Modal>
  );
}
