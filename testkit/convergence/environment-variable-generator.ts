/**
 * Environment variables riding along in a convergence script, from a sequence of their own (so the rest of a
 * seed's script is the same as before they were modelled): two or three keys in the starting program, plain
 * and secret, most declared in development and production alike (one record, each environment's resource
 * owning its value), often a development-only key. Their edits join the edit batches (values edited, keys
 * added, shared with the other environment, removed, renamed (a replacement), every variable of one
 * environment dropped), and their out-of-band changes the out-of-band groups: a value edited in the
 * dashboard (plain: a refresh sees it; secret: nothing can, the service masks it), a value deleted, the
 * application making or editing a variable of its own, and the application writing the production value of
 * a development-only key the program declares.
 */
import {
  declaredKeys,
  devOnlyKey,
  MAX_DECLARED_KEYS,
  MAX_FOREIGN_RECORDS,
  otherEnvironment,
  type VariableDecl,
  type VariableEdit,
  type VariableEnvironment,
  type VariableOob,
} from "./environment-variable-model";
import type { ProgramModel } from "./model";
import { Rng } from "./rng";

/** The seed of the variables' sequence of a script's seed (independent of the other three). */
const variableSeed = (seed: number) => (Math.imul(seed ^ 0x7feb352d, 0x846ca68b) ^ 0x27d4eb2f) >>> 0;

/** Draws environment variables, their edits and out-of-band changes for one script. */
export class VariableDraws {
  readonly rng: Rng;
  private n = 0;
  /** Records the application made out of band so far (each counts toward the organization's limit). */
  private foreignRecords = 0;
  /** Whether the application wrote a production value of a development-only key already (one per script). */
  private foreignValue = false;

  constructor(
    seed: number,
    readonly tag: string,
    /** False: draws nothing. */
    readonly enabled = true,
  ) {
    this.rng = new Rng(variableSeed(seed));
  }

  private next(): number {
    this.n++;
    return this.n;
  }

  /** A key prefix the key pattern allows (a letter, then letters, digits and `_`). */
  private get prefix(): string {
    return this.tag.toUpperCase().replace(/[^A-Z0-9]/g, "_");
  }

  /** A new key; `devOnly`: one only development declares ({@link devOnlyKey}). */
  key(devOnly = false): string {
    return `${this.prefix}_${devOnly ? "D" : "K"}${this.next()}`;
  }

  /** A new value: a secret one matches the lane's secret pattern (./lane.ts `secretsOf`). */
  value(env: VariableEnvironment, isSecret: boolean): string {
    const n = this.next();
    const hex = this.rng.hex(8);
    return isSecret ? `evs-${this.tag}-${n}-${hex}` : `https://${env}.conv.example/${this.tag}/${n}-${hex}`;
  }

  variable(env: VariableEnvironment, key: string, isSecret: boolean): VariableDecl {
    const decl: VariableDecl = { name: `var${this.next()}`, env, key, value: this.value(env, isSecret) };
    if (isSecret) decl.isSecret = true;
    return decl;
  }

  /** The starting program's variables: 2-3 keys, most in both environments, often a development-only one. */
  initial(): VariableDecl[] {
    if (!this.enabled) return [];
    const out: VariableDecl[] = [];
    for (let k = 2 + this.rng.int(2); k > 0; k--) {
      const devOnly = k === 1 && this.rng.chance(0.6);
      const key = this.key(devOnly);
      const isSecret = this.rng.chance(0.4);
      out.push(this.variable("dev", key, isSecret));
      if (!devOnly && this.rng.chance(0.75)) out.push(this.variable("prod", key, isSecret));
    }
    return out;
  }

  /** The variable edits riding along with one batch of edits (none, one or two). */
  edits(m: ProgramModel): VariableEdit[] {
    const out: VariableEdit[] = [];
    if (!this.enabled || m.variables === undefined) return out;
    for (let k = this.rng.int(3); k > 0; k--) {
      const e = this.edit(m);
      if (e) out.push(e);
    }
    return out;
  }

