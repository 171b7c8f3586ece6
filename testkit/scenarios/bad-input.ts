/**
 * Bad input: generated resource inputs, valid ones and mutated ones, through `check` of both resource
 * providers. check must never throw; every rejection of a mutated input must name the property that was
 * mutated (a failure whose property, or its first segment, is a top-level key the mutation changed; any
 * property when the whole value was replaced), and every failure must name a property of the resource (or
 * of the inputs given), with a reason that starts from that property and never echoes a credential value.
 */
import { seededRandom } from "../../emulator/faults";
import { integrationInputsSchema } from "../../provider/model/integration-schema";
import { SECRET_INPUTS } from "../../provider/model/secret-inputs";
import { subscriberCredentialsInputsSchema } from "../../provider/model/subscriber-credentials-schema";
import { UNKNOWN } from "../../provider/model/values";
import { IntegrationProvider } from "../../provider/runtime/integration/provider";
import { SubscriberCredentialsProvider } from "../../provider/runtime/subscriber-credentials/provider";
import { CHAT_PUSH_PROVIDER_IDS, PROVIDER_CREDENTIALS, PUSH_PROVIDER_IDS } from "../../sdk/schemas";
import { mutateSome, type Random, WHOLE_VALUE } from "./mutate";

type Props = Record<string, unknown>;

/** Settings of {@link badInput}. */
export interface BadInputOptions {
  /** Mutated inputs per resource kind (default 500: 1,000 in all). */
  perResource?: number;
  /** Valid generated inputs per resource kind, which must pass (default 100). */
  validPerResource?: number;
  seed?: number;
  /**
   * Control: wrap each check so its failures name another property than the one they are about (a broken
   * check); the misnamed figures must then go up.
   */
  misnameFailures?: boolean;
}

/** Figures for one resource kind. */
export interface BadInputResourceFigures {
  resource: string;
  /** Mutated inputs checked. */
  checked: number;
  /** check threw or rejected. */
  crashes: number;
  /** Inputs with at least one failure. */
  rejected: number;
  /** Failures in all. */
  failures: number;
  /** Failures whose property is not a property of the resource or of the inputs given, or whose reason does not start from it. */
  misnamed: number;
  /** Rejected inputs none of whose failures names a property the mutation changed. */
  wrongProperty: number;
  /** Failure reasons containing a credential value of the inputs. */
  echoedSecrets: number;
  /** Valid generated inputs checked, and how many were (wrongly) rejected. */
  validChecked: number;
  validRejected: number;
  /** Valid inputs with some values replaced by the engine's unknown marker (preview), and how many were rejected. */
  unknownChecked: number;
  unknownRejected: number;
  firstProblem?: string;
}

interface Kind {
  resource: string;
  properties: readonly string[];
  check: (news: Props) => Promise<{ failures?: { property: string; reason: string }[] }>;
  generate: (random: Random, i: number) => Props;
}

const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

function secretValue(random: Random, i: number): string {
  return `s3cr3t-${i}-${Math.floor(random() * 1e9).toString(36)}`;
}

function integrationInputs(random: Random, i: number): Props {
  const providerId = pick(random, Object.keys(PROVIDER_CREDENTIALS));
  const spec = PROVIDER_CREDENTIALS[providerId];
  const active = random() < 0.5;
  const credentials: Props = {};
  for (const key of spec?.required ?? []) {
    credentials[key] =
      key === "baseUrl" || key === "webhookUrl"
        ? `https://hooks.example.com/${secretValue(random, i)}`
        : secretValue(random, i);
  }
  // The resource always sends an identifier (its own or the default one), as the provider requires.
  const inputs: Props = {
    providerId,
    channel: spec?.channel ?? "email",
    identifier: `fuzz-${i}`,
    active,
    credentials,
  };
  if (random() < 0.5) inputs.name = `Fuzz ${i}`;
  if (random() < 0.3) {
    inputs.conditions = [
      {
        isNegated: random() < 0.5,
        type: "BOOLEAN",
        value: pick(random, ["AND", "OR"]),
        children: [{ field: "plan", value: "pro", operator: "EQUAL", on: "subscriber" }],
      },
    ];
  }
  if (random() < 0.2) inputs.adopt = true;
  return inputs;
}

