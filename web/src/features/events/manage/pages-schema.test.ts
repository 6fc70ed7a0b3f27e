import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-client";
import { mapPagesError } from "./pages-errors";
import {
  imageProblem,
  MAX_IMAGE_BYTES,
  pageFormSchema,
  photoboothFormSchema,
  toPageForm,
  toPhotoboothBody,
  webElementKeyProblem,
  type PageFormValues,
  type PhotoboothFormValues,
} from "./pages-schema";

const page: PageFormValues = { Title: "Questions", Content: "How do I join?\nClick the stage.", ImageURL: "", ImageHeight: "", IsSidebar: false, RemoveImage: false };

function pageIssues(values: Partial<PageFormValues>): Record<string, string> {
  const result = pageFormSchema.safeParse({ ...page, ...values });
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
}

const booth: PhotoboothFormValues = {
  Slug: "summer-gala",
  Domain: "https://booth.example.com",
  ReplaceKey: false,
  APIKey: "",
  GalleryDisplayMode: "grid",
  GalleryQRCodeShow: true,
  PanoID: "a".repeat(24),
  OnClickOpenPopup: true,
  OnClickGoToPanorama: false,
  ExpectPostMessage: true,
  PostMessageText: "photo-taken",
  PostMessageDomain: "https://booth.example.com",
};

function boothIssues(values: Partial<PhotoboothFormValues>, hasStoredKey = false): Record<string, string> {
  const result = photoboothFormSchema({ hasStoredKey }).safeParse({ ...booth, ...values });
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
}

describe("FAQ and landing rules (pages_router.py)", () => {
  it("accepts what the server accepts", () => {
    expect(pageIssues({})).toEqual({});
    expect(pageIssues({ Title: "x".repeat(200), ImageURL: "https://example.com/help", ImageHeight: "240px" })).toEqual({});
    for (const height of ["", "auto", "300", "9999px", "40vh", "50%"]) expect(pageIssues({ ImageHeight: height }), height).toEqual({});
    // Characters as Python counts them: an emoji is one character, not two UTF-16 units.
    expect(pageIssues({ Title: "😀".repeat(200) })).toEqual({});
  });

  it("refuses what the server refuses, with one message per field", () => {
    expect(pageIssues({ Title: "  " })).toEqual({ Title: "titleRequired" });
    expect(pageIssues({ Title: "x".repeat(201) })).toEqual({ Title: "titleTooLong" });
    // An empty form value is "missing" to the server.
    expect(pageIssues({ Content: "" })).toEqual({ Content: "contentRequired" });
    expect(pageIssues({ Content: "x".repeat(100_001) })).toEqual({ Content: "contentTooLong" });
    expect(pageIssues({ ImageURL: "javascript:alert(1)" })).toEqual({ ImageURL: "imageUrlInvalid" });
    expect(pageIssues({ ImageURL: "https://" })).toEqual({ ImageURL: "imageUrlInvalid" });
    expect(pageIssues({ ImageURL: `https://e.com/${"x".repeat(2000)}` })).toEqual({ ImageURL: "imageUrlTooLong" });
    for (const height of ["tall", "10000", "12em", "-1px"]) expect(pageIssues({ ImageHeight: height }), height).toEqual({ ImageHeight: "imageHeightInvalid" });
  });

  it("sends every field (a missing one would be reset), the image or the removal", () => {
    const faq = toPageForm("faq", { ...page, Title: " Questions ", ImageURL: " https://e.com ", IsSidebar: true }, null);
    expect(Object.fromEntries(faq.entries())).toEqual({
      Title: "Questions",
      Content: "How do I join?\nClick the stage.",
      ImageURL: "https://e.com",
      ImageHeight: "",
      IsSidebar: "true",
    });
    const image = new File(["png"], "hero.png", { type: "image/png" });
    const landing = toPageForm("landing", { ...page, RemoveImage: true }, image);
    expect(landing.has("IsSidebar")).toBe(false);
    expect(landing.has("RemoveImage")).toBe(false);
    expect((landing.get("Image") as File).name).toBe("hero.png");
    expect(toPageForm("landing", { ...page, RemoveImage: true }, null).get("RemoveImage")).toBe("true");
  });
});

describe("images", () => {
  const file = (size: number, type: string, name = "a.png") => new File([new Uint8Array(size)], name, { type });

  it("checks type and size before sending", () => {
    expect(imageProblem(file(10, "image/png"))).toBeNull();
    expect(imageProblem(file(10, "image/webp"))).toBeNull();
    expect(imageProblem(file(10, ""))).toBeNull(); // unknown to the browser: the server reads the bytes
    expect(imageProblem(file(10, "image/svg+xml", "a.svg"))).toBe("fileType");
    expect(imageProblem(file(10, "application/pdf", "a.pdf"))).toBe("fileType");
    expect(imageProblem(file(0, "image/png"))).toBe("fileEmpty");
    expect(imageProblem(file(MAX_IMAGE_BYTES + 1, "image/png"))).toBe("fileTooLarge");
  });

  it("checks web element keys like the route does", () => {
    expect(webElementKeyProblem("Screen_01")).toBeNull();
    expect(webElementKeyProblem("a.b-c")).toBeNull();
    expect(webElementKeyProblem("")).toBe("keyRequired");
    expect(webElementKeyProblem("Screen 01")).toBe("keyInvalid");
    expect(webElementKeyProblem("x".repeat(101))).toBe("keyInvalid");
  });
});

