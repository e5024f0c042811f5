import { describe, expect, it } from 'vitest'
import { cookieNoticeDismissed, withoutCookieNotice } from '../../src/domain/cookie-notice.ts'

describe('the cookie notice\'s dismissal (issue 23 goal 1)', () => {
  it('is read from a Cookie header or document.cookie, by its exact name and value', () => {
    expect(cookieNoticeDismissed('cookieNotice=dismissed')).toBe(true)
    expect(cookieNoticeDismissed('a=1; cookieNotice=dismissed; b=2')).toBe(true)
    expect(cookieNoticeDismissed('a=1;cookieNotice= dismissed ')).toBe(true)
    for (const header of [null, undefined, '', 'cookieNotice=', 'cookieNotice=shown', 'xcookieNotice=dismissed', 'a=cookieNotice=dismissed', 'cookieNotice=dismissedx']) {
      expect(cookieNoticeDismissed(header), String(header)).toBe(false)
    }
  })

  it('takes the notice, and only it, out of a page\'s markup', () => {
    const page = '<main><section aria-label="Fonlar"><p>x</p></section></main><footer><p>y</p><section class="n" aria-label="Çerez bildirimi" data-cookie-notice=""><p>Bu site <a href="/k">Ayrıntılar</a></p><button type="button">Anladım</button></section></footer>'
    expect(withoutCookieNotice(page)).toBe('<main><section aria-label="Fonlar"><p>x</p></section></main><footer><p>y</p></footer>')
    expect(withoutCookieNotice('<main><section><p>x</p></section></main>')).toBe('<main><section><p>x</p></section></main>')
  })
})
