/**
 * The venue pages as the frame shows them: each route module hands the feature's page the layout
 * state it needs as props (the room: the selected session, a requested view direction, where to
 * report entering a room, what goes around a stream; /iframe: the IFrame item clicked last). The
 * pages never import the frame, so the dependency stays app → features.
 */
import { useCallback, type ReactNode } from "react";
import { CinemaPanel } from "@/features/media";
import { QnaPanel } from "@/features/qna";
import { ReactionBar, ReactionOverlay } from "@/features/reactions";
import type { PlayerExtras, Session } from "@/features/sessions";
import { ProgrammeNow, useVenueEvent } from "@/features/venue";
import { ModuleOrRoomPage, VenueRoomPage, type RoomFrame } from "@/features/venue/VenueRoom";
import { Back, IframePage, type ModuleName } from "@/features/venue/VenuePages";
import { BreakoutsPanel } from "./breakouts";
import { EngagementPanel } from "./engagement";
import { HelpdeskPanel } from "./helpdesk";
import { useLayout } from "./layout-store";
import { WallOfFamePanel } from "./walloffame";
import { treasureRoomItems } from "./treasurehunt";

/**
 * Live interaction around a playing session (docs/subsystems/web-interaction.md): the Q&A beside
 * the stream while the session takes questions, the reactions bar under it while reactions are
 * on, the audience's reactions over it. The organizers' switches arrive with the session.
 */
function playerExtras(eventID: string, session: Session): PlayerExtras {
  return {
    aside: session.QnaEnabled === false ? undefined : <QnaPanel eventID={eventID} session={session} />,
    overlay: <ReactionOverlay sessionID={session.ID} />,
    footer: session.ReactionsEnabled === false ? undefined : <ReactionBar session={session} />,
  };
}

function useRoomFrame(): RoomFrame {
  const selectedSessionID = useLayout((s) => s.selectedSessionID);
  const requestedYaw = useLayout((s) => s.requestedYaw);
  const onEnterRoom = useLayout((s) => s.enterRoom);
  const requestYaw = useLayout((s) => s.requestYaw);
  const onYawApplied = useCallback(() => requestYaw(null), [requestYaw]);
  return { selectedSessionID, requestedYaw, onEnterRoom, onYawApplied, playerExtras, roomItems: treasureRoomItems };
}

/** `/{room}` and `/central-plenary-01`. */
export function RoomRoute() {
  return <VenueRoomPage frame={useRoomFrame()} />;
}

function ModuleRoute({ module, children }: { module: ModuleName; children: ReactNode }) {
  return (
    <ModuleOrRoomPage module={module} frame={useRoomFrame()}>
      {children}
    </ModuleOrRoomPage>
  );
}

/** /cinema as a page (a tour without a room of that name): the library, then Back. */
function CinemaLibrary() {
  return (
    <>
      <CinemaPanel eventID={useVenueEvent()?.EventID ?? ""} />
      <Back />
    </>
  );
}

/** /auditorium as a page (a tour without a room of that name): what is live and next, and where. */
export const AuditoriumRoute = () => (
  <ModuleRoute module="auditorium">
    <ProgrammeNow />
  </ModuleRoute>
);
/** /breakoutroom as a page (a tour without a room of that name): the same view as the slider page. */
export const BreakoutRoomRoute = () => (
  <ModuleRoute module="breakoutroom">
    <BreakoutsPanel />
  </ModuleRoute>
);
export const CinemaRoute = () => (
  <ModuleRoute module="cinema">
    <CinemaLibrary />
  </ModuleRoute>
);
/** /engagement as a page (a tour without a room of that name): what the event offers to do now. */
export const EngagementRoute = () => (
  <ModuleRoute module="engagement">
    <EngagementPanel />
  </ModuleRoute>
);
/** /helpdesk as a page (a tour without a room of that name): questions, conversations, the agent desk. */
export const HelpdeskRoute = () => (
  <ModuleRoute module="helpdesk">
    <HelpdeskPanel />
  </ModuleRoute>
);
/** /walloffame as a page (a tour without a room of that name): gallery, my projects, submit and edit. */
export const WallOfFameRoute = () => (
  <ModuleRoute module="walloffame">
    <WallOfFamePanel />
  </ModuleRoute>
);

export function IframeRoute() {
  return <IframePage chosen={useLayout((s) => s.iframe)} />;
}
