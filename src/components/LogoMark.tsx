// The rally's logo mark as an inline SVG (its shapes are in src/config/brand.ts), decorative:
// the name beside it is what a screen reader reads.
import { LOGO_SHAPES, LOGO_VIEWBOX } from '../config/brand';

export function LogoMark({ className }: { className: string }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      data-logo-mark=""
      viewBox={`0 0 ${LOGO_VIEWBOX} ${LOGO_VIEWBOX}`}
      className={className}
    >
      {LOGO_SHAPES.map((shape, index) =>
        shape.kind === 'rect' ? (
          <rect
            key={index}
            x={shape.x}
            y={shape.y}
            width={shape.width}
            height={shape.height}
            rx={shape.rx}
            fill={shape.fill}
          />
        ) : (
          <path
            key={index}
            d={shape.d}
            fill={shape.fill ?? 'none'}
            stroke={shape.stroke}
            strokeWidth={shape.strokeWidth}
            strokeDasharray={shape.dash}
            strokeLinecap="round"
          />
        ),
      )}
    </svg>
  );
}
