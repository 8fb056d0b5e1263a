import type { outboxText } from '../i18n/outbox';

/** Every kind of crew action the outbox keeps; each has its name in the catalogue. */
export type OutboxKind = keyof typeof outboxText.kinds;
