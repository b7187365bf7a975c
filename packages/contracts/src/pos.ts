// The POS archive (issue 21, spec §3 POS entry, §6 Shops › bank › POS archive): the acquirer's settled card
// transactions per shop and day.

export const posEntryStates = ['accepted', 'refused', 'reversed'] as const;
export type PosEntryState = (typeof posEntryStates)[number];
