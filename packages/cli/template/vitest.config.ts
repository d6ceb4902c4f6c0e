import { defineConfig } from 'vitest/config';

// The page's test renders it in jsdom, as the workbench would show it.
export default defineConfig({ test: { environment: 'jsdom', include: ['src/**/*.test.tsx'] } });
