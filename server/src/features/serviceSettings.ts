/**
 * The settings features read (FeatureContext.settings). They live here, below
 * the service, so that features never import from the service above them;
 * service.ts re-exports them for its callers.
 */
import type { Severity, SeverityLevel } from '../analysis/codes';

export type { Severity };

export interface ServiceSettings {
  /** Parameter-name inlay hints: all arguments, literal arguments only, or none. Default 'none'. */
  inlayHintsParameterNames: 'all' | 'literals' | 'none';
  /** Default-value inlay hints for omitted or empty optional parameters. Default true. */
  inlayHintsDefaults: boolean;
  /**
   * Characters of hint labels one line may carry (see LINE_BUDGET in
   * inlayHints.ts): VS Code cuts a line's hints at 43 by default; other
   * editors show them whole (Infinity).
   */
  inlayHintsLineBudget: number;
  /** Severity per diagnostic code; 'off' silences the code. */
  severity: Record<string, SeverityLevel>;
}
