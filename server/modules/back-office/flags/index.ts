// The feature flags as the app sees them: the live copy in config.flags (loaded, refreshed) and
// the back office's calls that switch them.
export { liveFeatureFlags, type LiveFlags } from './live-flags';
export { featureFlagRoutes } from './routes';
