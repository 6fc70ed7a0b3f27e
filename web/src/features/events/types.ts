import type { NavigationItem } from "@/lib/routes";

export interface EventMetadata {
  EventID: string;
  InternalName: string;
  Title: string;
  DefaultLanguage?: string;
  IsUseIsolation?: boolean;
  Isolations?: unknown[];
  CustomerID: string;
  Tracking?: { URL?: string; SiteID?: string };
  DateBeginUTC?: string;
  DateEndUTC?: string;
  TimeZone?: string;
}

export interface MenuItem extends NavigationItem {
  Position?: string;
  IsVisible?: boolean;
  Index?: number;
  Name?: string;
  NameDE?: string;
  Names?: Record<string, string>;
}

export interface PublicEvent {
  EventID: string;
  InternalName: string;
  Title: string;
  DateBeginUTC?: string;
  DateEndUTC?: string;
  PanoURL?: string;
  EventModules?: Record<string, unknown>;
  Navigation?: MenuItem[];
  DefaultPage?: string | null;
}
