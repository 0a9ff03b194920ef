// Made on first use: the first Intl.NumberFormat loads ICU locale data (~12 ms), which would
// otherwise land in the cold start of every Lambda that imports this module.
let wonFormat: Intl.NumberFormat | undefined;

/** 12345 → '12,345' (no unit; messages add 원). */
export const formatWonNumber = (amount: number) => (wonFormat ??= new Intl.NumberFormat('ko-KR')).format(amount);
