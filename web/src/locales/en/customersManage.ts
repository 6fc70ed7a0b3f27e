/**
 * English strings of the organizer console's customer screens (list, new customer, settings) and
 * of the invited admins' set-password page: the key source of the `customersManage` namespace.
 * Added to i18next with those screens' chunks (features/customers/manage/customers-i18n.ts); the
 * other languages are typed `CustomersManageTranslation`, so a missing or extra key does not compile.
 */
const customersManage = {
  loading: "Loading…",
  list: {
    title: "Customers",
    new: "New customer",
    search: "Search customers",
    searchHint: "Searches the customers' names.",
    columns: {
      name: "Name",
      state: "State",
      created: "Created",
    },
    active: "Active",
    disabled: "Disabled",
    empty: "No customers yet.",
    emptyNotMaster: "You are not a customer admin of any customer.",
    emptySearch: "No customers match “{{search}}”.",
    loadFailed: "The customers could not be loaded.",
    shown: "Customers shown: {{count}}",
  },
  create: {
    title: "New customer",
    intro: "A customer owns events, their admins and their sign-in settings. Its first customer admin is invited by email.",
    customerLegend: "Customer",
    name: "Name",
    nameHint: "As organizers and attendees see it, up to 200 characters.",
    adminLegend: "First customer admin",
    adminHint: "They get an email with a link to choose a password. Someone who already has an account keeps it and gets the new rights.",
    email: "Email address",
    firstName: "First name",
    lastName: "Last name",
    namesHint: "Used for a new account; optional.",
    language: "Language of the invitation",
    submit: "Create customer and invite",
    submitting: "Creating…",
    created: "The customer “{{name}}” was created. Invitation sent to {{email}}.",
    failed: "The customer was not created.",
    cancel: "Cancel",
  },
  settings: {
    title: "Settings",
    name: "Name",
    save: "Save name",
    saving: "Saving…",
    saved: "The name has been saved.",
    saveFailed: "The name was not saved.",
    stateTitle: "Access for attendees",
    activeBody: "Active: attendees can log in to this customer's events.",
    disabledBody: "Disabled: attendees cannot log in to this customer's events or use them. Its admins and master admins still can, to prepare or fix them.",
    masterOnly: "Only master admins can disable or enable a customer.",
    disable: "Disable customer",
    enable: "Enable customer",
    enabling: "Enabling…",
    enabled: "“{{name}}” is enabled again: attendees can log in to its events.",
    disabledDone: "“{{name}}” is disabled: its attendees are locked out.",
    stateFailed: "The customer's state was not changed.",
    loadFailed: "The customer could not be loaded.",
  },
  disableDialog: {
    title: "Disable “{{name}}”?",
    body: "Attendees of every event of {{name}} will be locked out at once: they can no longer log in, and those signed in lose access. Its admins keep access. You can enable the customer again later.",
    confirm: "Disable customer",
    busy: "Disabling…",
    cancel: "Cancel",
  },
  validation: {
    nameRequired: "Enter the customer's name.",
    nameTooLong: "The name can have at most 200 characters.",
    emailRequired: "Enter the first admin's email address.",
    emailInvalid: "Enter a valid email address, such as name@example.com.",
    emailTooLong: "An email address can have at most 320 characters.",
    personNameTooLong: "A name can have at most 100 characters.",
    languageInvalid: "Choose a language.",
  },
  setPassword: {
    title: "Choose your password",
    intro: "Welcome to Venuely. Choose a password for {{email}} to finish setting up your organizer account.",
    submit: "Set password",
    submitting: "Saving…",
    done: "Your password is set. Log in with it now.",
    expiredTitle: "This link cannot be used",
    expiredBody: "The link is incomplete, has expired or was already used. Ask whoever invited you to send the invitation again.",
    toLogin: "Go to the organizer login",
  },
};

export type CustomersManageTranslation = DeepStrings<typeof customersManage>;
type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

export default customersManage;
