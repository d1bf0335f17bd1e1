#!/usr/bin/env node
/** The `petstore-contract` bin; see cli-main.ts. */
import { globalAgent as httpAgent } from "node:http";
import { globalAgent as httpsAgent } from "node:https";
import { type CliIo, main } from "./cli-main.js";

const io: CliIo = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  env: process.env,
};
process.exitCode = await main(process.argv.slice(2), io);
// Idle keep-alive sockets to the target would hold the process open until the server drops them.
httpAgent.destroy();
httpsAgent.destroy();
