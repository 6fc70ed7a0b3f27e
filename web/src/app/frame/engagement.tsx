/**
 * The engagement island in the venue frame: the /engagement page's content, a lazy chunk of the
 * engagement feature. The frame hands it what opens elsewhere — the leaderboard sidebar, the
 * Wall of Fame page and the photobooth's popup and gallery, signed for this attendee.
 */
import { lazy, Suspense, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { usePersonStore } from "@/features/accounts";
import type { BoothLinks } from "@/features/engagement";
import { notify } from "@/features/notifications";
import { boothPerson, openBoothPopup, photoboothGalleryURL, photoboothURL } from "@/features/photobooth";
import { useVenueEvent } from "@/features/venue";
import { useLayout } from "./layout-store";

const EngagementView = lazy(() => import("@/features/engagement/EngagementView"));

function useBooth(): BoothLinks | null {
  const { t, i18n } = useTranslation();
  const config = useVenueEvent()?.Photobooth;
  const person = usePersonStore((s) => s.person);
  const language = i18n.language;
  return useMemo(() => {
    const who = boothPerson(person, language);
    const url = photoboothURL(config, who);
    if (!url) return null;
    return {
      open: () => {
        if (!openBoothPopup(url)) notify("warn", t("venue.photobooth.blocked"));
      },
      galleryURL: photoboothGalleryURL(config, who),
    };
  }, [config, person, language, t]);
}

/** /engagement as a page: open polls, the hunts, featured projects, the photobooth. */
export function EngagementPanel() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const eventID = useVenueEvent()?.EventID ?? "";
  const booth = useBooth();
  if (!eventID) return null;
  return (
    <Suspense fallback={<p role="status">{t("common.loading")}</p>}>
      <EngagementView
        eventID={eventID}
        booth={booth}
        onOpenLeaderboard={() => void useLayout.getState().openRight("leaderboard")}
        onOpenWall={() => void navigate("/walloffame")}
      />
    </Suspense>
  );
}
