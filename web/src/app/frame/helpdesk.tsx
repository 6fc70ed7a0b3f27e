/**
 * The help desk in the venue frame (docs/subsystems/web-helpdesk.md), each a lazy chunk of the
 * helpdesk feature: the /helpdesk page's content (the attendee's questions and, for agents, the
 * agent desk) and, for the whole visit, the desktop notification of answers. The frame hands them
 * the event and the signed-in person.
 */
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useFrameWho } from "./who";

const HelpdeskView = lazy(() => import("@/features/helpdesk/HelpdeskView"));
const AnswerNotifier = lazy(() => import("@/features/helpdesk/AnswerNotifier"));

/** /helpdesk as a page: the attendee's questions, and the agent desk for the event's agents. */
export function HelpdeskPanel() {
  const { t } = useTranslation();
  const { eventID, me } = useFrameWho();
  if (!eventID || !me) return null;
  return (
    <Suspense fallback={<p role="status">{t("common.loading")}</p>}>
      <HelpdeskView eventID={eventID} me={me} />
    </Suspense>
  );
}

/** Desktop notifications of answers wherever the attendee is in the venue. */
export function HelpdeskAnswers() {
  const { eventID, me } = useFrameWho();
  if (!eventID || !me) return null;
  return (
    <Suspense fallback={null}>
      <AnswerNotifier me={me} />
    </Suspense>
  );
}
