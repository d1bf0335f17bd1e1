import { describe, expect, it } from "vitest";
import { aptSources, bootstrapSource } from "./apt-sources.js";

const knownSuites = new Set(["bookworm", "trixie"]);
const bootstrappable = (suite: string) => knownSuites.has(suite);

describe("the Debian mirror the base image is bootstrapped from", () => {
  it("reads deb822 .sources files and skips security, updates and third-party suites", () => {
    const sources = aptSources([
      {
        path: "/etc/apt/sources.list.d/debian.sources",
        text: [
          "Types: deb",
          "# http://snapshot.debian.org/archive/debian/20250520T000000Z",
          "URIs: http://mirror.example/debian",
          "Suites: bookworm-updates bookworm",
          "Components: main",
          "",
          "Types: deb",
          "URIs: http://mirror.example/debian-security",
          "Suites: bookworm-security",
        ].join("\n"),
      },
    ]);
    expect(bootstrapSource(sources, bootstrappable)).toEqual({
      uri: "http://mirror.example/debian",
      suite: "bookworm",
    });
  });

  it("reads one-line .list entries with options, ignoring deb-src, comments and other files", () => {
    const sources = aptSources([
      {
        path: "/etc/apt/sources.list.d/nodesource.sources.disabled",
        text: "Types: deb\nURIs: http://no\nSuites: trixie",
      },
      {
        path: "/etc/apt/sources.list.d/cloud.list",
        text: "deb https://cloud.example/apt cloud-sdk main",
      },
      {
        path: "/etc/apt/sources.list",
        text: [
          "# deb http://commented.example/debian trixie main",
          "deb-src http://src.example/debian trixie main",
          "deb [arch=amd64 signed-by=/usr/share/keyrings/k.gpg] http://list.example/debian trixie main",
        ].join("\n"),
      },
    ]);
    expect(bootstrapSource(sources, bootstrappable)).toEqual({
      uri: "http://list.example/debian",
      suite: "trixie",
    });
  });

  it("skips a deb822 stanza with Enabled: no", () => {
    const sources = aptSources([
      {
        path: "/etc/apt/sources.list.d/a.sources",
        text: "Enabled: no\nTypes: deb\nURIs: http://off.example/debian\nSuites: bookworm\n\nTypes: deb deb-src\nURIs: http://on.example/debian\nSuites: bookworm",
      },
    ]);
    expect(bootstrapSource(sources, bootstrappable).uri).toBe("http://on.example/debian");
  });

  it("names what it saw when no suite can be bootstrapped", () => {
    const sources = aptSources([
      {
        path: "/etc/apt/sources.list",
        text: "deb https://deb.nodesource.com/node_20.x nodistro main",
      },
    ]);
    expect(() => bootstrapSource(sources, bootstrappable)).toThrow(
      "no Debian suite debootstrap can install in the apt sources (seen: https://deb.nodesource.com/node_20.x nodistro)",
    );
  });
});
