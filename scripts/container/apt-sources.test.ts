import { describe, expect, it } from "vitest";
import { aptSources, bootstrapSource } from "./apt-sources.js";

const knownSuites = new Set(["bookworm", "trixie"]);
const bootstrappable = (suite: string) => knownSuites.has(suite);
const file = (path: string, ...lines: string[]) => ({ path, text: lines.join("\n") });

describe("the Debian mirror the base image is bootstrapped from", () => {
  it.each([
    {
      name: "reads deb822 .sources files and skips security, updates and third-party suites",
      files: [
        file(
          "/etc/apt/sources.list.d/debian.sources",
          "Types: deb",
          "# http://snapshot.debian.org/archive/debian/20250520T000000Z",
          "URIs: http://mirror.example/debian",
          "Suites: bookworm-updates bookworm",
          "Components: main",
          "",
          "Types: deb",
          "URIs: http://mirror.example/debian-security",
          "Suites: bookworm-security",
        ),
      ],
      found: { uri: "http://mirror.example/debian", suite: "bookworm" },
    },
    {
      name: "reads one-line .list entries with options, ignoring deb-src, comments and other files",
      files: [
        file(
          "/etc/apt/sources.list.d/nodesource.sources.disabled",
          "Types: deb\nURIs: http://no\nSuites: trixie",
        ),
        file("/etc/apt/sources.list.d/cloud.list", "deb https://cloud.example/apt cloud-sdk main"),
        file(
          "/etc/apt/sources.list",
          "# deb http://commented.example/debian trixie main",
          "deb-src http://src.example/debian trixie main",
          "deb [arch=amd64 signed-by=/usr/share/keyrings/k.gpg] http://list.example/debian trixie main",
        ),
      ],
      found: { uri: "http://list.example/debian", suite: "trixie" },
    },
    {
      name: "skips a deb822 stanza with Enabled: no",
      files: [
        file(
          "/etc/apt/sources.list.d/a.sources",
          "Enabled: no\nTypes: deb\nURIs: http://off.example/debian\nSuites: bookworm\n",
          "Types: deb deb-src\nURIs: http://on.example/debian\nSuites: bookworm",
        ),
      ],
      found: { uri: "http://on.example/debian", suite: "bookworm" },
    },
  ])("$name", ({ files, found }) => {
    expect(bootstrapSource(aptSources(files), bootstrappable)).toEqual(found);
  });

  it("names what it saw when no suite can be bootstrapped", () => {
    const sources = aptSources([
      file("/etc/apt/sources.list", "deb https://deb.nodesource.com/node_20.x nodistro main"),
    ]);
    expect(() => bootstrapSource(sources, bootstrappable)).toThrow(
      "no Debian suite debootstrap can install in the apt sources (seen: https://deb.nodesource.com/node_20.x nodistro)",
    );
  });
});
