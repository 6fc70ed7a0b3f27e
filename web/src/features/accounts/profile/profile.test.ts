import { describe, expect, it } from "vitest";
import { ApiError, NetworkError } from "@/lib/api-client";
import { pictureProblem, serverFieldErrors, withPicture } from "./api";
import { DEVICE_ZONE, PICTURE_MAX_BYTES, pictureFileProblem, pictureUrlProblem, profileSchema, profileUpdate, profileValues } from "./schema";

const person = { ID: "p", FirstName: "Ada", LastName: "Lovelace", TimezoneName: "GMT+2", TimezoneShift: 2 };

describe("profile schema", () => {
  it("starts from the person and the app's language; a stored offset is the choice", () => {
    expect(profileValues(person, "fr")).toEqual({ firstName: "Ada", lastName: "Lovelace", language: "fr", timezone: "2" });
    // A bare 0 without a name is the default, not a choice of GMT.
    expect(profileValues({ ...person, TimezoneName: "", TimezoneShift: 0 }, "en").timezone).toBe(DEVICE_ZONE);
    expect(profileValues({ ...person, TimezoneName: "GMT", TimezoneShift: 0 }, "en").timezone).toBe("0");
  });

  it("builds the PUT body: trimmed names, the offset's name, or no choice for the device", () => {
    expect(profileUpdate({ firstName: " Ada ", lastName: "Lovelace ", language: "de", timezone: "-12" })).toEqual({
      FirstName: "Ada",
      LastName: "Lovelace",
      Language: "de",
      TimezoneName: "GMT-12",
      TimezoneShift: -12,
    });
    expect(profileUpdate({ firstName: "A", lastName: "B", language: "en", timezone: DEVICE_ZONE })).toMatchObject({ TimezoneName: "", TimezoneShift: 0 });
  });

  it("refuses offsets outside −12 … +14 and languages the product does not speak", () => {
    const base = { firstName: "A", lastName: "B", language: "en", timezone: "14" };
    expect(profileSchema.safeParse(base).success).toBe(true);
    expect(profileSchema.safeParse({ ...base, timezone: "15" }).success).toBe(false);
    expect(profileSchema.safeParse({ ...base, timezone: "1.5" }).success).toBe(false);
    expect(profileSchema.safeParse({ ...base, language: "nl" }).success).toBe(false);
  });

  it("counts a name's length in characters after trimming, like the server", () => {
    const base = { firstName: "A", lastName: "B", language: "en", timezone: "" };
    expect(profileSchema.safeParse({ ...base, firstName: `  ${"é".repeat(100)}  ` }).success).toBe(true);
    expect(profileSchema.safeParse({ ...base, firstName: "😀".repeat(101) }).error?.issues[0]?.message).toBe("profile.nameTooLong");
    expect(profileSchema.safeParse({ ...base, lastName: "   " }).error?.issues[0]?.message).toBe("validation.lastNameRequired");
  });

  it("picture files: type by MIME type, else by extension; not empty; within the limit", () => {
    const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });
    expect(pictureFileProblem(null)).toBe("profile.picture.chooseFile");
    expect(pictureFileProblem(file("a.png", "image/png"))).toBeNull();
    expect(pictureFileProblem(file("a.JPEG", ""))).toBeNull();
    expect(pictureFileProblem(file("a.heic", ""))).toBe("profile.picture.fileType");
    expect(pictureFileProblem(file("a.svg", "image/svg+xml"))).toBe("profile.picture.fileType");
    expect(pictureFileProblem(file("a.png", "image/png", 0))).toBe("profile.picture.fileEmpty");
    expect(pictureFileProblem(file("a.png", "image/png", PICTURE_MAX_BYTES))).toBeNull();
    expect(pictureFileProblem(file("a.png", "image/png", PICTURE_MAX_BYTES + 1))).toBe("profile.picture.fileTooLarge");
  });

  it("picture addresses: http(s) only, no user information, no spaces", () => {
    expect(pictureUrlProblem("  ")).toBe("profile.picture.urlRequired");
    expect(pictureUrlProblem(" https://example.com/a.png ")).toBeNull();
    expect(pictureUrlProblem("http://example.com/a b.png")).toBe("profile.picture.urlInvalid");
    expect(pictureUrlProblem("http://example.com\\a.png")).toBe("profile.picture.urlInvalid");
    expect(pictureUrlProblem("https://me@example.com/a.png")).toBe("profile.picture.urlInvalid");
    expect(pictureUrlProblem("data:image/png;base64,AAAA")).toBe("profile.picture.urlInvalid");
    expect(pictureUrlProblem(`https://example.com/${"a".repeat(2000)}`)).toBe("profile.picture.urlInvalid");
  });
});

