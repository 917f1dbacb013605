/** Why the LAN listener could not listen at an address and port, in words the owner can act on, with the field to change. */
import { BlockList, isIP } from 'node:net'
import { networkInterfaces } from 'node:os'
import { PortInUseError } from '#server'

/** This computer's own network addresses (not loopback), to offer when the one given is not among them. */
function ownAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flatMap((entries) => entries ?? [])
    .filter((entry) => !entry.internal && !entry.address.startsWith('fe80:'))
    .map((entry) => entry.address)
}

/** What to offer instead of an address the tills cannot use. */
function ownAddressesOffer(): string {
  const own = ownAddresses()
  return own.length > 0 ? `its addresses are ${own.join(', ')}` : 'it has no network address now (is it connected?)'
}

/** True when `address`, parsed (it has many spellings), is in `list`; false for text that is no address. */
function parsedIn(list: BlockList, address: string): boolean {
  try {
    return list.check(address, address.includes(':') ? 'ipv6' : 'ipv4')
  } catch {
    return false
  }
}

/** 127.0.0.0/8 and ::1, in every spelling (::ffff:127.0.0.5, 0:0:0:0:0:0:0:1 too). */
const LOOPBACK = new BlockList()
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4')
LOOPBACK.addAddress('::1', 'ipv6')

/** True for a loopback address: only this computer reaches it. */
export const isLoopbackAddress = (address: string): boolean => parsedIn(LOOPBACK, address)

/** The unspecified address, 0.0.0.0 and ::, in every spelling (::0, 0:0:0:0:0:0:0:0, ::ffff:0.0.0.0 too). */
const EVERY_INTERFACE = new BlockList()
EVERY_INTERFACE.addAddress('0.0.0.0', 'ipv4')
EVERY_INTERFACE.addAddress('::', 'ipv6')

/** True for an address that listens on every network at once. */
const isEveryInterface = (address: string): boolean => parsedIn(EVERY_INTERFACE, address)

/**
 * Set to 1 by the tests only, whose two processes (a main computer and its till) meet on 127.0.0.1: there the
 * loopback address stands in for the shop's network.
 */
export const ALLOW_LOOPBACK_LAN_ENV = 'PLANT_STORE_ALLOW_LOOPBACK_LAN'

/**
 * Why the LAN listener must not listen at `address`, or undefined; checked before listening, whatever set it (the
 * API, `config set`, a settings file written by hand or by an older version): every network at once, which the
 * body's check catches only as 0.0.0.0 and ::, or a loopback address no other till can reach.
 */
export function whyUnreachable(address: string, env: NodeJS.ProcessEnv = process.env): { field: 'address'; message: string } | undefined {
  // The body's pattern lets through text shaped like an address (":.A:d"); Node's parser is the one that decides.
  if (isIP(address) === 0) {
    return { field: 'address', message: `"${address}" is not an IP address; give one of this computer's: ${ownAddressesOffer()}` }
  }
  if (isEveryInterface(address)) {
    return { field: 'address', message: `${address} means every network at once; choose one address of this computer: ${ownAddressesOffer()}` }
  }
  if (!isLoopbackAddress(address) || env[ALLOW_LOOPBACK_LAN_ENV] === '1') return undefined
  return { field: 'address', message: `${address} is this computer's loopback address, which no other till can reach; ${ownAddressesOffer()}` }
}

/** The field to change and what to say, for an error of listen() at `address`:`port`. */
export function whyNotListening(error: unknown, address: string, port: number): { field: 'address' | 'port'; message: string } {
  if (error instanceof PortInUseError) {
    return { field: 'port', message: `port ${port} on ${address} is in use by another program; choose another port` }
  }
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'EADDRNOTAVAIL') {
    return { field: 'address', message: `${address} is not an address of this computer; ${ownAddressesOffer()}` }
  }
  if (code === 'EACCES') {
    return { field: 'port', message: `this computer lets only administrators listen on port ${port}; choose a port from 1024 up, e.g. 7421` }
  }
  return { field: 'address', message: `this computer cannot listen at ${address} port ${port} (${(error as Error).message})` }
}
