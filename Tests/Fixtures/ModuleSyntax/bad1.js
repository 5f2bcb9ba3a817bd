let ok = 1;
export const a = ;
