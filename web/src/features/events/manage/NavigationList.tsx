/**
 * One menu (Top or Bottom) in attendees' order, reordered by dragging an item's handle (mouse,
 * touch, or the keyboard through dnd-kit's keyboard sensor, announced in the console's language)
 * or with Move up / Move down, which every input can reach without dragging (WCAG 2.5.7). The
 * list only reports a move (`onMove(from, to)`); the screen works out and writes the Index values.
 */
import {
  closestCenter,
  DndContext,
  type Announcements,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import { SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import type { TFunction } from "i18next";
import { useId, useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useSortableRows, type RowControlKey } from "@/lib/use-sortable-rows";
import type { NavItem } from "./navigation-api";
import type { NavigationLabels } from "./navigation-labels";
import type { MenuPosition } from "./navigation-order";

/** What a screen reader hears while an item is dragged, in the console's language. */
export function dragAnnouncements(items: readonly NavItem[], nameOf: (item: NavItem) => string, t: TFunction<"navigation">): Announcements {
  const count = items.length;
  const place = (id: UniqueIdentifier) => items.findIndex((i) => i.ID === String(id)) + 1;
  const name = (id: UniqueIdentifier) => {
    const item = items.find((i) => i.ID === String(id));
    return item ? nameOf(item) : String(id);
  };
  // dnd-kit reports the item over its own place right after pick-up, and again after each move;
  // only a change of place is said, so "picked up" is not cut short by a repeat.
  let lastOver: UniqueIdentifier | null = null;
  return {
    onDragStart: ({ active }) => {
      lastOver = active.id;
      return t("drag.start", { name: name(active.id), place: place(active.id), count });
    },
    onDragOver: ({ active, over }) => {
      if ((over?.id ?? null) === lastOver) return undefined;
      lastOver = over?.id ?? null;
      return over ? t("drag.over", { name: name(active.id), place: place(over.id), count }) : t("drag.outside", { name: name(active.id) });
    },
    onDragEnd: ({ active, over }) =>
      over
        ? t("drag.end", { name: name(active.id), place: place(over.id), count })
        : t("drag.cancel", { name: name(active.id), place: place(active.id), count }),
    onDragCancel: ({ active }) => t("drag.cancel", { name: name(active.id), place: place(active.id), count }),
  };
}

export interface NavigationListProps {
  position: MenuPosition;
  items: NavItem[];
  defaultPage: string;
  busy: boolean;
  labels: NavigationLabels;
  /** A refused reorder of this menu, shown above it. */
  notice?: ReactNode;
  /** The menu's heading, which takes the focus when the focused row goes away. */
  headingRef?: (element: HTMLHeadingElement | null) => void;
  onMove: (from: number, to: number) => void;
  onAdd: () => void;
  onEdit: (item: NavItem) => void;
  onDelete: (item: NavItem) => void;
}

export function NavigationList({ position, items, defaultPage, busy, labels, notice, headingRef, onMove, onAdd, onEdit, onDelete }: NavigationListProps) {
  const { t } = useTranslation("navigation");
  const headingId = useId();
  const ids = useMemo(() => items.map((item) => item.ID), [items]);
  const announcements = useMemo(() => dragAnnouncements(items, labels.nameOf, t), [items, labels.nameOf, t]);
  const { sensors, register, move, onDragEnd } = useSortableRows(ids, busy, onMove);

  return (
    <section className="navigation-section" aria-labelledby={headingId}>
      <h3 id={headingId} ref={headingRef} tabIndex={-1}>
        {labels.menuLabel(position)}
      </h3>
      {items.length > 1 ? <p className="muted small">{t("list.hint")}</p> : null}
      {notice}
      {items.length === 0 ? (
        <p className="navigation-empty">{t("list.empty")}</p>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{ announcements, screenReaderInstructions: { draggable: t("drag.instructions") } }}
        >
          <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={busy}>
            <ol className="navigation-list">
              {items.map((item, place) => (
                <NavigationRow
                  key={item.ID}
                  item={item}
                  first={place === 0}
                  last={place === items.length - 1}
                  isDefault={item.ID === defaultPage}
                  busy={busy}
                  labels={labels}
                  register={register}
                  onUp={() => move(place, place - 1, `${item.ID}:up`)}
                  onDown={() => move(place, place + 1, `${item.ID}:down`)}
                  onEdit={() => onEdit(item)}
                  onDelete={() => onDelete(item)}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      <p>
        <button type="button" className="button button--secondary" onClick={onAdd}>
          {t("list.add")}{" "}
          <span className="visually-hidden">{t("list.addTo", { menu: labels.menuLabel(position) })}</span>
        </button>
      </p>
    </section>
  );
}

interface RowProps {
  item: NavItem;
  first: boolean;
  last: boolean;
  isDefault: boolean;
  busy: boolean;
  labels: NavigationLabels;
  register: (key: RowControlKey) => (element: HTMLElement | null) => void;
  onUp: () => void;
  onDown: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

function NavigationRow({ item, first, last, isDefault, busy, labels, register, onUp, onDown, onEdit, onDelete }: RowProps) {
  const { t } = useTranslation("navigation");
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: item.ID,
    attributes: { roleDescription: t("list.sortable") },
  });
  const name = labels.nameOf(item);
  const handleRef = register(`${item.ID}:handle`);
  // Named with the item for screen readers; the visible word stays the start of the name.
  const about = (
    <>
      {" "}
      <span className="visually-hidden">{t("list.itemName", { name })}</span>
    </>
  );
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`navigation-row${isDragging ? " navigation-row--dragging" : ""}${item.IsVisible ? "" : " navigation-row--hidden"}`}
      data-testid="navigation-row"
    >
      <button
        type="button"
        className="navigation-handle"
        aria-label={t("list.drag", { name })}
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
      <div className="navigation-row__main">
        <p className="navigation-row__name">
          <span>{name}</span>
          {item.IsVisible ? null : <span className="navigation-badge">{t("list.hidden")}</span>}
          {isDefault ? <span className="navigation-badge navigation-badge--default">{t("list.defaultPage")}</span> : null}
        </p>
        <p className="navigation-row__meta small">
          {labels.typeLabel(item.Type)} · {labels.summary(item)}
        </p>
        {item.IsSidebar && item.SidebarType ? <p className="navigation-row__meta small">{t("list.sidebar", { panel: labels.panelLabel(item.SidebarType) })}</p> : null}
      </div>
      <div className="navigation-row__actions">
        <button type="button" ref={register(`${item.ID}:up`)} className="button button--secondary" aria-disabled={busy || first || undefined} onClick={onUp}>
          {t("list.moveUp")}
          {about}
        </button>
        <button type="button" ref={register(`${item.ID}:down`)} className="button button--secondary" aria-disabled={busy || last || undefined} onClick={onDown}>
          {t("list.moveDown")}
          {about}
        </button>
        <button type="button" className="button button--secondary" onClick={onEdit}>
          {t("list.edit")}
          {about}
        </button>
        <button type="button" className="button button--secondary" onClick={onDelete}>
          {t("list.delete")}
          {about}
        </button>
      </div>
    </li>
  );
}
