/**
 * Schemas built the first time they are used, not when their module loads (issue 29).
 *
 * Building a zod schema is work: the contract's 700-odd pieces took a phone's main thread 130-260 ms
 * (4× CPU) in one task after hydration, on every page, though a page reads two or three answers.
 * In the browser each named schema and each call's schemas are therefore a stand-in that builds the
 * real schema on its first use (a parse, or a parent schema reading it) and hands every use to it.
 *
 * On the server (and in a service worker, and in Node's tests) there is no `document`: the schema is
 * built at once. The server builds every schema when it registers its routes anyway, and its
 * validation and serialization then run on plain schemas, with nothing in between.
 */

/** `build()`'s schema: built now on the server, on first use in a page. */
export function lazySchema<T extends object>(build: () => T): T {
  // Read off globalThis: src/domain is compiled for the server too, where the DOM's types are not.
  return 'document' in globalThis ? deferredSchema(build) : build();
}

/**
 * A stand-in for `build()`'s result that builds it on first use and then forwards every property
 * read, write and reflection to it. Exported for its tests; the contract uses `lazySchema`.
 */
export function deferredSchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  const real = (): T => (built ??= build());
  // The stand-in's own target mirrors the built schema's own properties before any reflection, as
  // a proxy may only report a property that cannot be reconfigured (zod's `_zod`) when its target
  // has it too.
  const target = {} as T;
  const mirrored = (): T => {
    const schema = real();
    for (const key of Reflect.ownKeys(schema)) {
      if (!Reflect.getOwnPropertyDescriptor(target, key)) Reflect.defineProperty(target, key, Reflect.getOwnPropertyDescriptor(schema, key)!);
    }
    return schema;
  };
  return new Proxy(target, {
    get: (_target, key) => Reflect.get(real(), key),
    set: (_target, key, value) => Reflect.set(real(), key, value),
    has: (_target, key) => Reflect.has(real(), key),
    deleteProperty: (_target, key) => Reflect.deleteProperty(real(), key),
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(real(), key, descriptor),
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
    ownKeys: () => Reflect.ownKeys(mirrored()),
    getOwnPropertyDescriptor: (_target, key) => Reflect.getOwnPropertyDescriptor(mirrored(), key),
  });
}
