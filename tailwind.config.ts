// The site's look as tokens: colours by role, the typeface pair, and the page's rhythm. Pages use
// these names (bg-night, text-accent, font-display, py-section …) rather than raw palette steps,
// so the identity changes here. Every pairing the pages make (white or accent-light on night,
// ink and ink-muted on paper and white, accent-strong on white) passes WCAG AA; axe checks it.
import type { Config } from 'tailwindcss';

export default {
  content: ['./index.html', './src/**/*.{ts,tsx}'],
  theme: {
    extend: {
      colors: {
        /** The dark of the header, heroes and footer: a night-time motorway blue. */
        night: { DEFAULT: '#0a1424', 800: '#10203a', 700: '#1a3157' },
        /** Signal amber: calls to action, eyebrows, the logo's flag. */
        accent: { DEFAULT: '#fbbf24', light: '#fcd34d', strong: '#b45309' },
        /** Text on light backgrounds. */
        ink: { DEFAULT: '#0f172a', muted: '#475569' },
        /** The page's background. */
        paper: '#f8fafc',
        /** Links in running text. */
        link: { DEFAULT: '#1e40af', hover: '#1d4ed8' },
      },
      fontFamily: {
        // The metric-matched fallbacks (src/styles.css) hold the layout while the fonts load.
        sans: ['"Inter Variable"', '"Inter fallback"', 'ui-sans-serif', 'system-ui', 'sans-serif'],
        display: [
          '"Space Grotesk Variable"',
          '"Space Grotesk fallback"',
          'ui-sans-serif',
          'system-ui',
          'sans-serif',
        ],
      },
      spacing: {
        /** A section's vertical padding on phones and from `sm` up. */
        section: '3.5rem',
        'section-lg': '5rem',
      },
      maxWidth: {
        page: '80rem',
      },
    },
  },
  plugins: [],
} satisfies Config;
