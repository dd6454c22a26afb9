/*
 * The few icons the first screen needs, as plain SVG (shapes from lucide, ISC licence). lucide-react's
 * runtime costs about 3 KB gzipped on the home page; lazy screens still use lucide-react directly.
 * Generated from node_modules/lucide-react/dist/esm/icons; keep the shapes as they are.
 */
import { createElement, type SVGProps } from 'react';

type Shape = readonly [string, Record<string, string>];

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children'> {
  size?: number;
}

function make(shapes: readonly Shape[]) {
  return function Icon({ size = 24, ...props }: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        {...props}
      >
        {shapes.map(([tag, attrs], i) => createElement(tag, { ...attrs, key: i }))}
      </svg>
    );
  };
}

export const BriefcaseBusiness = make([
  ['path', { d: 'M12 12h.01' }],
  ['path', { d: 'M16 6V4a2 2 0 0 0-2-2h-4a2 2 0 0 0-2 2v2' }],
  ['path', { d: 'M22 13a18.15 18.15 0 0 1-20 0' }],
  ['rect', { width: '20', height: '14', x: '2', y: '6', rx: '2' }],
]);

export const CircleUserRound = make([
  ['path', { d: 'M17.925 20.056a6 6 0 0 0-11.851.001' }],
  ['circle', { cx: '12', cy: '11', r: '4' }],
  ['circle', { cx: '12', cy: '12', r: '10' }],
]);

export const Lock = make([
  ['rect', { width: '18', height: '11', x: '3', y: '11', rx: '2', ry: '2' }],
  ['path', { d: 'M7 11V7a5 5 0 0 1 10 0v4' }],
]);

export const Menu = make([
  ['path', { d: 'M4 5h16' }],
  ['path', { d: 'M4 12h16' }],
  ['path', { d: 'M4 19h16' }],
]);

export const Moon = make([
  [
    'path',
    {
      d: 'M20.985 12.486a9 9 0 1 1-9.473-9.472c.405-.022.617.46.402.803a6 6 0 0 0 8.268 8.268c.344-.215.825-.004.803.401',
    },
  ],
]);

export const Sun = make([
  ['circle', { cx: '12', cy: '12', r: '4' }],
  ['path', { d: 'M12 2v2' }],
  ['path', { d: 'M12 20v2' }],
  ['path', { d: 'm4.93 4.93 1.41 1.41' }],
  ['path', { d: 'm17.66 17.66 1.41 1.41' }],
  ['path', { d: 'M2 12h2' }],
  ['path', { d: 'M20 12h2' }],
  ['path', { d: 'm6.34 17.66-1.41 1.41' }],
  ['path', { d: 'm19.07 4.93-1.41 1.41' }],
]);

export const X = make([
  ['path', { d: 'M18 6 6 18' }],
  ['path', { d: 'm6 6 12 12' }],
]);

export const ArrowUp = make([
  ['path', { d: 'm5 12 7-7 7 7' }],
  ['path', { d: 'M12 19V5' }],
]);

export const ChevronRight = make([['path', { d: 'm9 18 6-6-6-6' }]]);

export const ChevronLeft = make([['path', { d: 'm15 18-6-6 6-6' }]]);

export const LoaderCircle = make([['path', { d: 'M21 12a9 9 0 1 1-6.219-8.56' }]]);

export const SlidersHorizontal = make([
  ['path', { d: 'M10 5H3' }],
  ['path', { d: 'M12 19H3' }],
  ['path', { d: 'M14 3v4' }],
  ['path', { d: 'M16 17v4' }],
  ['path', { d: 'M21 12h-9' }],
  ['path', { d: 'M21 19h-5' }],
  ['path', { d: 'M21 5h-7' }],
  ['path', { d: 'M8 10v4' }],
  ['path', { d: 'M8 12H3' }],
]);

export const Search = make([
  ['path', { d: 'm21 21-4.34-4.34' }],
  ['circle', { cx: '11', cy: '11', r: '8' }],
]);

export const Banknote = make([
  ['rect', { width: '20', height: '12', x: '2', y: '6', rx: '2' }],
  ['circle', { cx: '12', cy: '12', r: '2' }],
  ['path', { d: 'M6 12h.01M18 12h.01' }],
]);

export const CalendarDays = make([
  ['path', { d: 'M8 2v3' }],
  ['path', { d: 'M16 2v3' }],
  ['rect', { x: '3', y: '3', width: '18', height: '18', rx: '2' }],
  ['path', { d: 'M3 9h18' }],
  ['path', { d: 'M8 13h.01' }],
  ['path', { d: 'M12 13h.01' }],
  ['path', { d: 'M16 13h.01' }],
  ['path', { d: 'M8 17h.01' }],
  ['path', { d: 'M12 17h.01' }],
  ['path', { d: 'M16 17h.01' }],
]);

export const Clock = make([
  ['circle', { cx: '12', cy: '12', r: '10' }],
  ['path', { d: 'M12 6v6l4 2' }],
]);

export const Bookmark = make([
  [
    'path',
    {
      d: 'M17 3a2 2 0 0 1 2 2v15a1 1 0 0 1-1.496.868l-4.512-2.578a2 2 0 0 0-1.984 0l-4.512 2.578A1 1 0 0 1 5 20V5a2 2 0 0 1 2-2z',
    },
  ],
]);

export const MapPin = make([
  [
    'path',
    { d: 'M20 10c0 4.993-5.539 10.193-7.399 11.799a1 1 0 0 1-1.202 0C9.539 20.193 4 14.993 4 10a8 8 0 0 1 16 0' },
  ],
  ['circle', { cx: '12', cy: '10', r: '3' }],
]);

export const Languages = make([
  ['path', { d: 'm5 8 6 6' }],
  ['path', { d: 'm4 14 6-6 2-3' }],
  ['path', { d: 'M2 5h12' }],
  ['path', { d: 'M7 2h1' }],
  ['path', { d: 'm22 22-5-10-5 10' }],
  ['path', { d: 'M14 18h6' }],
]);
