/**
 * The poll's options in the order attendees see them: add (up to 20), remove (down to 2 kept by
 * the rules, not by a disabled button, so the reason is said), and reorder by dragging a handle
 * (pointer, touch or keyboard through dnd-kit, with instructions and announcements in the
 * console's language) or with Move up / Move down, which need no dragging (WCAG 2.5.7).
 * An option keeps its ID through moves: ballots name options by ID.
 */
import { closestCenter, DndContext, type Announcements, type UniqueIdentifier } from "@dnd-kit/core";
import { SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useId, useMemo, useRef } from "react";
import { useFieldArray, useFormContext, type UseFormRegisterReturn } from "react-hook-form";
import { Field } from "@/components/Field";
import { useSortableRows, type RowControlKey } from "@/lib/use-sortable-rows";
import type { PollFormValues } from "./poll-schema";
import { MAX_OPTIONS } from "./poll-schema";
import { usePollsT, type PollsT } from "./polls-manage-i18n";

/** What a screen reader hears while an option is dragged (options named by their place). */
function optionAnnouncements(ids: readonly string[], t: PollsT): Announcements {
  const count = ids.length;
  const place = (id: UniqueIdentifier) => ids.indexOf(String(id)) + 1;
  let lastOver: UniqueIdentifier | null = null;
  return {
    onDragStart: ({ active }) => {
      lastOver = active.id;
      return t("options.dragStart", { place: place(active.id), count });
    },
    onDragOver: ({ active, over }) => {
      if ((over?.id ?? null) === lastOver) return undefined;
      lastOver = over?.id ?? null;
      return over ? t("options.dragOver", { from: place(active.id), place: place(over.id), count }) : undefined;
    },
    onDragEnd: ({ active, over }) => t("options.dragEnd", { place: place(over?.id ?? active.id), count }),
    onDragCancel: ({ active }) => t("options.dragCancel", { place: place(active.id), count }),
  };
}

export interface PollOptionsFieldProps {
  message: (value: unknown) => string | undefined;
  /** True while an option is dragged: Escape then cancels the drag, not the dialog (PollDialog). */
  draggingRef: React.RefObject<boolean>;
}

export function PollOptionsField({ message, draggingRef }: PollOptionsFieldProps) {
  const t = usePollsT();
  const { control, register, formState, setFocus } = useFormContext<PollFormValues>();
  const addRef = useRef<HTMLButtonElement>(null);
  const errorId = useId();
  const { fields, append, remove, move } = useFieldArray({ control, name: "Options" });
  const ids = useMemo(() => fields.map((f) => f.id), [fields]);
  const announcements = useMemo(() => optionAnnouncements(ids, t), [ids, t]);
  const rows = useSortableRows(ids, false, move);
  const listError = message(formState.errors.Options?.root?.message ?? formState.errors.Options?.message);

  return (
    <fieldset aria-describedby={listError ? errorId : undefined}>
      <legend>{t("options.legend")}</legend>
      <p className="small muted">{t("options.hint", { max: MAX_OPTIONS })}</p>
      {listError ? (
        <p id={errorId} className="field__error" role="alert">
          {listError}
        </p>
      ) : null}
      <DndContext
        sensors={rows.sensors}
        collisionDetection={closestCenter}
        onDragStart={() => {
          draggingRef.current = true;
        }}
        onDragEnd={(event) => {
          draggingRef.current = false;
          rows.onDragEnd(event);
        }}
        onDragCancel={() => {
          draggingRef.current = false;
        }}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t("options.dragInstructions") } }}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <ol className="polls-options">
            {fields.map((field, place) => (
              <OptionRow
                key={field.id}
                id={field.id}
                place={place}
                count={fields.length}
                register={rows.register}
                input={register(`Options.${place}.Text`)}
                error={message(formState.errors.Options?.[place]?.Text?.message)}
                onUp={() => rows.move(place, place - 1, `${field.id}:up`)}
                onDown={() => rows.move(place, place + 1, `${field.id}:down`)}
                onRemove={() => {
                  // The removed row took the focus with it: the option now in its place gets it,
                  // or the one before, or Add option when none is left.
                  const next = Math.min(place, fields.length - 2);
                  remove(place);
                  requestAnimationFrame(() => (next >= 0 ? setFocus(`Options.${next}.Text`) : addRef.current?.focus()));
                }}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <button
        ref={addRef}
        type="button"
        className="button button--secondary"
        aria-disabled={fields.length >= MAX_OPTIONS || undefined}
        onClick={() => {
          if (fields.length < MAX_OPTIONS) append({ ID: "", Text: "" }, { shouldFocus: true });
        }}
      >
        {t("options.add")}
      </button>
    </fieldset>
  );
}

interface OptionRowProps {
  id: string;
  place: number;
  count: number;
  register: (key: RowControlKey) => (element: HTMLElement | null) => void;
  input: UseFormRegisterReturn;
  error: string | undefined;
  onUp: () => void;
  onDown: () => void;
  onRemove: () => void;
}

function OptionRow({ id, place, count, register, input, error, onUp, onDown, onRemove }: OptionRowProps) {
  const t = usePollsT();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    attributes: { roleDescription: t("options.sortable") },
  });
  const handleRef = register(`${id}:handle`);
  const n = place + 1;
  const about = (
    <>
      {" "}
      <span className="visually-hidden">{t("options.about", { n })}</span>
    </>
  );
  return (
    <li ref={setNodeRef} style={{ transform: CSS.Translate.toString(transform), transition }} className={`polls-option${isDragging ? " polls-option--dragging" : ""}`}>
      <button
        type="button"
        className="polls-handle"
        aria-label={t("options.drag", { n })}
        {...attributes}
        {...listeners}
        ref={(element) => {
          setActivatorNodeRef(element);
          handleRef(element);
        }}
      >
        <svg viewBox="0 0 12 18" width="12" height="18" aria-hidden="true" focusable="false">
          {[3, 9].map((x) => [3, 9, 15].map((y) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.6" fill="currentColor" />))}
        </svg>
      </button>
      <Field label={t("options.label", { n })} autoComplete="off" error={error} {...input} />
      <div className="polls-option__actions">
        <button type="button" ref={register(`${id}:up`)} className="button button--secondary" aria-disabled={place === 0 || undefined} onClick={onUp}>
          {t("options.moveUp")}
          {about}
        </button>
        <button type="button" ref={register(`${id}:down`)} className="button button--secondary" aria-disabled={place === count - 1 || undefined} onClick={onDown}>
          {t("options.moveDown")}
          {about}
        </button>
        <button type="button" className="button button--secondary" onClick={onRemove}>
          {t("options.remove")}
          {about}
        </button>
      </div>
    </li>
  );
}
