/**
 * Where a company's mail server may be (issue 28 item 4). The mail-server settings and their test
 * mail make this server open TCP connections to an address an administrator types: without limits
 * that is a port scanner of the server's own network. So:
 *
 * - every address the host name resolves to must be public: loopback, private, link-local (the
 *   cloud metadata service 169.254.169.254), carrier-grade NAT, multicast, documentation and other
 *   reserved ranges are refused, unless MAIL_SERVER_ALLOW lists it (a relay on the same host);
 * - a public server is reached on an SMTP port only (25, 465, 587, 2525); an allowed one on any;
 * - the connection goes to the address that was checked (the name is resolved once, then used for
 *   TLS only), so a name that resolves elsewhere a moment later (DNS rebinding) gains nothing.
 */
import { lookup } from 'node:dns/promises'
import { BlockList, isIP } from 'node:net'

export const SMTP_PORTS: readonly number[] = [25, 465, 587, 2525]

const REFUSED_V4: Array<[string, number]> = [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24],
  ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24],
  ['224.0.0.0', 4], ['240.0.0.0', 4],
]
const REFUSED_V6: Array<[string, number]> = [
  ['::', 128], ['::1', 128], ['64:ff9b::', 96], ['64:ff9b:1::', 48], ['100::', 64], ['2001::', 23], ['2001:db8::', 32], ['2002::', 16],
  ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
]

const refused = new BlockList()
for (const [net, prefix] of REFUSED_V4) refused.addSubnet(net, prefix, 'ipv4')
for (const [net, prefix] of REFUSED_V6) refused.addSubnet(net, prefix, 'ipv6')

/** An IPv4-mapped IPv6 address (`::ffff:127.0.0.1`) as its IPv4 address; others unchanged. */
function unmapped(address: string): string {
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  return m ? m[1]! : address
}

function familyOf(address: string): 'ipv4' | 'ipv6' {
  return isIP(address) === 6 ? 'ipv6' : 'ipv4'
}

/** Whether an address is in a range a company's mail server may not use (loopback, private, link-local, reserved). */
export function isRefusedAddress(address: string): boolean {
  const a = unmapped(address)
  return refused.check(a, familyOf(a))
}

/** The operator's allow-list (config.mailServerAllow) as a BlockList. */
export function allowList(entries: readonly string[]): BlockList {
  const list = new BlockList()
  for (const entry of entries) {
    const [address, prefix] = entry.split('/')
    const family = familyOf(address!)
    if (prefix === undefined) list.addAddress(address!, family)
    else list.addSubnet(address!, Number(prefix), family)
  }
  return list
}

export type MailHostCheck =
  | { ok: true; address: string; servername: string | undefined }
  | { ok: false; path: 'host' | 'port'; code: 'host.unresolvable' | 'host.private' | 'port.smtpOnly' }

/**
 * Resolves `host` and checks it and `port` against the rules above: the address to connect to
 * (and the name to verify TLS against), or the field and code that refuse it.
 */
export async function checkMailServer(host: string, port: number, allow: BlockList): Promise<MailHostCheck> {
  let addresses: string[]
  if (isIP(host)) addresses = [host]
  else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((a) => a.address)
    } catch {
      return { ok: false, path: 'host', code: 'host.unresolvable' }
    }
    if (addresses.length === 0) return { ok: false, path: 'host', code: 'host.unresolvable' }
  }
  const allowed = (a: string) => allow.check(unmapped(a), familyOf(unmapped(a)))
  // every address the name has must pass: one private address among public ones is refused too
  if (addresses.some((a) => isRefusedAddress(a) && !allowed(a))) return { ok: false, path: 'host', code: 'host.private' }
  if (!addresses.every(allowed) && !SMTP_PORTS.includes(port)) return { ok: false, path: 'port', code: 'port.smtpOnly' }
  return { ok: true, address: addresses[0]!, servername: isIP(host) ? undefined : host }
}
