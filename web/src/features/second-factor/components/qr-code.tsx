import { useEffect, useRef } from 'react';

/**
 * The enrolment's otpauth URI as a QR code, drawn in the browser: the QR library is fetched only
 * here (its own chunk), never in a first-load bundle, and the secret never leaves the page.
 */
export function QrCode({ value, label }: { value: string; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let cancelled = false;
    void import('qrcode').then((QRCode) => {
      if (!cancelled && canvas.current) void QRCode.toCanvas(canvas.current, value, { width: 200, margin: 1 });
    });
    return () => {
      cancelled = true;
    };
  }, [value]);
  return <canvas ref={canvas} role="img" aria-label={label} width={200} height={200} />;
}
