/**
 * The provider form's rules (zod, read by react-hook-form). The server checks again and has the
 * last word (its 422 names the field); these catch typing mistakes before anything is sent.
 *
 * - Label 1..100 characters (after trimming): it is a button's text.
 * - Issuer: an absolute URL without query or fragment; https, or http on this computer's loopback
 *   names (the server accepts those only in dev and test, docs/subsystems/auth.md).
 * - Client ID required; client secret required only when adding a Google provider (Google's web
 *   clients always have one; other providers may be public clients using PKCE alone). When
 *   editing, an empty secret keeps the stored one.
 * - Scopes: space-separated tokens (printable ASCII, no quotes or backslashes) including `openid`.
 * - Events: all (sent as []) or at least one chosen.
 *
 * Messages are keys under `validation.*` of the `identityManage` namespace.
 */
import { z } from "zod";
import { DEFAULT_SCOPES, GOOGLE_ISSUER, scopesText, type ProviderBody, type ProviderKind, type SignInProviderRow } from "./api";

export const LABEL_MAX = 100;
export const ISSUER_MAX = 500;
export const CLIENT_ID_MAX = 500;
export const SECRET_MAX = 2000;
export const SCOPES_MAX = 500;

export const providerValidationKeys = [
  "labelRequired",
  "labelTooLong",
  "issuerRequired",
  "issuerInvalid",
  "issuerHttps",
  "clientIdRequired",
  "tooLong",
  "clientSecretRequired",
  "scopesOpenid",
  "scopesInvalid",
  "eventsRequired",
] as const;
export type ProviderValidationKey = (typeof providerValidationKeys)[number];

export function isProviderValidationKey(value: unknown): value is ProviderValidationKey {
  return typeof value === "string" && (providerValidationKeys as readonly string[]).includes(value);
}

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);
// RFC 6749 §3.3, as the server checks: printable ASCII without space, `"` and `\`.
const SCOPE_TOKEN = /^[\x21\x23-\x5b\x5d-\x7e]+$/;

/** Null when the issuer is acceptable, else the validation key saying why not. */
export function issuerProblem(raw: string): ProviderValidationKey | null {
  const value = raw.trim();
  if (value === "") return "issuerRequired";
  if (value.length > ISSUER_MAX) return "tooLong";
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "issuerInvalid";
  }
  if (url.search !== "" || url.hash !== "" || value.includes("?") || value.includes("#") || url.username !== "" || url.password !== "") return "issuerInvalid";
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:") return LOOPBACK.has(url.hostname) ? null : "issuerHttps";
  return "issuerInvalid";
}

export const scopeList = (raw: string): string[] => raw.split(/\s+/).filter((s) => s !== "");

export function providerSchema(creating: boolean) {
  return z
    .object({
      Kind: z.enum(["google", "oidc"]),
      Label: z.string(),
      Issuer: z.string(),
      ClientID: z.string(),
      ClientSecret: z.string(),
      Scopes: z.string(),
      EventScope: z.enum(["all", "chosen"]),
      EventIDs: z.array(z.string()),
      IsEnabled: z.boolean(),
    })
    .superRefine((v, ctx) => {
      const issue = (path: string, message: ProviderValidationKey) => ctx.addIssue({ code: "custom", path: [path], message });
      const label = v.Label.trim();
      if (label === "") issue("Label", "labelRequired");
      else if (label.length > LABEL_MAX) issue("Label", "labelTooLong");
      const issuer = issuerProblem(v.Issuer);
      if (issuer) issue("Issuer", issuer);
      const clientId = v.ClientID.trim();
      if (clientId === "") issue("ClientID", "clientIdRequired");
      else if (clientId.length > CLIENT_ID_MAX) issue("ClientID", "tooLong");
      if (v.ClientSecret.length > SECRET_MAX) issue("ClientSecret", "tooLong");
      else if (creating && v.Kind === "google" && v.ClientSecret.trim() === "") issue("ClientSecret", "clientSecretRequired");
      const scopes = scopeList(v.Scopes);
      if (v.Scopes.length > SCOPES_MAX) issue("Scopes", "tooLong");
      else if (!scopes.every((s) => SCOPE_TOKEN.test(s))) issue("Scopes", "scopesInvalid");
      else if (!scopes.includes("openid")) issue("Scopes", "scopesOpenid");
      if (v.EventScope === "chosen" && v.EventIDs.length === 0) issue("EventIDs", "eventsRequired");
    });
}

export type ProviderFormValues = z.infer<ReturnType<typeof providerSchema>>;

/** The longest a field may be, for the message that says so. */
export const maxOf: Partial<Record<keyof ProviderFormValues, number>> = {
  Label: LABEL_MAX,
  Issuer: ISSUER_MAX,
  ClientID: CLIENT_ID_MAX,
  ClientSecret: SECRET_MAX,
  Scopes: SCOPES_MAX,
};

/** What a kind presets when it is chosen: Google's issuer and label are fixed by Google. */
export const presets: Record<ProviderKind, { Label: string; Issuer: string }> = {
  google: { Label: "Google", Issuer: GOOGLE_ISSUER },
  oidc: { Label: "", Issuer: "" },
};

/** The form's start: a stored provider (its secret never comes back, so the field is empty), or a new Google one. */
export function providerValues(row: SignInProviderRow | null): ProviderFormValues {
  if (!row) {
    return { Kind: "google", ...presets.google, ClientID: "", ClientSecret: "", Scopes: DEFAULT_SCOPES, EventScope: "all", EventIDs: [], IsEnabled: true };
  }
  return {
    Kind: row.Kind === "google" ? "google" : "oidc",
    Label: row.Label,
    Issuer: row.Issuer,
    ClientID: row.ClientID,
    ClientSecret: "",
    Scopes: scopesText(row.Scopes) || DEFAULT_SCOPES,
    EventScope: row.EventIDs.length === 0 ? "all" : "chosen",
    EventIDs: [...row.EventIDs],
    IsEnabled: row.IsEnabled,
  };
}

/** The request body: trimmed, the secret only when typed (else the stored one stays), [] for all events. */
export function toProviderBody(values: ProviderFormValues): ProviderBody {
  const secret = values.ClientSecret.trim();
  return {
    Kind: values.Kind,
    Label: values.Label.trim(),
    Issuer: values.Kind === "google" ? GOOGLE_ISSUER : values.Issuer.trim(),
    ClientID: values.ClientID.trim(),
    ...(secret !== "" ? { ClientSecret: secret } : {}),
    Scopes: scopeList(values.Scopes).join(" "),
    EventIDs: values.EventScope === "all" ? [] : [...new Set(values.EventIDs)],
    IsEnabled: values.IsEnabled,
  };
}
