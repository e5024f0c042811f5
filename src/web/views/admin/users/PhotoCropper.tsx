import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { ApiError } from '../../../api/errors.ts'
import { uploadPhoto } from '../../../flows/users.ts'
import styles from '../../staff/StaffLayout.module.css'

const VIEW = 240
const OUTPUT = 512
const MAX_ZOOM = 4

/** The square crop of an image: its centre (image pixels) and zoom (1 = the largest square that fits). */
export type Crop = { cx: number; cy: number; zoom: number }

/** The crop's square side in image pixels. */
export function cropSide(width: number, height: number, zoom: number): number {
  return Math.min(width, height) / zoom
}

/** Keeps the square inside the image. */
export function clampCrop(c: Crop, width: number, height: number): Crop {
  const zoom = Math.min(MAX_ZOOM, Math.max(1, c.zoom))
  const half = cropSide(width, height, zoom) / 2
  return { zoom, cx: Math.min(width - half, Math.max(half, c.cx)), cy: Math.min(height - half, Math.max(half, c.cy)) }
}

/** The crop after a key: arrows move by a tenth of the square (Shift: a hundredth), + and - zoom. Null for other keys. */
export function cropAfterKey(c: Crop, key: string, shift: boolean, width: number, height: number): Crop | null {
  const step = cropSide(width, height, c.zoom) / (shift ? 100 : 10)
  const moved: Record<string, Crop> = {
    ArrowLeft: { ...c, cx: c.cx - step }, ArrowRight: { ...c, cx: c.cx + step },
    ArrowUp: { ...c, cy: c.cy - step }, ArrowDown: { ...c, cy: c.cy + step },
    '+': { ...c, zoom: c.zoom * 1.1 }, '=': { ...c, zoom: c.zoom * 1.1 }, '-': { ...c, zoom: c.zoom / 1.1 },
  }
  const next = moved[key]
  return next ? clampCrop(next, width, height) : null
}

function draw(canvas: HTMLCanvasElement, image: ImageBitmap, crop: Crop, size: number) {
  const side = cropSide(image.width, image.height, crop.zoom)
  const ctx = canvas.getContext('2d')!
  ctx.clearRect(0, 0, size, size)
  ctx.drawImage(image, crop.cx - side / 2, crop.cy - side / 2, side, side, 0, 0, size, size)
}

/**
 * The profile photo's upload with a square crop in the browser: choose an image, move the square
 * (arrow keys or dragging) and zoom (+ and - or the buttons) on a canvas, then send the cropped
 * square (PNG) to POST /user/{id}/photo, where it is checked and re-encoded.
 */
