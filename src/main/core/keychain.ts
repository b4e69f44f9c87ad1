// Moved to src/main/platform/keychain.ts (main's bottom layer). This old path only re-exports it for
// the files that still import it from here (test/e2e); new code imports platform.
export * from '../platform/keychain.ts';
