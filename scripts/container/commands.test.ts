import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { docSection, fencedBlocks } from "../../mocks/test-support/docs.js";
import {
  contractRunArgs,
  mockRunArgs,
  releaseContext,
  repositoryUrl,
  stopArgs,
} from "./commands.js";

const manifest = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));
const { version } = manifest as { version: string };
const repository = repositoryUrl(manifest);

/** A GitHub Actions expression, `${{ … }}`. */
const actions = (expression: string) => `\${{ ${expression} }}`;

/** The YAML blocks of docs/container.md, parsed, by the file name their first comment gives. */
const yamlBlocks = fencedBlocks(docSection("container.md", "container"), ["yaml"]);
const yamlBlock = (marker: string): Record<string, unknown> => {
  const block = yamlBlocks.find((text) => text.includes(marker));
  if (block === undefined) throw new Error(`docs/container.md has no yaml block with ${marker}`);
  return parseYaml(block) as Record<string, unknown>;
};

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
      image: `ghcr.io/your-org/petstore-mock-kit:${version}`,
      url: "http://127.0.0.1:4000/v1",
    });
    expect(documented).toContain(`docker ${args.join(" ")}\n`);
  });
});

describe("docs/container.md builds the image without a checkout", () => {
  it("from package.json's repository at the installed version's tag", () => {
    expect(repository).toBe("https://github.com/petstore-mock-kit/petstore-mock-kit.git");
    expect(documented).toContain(
      `version=$(node -p 'require("petstore-mock-kit/package.json").version')`,
    );
    expect(documented).toContain(
      `docker build --tag "petstore-mock-kit:$version" --tag petstore-mock-kit "${releaseContext(repository, "$version")}"\n`,
    );
  });

  it("in compose, with build: at this version's tag", () => {
    const compose = yamlBlock("build: https://") as {
      services: { petstore: { build: string; image: string } };
    };
    expect(compose.services.petstore).toMatchObject({
      build: releaseContext(repository, version),
      image: `petstore-mock-kit:${version}`,
    });
  });

  it("in GitHub Actions: one job builds and pushes it, the next runs it as a service", () => {
    const workflow = yamlBlock(".github/workflows/e2e.yml") as {
      env: Record<string, string>;
      jobs: Record<string, Record<string, unknown>>;
    };
    expect(workflow.env.KIT_VERSION).toBe(version);
    const image = `${actions("env.MOCK_IMAGE")}:${actions("env.KIT_VERSION")}`;
    const build = workflow.jobs["mock-image"] as {
      permissions: Record<string, string>;
      outputs: Record<string, string>;
      steps: { uses: string; with?: Record<string, unknown> }[];
    };
    expect(build.permissions.packages).toBe("write");
    expect(build.outputs.image).toBe(image);
    const push = build.steps.find((step) => step.uses.startsWith("docker/build-push-action@"));
    expect(push?.with).toMatchObject({
      context: releaseContext(repository, actions("env.KIT_VERSION")),
      tags: image,
      push: true,
    });
    const e2e = workflow.jobs.e2e as {
      needs: string;
      services: { petstore: { image: string; credentials: Record<string, string> } };
    };
    expect(e2e.needs).toBe("mock-image");
    expect(e2e.services.petstore.image).toBe(actions("needs.mock-image.outputs.image"));
    expect(e2e.services.petstore.credentials.password).toBe(actions("secrets.GITHUB_TOKEN"));
  });
});
