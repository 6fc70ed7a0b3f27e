/**
 * What every labelled control shares (Field, SelectField, TextareaField): one id for the control,
 * its hint and its error tied to it with aria-describedby, the error announced (role=alert).
 */
import { useId, type ReactNode } from "react";

export function useFieldIds(hint: ReactNode, error: string | undefined): { id: string; describedBy: string | undefined } {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return { id, describedBy: describedBy || undefined };
}

export function FieldNotes({ id, hint, error }: { id: string; hint?: ReactNode; error?: string | undefined }) {
  return (
    <>
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
    </>
  );
}
