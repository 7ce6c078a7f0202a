import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { encode } from 'uqr';

/**
 * One SVG path for every dark module: a few hundred bytes of markup instead of one <rect> per module,
 * and crisp at any size. Horizontal runs of dark modules are merged into one rectangle each.
 */
export function qrPath(modules: boolean[][]): string {
  const parts: string[] = [];
  modules.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < row.length && row[x]) x += 1;
      parts.push(`M${start} ${y}h${x - start}v1h${start - x}z`);
    }
  });
  return parts.join('');
}

/**
 * The QR code shown at the door, drawn as inline SVG. Always dark modules on a white square with the
 * standard quiet zone: scanners need that contrast whatever the app's (dark) theme.
 */
export function ReservationQr({ value, label, size = 200 }: { value: string; label: string; size?: number }) {
  const qr = useMemo(() => encode(value, { ecc: 'M', border: 4 }), [value]);
  return (
    <Box sx={{ bgcolor: '#ffffff', borderRadius: 2, p: 1, lineHeight: 0, width: size + 16 }}>
      <svg
        role="img"
        aria-label={label}
        viewBox={`0 0 ${qr.size} ${qr.size}`}
        width={size}
        height={size}
        shapeRendering="crispEdges"
        data-testid="reservation-qr"
      >
        <rect width={qr.size} height={qr.size} fill="#ffffff" />
        <path d={qrPath(qr.data)} fill="#000000" />
      </svg>
    </Box>
  );
}
