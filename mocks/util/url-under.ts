/**
 * A path below an API base, and never anywhere else: the one rule by which
 * the proxy forwards a client's path and `--replay` sends a recording's.
 *
 * @example
 * urlUnder("https://staging.example.com/v1", "/pets/3", "")?.href; // "https://staging.example.com/v1/pets/3"
 * urlUnder("https://staging.example.com/v1", "/../admin", "");     // undefined
 * urlUnder("https://staging.example.com/v1", "/pets/..;/admin", ""); // undefined
 */

/** How many times a segment is percent-decoded; one still encoded after that is refused. */
const decodeRounds = 4;

/**
 * A segment that some server may read as moving up or sideways: one that,
 * percent-decoded until nothing changes (`%252e` → `%2e` → `.`), is `.` or
 * `..` (also after NFKC, with a `;parameter` cut off as Tomcat does, or with
 * surrounding spaces), holds a slash, a backslash or a control character, or
 * does not decode at all.
 */
function escapes(segment: string): boolean {
  let decoded = segment;
  for (let round = 0; decoded.includes("%"); round++) {
    if (round === decodeRounds) return true;
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      return true;
    }
  }
  if (/[/\\]|\p{Cc}/u.test(decoded)) return true;
  const bare = decoded.normalize("NFKC").split(";")[0]?.trim();
  return bare === "." || bare === "..";
}

/**
 * The URL of `path` (below the base, percent-encoded, starting with `/`) and
 * the raw `query` under `base`, or undefined when any part of it would leave
 * the base: dot segments in any spelling (`..;`, `%2E`, `%252e`), encoded
 * slashes (`%2f`, `%252f`), backslashes, or a result on another origin or
 * outside the base path.
 */
export function urlUnder(base: string, path: string, query: string): URL | undefined {
  if (path !== "" && !path.startsWith("/")) return undefined;
  if (path.split("/").slice(1).some(escapes)) return undefined;
  const root = new URL(base);
  const basePath = root.pathname.replace(/\/+$/, "");
  let url: URL;
  try {
    url = new URL(`${root.origin}${basePath}${path}${query ? `?${query}` : ""}`);
  } catch {
    return undefined;
  }
  const inside = url.pathname === basePath || url.pathname.startsWith(`${basePath}/`);
  return url.origin === root.origin && inside && url.hash === "" ? url : undefined;
}
