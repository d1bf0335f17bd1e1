import { describe, expect, it } from "vitest";
import { docSection, fencedBlocks } from "../../mocks/test-support/docs.js";
import { contractRunArgs, mockRunArgs, stopArgs } from "./commands.js";

/** The shell commands of docs/container.md, continuation lines joined, spaces collapsed. */
const documented = fencedBlocks(docSection("container.md", "container"), ["sh", "yaml"])
  .join("\n")
  .replace(/\\\n\s*/g, " ")
  .replace(/[ \t]+/g, " ");

describe("docs/container.md shows the commands the container test runs", () => {
  it("runs the mock with its keys from the environment and /data in a named volume", () => {
    const args = mockRunArgs({
      name: "petstore",
      port: 4000,
      apiKeys: "dev-key",
      adminKey: "change-me",
      volume: "petstore-data",
      image: "petstore-mock-kit",
    });
    expect(documented).toContain(`docker ${args.join(" ")}\n`);
  });

  it("stops it with the grace period the test gives", () => {
    expect(documented).toContain(`docker ${stopArgs("petstore").join(" ")}\n`);
  });

  it("runs the contract CLI from the image in the GitHub Actions job", () => {
    const args = contractRunArgs({
      user: '"$(id -u):$(id -g)"',
      reports: '"$PWD/reports"',
      image: "ghcr.io/your-org/petstore-mock-kit:latest",
      url: "http://127.0.0.1:4000/v1",
    });
    expect(documented).toContain(`docker ${args.join(" ")}\n`);
  });
});
