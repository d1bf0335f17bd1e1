/** The kit's version, from the nearest package.json above this module (source or dist). */
import { readFileSync } from "node:fs";

export function kitVersion(): string {
  for (let up = "../"; up.length < 30; up += "../") {
    try {
      const manifest = JSON.parse(
        readFileSync(new URL(`${up}package.json`, import.meta.url), "utf8"),
      );
      if (manifest.name === "petstore-mock-kit") return String(manifest.version);
    } catch {}
  }
  return "unknown";
}
