import { describe, expect, it } from "vitest";
import { insideEventPath, ssoErrorMessageKey, startNext } from "./sso";

describe("insideEventPath", () => {
  it.each(["/", "/landing", "/Landing?id=7", "/chat/group/g1#top", "/page/caf%C3%A9", "/start?mode=zoom&id=1"])("keeps the event page %s", (next) => {
    expect(insideEventPath(next)).toBe(next);
  });

  it.each([
    ["another host", "https://evil.example/demo"],
    ["a scheme", "javascript:alert(1)"],
    ["a protocol-relative address", "//evil.example/x"],
    ["a backslash host", "/\\evil.example"],
    ["a backslash further on", "/landing\\..\\x"],
    ["a parent segment", "/../other-event/start"],
    ["an encoded parent segment", "/%2e%2e/other-event"],
    ["a dot segment", "/./landing"],
    ["a control character", "/landing\n"],
    ["a broken escape", "/%E0%A4%A"],
    ["no leading slash", "landing"],
    ["nothing", ""],
    ["sign-out", "/sign-out"],
    ["login again", "/LOGIN?x=1"],
    ["the completion page itself", "/sso-complete?next=/"],
    ["an overlong value", `/${"a".repeat(2001)}`],
  ])("refuses %s", (_what, next) => {
    expect(insideEventPath(next)).toBeNull();
  });

  it("refuses a missing value", () => {
    expect(insideEventPath(null)).toBeNull();
    expect(insideEventPath(undefined)).toBeNull();
  });
});

describe("ssoErrorMessageKey", () => {
  it("maps each code the server sends to Login", () => {
    expect(ssoErrorMessageKey("SSO_STATE_INVALID")).toBe("errors.ssoStateInvalid");
    expect(ssoErrorMessageKey("SSO_PROVIDER_FAILED")).toBe("errors.ssoProviderFailed");
    expect(ssoErrorMessageKey("SSO_TOKEN_INVALID")).toBe("errors.ssoTokenInvalid");
    expect(ssoErrorMessageKey("SSO_EMAIL_UNVERIFIED")).toBe("errors.ssoEmailUnverified");
    expect(ssoErrorMessageKey("NOT_WHITELISTED")).toBe("errors.notAdmitted");
    expect(ssoErrorMessageKey("CUSTOMER_DISABLED")).toBe("errors.customerDisabled");
    expect(ssoErrorMessageKey("ACCOUNT_DISABLED")).toBe("errors.accountDisabled");
    expect(ssoErrorMessageKey("SSO_HANDOFF_INVALID")).toBe("errors.ssoFailed");
    expect(ssoErrorMessageKey("SIGN_IN_PROVIDER_NOT_FOUND")).toBe("errors.ssoProviderGone");
    expect(ssoErrorMessageKey("SSO_ACCOUNT_ELSEWHERE")).toBe("errors.ssoAccountElsewhere");
    expect(ssoErrorMessageKey("SSO_PROVIDER_DISABLED")).toBe("errors.ssoProviderDisabled");
  });

  it("says 'did not work' for a code it does not know, including inherited names", () => {
    expect(ssoErrorMessageKey("SOMETHING_NEW")).toBe("errors.ssoFailed");
    expect(ssoErrorMessageKey("toString")).toBe("errors.ssoFailed");
    expect(ssoErrorMessageKey("")).toBe("errors.ssoFailed");
  });
});

describe("startNext", () => {
  it("hands on the remembered page when the server takes it", () => {
    expect(startNext("/Landing?id=7")).toBe("/Landing?id=7");
    expect(startNext(null)).toBe("/");
  });

  it("falls back to the event's start for what the server would refuse", () => {
    expect(startNext("//evil.example")).toBe("/");
    expect(startNext("/landing?q=a b")).toBe("/");
    expect(startNext(`/${"a".repeat(500)}`)).toBe("/");
  });
});
