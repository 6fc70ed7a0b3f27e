import { describe, expect, it } from "vitest";
import { addBurst, BURST, createBucket, floatersFor, MAX_FLOATING, PER_BURST, REACTIONS, tallyEntries } from "./reactions";

describe("the six reactions", () => {
  it("are the contract's, in the bar's order", () => {
    expect(REACTIONS.map((r) => `${r.name} ${r.emoji}`)).toEqual(["applause 👏", "heart ❤️", "laugh 😂", "celebrate 🎉", "thumbsup 👍", "wow 😮"]);
  });
});

describe("the token bucket", () => {
  it("lets a burst of six go at once, then one every third of a second", () => {
    const bucket = createBucket();
    for (let i = 0; i < BURST; i++) expect(bucket.take(1000)).toBe(0);
    expect(bucket.take(1000)).toBe(334);
    expect(bucket.take(1200)).toBe(134);
    expect(bucket.take(1334)).toBe(0);
    // After a quiet while it is full again, never fuller.
    for (let i = 0; i < BURST; i++) expect(bucket.take(60_000)).toBe(0);
    expect(bucket.take(60_000)).toBeGreaterThan(0);
  });
});

describe("floating emoji", () => {
  it("turns a burst into a few emoji per reaction, skipping reactions the app does not know", () => {
    const out = floatersFor([{ Reaction: "applause", Count: 12 }, { Reaction: "heart", Count: 2 }, { Reaction: "rocket", Count: 5 }], 0, () => 0.5);
    expect(out.map((f) => f.emoji)).toEqual([...Array<string>(PER_BURST).fill("👏"), "❤️", "❤️"]);
    expect(new Set(out.map((f) => f.id)).size).toBe(out.length);
    expect(out[0]).toEqual(expect.objectContaining({ x: 47.5, delay: 200 }));
  });

  it("never has more than MAX_FLOATING in the air", () => {
    const storm = REACTIONS.map((r) => ({ Reaction: r.name, Count: 1000 }));
    expect(floatersFor(storm, 0)).toHaveLength(Math.min(MAX_FLOATING, REACTIONS.length * PER_BURST));
    expect(floatersFor(storm, MAX_FLOATING - 3)).toHaveLength(3);
    expect(floatersFor(storm, MAX_FLOATING)).toHaveLength(0);
  });

  it("adds bursts up by reaction for the summary, in the bar's order", () => {
    const tally = addBurst(addBurst({}, [{ Reaction: "wow", Count: 1 }, { Reaction: "applause", Count: 3 }]), [{ Reaction: "applause", Count: 2 }, { Reaction: "x", Count: 9 }]);
    expect(tallyEntries(tally)).toEqual([
      { name: "applause", emoji: "👏", count: 5 },
      { name: "wow", emoji: "😮", count: 1 },
    ]);
  });
});
