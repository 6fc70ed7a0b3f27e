/**
 * The Wall of Fame's featured projects (the organizers' picks), three at most, and the way to
 * the whole gallery. Hidden when nothing is featured.
 */
import { useQuery } from "@tanstack/react-query";
import { listProjects, useWallKeys } from "@/features/walloffame";
import type { EngagementT } from "./i18n";

const SHOWN = 3;

interface Props {
  eventID: string;
  t: EngagementT;
  onOpenWall: () => void;
}

export function FeaturedProjects({ eventID, t, onOpenWall }: Props) {
  const keys = useWallKeys("attendee", eventID);
  // The gallery's own query (all categories), so the Wall of Fame page opens from the cache.
  const gallery = useQuery({ queryKey: keys.gallery(""), queryFn: ({ signal }) => listProjects(eventID, {}, signal) });
  const featured = (gallery.data?.Projects ?? []).filter((project) => project.Featured && project.State === "approved").slice(0, SHOWN);
  if (featured.length === 0) return null;
  return (
    <section className="engagement__part" aria-labelledby="engagement-featured">
      <h2 id="engagement-featured">{t("featured")}</h2>
      <ul className="engagement__projects">
        {featured.map((project) => (
          <li key={project.ID} className="engagement__card engagement__project">
            {project.Pictures[0] && <img src={project.Pictures[0].ThumbnailURL} alt="" loading="lazy" />}
            <h3>{project.Title}</h3>
            <p>
              {project.Category} · {t("featuredBy", { name: project.AuthorName })}
            </p>
          </li>
        ))}
      </ul>
      <button type="button" className="button button--secondary" onClick={onOpenWall}>
        {t("wall")}
      </button>
    </section>
  );
}
