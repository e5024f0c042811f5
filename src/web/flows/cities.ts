import { useEffect, useState } from 'react'
import { call } from '../api/client.ts'

export type City = { value: string; name: string }

function fetchCities(signal?: AbortSignal): Promise<City[]> {
  return call<City[]>('/lookup/cities', { query: { countryCode: 'TR' }, ...(signal ? { signal } : {}) })
}

let prefetched: Promise<City[]> | null = null

/**
 * The provinces (GET /lookup/cities?countryCode=TR) asked for as a quick profile's form mounts,
 * before its statechart's code is there (issue 23 goal 2): the form shows them at once, and the
 * statechart, when it arrives, takes this same answer (`takeCities`) instead of asking again.
 */
export function prefetchCities(): Promise<City[]> {
  return (prefetched = fetchCities())
}

/**
 * The statechart's `loadCities`: the prefetched answer (or failure) the first time, a new request
 * after that (its `retry`, a form mounted again).
 */
export function takeCities(signal?: AbortSignal): Promise<City[]> {
  const answer = prefetched ?? fetchCities(signal)
  prefetched = null
  return answer
}

/**
 * A form's provinces, asked for as it mounts (`prefetchCities`): the list once it came, and whether
 * the statechart is `needed` at once (the read failed: its failure state says so and offers the retry;
 * `need` asks for it otherwise, e.g. a press before it came).
 */
export function usePrefetchedCities(): { prefetched: City[] | null; needed: boolean; need: () => void } {
  const [prefetched, setPrefetched] = useState<City[] | null>(null)
  const [needed, setNeeded] = useState(false)
  useEffect(() => {
    let live = true
    prefetchCities().then((cities) => { if (live) setPrefetched(cities) }, () => { if (live) setNeeded(true) })
    return () => { live = false }
  }, [])
  return { prefetched, needed, need: () => setNeeded(true) }
}
