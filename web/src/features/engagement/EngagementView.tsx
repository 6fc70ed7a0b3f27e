/**
 * The engagement island (`/engagement`, attendee-app.md §2 "EngagementIsland"): what the event
 * offers to do now, gathered on one page — the polls open anywhere in the event with their vote
 * forms, the treasure hunts and the attendee's standing, the Wall of Fame's featured projects
 * and the photobooth. Each part comes from its own feature and hides itself when the event has
 * nothing of it; the polls stay, saying when none is open, so the page is never blank. The frame
 * hands in what opens elsewhere (the leaderboard sidebar, the Wall of Fame page, the booth).
 */
import { BoothCard, type BoothLinks } from "./BoothCard";
import { FeaturedProjects } from "./FeaturedProjects";
import { HuntStanding } from "./HuntStanding";
import { useEngagementT } from "./i18n";
import { OpenPolls } from "./OpenPolls";
import "./engagement.css";

export interface EngagementViewProps {
  eventID: string;
  booth: BoothLinks | null;
  onOpenLeaderboard: () => void;
  onOpenWall: () => void;
}

export function EngagementView({ eventID, booth, onOpenLeaderboard, onOpenWall }: EngagementViewProps) {
  const t = useEngagementT();
  return (
    <div className="engagement">
      <p className="engagement__intro">{t("intro")}</p>
      <OpenPolls eventID={eventID} t={t} />
      <HuntStanding eventID={eventID} t={t} onOpenLeaderboard={onOpenLeaderboard} />
      <FeaturedProjects eventID={eventID} t={t} onOpenWall={onOpenWall} />
      {booth && <BoothCard booth={booth} t={t} />}
    </div>
  );
}

export default EngagementView;
