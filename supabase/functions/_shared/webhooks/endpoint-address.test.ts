import { describe, expect, it } from 'vitest'
import { addressRefusal, endpointUrlRefusal } from './endpoint-address.ts'

/** Every way of writing an address our server must not call, as an attacker would try them. */
const FORBIDDEN_ADDRESSES = [
  ['127.0.0.1', /loopback/],
  ['10.1.2.3', /private/],
  ['172.16.0.1', /private/],
  ['192.168.1.1', /private/],
  ['169.254.169.254', /link-local/],
  ['100.64.0.1', /carrier-grade NAT/],
  ['224.0.0.1', /multicast/],
  ['0.0.0.0', /unspecified/],
  ['255.255.255.255', /broadcast/],
  ['::1', /loopback/],
  ['::', /unspecified/],
  ['fe80::1', /link-local/],
  ['fd00:ec2::254', /unique local/],
  ['ff02::1', /multicast/],
  ['::ffff:127.0.0.1', /loopback/],
  ['::ffff:a9fe:a9fe', /link-local/],
  ['64:ff9b::a9fe:a9fe', /NAT64/],
  ['2002:a9fe:a9fe::1', /6to4/],
] as const

describe('addressRefusal', () => {
  it.each(FORBIDDEN_ADDRESSES)('refuses %s, saying what it is', (address, reason) => {
    expect(addressRefusal(address, false)).toMatch(reason)
  })

  it('allows public unicast addresses, and loopback only when private addresses are allowed', () => {
    expect(addressRefusal('93.184.216.34', false)).toBeNull()
    expect(addressRefusal('2606:2800:220:1:248:1893:25c8:1946', false)).toBeNull()
    expect(addressRefusal('127.0.0.1', true)).toBeNull()
    expect(addressRefusal('10.1.2.3', true)).toMatch(/private/)
  })
})

describe('endpointUrlRefusal', () => {
  it.each([
    ['http://hooks.example.com/', /https/],
    ['ftp://hooks.example.com/', /https/],
    ['hooks.example.com/pulso', /not a URL/],
    ['https://user:secret@hooks.example.com/', /user name or password/],
    ['https://hooks.example.com/#part', /fragment/],
    ['https://127.0.0.1/', /loopback/],
    ['https://2130706433/', /loopback/],
    ['https://0x7f.1/', /loopback/],
    ['https://127.1/', /loopback/],
    ['https://[::1]/', /loopback/],
    ['https://[::ffff:169.254.169.254]/latest/meta-data', /link-local/],
    ['https://169.254.169.254/latest/meta-data', /link-local/],
    ['https://10.0.0.8:8443/hooks', /private/],
    [`https://hooks.example.com/${'a'.repeat(2000)}`, /2,000/],
  ])('refuses %s', (url, reason) => {
    expect(endpointUrlRefusal(url, false)).toMatch(reason)
  })

  it('accepts an https URL with a name, a port and a query', () => {
    expect(endpointUrlRefusal('https://hooks.example.com:8443/pulso?team=growth', false)).toBeNull()
  })

  it('accepts plain http only on loopback, and only when private addresses are allowed', () => {
    expect(endpointUrlRefusal('http://127.0.0.1:4000/hooks', true)).toBeNull()
    expect(endpointUrlRefusal('http://10.0.0.8/hooks', true)).toMatch(/private/)
    expect(endpointUrlRefusal('http://127.0.0.1:4000/hooks', false)).toMatch(/https/)
  })
})
