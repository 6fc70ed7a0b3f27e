/**
 * The gallery: approved projects as cards (thumbnail, title, category, author), featured ones
 * first and marked, filtered by category with chips (`GET …/projects?Category=`; the chips are the
 * organizer's categories from `GET …/categories`). A chip is a toggle button (`aria-pressed`); the
 * list says when it is being read again, and each state — loading, failure with retry, empty, an
 * empty category — says so in words.
 */
import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { LoadState } from "@/components/LoadState";
import { getCategories, listProjects, type WallKeys } from "./api";
import { useWallT } from "./i18n";
import { galleryOrder } from "./model";
import { ProjectCard } from "./ProjectCard";

export function Gallery({ eventID, keys, onOpen }: { eventID: string; keys: WallKeys; onOpen: (id: string) => void }) {
  const { t } = useWallT();
  const heading = useRef<HTMLHeadingElement>(null);
  const [category, setCategory] = useState("");
  const categories = useQuery({ queryKey: keys.categories, queryFn: ({ signal }) => getCategories(eventID, signal), staleTime: 60_000 });
  const query = useQuery({ queryKey: keys.gallery(category), queryFn: ({ signal }) => listProjects(eventID, { Category: category }, signal) });
  const projects = query.data ? galleryOrder(query.data.Projects) : [];
  const chips = ["", ...(categories.data ?? [])];

  return (
    <section className="wall-gallery" aria-labelledby="wall-gallery-title">
      <h2 id="wall-gallery-title" ref={heading} tabIndex={-1} data-list-heading className="visually-hidden">
        {t("gallery.title")}
      </h2>
      {chips.length > 1 ? (
        <div role="group" aria-label={t("gallery.filter")} className="wall-chips">
          {chips.map((name) => (
            <button key={name || "all"} type="button" className="wall-chip" aria-pressed={name === category} onClick={() => setCategory(name)}>
              {name || t("gallery.all")}
            </button>
          ))}
        </div>
      ) : null}
      <LoadState query={query} loadingText={t("gallery.loading")} failedText={t("gallery.failed")} focusAfterRetry={heading} />
      {query.data && projects.length === 0 ? <p className="wall-empty">{category ? t("gallery.emptyCategory", { category }) : t("gallery.empty")}</p> : null}
      {projects.length > 0 ? (
        <ul className="wall-cards" aria-busy={query.isFetching}>
          {projects.map((project) => (
            <li key={project.ID}>
              <ProjectCard project={project} onOpen={() => onOpen(project.ID)} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
