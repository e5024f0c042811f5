import { describe, expect, it } from 'vitest'
import { classifyPath, KVKK_NOTICE_PATH, MY_CONSENTS_PATH } from '../../src/domain/navigation.ts'

describe('navigation guard (spec 2.1) and the staff area', () => {
  it('lets the tasks page and every /navbar path through to the app, where the shell decides', () => {
    for (const path of ['/inbox', '/inbox/', '/navbar', '/navbar/settings/company', '/navbar/settings/company/general', '/navbar/bilinmeyen/sayfa', '/auth/lock']) {
      expect(classifyPath(path), path).toBe('staff')
    }
  })

  it('still sends look-alikes and other paths to the pension page', () => {
    for (const path of ['/inboxx', '/navbarx/settings', '/settings', '/admin']) expect(classifyPath(path), path).toBe('redirect')
    expect(classifyPath('/')).toBe('public')
  })

  it('lets the KVKK notice the footer links to through, with or without a trailing slash', () => {
    expect(classifyPath(KVKK_NOTICE_PATH)).toBe('public')
    expect(classifyPath(KVKK_NOTICE_PATH + '/')).toBe('public')
    expect(classifyPath(KVKK_NOTICE_PATH + '/baska')).toBe('redirect')
    // the customer's consent page (issue 24 item 10), written out: a renamed path must fail here
    expect(MY_CONSENTS_PATH).toBe('/izinlerim')
    expect(classifyPath('/izinlerim')).toBe('public')
    expect(classifyPath('/izinlerim/baska')).toBe('redirect')
    expect(classifyPath('/kvkk')).toBe('redirect')
    // the document check: its form and a code (issue 24 item 5); nothing that only begins like it
    for (const path of ['/dogrula/HZS8-NPM3-5BQN', '/dogrula/HZS8-NPM3-5BQN/']) expect(classifyPath(path), path).toBe('public')
    for (const path of ['/dogrula', '/dogrulama', '/dogrulax/ABC', '/dogrula/ABC/x']) expect(classifyPath(path), path).toBe('redirect')
  })
})
