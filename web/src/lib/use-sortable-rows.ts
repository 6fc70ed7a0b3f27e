/**
 * What a reorderable console list needs besides its rows: dnd-kit's sensors (pointer after a few
 * pixels, so a tap on the handle is not a drag; keyboard), the drop handler, `move` for the Up
 * and Down buttons, and the focus kept on the control that moved a row. A moved row is taken out
 * of the page and put back, which drops the focus; `register` gives each control a key, and the
 * focus returns to that control once the new order is shown.
 */
import { KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import { sortableKeyboardCoordinates } from "@dnd-kit/sortable";
import { useCallback, useEffect, useRef } from "react";

export type RowControlKey = `${string}:${"handle" | "up" | "down"}`;

export function useSortableRows(ids: readonly string[], busy: boolean, onMove: (from: number, to: number) => void) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const controls = useRef(new Map<RowControlKey, HTMLElement>());
  const pendingFocus = useRef<RowControlKey | null>(null);
  const register = useCallback(
    (key: RowControlKey) => (element: HTMLElement | null) => {
      if (element) controls.current.set(key, element);
      else controls.current.delete(key);
    },
    [],
  );
  useEffect(() => {
    const key = pendingFocus.current;
    const element = key ? controls.current.get(key) : undefined;
    if (element && document.activeElement !== element) element.focus();
  }, [ids]);
  useEffect(() => {
    if (!busy) pendingFocus.current = null;
  }, [busy]);

  const move = (from: number, to: number, key: RowControlKey) => {
    if (busy || to < 0 || to >= ids.length) return;
    pendingFocus.current = key;
    onMove(from, to);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)), `${String(active.id)}:handle`);
  };
  return { sensors, register, move, onDragEnd };
}
