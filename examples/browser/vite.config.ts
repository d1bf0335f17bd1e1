/**
 * Vite config of the browser demo: `npm run example:browser` serves it with the
 * dev server; `vite build --config examples/browser/vite.config.ts` writes static
 * files to examples/browser/dist. `public/` holds msw's worker script.
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  server: { host: "127.0.0.1" },
  preview: { host: "127.0.0.1" },
  // A dev-time mock: faker's English locale and msw make one ~0.9 MB chunk, by design.
  build: { outDir: "dist", emptyOutDir: true, chunkSizeWarningLimit: 1500 },
});
