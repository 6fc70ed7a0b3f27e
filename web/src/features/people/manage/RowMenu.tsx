/**
 * A row's actions as a menu button (ARIA menu pattern): Enter, Space or ArrowDown opens it on the
 * first item, ArrowUp on the last; arrows, Home and End move; Escape closes it and returns the
 * focus to the button. Choosing an item closes the menu; the item's dialog (if any) then gives
 * the focus back to the button when it closes, since the button was focused when it opened.
 */
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";

export interface MenuItem {
  key: string;
  label: string;
  danger?: boolean;
  run: () => void;
}

export function RowMenu({ label, buttonText, items }: { label: string; buttonText: string; items: readonly MenuItem[] }) {
  const menuId = useId();
  const [open, setOpen] = useState<false | "first" | "last">(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    if (!open) return;
    const list = itemRefs.current.filter((el): el is HTMLButtonElement => el !== null);
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
    const list = itemRefs.current.filter((el): el is HTMLButtonElement => el !== null);
    const index = list.findIndex((el) => el === document.activeElement);
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

  return (
    <div className="people-menu" ref={wrapper}>
      <button
        ref={button}
        type="button"
        className="button button--secondary people-menu__button"
        aria-haspopup="menu"
        aria-expanded={Boolean(open)}
        aria-controls={open ? menuId : undefined}
        aria-label={label}
        onClick={() => setOpen(open ? false : "first")}
        onKeyDown={(event) => {
          if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
          event.preventDefault();
          setOpen(event.key === "ArrowUp" ? "last" : "first");
        }}
      >
        {buttonText}
      </button>
      {open ? (
        <ul className="people-menu__list" role="menu" id={menuId} aria-label={label} onKeyDown={onMenuKey}>
          {items.map((item, index) => (
            <li key={item.key} role="none">
              <button
                ref={(el) => {
                  itemRefs.current[index] = el;
                }}
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={item.danger ? "people-menu__item people-menu__item--danger" : "people-menu__item"}
                onClick={() => {
                  close();
                  item.run();
                }}
              >
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
