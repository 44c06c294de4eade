/** The tray's texts (no zod here: the card carries this). */
export const COMPARE_TEXTS_BROWSER = {
  trayFullTitle: 'Compare tray is full',
  trayFull: (max: number) => `You can compare up to ${max} trucks on this screen. Remove one first.`,
} as const;
