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

const INITIALS_LOOK = 'bg-teal-50 font-semibold text-teal-900 dark:bg-teal-950 dark:text-teal-100';

/**
 * Drawn over the image only while it is broken (a loaded image has no ::before), so a logo that fails before the app
 * has started, or with no JavaScript at all, shows the initials and not the broken-image glyph and its alt text.
 * An image with empty alt drawn over the initials would not do: Chromium still draws the glyph in a sized image.
 */
const BROKEN_IMAGE_INITIALS =
  'relative before:absolute before:inset-0 before:flex before:items-center before:justify-center ' +
  'before:rounded-[inherit] before:content-[attr(data-initials)] before:bg-teal-50 before:font-semibold ' +
  'before:text-teal-900 dark:before:bg-teal-950 dark:before:text-teal-100';

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
        className={`flex select-none items-center justify-center ${INITIALS_LOOK} ${className}`}
      >
        {initials(companyName)}
      </span>
    );
  }
  return (
    <img
      ref={checkLoaded}
      data-testid="company-logo"
      data-initials={initials(companyName)}
      src={src}
      alt={alt}
      width={size}
      height={size}
      loading={loading}
      onError={() => setFailedSrc(src)}
      className={`bg-white object-contain ${BROKEN_IMAGE_INITIALS} ${className}`}
    />
  );
}
