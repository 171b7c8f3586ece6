import type { KeyScope } from "./auth";
import type { RateLimitCategory } from "./rate-limit";
import type { Store } from "./store";

/** Query parameters: one string, or an array when the parameter was repeated. */
type Query = Record<string, string | string[]>;

/** What a route handler gets. */
export interface RequestContext {
  method: string;
  /** Path without the query string. */
  path: string;
  params: Record<string, string>;
  query: Query;
  body: unknown;
  scope: KeyScope;
  store: Store;
  /** Epoch milliseconds when the request arrived ("the time of the request" in the spec's defaults). */
  receivedAt: number;
}

/** What a route handler answers. `body` undefined means no body (204). */
export interface RouteResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** One endpoint. `pattern` segments starting with `:` are parameters. */
export interface Route {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  pattern: string;
  category: RateLimitCategory;
  handler: (ctx: RequestContext) => RouteResult | Promise<RouteResult>;
}

/** A matched route and its decoded path parameters. */
interface RouteMatch {
  route: Route;
  params: Record<string, string>;
}

/** Method + path-pattern routing; the endpoints are a few dozen, so a linear match is enough. */
export class Router {
  private readonly routes: { route: Route; segments: string[] }[] = [];

  /** Adds routes; literal patterns should come before parameterized ones that overlap them. */
  add(...routes: Route[]): this {
    for (const route of routes)
      this.routes.push({ route, segments: route.pattern.split("/").filter(Boolean) });
    return this;
  }

  /** The route for `method` and `path`, or undefined. */
  match(method: string, path: string): RouteMatch | undefined {
    const parts = path.split("/").filter(Boolean);
    for (const { route, segments } of this.routes) {
      if (route.method !== method || segments.length !== parts.length) continue;
      const params: Record<string, string> = {};
      let ok = true;
      for (let i = 0; i < segments.length && ok; i++) {
        const seg = segments[i] as string;
        const part = parts[i] as string;
        if (seg.startsWith(":")) {
          try {
            params[seg.slice(1)] = decodeURIComponent(part);
          } catch {
            ok = false;
          }
        } else ok = seg === part;
      }
      if (ok) return { route, params };
    }
    return undefined;
  }
}

/** Parses a query string: repeated parameters (and `name[]=`) become arrays. */
export function parseQuery(search: URLSearchParams): Query {
  const query: Query = {};
  for (const [rawKey, value] of search) {
    const key = rawKey.endsWith("[]") ? rawKey.slice(0, -2) : rawKey;
    const prev = query[key];
    if (prev === undefined) query[key] = rawKey.endsWith("[]") ? [value] : value;
    else query[key] = Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return query;
}
