/**
 * Where the example suite's specs go, from the environment: a deployment
 * (`PETSTORE_URL`, `PETSTORE_API_KEY`), the kit's validating proxy in front
 * of one (`PETSTORE_PROXY_TO`, its key in `PETSTORE_PROXY_KEY`), else the
 * kit's mock. (vitest sets `BASE_URL` itself: the suite reads `PETSTORE_URL`.)
 */
import type { UsePetstoreOptions } from "petstore-mock-kit/pactum";

export function targetFromEnv(env = process.env): UsePetstoreOptions {
  if (env.PETSTORE_URL) {
    return { baseUrl: env.PETSTORE_URL, apiKey: env.PETSTORE_API_KEY ?? "" };
  }
  if (env.PETSTORE_PROXY_TO) {
    return { proxyTo: env.PETSTORE_PROXY_TO, proxyKey: env.PETSTORE_PROXY_KEY };
  }
  return { mock: { seed: 7 } };
}
