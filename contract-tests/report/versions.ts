/**
 * What every report says it was made with: the kit's version (its
 * package.json) and the interface version the suite checks (openapi.yaml's
 * `info.version`), so a report read later, or beside another, says which
 * rules judged the deployment.
 */
import { interfaceVersion } from "../../mocks/interface/spec.js";
import { kitVersion } from "../../mocks/util/package-root.js";

/** The versions behind a report. */
export function reportVersions(): { readonly kit: string; readonly interface: string } {
  return { kit: kitVersion(), interface: interfaceVersion };
}

/** `petstore-contract 0.1.0, interface 1.0.0`: one line for the human-readable reports. */
export function versionsLine(): string {
  const { kit, interface: checked } = reportVersions();
  return `petstore-contract ${kit}, interface ${checked}`;
}
