/** Every kind an export reads, in the order its resources are written (a new kind: one line here). */
import type { ExportKind } from "../kind";
import { environmentVariableKind } from "./environment-variable";
import { integrationKind } from "./integration";
import { layoutKind } from "./layout";
import { organizationSettingsKind } from "./organization-settings";
import { topicKind } from "./topic";
import { translationKind } from "./translation";
import { workflowKind } from "./workflow";

export const EXPORT_KINDS: readonly ExportKind[] = [
  integrationKind,
  layoutKind,
  workflowKind,
  topicKind,
  environmentVariableKind,
  translationKind,
  organizationSettingsKind,
];

/** The kinds an export reads when `--only` is not given: all but the opt-in ones (the settings). */
export const DEFAULT_KINDS: readonly ExportKind[] = EXPORT_KINDS.filter((k) => k.optIn !== true);
