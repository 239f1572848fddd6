/**
 * A value built on first use. The web build wraps each schema the contract defines at the top of a module in one
 * (vite.config.ts, lazySchemas): zod builds a schema as its module loads, and a page loaded every schema of every
 * contract module it touched (some 100 ms at a phone's 4× slower CPU) to use a few. The proxy forwards
 * every operation to the schema, built the first time any is asked for, so code holding it (a parent schema, a
 * form's resolver, a `parse`) cannot tell the difference.
 */
export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  const real = (): T => (built ??= build());
  return new Proxy({} as T, {
    get: (_target, key) => Reflect.get(real(), key, real()),
    set: (_target, key, value) => Reflect.set(real(), key, value),
    has: (_target, key) => Reflect.has(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    // Reported configurable: the proxy's own (empty) target has none of these properties.
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(real(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(real(), key, descriptor),
    deleteProperty: (_target, key) => Reflect.deleteProperty(real(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
  });
}
