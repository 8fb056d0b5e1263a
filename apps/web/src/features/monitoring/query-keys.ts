/** Query keys of the monitoring area: one summary per store filter ('' for the caller's whole scope). */
export const monitoringKeys = {
  all: ['monitoring'] as const,
  summaries: () => [...monitoringKeys.all, 'summary'] as const,
  summary: (storeCode: string) => [...monitoringKeys.summaries(), { storeCode }] as const,
};
