/** Model error rate, as the spec shows it: fooled / collected × 100, 2 decimals, 0.00 when nothing was collected. */
export function modelErrorRate(round: { total_fooled: number; total_collected: number }): string {
  if (round.total_collected <= 0) return '0.00';
  return ((100 * round.total_fooled) / round.total_collected).toFixed(2);
}
