/**
 * C# lexical pieces of the C# writer (./csharp.ts): string literals (regular and interpolated), the SDK's
 * member names, identifiers safe from C#'s keywords, and numbers as C# reads them.
 */

/** C#'s reserved keywords (an identifier spelled so needs `@`); contextual keywords are valid identifiers. */
const KEYWORDS = new Set(
  (
    "abstract as base bool break byte case catch char checked class const continue decimal default delegate do " +
    "double else enum event explicit extern false finally fixed float for foreach goto if implicit in int " +
    "interface internal is lock long namespace new null object operator out override params private protected " +
    "public readonly ref return sbyte sealed short sizeof stackalloc static string struct switch this throw true " +
    "try typeof uint ulong unchecked unsafe ushort using virtual void volatile while"
  ).split(" "),
);

/** The largest integer C# types as `int` (a larger one is written as a double, as the engine holds numbers). */
const INT_MAX = 2 ** 31 - 1;

/** `name` as a C# identifier: a reserved keyword gets C#'s verbatim prefix `@`. */
export function identifier(name: string): string {
  return KEYWORDS.has(name) ? `@${name}` : name;
}

/** The .NET SDK's member name of a schema property (`layoutId` -> `LayoutId`), as Pulumi's .NET codegen names it. */
export function memberName(property: string): string {
  return property[0]!.toUpperCase() + property.slice(1);
}

/** The text of `value` escaped for a regular C# string (quotes, backslashes, control characters, lone surrogates). */
function escaped(value: string): string {
  let out = "";
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    const code = value.charCodeAt(i);
    if (c === '"') out += '\\"';
    else if (c === "\\") out += "\\\\";
    else if (c === "\n") out += "\\n";
    else if (c === "\r") out += "\\r";
    else if (c === "\t") out += "\\t";
    else if (
      code < 0x20 ||
      code === 0x7f ||
      code === 0x2028 ||
      code === 0x2029 ||
      isLoneSurrogate(value, i)
    ) {
      out += `\\u${code.toString(16).toUpperCase().padStart(4, "0")}`;
    } else out += c;
  }
  return out;
}

/** Whether the UTF-16 unit at `i` is a surrogate without its pair (C# takes it only as an escape). */
function isLoneSurrogate(value: string, i: number): boolean {
  const code = value.charCodeAt(i);
  if (code >= 0xd800 && code <= 0xdbff) {
    const next = value.charCodeAt(i + 1);
    return !(next >= 0xdc00 && next <= 0xdfff);
  }
  if (code >= 0xdc00 && code <= 0xdfff) {
    const prev = value.charCodeAt(i - 1);
    return !(prev >= 0xd800 && prev <= 0xdbff);
  }
  return false;
}

/** A regular C# string literal of `value`. */
export function csString(value: string): string {
  return `"${escaped(value)}"`;
}

/** An interpolated C# string: `prefix` (its braces doubled) followed by the C# expression `expression`. */
export function csInterpolated(prefix: string, expression: string): string {
  return `$"${escaped(prefix).replace(/[{}]/g, (b) => b + b)}{${expression}}"`;
}

/**
 * A number of the model: where the schema types it (`int`, `double`), as is; where it is a free-form value
 * (an `object`), an integer within `int` as is and anything else as a double (`1.5d`, `12345678901234d`).
 */
export function csNumber(n: number, typed: "int" | "double" | undefined): string {
  const text = String(n);
  if (typed !== undefined) return text;
  return Number.isInteger(n) && Math.abs(n) <= INT_MAX ? text : `${text}d`;
}
