/**
 * What the docs assume a user already has and so do not show: their app. Each
 * fixture is a set of files written into the project folder before its blocks
 * (`with: NAME` in a marker); they pass through the same port replacement.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { repositoryRoot } from "../../mocks/test-support/repository.js";

/** The app docs/playwright.md tests: the pets list and the "Add pet" form of examples/playwright/app, on `npm run dev`. */
function playwrightApp(): Record<string, string> {
  const page = readFileSync(join(repositoryRoot, "examples/playwright/app/index.html"), "utf8");
  const withApi = page.replace(
    'query.get("api") ?? "/v1"',
    'query.get("api") ?? "http://localhost:4000/v1"',
  );
  if (withApi === page) throw new Error("examples/playwright/app/index.html no longer reads ?api=");
  return {
    "package.json": JSON.stringify({ scripts: { dev: "node app/serve.mjs" } }),
    "app/index.html": withApi,
    "app/serve.mjs": `import { readFileSync } from "node:fs";
import { createServer } from "node:http";
const page = readFileSync(new URL("index.html", import.meta.url));
const { hostname, port } = new URL("http://localhost:5173");
createServer((_request, response) => response.writeHead(200, { "content-type": "text/html" }).end(page))
  .listen(Number(port), hostname);
`,
  };
}

const fixtures: Readonly<Record<string, () => Record<string, string>>> = {
  "playwright-app": playwrightApp,
};

/** The files of the fixture `name`; none for undefined. */
export function fixtureFiles(name: string | undefined): Record<string, string> {
  if (name === undefined) return {};
  const make = fixtures[name];
  if (!make)
    throw new Error(`no snippet fixture "${name}" (known: ${Object.keys(fixtures).join(", ")})`);
  return make();
}
