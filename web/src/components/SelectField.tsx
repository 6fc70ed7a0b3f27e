import { useId, type ComponentProps, type ReactNode } from "react";

interface SelectFieldProps extends Omit<ComponentProps<"select">, "id"> {
  label: string;
  /** Already translated. */
  error?: string | undefined;
  hint?: string | undefined;
  children: ReactNode;
}

/** A labelled select, its hint and error tied to it like `Field`'s. */
export function SelectField({ label, error, hint, children, ...select }: SelectFieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy || undefined} {...select}>
        {children}
      </select>
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
