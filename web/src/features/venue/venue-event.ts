/**
 * The parts of the public event the venue reads (attendee-app.md §3) beyond what the events
 * feature types: variables, FAQ, photobooth, treasure hunt, menu sidebar fields.
 */
import { useEventStore, type MenuItem, type PublicEvent } from "@/features/events";

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

export interface PhotoboothConfig {
  Slug?: string;
  Domain?: string;
  Signature?: string;
  SignatureEMail?: string;
}

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

/**
 * The photobooth link (attendee-app.md §7): the server signs it (SHA-256 of slug, email and API
 * key — the key never reaches the browser); the app adds the attendee's fields.
 */
export function photoboothURL(
  booth: PhotoboothConfig | null | undefined,
  person: { name: string; avatar: string; language: string },
): string | null {
  if (!booth?.Domain || !booth.Slug || !booth.Signature || !booth.SignatureEMail) return null;
  const domain = booth.Domain.replace(/^https?:\/\//i, "").replace(/\/+$/, "");
  if (!/^[A-Za-z0-9.-]+(:\d+)?$/.test(domain)) return null;
  const query = new URLSearchParams({
    email: booth.SignatureEMail,
    slug: booth.Slug,
    signature: booth.Signature,
    name: person.name,
    avatar: person.avatar,
    language: person.language,
  });
  return `https://${domain}/${encodeURIComponent(booth.Slug)}?${query.toString()}`;
}
