/**
 * The engagement island's page (docs/subsystems/web-venue.md "Engagement island"). The venue
 * frame loads `./EngagementView` lazily by its module path, so the page and the parts of the
 * features it gathers are one chunk of their own.
 */
export type { EngagementViewProps } from "./EngagementView";
export type { BoothLinks } from "./BoothCard";
