import { describe, expect, it } from "vitest";
import { isPictureUrl, speakerFormSchema, speakerValues, type SpeakerFormValues } from "./speaker-schema";

const STORED = `/api/v1/files/${"a".repeat(64)}`;

function pictureIssue(PictureURL: string): string | null {
  const values: SpeakerFormValues = { ...speakerValues(null), FirstName: "Ada", PictureURL };
  const result = speakerFormSchema.safeParse(values);
  return result.success ? null : (result.error.issues.find((i) => i.path[0] === "PictureURL")?.message ?? null);
}

describe("speaker picture address", () => {
  it("takes none, an http(s) URL or exactly a stored file's path", () => {
    for (const ok of ["", "https://cdn.example.com/a.png", "http://example.com/p", STORED, ` ${STORED} `]) expect(pictureIssue(ok)).toBeNull();
  });

  it("refuses other paths and schemes, as the server does", () => {
    const refused = ["/etc/passwd", "javascript:alert(1)", "/api/v1/files/../x", `/api/v1/files/${"A".repeat(64)}`, `/api/v1/files/${"a".repeat(63)}`, `${STORED}/`, `${STORED}?x=1`, `//evil.example${STORED}`, "data:image/png;base64,AAAA"];
    for (const bad of refused) {
      expect(isPictureUrl(bad)).toBe(false);
      expect(pictureIssue(bad)).toBe("urlInvalid");
    }
  });
});
