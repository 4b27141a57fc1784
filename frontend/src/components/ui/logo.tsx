import { useId } from 'react'

/** The SES Studio mark: an envelope on an indigo tile, with the word mark beside it unless `compact`. */
export function Logo({ compact = false, size = 32 }: { compact?: boolean; size?: number }) {
  const gradientId = useId()
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 10 }}>
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#6366f1" />
            <stop offset="1" stopColor="#4338ca" />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="8" fill={`url(#${gradientId})`} />
        <path
          d="M7 11.5A2.5 2.5 0 0 1 9.5 9h13a2.5 2.5 0 0 1 2.5 2.5v9a2.5 2.5 0 0 1-2.5 2.5h-13A2.5 2.5 0 0 1 7 20.5z"
          fill="none"
          stroke="#fff"
          strokeWidth="2"
        />
        <path
          d="m8 11 8 6 8-6"
          fill="none"
          stroke="#fff"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {compact ? (
        <span className="visually-hidden">SES Studio</span>
      ) : (
        <span
          style={{
            fontWeight: 750,
            fontSize: size * 0.56,
            letterSpacing: '-0.01em',
            color: 'var(--color-text)',
          }}
        >
          SES Studio
        </span>
      )}
    </span>
  )
}
