/**
 * Sends the behavioural cases' requests with `fetch` inside a page, so the
 * service worker answers them, and brings back what Node's `sendCase` would.
 */
import type { Page } from "playwright-core";
import type { CaseRequest, CaseResult } from "../../../mocks/test-support/cases.js";

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
        const response = await fetch(`${baseUrl}${request.path}`, {
          method: request.method,
          headers: request.headers ?? {},
          ...(request.body === undefined ? {} : { body: request.body }),
        });
        const headers: Record<string, string> = {};
        response.headers.forEach((value, name) => {
          headers[name] = value;
        });
        results.push({ status: response.status, headers, text: await response.text() });
      }
      return results;
    },
    { baseUrl, requests },
  );
}
