/**
 * Public surface of the agenda feature, for the venue frame (`src/app/frame/`): the agenda and
 * speakers sidebars and the reminders, which the frame mounts once. Import them lazily
 * (`lazy(() => import("@/features/agenda").then(...))`): the whole feature is then one chunk,
 * loaded with the venue, never on the login route.
 */
export { AgendaPanel, AGENDA_MODES, type AgendaPanelProps } from "./AgendaPanel";
export { SpeakersPanel } from "./SpeakersPanel";
export { AgendaReminders } from "./AgendaReminders";
export { REMINDER_MINUTES } from "./reminders";
export { addAgendaStrings, AGENDA_NS } from "./i18n";
