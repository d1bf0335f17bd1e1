import { it } from "vitest";
import { resolveBehaviour } from "../../mocks/interface/behaviours.js";
import { testApiKey } from "../../mocks/test-support/faulty-servers.js";
import { createRedactor } from "../../mocks/util/redact.js";
import { parse } from "../cli/options.js";
import { startExpressDeployment } from "../test-support/express-deployment.js";
import { startFastifyDeployment } from "../test-support/fastify-deployment.js";
import { startHonoDeployment } from "../test-support/hono-deployment.js";
import { compareWithMock, comparisonReport } from "./compare-mock.js";
import { learnedProfile, runLearn } from "./learn.js";
import { runContractSuite } from "./runner.js";

it("x", async () => {
  for (const start of [startExpressDeployment, startFastifyDeployment, startHonoDeployment]) {
    const deployment = await start({ apiKeys: [testApiKey] });
    const command = parse(["--url", deployment.url, "--key", testApiKey], {});
    if (command.kind !== "run") throw new Error();
    const learned = await runLearn(command.options);
    const profile = resolveBehaviour(learnedProfile(learned.learned, createRedactor([testApiKey])));
    const c2 = await compareWithMock(
      command.options,
      await runContractSuite(command.options),
      profile,
    );
    console.log(start.name, comparisonReport(c2).text.slice(0, 9000));
    await deployment.close();
  }
}, 120000);
