/**
 * How many requests one signed-in user may have in this process at once, so one reader's flood cannot take
 * every database connection from everyone else. `running` run; as many again wait their turn (a page that
 * loads a few lists at once never notices); past that the caller gets 429. Per process: each replica counts
 * its own, which is what protects that replica's pool.
 */
export interface Slot {
  /** Resolves when the request may run. */
  ready: Promise<void>;
  /**
   * Call once the request is over (finished or abandoned, waiting or running); calling again does nothing.
   */
  release(): void;
}

export function userRequestSlots(running: number) {
  const users = new Map<number, { running: number; waiting: Array<() => void> }>();

  return {
    /**
     * A slot for this user, or undefined when the user already has `running` requests running and as many
     * waiting.
     */
    take(userId: number): Slot | undefined {
      const state = users.get(userId) ?? { running: 0, waiting: [] };
      if (state.running >= running && state.waiting.length >= running) return undefined;
      users.set(userId, state);

      let phase: 'waiting' | 'running' | 'done' = 'waiting';
      let start!: () => void;
      const ready = new Promise<void>((resolve) => (start = resolve));
      const run = () => {
        phase = 'running';
        state.running += 1;
        start();
      };
      if (state.running < running) run();
      else state.waiting.push(run);

      return {
        ready,
        release() {
          if (phase === 'done') return;
          if (phase === 'waiting') state.waiting.splice(state.waiting.indexOf(run), 1);
          else {
            state.running -= 1;
            state.waiting.shift()?.();
          }
          phase = 'done';
          if (state.running === 0 && state.waiting.length === 0) users.delete(userId);
        },
      };
    },
  };
}
