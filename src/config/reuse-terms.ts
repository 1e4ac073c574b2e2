// The reuse terms (spec: "credit the service together with its provenance provider, link to
// the story, and keep the cited Manifest ids"), with the credit line from configuration.
import type { ReuseTerms } from "../api/reuse-terms.js";

export interface ReuseSettings {
  baseUrl: string;
  serviceName: string;
  providerName: string;
}

export function reuseTerms(settings: ReuseSettings): ReuseTerms {
  return {
    version: "1",
    summary:
      "Reuse is allowed, including commercial use, if you credit the service with its provenance provider, link to the story and keep the cited Manifest ids.",
    attribution: `${settings.serviceName} (${settings.baseUrl}), with provenance by ${settings.providerName}`,
    link_rule: "Link to the story's url wherever you use it.",
    keep_ids_rule: "Keep the Manifest ids cited by every fact you reuse, next to that fact.",
    no_endorsement: `Reuse does not imply endorsement by ${settings.serviceName}, its provenance provider or the original publishers.`,
    license_url: `${settings.baseUrl}/.well-known/reuse.json`,
    machine_url: `${settings.baseUrl}/.well-known/reuse.json`,
  };
}