describe("profile refusals", () => {
  const invalid = (problems: unknown[]) => new ApiError(422, "VALIDATION_ERROR", "invalid", { Operation: "update_person", Problems: problems });

  it("maps the 422's named parameters to fields, with the form's own words where they fit", () => {
    expect(
      serverFieldErrors(
        invalid([
          { In: "body", Name: "LastName", Type: "string_too_short" },
          { In: "body", Name: "TimezoneShift", Type: "less_than_equal" },
          { In: "body", Name: "TimezoneName", Type: "string_too_long" },
          { In: "body", Name: "Other", Type: "x" },
        ]),
      ),
    ).toEqual({ lastName: "validation.lastNameRequired", timezone: "errors.invalidInput" });
    expect(serverFieldErrors(new ApiError(500, "INTERNAL_ERROR", "x"))).toEqual({});
    expect(serverFieldErrors(new ApiError(422, "VALIDATION_ERROR", "x", null))).toEqual({});
  });

  it("reads the picture routes' refusals", () => {
    expect(pictureProblem(new ApiError(413, "BODY_TOO_LARGE", "x", { MaxBytes: 5 }), 9)).toEqual({ key: "profile.picture.fileTooLarge", maxBytes: 5 });
    expect(pictureProblem(new ApiError(413, "BODY_TOO_LARGE", "x"), 9)).toEqual({ key: "profile.picture.fileTooLarge", maxBytes: 9 });
    expect(pictureProblem(new ApiError(415, "UNSUPPORTED_MEDIA_TYPE", "x"), 9)).toEqual({ key: "profile.picture.fileType" });
    expect(pictureProblem(new ApiError(502, "UPSTREAM_FAILED", "x", { Reason: "timeout" }), 9)).toEqual({ key: "profile.picture.urlFailed" });
    expect(pictureProblem(new ApiError(403, "FORBIDDEN", "x", { Reason: "private address" }), 9)).toEqual({ key: "profile.picture.urlRefused" });
    expect(pictureProblem(new ApiError(422, "VALIDATION_ERROR", "x", { Reason: "scheme" }), 9)).toEqual({ key: "profile.picture.urlInvalid" });
    expect(pictureProblem(invalid([{ In: "body", Name: "url", Type: "string_too_long" }]), 9)).toEqual({ key: "profile.picture.urlInvalid" });
    // A 403 that is not about the address (another event's token) is not blamed on it.
    expect(pictureProblem(new ApiError(403, "FORBIDDEN", "x"), 9)).toEqual({ key: "profile.picture.notSaved", reason: "errors.forbidden" });
    expect(pictureProblem(new ApiError(422, "INVALID_FILE", "x"), 9)).toEqual({ key: "profile.picture.notSaved", reason: "errors.fileInvalid" });
    expect(pictureProblem(new ApiError(429, "RATE_LIMITED", "x"), 9)).toEqual({ key: "profile.picture.notSaved", reason: "errors.throttled" });
    expect(pictureProblem(new NetworkError(new Error("x")), 9)).toEqual({ key: "profile.picture.notSaved", reason: "errors.network" });
  });

  it("puts a new picture where the person keeps it", () => {
    expect(withPicture({ ID: "p", FirstName: "A", LastName: "B" }, "/api/v1/files/x").ContactInfo?.Business?.PictureURL).toBe("/api/v1/files/x");
    const kept = withPicture({ ID: "p", FirstName: "A", LastName: "B", ContactInfo: { Business: { EMailAddress: "a@b.test", PictureURL: "old" } } }, "new");
    expect(kept.ContactInfo?.Business).toEqual({ EMailAddress: "a@b.test", PictureURL: "new" });
  });
});
