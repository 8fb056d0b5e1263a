import type { HttpMethod } from '../api/client';
import { ApiError } from '../api/api-error';

/** What is sent: JSON `body`, or `form` fields sent form-encoded (the spec's POD calls). */
export interface OutboxRequest {
  method: Exclude<HttpMethod, 'GET'>;
  path: string;
  body?: unknown;
  form?: Record<string, string | number | boolean | null | undefined>;
}

/** queued: waits its turn or for the network; sending: on its way; refused: the server said no. */
export type OutboxActionState = 'queued' | 'sending' | 'refused';

export interface OutboxRefusal {
  status: number;
  code: string;
  message: string;
}

export interface OutboxAction {
  /** The Idempotency-Key: one per crew action, the same on every send. */
  key: string;
  /** Order of creation across scopes. */
  seq: number;
  /** Actions of one scope go in order; a refusal holds the rest of it. */
  scope: string;
  /** What the crew did (the pending list names it from the catalogue). */
  kind: string;
  /** What it was done to (a shipment number): shown in the pending list. */
  subject: string;
  request: OutboxRequest;
  /** Query keys read again once the server has it (the screen that made it may be gone). */
  refresh: readonly (readonly unknown[])[];
  /** The member who made it (their NIK): only their session sends it; '' while not yet known. */
  owner: string;
  /** Epoch ms on this phone. */
  createdAt: number;
  state: OutboxActionState;
  attempts: number;
  /**
   * No screen waits for its answer (it was kept offline, had no answer in time, or an
   * earlier page made it): screens show it as made but not yet confirmed.
   */
  waiting?: boolean;
  refusal?: OutboxRefusal;
  /** What a screen needs to show the action before the server has it (a scanned barcode…). */
  meta?: Record<string, unknown>;
}

export interface OutboxStorage {
  load(): Promise<OutboxAction[]>;
  put(action: OutboxAction): Promise<void>;
  remove(key: string): Promise<void>;
}

export type OutboxTransport = (action: OutboxAction) => Promise<unknown>;

export interface OutboxOptions {
  storage: OutboxStorage;
  transport: OutboxTransport;
  /**
   * Called once the server has an action, with its reply, before the action leaves the
   * outbox (so what it changed is in the cache when screens stop showing it as pending).
   * `answered` says whether the screen that made it still waits for the answer.
   */
  onDelivered?: (action: OutboxAction, reply: unknown, answered: boolean) => void | Promise<unknown>;
  /** Called when the server refuses an action; `answered` as for onDelivered. */
  onRefused?: (action: OutboxAction, error: ApiError, answered: boolean) => void;
  now?: () => number;
  /** Waits before the next attempt after a failed send (attempt 1, 2, …). */
  backoffMs?: (attempt: number) => number;
  /** How long a screen waits for the server before it goes on without the answer. */
  graceMs?: number;
  /** What the phone believes about its connection (the native host's view when it has one). */
  isOnline?: () => boolean;
}

export interface SubmitOptions {
  /**
   * The action will not be answered now (offline, no answer within the grace time,
   * the connection failed, or it waits behind a refused action): it is kept and sent
   * later. Called at most once.
   */
  onWaiting?: () => void;
  /** Writes the server's reply where the screens read it; awaited before the action leaves the outbox. */
  onAnswer?: (reply: unknown) => unknown;
}

export type NewOutboxAction = Omit<OutboxAction, 'seq' | 'state' | 'attempts' | 'createdAt' | 'refusal' | 'owner'>;

/** A reply that is not the server's verdict on the action: try again later. */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  // No reply, a gateway's page, the server busy or down; 401 means the session must come back first.
  // IDEMPOTENCY_IN_PROGRESS: an earlier send of this very key is still running there.
  return (
    error.isNetwork ||
    error.code.startsWith('HTTP_') ||
    error.code === 'IDEMPOTENCY_IN_PROGRESS' ||
    error.status === 401 ||
    error.status === 429 ||
    error.status >= 500
  );
}
