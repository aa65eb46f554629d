// Keeps a journey's own calls on a page and the accessibility check of that page (axe-core, run
// in the page: accessibility.ts) apart. axe holds the page's main thread while it runs; a click
// sent meanwhile is not handled until it ends, and under load that took longer than the click's
// 15 s timeout. So axe starts once the journey's calls under way on the page have returned, and
// the journey's next calls on that page wait until it has ended.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Page } from 'playwright-core';

interface Gate {
  /** Set while an axe run holds the page. */
  check?: Promise<void>;
  inFlight: number;
  idle: Array<() => void>;
}

const gates = new WeakMap<Page, Gate>();
/** Set while a check runs, so its own calls on the page are not held by the gate. */
const checking = new AsyncLocalStorage<boolean>();

function gateOf(page: Page): Gate {
  let gate = gates.get(page);
  if (!gate) gates.set(page, (gate = { inFlight: 0, idle: [] }));
  return gate;
}

/** Runs `call` once no axe run holds `page`, counting it as under way meanwhile. */
async function journeyCall<T>(page: Page, call: () => Promise<T>): Promise<T> {
  if (checking.getStore()) return call();
  const gate = gateOf(page);
  while (gate.check) await gate.check;
  gate.inFlight += 1;
  try {
    return await call();
  } finally {
    gate.inFlight -= 1;
    if (gate.inFlight === 0) gate.idle.splice(0).forEach((resolve) => resolve());
  }
}

/** Runs `check` as the gate's check: its own calls on the page go through. */
export function asCheck<T>(check: () => Promise<T>): Promise<T> {
  return checking.run(true, check);
}

/**
 * Runs `read` (an axe run) once the journey's calls under way on `page` have returned; the
 * journey's next calls on that page wait until it has ended.
 */
export async function holdWhile<T>(page: Page, read: () => Promise<T>): Promise<T> {
  const gate = gateOf(page);
  while (gate.inFlight > 0) await new Promise<void>((resolve) => gate.idle.push(resolve));
  const result = checking.run(true, read);
  const check = result.then(
    () => undefined,
    () => undefined,
  );
  gate.check = check;
  void check.then(() => {
    if (gate.check === check) gate.check = undefined;
  });
  return result;
}

// The Locator and Page calls that run in the page (or navigate it), held by the gate.
const locatorCalls = [
  'all', 'allInnerTexts', 'allTextContents', 'ariaSnapshot', 'blur', 'boundingBox', 'check', 'clear', 'click', 'count',
  'dblclick', 'dispatchEvent', 'dragTo', 'elementHandle', 'elementHandles', 'evaluate', 'evaluateAll', 'evaluateHandle',
  'fill', 'focus', 'getAttribute', 'hover', 'innerHTML', 'innerText', 'inputValue', 'isChecked', 'isDisabled',
  'isEditable', 'isEnabled', 'isHidden', 'isVisible', 'press', 'pressSequentially', 'screenshot',
  'scrollIntoViewIfNeeded', 'selectOption', 'selectText', 'setChecked', 'setInputFiles', 'tap', 'textContent', 'type',
  'uncheck', 'waitFor',
];
const pageCalls = ['content', 'evaluate', 'evaluateHandle', 'goBack', 'goForward', 'goto', 'reload', 'screenshot', 'title', 'waitForFunction'];

function wrap(prototype: Record<string, unknown>, names: string[], pageOf: (self: unknown) => Page): void {
  for (const name of names) {
    const original = prototype[name];
    if (typeof original !== 'function') continue;
    prototype[name] = function (this: unknown, ...args: unknown[]) {
      return journeyCall(pageOf(this), () => (original as (...a: unknown[]) => Promise<unknown>).apply(this, args));
    };
  }
}

let installed = false;

/** Puts the gate in front of every Locator and Page of the journeys (done once, with a first page). */
export function installPageGate(page: Page): void {
  if (installed) return;
  installed = true;
  wrap(Object.getPrototypeOf(page.locator('html')) as Record<string, unknown>, locatorCalls, (locator) => (locator as { page(): Page }).page());
  wrap(Object.getPrototypeOf(page) as Record<string, unknown>, pageCalls, (self) => self as Page);
}
