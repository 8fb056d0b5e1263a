/** The words of a step history (shared/ui/history-timeline.tsx), loaded with the detail pages that show one. */
export const historyText = {
  by: 'oleh {name}',
} as const;
