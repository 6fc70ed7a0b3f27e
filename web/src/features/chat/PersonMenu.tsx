/**
 * What the person can do about someone else in the chat: message them privately, mute, block,
 * unmute or unblock. A menu button (ARIA menu pattern): Enter, Space or ArrowDown opens it on the
 * first item, ArrowUp on the last; arrows, Home and End move; Escape closes it and gives the focus
 * back to the button, as does choosing an item; Tab or a click elsewhere closes it. The menu opens
 * in the flow below its button rather than floating, so in a narrow sidebar it never covers the
 * messages or gets cut off by the scrolling list.
 */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useMenuButton } from "@/lib/use-menu-button";
import { messagePerson, mutePerson, unmutePerson } from "./people-actions";
import { muteOf } from "./state";
import { useChat } from "./store";

interface Item {
  key: string;
  label: string;
  run: () => void;
}

interface Props {
  personID: string;
  name: string;
  /** The button's content; its accessible name is `label` when given, else this content. */
  children: ReactNode;
  label?: string | undefined;
  buttonClassName: string;
  /** Offer "Message privately" (the author of a message; the directory has its own button). */
  withMessage?: boolean;
}

export function PersonMenu({ personID, name, children, label, buttonClassName, withMessage = false }: Props) {
  const { t } = useTranslation();
  const mute = useChat((s) => muteOf(s, personID));
  const { open, wrapper, button, buttonProps, menuProps, itemRef, choose } = useMenuButton<HTMLSpanElement>();

  const entries: Item[] = [];
  if (withMessage && mute !== "blocked") entries.push({ key: "message", label: t("chat.messagePrivately"), run: () => messagePerson(personID) });
  if (mute === null) entries.push({ key: "mute", label: t("chat.mute"), run: () => void mutePerson(personID, "muted") });
  if (mute === "muted") entries.push({ key: "unmute", label: t("chat.unmute"), run: () => void unmutePerson(personID) });
  if (mute !== "blocked") entries.push({ key: "block", label: t("chat.block"), run: () => void mutePerson(personID, "blocked") });
  if (mute === "blocked") entries.push({ key: "unblock", label: t("chat.unblock"), run: () => void unmutePerson(personID) });

  return (
    <span className="chat-person-menu" ref={wrapper}>
      <button type="button" className={buttonClassName} ref={button} aria-label={label} {...buttonProps}>
        {children}
      </button>
      {open && (
        <ul className="chat-person-menu__list" aria-label={t("chat.personActions", { name })} {...menuProps}>
          {entries.map((entry, index) => (
            <li key={entry.key} role="none">
              <button ref={itemRef(index)} type="button" role="menuitem" tabIndex={-1} className="chat-person-menu__item" onClick={choose(entry.run)}>
                {entry.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </span>
  );
}
