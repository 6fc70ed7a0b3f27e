/**
 * The person behind an email address, as the Admins section finds one (`GET /personbyemail`):
 * the same call and its reading of a 404 (nobody the organizer can see), so both screens agree.
 * The admins feature has no public index (it is console-only), so this file is the one place that
 * reaches into it.
 */
// eslint-disable-next-line no-restricted-imports -- the lookup lives with the Admins section; admins has no index of its own
export { findPersonByEmail } from "@/features/admins/manage/api";
