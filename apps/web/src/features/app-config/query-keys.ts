export const appConfigKeys = {
  all: ['app-config'] as const,
  config: () => [...appConfigKeys.all, 'config'] as const,
  nativeVersion: () => [...appConfigKeys.all, 'native-version'] as const,
};
