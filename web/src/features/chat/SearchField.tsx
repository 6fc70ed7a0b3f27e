/** The name search of the directory and of the people picker: a labelled search box. */
import { type RefObject, useId } from "react";
import { useTranslation } from "react-i18next";

interface Props {
  value: string;
  onChange: (value: string) => void;
  /** The id of the result list this field filters. */
  controls?: string | undefined;
  label?: string | undefined;
  inputRef?: RefObject<HTMLInputElement | null>;
}

export function SearchField({ value, onChange, controls, label, inputRef }: Props) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="chat-search">
      <label htmlFor={id}>{label ?? t("chat.searchPeople")}</label>
      <input
        id={id}
        ref={inputRef}
        type="search"
        value={value}
        autoComplete="off"
        placeholder={t("chat.searchPlaceholder")}
        aria-controls={controls}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
