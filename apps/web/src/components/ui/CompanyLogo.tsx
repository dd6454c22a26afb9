import { useCallback, useState } from 'react';

/** 'Tidewater Labs' -> 'TL', 'Maple & Co' -> 'MC', 'acme' -> 'A': what stands in for a logo that cannot be shown. */
export function initials(name: string): string {
  const words = name.split(/\s+/).filter((word) => /^[\p{L}\p{N}]/u.test(word));
  const letters = words.slice(0, 2).map((word) => Array.from(word)[0]?.toUpperCase() ?? '');
  return letters.join('') || '?';
}

export interface CompanyLogoProps {
  src: string;
  companyName: string;
  /** Empty when the company name is written beside the logo anyway (a job card). */
  alt: string;
  size: number;
  className: string;
  loading?: 'lazy' | 'eager';
}

/** The company's logo, or its initials when there is no logo or it fails to load (never the broken-image glyph). */
export function CompanyLogo({ src, companyName, alt, size, className, loading }: CompanyLogoProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  // A server-rendered image can fail before the browser attaches onError: checked once the element is React's.
  const checkLoaded = useCallback(
    (img: HTMLImageElement | null) => {
      if (img && img.complete && img.naturalWidth === 0 && img.getAttribute('src')) setFailedSrc(src);
    },
    [src],
  );
  if (!src || failedSrc === src) {
    const label = alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true };
    return (
      <span
        {...label}
        data-testid="logo-initials"
        className={`flex select-none items-center justify-center bg-teal-50 font-semibold text-teal-900 dark:bg-teal-950 dark:text-teal-100 ${className}`}
      >
        {initials(companyName)}
      </span>
    );
  }
  return (
    <img
      ref={checkLoaded}
      src={src}
      alt={alt}
      width={size}
      height={size}
      loading={loading}
      onError={() => setFailedSrc(src)}
      className={`bg-white object-contain ${className}`}
    />
  );
}
