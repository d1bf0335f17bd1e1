/**
 * The admin endpoints are never usable cross-site: a web page the developer's
 * browser visits while the mock runs must not read or change the mock's
 * state. A pure rule over the request's headers and the bind address:
 *
 * - `Sec-Fetch-Site` other than `same-origin` or `none` (a user typing the
 *   URL) is refused, `same-site` too (a page on another port of this host);
 * - an `Origin` other than the server's own (`http://` + `Host`) is refused;
 * - bound to loopback, a `Host` that is not a loopback name or address is
 *   refused: a DNS-rebinding page reaches the socket but names its own host.
 *
 * Clients that send none of these headers (curl, tests, the typed client in
 * Node) pass. The admin answers carry no CORS headers at all.
 */
import { type CoreResponse, errorResponse } from "../core/exchange.js";

type Header = (name: string) => string | undefined;

const shown = (value: string) => JSON.stringify(value.slice(0, 100));

/** Whether a bind address (or a `Host` name) only reaches this machine. */
export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, "").toLowerCase();
  return (
    bare === "localhost" ||
    bare === "::1" ||
    /^127(?:\.\d{1,3}){3}$/.test(bare) ||
    /^::ffff:127(?:\.\d{1,3}){3}$/.test(bare)
  );
}

/** The host of a `Host` header without its port: `[::1]:4000` → `[::1]`. */
function hostName(host: string): string {
  const bracketed = /^\[[^\]]*\]/.exec(host)?.[0];
  return bracketed ?? host.replace(/:\d*$/, "");
}

/** Undefined when the request may use the admin endpoints from where it comes, else the 403 that refuses it. */
export function refuseCrossSite(header: Header, loopbackBind: boolean): CoreResponse | undefined {
  const host = header("host")?.toLowerCase();
  if (host !== undefined && loopbackBind && !isLoopback(hostName(host))) {
    return errorResponse(
      "host_forbidden",
      `The admin endpoints answer only a loopback Host (localhost, 127.0.0.1, [::1]) while the mock is bound to loopback; got Host ${shown(host)} (DNS rebinding is refused).`,
    );
  }
  const site = header("sec-fetch-site");
  if (site !== undefined && site !== "same-origin" && site !== "none") {
    return errorResponse(
      "cross_site_forbidden",
      `The admin endpoints refuse requests from other sites (Sec-Fetch-Site: ${shown(site)}); call them from a terminal, a test or a page the mock serves itself.`,
    );
  }
  const origin = header("origin");
  if (origin !== undefined && origin.toLowerCase() !== `http://${host}`) {
    return errorResponse(
      "cross_site_forbidden",
      `The admin endpoints refuse requests from other origins (Origin ${shown(origin)}); call them from a terminal, a test or a page the mock serves itself.`,
    );
  }
  return undefined;
}
