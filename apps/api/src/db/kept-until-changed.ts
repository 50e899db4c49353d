import type { Database } from './client';

/**
 * Rows an instance keeps after reading them, until PostgreSQL says their tables changed: triggers
 * on those tables `pg_notify(channel)` after each change commits, and every listening instance
 * forgets everything. What is kept is frozen, shared by every request from then on.
 *
 * Nothing is kept unless the instance is listening: before it starts and after it stops every read
 * goes to the database. A lost listening connection forgets everything when it is back, since
 * notifications sent meanwhile are gone. A read that began before a forget does not keep what it
 * found (the generation moved), so a change is never followed by an older row kept for good.
 */
export class KeptUntilChanged<Value extends object> {
  private readonly rows = new Map<string, Value>();
  private generation = 0;
  /** Until then nothing read is kept: a change this instance is making may not have committed yet. */
  private quietUntil = 0;
  private unlisten: (() => Promise<void>) | null = null;

  /**
   * `maxEntries`: past it the memory starts again rather than grow. `fresh`: whether a kept value
   * may still be given (a session's expiry); a stale one is read again.
   */
  constructor(
    private readonly channel: string,
    private readonly maxEntries: number,
    private readonly fresh: (value: Value) => boolean = () => true,
  ) {}

  get listening() {
    return this.unlisten !== null;
  }

  readonly forget = () => {
    this.generation += 1;
    this.rows.clear();
  };

  /**
   * Forgets now and keeps nothing read for the next `ms`: for a change this instance is making
   * inside a transaction it cannot see the end of. Its commit's notification forgets again.
   */
  forgetWhileChanging(ms: number) {
    this.forget();
    this.quietUntil = Math.max(this.quietUntil, Date.now() + ms);
  }

  async start(database: Database) {
    if (this.unlisten) return;
    this.unlisten = await database.listen(this.channel, this.forget, this.forget);
    this.forget();
  }

  async stop() {
    const unlisten = this.unlisten;
    this.unlisten = null;
    this.forget();
    await unlisten?.();
  }

  async read(key: string, load: () => Promise<Value | null>): Promise<Value | null> {
    const kept = this.rows.get(key);
    if (kept && this.fresh(kept)) return kept;
    const generation = this.generation;
    const value = await load();
    if (value && this.listening && generation === this.generation && Date.now() >= this.quietUntil) {
      if (this.rows.size >= this.maxEntries) this.rows.clear();
      this.rows.set(key, deepFreeze(value));
    }
    return value;
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
