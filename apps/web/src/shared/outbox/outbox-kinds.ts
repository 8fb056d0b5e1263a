import type { id } from '../i18n/id';

/** Every kind of crew action the outbox keeps; each has its name in the catalogue. */
export type OutboxKind = keyof typeof id.outbox.kinds;
