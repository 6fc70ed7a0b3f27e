/**
 * Event requests (master admins): the list by state, approving (creates the event, and a new
 * customer if asked, and makes the requester its event admin) and rejecting with a reason; the
 * server mails the requester either way. Deciding a request twice is 409 `CONFLICT`. Query keys
 * start with `["manage", "event-requests"]`.
 */
import { queryOptions, type QueryClient } from "@tanstack/react-query";
import { request } from "@/lib/api-client";

export const REQUEST_STATUSES = ["pending", "approved", "rejected"] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** A row of `GET /event-requests` (the request form's fields as the requester sent them). */
export interface EventRequestRow {
  ID: string;
  Status: RequestStatus;
  Title: string;
  /** The internal name the requester suggested; "" when none (it may be taken meanwhile). */
  InternalName: string;
  Description: string;
  DateBeginUTC: string | null;
  DateEndUTC: string | null;
  Message: string;
  ContactEMail: string;
  RequesterID: string;
  RequesterName: string;
  RequesterEMail: string;
  CreatedAt: string;
  DecidedAt: string | null;
  Reason: string;
  /** The event an approval created (null once that event is deleted). */
  EventID: string | null;
}

/** Either an existing customer or a new one by name, and the new event's internal name. */
export type ApproveBody = ({ CustomerID: string } | { NewCustomerName: string }) & { InternalName: string };

const id = encodeURIComponent;

export const requestKeys = {
  all: ["manage", "event-requests"] as const,
  list: (status: RequestStatus) => ["manage", "event-requests", status] as const,
};

export const eventRequestsQuery = (status: RequestStatus) =>
  queryOptions({
    queryKey: requestKeys.list(status),
    queryFn: ({ signal }) => request<EventRequestRow[]>("/event-requests", { query: { Status: status }, signal }),
  });

export function approveRequest(requestID: string, body: ApproveBody): Promise<EventRequestRow> {
  return request<EventRequestRow>(`/event-requests/${id(requestID)}/approve`, { method: "POST", body });
}

export function rejectRequest(requestID: string, reason: string): Promise<EventRequestRow> {
  return request<EventRequestRow>(`/event-requests/${id(requestID)}/reject`, { method: "POST", body: { Reason: reason } });
}

/**
 * A decided request leaves the pending list at once (no wait for the re-read) and every list is
 * read again; an approval may have created a customer and an event, so those lists are too.
 */
export function requestDecided(client: QueryClient, requestID: string, approved: boolean): void {
  client.setQueryData<EventRequestRow[]>(requestKeys.list("pending"), (rows) => rows?.filter((r) => r.ID !== requestID));
  void client.invalidateQueries({ queryKey: requestKeys.all });
  if (approved) {
    void client.invalidateQueries({ queryKey: ["manage", "customers"] });
    void client.invalidateQueries({ queryKey: ["manage", "events"] });
  }
}