describe("photobooth rules (pages_schemas.py)", () => {
  it("accepts what the server accepts", () => {
    expect(boothIssues({})).toEqual({});
    expect(boothIssues({ Domain: "booth.example.com" })).toEqual({});
    expect(boothIssues({ Domain: "booth.example.com:8443/path" })).toEqual({});
    expect(boothIssues({ PostMessageDomain: "*" })).toEqual({});
    expect(boothIssues({ PostMessageDomain: "https://booth.example.com/" })).toEqual({});
    expect(boothIssues({ PanoID: "" })).toEqual({});
    expect(boothIssues({ PanoID: "photo-corner_2" })).toEqual({}); // a tour room, as the server reads it
    expect(boothIssues({ ExpectPostMessage: false, PostMessageText: "", PostMessageDomain: "" })).toEqual({});
  });

  it("refuses what the server refuses", () => {
    expect(boothIssues({ Slug: "" })).toEqual({ Slug: "slugRequired" });
    expect(boothIssues({ Slug: "has space" })).toEqual({ Slug: "slugInvalid" });
    expect(boothIssues({ Domain: "" })).toEqual({ Domain: "domainRequired" });
    expect(boothIssues({ Domain: "not a host" })).toEqual({ Domain: "domainInvalid" });
    expect(boothIssues({ Domain: "ftp://booth.example.com" })).toEqual({ Domain: "domainInvalid" });
    expect(boothIssues({ PanoID: "../lobby" })).toEqual({ PanoID: "panoIdInvalid" });
    expect(boothIssues({ PanoID: "r".repeat(65) })).toEqual({ PanoID: "panoIdInvalid" });
    expect(boothIssues({ PostMessageDomain: "javascript:alert(1)" })).toEqual({ PostMessageDomain: "messageDomainInvalid" });
    expect(boothIssues({ GalleryDisplayMode: "x".repeat(51) })).toEqual({ GalleryDisplayMode: "displayModeTooLong" });
    expect(boothIssues({ APIKey: "k".repeat(201) })).toEqual({ APIKey: "apiKeyTooLong" });
  });

  it("asks for the message text and origin when waiting for a message", () => {
    expect(boothIssues({ PostMessageText: "", PostMessageDomain: "" })).toEqual({
      PostMessageText: "messageTextRequired",
      PostMessageDomain: "messageDomainRequired",
    });
  });

  it("the key is write-only: kept unless replaced, required only to replace a stored one", () => {
    expect(boothIssues({ APIKey: "" }, false)).toEqual({});
    expect(boothIssues({ ReplaceKey: true, APIKey: " " }, true)).toEqual({ APIKey: "apiKeyRequired" });
    expect(toPhotoboothBody({ ...booth, APIKey: "" }, { hasStoredKey: false })).not.toHaveProperty("APIKey");
    expect(toPhotoboothBody({ ...booth, APIKey: " k1 " }, { hasStoredKey: false }).APIKey).toBe("k1");
    // A stored key stays unless the person chose Replace, whatever the field held.
    expect(toPhotoboothBody({ ...booth, APIKey: "typed" }, { hasStoredKey: true })).not.toHaveProperty("APIKey");
    expect(toPhotoboothBody({ ...booth, ReplaceKey: true, APIKey: "k2" }, { hasStoredKey: true }).APIKey).toBe("k2");
  });

  it("sends the server's fields only, trimmed, the room as typed, the origin without its slash", () => {
    const body = toPhotoboothBody({ ...booth, Slug: " gala ", PanoID: " Photo-Corner ", PostMessageDomain: "https://b.io/" }, { hasStoredKey: true });
    expect(body).toEqual({
      Slug: "gala",
      Domain: "https://booth.example.com",
      GalleryDisplayMode: "grid",
      GalleryQRCodeShow: true,
      PanoID: "Photo-Corner",
      OnClickOpenPopup: true,
      OnClickGoToPanorama: false,
      ExpectPostMessage: true,
      PostMessageText: "photo-taken",
      PostMessageDomain: "https://b.io",
    });
  });
});

describe("mapPagesError", () => {
  const fields = ["Title", "Content", "Image", "ImageHeight"] as const;

  it("names the fields the server's problems name, in form order", () => {
    const error = new ApiError(422, "VALIDATION_ERROR", "bad", { Problems: [{ Name: "ImageHeight" }, { Name: "Title" }, { Name: "Other" }] });
    expect(mapPagesError(error, fields, "Image")).toEqual({ message: "errors.invalidInput", fields: ["Title", "ImageHeight"], maxBytes: null });
    const missing = new ApiError(422, "MISSING_PARAMETER", "missing", { Parameters: ["Content"], Problems: [{ Name: "Content" }] });
    expect(mapPagesError(missing, fields).fields).toEqual(["Content"]);
  });

  it("puts a refused file on the file field, with the size the server named", () => {
    expect(mapPagesError(new ApiError(413, "BODY_TOO_LARGE", "big", { MaxBytes: 1048576, Field: "x.png" }), fields, "Image")).toEqual({
      message: "errors.fileTooLarge",
      fields: ["Image"],
      maxBytes: 1048576,
    });
    expect(mapPagesError(new ApiError(415, "UNSUPPORTED_MEDIA_TYPE", "svg"), fields, "Image")).toMatchObject({ message: "errors.fileType", fields: ["Image"] });
    expect(mapPagesError(new ApiError(422, "INVALID_FILE", "broken"), fields, "Image")).toMatchObject({ message: "errors.fileInvalid", fields: ["Image"] });
    // A proxy's 413 without the server's envelope still says "too large".
    expect(mapPagesError(new ApiError(413, "HTTP_413", "Request Entity Too Large"), fields, "Image").message).toBe("errors.fileTooLarge");
  });

  it("names no field for other failures", () => {
    expect(mapPagesError(new ApiError(403, "FORBIDDEN", "no"), fields, "Image")).toEqual({ message: "errors.forbidden", fields: [], maxBytes: null });
    expect(mapPagesError(new Error("x"), fields).fields).toEqual([]);
  });
});
