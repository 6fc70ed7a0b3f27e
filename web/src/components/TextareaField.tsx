import type { ComponentProps, ReactNode } from "react";
import { FieldNotes, useFieldIds } from "./FieldNotes";

interface TextareaFieldProps extends Omit<ComponentProps<"textarea">, "id"> {
  label: string;
  /** Already translated. */
  error?: string | undefined;
  hint?: ReactNode;
}

/** A labelled textarea, its hint and error tied to it like `Field`'s. */
export function TextareaField({ label, error, hint, className, ...textarea }: TextareaFieldProps) {
  const { id, describedBy } = useFieldIds(hint, error);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        className={`field__textarea${className ? ` ${className}` : ""}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...textarea}
      />
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}
