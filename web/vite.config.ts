import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// `make dev` runs this with the Python server on VENUELY_DEV_API (default 127.0.0.1:8000).
const api = process.env.VENUELY_DEV_API ?? "http://127.0.0.1:8000";

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  server: {
    host: "127.0.0.1",
    proxy: {
      "/api": { target: api, changeOrigin: false },
      "/realtime": { target: api, ws: true },
    },
  },
  build: {
    target: "es2022",
    sourcemap: true,
    manifest: true,
    // The login route's budget (≤ 200 KB gzip) is checked by scripts/check-budget.mjs.
    chunkSizeWarningLimit: 400,
    // Everything the entry loads statically stays in the entry chunk. Without this, rolldown
    // splits a module the entry shares with lazy chunks (the console's) into a chunk of its
    // own, which the login route then loads as one more request and a worse gzip.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: "index", tags: ["$initial"] }] } } },
  },
});
