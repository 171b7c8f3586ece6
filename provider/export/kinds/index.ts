/** Every kind an export reads, in the order its resources are written (a new kind: one line here). */
import type { ExportKind } from "../kind";
import { integrationKind } from "./integration";
import { layoutKind } from "./layout";
import { topicKind } from "./topic";
import { workflowKind } from "./workflow";

export const EXPORT_KINDS: readonly ExportKind[] = [integrationKind, layoutKind, workflowKind, topicKind];
