import type { ComponentProps } from "react";
import { FieldNotes, useFieldIds } from "./FieldNotes";

/** `ref` passes through to the input (react-hook-form's `register` sets it). */
interface FieldProps extends Omit<ComponentProps<"input">, "id"> {
  label: string;
  /** Already translated. */
  error?: string | undefined;
  hint?: string | undefined;
}

/** A labelled input whose error is announced and tied to it with aria-describedby. */
export function Field({ label, error, hint, ...input }: FieldProps) {
  const { id, describedBy } = useFieldIds(hint, error);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}
