/**
 * English strings of the organizer console's pre-publish check (PrepublishScreen.tsx): the key
 * source of the `prepublish` namespace, added to i18next when the screen's chunk loads
 * (features/events/manage/prepublish-i18n.ts). `codes` has one message per finding code of
 * lib/generated/prepublish-codes.ts, built from the code's `Params` (a test fails while a code
 * lacks one); the other languages are typed `PrepublishTranslation`.
 */
const prepublish = {
  title: "Pre-publish check",
  intro:
    "Checks what would go wrong for attendees: dates, navigation, embedded pages, theme colours, sessions and access. It also runs when the event is listed: errors keep it from being listed, warnings and notes do not.",
  loading: "Checking… this fetches embedded pages and can take a few seconds.",
  rerun: "Run the check again",
  running: "Checking…",
  loadFailed: "The check could not be run.",
  retryIn_one: "You can run it again in {{count}} second.",
  retryIn_other: "You can run it again in {{count}} seconds.",
  previousResult: "The result below is from the previous run.",
  checkedAt: "Checked {{time}}.",
  summaryLabel: "Result of the check",
  errors_one: "{{count}} error",
  errors_other: "{{count}} errors",
  warnings_one: "{{count}} warning",
  warnings_other: "{{count}} warnings",
  notes_one: "{{count}} note",
  notes_other: "{{count}} notes",
  ready: "Ready to list: no errors.",
  notReady: "Not ready to list: fix the errors first.",
  allClear: "All clear: the check found nothing to fix.",
  announceDone: "Check finished. {{summary}}",
  severity: {
    error: "Error",
    warning: "Warning",
    info: "Note",
  },
  groups: {
    error: "Errors",
    warning: "Warnings",
    info: "Notes",
  },
  groupHints: {
    error: "These keep the event from being listed.",
    warning: "Attendees may notice these; they do not block listing.",
    info: "Worth knowing, or something the check could not verify.",
  },
  screens: {
    settings: "Settings",
    access: "Access",
    pages: "Pages",
    navigation: "Navigation",
    theme: "Look",
    venue: "Venue",
    agenda: "Agenda",
  },
  fixIn: "Fix in {{screen}}",
  fixAt: "To fix: {{screen}}",
  fixElsewhere: "Fixed in: {{screen}} (not in the console yet)",
  apiHint: "Through the API:",
  codes: {
    DATES_INVERTED: "The event ends ({{DateEndUTC}}, UTC) before it begins ({{DateBeginUTC}}, UTC).",
    DEFAULT_PAGE_MISSING: "No default page is set: attendees land on the start page.",
    DEFAULT_PAGE_NOT_FOUND: "The default page names a menu item that does not exist ({{MenuItemID}}).",
    DEFAULT_PAGE_HIDDEN: "The default page “{{Name}}” is a hidden menu item, which attendees never receive.",
    DEFAULT_PAGE_NOT_A_PAGE: "The default page “{{Name}}” is a {{Type}} item, which opens no page.",
    MENU_NODE_MISSING: "“{{Name}}” leads to the tour node {{NodeID}}, which the event's tour does not have ({{Reason}}).",
    MENU_NODE_UNVERIFIED: "“{{Name}}” leads to the tour node {{NodeID}}, which could not be verified ({{Reason}}).",
    MENU_PAGE_MISSING: "“{{Name}}” opens /page/{{Slug}}, but no visible full-screen page defines that slug.",
    MENU_ADDON_NOT_ALLOWED: "“{{Name}}” names the module {{Module}}, which is not an add-on: attendees see it disabled.",
    MENU_MODULE_UNKNOWN: "“{{Name}}” names the module {{Module}}, which the attendee app cannot open.",
    MENU_NAME_MISSING: "“{{Name}}” has no name in: {{Languages}}.",
    MENU_SIDEBAR_TITLE_MISSING: "“{{Name}}” has no sidebar title in: {{Languages}}.",
    EMBED_NOT_HTTPS: "“{{Name}}” embeds {{URL}}, which is not HTTPS: browsers block it.",
    EMBED_FRAMING_REFUSED: "“{{Name}}” embeds {{URL}}, which refuses to be shown inside the event ({{Header}}).",
    EMBED_UNREACHABLE: "“{{Name}}” embeds {{URL}}, which could not be fetched ({{Reason}}).",
    EMBED_UNVERIFIED: "“{{Name}}” embeds {{URL}}, which was not checked ({{Reason}}).",
    THEME_CONTRAST_LOW:
      "{{Theme}}: {{TextKey}} ({{Text}}) on {{BackgroundKey}} ({{Background}}) has a contrast of {{Ratio}}:1; at least {{Required}}:1 is needed.",
    THEME_COLOR_UNREADABLE: "{{Theme}}: {{Key}} ({{Value}}) is not a colour the check can read, so its contrast was not checked.",
    SESSIONS_OVERLAP: "“{{SessionTitle}}” and “{{OtherSessionTitle}}” play on screen {{ScreenID}} at the same time.",
    WHITELIST_EMPTY_RESTRICTED: "Only listed people may enter, but the list is empty: no attendee can get in.",
    WHITELIST_OPEN: "The event is not restricted and has no list: anyone with an account may register and enter.",
  },
};

export type PrepublishTranslation = DeepStrings<typeof prepublish>;
type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

export default prepublish;
