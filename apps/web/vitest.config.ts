import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { linguiPlugins } from './lingui-plugins.config.ts';

export default defineProject({
  plugins: [...linguiPlugins(false), react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
  },
});
