import type { Context } from 'hono'
import type { TrustProxy } from '../config.ts'

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/

export function isLoopback(address: string): boolean {
  return LOOPBACK.test(address)
}

type NodeBindings = { incoming?: { socket?: { remoteAddress?: string } } }

/**
 * The client's address: the socket's peer, or X-Forwarded-For only as far as the configured
 * trusted proxies vouch for it (TRUST_PROXY: none, loopback, all, or a number of hops).
 */
export function clientIpOf(c: Context, trust: TrustProxy): string {
  const peer = (c.env as NodeBindings | undefined)?.incoming?.socket?.remoteAddress ?? '0.0.0.0'
  if (trust === 'none') return peer
  const chain = (c.req.header('x-forwarded-for') ?? '').split(',').map((s) => s.trim()).filter(Boolean)
  if (chain.length === 0) return peer
  if (trust === 'all') return chain[0]!
  if (trust === 'loopback') {
    if (!isLoopback(peer)) return peer
    for (let i = chain.length - 1; i >= 0; i--) if (!isLoopback(chain[i]!)) return chain[i]!
    return chain[0]!
  }
  // a number of trusted hops: the peer is hop 1; the address the last trusted hop saw
  const index = chain.length - trust
  return index >= 0 ? chain[index]! : chain[0]!
}
