/**
 * Public surface of the venue feature for the app's venue frame (`src/app/frame/`): the menu
 * model, the panel vocabulary, the tour query, the isolation rule, the event fields the venue
 * reads, the organizer-page renderer the FAQ sidebar shares with /faq and /landing, and what a
 * room says about its screens' schedule; also how an organizer's page is framed, which the
 * breakout rooms' call embed shares. Pages (VenueRoom, VenuePages, HomeStartPage) are imported by
 * the routes directly, so each stays its own lazy chunk; the panorama viewer is never exported here.
 */
export { menuAction, menuItemName, menuItems, sidebarTitle, type MenuAction, type MenuPosition } from "./menu";
export type { JsStep } from "./js-actions";
export type { AgendaMode, LeftPanel, MediaFrame, RightPanel, SliderPage } from "./panels";
export { useTour } from "./tour-query";
export { nodeByID, nodeName, roomSegment, type Tour, type TourNode } from "./tour";
export { screenRooms, watchPath } from "./home-start";
export { useVenueEvent, type VenueEvent, type VenueMenuItem } from "./venue-event";
export { isDesktop, isolationReload } from "./isolation";
export type { IframeItem } from "./VenuePages";
export { EventPageView } from "./EventPageView";
export { ProgrammeNow } from "./HomeStartPage";
export { EMBED_ALLOW, embedSandbox, isFramable } from "./embed";
export { nodeStatuses, SCHEDULE_CLOCK_MS, type ScheduleStatus } from "./schedule-status";
export { ScheduleBadge } from "./ScheduleBadge";
