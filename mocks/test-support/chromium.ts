/**
 * Headless Chromium for the browser tests: Debian's `chromium` driven by
 * playwright-core. Under `CI=true` a missing browser is an error; elsewhere the
 * tests skip with a one-line reason.
 */
import { existsSync } from "node:fs";
import { type Browser, chromium, type Page } from "playwright-core";

export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const launchArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/** Why the browser tests cannot run here, or undefined when they can. */
export const chromiumMissing = existsSync(chromiumPath)
  ? undefined
  : `no Chromium at ${chromiumPath} (apt-get install chromium, or set CHROMIUM_PATH)`;

/** Whether this run is CI's: `CI` set to anything but empty, `0` or `false`. */
export const underCi = !/^(0|false)?$/i.test(process.env.CI ?? "");

/** Skip the browser tests outside CI when Chromium is missing; in CI they run and fail. */
export const skipBrowserTests = chromiumMissing !== undefined && !underCi;
if (skipBrowserTests) console.warn(`browser tests skipped: ${chromiumMissing}`);

/**
 * Launches headless Chromium; playwright gives it a fresh temporary profile it
 * removes on close. `extraArgs` adds switches (e.g. `--host-resolver-rules`).
 */
export async function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  if (chromiumMissing) throw new Error(`Chromium is required under CI: ${chromiumMissing}`);
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [...launchArgs, ...extraArgs],
  });
}

/**
 * Collects the page's uncaught exceptions and console errors, leaving out the
 * browser's own "Failed to load resource" line that every 4xx answer prints.
 */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) {
      errors.push(message.text());
    }
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

export interface ConsoleWatch {
  /** Every console message's text, in order. */
  readonly lines: string[];
  /** The first argument of every `console.log` call, as JSON values. */
  readonly logged: unknown[];
}

/** Records what the page prints to its console. */
export function watchConsole(page: Page): ConsoleWatch {
  const watch: ConsoleWatch = { lines: [], logged: [] };
  page.on("console", (message) => {
    watch.lines.push(message.text());
    const [first] = message.args();
    if (message.type() === "log" && first) {
      first.jsonValue().then(
        (value: unknown) => watch.logged.push(value),
        () => undefined,
      );
    }
  });
  return watch;
}

/** The kit's how-to-fix line for a missing worker script, once the page has printed it. */
export function missingWorkerMessage(watch: ConsoleWatch): string | undefined {
  return watch.lines.find((line) => line.startsWith("[petstore-mock-kit]"));
}
