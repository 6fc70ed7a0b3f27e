/**
 * The FAQ or landing page editor: title, text, image (upload, keep or remove, its URL and height)
 * and, for the FAQ, whether it opens in the sidebar; beside it a preview rendered the way the
 * attendee app renders these pages (the title, then the text as plain text with its line breaks:
 * `.faq__content`, never HTML). Saving sends every field (`PUT /events/{EventID}/faq|landing`);
 * a chosen image goes with it, with upload progress. A refusal keeps what was typed and puts the
 * server's message beside its field (pages-errors.ts).
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useDeferredValue, useId, useRef, useState, type ChangeEvent } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { CheckboxField } from "@/components/CheckboxField";
import { Field } from "@/components/Field";
import { FormError } from "@/components/FormError";
import { TextareaField } from "@/components/TextareaField";
import { UploadProgressBar } from "@/components/UploadProgressBar";
import { notify } from "@/features/notifications";
import type { UploadProgress } from "@/lib/api-client";
import type { ErrorMessageKey } from "@/lib/errors";
import { formatBytes } from "@/lib/format-bytes";
import { focusFirstInvalid, useSubmitLock } from "@/lib/use-submit-lock";
import type { PageContent, SendOptions } from "./pages-api";
import { mapPagesError } from "./pages-errors";
import {
  charCount,
  IMAGE_ACCEPT,
  imageProblem,
  isPagesValidationKey,
  MAX_IMAGE_BYTES,
  PAGE_CONTENT_MAX,
  pageFormSchema,
  toPageForm,
  type PageFormValues,
  type PageKind,
} from "./pages-schema";

export function pageDefaults(page: PageContent | null): PageFormValues {
  return {
    Title: page?.Title ?? "",
    Content: page?.Content ?? "",
    ImageURL: page?.ImageURL ?? "",
    ImageHeight: page?.ImageHeight ?? "",
    IsSidebar: page?.IsSidebar ?? false,
    RemoveImage: false,
  };
}

type TextField = "Title" | "Content" | "ImageURL" | "ImageHeight" | "IsSidebar";
type ServerField = TextField | "Image";
const SERVER_FIELDS: readonly ServerField[] = ["Title", "Content", "Image", "ImageURL", "ImageHeight", "IsSidebar"];

export interface PagesPageFormProps {
  kind: PageKind;
  page: PageContent | null;
  save: (kind: PageKind, form: FormData, options?: SendOptions) => Promise<PageContent>;
}

export function PagesPageForm({ kind, page, save }: PagesPageFormProps) {
  const { t, i18n } = useTranslation("pages");
  const { t: tc } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const fileRef = useRef<HTMLInputElement | null>(null);
  const previewId = useId();
  const { busy, run } = useSubmitLock();
  const [formError, setFormError] = useState<string | null>(null);
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const size = formatBytes(MAX_IMAGE_BYTES, i18n.language);
  const number = new Intl.NumberFormat(i18n.language);
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<PageFormValues>({ resolver: zodResolver(pageFormSchema), mode: "onTouched", defaultValues: pageDefaults(page) });

  const [title, content] = useWatch({ control, name: ["Title", "Content"] });
  // The preview may lag behind typing in a long text; the field never does.
  const preview = useDeferredValue({ title, content });

  /** A field's message: a validation key of the `pages` namespace, or a server error's key. */
  const message = (value: unknown): string | undefined => {
    if (isPagesValidationKey(value)) return t(`validation.${value}`, { size });
    if (typeof value === "string" && value.startsWith("errors.")) return tc(value as ErrorMessageKey);
    return undefined;
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    setImage(file);
    const problem = file ? imageProblem(file) : null;
    setImageError(problem ? t(`validation.${problem}`, { size }) : null);
  };

  const clearImage = () => {
    setImage(null);
    setImageError(null);
    if (fileRef.current) fileRef.current.value = "";
  };

  const onValid = (values: PageFormValues) =>
    run(async () => {
      if (imageError) {
        fileRef.current?.focus();
        return;
      }
      setFormError(null);
      if (image) setProgress({ loaded: 0, total: image.size });
      try {
        const saved = await save(kind, toPageForm(kind, values, image), image ? { onProgress: setProgress } : {});
        reset(pageDefaults(saved));
        clearImage();
        notify("success", t(`${kind}.saved`));
      } catch (error) {
        const mapped = mapPagesError(error, SERVER_FIELDS, "Image");
        const text = tc(mapped.message);
        const [first] = mapped.fields;
        if (first === undefined) {
          setFormError(t("notSaved", { reason: text }));
          return;
        }
        if (first === "Image") {
          const detail = mapped.maxBytes ? ` ${t("sizeLimit", { size: formatBytes(mapped.maxBytes, i18n.language) })}` : "";
          const types = mapped.message === "errors.fileType" ? ` ${t("acceptedTypes")}` : "";
          setImageError(`${text}${detail}${types}`);
          fileRef.current?.focus();
          return;
        }
        mapped.fields.forEach((field, index) => {
          if (field !== "Image") setError(field, { type: "server", message: mapped.message }, { shouldFocus: index === 0 });
        });
      } finally {
        setProgress(null);
      }
    });

  const imageFieldHint = t("page.imageFileHint", { size });
  return (
    <form
      ref={formRef}
      className="console-form pages-form"
      noValidate
      aria-busy={busy}
      onSubmit={(e) => void handleSubmit(onValid, () => focusFirstInvalid(formRef.current))(e)}
    >
      <div className="pages-editor">
        <div className="pages-editor__fields">
          <Field label={t("page.pageTitle")} autoComplete="off" error={message(errors.Title?.message)} {...register("Title")} />
          <TextareaField
            label={t("page.content")}
            rows={12}
            error={message(errors.Content?.message)}
            hint={t("page.contentHint", { used: number.format(charCount(content)), max: number.format(PAGE_CONTENT_MAX) })}
            {...register("Content")}
          />
          {kind === "faq" ? <CheckboxField label={t("faq.isSidebar")} error={message(errors.IsSidebar?.message)} {...register("IsSidebar")} /> : null}
          <fieldset>
            <legend>{t("page.imageLegend")}</legend>
            {page?.Image ? (
              <figure className="pages-current-image">
                <img src={page.Image.url} alt={t(`${kind}.currentImageAlt`)} className="pages-thumb" />
                <figcaption className="small muted">{t("page.currentImage")}</figcaption>
              </figure>
            ) : (
              <p className="small muted">{t("page.noImage")}</p>
            )}
            <Field
              ref={fileRef}
              type="file"
              accept={IMAGE_ACCEPT}
              label={t("page.imageFile")}
              hint={image && !imageError ? `${t("page.chosen", { name: image.name, size: formatBytes(image.size, i18n.language) })} ${imageFieldHint}` : imageFieldHint}
              error={imageError ?? undefined}
              onChange={onFile}
            />
            {page?.Image && !image ? (
              <CheckboxField label={t("page.removeImage")} {...register("RemoveImage")} />
            ) : null}
            <Field label={t("page.imageURL")} type="url" inputMode="url" autoComplete="off" hint={t("page.imageURLHint")} error={message(errors.ImageURL?.message)} {...register("ImageURL")} />
            <Field label={t("page.imageHeight")} autoComplete="off" hint={t("page.imageHeightHint")} error={message(errors.ImageHeight?.message)} {...register("ImageHeight")} />
          </fieldset>
        </div>
        {/* Not a region: FAQ and landing page both have one, and landmarks must differ by name. */}
        <div className="pages-preview" role="group" aria-labelledby={previewId}>
          <h4 id={previewId}>{t("page.previewTitle")}</h4>
          <p className="small muted">{t("page.previewHint")}</p>
          <div className="pages-preview__page" data-testid={`${kind}-preview`}>
            {preview.title.trim() === "" && preview.content.trim() === "" ? (
              <p className="muted">{t("page.previewEmpty")}</p>
            ) : (
              <>
                <p className="pages-preview__title">{preview.title}</p>
                <div className="faq__content">{preview.content}</div>
              </>
            )}
          </div>
        </div>
      </div>
      {progress ? <UploadProgressBar progress={progress} /> : null}
      <FormError message={formError} />
      <div className="console-form__actions">
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          {busy ? t("saving") : t("save")}
        </button>
      </div>
    </form>
  );
}
