import { describe, expect, it } from "vitest";
import { describeNamespace, leaves, type Tree } from "@/lib/i18n-namespace.testing";
import { addEventRequestsStrings, EVENT_REQUESTS_NS, eventRequestsResources } from "./requests-i18n";
import { requestValidationKeys } from "./schema";

// The namespace is not registered in lib/i18n.ts's types (requests-i18n.ts says why).
describeNamespace(EVENT_REQUESTS_NS as never, eventRequestsResources, addEventRequestsStrings);

const english = leaves(eventRequestsResources.en);

describe.each(Object.entries(eventRequestsResources).filter(([lang]) => lang !== "en"))("eventRequests in %s", (_lang, strings) => {
  const other = leaves(strings as unknown as Tree);
  it("translates the dialogs and their validation", () => {
    for (const key of [...english.keys()].filter((k) => /^(validation|approve|reject)\./.test(k))) {
      expect(other.get(key), key).not.toBe(english.get(key));
    }
  });
});

it("has a message for every validation key", () => {
  for (const key of requestValidationKeys) expect(english.has(`validation.${key}`), key).toBe(true);
});
