/**
 * The scheduling behind HydrateLater (issue 29), loaded once a part of the page has been left for
 * later: parts hydrate one per idle moment in the order the page rendered them (the next once the
 * last one's effects have run), at the latest from a couple of seconds after the first; a part
 * hydrates at once when it nears the screen, or when a tap, a key or the focus lands in it (before
 * React handles the event, so the event reaches the hydrated part).
 */
import type { Gate } from './hydrate-gate';

/** At the latest this long after the page's first part was left for later, even on a browser never idle. */
const IDLE_TIMEOUT_MS = 2000;
/** Hydrates a part this far before it scrolls into view. */
const NEAR_VIEW = '0px 0px 300px 0px';
/** A part that was let go but did not report back (taken off the page meanwhile) holds the queue no longer than this. */
const STALL_MS = 1000;
const INPUT_EVENTS = ['pointerdown', 'keydown', 'focusin'] as const;

/** The parts waiting for an idle moment, in the order the page rendered them. */
const queue: Gate[] = [];
let deadline: number | undefined;
let current: { gate: Gate; stall: number } | undefined;
let idleRequested = false;

function requestIdle(run: () => void) {
  const timeout = Math.max(0, (deadline ?? 0) - performance.now());
  // Safari has no idle callbacks: a short timer instead.
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout });
  else window.setTimeout(run, Math.min(timeout, 200));
}

/** Lets the next waiting part hydrate in the next idle moment, once the last one has. */
function pump() {
  if (idleRequested || current) return;
  while (queue[0]?.open) queue.shift();
  if (queue.length === 0) return;
  idleRequested = true;
  requestIdle(() => {
    idleRequested = false;
    const gate = queue.shift();
    if (!gate) return;
    if (!gate.open) {
      current = { gate, stall: window.setTimeout(() => hydratedOne(gate), STALL_MS) };
      gate.release();
    }
    pump();
  });
}

/** A part has hydrated (its effects ran): the next may start. */
function hydratedOne(gate: Gate) {
  if (current?.gate !== gate) return;
  window.clearTimeout(current.stall);
  current = undefined;
  pump();
}

/** The parts not hydrated yet, with their element in the server's markup when found. */
const waiting = new Map<Gate, Element | null>();
let listening = false;

/** A tap, a key or the focus inside a waiting part hydrates it at once (before React sees the event). */
function onInput(event: Event) {
  const target = event.target instanceof Node ? event.target : null;
  for (const [gate, element] of waiting) {
    if (!element || (target && element.contains(target))) gate.release();
  }
}

function listen() {
  if (listening) return;
  listening = true;
  for (const type of INPUT_EVENTS) window.addEventListener(type, onInput, { capture: true, passive: true });
}

/** Schedules a gate: near the screen, on input inside it, or in its turn when the browser is idle. */
export function watch(gate: Gate) {
  if (gate.open || gate.stop) return;
  const element = gate.find?.() ?? null;
  waiting.set(gate, element);
  listen();
  deadline ??= performance.now() + IDLE_TIMEOUT_MS;
  queue.push(gate);
  pump();
  let observer: IntersectionObserver | undefined;
  if (element && typeof IntersectionObserver === 'function') {
    observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) gate.release();
    }, { rootMargin: NEAR_VIEW });
    observer.observe(element);
  }
  const stop = () => {
    observer?.disconnect();
    waiting.delete(gate);
  };
  void gate.promise.then(stop);
  gate.hydrated = () => hydratedOne(gate);
  gate.stop = () => {
    stop();
    const index = queue.indexOf(gate);
    if (index >= 0) queue.splice(index, 1);
    hydratedOne(gate);
  };
}

