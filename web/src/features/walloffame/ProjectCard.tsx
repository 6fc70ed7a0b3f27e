/**
 * A project in the gallery: its thumbnail (the first picture's; a plain tile without one), title,
 * category, author, and "Featured" on featured ones. The title is the button that opens it; the
 * picture is decoration beside it (the title names the card), so it has an empty alt and a click on
 * it opens the project too. The state shows only on the author's own projects in "My projects".
 */
import type { Project } from "./api";
import { useWallT } from "./i18n";

export function Thumbnail({ project, className = "wall-thumb" }: { project: Project; className?: string }) {
  const picture = project.Pictures[0];
  return picture ? (
    <img className={className} src={picture.ThumbnailURL || picture.URL} alt="" loading="lazy" />
  ) : (
    <span className={`${className} ${className}--none`} aria-hidden="true">
      {Array.from(project.Title.trim())[0]?.toLocaleUpperCase() ?? ""}
    </span>
  );
}

export function FeaturedMark() {
  const { t } = useWallT();
  return (
    <span className="wall-badge wall-badge--featured">
      <span aria-hidden="true">★</span> {t("states.featured")}
    </span>
  );
}

export function ProjectCard({ project, onOpen }: { project: Project; onOpen: () => void }) {
  const { t } = useWallT();
  return (
    <article className={`wall-card${project.Featured ? " wall-card--featured" : ""}`} data-project={project.ID}>
      <div className="wall-card__picture" onClick={onOpen}>
        <Thumbnail project={project} />
      </div>
      <div className="wall-card__body">
        {project.Featured ? <FeaturedMark /> : null}
        <h3 className="wall-card__title">
          <button type="button" className="link-button" data-open-project={project.ID} onClick={onOpen}>
            {project.Title}
          </button>
        </h3>
        <p className="wall-card__category">{project.Category}</p>
        <p className="wall-card__author">{t("gallery.by", { name: project.AuthorName })}</p>
      </div>
    </article>
  );
}
