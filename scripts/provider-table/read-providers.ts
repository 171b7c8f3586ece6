/**
 * Novu's provider list, read (parsed, never run) from `packages/shared/src/consts/providers/`: each provider's
 * id, display name, channel and credential keys with their `required` flags, following the spreads of shared
 * credential lists (`...mailConfigBase`) and the enums of `packages/shared/src/types/`.
 */
import ts from "typescript";
import type { NovuSource } from "./novu-source";

const PROVIDERS = "packages/shared/src/consts/providers";
const ENUM_FILES = ["packages/shared/src/types/providers.ts", "packages/shared/src/types/channel.ts"];

/** One credential key of a provider, as the dashboard's form lists it. */
export interface SourceCredential {
  key: string;
  required: boolean;
}

/** One provider of the source. */
export interface SourceProvider {
  id: string;
  displayName: string;
  channel: string;
  credentials: SourceCredential[];
  /**
   * The source names the provider but not its form's keys (a credential list no file read defines, or an id
   * only the API's enum lists): `credentials` is then empty for want of a source, not because the form is.
   */
  keysUnread?: true;
}

/** How to read a source. */
export interface ReadOptions {
  /**
   * Whether a provider whose credential list no file defines is kept with its keys unread (the newest files,
   * read one by one, need not all be of one commit) rather than refused (a whole tree must be consistent).
   */
  tolerateUnreadLists?: boolean;
}

/** `EnumName.Member` → its string value. */
export type Enums = Map<string, string>;

function parse(source: NovuSource, path: string): ts.SourceFile {
  return ts.createSourceFile(path, source.read(path), ts.ScriptTarget.Latest, true);
}

/** `EnumName.Member` → its string value, for every string enum of the files. */
export function readEnums(source: NovuSource): Enums {
  const out: Enums = new Map();
  for (const path of ENUM_FILES) {
    parse(source, path).forEachChild((node) => {
      if (!ts.isEnumDeclaration(node)) return;
      for (const m of node.members)
        if (m.initializer && ts.isStringLiteral(m.initializer))
          out.set(`${node.name.text}.${m.name.getText()}`, m.initializer.text);
    });
  }
  return out;
}

/** The array literal of every top-level `const NAME = [...]` (possibly `[...] as T`). */
function constArrays(file: ts.SourceFile): Map<string, ts.ArrayLiteralExpression> {
  const out = new Map<string, ts.ArrayLiteralExpression>();
  file.forEachChild((node) => {
    if (!ts.isVariableStatement(node)) return;
    for (const d of node.declarationList.declarations) {
      const init = d.initializer && unwrap(d.initializer);
      if (init && ts.isArrayLiteralExpression(init) && ts.isIdentifier(d.name)) out.set(d.name.text, init);
    }
  });
  return out;
}

function unwrap(e: ts.Expression): ts.Expression {
  return ts.isAsExpression(e) || ts.isParenthesizedExpression(e) ? unwrap(e.expression) : e;
}

function property(obj: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
  for (const p of obj.properties)
    if (ts.isPropertyAssignment(p) && p.name.getText() === name) return unwrap(p.initializer);
  return undefined;
}

function enumValue(e: ts.Expression | undefined, enums: Enums, what: string): string {
  const value = e && enums.get(e.getText());
  if (value === undefined) throw new Error(`provider-table: cannot read ${what} "${e?.getText()}"`);
  return value;
}

/** The credential keys of one list, spreads followed, in the source's order. */
function credentialsOf(
  list: ts.ArrayLiteralExpression,
  lists: Map<string, ts.ArrayLiteralExpression>,
  enums: Enums,
): SourceCredential[] {
  return list.elements.flatMap((el): SourceCredential[] => {
    if (ts.isSpreadElement(el)) {
      const inner = lists.get(el.expression.getText());
      if (!inner) throw new Error(`provider-table: unknown credential list ${el.expression.getText()}`);
      return credentialsOf(inner, lists, enums);
    }
    if (!ts.isObjectLiteralExpression(el)) throw new Error(`provider-table: cannot read ${el.getText()}`);
    const key = enumValue(property(el, "key"), enums, "credential key");
    return [{ key, required: property(el, "required")?.kind === ts.SyntaxKind.TrueKeyword }];
  });
}

/** Every provider of the channel files, in the source's order. */
export function readProviders(source: NovuSource, options: ReadOptions = {}): SourceProvider[] {
  const enums = readEnums(source);
  const lists = constArrays(parse(source, `${PROVIDERS}/credentials/provider-credentials.ts`));
  const files = source
    .list(`${PROVIDERS}/channels`)
    .filter((f) => !["index.ts", "http-request.ts"].includes(f));
  return files.flatMap((f) =>
    [...constArrays(parse(source, `${PROVIDERS}/channels/${f}`)).values()].flatMap((array) =>
      array.elements
        .filter(ts.isObjectLiteralExpression)
        .map((p) => providerOf(p, lists, enums, options.tolerateUnreadLists === true)),
    ),
  );
}

function providerOf(
  p: ts.ObjectLiteralExpression,
  lists: Map<string, ts.ArrayLiteralExpression>,
  enums: Enums,
  tolerateUnreadLists: boolean,
): SourceProvider {
  const creds = property(p, "credentials");
  const list =
    creds && ts.isArrayLiteralExpression(creds) ? creds : creds ? lists.get(creds.getText()) : undefined;
  const name = property(p, "displayName");
  const provider = {
    id: enumValue(property(p, "id"), enums, "provider id"),
    displayName: name && ts.isStringLiteralLike(name) ? name.text : "",
    channel: enumValue(property(p, "channel"), enums, "channel"),
  };
  if (list) return { ...provider, credentials: credentialsOf(list, lists, enums) };
  if (tolerateUnreadLists && creds && ts.isIdentifier(creds))
    return { ...provider, credentials: [], keysUnread: true };
  throw new Error(`provider-table: cannot read the credentials of ${p.getText().slice(0, 80)}`);
}
