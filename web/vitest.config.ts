import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Two projects: the app's unit tests in jsdom, and the lint rules' tests in plain Node (they read
// fixture trees from disk and run ESLint itself).
export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  test: {
    restoreMocks: true,
    projects: [
      {
        extends: true,
        test: {
          name: "app",
          environment: "jsdom",
          include: ["src/**/*.test.{ts,tsx}"],
          setupFiles: ["./src/test/setup.ts"],
        },
      },
      {
        extends: true,
        test: { name: "lint-rules", environment: "node", include: ["eslint-rules/**/*.test.js"] },
      },
    ],
  },
});