const PUSH: ReadonlySet<string> = new Set(PUSH_PROVIDER_IDS);

function credentialsInputs(random: Random, i: number): Props {
  const providerId = pick(random, CHAT_PUSH_PROVIDER_IDS);
  const credentials: Props = PUSH.has(providerId)
    ? {
        deviceTokens: Array.from(
          { length: 1 + Math.floor(random() * 3) },
          (_, k) => `${secretValue(random, i)}-${k}`,
        ),
      }
    : { webhookUrl: `https://hooks.example.com/${secretValue(random, i)}` };
  const inputs: Props = { subscriberId: `subscriber-${i}`, providerId, credentials };
  if (random() < 0.3) inputs.integrationIdentifier = `${providerId}-main`;
  return inputs;
}

/** Extra hostile values the generic mutations do not produce. */
function hostile(random: Random, inputs: Props): { value: Props; touched: string[] } {
  const out = structuredClone(inputs);
  const keys = Object.keys(out);
  const key = pick(random, [...keys, "unexpected"]);
  out[key] = pick(random, [
    "x".repeat(10_000),
    "\u0000ctl",
    " padded ",
    Number.NaN,
    Number.POSITIVE_INFINITY,
    -0,
    { __proto__: { polluted: true } },
    JSON.parse('{"__proto__": {"polluted": true}}'),
    [[[[[]]]]],
    "https://user:pass@example.com/",
    "javascript:alert(1)",
    Array.from({ length: 1500 }, (_, k) => `t${k}`),
  ]);
  return { value: out, touched: [key] };
}

function withUnknowns(random: Random, inputs: Props): Props {
  const out = structuredClone(inputs);
  for (const k of Object.keys(out)) if (random() < 0.4) out[k] = UNKNOWN;
  return out;
}

function secretsOf(inputs: unknown): string[] {
  const found: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === "string" && v.includes("s3cr3t-")) found.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v !== null && typeof v === "object") Object.values(v).forEach(walk);
  };
  walk(inputs);
  return found;
}

const KINDS: Kind[] = [
  {
    resource: "Integration",
    properties: Object.keys(integrationInputsSchema.shape),
    check: (news) =>
      new IntegrationProvider({ settings: { apiKey: "k_unused", baseUrl: "http://127.0.0.1:9" } }).check(
        {},
        news,
      ),
    generate: integrationInputs,
  },
  {
    resource: "SubscriberCredentials",
    properties: Object.keys(subscriberCredentialsInputsSchema.shape),
    check: (news) => new SubscriberCredentialsProvider().check({}, news),
    generate: credentialsInputs,
  },
];

/** A deliberately broken check: every failure names the first property that is not the one it is about. */
function misnaming(kind: Kind): Kind {
  return {
    ...kind,
    check: async (news) => {
      const r = await kind.check(news);
      const failures = (r.failures ?? []).map((f) => {
        const other = kind.properties.find((p) => p !== f.property) ?? f.property;
        return { property: other, reason: `${other}: ${f.reason}` };
      });
      return { failures };
    },
  };
}

