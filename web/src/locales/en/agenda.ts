/**
 * English strings of the attendee's agenda and speakers sidebars, the calendar subscription and
 * the session reminders: the key source of the `agenda` namespace. Added to i18next when the
 * agenda feature's chunk loads (features/agenda/i18n.ts), so the login route never carries them;
 * the other languages are typed `AgendaTranslation`, so a missing or extra key does not compile.
 */
const agenda = {
  modes: {
    label: "Agenda view",
    agenda: "Full agenda",
    personal: "My agenda",
    location: "By location",
  },
  days: {
    label: "Event days",
    day: "Day {{day}}",
  },
  zone: {
    note: "Times are shown in {{zone}}.",
    device: "your device's time zone ({{zone}})",
    change: "Change",
  },
  loading: "Loading the agenda…",
  loadFailed: "The agenda could not be loaded.",
  retry: "Try again",
  empty: {
    day: "There are no sessions on this day.",
    personal: "Your agenda is empty. Add sessions from the full agenda to find them here and to be reminded before they start.",
  },
  session: {
    time: "{{begin}} – {{end}}",
    dateTime: "{{date}}, {{begin}} – {{end}}",
    live: "Live",
    now: "Happening now",
    ended: "Ended",
    speakers: "Speakers",
    inRoom: "In {{room}}",
    goThere: "Go there",
    watch: "Watch",
    more: "Show more",
    less: "Show less",
    add: "Add to my agenda",
    remove: "Remove from my agenda",
    calendar: "Add to calendar",
    calendarBusy: "Preparing the file…",
    addFailed: "“{{title}}” could not be added to your agenda. {{reason}}",
    removeFailed: "“{{title}}” could not be removed from your agenda. {{reason}}",
    calendarFailed: "The calendar file for “{{title}}” could not be downloaded. {{reason}}",
  },
  location: {
    otherPlaces: "Other places",
    goTo: "Go to {{room}}",
  },
  speakers: {
    loading: "Loading the speakers…",
    loadFailed: "The speakers could not be loaded.",
    empty: "There are no speakers on this day.",
    open: "About {{name}}",
    backToList: "Back to the speakers",
    backToAgenda: "Back to the agenda",
    biography: "Biography",
    links: "Links",
    sessions: "Sessions",
    sessionsLoading: "Loading the sessions…",
    noSessions: "No sessions are listed for this speaker.",
    opensNewTab: "(opens in a new tab)",
  },
  feed: {
    title: "Calendar subscription",
    intro: "Subscribe to your agenda in your calendar app. It follows the sessions you add and remove here.",
    loading: "Checking your calendar link…",
    loadFailed: "Your calendar link could not be checked.",
    none: "You have no calendar link yet.",
    active: "You have a calendar link, created on {{date}}. It is shown only once, when it is created: if you lost it, replace it with a new one.",
    create: "Create calendar link",
    creating: "Creating…",
    created: "Your calendar link. Copy it now: it is not shown again. Anyone who has it can read your agenda.",
    urlLabel: "Calendar link",
    copy: "Copy link",
    copied: "The link is copied.",
    copyFailed: "Copying did not work: select the link and copy it yourself.",
    open: "Open in calendar app",
    rotate: "Replace link",
    rotateTitle: "Replace your calendar link?",
    rotateBody: "The current link stops working at once, and calendars subscribed to it stop updating. You get a new link to subscribe with.",
    rotateBusy: "Replacing…",
    revoke: "Turn off link",
    revokeTitle: "Turn off your calendar link?",
    revokeBody: "The link stops working at once, and calendars subscribed to it stop updating. You can create a new one later.",
    revokeBusy: "Turning off…",
    revoked: "Your calendar link is turned off.",
    cancel: "Cancel",
    failed: "That did not work. {{reason}}",
  },
  reminders: {
    region: "Session reminders",
    title: "Starting in {{minutes}} min",
    startsAt: "{{title}} starts at {{time}}.",
    startsAtIn: "{{title}} starts at {{time}} in {{room}}.",
    goThere: "Go there",
    dismiss: "Dismiss the reminder",
    intro: "You are reminded here {{minutes}} minutes before each session of your agenda starts.",
    desktopAsk: "Remind me on my desktop too",
    desktopOn: "Desktop reminders are on.",
    desktopBlocked: "Your browser blocks notifications from this site: allow them in its site settings to get desktop reminders.",
  },
};

export type AgendaTranslation = DeepStrings<typeof agenda>;
type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

export default agenda;
