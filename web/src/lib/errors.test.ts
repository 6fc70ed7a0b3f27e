import { describe, expect, it } from "vitest";
import { ApiError, NetworkError } from "./api-client";
import { codeMessageKey, errorMessageKey } from "./errors";
import { ERROR_CODES } from "./generated/error-codes";
import de from "@/locales/de";
import en from "@/locales/en";
import es from "@/locales/es";
import fr from "@/locales/fr";
import itStrings from "@/locales/it";

const resources = { en, de, es, fr, it: itStrings } as const;

const text = (language: keyof typeof resources, key: string): unknown =>
  key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], resources[language]);

describe("the error map", () => {
  it("gives every server code a message that exists in every language", () => {
    for (const code of ERROR_CODES) {
      const key = codeMessageKey(code);
      for (const language of Object.keys(resources) as (keyof typeof resources)[]) {
        expect(text(language, key), `${code} → ${key} (${language})`).toBeTypeOf("string");
      }
    }
  });

  it("translates a chat code in the one place the REST errors use", () => {
    expect(codeMessageKey("NOT_A_MEMBER")).toBe("errors.notAMember");
    expect(errorMessageKey(new ApiError(404, "CHATROOM_NOT_FOUND", ""))).toBe(codeMessageKey("CHATROOM_NOT_FOUND"));
  });

  it("says what a refused mute or block means", () => {
    expect(codeMessageKey("CHAT_PERSON_BLOCKED")).toBe("errors.chatPersonBlocked");
    expect(codeMessageKey("CANNOT_MUTE_SELF")).toBe("errors.cannotMuteSelf");
    expect(codeMessageKey("TOO_MANY_MUTES")).toBe("errors.tooManyMutes");
    expect(errorMessageKey(new ApiError(404, "CHAT_MUTE_NOT_FOUND", ""))).toBe("errors.chatMuteNotFound");
  });

  it("says 'something went wrong' for a code this build does not know", () => {
    expect(codeMessageKey("SOMETHING_NEWER")).toBe("errors.generic");
  });
});

describe("errorMessageKey", () => {
  it("keeps the messages the account screens show by status", () => {
    expect(errorMessageKey(new NetworkError(new TypeError("offline")))).toBe("errors.network");
    expect(errorMessageKey(new ApiError(429, "RATE_LIMITED", ""))).toBe("errors.throttled");
    expect(errorMessageKey(new ApiError(422, "VALIDATION_ERROR", ""))).toBe("errors.invalidInput");
    expect(errorMessageKey(new ApiError(422, "MISSING_PARAMETER", ""))).toBe("errors.invalidInput");
    expect(errorMessageKey(new ApiError(401, "JWT_EXPIRED", "JWT Expired"))).toBe("errors.sessionExpired");
    expect(errorMessageKey(new ApiError(500, "INTERNAL_ERROR", ""))).toBe("errors.generic");
    expect(errorMessageKey(new Error("boom"))).toBe("errors.generic");
  });

  it("falls back to the status for an answer without a known code", () => {
    expect(errorMessageKey(new ApiError(429, "HTTP_429", "Too Many Requests"))).toBe("errors.throttled");
    expect(errorMessageKey(new ApiError(422, "SOMETHING_NEWER", ""))).toBe("errors.invalidInput");
    expect(errorMessageKey(new ApiError(502, "HTTP_502", "Bad Gateway"))).toBe("errors.generic");
  });

  it("names what went wrong where a person can act on it", () => {
    expect(errorMessageKey(new ApiError(503, "SERVER_BUSY", ""))).toBe("errors.serverBusy");
    expect(errorMessageKey(new ApiError(401, "NOT_WHITELISTED", ""))).toBe("errors.notAdmitted");
    expect(errorMessageKey(new ApiError(410, "MEDIA_EXPIRED", ""))).toBe("errors.mediaExpired");
  });
});
