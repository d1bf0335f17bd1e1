/**
 * The site rules (site.ts) as a table: which page may call the API and read
 * its answers, which request the admin endpoints refuse, and which `Host` a
 * loopback-bound server answers at all. Each row is a request's headers.
 */
import { describe, expect, it } from "vitest";
import { createSitePolicy, parseCorsOrigin } from "./site.js";

type Headers = Readonly<Record<string, string>>;
const headerOf = (headers: Headers) => (name: string) => headers[name];
const codeOf = (response: { body: string | undefined } | undefined) =>
  response === undefined ? "passes" : (JSON.parse(response.body ?? "{}") as { code: string }).code;

const host = "127.0.0.1:4000";
const loopback = createSitePolicy({ loopback: true });

describe("the API on a loopback bind, no --cors-origin", () => {
  it.each<[string, Headers, string]>([
    ["curl, a test (no browser headers)", { host }, "passes"],
    ["a page on localhost, another port", { host, origin: "http://localhost:5173" }, "passes"],
    ["a page on 127.0.0.1, another port", { host, origin: "http://127.0.0.1:3000" }, "passes"],
    ["a page on [::1]", { host, origin: "http://[::1]:8080" }, "passes"],
    ["a page on app.localhost (RFC 6761)", { host, origin: "http://app.localhost:5173" }, "passes"],
    ["a page on [::ffff:7f00:1]", { host, origin: "http://[::ffff:7f00:1]:5173" }, "passes"],
    ["a page on 127.1", { host, origin: "http://127.1:5173" }, "passes"],
    ["a page over https on localhost", { host, origin: "https://localhost:5173" }, "passes"],
    [
      "Sec-Fetch-Site: same-site from a loopback origin (another port)",
      { host, origin: "http://127.0.0.1:5173", "sec-fetch-site": "same-site" },
      "passes",
    ],
    [
      "Sec-Fetch-Site: cross-site from a loopback origin (localhost → 127.0.0.1)",
      { host, origin: "http://localhost:5173", "sec-fetch-site": "cross-site" },
      "passes",
    ],
    ["a page on another site", { host, origin: "https://evil.example" }, "cross_site_forbidden"],
    [
      "a page named like loopback but not",
      { host, origin: "http://localhost.evil.example" },
      "cross_site_forbidden",
    ],
    [
      "a page whose name only starts like a *.localhost one",
      { host, origin: "http://app.localhost.evil.example:5173" },
      "cross_site_forbidden",
    ],
    [
      "a page on 127.0.0.1 under another scheme",
      { host, origin: "ftp://127.0.0.1" },
      "cross_site_forbidden",
    ],
    ["a sandboxed page (Origin null)", { host, origin: "null" }, "cross_site_forbidden"],
    [
      "a page whose origin hides a loopback address in userinfo",
      { host, origin: "http://127.0.0.1@evil.example" },
      "cross_site_forbidden",
    ],
    [
      "Sec-Fetch-Site: same-site without an Origin",
      { host, "sec-fetch-site": "same-site" },
      "cross_site_forbidden",
    ],
    [
      "Sec-Fetch-Site: same-site from another origin of the site",
      { host, origin: "http://other.evil.example", "sec-fetch-site": "same-site" },
      "cross_site_forbidden",
    ],
    [
      "Sec-Fetch-Site: cross-site without an Origin (a link, a form)",
      { host, "sec-fetch-site": "cross-site" },
      "cross_site_forbidden",
    ],
    ["a user typing the URL", { host, "sec-fetch-site": "none" }, "passes"],
    [
      "a DNS-rebinding page (its own name as Host)",
      { host: "rebind.example:4000", origin: "http://rebind.example:4000" },
      "host_forbidden",
    ],
  ])("%s: %s", (_name, headers, expected) => {
    const header = headerOf(headers);
    expect(codeOf(loopback.refuseHost(header) ?? loopback.refuseApi(header))).toBe(expected);
    // A refused Host is answered before anything else, CORS included (app.ts).
    if (expected !== "host_forbidden") {
      expect(loopback.corsOrigin(header)).toBe(expected === "passes" ? headers.origin : undefined);
    }
  });
});

