// How many runs a property test makes: a few in the suite (it must stay well under 10 minutes on a
// 2-core machine), many with KWSYNC_LONG=1 (the long runs a closing note reports), or exactly
// KWSYNC_PROPERTY_RUNS to replay a failure with its seed.
export function propertyRuns(suite: number, long: number): number {
  const exact = process.env.KWSYNC_PROPERTY_RUNS;
  if (exact !== undefined && exact !== '') return Number(exact);
  return process.env.KWSYNC_LONG ? long : suite;
}
