import { useState, type ImgHTMLAttributes } from 'react';
import { cx } from './cx';

interface SmartImageProps extends Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'alt' | 'width' | 'height'
> {
  src: string | null | undefined;
  alt: string;
  /** Intrinsic size, so the browser reserves the space before the file arrives (no layout shift). */
  width: number;
  height: number;
}

/**
 * An image that degrades to an elegant placeholder when the file is missing or fails to load
 * (catalog images are drawn separately and may not exist yet on a fresh server).
 * `className` gives the box its size (an aspect ratio or a height), so the image and its
 * placeholder take the same space before the file arrives: no layout shift.
 */
export function SmartImage({
  src,
  alt,
  width,
  height,
  className,
  loading = 'lazy',
  ...rest
}: SmartImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) {
    return (
      <div
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
        className={cx(
          'flex items-center justify-center bg-gradient-to-br from-cream via-ivory to-sand text-gold/70',
          className,
        )}
      >
        <svg
          viewBox="0 0 48 48"
          className="h-1/4 max-h-16 w-1/4 max-w-16"
          fill="none"
          stroke="currentColor"
          aria-hidden="true"
        >
          <circle cx="24" cy="28" r="11" strokeWidth="1.5" />
          <path d="M18 10h12l-6 7z" strokeWidth="1.5" strokeLinejoin="round" />
        </svg>
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={loading}
      decoding="async"
      ref={(img) => {
        // A server-rendered image may fail before hydration attaches onError: check once mounted.
        if (img?.complete && img.naturalWidth === 0) {
          img.decode().catch(() => setFailedSrc(src));
        }
      }}
      onError={() => setFailedSrc(src)}
      className={className}
      {...rest}
    />
  );
}
