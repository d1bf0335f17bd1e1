/** The repository's root folder (with a trailing slash): where tests and scripts read its files. */
import { fileURLToPath } from "node:url";

export const repositoryRoot = fileURLToPath(new URL("../..", import.meta.url));
