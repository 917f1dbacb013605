/**
 * Lets the in-process server answer inside happy-dom (ui-app.ts imports this first). The server's HTTP layer (srvx,
 * under h3) builds its answers on the root class of the global Response, read once as it loads, and forwards every
 * member that class's prototype names; happy-dom's root class refuses to be made outside a window and keeps most
 * members on the instance. srvx takes that class from a well-known global symbol when one is set: here a class
 * whose construction makes the window's own Response, its prototype naming every member of one. In Node's
 * environment this file changes nothing.
 */
const NATIVE_RESPONSE = Symbol.for('srvx.nativeResponse')
const scope = globalThis as unknown as Record<PropertyKey, unknown>

/** The names of `object`'s members: its own and its prototypes' (Object's left out). */
function memberNames(object: object): Set<string> {
  const names = new Set<string>()
  for (let at: object | null = object; at !== null && at !== Object.prototype; at = Object.getPrototypeOf(at) as object | null) {
    for (const name of Object.getOwnPropertyNames(at)) if (name !== 'constructor') names.add(name)
  }
  return names
}

if ('happyDOM' in scope && scope[NATIVE_RESPONSE] === undefined) {
  class WindowResponse {
    constructor(...args: ConstructorParameters<typeof Response>) {
      return new Response(...args)
    }
  }
  const sample = new Response('') as unknown as Record<string, unknown>
  // What srvx forwards to the Response it makes: the methods as methods, everything else as a getter.
  for (const name of memberNames(sample)) {
    const forward = typeof sample[name] === 'function' ? { value: () => undefined } : { get: () => undefined }
    Object.defineProperty(WindowResponse.prototype, name, { ...forward, configurable: true })
  }
  scope[NATIVE_RESPONSE] = WindowResponse
}

export {}