/** The first segment of a failure's property (`credentials.apiKey` and `credentials[0]` -> `credentials`). */
const topOf = (property: string) => property.split(/[.[]/)[0] ?? property;

/**
 * The top-level property a failure names: its `property`, or, for a failure of a secret input (reported on
 * the whole resource so that the engine prints no value), the field its reason starts with.
 */
const namedProperty = (failure: { property: string; reason: string }): string =>
  failure.property !== "" ? failure.property : topOf(failure.reason.split(":")[0] ?? "");

async function runKind(kind: Kind, opts: Required<BadInputOptions>): Promise<BadInputResourceFigures> {
  const random = seededRandom(opts.seed);
  const f: BadInputResourceFigures = {
    resource: kind.resource,
    checked: 0,
    crashes: 0,
    rejected: 0,
    failures: 0,
    misnamed: 0,
    wrongProperty: 0,
    echoedSecrets: 0,
    validChecked: 0,
    validRejected: 0,
    unknownChecked: 0,
    unknownRejected: 0,
  };
  const note = (problem: string) => {
    f.firstProblem ??= problem;
  };
  for (let i = 0; i < opts.validPerResource; i++) {
    const inputs = kind.generate(random, i);
    f.validChecked++;
    const r = await kind.check(inputs).catch((e: unknown) => ({ crash: e }));
    if ("crash" in r) {
      f.crashes++;
      note(`valid input crashed check: ${String(r.crash)}`);
    } else if ((r.failures ?? []).length > 0) {
      f.validRejected++;
      note(`valid input rejected: ${JSON.stringify(r.failures)}`);
    }
    f.unknownChecked++;
    const preview = withUnknowns(random, inputs);
    const p = await kind.check(preview).catch((e: unknown) => ({ crash: e }));
    if ("crash" in p) f.crashes++;
    else if ((p.failures ?? []).length > 0) {
      f.unknownRejected++;
      note(`preview input rejected: ${JSON.stringify(p.failures)} for ${JSON.stringify(preview)}`);
    }
  }
  for (let i = 0; i < opts.perResource; i++) {
    const base = kind.generate(random, 10_000 + i);
    const mutated = random() < 0.25 ? hostile(random, base) : mutateSome(base, random, 3);
    const isProps =
      mutated.value !== null && typeof mutated.value === "object" && !Array.isArray(mutated.value);
    const news = isProps ? (mutated.value as Props) : {};
    const touched = new Set(isProps ? mutated.touched : [WHOLE_VALUE]);
    f.checked++;
    let result: { failures?: { property: string; reason: string }[] };
    try {
      result = await kind.check(news);
    } catch (e) {
      f.crashes++;
      note(`check threw: ${e instanceof Error ? e.stack : String(e)}`);
      continue;
    }
    const failures = result.failures ?? [];
    if (failures.length > 0) {
      f.rejected++;
      const named = touched.has(WHOLE_VALUE) || failures.some((x) => touched.has(namedProperty(x)));
      if (!named) {
        f.wrongProperty++;
        note(`rejection names ${failures.map(namedProperty).join(", ")}, mutated ${[...touched].join(", ")}`);
      }
    }
    const secrets = secretsOf(base);
    for (const failure of failures) {
      f.failures++;
      const property = namedProperty(failure);
      const concealed = failure.property === "" && SECRET_INPUTS.has(property);
      const known = kind.properties.includes(property) || Object.hasOwn(news, property);
      const starts = typeof failure.reason === "string" && failure.reason.startsWith(property);
      if (property === "" || (failure.property === "" && !concealed) || !known || !starts) {
        f.misnamed++;
        note(`misnamed failure ${JSON.stringify(failure)}`);
      }
      if (secrets.some((s) => failure.reason.includes(s))) {
        f.echoedSecrets++;
        note(`reason echoes a credential value: ${failure.property}`);
      }
    }
  }
  return f;
}

/** Runs the fuzz for both resource kinds. */
export async function badInput(opts: BadInputOptions = {}): Promise<BadInputResourceFigures[]> {
  const full: Required<BadInputOptions> = {
    perResource: opts.perResource ?? 500,
    validPerResource: opts.validPerResource ?? 100,
    seed: opts.seed ?? 424242,
    misnameFailures: opts.misnameFailures ?? false,
  };
  const out: BadInputResourceFigures[] = [];
  for (const kind of KINDS) out.push(await runKind(opts.misnameFailures ? misnaming(kind) : kind, full));
  return out;
}
