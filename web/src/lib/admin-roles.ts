/**
 * The capabilities an admin grant can be limited to (server: admins/roles.py). A customer or
 * event grant with no role holds all four (the full admin of its scope); master grants ignore
 * roles. The shell hides an event's sections by them and the admins screens edit them, so the
 * list lives here, below both.
 */

export const ADMIN_ROLES = ["content", "moderation", "people", "analytics"] as const;

export type AdminRole = (typeof ADMIN_ROLES)[number];

export function isAdminRole(value: unknown): value is AdminRole {
  return typeof value === "string" && (ADMIN_ROLES as readonly string[]).includes(value);
}

/** The known roles of a stored list, in the canonical order (unknown strings are dropped). */
export function knownRoles(roles: readonly string[] | null | undefined): AdminRole[] {
  const held = new Set(roles ?? []);
  return ADMIN_ROLES.filter((role) => held.has(role));
}

/** `GET /events/{EventID}/my-rights`: the caller's effective rights for one event. */
export interface MyRights {
  EventID: string;
  IsMaster: boolean;
  /** Effective roles: a grant without roles is answered with all four. */
  Roles: string[];
}

export function holdsRole(rights: MyRights, role: AdminRole): boolean {
  return rights.IsMaster || rights.Roles.includes(role);
}
