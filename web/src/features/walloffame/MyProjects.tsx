/**
 * "My projects": the author's own projects in every state (`GET …/projects?Mine=true`), each with
 * its thumbnail, title (opens it), category, when it was submitted, its state in words and — when
 * rejected — the organizers' reason, and Edit. States change live: frame 45 reaches the author's
 * own sockets (live.ts), and the list is read again after it for the reason.
 */
import { useQuery } from "@tanstack/react-query";
import { useRef } from "react";
import { LoadState } from "@/components/LoadState";
import { formatDate } from "@/lib/dates";
import { listProjects, type WallKeys } from "./api";
import { useWallT } from "./i18n";
import { FeaturedMark, Thumbnail } from "./ProjectCard";
import { StateNote } from "./StateNote";

interface MyProjectsProps {
  eventID: string;
  keys: WallKeys;
  onOpen: (id: string) => void;
  onEdit: (id: string) => void;
}

export function MyProjects({ eventID, keys, onOpen, onEdit }: MyProjectsProps) {
  const { t } = useWallT();
  const heading = useRef<HTMLHeadingElement>(null);
  const query = useQuery({ queryKey: keys.mine, queryFn: ({ signal }) => listProjects(eventID, { Mine: true }, signal) });
  const projects = query.data?.Projects ?? [];

  return (
    <section className="wall-mine" aria-labelledby="wall-mine-title">
      <h2 id="wall-mine-title" ref={heading} tabIndex={-1} data-list-heading className="visually-hidden">
        {t("mine.title")}
      </h2>
      <LoadState query={query} loadingText={t("mine.loading")} failedText={t("mine.failed")} focusAfterRetry={heading} />
      {query.data && projects.length === 0 ? <p className="wall-empty">{t("mine.empty")}</p> : null}
      {projects.length > 0 ? (
        <ul className="wall-mine__list" aria-busy={query.isFetching}>
          {projects.map((project) => (
            <li key={project.ID} className="wall-mine__item" data-project={project.ID}>
              <Thumbnail project={project} className="wall-thumb wall-thumb--small" />
              <div className="wall-mine__body">
                <h3 className="wall-card__title">
                  <button type="button" className="link-button" data-open-project={project.ID} onClick={() => onOpen(project.ID)}>
                    {project.Title}
                  </button>
                </h3>
                <p className="small muted">
                  {project.Category} · {t("mine.submitted", { date: formatDate(project.SubmittedAt) })}
                </p>
                {project.Featured ? <FeaturedMark /> : null}
                <StateNote project={project} compact />
              </div>
              <button type="button" className="button button--secondary wall-mine__edit" aria-label={t("mine.editNamed", { title: project.Title })} onClick={() => onEdit(project.ID)}>
                {t("mine.edit")}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
