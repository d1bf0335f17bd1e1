import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { docSection, fencedBlocks } from "../../mocks/test-support/docs.js";
import {
  contractRunArgs,
  installedDockerfileDir,
  mockRunArgs,
  packageDockerfile,
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
  const kit = (at: string) => `petstore-mock-kit@${at}`;

  it("from the package's Dockerfile, in node_modules after npm install, at the installed version", () => {
    expect(installedDockerfileDir).toBe("node_modules/petstore-mock-kit/docs/container");
    expect(documented).toContain(
      `version=$(node -p 'require("petstore-mock-kit/package.json").version')`,
    );
    expect(documented).toContain(
      `docker build --build-arg KIT="${kit("$version")}" --tag "petstore-mock-kit:$version" --tag petstore-mock-kit ${installedDockerfileDir}\n`,
    );
  });

  it("from a tarball in a build context of its own, as the container test builds it", () => {
    expect(documented).toContain(
      `docker build --build-arg KIT="./petstore-mock-kit-$version.tgz" --tag petstore-mock-kit --file ${installedDockerfileDir}/Dockerfile kit-image\n`,
    );
  });

  it("from package.json's repository at a release tag, saying how to check that the tag exists", () => {
    expect(repository).toBe("https://github.com/petstore-mock-kit/petstore-mock-kit.git");
    expect(documented).toContain(`git ls-remote --tags ${repository} "v$version"`);
    expect(documented).toContain(
      `docker build --tag "petstore-mock-kit:$version" "${releaseContext(repository, "$version")}"\n`,
    );
  });

  it("in compose, with build: on the package's Dockerfile at this version", () => {
    const compose = yamlBlock("build:\n      context:") as {
      services: {
        petstore: { build: { context: string; args: Record<string, string> }; image: string };
      };
    };
    expect(compose.services.petstore).toEqual(
      expect.objectContaining({
        build: { context: installedDockerfileDir, args: { KIT: kit(version) } },
        image: `petstore-mock-kit:${version}`,
      }),
    );
  });

  it("in GitHub Actions: one job builds it from the package and pushes it, the next runs it as a service", () => {
    const workflow = yamlBlock(".github/workflows/e2e.yml") as {
      env: Record<string, string>;
      jobs: Record<string, Record<string, unknown>>;
    };
    expect(workflow.env.KIT_VERSION).toBe(version);
    const image = `${actions("env.MOCK_IMAGE")}:${actions("env.KIT_VERSION")}`;
    const build = workflow.jobs["mock-image"] as {
      permissions: Record<string, string>;
      outputs: Record<string, string>;
      steps: { uses?: string; run?: string; with?: Record<string, unknown> }[];
    };
    expect(build.permissions.packages).toBe("write");
    expect(build.outputs.image).toBe(image);
    const unpack = build.steps.find((step) => step.run?.includes("npm pack"));
    const context = `package/${packageDockerfile.replace(/\/Dockerfile$/, "")}`;
    expect(unpack?.run).toBe(
      `npm pack "${kit("$KIT_VERSION")}"\ntar -xzf "petstore-mock-kit-$KIT_VERSION.tgz" ${context}\n`,
    );
    const push = build.steps.find((step) => step.uses?.startsWith("docker/build-push-action@"));
    expect(build.steps.indexOf(push ?? {})).toBeGreaterThan(build.steps.indexOf(unpack ?? {}));
    expect(push?.with).toMatchObject({
      context,
      "build-args": `KIT=${kit(actions("env.KIT_VERSION"))}`,
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
