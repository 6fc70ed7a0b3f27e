/**
 * The event's videos in cinema order, reordered by dragging a row's handle (pointer, touch, or the
 * keyboard through dnd-kit's keyboard sensor, with instructions and announcements in the
 * console's language) or with Move up / Move down, which need no dragging (WCAG 2.5.7) and keep
 * the focus on the button. The list only reports a move; the screen writes it.
 */
import {
  closestCenter,
  DndContext,
  type Announcements,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import { SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useMemo, type ReactNode } from "react";
import { useSortableRows, type RowControlKey } from "@/lib/use-sortable-rows";
import type { Video } from "./api";
import { useMediaT, type MediaT } from "./media-manage-i18n";

/** What a screen reader hears while a video is dragged. */
export function videoAnnouncements(videos: readonly Video[], t: MediaT): Announcements {
  const count = videos.length;
  const place = (id: UniqueIdentifier) => videos.findIndex((v) => v.ID === String(id)) + 1;
  const name = (id: UniqueIdentifier) => videos.find((v) => v.ID === String(id))?.Title ?? String(id);
  // dnd-kit reports the item over its own place right after pick-up; only a change of place is said.
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
      over ? t("drag.end", { name: name(active.id), place: place(over.id), count }) : t("drag.cancel", { name: name(active.id), place: place(active.id), count }),
    onDragCancel: ({ active }) => t("drag.cancel", { name: name(active.id), place: place(active.id), count }),
  };
}

/** "1:02:03" or "4:05"; null for an unknown length. */
export function formatDuration(seconds: number | null): string | null {
  if (seconds === null || !Number.isFinite(seconds)) return null;
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

export interface VideoListProps {
  videos: Video[];
  busy: boolean;
  /** The video whose cinema switch is being saved, if any. */
  toggling: string | null;
  notice?: ReactNode;
  onMove: (from: number, to: number) => void;
  onToggleCinema: (video: Video) => void;
  onEdit: (video: Video) => void;
  onDelete: (video: Video) => void;
}

export function VideoList({ videos, busy, toggling, notice, onMove, onToggleCinema, onEdit, onDelete }: VideoListProps) {
  const t = useMediaT();
  const ids = useMemo(() => videos.map((v) => v.ID), [videos]);
  const announcements = useMemo(() => videoAnnouncements(videos, t), [videos, t]);
  const { sensors, register, move, onDragEnd } = useSortableRows(ids, busy, onMove);

  return (
    <>
      {videos.length > 1 ? <p className="muted small">{t("list.hint")}</p> : null}
      {notice}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t("drag.instructions") } }}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={busy}>
          <ol className="media-list">
            {videos.map((video, place) => (
              <VideoRow
                key={video.ID}
                video={video}
                first={place === 0}
                last={place === videos.length - 1}
                busy={busy}
                toggling={toggling === video.ID}
                register={register}
                onUp={() => move(place, place - 1, `${video.ID}:up`)}
                onDown={() => move(place, place + 1, `${video.ID}:down`)}
                onToggleCinema={() => onToggleCinema(video)}
                onEdit={() => onEdit(video)}
                onDelete={() => onDelete(video)}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
    </>
  );
}

interface RowProps {
  video: Video;
  first: boolean;
  last: boolean;
  busy: boolean;
  toggling: boolean;
  register: (key: RowControlKey) => (element: HTMLElement | null) => void;
  onUp: () => void;
  onDown: () => void;
  onToggleCinema: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

function VideoRow({ video, first, last, busy, toggling, register, onUp, onDown, onToggleCinema, onEdit, onDelete }: RowProps) {
  const t = useMediaT();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: video.ID,
    attributes: { roleDescription: t("list.sortable") },
  });
  const handleRef = register(`${video.ID}:handle`);
  const duration = formatDuration(video.DurationSeconds);
  const about = (
    <>
      {" "}
      <span className="visually-hidden">{t("list.about", { title: video.Title })}</span>
    </>
  );
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`media-row${isDragging ? " media-row--dragging" : ""}${video.IsInCinema ? "" : " media-row--hidden"}`}
      data-testid="video-row"
    >
      <button
        type="button"
        className="media-handle"
        aria-label={t("list.drag", { title: video.Title })}
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
      {video.PosterURL ? <img className="media-poster" src={video.PosterURL} alt="" /> : <span className="media-poster media-poster--none" aria-hidden="true" />}
      <div className="media-row__main">
        <p className="media-row__title">{video.Title}</p>
        <p className="media-row__meta small">
          {t(`kinds.${video.Kind}`)}
          {video.FileHash ? ` · ${t("list.stored")}` : ""}
          {duration ? ` · ${duration}` : ""}
        </p>
        <div className="field field--checkbox media-row__cinema">
          <input
            id={`cinema-${video.ID}`}
            type="checkbox"
            checked={video.IsInCinema}
            aria-disabled={toggling || undefined}
            onChange={() => {
              if (!toggling) onToggleCinema();
            }}
          />
          <label htmlFor={`cinema-${video.ID}`}>
            {t("list.inCinema")}
            {about}
          </label>
        </div>
      </div>
      <div className="media-row__actions">
        <button type="button" ref={register(`${video.ID}:up`)} className="button button--secondary" aria-disabled={busy || first || undefined} onClick={onUp}>
          {t("list.moveUp")}
          {about}
        </button>
        <button type="button" ref={register(`${video.ID}:down`)} className="button button--secondary" aria-disabled={busy || last || undefined} onClick={onDown}>
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
