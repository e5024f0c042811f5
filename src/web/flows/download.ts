import { specHeaders } from '../api/client.ts'
import { ApiError } from '../api/errors.ts'
import { runtimeConfig } from '../config.ts'

/**
 * A staff file download (a list's CSV): GET `path` with the query under the signed-in session, and
 * the answer saved by the browser as `filename`; a refusal throws the server's ApiError.
 */
export async function downloadFile(path: string, query: Record<string, string>, filename: string): Promise<void> {
  const url = new URL(`${runtimeConfig.apiBase}${path}`, window.location.origin)
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v)
  const response = await fetch(url, { credentials: 'same-origin', headers: specHeaders({ authenticated: true }, false) })
  if (!response.ok) {
    const answer = (await response.json().catch(() => null)) as { code?: string; message?: string } | null
    throw new ApiError('http', response.status, answer?.code ?? null, answer?.message ?? null, answer)
  }
  const link = document.createElement('a')
  link.href = URL.createObjectURL(await response.blob())
  link.download = filename
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000)
}
