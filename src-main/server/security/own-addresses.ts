/**
 * The addresses other computers can use to reach a server bound to all
 * interfaces (`--host 0.0.0.0` or `--host ::`): this computer's own network
 * addresses, which the Host check must then accept.
 */
import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os'
import { urlHost } from '#server/urls'

/** True for a bind address that listens on every interface rather than one. */
export function isWildcardHost(host: string): boolean {
  return host === '0.0.0.0' || host === '::' || host === ''
}

/**
 * This computer's interface addresses a server bound to `host` answers on, as
 * a Host header names them (IPv6 in brackets); none unless `host` is a
 * wildcard. `0.0.0.0` listens on IPv4 only, `::` on both. Link-local IPv6
 * addresses are left out: they need a zone (`%eth0`) that a Host cannot carry.
 */
export function interfaceAddresses(host: string, interfaces: NodeJS.Dict<NetworkInterfaceInfo[]> = networkInterfaces()): string[] {
  if (!isWildcardHost(host)) return []
  const ipv6 = host !== '0.0.0.0'
  const addresses = Object.values(interfaces)
    .flatMap((entries) => entries ?? [])
    .filter((entry) => entry.family === 'IPv4' || (ipv6 && entry.family === 'IPv6' && entry.scopeid === 0))
    .map((entry) => urlHost(entry.address).toLowerCase())
  return [...new Set(addresses)]
}
