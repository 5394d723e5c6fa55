/**
 * The university's mark: a shield with an open book and a laurel line, drawn inline so it needs no request.
 */
export function Logo({ size = 44 }: { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 64 64"
      role="img"
      aria-label="University logo"
      className="logo"
    >
      <path
        d="M32 3 L58 12 V30 C58 46 47 56 32 61 C17 56 6 46 6 30 V12 Z"
        fill="#12355b"
        stroke="#c9a227"
        strokeWidth="3"
      />
      <path
        d="M16 24 C22 21 28 21 32 25 C36 21 42 21 48 24 V42 C42 39 36 39 32 43 C28 39 22 39 16 42 Z"
        fill="#fdfaf0"
      />
      <path d="M32 25 V43" stroke="#12355b" strokeWidth="2" />
      <path d="M20 29 H28 M20 33 H28 M36 29 H44 M36 33 H44" stroke="#9aa9bb" strokeWidth="1.5" />
      <circle cx="32" cy="14" r="4" fill="#c9a227" />
      <path d="M18 49 Q32 56 46 49" fill="none" stroke="#c9a227" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}
