import { queryOptions, useQuery } from "@tanstack/react-query";
import { request } from "@/lib/api-client";
import type { EventMetadata } from "../types";

export function getAllEventsMetadata(): Promise<EventMetadata[]> {
  return request<EventMetadata[]>("/events/getallevents/metadata", { auth: false });
}

export const allEventsMetadataQuery = () =>
  queryOptions({ queryKey: ["events", "all", "metadata"], queryFn: getAllEventsMetadata });

export function useAllEventsMetadata() {
  return useQuery(allEventsMetadataQuery());
}
