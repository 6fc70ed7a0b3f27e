/**
 * The form's pictures: what the project has and what was added, each with a preview and Remove,
 * "3 of 6 pictures", and a file input for more (several at once). Files beyond six, and files
 * that are not pictures, are left out with a sentence saying so. Removing a picture moves the
 * focus to the next one's Remove (or the file input), so a keyboard user is never dropped.
 */
import { useEffect, useId, useRef, useState } from "react";
import { MAX_PICTURES } from "./api";
import { useWallT } from "./i18n";
import { type PictureItem, release, withFiles } from "./pictures";

interface PicturePickerProps {
  items: PictureItem[];
  onChange: (items: PictureItem[], removed: PictureItem | null) => void;
  disabled?: boolean;
}

export function PicturePicker({ items, onChange, disabled = false }: PicturePickerProps) {
  const { t } = useWallT();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const [notes, setNotes] = useState<string[]>([]);
  /** Where the focus goes once the list shows a removal: the Remove in the same place. */
  const focusNext = useRef<number | null>(null);
  const full = items.length >= MAX_PICTURES;

  useEffect(() => {
    const index = focusNext.current;
    if (index === null) return;
    focusNext.current = null;
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>("button") ?? [];
    (buttons[Math.min(index, buttons.length - 1)] ?? input.current)?.focus();
  });

  const add = (files: File[]) => {
    const result = withFiles(items, files);
    const said: string[] = result.notImages.map((name) => t("pictures.notImage", { name }));
    if (result.overLimit > 0) said.push(t("pictures.tooMany", { count: result.overLimit, max: MAX_PICTURES }));
    setNotes(said);
    onChange(result.items, null);
  };

  const remove = (index: number) => {
    const item = items[index];
    if (!item) return;
    release(item);
    setNotes([]);
    onChange(
      items.filter((_, i) => i !== index),
      item,
    );
    focusNext.current = index;
  };

  return (
    <fieldset className="wall-pictures-field" disabled={disabled}>
      <legend>{t("pictures.legend")}</legend>
      <p className="field__hint" id={`${id}-hint`}>
        {t("pictures.hint", { max: MAX_PICTURES })} {t("pictures.count", { count: items.length, max: MAX_PICTURES })}
      </p>
      {items.length > 0 ? (
        <ul className="wall-picker" ref={list}>
          {items.map((item, i) => (
            <li key={item.key} className="wall-picker__item">
              <img src={item.kind === "new" ? item.preview : item.picture.ThumbnailURL || item.picture.URL} alt={t("pictures.preview", { n: i + 1 })} />
              {item.kind === "new" ? <span className="wall-badge wall-picker__new">{t("pictures.new")}</span> : null}
              <button type="button" className="button button--secondary wall-picker__remove" onClick={() => remove(i)}>
                {t("pictures.remove", { n: i + 1 })}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {full ? (
        <p className="small muted">{t("pictures.full", { max: MAX_PICTURES })}</p>
      ) : (
        <div className="wall-picker__add">
          {/* The input comes first so its focus ring can be drawn on the label that looks like a button. */}
          <input
            ref={input}
            id={`${id}-file`}
            className="wall-picker__input"
            type="file"
            accept="image/*"
            multiple
            aria-describedby={`${id}-hint`}
            onChange={(e) => {
              const files = [...(e.currentTarget.files ?? [])];
              // Cleared so choosing the same file again (after removing it) is a change too.
              e.currentTarget.value = "";
              if (files.length > 0) add(files);
            }}
          />
          <label htmlFor={`${id}-file`} className="button button--secondary">
            {t("pictures.add")}
          </label>
        </div>
      )}
      {notes.length > 0 ? (
        <div role="alert" className="wall-notes">
          {notes.map((note) => (
            <p key={note}>{note}</p>
          ))}
        </div>
      ) : null}
    </fieldset>
  );
}
