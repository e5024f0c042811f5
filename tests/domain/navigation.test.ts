import { describe, expect, it } from 'vitest'
import { classifyPath, KVKK_NOTICE_PATH } from '../../src/domain/navigation.ts'

describe('navigation guard', () => {
  it('lets the KVKK notice the footer links to through, with or without a trailing slash', () => {
    expect(classifyPath(KVKK_NOTICE_PATH)).toBe('public')
    expect(classifyPath(KVKK_NOTICE_PATH + '/')).toBe('public')
    expect(classifyPath(KVKK_NOTICE_PATH + '/baska')).toBe('redirect')
    expect(classifyPath('/kvkk')).toBe('redirect')
  })
})
