/**
 * Small parts of the Pages screen's forms: a labelled textarea (Field's sibling), the upload
 * progress bar, and size and percent formatting in the person's language.
 */
import { useId, type ComponentProps, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { UploadProgress } from "@/lib/api-client";

interface TextareaFieldProps extends Omit<ComponentProps<"textarea">, "id"> {
  label: string;
  /** Already translated. */
  error?: string | undefined;
  hint?: ReactNode;
}

/** A labelled textarea whose error is announced and tied to it with aria-describedby. */
export function TextareaField({ label, error, hint, className, ...textarea }: TextareaFieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        className={`pages-textarea${className ? ` ${className}` : ""}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...textarea}
      />
      {hint ? (
        <span id={`${id}-hint`} className="field__hint">
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={`${id}-error`} className="field__error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** "10 MB", "250 KB" in the person's language. */
export function formatBytes(bytes: number, language: string): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return new Intl.NumberFormat(language, { style: "unit", unit: "megabyte", maximumFractionDigits: 1 }).format(mb);
  return new Intl.NumberFormat(language, { style: "unit", unit: "kilobyte", maximumFractionDigits: 0 }).format(Math.max(1, bytes / 1024));
}

/** An upload under way: a progress bar with its percentage as text (not a live region). */
export function UploadProgressBar({ progress }: { progress: UploadProgress }) {
  const { t, i18n } = useTranslation("pages");
  const id = useId();
  const share = progress.total ? Math.min(1, progress.loaded / progress.total) : null;
  const text =
    share === null
      ? t("uploadingUnknown")
      : t("uploading", { percent: new Intl.NumberFormat(i18n.language, { style: "percent" }).format(share) });
  return (
    <div className="pages-progress" data-testid="upload-progress">
      <span id={id} className="small">
        {text}
      </span>
      {share === null ? <progress aria-labelledby={id} /> : <progress aria-labelledby={id} value={Math.round(share * 100)} max={100} />}
    </div>
  );
}
