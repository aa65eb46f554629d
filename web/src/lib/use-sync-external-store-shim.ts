// wouter imports useSyncExternalStore from the use-sync-external-store shim, written for React
// before 18, which adds its own implementation to the first page's bundle. React 19 has the hook
// built in: vite.config.ts resolves the shim to this module.
export { useSyncExternalStore } from 'react';
