import { describe, expect, it } from "vitest";
import en from "@/locales/en";
import { rules, validateCode, validateLogin, validateNewPassword, validateSignUp } from "./validation";

const good = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.org", password: "correct horse battery", confirmation: "correct horse battery", agreement: true };

describe("login form", () => {
  it("needs a valid email and a password, with the spec's texts", () => {
    const errors = validateLogin({ email: "not-an-email", password: "" });
    expect(errors).toEqual({ email: "validation.emailInvalid", password: "validation.passwordRequired" });
    expect(en.validation.emailInvalid).toBe("Please enter a valid email address");
    expect(en.validation.passwordRequired).toBe("Please enter a password");
  });
  it("accepts a valid pair", () => {
    expect(validateLogin({ email: " ada@example.org ", password: "x" })).toEqual({});
  });
  it.each(["a@b", "@example.org", "a b@example.org", "ada@example.", "ada@@example.org", ""])("refuses %j", (email) => {
    expect(rules.email(email)).toBe("validation.emailInvalid");
  });
});

describe("sign-up form", () => {
  it("passes a complete form", () => expect(validateSignUp(good)).toEqual({}));
  it("reports every rule with the spec's texts", () => {
    const errors = validateSignUp({ firstName: " ", lastName: "", email: "x", password: "short", confirmation: "other", agreement: false });
    expect(errors).toEqual({
      firstName: "validation.firstNameRequired",
      lastName: "validation.lastNameRequired",
      email: "validation.emailInvalid",
      password: "validation.passwordTooShort",
      confirmation: "validation.passwordsDontMatch",
      agreement: "validation.agreementRequired",
    });
    expect(en.validation.firstNameRequired).toBe("First name is required");
    expect(en.validation.lastNameRequired).toBe("Last name is required");
    expect(en.validation.passwordsDontMatch).toBe("Passwords don't match");
  });
  it("counts 12 characters as enough and 11 as too few", () => {
    expect(rules.newPassword("a".repeat(12))).toBeNull();
    expect(rules.newPassword("a".repeat(11))).toBe("validation.passwordTooShort");
    expect(rules.newPassword("😀".repeat(12))).toBeNull();
  });
});

describe("new password and verification code", () => {
  it("needs 12 characters and a matching confirmation", () => {
    expect(validateNewPassword({ password: "a".repeat(12), confirmation: "a".repeat(12) })).toEqual({});
    expect(validateNewPassword({ password: "a".repeat(12), confirmation: "b" })).toEqual({ confirmation: "validation.passwordsDontMatch" });
  });
  it.each([["123456", true], [" 123456 ", true], ["12345", false], ["1234567", false], ["12a456", false], ["", false]])(
    "code %j valid: %s",
    (code, valid) => expect(validateCode(code)).toEqual(valid ? {} : { code: "validation.codeInvalid" }),
  );
});
