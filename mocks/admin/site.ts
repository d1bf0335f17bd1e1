/**
 * Which web pages may use the standalone server. The developer's browser
 * visits arbitrary sites while the mock runs, and the mock answers with its
 * store, its journal, and behind `--proxy` with a deployment's data under the
 * key it holds. Pure rules over the request's headers and the bind address,
 * as Vite's dev server keeps them since CVE-2025-24010:
 *
 * - every route, bound to loopback: a `Host` that is not a loopback name or
 *   address is refused (`host_forbidden`): a DNS-rebinding page reaches the
 *   socket but names its own host;
 * - the API (`/v1`): a page may call it only from an allowed origin, by
 *   default any port of `localhost` (and `*.localhost`), `127.x.x.x` or
 *   `[::1]`, plus those given with `--cors-origin` (`*`: any, only when named);
 *   another `Origin`, or `Sec-Fetch-Site: cross-site`/`same-site` without an
 *   allowed `Origin`, is refused (`cross_site_forbidden`) and gets no CORS;
 * - the admin endpoints (`/__mock/`): never from another site:
 *   `Sec-Fetch-Site` other than `same-origin` or `none` (a user typing the
 *   URL) is refused, `same-site` too (a page on another port of this host),
 *   and so is an `Origin` other than the server's own (`http://` + `Host`).
 *
 * Clients that send none of these headers (curl, tests, the typed client in
 * Node) pass. The admin answers carry no CORS headers at all.
 *
 * @example
 * const site = createSitePolicy({ loopback: true, corsOrigins: ["http://dev.example:3000"] });
 * site.corsOrigin((name) => ({ origin: "http://localhost:5173" })[name]); // "http://localhost:5173"
 * site.refuseApi((name) => ({ origin: "https://evil.example" })[name]); // a 403 cross_site_forbidden
 */
import { type CoreResponse, errorResponse } from "../core/exchange.js";
import { clip } from "../core/journal.js";

type Header = (name: string) => string | undefined;

const shown = (value: string) => JSON.stringify(clip(value, 100));

/**
 * The address a host is written as, in any spelling Node's `listen` and a
 * browser read as one (WHATWG URL's host parser, which reads IPv4 as
 * `inet_aton` does): `127.1`, `0x7f000001`, `2130706433`, `0177.0.0.1`,
 * `127.000.000.001` → `127.0.0.1`; `0:0:0:0:0:0:0:1` and `[::1]` → `[::1]`;
 * `::ffff:127.0.0.1` → `[::ffff:7f00:1]`. A name, or anything that is not a
 * bare host, → undefined.
 */
export function addressOf(host: string): string | undefined {
  // A bare host only: no userinfo, port, path or zone for the URL parser to read past.
  if (!/^(?:[\w.-]+|\[?[\da-f:.]+\]?)$/i.test(host)) return undefined;
  const bracketed = host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
  let hostname: string;
  try {
    hostname = new URL(`http://${bracketed}/`).hostname;
  } catch {
    return undefined;
  }
  return /^(?:\[|[\d.]+$)/.test(hostname) ? hostname : undefined;
}

/** 127.0.0.0/8, ::1 and IPv4-mapped 127.0.0.0/8, as `addressOf` writes them. */
const loopbackAddress = /^(?:127\.[\d.]+|\[::1\]|\[::ffff:7f[\da-f]{2}:[\da-f]{1,4}\])$/;

/**
 * Whether a bind address (or a `Host` name) only reaches this machine:
 * `localhost`, or an address of 127.0.0.0/8 or `::1` in any spelling
 * (`addressOf`). Decided by the address, not its spelling.
 */
export function isLoopback(host: string): boolean {
  const lower = host.toLowerCase();
  if (lower === "localhost") return true;
  const address = addressOf(lower);
  return address !== undefined && loopbackAddress.test(address);
}

/** A name that only reaches this machine: a loopback address, `localhost` or a name under it (RFC 6761). */
const isLoopbackName = (name: string) => isLoopback(name) || /^[a-z0-9.-]+\.localhost$/.test(name);

/** The host of a `Host` header without its port: `[::1]:4000` → `[::1]`. */
function hostName(host: string): string {
  const bracketed = /^\[[^\]]*\]/.exec(host)?.[0];
  return bracketed ?? host.replace(/:\d*$/, "");
}

/** A `Host` or an origin's authority on this machine: a loopback name, then at most a port. */
function isLoopbackAuthority(authority: string): boolean {
  const name = hostName(authority);
  return /^(?::\d{1,5})?$/.test(authority.slice(name.length)) && isLoopbackName(name);
}

