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

export interface FaqPage {
  Title?: string;
  Content?: string;
  IsSidebar?: boolean;
}

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
