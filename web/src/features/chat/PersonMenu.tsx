/**
 * What the person can do about someone else in the chat: message them privately, mute, block,
 * unmute or unblock. A menu button (ARIA menu pattern): Enter, Space or ArrowDown opens it on the
 * first item, ArrowUp on the last; arrows, Home and End move; Escape closes it and gives the focus
 * back to the button, as does choosing an item; Tab or a click elsewhere closes it. The menu opens
 * in the flow below its button rather than floating, so in a narrow sidebar it never covers the
 * messages or gets cut off by the scrolling list.
 */
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
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
  const menuID = useId();
  const mute = useChat((s) => muteOf(s, personID));
  const [open, setOpen] = useState(false);
  const [startAt, setStartAt] = useState<"first" | "last">("first");
  const wrapper = useRef<HTMLSpanElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);

  const entries: Item[] = [];
  if (withMessage && mute !== "blocked") entries.push({ key: "message", label: t("chat.messagePrivately"), run: () => messagePerson(personID) });
  if (mute === null) entries.push({ key: "mute", label: t("chat.mute"), run: () => void mutePerson(personID, "muted") });
  if (mute === "muted") entries.push({ key: "unmute", label: t("chat.unmute"), run: () => void unmutePerson(personID) });
  if (mute !== "blocked") entries.push({ key: "block", label: t("chat.block"), run: () => void mutePerson(personID, "blocked") });
  if (mute === "blocked") entries.push({ key: "unblock", label: t("chat.unblock"), run: () => void unmutePerson(personID) });

  useEffect(() => {
    if (!open) return;
    const list = items.current.filter((item): item is HTMLButtonElement => item !== null);
    (startAt === "last" ? list.at(-1) : list[0])?.focus();
    const onPointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !wrapper.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open, startAt]);

  const openAt = (at: "first" | "last") => {
    setStartAt(at);
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    openAt(event.key === "ArrowUp" ? "last" : "first");
  };

  const onMenuKey = (event: KeyboardEvent) => {
    const list = items.current.filter((item): item is HTMLButtonElement => item !== null);
    const index = list.findIndex((item) => item === document.activeElement);
    const move: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1 + list.length, Home: 0, End: list.length - 1 };
    if (event.key in move) {
      event.preventDefault();
      list[(move[event.key] ?? 0) % list.length]?.focus();
    } else if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === "Tab") {
      setOpen(false);
    }
  };

  return (
    <span className="chat-person-menu" ref={wrapper}>
      <button
        ref={button}
        type="button"
        className={buttonClassName}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuID : undefined}
        aria-label={label}
        onClick={() => (open ? setOpen(false) : openAt("first"))}
        onKeyDown={onButtonKey}
      >
        {children}
      </button>
      {open && (
        <ul className="chat-person-menu__list" role="menu" id={menuID} aria-label={t("chat.personActions", { name })} onKeyDown={onMenuKey}>
          {entries.map((entry, index) => (
            <li key={entry.key} role="none">
              <button
                ref={(element) => {
                  items.current[index] = element;
                }}
                type="button"
                role="menuitem"
                tabIndex={-1}
                className="chat-person-menu__item"
                onClick={() => {
                  close();
                  entry.run();
                }}
              >
                {entry.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </span>
  );
}