  private edit(m: ProgramModel): VariableEdit | undefined {
    const all = m.variables ?? [];
    if (all.length === 0) return this.added(m);
    const v = this.rng.pick(all);
    switch (this.rng.weighted({ value: 5, add: 2, share: 2, remove: 1, key: 2, drop: 1 })) {
      case "value":
        return {
          edit: "set-variable-value",
          variable: v.name,
          value: this.value(v.env, v.isSecret === true),
        };
      case "add":
        return this.added(m);
      case "share":
        return this.shared(m, v);
      case "remove":
        return { edit: "remove-variable", variable: v.name };
      case "key":
        return { edit: "set-variable-key", variable: v.name, key: this.renamedKey(m, v) };
      default:
        return { edit: "drop-environment", env: this.rng.chance(0.7) ? "prod" : "dev" };
    }
  }

  /** A new key (within {@link MAX_DECLARED_KEYS}), in one environment. */
  private added(m: ProgramModel): VariableEdit | undefined {
    if (declaredKeys(m).length >= MAX_DECLARED_KEYS) return undefined;
    const env: VariableEnvironment = this.rng.chance(0.6) ? "dev" : "prod";
    const key = this.key(env === "dev" && this.rng.chance(0.3));
    return { edit: "add-variable", decl: this.variable(env, key, this.rng.chance(0.4)) };
  }

  /** `v`'s key declared in the other environment too (the record shared), when it is not yet. */
  private shared(m: ProgramModel, v: VariableDecl): VariableEdit | undefined {
    const env = otherEnvironment(v.env);
    if (devOnlyKey(v.key) || (m.variables ?? []).some((x) => x.env === env && x.key === v.key))
      return this.added(m);
    return { edit: "add-variable", decl: this.variable(env, v.key, v.isSecret === true) };
  }

  /** A new key for `v`: often one the other environment declares alone (then the two share it). */
  private renamedKey(m: ProgramModel, v: VariableDecl): string {
    const env = otherEnvironment(v.env);
    const joinable = declaredKeys(m).filter(
      (key) =>
        !(m.variables ?? []).some((x) => x.env === v.env && x.key === key) &&
        (m.variables ?? []).some((x) => x.env === env && x.key === key && x.isSecret === v.isSecret),
    );
    if (joinable.length > 0 && this.rng.chance(0.4)) return this.rng.pick(joinable);
    return this.key(v.env === "dev" && devOnlyKey(v.key));
  }

  /** The out-of-band change riding along with an out-of-band group, if any (about six in ten). */
  oob(m: ProgramModel): VariableOob | undefined {
    if (!this.enabled || m.variables === undefined || !this.rng.chance(0.6)) return undefined;
    const all = m.variables;
    const devOnly = all.filter((v) => devOnlyKey(v.key));
    const kind = this.rng.weighted({ edit: 5, delete: 2, foreign: 2, other: 2 });
    if (kind === "other" && devOnly.length > 0 && !this.foreignValue) {
      this.foreignValue = true;
      const v = this.rng.pick(devOnly);
      return {
        oob: "foreign-variable-value",
        variable: v.name,
        value: this.value("prod", v.isSecret === true),
      };
    }
    if (kind === "foreign" || all.length === 0) return this.foreign();
    const v = this.rng.pick(all);
    if (kind === "delete") return { oob: "delete-variable-value", variable: v.name };
    return { oob: "edit-variable-value", variable: v.name, value: this.value(v.env, v.isSecret === true) };
  }

  /** The application makes a record of its own (at most {@link MAX_FOREIGN_RECORDS}) or edits its support address. */
  private foreign(): VariableOob {
    if (this.foreignRecords < MAX_FOREIGN_RECORDS && this.rng.chance(0.5)) {
      this.foreignRecords++;
      const isSecret = this.rng.chance(0.5);
      const values: Partial<Record<VariableEnvironment, string>> = { dev: this.value("dev", isSecret) };
      if (this.rng.chance(0.5)) values.prod = this.value("prod", isSecret);
      return { oob: "foreign-variable", key: `APP_${this.prefix}_${this.next()}`, isSecret, values };
    }
    const env: VariableEnvironment = this.rng.chance(0.5) ? "dev" : "prod";
    return {
      oob: "foreign-variable",
      key: "APP_SUPPORT_EMAIL",
      isSecret: false,
      values: { [env]: `support-${this.rng.hex(4)}@app.example` },
    };
  }
}
