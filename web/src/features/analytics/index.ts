/**
 * Public surface of analytics: the attendee app's statistics tracker (bound in
 * `app/tracking-consent.ts`) and the `trackUsage` call features make when a named screen opens.
 * The organizers' dashboard is `manage/DashboardScreen`, loaded by the console only.
 */
export {
  flushAnalytics,
  setAnalyticsConsent,
  setAnalyticsEvent,
  setAnalyticsFocus,
  setWatchedSession,
  trackPageView,
  trackUsage,
} from "./tracker";
export { whereOf, type UsageScreen, type Where } from "./screens";
