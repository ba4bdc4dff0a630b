/**
 * The figures a static page states that the shop's configuration decides: `{returnsWindowDays}`
 * in the pages' stored HTML becomes RETURNS_WINDOW_DAYS, the window the account's returns use, so
 * the returns page never promises a different number than the returns form enforces.
 */
export interface PageFigures {
  returnsWindowDays: number;
}

export function fillPageFigures(html: string, figures: PageFigures): string {
  return html.replace(/\{returnsWindowDays\}/g, () => String(figures.returnsWindowDays));
}
