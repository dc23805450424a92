import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The answer components as a library for other React apps (the product web app): one ES module
 * and one stylesheet in `dist-answer/`, React and the protocol package left to the app. The
 * declarations come from `tsc -p tsconfig.answer.json`.
 */
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist-answer',
    emptyOutDir: false,
    sourcemap: false,
    copyPublicDir: false,
    lib: {
      entry: 'src/answer/index.ts',
      formats: ['es'],
      fileName: () => 'answer.js',
      cssFileName: 'answer',
    },
    rollupOptions: {
      external: [/^react($|\/)/, /^react-dom($|\/)/, /^@ask-analyst\/protocol($|\/)/],
    },
  },
});
