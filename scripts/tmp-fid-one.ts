import { execFile } from "node:child_process";
import { promisify } from "node:util";
const run = promisify(execFile);
import { startExpressDeployment } from "/work/wt/fidelity/contract-tests/test-support/express-deployment.js";
import { startFastifyDeployment } from "/work/wt/fidelity/contract-tests/test-support/fastify-deployment.js";
import { startHonoDeployment } from "/work/wt/fidelity/contract-tests/test-support/hono-deployment.js";
const starts = { express: startExpressDeployment, fastify: startFastifyDeployment, hono: startHonoDeployment };
const which = process.argv[2] as keyof typeof starts;
const d = await starts[which]({ apiKeys: ["k-0123456789"] });
const env = { ...process.env, PETSTORE_API_KEY: "k-0123456789" };
const cli = "/work/wt/fidelity/dist/contract-tests/cli/cli.js";
try { await run("node", [cli, "--url", d.url, "--learn", `/tmp/${which}.json`], { env }); } catch (e) { console.log("learn exit", (e as any).code, String((e as any).stdout).slice(-2000)); }
let out = "";
try { out = (await run("node", [cli, "--url", d.url, "--compare-mock", "--behaviour", `/tmp/${which}.json`], { env, maxBuffer: 1e8 })).stdout; } catch (e) { out = String((e as any).stdout); }
console.log(out.slice(out.indexOf("compare-mock:")));
await d.close();
