/**
 * The container commands docs/container.md shows, as argument lists: the
 * container test runs exactly these (with podman, its own names and a free
 * port) and `commands.test.ts` checks that the docs print them (with docker
 * and the documented names).
 */

export interface MockRun {
  readonly name: string;
  /** The host port published on loopback. */
  readonly port: number | string;
  readonly apiKeys: string;
  readonly adminKey: string;
  readonly volume: string;
  readonly image: string;
}

/** Runs the mock in the background, its data in a named volume. */
export function mockRunArgs(run: MockRun): string[] {
  return [
    "run",
    "--detach",
    "--name",
    run.name,
    "--publish",
    `127.0.0.1:${run.port}:4000`,
    "--env",
    `PETSTORE_API_KEYS=${run.apiKeys}`,
    "--env",
    `PETSTORE_ADMIN_KEY=${run.adminKey}`,
    "--volume",
    `${run.volume}:/data`,
    run.image,
  ];
}

export interface ContractRun {
  /** `uid:gid` that may write to `reports`. */
  readonly user: string;
  /** The host folder mounted at /reports. */
  readonly reports: string;
  readonly image: string;
  /** The API base, `/v1` included. */
  readonly url: string;
}

/**
 * Runs the contract CLI from the image. Host networking reaches a target on
 * the host's loopback; the key comes from the caller's `PETSTORE_API_KEY`.
 */
export function contractRunArgs(run: ContractRun): string[] {
  return [
    "run",
    "--rm",
    "--network",
    "host",
    "--user",
    run.user,
    "--env",
    "PETSTORE_API_KEY",
    "--volume",
    `${run.reports}:/reports`,
    run.image,
    "petstore-contract",
    "--url",
    run.url,
    "--junit",
    "/reports/contract.xml",
  ];
}

/** The grace period before SIGKILL; the mock exits well within it. */
export const stopGraceSeconds = 5;

export function stopArgs(name: string): string[] {
  return ["stop", "--time", String(stopGraceSeconds), name];
}

/** The repository users build the image from: package.json's `repository`, as git and docker take it. */
export function repositoryUrl(manifest: { readonly repository: { readonly url: string } }): string {
  return manifest.repository.url.replace(/^git\+/, "");
}

/** A release's build context: the repository at the tag `npm version` makes, `v<version>`. */
export const releaseContext = (repository: string, version: string): string =>
  `${repository}#v${version}`;

/** The Dockerfile the npm package ships (package.json's `files` has docs/), relative to the package. */
export const packageDockerfile = "docs/container/Dockerfile";

/** The package Dockerfile's build context after `npm install`: its own folder in the project's node_modules. */
export const installedDockerfileDir = `node_modules/petstore-mock-kit/${packageDockerfile.replace(/\/Dockerfile$/, "")}`;
