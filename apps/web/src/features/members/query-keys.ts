/** Query keys of the members area; every key starts with the area name. */
export const memberKeys = {
  all: ['members'] as const,
  me: () => [...memberKeys.all, 'me'] as const,
};
