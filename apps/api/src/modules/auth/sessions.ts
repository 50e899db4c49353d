import type { DbOrTx } from '../../db/client';
import { KeptUntilChanged } from '../../db/kept-until-changed';
import { onUsersChanging, type UserRow } from '../users/service';

/**
 * The channel the users' and tokens' triggers notify on, after commit, whenever either changes
 * (its name is written in the trigger function too: migration 0034_session_change_notifications).
 */
export const SESSIONS_CHANNEL = 'ruwa_sessions';

/** More signed-in devices than one instance serves at once; past it the instance starts again. */
const MAX_SESSIONS = 100_000;
/**
 * How long after this instance starts changing a user or a token it keeps nothing it reads: longer
 * than such a transaction takes, after which the commit's own notification forgets again.
 */
const CHANGING_MS = 5_000;

export type LiveSession = { user: UserRow; tokenId: number; expiresAt: Date };

/**
 * The live sessions (bearer token, its user) this instance has read. Every signed-in request reads
 * one and users and tokens change rarely, so each instance keeps what it read until the users' and
 * tokens' triggers say they changed (KeptUntilChanged); a kept session is given only until its token
 * expires. A sign-out, password change or suspension made through another instance reaches this one
 * within the milliseconds PostgreSQL's notification takes; one made through this instance forgets at
 * once (sessionsChanging).
 */
export class SessionMemory extends KeptUntilChanged<LiveSession> {
  constructor() {
    super(SESSIONS_CHANNEL, MAX_SESSIONS, (session) => session.expiresAt.getTime() > Date.now());
  }
}

const memories = new WeakMap<object, SessionMemory>();
/** Every memory of this process (one per app; a test process has several). */
const all = new Set<SessionMemory>();

/** The session memory of a database handle. Only the app's handle is ever started, by the auth routes. */
export function sessionMemoryOf(db: DbOrTx): SessionMemory {
  let memory = memories.get(db);
  if (!memory) {
    memory = new SessionMemory();
    memories.set(db, memory);
    all.add(memory);
  }
  return memory;
}

/**
 * Called by every write to users or tokens before it runs: this process forgets the sessions it
 * kept and keeps none it reads until the change has surely committed or rolled back. The write may
 * be inside a transaction of any handle, so every memory of the process forgets.
 */
export function sessionsChanging() {
  for (const memory of all) memory.forgetWhileChanging(CHANGING_MS);
}
onUsersChanging(sessionsChanging);

/** The live session of a token hash, read through the memory when the handle's is started. */
export function readSession(db: DbOrTx, hash: string, load: () => Promise<LiveSession | null>) {
  const memory = memories.get(db);
  return memory?.listening ? memory.read(hash, load) : load();
}
