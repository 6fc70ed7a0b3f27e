import type { ComponentProps, ReactNode } from "react";
import { FieldNotes, useFieldIds } from "./FieldNotes";

interface SelectFieldProps extends Omit<ComponentProps<"select">, "id"> {
  label: string;
  /** Already translated. */
  error?: string | undefined;
  hint?: string | undefined;
  children: ReactNode;
}

/** A labelled select, its hint and error tied to it like `Field`'s. */
export function SelectField({ label, error, hint, children, ...select }: SelectFieldProps) {
  const { id, describedBy } = useFieldIds(hint, error);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...select}>
        {children}
      </select>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}