export function PhotoCropper({ userId, onUploaded }: { userId: string; onUploaded: (photo: string) => void }) {
  const { t } = useLingui()
  const id = useId()
  const canvas = useRef<HTMLCanvasElement>(null)
  const [image, setImage] = useState<ImageBitmap | null>(null)
  const [crop, setCrop] = useState<Crop>({ cx: 0, cy: 0, zoom: 1 })
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null)
  const drag = useRef<{ x: number; y: number; crop: Crop } | null>(null)

  useEffect(() => { if (image && canvas.current) draw(canvas.current, image, crop, VIEW) }, [image, crop])

  const choose = (file: File | undefined) => {
    setMessage(null)
    if (!file) return
    // decoded in memory (no object URL: the page's CSP keeps images to its own origin)
    createImageBitmap(file).then((img) => {
      setImage(img)
      setCrop(clampCrop({ cx: img.width / 2, cy: img.height / 2, zoom: 1 }, img.width, img.height))
    }, () => {
      setImage(null)
      setMessage({ ok: false, text: t`Bu dosya bir resim olarak açılamadı. PNG, JPEG veya WebP seçiniz.` })
    })
  }
  const update = (next: Crop | null) => { if (next) setCrop(next) }
  const onKey = (e: KeyboardEvent) => {
    if (!image) return
    const next = cropAfterKey(crop, e.key, e.shiftKey, image.width, image.height)
    if (next) {
      e.preventDefault()
      setCrop(next)
    }
  }
  const onPointerDown = (e: PointerEvent<HTMLCanvasElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId)
    drag.current = { x: e.clientX, y: e.clientY, crop }
  }
  const onPointerMove = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!drag.current || !image) return
    const scale = cropSide(image.width, image.height, drag.current.crop.zoom) / VIEW
    const start = drag.current.crop
    setCrop(clampCrop({ ...start, cx: start.cx - (e.clientX - drag.current.x) * scale, cy: start.cy - (e.clientY - drag.current.y) * scale }, image.width, image.height))
  }
  const save = async () => {
    if (!image) return
    setBusy(true)
    setMessage(null)
    try {
      const out = document.createElement('canvas')
      out.width = OUTPUT
      out.height = OUTPUT
      draw(out, image, crop, OUTPUT)
      const blob = await new Promise<Blob>((resolve, reject) => out.toBlob((b) => (b ? resolve(b) : reject(new Error('toBlob'))), 'image/png'))
      const photo = await uploadPhoto(userId, blob)
      setImage(null)
      setMessage({ ok: true, text: t`Fotoğraf kaydedildi.` })
      onUploaded(photo)
    } catch (error) {
      setMessage({ ok: false, text: error instanceof ApiError && error.serverMessage ? error.serverMessage : t`Fotoğraf kaydedilemedi, lütfen tekrar deneyiniz.` })
    } finally {
      setBusy(false)
    }
  }
  const zoomBy = (f: number) => image && update(clampCrop({ ...crop, zoom: crop.zoom * f }, image.width, image.height))
  return (
    <div role="group" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}><Trans>Profil fotoğrafı yükle</Trans></h3>
      <label htmlFor={`${id}-file`}><Trans>Resim dosyası (PNG, JPEG veya WebP, en çok 2 MB)</Trans></label>{' '}
      <input id={`${id}-file`} name="photo" type="file" accept="image/png,image/jpeg,image/webp" onChange={(e) => choose(e.currentTarget.files?.[0])} />
      {image && (
        <div>
          <p id={`${id}-help`}><Trans>Kare alanı ok tuşlarıyla veya sürükleyerek taşıyın; + ve - tuşlarıyla yakınlaştırıp uzaklaştırın.</Trans></p>
          <canvas ref={canvas} width={VIEW} height={VIEW} tabIndex={0} role="img" aria-label={t`Kırpılacak kare alanın önizlemesi`} aria-describedby={`${id}-help`}
            data-zoom={crop.zoom.toFixed(2)} data-cx={Math.round(crop.cx)} data-cy={Math.round(crop.cy)}
            style={{ borderRadius: '50%', border: '2px solid #1f4e79', touchAction: 'none', cursor: 'move', display: 'block', margin: '0.5rem 0' }}
            onKeyDown={onKey} onPointerDown={onPointerDown} onPointerMove={onPointerMove} onPointerUp={() => { drag.current = null }} />
          <div className={styles.pager}>
            <button type="button" className={styles.secondaryButton} onClick={() => zoomBy(1.1)}><Trans>Yakınlaştır</Trans></button>
            <button type="button" className={styles.secondaryButton} onClick={() => zoomBy(1 / 1.1)}><Trans>Uzaklaştır</Trans></button>
            <button type="button" className={styles.button} disabled={busy} onClick={() => void save()}><Trans>Fotoğrafı kaydet</Trans></button>
            <button type="button" className={styles.secondaryButton} disabled={busy} onClick={() => setImage(null)}><Trans>Vazgeç</Trans></button>
          </div>
        </div>
      )}
      <div role="status" aria-live="polite">{message && <p className={message.ok ? styles.yes : styles.no}>{message.text}</p>}</div>
    </div>
  )
}
