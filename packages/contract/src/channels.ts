/** Sales channels by appId, paired as the spec lists them. */
export const CHANNELS = [
  { appId: 379, appName: 'alfagift' },
  { appId: 410, appName: 'jd' },
  { appId: 91, appName: 'alfamind' },
  { appId: 95, appName: 'alfamikro' },
  { appId: 901, appName: 'simobi' },
  { appId: 911, appName: 'widya_shop' },
  { appId: 87, appName: 'alfacart' },
] as const;

export type Channel = (typeof CHANNELS)[number];
export type AppId = Channel['appId'];
export const APP_IDS = CHANNELS.map((c) => c.appId) as AppId[];

export function channelByAppId(appId: number): Channel | undefined {
  return CHANNELS.find((c) => c.appId === appId);
}

/** Display names for the channel chip on order cards. */
export const CHANNEL_LABEL: Record<AppId, string> = {
  379: 'Alfagift',
  410: 'JD.ID',
  91: 'Alfamind',
  95: 'Alfamikro',
  901: 'Simobi',
  911: 'Widya Shop',
  87: 'Alfacart',
};
