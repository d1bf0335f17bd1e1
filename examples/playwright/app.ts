/**
 * The example app's test: the kit's `test`, with the app page served at
 * http://app.test/ by routing too, and every other request the mock does not
 * answer refused, so the suite never touches the network.
 */
import { fileURLToPath } from "node:url";
import { test as petstoreTest } from "petstore-mock-kit/playwright";

export const appOrigin = "http://app.test";
const page = fileURLToPath(new URL("app/index.html", import.meta.url));

export const test = petstoreTest.extend({
  // Routes registered later win: the mock's (set up after the context) comes first.
  context: async ({ context }, use) => {
    await context.route("**/*", (route, request) => {
      const url = new URL(request.url());
      if (url.origin === appOrigin && url.pathname === "/") return route.fulfill({ path: page });
      return route.abort("internetdisconnected");
    });
    await use(context);
  },
});

export { expect } from "petstore-mock-kit/playwright";
