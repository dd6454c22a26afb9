// A .po catalogue imported in the app is compiled by @lingui/vite-plugin at build and test time.
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
