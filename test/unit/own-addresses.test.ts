import type { NetworkInterfaceInfo } from 'node:os'
import { describe, expect, it } from 'vitest'
import { interfaceAddresses, isWildcardHost } from '#server/security/own-addresses'

const entry = (address: string, family: 'IPv4' | 'IPv6', scopeid = 0) =>
  ({ address, family, scopeid, internal: false, netmask: '', mac: '', cidr: null }) as NetworkInterfaceInfo

const interfaces = {
  lo: [entry('127.0.0.1', 'IPv4'), entry('::1', 'IPv6')],
  eth0: [entry('192.168.1.20', 'IPv4'), entry('FD00::2', 'IPv6'), entry('fe80::1', 'IPv6', 2)],
  wlan0: [entry('10.0.0.5', 'IPv4')]
}

describe('interfaceAddresses', () => {
  it('lists IPv4 addresses for 0.0.0.0 and both families for ::, as Host names them', () => {
    expect(interfaceAddresses('0.0.0.0', interfaces)).toEqual(['127.0.0.1', '192.168.1.20', '10.0.0.5'])
    expect(interfaceAddresses('::', interfaces)).toEqual(['127.0.0.1', '[::1]', '192.168.1.20', '[fd00::2]', '10.0.0.5'])
  })

  it('leaves out link-local IPv6 (its zone cannot be named in Host) and lists nothing for one address', () => {
    expect(interfaceAddresses('::', interfaces)).not.toContain('[fe80::1]')
    expect(interfaceAddresses('192.168.1.20', interfaces)).toEqual([])
    expect(interfaceAddresses('127.0.0.1', interfaces)).toEqual([])
  })

  it('knows the wildcard bind addresses', () => {
    expect(['0.0.0.0', '::', ''].map(isWildcardHost)).toEqual([true, true, true])
    expect(['127.0.0.1', '::1', '192.168.1.20'].map(isWildcardHost)).toEqual([false, false, false])
  })
})
