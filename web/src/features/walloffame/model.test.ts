import { describe, expect, it } from "vitest";
import { categoryKey, galleryOrder, galleryWithNotice, type ProjectNotice, queueWith, withNotice } from "./model";
import { EVENT, OTHER, project } from "./testing";

const notice = (id: string, over: Partial<ProjectNotice>): ProjectNotice => ({ EventID: EVENT, ProjectID: id, State: "approved", Featured: false, AuthorID: OTHER, ...over });
const counts = (pending: number, approved: number, rejected: number) => ({ pending, approved, rejected });

describe("the gallery's order", () => {
  it("puts featured projects first and keeps the server's order otherwise", () => {
    const list = [project("a"), project("b", { Featured: true }), project("c"), project("d", { Featured: true })];
    expect(galleryOrder(list).map((p) => p.ID)).toEqual(["b", "d", "a", "c"]);
  });

  it("drops a project that left approved and re-sorts one that became featured", () => {
    const page = { Projects: [project("a"), project("b")], Counts: null };
    expect(galleryWithNotice(page, notice("a", { State: "rejected" })).Projects.map((p) => p.ID)).toEqual(["b"]);
    expect(galleryWithNotice(page, notice("b", { Featured: true })).Projects.map((p) => p.ID)).toEqual(["b", "a"]);
  });
});

describe("a notice applied to a copy", () => {
  it("takes state and featured, clears featured and the old reason when leaving approved or rejected", () => {
    const featured = project("a", { Featured: true });
    expect(withNotice(featured, notice("a", { State: "pending", Featured: true }))).toMatchObject({ State: "pending", Featured: false });
    const rejected = project("a", { State: "rejected", Reason: "Blurry pictures" });
    expect(withNotice(rejected, notice("a", { State: "pending" }))).toMatchObject({ State: "pending", Reason: "" });
    // Still rejected: the reason shown stays until the reread brings the new one.
    expect(withNotice(rejected, notice("a", { State: "rejected" }))).toBe(rejected);
  });
});

describe("the console's tabs", () => {
  const page = (ids: string[], state: "pending" | "approved" | "rejected", c = counts(2, 1, 0)) => ({ Projects: ids.map((id) => project(id, { State: state })), Counts: c });

  it("moves an approved project out of Pending and into Approved, with the counts", () => {
    const approved = project("a", { State: "approved" });
    expect(queueWith(page(["a", "b"], "pending"), "pending", "a", approved, "pending")).toEqual({ Projects: [project("b", { State: "pending" })], Counts: counts(1, 2, 0) });
    const into = queueWith(page(["c"], "approved"), "approved", "a", approved, "pending");
    expect(into.Projects.map((p) => p.ID)).toEqual(["a", "c"]);
    expect(into.Counts).toEqual(counts(1, 2, 0));
  });

  it("replaces a project in place when it stays, and counts a removal down", () => {
    const featured = project("c", { Featured: true });
    expect(queueWith(page(["b", "c", "d"], "approved"), "approved", "c", featured, "approved").Projects[1]).toBe(featured);
    expect(queueWith(page(["a", "b"], "pending"), "pending", "a", null, "pending")).toMatchObject({ Counts: counts(1, 1, 0) });
    // New (in no state before): counted into its tab.
    expect(queueWith(page(["b"], "pending"), "pending", "x", project("x", { State: "pending" }), null).Counts).toEqual(counts(3, 1, 0));
  });
});

it("compares category names trimmed and regardless of case", () => {
  expect(categoryKey("  Best Booth ")).toBe(categoryKey("best booth"));
});
