/**
 * The report files (`--junit`, `--markdown`, `--json`, `--html`) hold the
 * deployment's answers: written as the kit writes its own files, never
 * through a symbolic link or into a FIFO planted at the path, readable by
 * this user only.
 */
import { execFileSync } from "node:child_process";
import { constants } from "node:fs";
import { lstat, mkdtemp, open, readFile, rm, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { writeReportFiles } from "./io.js";

const dir = await mkdtemp(join(tmpdir(), "contract-report-files-"));
afterAll(() => rm(dir, { recursive: true, force: true }));

const same = (text: string) => text;

describe("a report file", () => {
  it("replaces a symbolic link planted at its path; the link's target keeps its content", async () => {
    const target = join(dir, "precious.txt");
    await writeFile(target, "precious\n", { mode: 0o600 });
    const report = join(dir, "contract.xml");
    await symlink(target, report);
    expect(await writeReportFiles([["--junit", report, () => "<testsuites/>"]], same)).toEqual([]);
    expect(await readFile(target, "utf8")).toBe("precious\n");
    expect((await lstat(report)).isFile()).toBe(true);
    expect(await readFile(report, "utf8")).toBe("<testsuites/>");
  });

  it("replaces a FIFO planted at its path at once, instead of waiting for a reader", async () => {
    const report = join(dir, "summary.md");
    execFileSync("mkfifo", [report]);
    const written = writeReportFiles([["--markdown", report, () => "## ✅"]], same);
    const late = new Promise((resolve) => setTimeout(resolve, 2_000, "still waiting after 2 s"));
    try {
      expect(await Promise.race([written, late])).toEqual([]);
    } finally {
      // A writer blocked on the FIFO is let go by a reader, so the test ends either way.
      const reader = await open(report, constants.O_RDONLY | constants.O_NONBLOCK);
      await reader.close();
    }
    expect(await readFile(report, "utf8")).toBe("## ✅");
  });

  it("is created readable and writable by this user only (0600), redacted", async () => {
    const report = join(dir, "nested", "run.json");
    const redact = (text: string) => text.replaceAll("secret-key", "[redacted]");
    await writeReportFiles([["--json", report, () => '{"key":"secret-key"}']], redact);
    expect((await stat(report)).mode & 0o777).toBe(0o600);
    expect(await readFile(report, "utf8")).toBe('{"key":"[redacted]"}');
  });
});
