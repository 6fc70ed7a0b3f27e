/**
 * The parts of the public event the venue reads (attendee-app.md §3) beyond what the events
 * feature types: variables, FAQ, photobooth, treasure hunt, menu sidebar fields.
 */
import { useEventStore, type MenuItem, type PublicEvent } from "@/features/events";
import type { PhotoboothConfig } from "@/features/photobooth";

export interface VenueMenuItem extends MenuItem {
  SidebarTitles?: Record<string, string>;
  SidebarType?: string | null;
  IsSidebar?: boolean;
}

/** An organizer's page (events.md "Event pages"): the FAQ (with `IsSidebar`) or the landing page. */
export interface EventPage {
  Title?: string;
  Content?: string;
  /** Empty or an http(s) address of an image (the uploaded `Image` wins over it). */
  ImageURL?: string;
  /** `""`, `auto`, `300`, `300px`, `40vh` or `50%`. */
  ImageHeight?: string;
  Image?: { url: string; hash?: string } | null;
  IsSidebar?: boolean;
}

export type FaqPage = EventPage;


export interface VenueEvent extends PublicEvent {
  TimeZone?: string;
  TreasureHuntID?: string;
  PanoEventVars?: Record<string, unknown>;
  PanoEventModulesVars?: Record<string, unknown>;
  PanoCustomVars?: Record<string, unknown>;
  FAQ?: FaqPage | null;
  Landing?: EventPage | null;
  Photobooth?: PhotoboothConfig | null;
  Navigation?: VenueMenuItem[];
}

export function useVenueEvent(): VenueEvent | null {
  return useEventStore((s) => s.publicEvent) as VenueEvent | null;
}

/** PanoEventModulesVars.Marketplace.Vars as raw values. */
export function marketplaceVars(event: VenueEvent | null): unknown {
  const marketplace = event?.PanoEventModulesVars?.Marketplace;
  return typeof marketplace === "object" && marketplace !== null ? (marketplace as { Vars?: unknown }).Vars : undefined;
}
