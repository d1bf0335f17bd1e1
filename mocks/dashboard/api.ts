/**
 * The page's calls: same-origin requests to the admin endpoints, so the admin
 * trust check decides every one. The admin key, when the server wants one,
 * lives in this tab's sessionStorage only.
 */

const keyName = "petstore-mock-admin-key";

export const adminKey = {
  get: (): string | null => sessionStorage.getItem(keyName),
  set: (key: string) => sessionStorage.setItem(keyName, key),
};

/** An admin call's Error answer; `status` 0 when the server could not be reached. */
export class AdminError extends Error {
  override name = "AdminError";
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Sends one admin request; resolves to the parsed JSON (undefined for 204), rejects with AdminError. */
export async function admin<T>(method: string, path: string, body?: string): Promise<T> {
  const headers: Record<string, string> = {};
  const key = adminKey.get();
  if (key) headers.authorization = `Bearer ${key}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  let response: Response;
  try {
    response = await fetch(path, { method, headers, body, cache: "no-store" });
  } catch {
    throw new AdminError(0, "unreachable", "The mock cannot be reached: is it still running?");
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text === "" ? undefined : JSON.parse(text);
  } catch {}
  if (!response.ok) {
    const error = (parsed ?? {}) as { code?: unknown; message?: unknown };
    throw new AdminError(
      response.status,
      typeof error.code === "string" ? error.code : "error",
      typeof error.message === "string" ? error.message : `${method} ${path}: ${response.status}`,
    );
  }
  return parsed as T;
}
