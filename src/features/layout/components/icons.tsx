/** Inline icons of the header (no icon font or sprite to download); all decorative, names come from text. */
const common = { width: 24, height: 24, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round', 'aria-hidden': true, focusable: false } as const;

export function SearchIcon() {
  return (
    <svg {...common}>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </svg>
  );
}

export function AccountIcon() {
  return (
    <svg {...common}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" />
    </svg>
  );
}

export function CartIcon() {
  return (
    <svg {...common}>
      <path d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h9.2a1 1 0 0 0 1-.8L20 8H6.2" />
      <circle cx="9.5" cy="20" r="1.5" />
      <circle cx="17.5" cy="20" r="1.5" />
    </svg>
  );
}

export function OutboxIcon() {
  return (
    <svg {...common}>
      <path d="M4 13h4l1.5 3h5L16 13h4" />
      <path d="M4 13 6.5 5h11L20 13v6H4z" />
      <path d="M12 3v7m-3-3 3 3 3-3" />
    </svg>
  );
}

/** The brand mark: a wheel with an amber hub, as in the app icons. */
export function BrandMark() {
  return (
    <svg width="36" height="36" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="12" fill="#fff" />
      <circle cx="32" cy="32" r="21.5" fill="none" stroke="#0b5075" strokeWidth="8" />
      <g stroke="#0b5075" strokeWidth="4.5">
        <path d="M32 32V14" />
        <path d="M32 32 49.1 26.4" />
        <path d="M32 32l10.6 14.6" />
        <path d="M32 32 21.4 46.6" />
        <path d="M32 32 14.9 26.4" />
      </g>
      <circle cx="32" cy="32" r="8" fill="#f5a623" />
    </svg>
  );
}
