import type { RecapTable } from '@gerai/contract';

/** The parts of a recap, each one statement: GET /api/recap reads them all, a CSV table only its own. */
export type RecapPart = 'counts' | 'completion' | 'crew' | 'outOfStock' | 'cancellations' | 'returns' | 'podExceptions';
export const EVERY_PART: ReadonlySet<RecapPart> = new Set(['counts', 'completion', 'crew', 'outOfStock', 'cancellations', 'returns', 'podExceptions']);
/** The part each CSV table shows (csv.ts's recapTableRows reads nothing else of the recap). */
export const PART_OF_TABLE: Record<RecapTable, RecapPart> = {
  channels: 'counts',
  statuses: 'counts',
  crew: 'crew',
  completion: 'completion',
  'out-of-stock': 'outOfStock',
  cancellations: 'cancellations',
  returns: 'returns',
  'pod-exceptions': 'podExceptions',
};
