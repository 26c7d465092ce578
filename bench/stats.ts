/** The q-quantile (0–1) of `values` by the nearest-rank method; NaN when there are none. */
export const percentile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.ceil(q * values.length) - 1] ?? NaN
