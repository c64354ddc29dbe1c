/**
 * The package version, read from package.json at build time (a named import,
 * so the bundles carry this one string and not the whole manifest).
 */
import { version } from '../../package.json';

export const VERSION: string = version;
