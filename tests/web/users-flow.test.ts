import { describe, expect, it } from 'vitest'
import { clampCrop, cropAfterKey, cropSide } from '../../src/web/views/admin/users/PhotoCropper.tsx'
import { userBody } from '../../src/web/flows/users.ts'

describe('photo crop (keyboard)', () => {
  const W = 400
  const H = 200
  const start = clampCrop({ cx: 200, cy: 100, zoom: 1 }, W, H)

  it('the square is the largest that fits at zoom 1, smaller when zoomed, never larger than 4x', () => {
    expect(cropSide(W, H, 1)).toBe(200)
    expect(cropSide(W, H, 2)).toBe(100)
    expect(clampCrop({ cx: 200, cy: 100, zoom: 9 }, W, H).zoom).toBe(4)
    expect(clampCrop({ cx: 200, cy: 100, zoom: 0.2 }, W, H).zoom).toBe(1)
  })

  it('arrows move by a tenth of the square (Shift: a hundredth) and stop at the edges; + and - zoom', () => {
    expect(cropAfterKey(start, 'ArrowRight', false, W, H)).toEqual({ cx: 220, cy: 100, zoom: 1 })
    expect(cropAfterKey(start, 'ArrowLeft', true, W, H)).toEqual({ cx: 198, cy: 100, zoom: 1 })
    // at zoom 1 the square fills the height: up and down cannot move it
    expect(cropAfterKey(start, 'ArrowUp', false, W, H)).toEqual(start)
    let c = start
    for (let i = 0; i < 50; i++) c = cropAfterKey(c, 'ArrowRight', false, W, H)!
    expect(c.cx).toBe(300)
    const zoomed = cropAfterKey(start, '+', false, W, H)!
    expect(zoomed.zoom).toBeCloseTo(1.1)
    expect(cropAfterKey(zoomed, 'ArrowDown', false, W, H)!.cy).toBeGreaterThan(100)
    expect(cropAfterKey(zoomed, '-', false, W, H)!.zoom).toBeCloseTo(1)
    expect(cropAfterKey(start, 'a', false, W, H)).toBeNull()
  })
})

describe('PUT /user/{id} body from the form', () => {
  const values = {
    firstName: 'Şule', lastName: 'Öztürk', gender: 'female', country: 'TR', nationalId: ' 10000000146 ', passportNo: 'X1234567',
    jobTitleId: 'j', workLocationId: 'w', email: 'a@b.co', mobilePhone: '0532', birthDate: '1990-01-01',
  }
  it('keeps the identity number of the chosen country only, trimmed; empty is null', () => {
    expect(userBody(values, 3)).toMatchObject({ version: 3, nationalId: '10000000146', passportNo: null })
    expect(userBody({ ...values, country: 'DE' }, 3)).toMatchObject({ nationalId: null, passportNo: 'X1234567' })
    expect(userBody({ ...values, nationalId: '  ' }, 3).nationalId).toBeNull()
  })
})
