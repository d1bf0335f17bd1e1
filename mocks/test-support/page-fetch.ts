/**
 * Sends the behavioural cases' requests with `fetch` inside a page, so the
 * service worker answers them, with the very `sendCase` Node's tests use.
 */
import type { Page } from "playwright-core";
import { behaviourCases, type CaseRequest, type CaseResult, checkCase, sendCase } from "./cases.js";

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

/**
 * Sends the whole behavioural table from the page and checks every answer:
 * the failing cases by name with their problems (empty when all pass), and
 * how many results came back.
 */
export async function behaviourCaseFailures(
  page: Page,
  baseUrl: string,
): Promise<{ results: number; failures: Record<string, string[]> }> {
  const results = await sendCasesInPage(
    page,
    baseUrl,
    behaviourCases.map((testCase) => testCase.request),
  );
  const failures: Record<string, string[]> = {};
  behaviourCases.forEach((testCase, index) => {
    const result = results[index];
    const problems = result ? checkCase(testCase.expect, result) : ["no result"];
    if (problems.length > 0) failures[testCase.name] = problems;
  });
  return { results: results.length, failures };
}
