import { Suspense } from "react";
import type { ReactNode } from "react";

/**
 * Hydration in turns (performance, docs/decisions/257). Hydrating the whole server page in one call
 * was one main-thread task of ~70 ms (~290 ms on Lighthouse's 4x slower phone), all of it
 * blocking time. A section wrapped in <HydrateInTurn> is skipped by that first pass: its
 * component throws a promise, so the nearest Suspense boundary (its own) keeps the server's DOM
 * as it is, and hydrates it when the promise settles. Each section's promise settles in a task
 * of its own, one after another in page order, so the browser can paint and handle input in
 * between. Preact (production) and React (development) both hydrate suspended boundaries later.
 *
 * Only the first page's hydration is split: on client navigations, and on the server, the
 * sections render at once.
 *
 * A section must render exactly one root element (Preact resumes a suspended hydration on one
 * DOM node), and links in a section still waiting work as plain links.
 */

/** From the first page's hydrate call until its last section has hydrated. */
let hydrating = false;
/** Each waiting section's turn, by its id; a turn settles in a new task after the one before. */
const turns = new Map<string, Promise<void>>();
const released = new Set<string>();
let lastTurn: Promise<void> = Promise.resolve();
const whenDone: (() => void)[] = [];

/** A new task (not a microtask): the browser may paint and run input handlers first. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Waits until no turn is left: a section hydrating in its turn may meet sections of its own,
 * which queue turns after it. Preact hydrates a released section from microtasks of the task its
 * turn settled in, so one more task after the last turn finds it done.
 */
function settle() {
  const seen = lastTurn;
  void seen.then(nextTask).then(() => {
    if (seen !== lastTurn) return settle();
    hydrating = false;
    whenDone.splice(0).forEach((f) => f());
  });
}

/** Runs the page's one hydrate call; the sections it meets are hydrated in later tasks. */
export function hydrateInTurns(hydrate: () => void): void {
  hydrating = true;
  try {
    hydrate();
  } finally {
    settle();
  }
}

/** Calls `done` once every section has hydrated (at once without hydrateInTurns: server, tests). */
export function afterHydrationTurns(done: () => void): void {
  if (hydrating) whenDone.push(done);
  else done();
}

function Turn({ id, children }: { id: string; children: ReactNode }) {
  if (hydrating && !released.has(id)) {
    let turn = turns.get(id);
    if (!turn) {
      turn = lastTurn.then(nextTask).then(() => void released.add(id));
      turns.set(id, turn);
      lastTurn = turn;
    }
    // Suspends this section until its turn: Suspense keeps its server HTML meanwhile.
    throw turn;
  }
  return <>{children}</>;
}

/**
 * A page section hydrated in a task of its own after the first pass (see above). `id` names the
 * section, unique in the page: it is how the section knows its turn has come (React forgets the
 * state of a component that suspended before its first render).
 */
export function HydrateInTurn({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Turn id={id}>{children}</Turn>
    </Suspense>
  );
}
