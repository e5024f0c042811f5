import { memo, useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'
import { useSelector } from '@xstate/react'
import { useLingui } from '@lingui/react/macro'
import type { ActorRefFrom } from 'xstate'
import { clampZoom, ZOOM, type OrgBuilderNotice, type OrgGroup } from '../../../../../machines/org-builder/org-builder.machine.ts'
import type { orgBuilderFlow } from '../../../flows/groups.ts'
import { CATALOGUE } from '../../../api/errors.ts'
import staff from '../../staff/StaffLayout.module.css'
import styles from './Team.module.css'
import { culled, edgePath, firstView, fitView, layoutTree, LEAF, NODE, nodeAt, PANE_ASPECT, reveal, ROOT_ID, zoomAround, type Size } from './layout.ts'
import { useGroupTexts } from './texts.ts'
import { useCompanyDefaults } from '../../../flows/company-defaults.ts'

export type OrgActor = ActorRefFrom<typeof orgBuilderFlow>

type Gesture =
  | { kind: 'press'; id: string; pointerId: number; sx: number; sy: number }
  | { kind: 'drag'; id: string; pointerId: number }
  | { kind: 'pan'; pointerId: number; sx: number; sy: number; x: number; y: number }
  | { kind: 'pinch'; dist: number; zoom: number; x: number; y: number; cx: number; cy: number }

type TargetLook = 'valid' | 'invalid' | null

/**
 * The name's size in world pixels when zoomed out (no level line): big enough to read about 8 px on
 * screen, as far as the block's height allows (far out a block is its name).
 */
const nameSize = (zoom: number, height: number) => Math.round(Math.max(14, Math.min(8.5 / zoom, height * 0.7)))

const NodeBlock = memo(function NodeBlock({ id, name, levelText, level, x, y, w, h, ariaLevel, setSize, posInSet, selected, focusable, dragged, look, lod, badge }: {
  id: string; name: string; levelText: string; level: string; x: number; y: number; w: number; h: number; ariaLevel: number; setSize: number; posInSet: number
  selected: boolean; focusable: boolean; dragged: boolean; look: TargetLook; lod: 0 | 1 | 2; badge: string | null
}) {
  const cls = [styles.node, dragged ? styles.dragged : '', look === 'valid' ? styles.valid : look === 'invalid' ? styles.invalid : ''].join(' ')
  return (
    <div role="treeitem" data-node-id={id} data-level={level} data-target={look ?? undefined} className={cls} tabIndex={focusable ? 0 : -1}
      aria-level={ariaLevel} aria-setsize={setSize} aria-posinset={posInSet} aria-selected={selected}
      style={{ left: x - w / 2, top: y, width: w, height: h }} aria-label={lod === 0 ? `${name}, ${levelText}` : undefined}
      title={`${name}, ${levelText}`}>
      {/* far out the labels thin out for the eye, never for a screen reader (at the farthest the name is the block's label: fewer nodes to draw) */}
      {lod > 0 && <span className={lod === 1 ? `${styles.name} ${styles.far}` : styles.name}>{name}</span>}
      {lod > 0 && <span className={lod > 1 ? styles.level : 'visually-hidden'}><span className="visually-hidden">, </span>{levelText}</span>}
      {badge && lod > 0 && <span className={styles.badge} aria-hidden="true">{badge}</span>}
    </div>
  )
})

/**
 * The org chart of the organisation builder (issue 13): a compact org chart (layout.ts) in a pan-and-zoom pane. A group
 * block is dragged onto a parent with the mouse or a finger (pointer events), or by keyboard (Space
 * or Enter picks up, arrows step through candidate parents, Enter drops, Escape cancels); every step
 * is an event of the org-builder machine and is announced in a live region. Only the blocks the
 * viewport shows are drawn, and labels thin out when zoomed far out (1,000 groups stay smooth).
 */
export function OrgChart({ actor, selectedId, onSelect, canMove }: { actor: OrgActor; selectedId: string | null; onSelect: (id: string | null) => void; canMove: boolean }) {
  const { t, i18n } = useLingui()
  const texts = useGroupTexts()
  const helpId = useId()
  const groups = useSelector(actor, (s) => s.context.groups)
  const zoom = useSelector(actor, (s) => s.context.zoom)
  const dragging = useSelector(actor, (s) => s.context.dragging)
  const target = useSelector(actor, (s) => s.context.target)
  const phase = useSelector(actor, (s) => (s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready'))
  const busy = useSelector(actor, (s) => s.hasTag('busy'))
  const canUndo = useSelector(actor, (s) => s.can({ type: 'undo' }))
  const error = useSelector(actor, (s) => s.context.error)

  const [size, setSize] = useState<Size>({ width: 0, height: 0 })
  // the chart's rows are chosen to fit the pane's shape best (tenths: a resize by a few pixels keeps the layout)
  const aspect = size.width > 0 && size.height > 0 ? Math.round((size.width / size.height) * 10) / 10 : PANE_ASPECT
  const layout = useMemo(() => layoutTree(groups, aspect), [groups, aspect])
  const byId = useMemo(() => new Map(groups.map((g) => [g.id, g])), [groups])
  const viewportRef = useRef<HTMLDivElement>(null)
  const ghostRef = useRef<HTMLDivElement>(null)
  const [pan, setPan] = useState({ x: 0, y: 0 })
  const [focusedId, setFocusedId] = useState<string>(ROOT_ID)
  const [status, setStatus] = useState<{ text: string; error: boolean }>({ text: '', error: false })
  const view = useMemo(() => ({ x: pan.x, y: pan.y, zoom }), [pan, zoom])
  const live = useRef({ view, size, layout, dragging, target, focusedId })
  live.current = { view, size, layout, dragging, target, focusedId }
  const gesture = useRef<Gesture | null>(null)
  const pointers = useRef(new Map<number, { x: number; y: number }>())
  const keyboardFocus = useRef(false)
  const fitted = useRef(false)

  const nameOf = useCallback((id: string | null) => (id === null || id === ROOT_ID ? t`Şirket` : byId.get(id)?.name ?? ''), [byId, t])
  const cannotMove = t`Grupları taşıma yetkiniz yok: bir yöneticiden grup değiştirme yetkisi isteyin.`
  // the root block is the company itself, by its name, as "Şirket" (issue 25 item 10); "Şirket, Kök" until the name is known
  const companyName = useCompanyDefaults()?.name

  const setView = useCallback((next: { x: number; y: number; zoom: number }) => {
    setPan({ x: next.x, y: next.y })
    if (next.zoom !== live.current.view.zoom) actor.send({ type: 'zoom.set', scale: next.zoom })
  }, [actor])

  const fit = useCallback(() => {
    const v = fitView(live.current.layout, live.current.size, clampZoom)
    setPan({ x: v.x, y: v.y })
    actor.send({ type: 'zoom.fit', scale: v.zoom })
  }, [actor])

  // the first view: the whole tree when its labels are legible there, else the legible zoom from the top (layout.ts)
  const openView = useCallback(() => {
    const v = firstView(live.current.layout, live.current.size, clampZoom)
    const whole = fitView(live.current.layout, live.current.size, clampZoom)
    setPan({ x: v.x, y: v.y })
    actor.send(v.zoom === whole.zoom ? { type: 'zoom.fit', scale: v.zoom } : { type: 'zoom.set', scale: v.zoom })
  }, [actor])

  const zoomStep = useCallback((dir: 1 | -1) => {
    const { view: v, size: s } = live.current
    const z = clampZoom(dir === 1 ? v.zoom * ZOOM.step : v.zoom / ZOOM.step)
    const next = zoomAround(v, z, s.width / 2, s.height / 2)
    setPan({ x: next.x, y: next.y })
    actor.send({ type: dir === 1 ? 'zoom.in' : 'zoom.out' })
  }, [actor])

  // the pane's size
  useEffect(() => {
    const el = viewportRef.current
    if (!el) return
    const measure = () => setSize({ width: el.clientWidth, height: el.clientHeight })
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(el)
    return () => observer.disconnect()
  }, [phase])

  // the first tree fits the pane, as far as its labels stay legible
  useEffect(() => {
    if (phase === 'ready' && !fitted.current && size.width > 0) { fitted.current = true; openView() }
  }, [phase, size, openView])

  // a group selected from outside (the global search's ?q=, a group just created): focus it, centred at 100% at least
  useEffect(() => {
    if (!selectedId || selectedId === focusedId || !layout.nodes.has(selectedId) || live.current.size.width === 0) return
    const n = layout.nodes.get(selectedId)!
    const { size: s, view: v } = live.current
    const z = Math.max(v.zoom, ZOOM.fit)
    setFocusedId(selectedId)
    setView({ zoom: z, x: s.width / 2 - n.x * z, y: s.height / 2 - (n.y + n.h / 2) * z })
  }, [selectedId, layout, size, setView])

  // wheel and trackpad pinch zoom around the pointer (a non-passive listener, to keep the page still)
  useEffect(() => {
    const el = viewportRef.current
    if (!el) return
    const onWheel = (e: WheelEvent) => {
      e.preventDefault()
      const rect = el.getBoundingClientRect()
      const v = live.current.view
      const z = clampZoom(v.zoom * Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0015)))
      if (z !== v.zoom) setView(zoomAround(v, z, e.clientX - rect.left, e.clientY - rect.top))
    }
    el.addEventListener('wheel', onWheel, { passive: false })
    return () => el.removeEventListener('wheel', onWheel)
  }, [phase, setView])

  const targetText = useCallback((parentId: string | null, check: { ok: boolean; reason?: string }) => {
    const name = nameOf(parentId)
    const dragged = live.current.dragging ? byId.get(live.current.dragging) : undefined
    if (check.ok && dragged?.parentId === parentId) return t`Hedef: ${name}. Grup zaten burada.`
    if (check.ok) return t`Hedef: ${name}. Buraya bırakılabilir.`
    if (check.reason === 'cycle') return t`Hedef: ${name}. ${texts.reason('GROUP_CYCLE')}`
    return t`Hedef: ${name}. ${i18n._(CATALOGUE.LEVEL_ERROR)}`
  }, [byId, i18n, nameOf, t, texts])

  // announcements: picking up, each target, and the machine's notices
  const wasDragging = useRef<string | null>(null)
  useEffect(() => {
    if (dragging && wasDragging.current !== dragging) {
      setStatus({ text: t`${nameOf(dragging)} alındı. Ok tuşlarıyla bir üst grup seçin, Enter ile bırakın, Escape ile iptal edin.`, error: false })
    }
    wasDragging.current = dragging
  }, [dragging, nameOf, t])
  useEffect(() => {
    if (!live.current.dragging || !target) return
    setStatus({ text: targetText(target.parentId, target.check), error: !target.check.ok })
    if (keyboardFocus.current) setPan((p) => {
      const next = reveal(live.current.layout, { ...p, zoom: live.current.view.zoom }, live.current.size, target.parentId ?? ROOT_ID)
      return next.x === p.x && next.y === p.y ? p : { x: next.x, y: next.y }
    })
  }, [target, targetText])
  useEffect(() => {
    const sub = actor.on('notice', (n: OrgBuilderNotice) => {
      const { groups: now } = actor.getSnapshot().context
      const last = actor.getSnapshot().context.lastMove
      if (n.code === 'moved' && last) {
        const g = now.find((x) => x.id === last.id)
        setStatus({ text: t`${g?.name ?? ''}, ${nameOf(last.toParentId)} altına taşındı.`, error: false })
      } else if (n.code === 'undone') setStatus({ text: t`Son taşıma geri alındı.`, error: false })
      else if (n.code === 'levelError') setStatus({ text: t`${i18n._(CATALOGUE.LEVEL_ERROR)}: hiçbir şey taşınmadı.`, error: true })
      else if (n.code === 'cycle') setStatus({ text: t`${texts.reason('GROUP_CYCLE')}: hiçbir şey taşınmadı.`, error: true })
      else if (n.code === 'deleted') setStatus({ text: t`Grup silindi.`, error: false })
      else setStatus({ text: t`Taşıma kaydedilemedi ve geri alındı: ${texts.reason(n.reason ?? 'UNEXPECTED')}`, error: true })
    })
    return () => sub.unsubscribe()
  }, [actor, i18n, nameOf, t, texts])

  // keyboard focus follows the focused id (roving tabindex), and the pane pans to it
  useEffect(() => {
    if (!keyboardFocus.current) return
    setPan((p) => {
      const next = reveal(live.current.layout, { ...p, zoom: live.current.view.zoom }, live.current.size, focusedId)
      return next.x === p.x && next.y === p.y ? p : { x: next.x, y: next.y }
    })
    requestAnimationFrame(() => viewportRef.current?.querySelector<HTMLElement>(`[data-node-id="${focusedId}"]`)?.focus())
  }, [focusedId])
  useEffect(() => {
    if (!layout.nodes.has(focusedId)) setFocusedId(ROOT_ID)
  }, [layout, focusedId])

  const worldPoint = (clientX: number, clientY: number) => {
    const rect = viewportRef.current!.getBoundingClientRect()
    const v = live.current.view
    return { x: (clientX - rect.left - v.x) / v.zoom, y: (clientY - rect.top - v.y) / v.zoom, px: clientX - rect.left, py: clientY - rect.top }
  }
  const moveGhost = (px: number, py: number, text?: string) => {
    const g = ghostRef.current
    if (!g) return
    if (text !== undefined) { g.textContent = text; g.hidden = false }
    g.style.transform = `translate(${px + 12}px, ${py + 12}px)`
  }
  const hideGhost = () => { if (ghostRef.current) ghostRef.current.hidden = true }

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return
    keyboardFocus.current = false
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY })
    e.currentTarget.setPointerCapture(e.pointerId)
    if (pointers.current.size === 2) {
      if (gesture.current?.kind === 'drag') { actor.send({ type: 'drag.cancel' }); hideGhost() }
      const [a, b] = [...pointers.current.values()] as [{ x: number; y: number }, { x: number; y: number }]
      const rect = e.currentTarget.getBoundingClientRect()
      gesture.current = { kind: 'pinch', dist: Math.hypot(a.x - b.x, a.y - b.y) || 1, zoom: live.current.view.zoom, x: live.current.view.x, y: live.current.view.y,
        cx: (a.x + b.x) / 2 - rect.left, cy: (a.y + b.y) / 2 - rect.top }
      return
    }
    const el = (e.target as Element).closest<HTMLElement>('[data-node-id]')
    if (el) gesture.current = { kind: 'press', id: el.dataset.nodeId!, pointerId: e.pointerId, sx: e.clientX, sy: e.clientY }
    else gesture.current = { kind: 'pan', pointerId: e.pointerId, sx: e.clientX, sy: e.clientY, x: live.current.view.x, y: live.current.view.y }
  }

  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (pointers.current.has(e.pointerId)) pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY })
    const g = gesture.current
    if (!g) return
    if (g.kind === 'pinch') {
      const [a, b] = [...pointers.current.values()] as [{ x: number; y: number }, { x: number; y: number }]
      if (!a || !b) return
      const z = clampZoom(g.zoom * (Math.hypot(a.x - b.x, a.y - b.y) / g.dist))
      setView(zoomAround({ x: g.x, y: g.y, zoom: g.zoom }, z, g.cx, g.cy))
      return
    }
    if (g.pointerId !== e.pointerId) return
    if (g.kind === 'pan') { setPan({ x: g.x + e.clientX - g.sx, y: g.y + e.clientY - g.sy }); return }
    const p = worldPoint(e.clientX, e.clientY)
    if (g.kind === 'press') {
      if (g.id === ROOT_ID || Math.hypot(e.clientX - g.sx, e.clientY - g.sy) < 6) return
      // without the right to move groups no drag starts, and the person is told why (issue 25 item 10)
      if (!canMove) { gesture.current = null; setStatus({ text: cannotMove, error: true }); return }
      actor.send({ type: 'drag.start', id: g.id })
      if (!actor.getSnapshot().matches({ ready: 'dragging' })) { gesture.current = null; return }
      gesture.current = { kind: 'drag', id: g.id, pointerId: g.pointerId }
      moveGhost(p.px, p.py, nameOf(g.id))
    } else moveGhost(p.px, p.py)
    const over = nodeAt(live.current.layout, p.x, p.y)
    const current = live.current.target
    if (over === undefined || over === (gesture.current as { id: string }).id) {
      if (current) actor.send({ type: 'target.leave' })
    } else {
      const parentId = over === ROOT_ID ? null : over
      if (!current || current.parentId !== parentId) actor.send({ type: 'target.over', parentId })
    }
  }

  const endPointer = (e: PointerEvent<HTMLDivElement>, cancelled: boolean) => {
    pointers.current.delete(e.pointerId)
    const g = gesture.current
    if (!g) return
    if (g.kind === 'pinch') { if (pointers.current.size < 2) gesture.current = null; return }
    if (g.pointerId !== e.pointerId) return
    gesture.current = null
    if (g.kind === 'drag') {
      hideGhost()
      if (cancelled) { actor.send({ type: 'drag.cancel' }); setStatus({ text: t`Taşıma iptal edildi, hiçbir şey değişmedi.`, error: false }) }
      else actor.send({ type: 'drop' })
    } else if (g.kind === 'press' && !cancelled) {
      setFocusedId(g.id)
      onSelect(g.id === ROOT_ID ? null : g.id)
      viewportRef.current?.querySelector<HTMLElement>(`[data-node-id="${g.id}"]`)?.focus()
    }
  }

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!(e.target as Element).closest('[data-node-id]')) return
    // the focused id, not the event's element: a key pressed before the focus has moved acts on the new group
    const id = live.current.focusedId
    keyboardFocus.current = true
    const key = e.key
    if (live.current.dragging) {
      if (key === 'ArrowRight' || key === 'ArrowDown') actor.send({ type: 'target.next' })
      else if (key === 'ArrowLeft' || key === 'ArrowUp') actor.send({ type: 'target.previous' })
      else if (key === 'Enter') actor.send({ type: 'drop' })
      else if (key === 'Escape') { actor.send({ type: 'drag.cancel' }); setStatus({ text: t`Taşıma iptal edildi, hiçbir şey değişmedi.`, error: false }) }
      else if (key !== ' ' && key !== 'Tab') return
      if (key !== 'Tab') e.preventDefault()
      else { actor.send({ type: 'drag.cancel' }) }
      return
    }
    const node = layout.nodes.get(id)
    if (!node) return
    const siblings = node.parentId ? layout.children.get(node.parentId) ?? [] : [ROOT_ID]
    const at = siblings.indexOf(id)
    let next: string | undefined
    if (key === 'ArrowDown') next = layout.children.get(id)?.[0]
    else if (key === 'ArrowUp') next = node.parentId ?? undefined
    else if (key === 'ArrowRight') next = siblings[at + 1]
    else if (key === 'ArrowLeft') next = siblings[at - 1]
    else if (key === 'Home') next = ROOT_ID
    else if (key === 'End') next = layout.order[layout.order.length - 1]
    else if ((key === ' ' || key === 'Enter') && id !== ROOT_ID && !canMove) { e.preventDefault(); setStatus({ text: cannotMove, error: true }); return }
    else if ((key === ' ' || key === 'Enter') && id !== ROOT_ID) { e.preventDefault(); actor.send({ type: 'drag.start', id }); return }
    else return
    e.preventDefault()
    if (next) { live.current.focusedId = next; setFocusedId(next); onSelect(next === ROOT_ID ? null : next) }
  }

  const visible = useMemo(() => {
    const list = culled(layout, view, size)
    for (const must of [focusedId, dragging, target ? target.parentId ?? ROOT_ID : null]) {
      const n = must ? layout.nodes.get(must) : undefined
      if (n && !list.includes(n)) list.push(n)
    }
    return list
  }, [layout, view, size, focusedId, dragging, target])
  const edges = useMemo(() => edgePath(layout, view, size), [layout, view, size])
  const lod: 0 | 1 | 2 = zoom < 0.2 ? 0 : zoom < 0.7 ? 1 : 2
  const levelText = (level: OrgGroup['level'] | 'company') => (level === 'company' ? (companyName ? t`Şirket` : t`Kök`) : texts.level(level))
  const targetId = target ? target.parentId ?? ROOT_ID : null

  // the toolbar stays in every state (zoom works while the tree loads); a reload keeps the last tree in view
  return (
    <div>
      <div className={styles.chartBar} role="toolbar" aria-label={t`Şema araçları`}>
        <button type="button" className={staff.secondaryButton} onClick={() => zoomStep(1)} disabled={zoom >= ZOOM.max}>{t`Yakınlaştır`}</button>
        <button type="button" className={staff.secondaryButton} onClick={() => zoomStep(-1)} disabled={zoom <= ZOOM.min}>{t`Uzaklaştır`}</button>
        <button type="button" className={staff.secondaryButton} onClick={fit}>{t`Sığdır`}</button>
        <button type="button" className={staff.secondaryButton} onClick={() => actor.send({ type: 'undo' })} disabled={!canUndo}>{t`Son taşımayı geri al`}</button>
        <span aria-live="off" data-testid="org-zoom">{Math.round(zoom * 100)}%</span>
        <button type="button" className={staff.secondaryButton} onClick={() => actor.send({ type: 'reload' })}>{t`Ağacı yeniden yükle`}</button>
      </div>
      <p role="status" aria-live="polite" data-testid="org-status" className={`${styles.status} ${status.error ? styles.statusError : ''}`}>{status.text}</p>
      {phase === 'loading' && <p role="status">{t`Organizasyon ağacı yükleniyor…`}</p>}
      {phase === 'failed' ? (
        <div className={staff.notice} role="alert">
          <p>{t`Organizasyon ağacı yüklenemedi:`} {texts.reason(error ?? 'UNEXPECTED')}</p>
          <button type="button" className={staff.button} onClick={() => actor.send({ type: 'reload' })}>{t`Yeniden yükle`}</button>
        </div>
      ) : (<>
      <p id={helpId} className="visually-hidden">{t`Bir grubu sürükleyip bir üst grubun üzerine bırakın. Klavyeyle: grubu seçin, Boşluk ya da Enter ile alın, ok tuşlarıyla üst grubu seçin, Enter ile bırakın, Escape ile iptal edin.`}</p>
      <div ref={viewportRef} className={styles.viewport} role="tree" aria-label={t`Organizasyon şeması`} aria-describedby={helpId} aria-busy={busy}
        data-testid="org-viewport" onPointerDown={onPointerDown} onPointerMove={onPointerMove}
        onPointerUp={(e) => endPointer(e, false)} onPointerCancel={(e) => endPointer(e, true)} onKeyDown={onKeyDown}
        onFocus={(e) => { const id = (e.target as HTMLElement).dataset.nodeId; if (id && id !== focusedId) { setFocusedId(id); onSelect(id === ROOT_ID ? null : id) } }}>
        <div className={styles.world} data-testid="org-world" style={{
          transform: `translate(${view.x}px, ${view.y}px) scale(${view.zoom})`,
          ['--name-block' as string]: `${nameSize(zoom, NODE.height)}px`, ['--name-leaf' as string]: `${nameSize(zoom, LEAF.height)}px`,
        }}>
          <svg className={styles.edges} width="1" height="1" aria-hidden="true" focusable="false"><path d={edges} /></svg>
          {(phase === 'ready' || groups.length > 0) && visible.map((n) => {
            const siblings = n.parentId ? layout.children.get(n.parentId) ?? [] : [ROOT_ID]
            const look: TargetLook = targetId === n.id ? (target!.check.ok ? 'valid' : 'invalid') : null
            return (
              <NodeBlock key={n.id} id={n.id} name={n.id === ROOT_ID && companyName ? companyName : nameOf(n.id)} level={n.level} levelText={levelText(n.level)} x={n.x} y={n.y} w={n.w} h={n.h}
                ariaLevel={n.depth + 1} setSize={siblings.length} posInSet={siblings.indexOf(n.id) + 1}
                selected={n.id === (selectedId ?? ROOT_ID)} focusable={n.id === focusedId} dragged={n.id === dragging} look={look} lod={lod}
                badge={look === 'invalid' ? (target!.check.ok === false && target!.check.reason === 'cycle' ? '↺' : i18n._(CATALOGUE.LEVEL_ERROR)) : null} />
            )
          })}
        </div>
        <div ref={ghostRef} className={styles.ghost} hidden aria-hidden="true" />
      </div>
      </>)}
    </div>
  )
}
