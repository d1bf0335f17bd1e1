/**
 * Sends the behavioural cases' requests with `fetch` inside a page, so the
 * service worker answers them, with the very `sendCase` Node's tests use.
 */
import type { Page } from "playwright-core";
import { type CaseRequest, type CaseResult, sendCase } from "./cases.js";

/** Runs the requests one after another in the page, against `${baseUrl}${path}`. */
export function sendCasesInPage(
  page: Page,
  baseUrl: string,
  requests: readonly CaseRequest[],
): Promise<CaseResult[]> {
  // This function runs in the browser: `sendCase` travels as its source text,
  // which uses nothing but the platform's fetch.
  return page.evaluate(
    async ({ source, baseUrl, requests }) => {
      const send = new Function(`return (${source})`)() as typeof sendCase;
      const results: CaseResult[] = [];
      for (const request of requests) results.push(await send(baseUrl, request));
      return results;
    },
    { source: sendCase.toString(), baseUrl, requests },
  );
}
