/**
 * The media menu of the bottom bar (attendee-app.md §2: cinema, replays, wall of fame) with its
 * open flag and current frame in the layout store. The list is a transient popup: it closes when
 * an entry is chosen, on any navigation (a menu item, a hotspot, the browser's back button), on
 * Escape and on a click outside it.
 */
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import type { MediaFrame } from "@/features/venue";
import { afterAccessCheck, useLayout } from "./layout-store";

const MEDIA_FRAMES: MediaFrame[] = ["cinema", "replays", "walloffame"];

const closeList = () => useLayout.getState().toggleMediaMenu(false);

export function MediaMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const open = useLayout((s) => s.mediaMenu.open);
  const frame = useLayout((s) => s.mediaMenu.frame);
  const menuID = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => closeList(), [location.pathname, location.search]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      closeList();
      toggle.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) closeList();
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);

  const choose = (next: MediaFrame) => {
    const layout = useLayout.getState();
    layout.openMediaFrame(next);
    if (next === "walloffame") void afterAccessCheck(() => void navigate("/walloffame"));
    else void layout.openRight(next);
  };

  return (
    <div className="media-menu" ref={root}>
      <button
        ref={toggle}
        type="button"
        className="venue-menu__item"
        aria-expanded={open}
        aria-controls={menuID}
        onClick={() => useLayout.getState().toggleMediaMenu()}
      >
        {t("venue.menu.media")}
      </button>
      {open ? (
        <ul id={menuID} className="media-menu__list">
          {MEDIA_FRAMES.map((entry) => (
            <li key={entry}>
              <button type="button" className="venue-menu__item" aria-current={frame === entry ? "true" : undefined} onClick={() => choose(entry)}>
                {t(`venue.media.${entry}`)}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
