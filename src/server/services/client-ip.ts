import type { Context } from 'hono'
import type { TrustProxy } from '../config.ts'

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/

export function isLoopback(address: string): boolean {
  return LOOPBACK.test(address)
}

/** Loopback, private (RFC 1918, fc00::/7), link-local and CGNAT addresses: where own proxies live. */
const INTERNAL = /^(127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|169\.254\.|100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\.|::1$|f[cd][0-9a-f]{2}:|fe[89ab][0-9a-f]:|::ffff:(127|10)\.|::ffff:192\.168\.)/i

export function isInternal(address: string): boolean {
  return INTERNAL.test(address)
}

type NodeBindings = { incoming?: { socket?: { remoteAddress?: string } } }

/**
 * The client's address: the socket's peer, or X-Forwarded-For only as far as the configured
 * trusted proxies vouch for it, read from the right (each proxy appends the address it saw; what
 * the client sent is on the left and believed never):
 *  - `none`: the peer;
 *  - a number N: N proxies, the peer being the first: the N-th address from the right;
 *  - `loopback`: proxies on this machine: the right-most address that is not loopback;
 *  - `all`: every proxy on an internal address (loopback, private, link-local): the right-most
 *    address that is not internal (the left-most only when all are).
 */
export function clientIpOf(c: Context, trust: TrustProxy): string {
  const peer = (c.env as NodeBindings | undefined)?.incoming?.socket?.remoteAddress ?? '0.0.0.0'
  if (trust === 'none') return peer
  const chain = (c.req.header('x-forwarded-for') ?? '').split(',').map((s) => s.trim()).filter(Boolean)
  if (chain.length === 0) return peer
  if (trust === 'all' || trust === 'loopback') {
    const trusted = trust === 'all' ? isInternal : isLoopback
    if (trust === 'loopback' && !isLoopback(peer)) return peer
    for (let i = chain.length - 1; i >= 0; i--) if (!trusted(chain[i]!)) return chain[i]!
    return chain[0]!
  }
  // a number of trusted hops: the peer is hop 1; the address the last trusted hop saw
  const index = chain.length - trust
  return index >= 0 ? chain[index]! : chain[0]!
}
