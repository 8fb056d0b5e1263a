/** Query keys of the push area: this person's push settings (the kinds, the devices) in one read. */
export const pushKeys = {
  all: ['push'] as const,
  config: () => [...pushKeys.all, 'config'] as const,
};
