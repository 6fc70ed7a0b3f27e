import { describe, expect, it } from "vitest";
import { GOOGLE_ISSUER, type SignInProviderRow } from "./api";
import { issuerProblem, providerSchema, providerValues, toProviderBody, type ProviderFormValues } from "./provider-schema";

const row: SignInProviderRow = {
  ID: "o1",
  CustomerID: "c1",
  Kind: "oidc",
  Label: "Acme Staff",
  Issuer: "https://login.acme.example",
  ClientID: "acme-client",
  HasClientSecret: true,
  Scopes: "openid email",
  EventIDs: ["e2"],
  IsEnabled: true,
  CreatedAt: "2026-11-01T10:00:00Z",
};

const problems = (values: ProviderFormValues, creating = false) => {
  const result = providerSchema(creating).safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe("issuerProblem", () => {
  it.each(["https://accounts.google.com", "https://login.acme.example/realms/staff", "http://localhost:9400", "http://127.0.0.1:9400/oidc", "http://[::1]:8080"])("accepts %s", (issuer) => {
    expect(issuerProblem(issuer)).toBeNull();
  });
  it.each([
    ["", "issuerRequired"],
    ["login.acme.example", "issuerInvalid"],
    ["http://login.acme.example", "issuerHttps"],
    ["ftp://login.acme.example", "issuerInvalid"],
    ["https://login.acme.example/?tenant=1", "issuerInvalid"],
    ["https://login.acme.example/#x", "issuerInvalid"],
    ["https://user:pw@login.acme.example", "issuerInvalid"],
    [`https://${"a".repeat(500)}.example`, "tooLong"],
  ])("refuses %s (%s)", (issuer, key) => {
    expect(issuerProblem(issuer)).toBe(key);
  });
});

describe("providerSchema", () => {
  it("a new Google provider needs its client secret; another provider may be a public client", () => {
    const google = providerValues(null);
    expect(problems({ ...google, ClientID: "id" }, true)).toEqual({ ClientSecret: "clientSecretRequired" });
    expect(problems({ ...google, Kind: "oidc", Issuer: "https://login.acme.example", Label: "Acme", ClientID: "id" }, true)).toEqual({});
  });

  it("editing keeps the stored secret when the field stays empty", () => {
    expect(problems(providerValues({ ...row, Kind: "google", Issuer: GOOGLE_ISSUER }))).toEqual({});
  });

  it("names each field's problem", () => {
    const values: ProviderFormValues = { ...providerValues(row), Label: "  ", Issuer: "http://acme.example", ClientID: "", Scopes: "email profile", EventIDs: [] };
    expect(problems(values)).toEqual({ Label: "labelRequired", Issuer: "issuerHttps", ClientID: "clientIdRequired", Scopes: "scopesOpenid", EventIDs: "eventsRequired" });
    expect(problems({ ...providerValues(row), Label: "x".repeat(101), Scopes: 'openid "email"' })).toEqual({ Label: "labelTooLong", Scopes: "scopesInvalid" });
  });
});

describe("toProviderBody", () => {
  it("trims, joins scopes with single spaces, [] for all events, and leaves an empty secret out", () => {
    const values: ProviderFormValues = { ...providerValues(row), Label: " Acme ", Scopes: " openid   email\tprofile ", EventScope: "all" };
    const body = toProviderBody(values);
    expect(body).toEqual({ Kind: "oidc", Label: "Acme", Issuer: "https://login.acme.example", ClientID: "acme-client", Scopes: "openid email profile", EventIDs: [], IsEnabled: true });
    expect("ClientSecret" in body).toBe(false);
  });

  it("sends a typed secret and the chosen events", () => {
    expect(toProviderBody({ ...providerValues(row), ClientSecret: "s3cret", EventIDs: ["e2", "e3", "e2"] })).toMatchObject({ ClientSecret: "s3cret", EventIDs: ["e2", "e3"] });
  });

  it("Google keeps Google's issuer whatever the field says", () => {
    expect(toProviderBody({ ...providerValues(null), ClientID: "id", Issuer: "https://evil.example" }).Issuer).toBe(GOOGLE_ISSUER);
  });
});
