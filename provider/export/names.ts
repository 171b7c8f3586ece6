/**
 * Program names of exported resources: derived from the service's identifiers, camelCase, starting with a
 * letter, unique in the project, and valid in every language the export writes (the writers convert them
 * to snake_case or PascalCase where the language wants it; a name reserved in any of them gets a suffix).
 */

/** Words reserved (or confusing as variable names) in TypeScript, JavaScript, Python, Go and C#, and the names the generated programs use inside their bodies (`conf`, `creds`, `err`, `identifierSuffix`, Go's `len`). */
const RESERVED = new Set(
  (
    "abstract and as assert async await base bool break byte case catch chan char checked class conf config const " +
    "continue creds ctx decimal def default defer del delegate do double elif else enum err event except explicit " +
    "export extends extern false fallthrough finally fixed float for foreach from func function global go " +
    "goto identifiersuffix if implicit import in int interface internal is lambda len let lock long map main module namespace " +
    "new nil none nonlocal not null object operator or out override package params pass private protected " +
    "public pulumi raise range readonly ref require return sbyte sealed select short sizeof stackalloc " +
    "static string struct super svc switch this throw true try type typeof uint ulong unchecked unsafe " +
    "ushort using var virtual void volatile while with yield"
  ).split(" "),
);

/** camelCase of an identifier's words (`welcome-email_v2` -> `welcomeEmailV2`); "" when it has none. */
export function camelCase(text: string): string {
  const words = text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w.length > 0);
  return words
    .map((w, i) => (i === 0 ? w.toLowerCase() : w[0]!.toUpperCase() + w.slice(1).toLowerCase()))
    .join("");
}

/** Hands out unique program names. */
export class NameRegistry {
  private readonly taken = new Set<string>();

  /**
   * A unique name for an object whose identifier is `identifier`, of a kind whose word is `kindWord`
   * (`workflow`, `layout`, ...): the identifier's camelCase, else the kind word; prefixed with the kind
   * word when it does not start with a letter or is reserved; the kind word, then a number, appended on
   * a collision. Uniqueness is checked case-insensitively (so snake_case and PascalCase stay unique).
   */
  name(identifier: string, kindWord: string): string {
    let base = camelCase(identifier);
    if (base === "" || !/^[a-z]/.test(base))
      base = kindWord + (base === "" ? "" : base[0]!.toUpperCase() + base.slice(1));
    if (RESERVED.has(base.toLowerCase())) base = `${base}${kindWord[0]!.toUpperCase()}${kindWord.slice(1)}`;
    const candidates = [base, `${base}${kindWord[0]!.toUpperCase()}${kindWord.slice(1)}`];
    for (let i = 2; candidates.length < 1000; i++) candidates.push(`${candidates[1]}${i}`);
    const chosen = candidates.find((c) => !this.taken.has(c.toLowerCase())) as string;
    this.taken.add(chosen.toLowerCase());
    return chosen;
  }
}

/** snake_case of a program name (`welcomeEmailV2` -> `welcome_email_v2`). */
export function snakeCase(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();
}
