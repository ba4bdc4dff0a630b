import { type ConfigEnv, defineConfig, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter, tanstackRouterGenerator } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { cameraAssets } from './scripts/camera-assets.ts';

// `vite build` builds the browser's app; `vite build --ssr src/entry-server.tsx` builds the
// server's render entry from the same sources into dist/server (no service worker there);
// `vite build --mode admin` builds the back office (admin.html → src/admin/main.tsx) beside the
// storefront, into dist/client/admin.html and dist/client/admin/ (see `adminBuild` below).
export default defineConfig((env) => (env.mode === 'admin' ? adminBuild() : storefront(env)));

/** The back office's route tree: file routes in src/admin/routes, its own generated tree. */
const ADMIN_ROUTES = { target: 'react', routesDirectory: 'src/admin/routes', generatedRouteTree: 'src/admin/route-tree.gen.ts' } as const;

/**
 * The back office as a build of its own rather than a second input of the storefront's: the
 * storefront's one stylesheet (cssCodeSplit: false) would take in the back office's CSS, its
 * 'framework' and 'app' chunk groups its code, and its manifest and service-worker precache its
 * files. Built after the storefront (which empties dist/client), without emptying, with its files
 * under admin/ and no manifest of its own (admin.html names its scripts itself). The router plugin
 * runs alone here, so its routes are split as the storefront's are.
 */
function adminBuild(): UserConfig {
  return {
    plugins: [tanstackRouter({ ...ADMIN_ROUTES, autoCodeSplitting: true }), react()],
    css: { modules: { generateScopedName: '_[hash:base64:5]' } },
    publicDir: false,
    build: {
      outDir: 'dist/client',
      emptyOutDir: false,
      assetsDir: 'admin/assets',
      sourcemap: false,
      target: 'es2022',
      manifest: false,
      copyPublicDir: false,
      rolldownOptions: { input: 'admin.html' },
    },
  };
}

function storefront({ isSsrBuild, mode, command }: ConfigEnv): UserConfig {
  return {
    plugins: [
      tanstackRouter({
        target: 'react',
        autoCodeSplitting: true,
        // The home page is where most visits start: its component comes with the first download
        // instead of as a second round of small files after it.
        codeSplittingOptions: { splitBehavior: ({ routeId }) => (routeId === '/' ? [] : undefined) },
        routesDirectory: 'src/routes',
        generatedRouteTree: 'src/route-tree.gen.ts',
      }),
      // While developing, one Vite serves both apps: the back office's tree is generated here too
      // (only generated: two code-splitting plugins would both rewrite the split files), so its
      // routes load unsplit under `npm run dev` and split in `vite build --mode admin`.
      ...(command === 'serve' ? [tanstackRouterGenerator(ADMIN_ROUTES)] : []),
      react(),
      // Issue 31: the camera's reading engines, self-hosted under camera/<hash>/.
      cameraAssets(),
      VitePWA({
        // The render bundle has no service worker; the plugin still answers its virtual modules.
        disable: Boolean(isSsrBuild),
        strategies: 'injectManifest',
        srcDir: 'src/sw',
        filename: 'sw.ts',
        registerType: 'prompt',
        injectRegister: false,
        manifest: false,
        injectManifest: {
          globPatterns: ['**/*.{js,css,html,svg,png,webp,woff2,webmanifest}'],
          // The manifest's screenshots are for the install dialog, fetched when it opens: not a
          // download for every visitor the worker installs for.
          // The camera's engines (some 15 MB) are no part of the install either: the worker keeps
          // them once the camera is first used (src/sw/camera-assets.ts).
          globIgnores: ['screenshots/**', 'admin.html', 'admin/**', 'camera/**'],
        },
        devOptions: { enabled: false },
      }),
    ],
    // Short class names in builds: CSS Modules' names sit in the scripts too, and
    // '_title_194h7_11' weighs three times '_x3kQ9'. Readable names while developing. The client
    // and the server's render entry are built in the same mode, so their names agree.
    css: {
      modules: { generateScopedName: mode === 'production' ? '_[hash:base64:5]' : '[name]__[local]__[hash:base64:4]' },
    },
    // The manifest lets scripts/size.mjs follow the home route's chunks.
    build: {
      outDir: isSsrBuild ? 'dist/server' : 'dist/client',
      emptyOutDir: true,
      sourcemap: false,
      target: 'es2022',
      manifest: !isSsrBuild,
      copyPublicDir: !isSsrBuild,
      // A chunk loaded later (a route's code, a lazy part) has no preload list: the browser fetches
      // its static imports when the chunk arrives, one round trip later, instead of the page first
      // adding a <link rel=modulepreload> for each. On a 4x slowed phone those links cost the part
      // page's hydration a task of 60–190 ms (some 60 links; scripts/main-thread.ts), and the lists
      // of names were 3.2 KB gzip of the first download (issue 29). The server's HTML still
      // preloads what the entry imports (server/modules/storefront/page-assets.ts).
      modulePreload: {
        resolveDependencies: (_file, deps, { hostType }) => (hostType === 'js' ? [] : deps),
      },
      // One stylesheet, linked from every page: the server's render of any page is styled
      // before a route's script arrives (split CSS would only come with its chunk, and the page
      // would jump when it did). All of it is about 13 KB gzip.
      cssCodeSplit: false,
      rolldownOptions: {
        output: {
          // One long-lived framework chunk: fewer small shared files on the first visit, and an app
          // release does not invalidate the browser's cached copy of React and TanStack.
          // zod is not in it: the browser needs it only to read API answers and forms' schemas,
          // which load with the first request or screen that uses them (src/shared/api/parse-answer.ts).
          codeSplitting: {
            groups: [
              // The query-cache persister loads after hydration (src/shared/query-persist.ts), so it
              // stays out of it, with the copy of query-core it pins (its timer helper).
              {
                name: 'framework',
                test: /^(?!.*[\\/]@tanstack[\\/](query-sync-storage-persister|query-persist-client-core|react-query-persist-client)[\\/]).*node_modules[\\/](react|react-dom|scheduler|@tanstack|use-sync-external-store)[\\/]/,
                priority: 2,
                tags: ['$initial'],
              },
              // The shop's own code that every page runs (layout, router config, API client, the
              // loaders' dependencies) in one file: left alone, the bundler cut it into some twenty
              // small chunks shared with the routes, and twenty small gzip streams weigh more.
              { name: 'app', tags: ['$initial'], test: /[\\/]src[\\/]/, priority: 1 },
              // Issue 17's member-only code the pages load later (the garage's calls and their
              // contract, the fit badges, the home page's garage searches, the saved VRN's sync):
              // one file, so the home page's first download names one more file rather than seven.
              {
                name: 'garage',
                test: /[\\/]src[\\/](shared[\\/]garage[\\/](garage-queries|garage-fit|garage-searches|saved-vrn-sync)\.tsx?|contract[\\/](garage|trade-fields)\.ts)$/,
                priority: 1,
              },
            ],
          },
        },
      },
    },
  };
}
