/** Build-time facts about the web app. */
export const API_BASE = '/api';

/** The web build's version (VITE_APP_VERSION at build time); compared with minAppVersion for force update. */
export const WEB_APP_VERSION: string = import.meta.env.VITE_APP_VERSION || '1.0.0';

/** Seconds before the access token's expiry at which the client refreshes it proactively. */
export const TOKEN_REFRESH_MARGIN_SECONDS = 60;

/** Home screen order counts refresh this often. */
export const ORDER_COUNT_REFETCH_MS = 30_000;
