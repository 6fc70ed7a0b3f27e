/**
 * Runtime checkers for frame payloads, and the types derived from them, so a payload type and the
 * code that checks it are one declaration and cannot drift.
 *
 * Hand-written instead of a schema library because these few combinators are all the protocol
 * needs and the realtime code is part of the start-up chunk (docs/subsystems/web-chat.md, "Typed
 * frames"). Semantics follow protocol/README.md §1: fields a checker does not name are dropped
 * (receivers ignore unknown fields), and an optional field may be absent or `null`.
 */

/** Thrown inside a checker; `parsePayload` turns it into a result. */
export class PayloadError extends Error {
  constructor(
    readonly path: string,
    expected: string,
  ) {
    super(`${path || "payload"}: expected ${expected}`);
    this.name = "PayloadError";
  }
}

/** Returns the checked value (a fresh object for objects) or throws `PayloadError`. */
export type Checker<T> = (value: unknown, path: string) => T;

/** A checker whose field may be absent or null inside `object` (then it is left out). */
export type OptionalChecker<T> = Checker<T | undefined> & { readonly optional: true };

export type Infer<C> = C extends Checker<infer T> ? T : never;

type Shape = Record<string, Checker<unknown>>;
type Simplify<T> = { [K in keyof T]: T[K] } & {};
type RequiredKeys<S extends Shape> = { [K in keyof S]: S[K] extends OptionalChecker<unknown> ? never : K }[keyof S];
type OptionalKeys<S extends Shape> = Exclude<keyof S, RequiredKeys<S>>;
export type ObjectOf<S extends Shape> = Simplify<
  { [K in RequiredKeys<S>]: Infer<S[K]> } & { [K in OptionalKeys<S>]?: Exclude<Infer<S[K]>, undefined> }
>;

export type ParseResult<T> = { ok: true; value: T } | { ok: false; error: string };

export function parsePayload<T>(checker: Checker<T>, value: unknown): ParseResult<T> {
  try {
    return { ok: true, value: checker(value, "") };
  } catch (error) {
    if (error instanceof PayloadError) return { ok: false, error: error.message };
    throw error;
  }
}

const at = (path: string, key: string | number) => (typeof key === "number" ? `${path}[${key}]` : path ? `${path}.${key}` : key);

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export const string: Checker<string> = (value, path) => {
  if (typeof value !== "string") throw new PayloadError(path, "a string");
  return value;
};

/** Integers only: the protocol has no fractional numbers (§3.4). */
export const integer: Checker<number> = (value, path) => {
  if (typeof value !== "number" || !Number.isInteger(value)) throw new PayloadError(path, "an integer");
  return value;
};

export const boolean: Checker<boolean> = (value, path) => {
  if (typeof value !== "boolean") throw new PayloadError(path, "a boolean");
  return value;
};

export function literal<const T extends readonly string[]>(...values: T): Checker<T[number]> {
  return (value, path) => {
    if (typeof value !== "string" || !values.includes(value)) throw new PayloadError(path, values.join(" | "));
    return value;
  };
}

export function array<T>(item: Checker<T>): Checker<T[]> {
  return (value, path) => {
    if (!Array.isArray(value)) throw new PayloadError(path, "an array");
    return value.map((entry, index) => item(entry, at(path, index)));
  };
}

/** Absent or null both mean "none" (§1): read as null, so the type has one way to say it. */
export function nullable<T>(checker: Checker<T>): Checker<T | null> {
  return (value, path) => (value === undefined || value === null ? null : checker(value, path));
}

export function optional<T>(checker: Checker<T>): OptionalChecker<T> {
  const check = (value: unknown, path: string) => (value === undefined || value === null ? undefined : checker(value, path));
  return Object.assign(check, { optional: true as const });
}

function readFields<S extends Shape>(shape: S, value: Record<string, unknown>, path: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, checker] of Object.entries(shape)) {
    const checked = checker(value[key], at(path, key));
    if (checked !== undefined) out[key] = checked;
  }
  return out;
}

/** An object with exactly the named fields: others are dropped, so the value matches its type. */
export function object<S extends Shape>(shape: S): Checker<ObjectOf<S>> {
  return (value, path) => {
    if (!isRecord(value)) throw new PayloadError(path, "an object");
    return readFields(shape, value, path) as ObjectOf<S>;
  };
}

/**
 * An object the protocol defines as "the REST object" (an activity): the named fields are checked,
 * the others are kept for the feature that reads them.
 */
export function openObject<S extends Shape>(shape: S): Checker<ObjectOf<S> & { readonly [field: string]: unknown }> {
  return (value, path) => {
    if (!isRecord(value)) throw new PayloadError(path, "an object");
    return { ...value, ...readFields(shape, value, path) } as ObjectOf<S> & { readonly [field: string]: unknown };
  };
}

/** The first alternative that accepts the value. */
export function oneOf<A, B>(first: Checker<A>, second: Checker<B>): Checker<A | B> {
  return (value, path) => {
    try {
      return first(value, path);
    } catch (error) {
      if (!(error instanceof PayloadError)) throw error;
      return second(value, path);
    }
  };
}
