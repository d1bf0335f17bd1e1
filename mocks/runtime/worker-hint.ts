/**
 * What the browser entry says when msw's worker script is missing: the
 * command that copies it, and how the copy stays in step with the installed
 * msw, which depends on its major: msw 2 copies the script into every saved
 * folder again on each install (`postinstall`); msw 3 has no install step.
 *
 * @example
 * missingWorkerMessage("http://localhost:5173/mockServiceWorker.js", mswMajorOf(setupWorker()));
 */

/** msw 2, or msw 3 and later. */
type MswMajor = 2 | 3;

/**
 * The installed msw's major, read from a worker its `setupWorker` made: only
 * msw 3's has `readyState` (msw 2.15 and 3.0 checked). Not from
 * `msw/browser`'s exports: reading the module whole costs a page's bundle a
 * file up front.
 */
export function mswMajorOf(worker: object): MswMajor {
  return "readyState" in worker ? 3 : 2;
}

/** The console's how-to-fix text for a worker script missing at `absoluteUrl`, true for that msw major. */
export function missingWorkerMessage(absoluteUrl: string, major: MswMajor): string {
  const inStep =
    major === 2
      ? [
          "(--save records the folder in package.json; msw 2 copies the script there again on every install, so it stays in step with msw.)",
        ]
      : [
          "(--save records the folder in package.json. msw 3 does not copy the script on install:",
          'run npx msw init again after each msw upgrade, or add "postinstall": "msw init" to your package.json scripts.)',
        ];
  return [
    `[petstore-mock-kit] The msw worker script was not found at ${absoluteUrl}.`,
    "Copy it into the folder your app serves at its root (Vite: public/) with:",
    "  npx msw init <public dir> --save",
    ...inStep,
  ].join("\n");
}
