/**
 * A path below an API base, and never anywhere else: the one rule by which
 * the proxy forwards a client's path and `--replay` sends a recording's.
 *
 * @example
 * urlUnder("https://staging.example.com/v1", "/pets/3", "")?.href; // "https://staging.example.com/v1/pets/3"
 * urlUnder("https://staging.example.com/v1", "/../admin", "");     // undefined
 */

/** A segment that, decoded, moves up or sideways: `.`, `..`, or one holding a slash or backslash. */
function escapes(segment: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    return true;
  }
  return decoded === "." || decoded === ".." || /[/\\]/.test(decoded) || segment.includes("\\");
}

/**
 * The URL of `path` (below the base, percent-encoded, starting with `/`) and
 * the raw `query` under `base`, or undefined when any part of it would leave
 * the base: dot segments in any encoding, encoded slashes, backslashes, or a
 * result on another origin or outside the base path.
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
