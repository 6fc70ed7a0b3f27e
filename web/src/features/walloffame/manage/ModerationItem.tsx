/**
 * A submission as the organizer judges it: its pictures (thumbnails opening the full picture in a
 * new tab), title, category, author, when it was submitted, the featured mark, the reason it was
 * rejected with, the whole description and the link — then the actions its state allows, in a
 * group named after the project so each button is unambiguous to a screen reader.
 */
import { formatDate } from "@/lib/dates";
import type { Project } from "../api";
import { useWallT } from "../i18n";
import { isHttpLink } from "../project-schema";
import { FeaturedMark } from "../ProjectCard";
import { type Action, actionsFor } from "./use-moderation";

interface ModerationItemProps {
  project: Project;
  busy: boolean;
  onAction: (project: Project, action: Action) => void;
}

export function ModerationItem({ project, busy, onAction }: ModerationItemProps) {
  const { t } = useWallT();
  const link = project.Link.trim();
  return (
    <article className={`wall-mod${project.Featured ? " wall-mod--featured" : ""}`} data-project={project.ID}>
      {project.Pictures.length > 0 ? (
        <ul className="wall-mod__pictures">
          {project.Pictures.map((picture, i) => (
            <li key={picture.VFileID}>
              <a href={picture.URL} target="_blank" rel="noopener noreferrer">
                <img src={picture.ThumbnailURL || picture.URL} alt={t("manage.queue.picture", { n: i + 1, title: project.Title })} loading="lazy" />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="wall-mod__body">
        <h4 className="wall-mod__title">{project.Title}</h4>
        <p className="wall-mod__meta">
          <span>{project.Category}</span>
          <span>{t("manage.queue.by", { name: project.AuthorName })}</span>
          <span>{t("manage.queue.submitted", { date: formatDate(project.SubmittedAt) })}</span>
          {project.Featured ? <FeaturedMark /> : null}
        </p>
        {project.State === "rejected" && project.Reason ? <p className="wall-reason">{t("manage.queue.reason", { reason: project.Reason })}</p> : null}
        <p className="wall-description">{project.Description}</p>
        {link && isHttpLink(link) ? (
          <p>
            <a href={link} target="_blank" rel="noopener noreferrer" className="wall-link">
              {t("manage.queue.link")}{" "}
              <span className="visually-hidden">{t("project.newTab")}</span>
            </a>
          </p>
        ) : null}
        <div role="group" aria-label={t("manage.queue.actions", { title: project.Title })} className="wall-mod__actions">
          {actionsFor(project).map((action) => (
            <button
              key={action}
              type="button"
              data-action={action}
              className={action === "remove" ? "button button--secondary wall-mod__remove" : action === "approve" ? "button" : "button button--secondary"}
              aria-disabled={busy || undefined}
              onClick={() => {
                if (!busy) onAction(project, action);
              }}
            >
              {t(`manage.actions.${action}`)}
            </button>
          ))}
        </div>
      </div>
    </article>
  );
}
