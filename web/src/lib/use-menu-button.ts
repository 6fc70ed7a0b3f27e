/**
 * A menu button's behaviour (the ARIA menu pattern), for menus whose items are buttons: Enter,
 * Space or ArrowDown opens it on the first item, ArrowUp on the last; arrows, Home and End move
 * (wrapping); Escape closes it and gives the focus back to the button, as does choosing an item;
 * Tab or a pointer outside the wrapper closes it. The component keeps its own markup and looks:
 * it puts `wrapper` and `button` as the refs of its wrapper and button, spreads `buttonProps` on the
 * button and `menuProps` on the list, refs each item with `itemRef(index)` and wraps each action
 * in `choose`. Callers destructure the result: the refs stay apart from the values read while
 * rendering, as React's rules of refs want.
 */
import { type KeyboardEvent, type RefObject, useEffect, useId, useRef, useState } from "react";

type Start = "first" | "last";

export interface MenuButton<W extends HTMLElement> {
  open: boolean;
  wrapper: RefObject<W | null>;
  button: RefObject<HTMLButtonElement | null>;
  buttonProps: {
    "aria-haspopup": "menu";
    "aria-expanded": boolean;
    "aria-controls": string | undefined;
    onClick: () => void;
    onKeyDown: (event: KeyboardEvent) => void;
  };
  menuProps: { role: "menu"; id: string; onKeyDown: (event: KeyboardEvent) => void };
  itemRef: (index: number) => (element: HTMLButtonElement | null) => void;
  /** An item's click handler: closes the menu (focus back on the button), then runs `action`. */
  choose: (action: () => void) => () => void;
}

export function useMenuButton<W extends HTMLElement>(): MenuButton<W> {
  const menuId = useId();
  const [open, setOpen] = useState<Start | false>(false);
  const wrapper = useRef<W>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    if (!open) return;
    const list = items.current.filter((item): item is HTMLButtonElement => item !== null);
    (open === "last" ? list.at(-1) : list[0])?.focus();
    const onPointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !wrapper.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  const onMenuKey = (event: KeyboardEvent) => {
    const list = items.current.filter((item): item is HTMLButtonElement => item !== null);
    const index = list.findIndex((item) => item === document.activeElement);
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1 + list.length, Home: 0, End: list.length - 1 };
    const target = moves[event.key];
    if (target !== undefined) {
      event.preventDefault();
      list[target % list.length]?.focus();
    } else if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === "Tab") {
      setOpen(false);
    }
  };

  return {
    open: open !== false,
    wrapper,
    button,
    buttonProps: {
      "aria-haspopup": "menu",
      "aria-expanded": open !== false,
      "aria-controls": open ? menuId : undefined,
      onClick: () => setOpen(open ? false : "first"),
      onKeyDown: (event) => {
        if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
        event.preventDefault();
        setOpen(event.key === "ArrowUp" ? "last" : "first");
      },
    },
    menuProps: { role: "menu", id: menuId, onKeyDown: onMenuKey },
    itemRef: (index) => (element) => {
      items.current[index] = element;
    },
    choose: (action) => () => {
      close();
      action();
    },
  };
}
