/**
 * Public surface of the venue feature for the app's venue frame (`src/app/frame/`): the menu
 * model, the panel vocabulary, the tour query, the isolation rule and the event fields the venue
 * reads. Pages (VenueRoom, VenuePages, HomeStartPage) are imported by the routes directly, so each
 * stays its own lazy chunk; the panorama viewer is never exported here.
 */
export { menuAction, menuItemName, menuItems, sidebarTitle, type MenuAction, type MenuPosition } from "./menu";
export type { JsStep } from "./js-actions";
export type { AgendaMode, LeftPanel, MediaFrame, RightPanel, SliderPage } from "./panels";
export { useTour } from "./tour-query";
export type { Tour } from "./tour";
export { photoboothURL, useVenueEvent, type VenueEvent, type VenueMenuItem } from "./venue-event";
export { isDesktop, isolationReload } from "./isolation";
export type { IframeItem } from "./VenuePages";
