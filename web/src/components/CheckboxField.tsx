import { useId, type ComponentProps } from "react";

interface CheckboxFieldProps extends Omit<ComponentProps<"input">, "id" | "type"> {
  label: string;
  /** Already translated. */
  error?: string | undefined;
}

/** A checkbox with its label after it; an error is announced and tied to it. */
export function CheckboxField({ label, error, ...input }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className="field field--checkbox">
      <input
        id={id}
        type="checkbox"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
      <label htmlFor={id}>{label}</label>
      {error ? (
        <span id={`${id}-error`} className="field__error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}
