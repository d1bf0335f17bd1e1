/** The compatibility run's browser page: the kit's worker, started with its defaults. */
import { type PetstoreWorker, setupPetstoreWorker } from "../../mocks/browser.js";

declare global {
  interface Window {
    petstore: PetstoreWorker;
  }
}

const petstore = await setupPetstoreWorker();
await petstore.start({ quiet: true });
window.petstore = petstore;
