/**
 * A row's actions as a menu button (ARIA menu pattern): Enter, Space or ArrowDown opens it on the
 * first item, ArrowUp on the last; arrows, Home and End move; Escape closes it and returns the
 * focus to the button. Choosing an item closes the menu; the item's dialog (if any) then gives
 * the focus back to the button when it closes, since the button was focused when it opened.
 */
import { useMenuButton } from "@/lib/use-menu-button";

export interface MenuItem {
  key: string;
  label: string;
  danger?: boolean;
  run: () => void;
}

export function RowMenu({ label, buttonText, items }: { label: string; buttonText: string; items: readonly MenuItem[] }) {
  const { open, wrapper, button, buttonProps, menuProps, itemRef, choose } = useMenuButton<HTMLDivElement>();
  return (
    <div className="people-menu" ref={wrapper}>
      <button type="button" className="button button--secondary people-menu__button" ref={button} aria-label={label} {...buttonProps}>
        {buttonText}
      </button>
      {open ? (
        <ul className="people-menu__list" aria-label={label} {...menuProps}>
          {items.map((item, index) => (
            <li key={item.key} role="none">
              <button
                ref={itemRef(index)}
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={item.danger ? "people-menu__item people-menu__item--danger" : "people-menu__item"}
                onClick={choose(item.run)}
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
