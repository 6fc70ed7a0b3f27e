/**
 * The Wall of Fame in the venue frame (docs/subsystems/web-walloffame.md): the /walloffame page's
 * content, a lazy chunk of the walloffame feature, so neither the login route nor the frame's own
 * chunk carries it. The frame hands it the event and the signed-in person (their own projects).
 */
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useFrameWho } from "./who";

const WallOfFameView = lazy(() => import("@/features/walloffame/WallOfFameView"));

/** /walloffame as a page: the gallery, the attendee's own projects, submit and edit. */
export function WallOfFamePanel() {
  const { t } = useTranslation();
  const { eventID, me } = useFrameWho();
  if (!eventID || !me) return null;
  return (
    <Suspense fallback={<p role="status">{t("common.loading")}</p>}>
      <WallOfFameView eventID={eventID} me={me} />
    </Suspense>
  );
}