describe("the admin endpoints", () => {
  it.each<[string, Headers, string]>([
    ["curl, a test", { host }, "passes"],
    ["a user typing the URL", { host, "sec-fetch-site": "none" }, "passes"],
    [
      "the dashboard the mock serves itself",
      { host, origin: `http://${host}`, "sec-fetch-site": "same-origin" },
      "passes",
    ],
    [
      "Sec-Fetch-Site: same-site (a page on another port of this host)",
      { host, "sec-fetch-site": "same-site" },
      "cross_site_forbidden",
    ],
    [
      "Sec-Fetch-Site: same-site with a loopback Origin the API allows",
      { host, origin: "http://127.0.0.1:5173", "sec-fetch-site": "same-site" },
      "cross_site_forbidden",
    ],
    [
      "Sec-Fetch-Site: cross-site",
      { host, "sec-fetch-site": "cross-site" },
      "cross_site_forbidden",
    ],
    [
      "a loopback Origin of another port",
      { host, origin: "http://127.0.0.1:5173" },
      "cross_site_forbidden",
    ],
    ["another site's Origin", { host, origin: "https://evil.example" }, "cross_site_forbidden"],
    ["a rebinding Host", { host: "rebind.example:4000" }, "host_forbidden"],
    [
      "a rebinding Host that only starts like a *.localhost one",
      { host: "app.localhost.evil.example:4000" },
      "host_forbidden",
    ],
  ])("%s: %s", (_name, headers, expected) => {
    expect(codeOf(loopback.refuseAdmin(headerOf(headers)))).toBe(expected);
  });
});

describe("the Host rule", () => {
  it.each([
    "localhost:4000",
    "LOCALHOST",
    "127.0.0.1",
    "127.1.2.3:4000",
    "[::1]:4000",
    "app.localhost:4000",
    "127.1:4000",
    "0x7f000001:4000",
    "2130706433",
    "[0:0:0:0:0:0:0:1]:4000",
    "[::ffff:127.0.0.1]:4000",
  ])("answers a loopback Host %s", (name) => {
    expect(loopback.refuseHost(headerOf({ host: name }))).toBeUndefined();
  });

  it.each([
    "evil.example",
    "10.0.0.1:4000",
    "localhost.evil.example",
    "app.localhost.evil.example:4000",
    "[::2]:4000",
    "127.0.0.1.evil.example",
    "evil@127.0.0.1:4000",
    "127.0.0.1/evil.example",
    "[::ffff:10.0.0.1]:4000",
    "[::1]@evil.example",
    "[::1].evil.example:4000",
    "[::1]:4000/evil.example",
  ])("refuses %s while bound to loopback, and answers it bound beyond", (name) => {
    expect(codeOf(loopback.refuseHost(headerOf({ host: name })))).toBe("host_forbidden");
    const wide = createSitePolicy({ loopback: false });
    expect(wide.refuseHost(headerOf({ host: name }))).toBeUndefined();
  });

  it("refuses a rebinding Host after a loopback one was answered", () => {
    const site = createSitePolicy({ loopback: true });
    expect(site.refuseHost(headerOf({ host }))).toBeUndefined();
    expect(codeOf(site.refuseHost(headerOf({ host: "evil.example" })))).toBe("host_forbidden");
  });
});

describe("--cors-origin", () => {
  const site = createSitePolicy({
    loopback: true,
    corsOrigins: ["http://192.168.1.20:5173", "https://Dev.Example.com:443/"],
  });

  it("adds the origins it names, normalised, and no other", () => {
    for (const origin of ["http://192.168.1.20:5173", "https://dev.example.com"]) {
      expect(site.refuseApi(headerOf({ host, origin }))).toBeUndefined();
      expect(site.corsOrigin(headerOf({ host, origin }))).toBe(origin);
    }
    for (const origin of [
      "http://192.168.1.20:5174",
      "http://dev.example.com",
      "https://evil.example",
    ]) {
      expect(codeOf(site.refuseApi(headerOf({ host, origin })))).toBe("cross_site_forbidden");
    }
    expect(site.corsOrigin(headerOf({ host, origin: "http://localhost:1" }))).toBe(
      "http://localhost:1",
    );
  });

  it("allows every origin only when * is named, and never lifts the Host rule or the admin rule", () => {
    const any = createSitePolicy({ loopback: true, corsOrigins: ["*"] });
    const evil = { host, origin: "https://evil.example", "sec-fetch-site": "cross-site" };
    expect(any.refuseApi(headerOf(evil))).toBeUndefined();
    expect(any.corsOrigin(headerOf(evil))).toBe("https://evil.example");
    expect(codeOf(any.refuseAdmin(headerOf(evil)))).toBe("cross_site_forbidden");
    expect(codeOf(any.refuseHost(headerOf({ host: "evil.example" })))).toBe("host_forbidden");
  });

  it.each([
    "localhost:5173",
    "http://dev.example/app",
    "http://dev.example?x",
    "http://user@dev.example",
    "file:///tmp",
    "null",
    "",
    "**",
  ])("refuses %j with a RangeError naming the form", (text) => {
    expect(() => parseCorsOrigin(text)).toThrow(/an origin is a scheme, host and optional port/);
    expect(() => createSitePolicy({ loopback: true, corsOrigins: [text] })).toThrow(RangeError);
  });

  it("normalises case, a default port and a trailing slash", () => {
    expect(parseCorsOrigin("HTTP://Dev.Example:80/")).toBe("http://dev.example");
    expect(parseCorsOrigin(" * ")).toBe("*");
  });
});