/** An origin of a page on this machine: http(s), a loopback name or address in any spelling, any port. */
function isLoopbackOrigin(origin: string): boolean {
  const authority = /^https?:\/\/([^/?#@\\]+)$/.exec(origin)?.[1];
  return authority !== undefined && isLoopbackAuthority(authority);
}

/** Every origin: `--cors-origin '*'`. */
const anyOrigin = "*";

/**
 * An origin as `--cors-origin` takes it, normalised (`http://Dev.Example:80/`
 * → `http://dev.example`), or `*`. Throws a RangeError for anything else.
 */
export function parseCorsOrigin(text: string): string {
  const trimmed = text.trim();
  if (trimmed === anyOrigin) return anyOrigin;
  let url: URL | undefined;
  try {
    url = new URL(trimmed);
  } catch {}
  const bare = url && url.pathname === "/" && !url.search && !url.hash && !url.username;
  if (!url || !bare || !/^https?:$/.test(url.protocol) || !/^https?:\/\/[^/]+\/?$/i.test(trimmed)) {
    throw new RangeError(
      `an origin is a scheme, host and optional port such as http://192.168.1.20:5173 (or * for every origin), got ${shown(text)}`,
    );
  }
  return url.origin;
}

export interface SiteOptions {
  /** Whether the server is bound to loopback only: then the `Host` rule holds. */
  readonly loopback: boolean;
  /** Origins allowed besides the loopback ones (normalised by `parseCorsOrigin`; `*` for all). */
  readonly corsOrigins?: readonly string[] | undefined;
}

export interface SitePolicy {
  /** The request's `Origin` when its page may call the API and read the answers (they carry CORS headers), else undefined. */
  corsOrigin(header: Header): string | undefined;
  /** Every route: the 403 for a `Host` a loopback-bound server does not answer, else undefined. */
  refuseHost(header: Header): CoreResponse | undefined;
  /** The request's `Host` when the Host rule vouches for it (a loopback bind), else undefined. */
  checkedHost(header: Header): string | undefined;
  /** The API: the 403 for a page of another origin, else undefined. */
  refuseApi(header: Header): CoreResponse | undefined;
  /** The admin endpoints: the 403 for any request from another site or a foreign `Host`, else undefined. */
  refuseAdmin(header: Header): CoreResponse | undefined;
}

/** The site rules for a server bound as `options.loopback` says, with its extra origins. */
export function createSitePolicy(options: SiteOptions): SitePolicy {
  const listed = new Set((options.corsOrigins ?? []).map(parseCorsOrigin));
  const everyOrigin = listed.has(anyOrigin);
  // Clients send the same Host on every request: the last one answered is not looked at again.
  let lastAllowedHost: string | undefined;

  const allowsOrigin = (origin: string) => {
    if (everyOrigin) return true;
    const lower = origin.toLowerCase();
    return isLoopbackOrigin(lower) || listed.has(lower);
  };

  const refuseHost = (header: Header): CoreResponse | undefined => {
    const host = header("host");
    if (!options.loopback || host === undefined || host === lastAllowedHost) return undefined;
    // Nothing after the name but a port: a Host the site takes is also the answers' own origin (`checkedHost`).
    if (isLoopbackAuthority(host.toLowerCase())) {
      lastAllowedHost = host;
      return undefined;
    }
    return errorResponse(
      "host_forbidden",
      `The mock answers only a loopback Host (localhost, 127.0.0.1, [::1]) while it is bound to loopback; got Host ${shown(host)} (DNS rebinding is refused). To reach it under another name, bind it to that address (--host).`,
    );
  };

  /** The server's own origin: a page it serves itself. */
  const sameOrigin = (origin: string, header: Header) =>
    origin.toLowerCase() === `http://${header("host")?.toLowerCase()}`;

  const corsOrigin = (header: Header): string | undefined => {
    const origin = header("origin");
    return origin !== undefined && (allowsOrigin(origin) || sameOrigin(origin, header))
      ? origin
      : undefined;
  };

  const refuseApi = (header: Header): CoreResponse | undefined => {
    const origin = header("origin");
    if (origin !== undefined) {
      if (corsOrigin(header) !== undefined) return undefined;
      return errorResponse(
        "cross_site_forbidden",
        `The API answers pages of the developer's own origins only: Origin ${shown(origin)} is not one (loopback origins are; add it with --cors-origin or PETSTORE_CORS_ORIGINS).`,
      );
    }
    const site = header("sec-fetch-site");
    if (site === "cross-site" || site === "same-site") {
      return errorResponse(
        "cross_site_forbidden",
        `The API refuses a request from another site without an allowed Origin (Sec-Fetch-Site: ${shown(site)}).`,
      );
    }
    return undefined;
  };

  const refuseAdmin = (header: Header): CoreResponse | undefined => {
    const refused = refuseHost(header);
    if (refused) return refused;
    const site = header("sec-fetch-site");
    if (site !== undefined && site !== "same-origin" && site !== "none") {
      return errorResponse(
        "cross_site_forbidden",
        `The admin endpoints refuse requests from other sites (Sec-Fetch-Site: ${shown(site)}); call them from a terminal, a test or a page the mock serves itself.`,
      );
    }
    const origin = header("origin");
    if (origin !== undefined && !sameOrigin(origin, header)) {
      return errorResponse(
        "cross_site_forbidden",
        `The admin endpoints refuse requests from other origins (Origin ${shown(origin)}); call them from a terminal, a test or a page the mock serves itself.`,
      );
    }
    return undefined;
  };

  const checkedHost = (header: Header): string | undefined =>
    options.loopback && refuseHost(header) === undefined ? header("host") : undefined;

  return { corsOrigin, refuseHost, checkedHost, refuseApi, refuseAdmin };
}
