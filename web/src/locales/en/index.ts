/** English: the source of the key set. Every other language is typed against this file. */
import chat from "./chat";
import errors from "./errors";
import home from "./home";
import profile from "./profile";
import venue from "./venue";

const en = {
  chat,
  venue,
  common: {
    appName: "Venuely",
    loading: "Loading…",
    retry: "Try again",
    close: "Close",
    email: "Email address",
    password: "Password",
    confirmPassword: "Confirm password",
    backToLogin: "Back to login",
    required: "required",
    dateRange: "{{begin}} – {{end}}",
    uploading: "Uploading… {{percent}}",
    uploadingUnknown: "Uploading…",
  },
  validation: {
    emailInvalid: "Please enter a valid email address",
    passwordRequired: "Please enter a password",
    firstNameRequired: "First name is required",
    lastNameRequired: "Last name is required",
    passwordTooShort: "The password must be at least 12 characters long",
    passwordsDontMatch: "Passwords don't match",
    agreementRequired: "Please agree to the terms of use and the privacy policy",
    codeInvalid: "Enter the 6-digit code",
  },
  errors,
  login: {
    title: "Log in",
    intro: "Log in to {{event}}",
    submit: "Log in",
    submitting: "Logging in…",
    forgot: "Forgot your password?",
    noAccount: "No account yet?",
    signUp: "Sign up",
    or: "or",
    continueWith: "Continue with {{label}}",
    providers: "Other ways to log in",
    verificationRequired: "Please verify your email address first. We can check your code now.",
  },
  signUp: {
    title: "Create your account",
    intro: "Sign up for {{event}}",
    firstName: "First name",
    lastName: "Last name",
    agreement: "I agree to the <terms>terms of use</terms> and the <privacy>privacy policy</privacy>.",
    passwordHint: "At least 12 characters.",
    submit: "Sign up",
    submitting: "Signing up…",
    haveAccount: "Already have an account?",
    logIn: "Log in",
  },
  forgot: {
    title: "Forgot your password?",
    intro: "Enter your email address and we will send you a link to set a new password.",
    submit: "Send link",
    submitting: "Sending…",
  },
  resetSent: {
    title: "Check your inbox",
    body: "If an account exists for {{email}}, we have sent it a link to set a new password. The link is valid for two hours.",
  },
  verify: {
    title: "Verify your email address",
    intro: "We have sent a 6-digit code to {{email}}. Enter it here or open the link in the email.",
    introNoEmail: "Enter the 6-digit code from the email we sent you.",
    code: "Verification code",
    submit: "Verify",
    submitting: "Verifying…",
    checkingLink: "Checking your link…",
    successTitle: "Email address verified",
    successBody: "Thank you. Your email address is verified and you can log in now.",
    toLogin: "Go to login",
  },
  accessDenied: {
    title: "Access Denied",
    body: "This event is open to invited attendees only, and your email address is not on the guest list.",
    overview: "Go to the events overview",
  },
  newPassword: {
    title: "Set a new password",
    password: "New password",
    submit: "Save password",
    submitting: "Saving…",
    success: "Your new password is saved. Please log in.",
    expiredTitle: "Password Reset Link Expired",
    expiredBody: "This link has expired or has already been used. Please request a new link.",
    requestNew: "Request a new link",
  },
  consent: {
    title: "Cookie preferences",
    intro: "We use cookies and similar storage. Choose which ones you allow; you can change this at any time.",
    necessary: "Strictly necessary",
    necessaryDescription: "Needed for logging in and for the site to work. They cannot be switched off.",
    alwaysActive: "Always active",
    functional: "Functional",
    functionalDescription: "Remember your settings, such as the language and the view angle in the venue.",
    statistics: "Statistics",
    statisticsDescription: "Count page views anonymously so the organizer can improve the event.",
    save: "Save preferences",
    acceptAll: "Accept all",
    saved: "Your cookie preferences are saved.",
    open: "Cookie settings",
  },
  footer: {
    provider: "Provided by Venuely",
    tagline: "Meet, wherever you are.",
    privacy: "Privacy policy",
    imprint: "Imprint",
    language: "Language",
  },
  languages: {
    en: "English",
    de: "Deutsch",
    es: "Español",
    fr: "Français",
    it: "Italiano",
  },
  policies: {
    termsTitle: "Terms of use",
    termsBody: "By taking part you agree to behave respectfully, to use the platform only for the event, and to follow the organizer's house rules.",
    imprintTitle: "Imprint",
    imprintBody: "This platform is operated with Venuely, open-source software for virtual events. The organizer of each event is responsible for its content; their contact details are published with the event.",
    privacyTitle: "Privacy policy",
    privacyBody: "We process your name and email address to give you access to the event, and, if you allow it, anonymous statistics about page views. You can ask the organizer at any time to see or delete your data.",
  },
  events: {
    overviewTitle: "Events",
    overviewIntro: "Choose an event to join.",
    empty: "No events are listed at the moment.",
    loadFailed: "The events could not be loaded.",
    startupFailed: "The event could not be loaded.",
  },
  notFound: {
    title: "Page not found",
    body: "There is no page at this address.",
    overview: "Go to the events overview",
  },
  home,
  profile,
  signOut: {
    progress: "Signing you out…",
  },
  sso: {
    progress: "Completing sign-in…",
  },
  notifications: {
    region: "Notifications",
    dismiss: "Dismiss",
  },
};

export type Translation = DeepStrings<typeof en>;
type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

export default en;
