/** The files of a generated project, by path relative to its folder. */
export type ProjectFiles = Record<string, string>;
