/**
 * Provider ids that only the service's published API names: `@novu/api`'s `ChatOrPushProviderEnum`
 * (`novuhq/novu-ts`, `src/models/components/chatorpushproviderenum.ts`, generated from the service's OpenAPI
 * document), laid in the newest files' directory at that path. The newest release lists chat providers there
 * (`line`, `webex-messaging`, `sendblue`, `novu-web-chat`) whose channel files the stored newest
 * `packages/shared` does not yet hold; they are read with their keys unread.
 */
import ts from "typescript";
import { holds, type NovuSource } from "./novu-source";
import type { Enums, SourceProvider } from "./read-providers";

/** Where the API's enum lies in the newest files' directory. */
export const API_ENUM_PATH = "src/models/components/chatorpushproviderenum.ts";

/** `WebexMessaging` → `Webex Messaging`: the enum's member name, the only name the API gives. */
function spaced(member: string): string {
  return member.replace(/([a-z0-9])([A-Z])/g, "$1 $2");
}

/** The members of `export const ChatOrPushProviderEnum = { Member: "id", ... }`, in the file's order. */
function members(text: string): [string, string][] {
  const file = ts.createSourceFile(API_ENUM_PATH, text, ts.ScriptTarget.Latest, true);
  const out: [string, string][] = [];
  file.forEachChild((node) => {
    if (!ts.isVariableStatement(node)) return;
    for (const d of node.declarationList.declarations) {
      let init = d.initializer;
      while (init && ts.isAsExpression(init)) init = init.expression;
      if (!init || !ts.isObjectLiteralExpression(init)) continue;
      for (const p of init.properties)
        if (ts.isPropertyAssignment(p) && ts.isStringLiteralLike(p.initializer))
          out.push([p.name.getText(), p.initializer.text]);
    }
  });
  return out;
}

/**
 * The providers of the API's enum that `known` (the channel files' ids) lacks: a push provider where Novu's
 * `PushProviderIdEnum` lists the id, otherwise a chat provider (the enum holds only those two channels).
 * None when the source has no such file.
 */
export function apiOnlyProviders(
  source: NovuSource,
  enums: Enums,
  known: ReadonlySet<string>,
): SourceProvider[] {
  if (!holds(source, API_ENUM_PATH)) return [];
  const push = new Set([...enums].filter(([k]) => k.startsWith("PushProviderIdEnum.")).map(([, v]) => v));
  return members(source.read(API_ENUM_PATH))
    .filter(([, id]) => !known.has(id))
    .map(([member, id]) => ({
      id,
      displayName: spaced(member),
      channel: push.has(id) ? "push" : "chat",
      credentials: [],
      keysUnread: true,
    }));
}
