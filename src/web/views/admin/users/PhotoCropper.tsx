import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { Trans, useLingui } from '@lingui/react/macro'
import type { uploadMachine } from '../../../../../machines/upload/upload.machine.ts'
import { cropSide, drawCrop, type Crop } from '../../../flows/users.ts'
import { failureText } from '../../staff/useFlow.ts'
import styles from '../../staff/StaffLayout.module.css'

export { cropSide, type Crop }

const VIEW = 240
const MAX_ZOOM = 4

export type UploadActor = ActorRefFrom<typeof uploadMachine>

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

/** The square crop of a decoded picture: moved with the arrow keys or by dragging, zoomed with + and - or the buttons. */
function Cropper({ upload, image }: { upload: UploadActor; image: ImageBitmap }) {
  const { t, i18n } = useLingui()
  const id = useId()
  const canvas = useRef<HTMLCanvasElement>(null)
  // the crop is the form's value; the upload statechart sends it
  const [crop, setCrop] = useState<Crop>(() => clampCrop({ cx: image.width / 2, cy: image.height / 2, zoom: 1 }, image.width, image.height))
  const drag = useRef<{ x: number; y: number; crop: Crop } | null>(null)
  const busy = useSelector(upload, (s) => s.hasTag('busy'))
  const error = useSelector(upload, (s) => s.context.error)
  useEffect(() => { if (canvas.current) drawCrop(canvas.current, image, crop, VIEW) }, [image, crop])
  const onKey = (e: KeyboardEvent) => {
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
    if (!drag.current) return
    const scale = cropSide(image.width, image.height, drag.current.crop.zoom) / VIEW
    const start = drag.current.crop
    setCrop(clampCrop({ ...start, cx: start.cx - (e.clientX - drag.current.x) * scale, cy: start.cy - (e.clientY - drag.current.y) * scale }, image.width, image.height))
  }
  const zoomBy = (f: number) => setCrop(clampCrop({ ...crop, zoom: crop.zoom * f }, image.width, image.height))
  return (
    <div>
      <p id={`${id}-help`}><Trans>Kare alanı ok tuşlarıyla veya sürükleyerek taşıyın; + ve - tuşlarıyla yakınlaştırıp uzaklaştırın.</Trans></p>
      <canvas ref={canvas} width={VIEW} height={VIEW} tabIndex={0} role="img" aria-label={t`Kırpılacak kare alanın önizlemesi`} aria-describedby={`${id}-help`}
        data-zoom={crop.zoom.toFixed(2)} data-cx={Math.round(crop.cx)} data-cy={Math.round(crop.cy)}
        style={{ borderRadius: '50%', border: '2px solid #1f4e79', touchAction: 'none', cursor: 'move', display: 'block', margin: '0.5rem 0' }}
        onKeyDown={onKey} onPointerDown={onPointerDown} onPointerMove={onPointerMove} onPointerUp={() => { drag.current = null }} />
      {error && <p className={styles.no} role="alert"><Trans>Fotoğraf kaydedilemedi.</Trans> {failureText(error, i18n)}</p>}
      <div className={styles.pager}>
        <button type="button" className={styles.secondaryButton} disabled={busy} onClick={() => zoomBy(1.1)}><Trans>Yakınlaştır</Trans></button>
        <button type="button" className={styles.secondaryButton} disabled={busy} onClick={() => zoomBy(1 / 1.1)}><Trans>Uzaklaştır</Trans></button>
        <button type="button" className={styles.button} disabled={busy} onClick={() => upload.send({ type: 'upload.submit', options: crop })}><Trans>Fotoğrafı kaydet</Trans></button>
        <button type="button" className={styles.secondaryButton} disabled={busy} onClick={() => upload.send({ type: 'cancel' })}><Trans>Vazgeç</Trans></button>
      </div>
      {busy && <p role="status"><Trans>Kaydediliyor…</Trans></p>}
    </div>
  )
}

/**
 * The profile photo's upload on the upload statechart (machines/upload, src/web/flows/users.ts
 * `photoFlow`): choose an image, crop it to a square on a canvas, send it to POST /user/{id}/photo
 * (checked and re-encoded there); remove the stored one (DELETE).
 */
export function PhotoCropper({ upload, stored }: { upload: UploadActor; stored: boolean }) {
  const { i18n } = useLingui()
  const id = useId()
  const state = useSelector(upload, (s) => s.value as string)
  const image = useSelector(upload, (s) => s.context.prepared as ImageBitmap | null)
  const error = useSelector(upload, (s) => s.context.error)
  const busy = useSelector(upload, (s) => s.hasTag('busy'))
  const cropping = (state === 'reviewing' || state === 'uploading') && image !== null
  return (
    <div role="group" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}><Trans>Profil fotoğrafı yükle</Trans></h3>
      <label htmlFor={`${id}-file`}><Trans>Resim dosyası (PNG, JPEG veya WebP, en çok 2 MB)</Trans></label>{' '}
      <input id={`${id}-file`} name="photo" type="file" accept="image/png,image/jpeg,image/webp" disabled={busy}
        onChange={(e) => { const file = e.currentTarget.files?.[0]; e.currentTarget.value = ''; if (file) upload.send({ type: 'file.select', file }) }} />
      {/* a new choice passes through the check: each picture gets a fresh crop */}
      {cropping && <Cropper upload={upload} image={image} />}
      {stored && !cropping && (
        <p><button type="button" className={styles.secondaryButton} disabled={busy} onClick={() => upload.send({ type: 'remove.request' })}><Trans>Fotoğrafı kaldır</Trans></button></p>
      )}
      <div role="status" aria-live="polite">
        {state === 'uploaded' && <p className={styles.yes}><Trans>Fotoğraf kaydedildi.</Trans></p>}
        {state === 'removing' && <p><Trans>Kaldırılıyor…</Trans></p>}
        {state === 'removed' && <p className={styles.yes}><Trans>Fotoğraf kaldırıldı.</Trans></p>}
        {state === 'rejected' && <p className={styles.no}><Trans>Bu dosya bir resim olarak açılamadı. PNG, JPEG veya WebP seçiniz.</Trans></p>}
        {state === 'failed' && <p className={styles.no}>{failureText(error, i18n)}</p>}
      </div>
    </div>
  )
}
