import { request } from "@/lib/api-client";
import type { EventMetadata } from "../types";

export function getMetadataByName(name: string): Promise<EventMetadata> {
  return request<EventMetadata>(`/events/name/${encodeURIComponent(name)}/metadata`, { auth: false });
}
