/** Line icons for the category menu's icon names; decorative, the category's name says what it is. */
const PATHS: Record<string, string> = {
  engine: 'M3 11v4M3 13h2M5 9h3V7h6v2h3l2 2h2v5h-2l-2 2h-4v1H8l-3-3z',
  fuel: 'M5 20V5a1 1 0 0 1 1-1h7a1 1 0 0 1 1 1v15M3 20h13M7 8h5M14 10h2l2 2v5a1.5 1.5 0 0 0 3 0V8l-3-3',
  exhaust: 'M2 15h11a3 3 0 0 0 3-3V9M16 9h-3M18 5.5a1.5 1.5 0 1 1 0 .01M21 10a1 1 0 1 1 0 .01M20 15.5a1.5 1.5 0 1 1 0 .01',
  cooling: 'M12 3a2 2 0 0 0-2 2v9.3a4 4 0 1 0 4 0V5a2 2 0 0 0-2-2zM12 9v7M16 6h3M16 9h3M16 12h2',
  electrics: 'M13 2 4 14h7l-1 8 9-12h-7z',
  transmission: 'M5 6v12M12 6v12M19 6v6M5 12h14M5 4.5a1.5 1.5 0 1 1 0 .01M12 4.5a1.5 1.5 0 1 1 0 .01M19 4.5a1.5 1.5 0 1 1 0 .01',
  steering: 'M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18zM12 10a2 2 0 1 1 0 4 2 2 0 0 1 0-4zM3.5 10.5 10 12M20.5 10.5 14 12M12 14v7',
  suspension: 'M12 2v3M12 19v3M7 5h10M7 19h10M8 8l8 1.5-8 2 8 2-8 2 8 1.5',
  braking: 'M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18zM12 9a3 3 0 1 1 0 6 3 3 0 0 1 0-6zM19 5.5c2 2 2.8 4.5 2.5 7',
  body: 'M3 16v-4l2.5-5h13l2.5 5v4zM3 12h18M7 16v2M17 16v2M7.5 13.5h1M15.5 13.5h1',
  lighting: 'M10 6a6 6 0 0 0 0 12h2V6zM15 8h6M15 12h6M15 16h6',
  interior: 'M8 3h4l1 10h6l1 7H8zM8 3 6 13l2 7',
  wheels: 'M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18zM12 8a4 4 0 1 1 0 8 4 4 0 0 1 0-8zM12 3v5M12 16v5M3 12h5M16 12h5',
};

export function CategoryIcon({ name, size = 28 }: { name: string; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={PATHS[name] ?? PATHS.engine} />
    </svg>
  );
}
