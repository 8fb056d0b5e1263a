/**
 * POD values of the contract, mirrored: importing a value from the contract's
 * schema module would pull zod into the POD screens (pod-limits.test.ts keeps
 * both equal). The server's limits are configurable (POD_* env vars); the web
 * only uses its defaults for hints and the sketch — the server decides.
 */
export const POD_RECEIVER_RELATIONS = ['Pemesan', 'Keluarga', 'Satpam', 'Rekan kerja', 'Lainnya'] as const;
export type ReceiverRelation = (typeof POD_RECEIVER_RELATIONS)[number];
export const POD_RELATION_OTHER: ReceiverRelation = 'Lainnya';

/** "Lainnya" of both reason lists: id 0, needs a free text. */
export const POD_REASON_OTHER_ID = 0;

export const POD_PLASTIC_MAX = 20;

/** 8-point compass in Indonesian, clockwise from north. */
export const POD_COMPASS_POINTS = ['utara', 'timur laut', 'timur', 'tenggara', 'selatan', 'barat daya', 'barat', 'barat laut'] as const;
export type CompassPoint = (typeof POD_COMPASS_POINTS)[number];

/** Server defaults (POD_RADIUS_METERS, POD_MAX_ACCURACY_METERS): used until a reply names the real ones. */
export const POD_RADIUS_DEFAULT_M = 150;
export const POD_MAX_ACCURACY_DEFAULT_M = 100;

/** Free texts: the server's minimum lengths. */
export const RECEIVER_NAME_MIN = 2;
export const RELATION_OTHER_MIN = 2;
export const REASON_TEXT_MIN = 3;
export const TEXT_MAX = 100;
export const REASON_TEXT_MAX = 500;

/** What a POD approval request is for (the detail route's :type). */
export const POD_REQUEST_TYPE = 'order';
