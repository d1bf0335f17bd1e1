/**
 * Sends the behavioural cases' requests with `fetch` inside a page, so the
 * service worker answers them, and brings back what Node's `sendCase` would.
 */
import type { Page } from "playwright-core";
import type { CaseRequest, CaseResult } from "./cases.js";

/** Runs the requests one after another in the page, against `${baseUrl}${path}`. */
export function sendCasesInPage(
  page: Page,
  baseUrl: string,
  requests: readonly CaseRequest[],
): Promise<CaseResult[]> {
  // This function runs in the browser: it must use nothing from this module.
  return page.evaluate(
    async ({ baseUrl, requests }) => {
      const results: CaseResult[] = [];
      for (const request of requests) {
        try {
          const response = await fetch(`${baseUrl}${request.path}`, {
            method: request.method,
            headers: request.headers ?? {},
            ...(request.body === undefined ? {} : { body: request.body }),
            ...(request.timeoutMs === undefined
              ? {}
              : { signal: AbortSignal.timeout(request.timeoutMs) }),
          });
          const headers: Record<string, string> = {};
          response.headers.forEach((value, name) => {
            headers[name] = value;
          });
          results.push({ status: response.status, headers, text: await response.text() });
        } catch (error) {
          // As sendCase: a network error or a timeout is status 0.
          if (!(error instanceof TypeError) && (error as Error).name !== "TimeoutError")
            throw error;
          results.push({ status: 0, headers: {}, text: "" });
        }
      }
      return results;
    },
    { baseUrl, requests },
  );
}
