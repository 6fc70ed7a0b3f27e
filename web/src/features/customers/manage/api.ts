/**
 * The organizer's customer calls (docs/subsystems/console.md, "Customers"). Query keys start with
 * `["manage", "customers"]`: the list is read under that key by the events and admins screens
 * too (same URL, same answer), and one invalidation refreshes the list and every customer page.
 */
import { queryOptions, type QueryClient } from "@tanstack/react-query";
import { request } from "@/lib/api-client";

/** `CustomerOut`: a customer as the server answers it. */
export interface ManagedCustomer {
  ID: string;
  Name: string;
  /** A master admin disabled it: its events refuse attendees (admins still get in). */
  IsDisabled: boolean;
  /** Customer or master rights over it: the caller may create its events and grant its rights. */
  MayCreateEvents: boolean;
  CreatedAt: string;
}

/** `POST /customers` (master admins): the customer and its first customer admin, invited by mail. */
export interface CustomerCreateBody {
  Name: string;
  AdminEMail: string;
  AdminFirstName?: string;
  AdminLastName?: string;
  Language?: string;
}

/** `PUT /customers/{CustomerID}`: only what changes; `IsDisabled` is master admins' alone. */
export interface CustomerUpdateBody {
  Name?: string;
  IsDisabled?: boolean;
}

const id = encodeURIComponent;

export const customerKeys = {
  all: ["manage", "customers"] as const,
  detail: (customerID: string) => ["manage", "customers", customerID] as const,
  isMaster: ["manage", "is-master"] as const,
};

export const customersListQuery = () =>
  queryOptions({
    queryKey: customerKeys.all,
    queryFn: ({ signal }) => request<ManagedCustomer[]>("/customers", { signal }),
    staleTime: 60_000,
  });

export const customerQuery = (customerID: string) =>
  queryOptions({
    queryKey: customerKeys.detail(customerID),
    queryFn: ({ signal }) => request<ManagedCustomer>(`/customers/${id(customerID)}`, { signal }),
  });

/** Whether the caller is a master admin (the shell asks the same under the same key). */
export const isMasterQuery = () =>
  queryOptions({
    queryKey: customerKeys.isMaster,
    queryFn: ({ signal }) => request<boolean>("/admins/getismasteradmin", { signal }),
    staleTime: 60_000,
    retry: false,
  });

export function createCustomer(body: CustomerCreateBody): Promise<ManagedCustomer> {
  return request<ManagedCustomer>("/customers", { method: "POST", body });
}

export function updateCustomer(customerID: string, body: CustomerUpdateBody): Promise<ManagedCustomer> {
  return request<ManagedCustomer>(`/customers/${id(customerID)}`, { method: "PUT", body });
}

/** A written customer: its page shows the answer at once, every list reads again. */
export function customerChanged(client: QueryClient, customer: ManagedCustomer): void {
  client.setQueryData(customerKeys.detail(customer.ID), customer);
  void client.invalidateQueries({ queryKey: customerKeys.all, exact: true });
}
