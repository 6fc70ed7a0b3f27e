import { defineConfig } from "vitest/config";

// Browser tests: the built app served by a real `venuely serve` (started in e2e/global-setup.ts),
// driven through playwright-core in the system Chromium. One file at a time: they share a server.
export default defineConfig({
  test: {
    environment: "node",
    include: ["e2e/**/*.e2e.ts"],
    globalSetup: ["./e2e/global-setup.ts"],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
