/**
 * Vite config of the browser demo: `npm run example:browser` serves it with the
 * dev server; `vite build --config examples/browser/vite.config.ts` writes static
 * files to examples/browser/dist. `public/` holds msw's worker script. The demo
 * imports the kit as a user does, `petstore-mock-kit/browser`; the alias points
 * that at the source so the demo needs no build.
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  resolve: {
    alias: {
      "petstore-mock-kit/browser": fileURLToPath(
        new URL("../../mocks/browser.ts", import.meta.url),
      ),
    },
  },
  server: { host: "127.0.0.1" },
  preview: { host: "127.0.0.1" },
  // A dev-time mock: faker's English locale and msw make one ~0.9 MB chunk, by design.
  build: { outDir: "dist", emptyOutDir: true, chunkSizeWarningLimit: 1500 },
});
