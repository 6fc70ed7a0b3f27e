import { describe, expect, it } from "vitest";
import { photoboothGalleryURL, photoboothURL, type PhotoboothConfig } from "./links";

// The server's signature for slug "summer-gala", attendee@example.com and key "s3cr3t-key"
// (server/tests/unit/test_photobooth_signature.py checks the same digest).
const SIGNATURE = "32b5abacaa9dd0b82cc77439909f87a90ca59dd04f0b9bc5038726ccb3afa6ae";
const BOOTH: PhotoboothConfig = {
  Slug: "summer-gala",
  Domain: "https://booth.example.com/",
  Signature: SIGNATURE,
  SignatureEMail: "attendee@example.com",
  GalleryDisplayMode: "grid",
  GalleryQRCodeShow: true,
};
const PERSON = { name: "Ada Lovelace", avatar: "https://venue.example/api/v1/files/abc", language: "de" };

describe("photobooth links", () => {
  it("builds the booth link with the server's signature and the attendee's fields", () => {
    const url = new URL(photoboothURL(BOOTH, PERSON) ?? "");
    expect(url.origin + url.pathname).toBe("https://booth.example.com/summer-gala");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      email: "attendee@example.com",
      slug: "summer-gala",
      signature: SIGNATURE,
      name: "Ada Lovelace",
      avatar: "https://venue.example/api/v1/files/abc",
      language: "de",
    });
  });

  it("builds the gallery link with the display mode, the QR flag and disable-cookie=1", () => {
    const url = new URL(photoboothGalleryURL(BOOTH, PERSON) ?? "");
    expect(url.pathname).toBe("/summer-gala/display");
    expect(url.searchParams.get("signature")).toBe(SIGNATURE);
    expect(url.searchParams.get("type")).toBe("grid");
    expect(url.searchParams.get("display")).toBe("qrcode");
    expect(url.searchParams.get("disable-cookie")).toBe("1");
    const plain = new URL(photoboothGalleryURL({ ...BOOTH, GalleryQRCodeShow: false }, PERSON) ?? "");
    expect(plain.searchParams.has("display")).toBe(false);
    expect(plain.searchParams.get("disable-cookie")).toBe("1");
  });

  it("gives no link without a signature for this attendee or with a domain that is not a host", () => {
    expect(photoboothURL({ ...BOOTH, Signature: null }, PERSON)).toBeNull();
    expect(photoboothGalleryURL({ ...BOOTH, SignatureEMail: undefined }, PERSON)).toBeNull();
    expect(photoboothURL({ ...BOOTH, Domain: "javascript:alert(1)//x" }, PERSON)).toBeNull();
    expect(photoboothURL(null, PERSON)).toBeNull();
  });
});
