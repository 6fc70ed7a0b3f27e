/**
 * English strings of the organizer console's Event requests page (master admins): the key source
 * of the `eventRequests` namespace, added with the page's chunk
 * (features/events/manage/requests/requests-i18n.ts). The other languages are typed
 * `EventRequestsTranslation`, so a missing or extra key does not compile.
 */
const eventRequests = {
  title: "Event requests",
  intro: "People ask for an event with the request form. Approving creates the event for a customer and makes the requester its event admin; rejecting sends them your reason. Either way they get an email.",
  tabsLabel: "Which requests",
  tabs: {
    pending: "Pending",
    approved: "Approved",
    rejected: "Rejected",
  },
  loading: "Loading the requests…",
  loadFailed: "The requests could not be loaded.",
  empty: {
    pending: "No requests are waiting.",
    approved: "No approved requests yet.",
    rejected: "No rejected requests.",
  },
  shown: "Requests shown: {{count}}",
  item: {
    dates: "{{begin}} – {{end}} ({{zone}})",
    noDates: "No dates given",
    requestedBy: "Requested by {{name}} ({{email}})",
    contact: "Contact address: {{email}}",
    received: "Received {{date}}",
    decided: "Decided {{date}}",
    message: "Message",
    noMessage: "No message.",
    reason: "Reason given",
    openEvent: "Open the event",
    eventGone: "The event no longer exists.",
    approve: "Approve",
    reject: "Reject",
    forRequest: "“{{title}}”",
  },
  approve: {
    title: "Approve “{{title}}”",
    intro: "The event is created with the requested title and dates. {{name}} ({{email}}) becomes its event admin and gets an email.",
    customerLegend: "Customer of the event",
    existing: "An existing customer",
    new: "A new customer",
    customer: "Customer",
    noCustomers: "There are no customers yet: create a new one.",
    newName: "New customer's name",
    newNameHint: "Up to 200 characters. Its customer admins can be invited afterwards.",
    submit: "Approve and create the event",
    submitting: "Approving…",
    cancel: "Cancel",
    done: "“{{title}}” was approved and its event created. {{email}} has been told.",
    failed: "The request was not approved.",
    alreadyDecided: "This request was decided in the meantime. The lists now show its state.",
  },
  reject: {
    title: "Reject “{{title}}”",
    intro: "{{name}} ({{email}}) gets an email with your reason.",
    reason: "Reason",
    reasonHint: "Up to 2000 characters, sent to the requester as you write it.",
    submit: "Reject the request",
    submitting: "Rejecting…",
    cancel: "Cancel",
    done: "“{{title}}” was rejected. {{email}} has been told.",
    failed: "The request was not rejected.",
  },
  validation: {
    customerNameRequired: "Enter the new customer's name.",
    customerNameTooLong: "The name can have at most 200 characters.",
    reasonRequired: "Enter a reason: it is sent to the requester.",
    reasonTooLong: "The reason can have at most 2000 characters.",
  },
};

export type EventRequestsTranslation = DeepStrings<typeof eventRequests>;
type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

export default eventRequests;
