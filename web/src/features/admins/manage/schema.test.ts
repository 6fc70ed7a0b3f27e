import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-client";
import { mailLimit } from "./api";
import { emptyInvite, inviteSchema, missingNames, sameEmail } from "./schema";

const issues = (values: Partial<typeof emptyInvite>) => {
  const result = inviteSchema.safeParse({ ...emptyInvite, ...values });
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}:${i.message}`);
};

describe("invite rules", () => {
  it("an address is required, well-formed and at most 320 characters; names are optional", () => {
    expect(issues({ email: "  " })).toEqual(["email:emailRequired"]);
    expect(issues({ email: "ada@" })).toEqual(["email:emailInvalid"]);
    expect(issues({ email: `${"a".repeat(310)}@example.com` })).toEqual(["email:emailTooLong"]);
    expect(issues({ email: " ada@example.com " })).toEqual([]);
    expect(issues({ email: "ada@example.com", firstName: "x".repeat(101) })).toEqual(["firstName:nameTooLong"]);
    expect(issues({ email: "ada@example.com", kind: "Master" as never })).toHaveLength(1);
  });

  it("names are missing when blank; addresses compare without case", () => {
    expect(missingNames({ firstName: " ", lastName: "Lovelace" })).toEqual(["firstName"]);
    expect(missingNames({ firstName: "Ada", lastName: "Lovelace" })).toEqual([]);
    expect(sameEmail(" Ada@Example.com", "ada@example.com ")).toBe(true);
  });
});

describe("mailLimit", () => {
  it("reads which limit a 429 hit and when to try again, in whole minutes", () => {
    expect(mailLimit(new ApiError(429, "RATE_LIMITED", "x", { Limit: "admin_info_mail", RetryAfterSeconds: 61 }))).toEqual({ perGrant: true, minutes: 2 });
    expect(mailLimit(new ApiError(429, "RATE_LIMITED", "x", { Limit: "admin_info_mail_sender", RetryAfterSeconds: 10 }))).toEqual({ perGrant: false, minutes: 1 });
    expect(mailLimit(new ApiError(502, "MAIL_FAILED", "x"))).toBeNull();
  });
});
