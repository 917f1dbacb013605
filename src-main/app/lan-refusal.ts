/** Why the LAN listener could not listen at an address and port, in words the owner can act on, with the field to change. */
import { networkInterfaces } from 'node:os'
import { PortInUseError } from '#server/start-server'

/** This computer's own network addresses (not loopback), to offer when the one given is not among them. */
function ownAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flatMap((entries) => entries ?? [])
    .filter((entry) => !entry.internal && !entry.address.startsWith('fe80:'))
    .map((entry) => entry.address)
}

/** The field to change and what to say, for an error of listen() at `address`:`port`. */
export function whyNotListening(error: unknown, address: string, port: number): { field: 'address' | 'port'; message: string } {
  if (error instanceof PortInUseError) {
    return { field: 'port', message: `port ${port} on ${address} is in use by another program; choose another port` }
  }
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'EADDRNOTAVAIL') {
    const own = ownAddresses()
    const offer = own.length > 0 ? `its addresses are ${own.join(', ')}` : 'it has no network address now (is it connected?)'
    return { field: 'address', message: `${address} is not an address of this computer; ${offer}` }
  }
  if (code === 'EACCES') {
    return { field: 'port', message: `this computer lets only administrators listen on port ${port}; choose a port from 1024 up, e.g. 7421` }
  }
  return { field: 'address', message: `this computer cannot listen at ${address} port ${port} (${(error as Error).message})` }
}
