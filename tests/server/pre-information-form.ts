/**
 * A purchase's body as the purchase page sends it (issue 24 item 4): the pre-information form of the
 * saved application requested first (recorded as given), and its id named in the purchase. When the
 * form cannot be given (no application, an unpriceable one) the body has no id: the purchase call
 * then answers the same refusal as before.
 */
type Post = (path: string, body?: unknown, headers?: Record<string, string>) => Promise<{ status: number; body: Record<string, unknown> }>

export async function withForm(post: Post, ticket: string, product: string, headers?: Record<string, string>) {
  const given = await post('/digitalchannels/preinformation', { ticket, product }, headers)
  return given.status === 201 ? { ticket, product, preInformationId: String(given.body.id) } : { ticket, product }
}
