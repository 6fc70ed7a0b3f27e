import "@testing-library/jest-dom/vitest";
import "fake-indexeddb/auto";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// `findBy…` and `waitFor` wait up to 3 s instead of 1 s: screens behind a lazy import (the help
// desk page, the console's sections) take longer than a second to load on a busy two-core CI
// machine. Only the wait grows; what a test expects to appear is unchanged.
configure({ asyncUtilTimeout: 3000 });

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  window.localStorage.clear();
});
