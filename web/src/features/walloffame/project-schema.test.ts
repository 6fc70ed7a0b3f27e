import { describe, expect, it } from "vitest";
import { isHttpLink, projectSchema } from "./project-schema";

const messages = (values: Record<string, string>) => {
  const result = projectSchema.safeParse({ Title: "", Category: "", Description: "", Link: "", ...values });
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe("the project form's rules (§5)", () => {
  it("requires title, category and description; the link is optional", () => {
    expect(messages({})).toEqual({ Title: "titleRequired", Category: "categoryRequired", Description: "descriptionRequired" });
    expect(messages({ Title: "  ", Category: " ", Description: "\n" })).toEqual({ Title: "titleRequired", Category: "categoryRequired", Description: "descriptionRequired" });
    expect(messages({ Title: "Solar kiosk", Category: "Innovation", Description: "Runs on sunlight." })).toEqual({});
  });

  it("takes only http(s) addresses with a host as a link", () => {
    const filled = { Title: "t", Category: "c", Description: "d" };
    for (const bad of ["javascript:alert(1)", "ftp://example.org/x", "example.org", "https://", "https://exa mple.org"]) {
      expect(messages({ ...filled, Link: bad }), bad).toEqual({ Link: "linkInvalid" });
    }
    for (const good of ["https://example.org", " http://example.org/a?b=c "]) expect(messages({ ...filled, Link: good }), good).toEqual({});
    expect(isHttpLink("mailto:a@example.org")).toBe(false);
  });

  it("keeps each field within the server's limit", () => {
    expect(messages({ Title: "x".repeat(201), Category: "c", Description: "d" })).toEqual({ Title: "tooLong" });
    expect(messages({ Title: "x".repeat(200), Category: "c", Description: "d".repeat(5000) })).toEqual({});
    expect(messages({ Title: "t", Category: "c", Description: "d".repeat(5001) })).toEqual({ Description: "tooLong" });
  });
});
