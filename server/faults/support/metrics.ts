/** Reads a running shop's /metrics (Prometheus text) from the loopback address it allows by default. */

/** The value of one series (`name{labels}` as the shop writes it), 0 when the shop has none yet. */
export async function metricValue(baseUrl: string, series: string): Promise<number> {
  const response = await fetch(`${baseUrl}/metrics`, { signal: AbortSignal.timeout(10_000) });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`GET /metrics answered ${response.status}: ${text.slice(0, 200)}`);
  const line = text.split('\n').find((row) => row.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}
